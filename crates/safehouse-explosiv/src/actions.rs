//! Actions (one decision of the seat to move) and events (what happened).

use std::fmt;

use safehouse_engine::Seat;
use serde::{Deserialize, Serialize};

use crate::cards::{Colour, ExplosiveCard};
use crate::state::FixedVec;
use crate::state::{MAX_PLAYERS, MAX_ROWS};

/// The letter people use for row `row` (0 = A).
pub fn row_letter(row: u8) -> char {
    if row < 26 { char::from(b'A' + row) } else { '?' }
}

/// One decision of the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Place number card `card` at the end of row `row` (0-based; row 0 is "A").
    Place {
        /// The number card, 1..=8.
        card: u8,
        /// The row, from 0.
        row: u8,
    },
    /// No card can be placed: sit out and give up this card (option `no_legal_move` =
    /// `discard_face_up` or `discard_face_down`).
    Discard {
        /// The card given up.
        card: u8,
    },
    /// No card can be placed: sit out and keep the cards (option `no_legal_move = skip_keep`).
    Pass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Place { card, row } => write!(f, "play {card} on row {}", row_letter(row)),
            Action::Discard { card } => write!(f, "discard {card} (no legal placement)"),
            Action::Pass => f.write_str("pass (no legal placement)"),
        }
    }
}

/// Why a row exploded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExplosionCause {
    /// Its 8th number card was placed (003:48).
    EighthCard,
    /// Two-player rule: it was the longest row at the end of the round (gap E1).
    LongestRow,
}

/// Something that happened. Every event is public except the card of a face-down discard,
/// which only its owner sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A round began: its explosive cards were laid out briefcase side up.
    RoundStarted {
        /// The round, from 1.
        round: u8,
        /// Who places the first card.
        start_player: Seat,
        /// The fronts of the explosive cards, row A first.
        explosives: FixedVec<u8, MAX_ROWS>,
    },
    /// A number card was placed.
    Placed {
        /// Who placed it.
        seat: Seat,
        /// The card.
        card: u8,
        /// The row, from 0.
        row: u8,
    },
    /// A row's explosive card was turned to its bomb side.
    RowExploded {
        /// The row, from 0.
        row: u8,
        /// The card, now bomb side up.
        explosive: ExplosiveCard,
        /// Why.
        cause: ExplosionCause,
    },
    /// A seat with no legal placement gave up a card.
    Discarded {
        /// Who.
        seat: Seat,
        /// The card; `None` in the view of other seats when it was given up face down.
        card: Option<u8>,
        /// Whether it was given up face down.
        face_down: bool,
    },
    /// A seat with no legal placement passed.
    Passed {
        /// Who.
        seat: Seat,
    },
    /// A row was scored at the end of the round.
    RowScored {
        /// The row, from 0.
        row: u8,
        /// The explosive card, with the side that was up.
        explosive: ExplosiveCard,
        /// Each seat's total in the row, last-card bonus included.
        totals: FixedVec<u8, MAX_PLAYERS>,
        /// Who took the card; `None` if nobody did.
        winner: Option<Seat>,
        /// Whether several seats had the highest total.
        tied: bool,
    },
    /// A round ended; the scores after it.
    RoundEnded {
        /// The round, from 1.
        round: u8,
        /// Each seat's total score.
        scores: FixedVec<i16, MAX_PLAYERS>,
    },
    /// The game ended: too few explosive cards remain for another round (003:54).
    GameEnded {
        /// Each seat's final score.
        scores: FixedVec<i16, MAX_PLAYERS>,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::RoundStarted { round, start_player, explosives } => {
                write!(f, "round {round} starts ({start_player} first), explosive cards:")?;
                for (i, front) in explosives.iter().enumerate() {
                    write!(f, " {}=+{front}", row_letter(i as u8))?;
                }
                Ok(())
            }
            Event::Placed { seat, card, row } => write!(f, "{seat} plays {card} on row {}", row_letter(row)),
            Event::RowExploded { row, explosive, cause } => {
                let why = match cause {
                    ExplosionCause::EighthCard => "its 8th card",
                    ExplosionCause::LongestRow => "longest row, two-player rule",
                };
                write!(f, "row {} explodes ({why}): now {explosive}", row_letter(row))
            }
            Event::Discarded { seat, card: Some(card), face_down } => {
                write!(f, "{seat} cannot place a card and discards {card}{}", if face_down { " face down" } else { "" })
            }
            Event::Discarded { seat, card: None, .. } => write!(f, "{seat} cannot place a card and discards face down"),
            Event::Passed { seat } => write!(f, "{seat} cannot place a card and passes"),
            Event::RowScored { row, explosive, winner, tied, .. } => {
                write!(f, "row {} ({explosive}): ", row_letter(row))?;
                match winner {
                    Some(seat) => write!(f, "{seat} takes it{}", if tied { " on the tie-break" } else { "" }),
                    None if tied => f.write_str("tie, nobody takes it"),
                    None => f.write_str("no cards, nobody takes it"),
                }
            }
            Event::RoundEnded { round, scores } => {
                write!(f, "round {round} ends; scores: {}", ScoreList(scores.as_slice()))
            }
            Event::GameEnded { scores } => write!(f, "game over; final scores: {}", ScoreList(scores.as_slice())),
        }
    }
}

/// Scores by seat, each named by its colour ("red 12, blue -3"), not by its place in a list.
struct ScoreList<'a>(&'a [i16]);

impl fmt::Display for ScoreList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, score) in self.0.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}{} {score}", Colour::of(Seat(i as u8)))?;
        }
        Ok(())
    }
}
