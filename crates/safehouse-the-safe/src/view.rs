//! What a seat (or a spectator) may see, events as they may see them, and the text drawing of a
//! view for the terminal. Determinization, which draws from the deduction, is in
//! [`crate::deduction`].
//!
//! Public: the colour cards, the revealed restriction cards, the rows, every hand's size, the
//! draw pile's size, which seats passed (and so which cards they cannot hold), once play ends
//! the colours each hand holds (004:48), what the team named, and each resolved mission's code.
//! Hidden: the other hands, the draw pile's cards and order, the code of the current mission
//! (until the game ends with it turned over), the face-down restriction cards and their order.

use std::fmt;

use safehouse_engine::words::count;
use safehouse_engine::{Game, Seat, Viewer};
use serde::{Deserialize, Serialize};

use crate::actions::{Event, MissionReport};
use crate::cards::{Card, Cards, Colours, HeldColours, Restriction};
use crate::options::{MISSIONS, Options};
use crate::state::TheSafe;
use crate::state::{Phase, ROWS, Reading};

/// A restriction card that has been turned over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RevealedRestriction {
    /// The row (colour card) it lies under.
    pub row: u8,
    /// The restriction.
    pub restriction: Restriction,
}

/// One row as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowView {
    /// The number on the colour card: how many colours the row may hold (004:36).
    pub colour_card: u8,
    /// The restriction in force on this row this mission.
    pub restriction: Option<Restriction>,
    /// The cards, in the order played.
    pub cards: Vec<Card>,
    /// The colours in the row.
    pub colours: Colours,
    /// Every still-consistent reading (direction, value of the last card); empty while empty.
    pub readings: Vec<Reading>,
    /// The cards the row accepts now.
    pub accepts: Cards,
}

/// What one seat (or a spectator) may know: its whole information set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// Who is looking (`None`: a spectator).
    pub viewer: Option<Seat>,
    /// Number of seats.
    pub players: u8,
    /// The options in force.
    pub options: Options,
    /// The colours in play.
    pub colours: Colours,
    /// The seat that starts every mission.
    pub first_player: Seat,
    /// The current mission, 1 to 5.
    pub mission: u8,
    /// Missions cracked in the current streak.
    pub completed: u8,
    /// The longest streak (the score).
    pub best: u8,
    /// Missions played, this one included.
    pub attempts: u16,
    /// Where the game stands and whose decision it is.
    pub phase: Phase,
    /// The restriction cards turned over so far, in the order revealed.
    pub revealed: Vec<RevealedRestriction>,
    /// The four rows.
    pub rows: Vec<RowView>,
    /// The viewer's own hand (`None` for a spectator).
    pub hand: Option<Cards>,
    /// How many cards each seat holds.
    pub hand_sizes: Vec<u8>,
    /// How many cards the draw pile holds.
    pub draw_pile: u8,
    /// For each seat that passed this mission, the cards it was shown not to hold.
    pub passed: Vec<Option<Cards>>,
    /// Once play has ended: the colours each seat holds (004:48).
    pub held_colours: Option<HeldColours>,
    /// What the team has named this mission.
    pub named: Cards,
    /// The last mission resolved, with its code turned over.
    pub last_mission: Option<MissionReport>,
}

impl TheSafe {
    /// An event as `viewer` may see it: cards dealt or drawn by others are hidden (every event
    /// is shown in some form).
    pub(crate) fn filter_event(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        Some(match *event {
            Event::Dealt { seat, count, .. } if !viewer.is(seat) => Event::Dealt { seat, count, cards: None },
            Event::Drew { seat, .. } if !viewer.is(seat) => Event::Drew { seat, card: None },
            other => other,
        })
    }

    pub(crate) fn build_view(&self, viewer: Viewer) -> View {
        let players = self.players();
        let revealed = self.reveal_order[..usize::from(self.revealed).min(ROWS)]
            .iter()
            .map(|&row| RevealedRestriction { row, restriction: self.restrictions[usize::from(row)] })
            .collect();
        let rows = (0..ROWS)
            .map(|r| {
                let row = &self.rows[r];
                RowView {
                    colour_card: self.colour_cards[r],
                    restriction: self.active[r],
                    cards: row.cards().to_vec(),
                    colours: row.colours(),
                    readings: row.readings(),
                    accepts: row.playable(),
                }
            })
            .collect();
        View {
            viewer: viewer.seat(),
            players: self.players,
            options: self.options.clone(),
            colours: self.in_play(),
            first_player: self.first_player,
            mission: self.mission,
            completed: self.completed,
            best: self.best,
            attempts: self.attempts,
            phase: self.phase,
            revealed,
            rows,
            hand: viewer.seat().map(|s| self.hand(s)),
            hand_sizes: self.hands[..players].iter().map(|h| h.len() as u8).collect(),
            draw_pile: self.pile.len() as u8,
            passed: self.passed[..players].to_vec(),
            held_colours: (!matches!(self.phase, Phase::Play { .. })).then_some(self.held),
            named: self.named,
            last_mission: self.last_mission,
        }
    }
}

/// The board as text (the terminal's and the protocol's `view_text`). Rows and seats are numbered
/// from 1, as the terminal's move list and the web table number them (the JSON keeps indices
/// from 0).
impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "The Safe: mission {} of {MISSIONS} ({} cracked in a row, best {}, {} played)",
            self.mission, self.completed, self.best, self.attempts
        )?;
        match self.phase {
            Phase::Play { seat } => writeln!(f, "seat {} to play", seat.0 + 1)?,
            Phase::Naming { seat, colour } => {
                writeln!(f, "play has ended: seat {} names the {colour} code", seat.0 + 1)?
            }
            Phase::Over { won: true, .. } => writeln!(f, "game over: the team wins")?,
            Phase::Over { won: false, reason } => writeln!(f, "game over: the team loses ({})", reason.words())?,
        }
        if let Some(seat) = self.viewer {
            writeln!(f, "you are seat {}", seat.0 + 1)?;
        }
        write!(f, "code:")?;
        let turned_over = match (self.phase, self.last_mission) {
            (Phase::Over { .. }, Some(report)) => Some(report.code),
            _ => None,
        };
        for colour in self.colours.iter() {
            match turned_over {
                Some(code) => write!(f, "  {colour} {}", code.numbers(colour).trailing_zeros())?,
                None => write!(f, "  {colour} ?")?,
            }
            if let mask @ 1.. = self.named.numbers(colour) {
                write!(f, " (named {})", mask.trailing_zeros())?;
            }
        }
        writeln!(f)?;
        for (r, row) in self.rows.iter().enumerate() {
            let plural = if row.colour_card == 1 { "" } else { "s" };
            write!(f, "row {} [max {} colour{plural}", r + 1, row.colour_card)?;
            if let Some(restriction) = row.restriction {
                write!(f, ", {restriction}")?;
            }
            write!(f, "]:")?;
            if row.cards.is_empty() {
                write!(f, " (empty)")?;
            }
            for card in &row.cards {
                write!(f, " {card}")?;
            }
            let mut readings = row.readings.iter().map(|r| {
                let dir = match r.direction {
                    crate::Direction::Ascending => "up",
                    crate::Direction::Descending => "down",
                };
                format!("{dir} from {}", r.last)
            });
            let first = readings.next();
            if let Some(first) = first {
                write!(f, "   ({first}")?;
                for other in readings {
                    write!(f, " | {other}")?;
                }
                write!(f, ")")?;
            }
            writeln!(f)?;
        }
        if !self.revealed.is_empty() {
            write!(f, "restrictions revealed:")?;
            for r in &self.revealed {
                write!(f, " row {}: {};", r.row + 1, r.restriction)?;
            }
            writeln!(f)?;
        }
        if let Some(hand) = self.hand {
            writeln!(f, "your hand: {hand}")?;
        }
        write!(f, "hands:")?;
        for (s, size) in self.hand_sizes.iter().enumerate() {
            write!(f, "  seat {}: {size}", s + 1)?;
            if self.passed.get(s).copied().flatten().is_some() {
                write!(f, " (passed)")?;
            }
            if let Some(held) = &self.held_colours {
                write!(f, " [{}]", held.seat(Seat(s as u8)))?;
            }
        }
        writeln!(f)?;
        writeln!(f, "draw pile: {}", count(self.draw_pile, "card", "cards"))?;
        if let Some(report) = &self.last_mission {
            writeln!(
                f,
                "last mission {}: code {}, named {}: {}",
                report.mission, report.code, report.named, report.result
            )?;
        }
        Ok(())
    }
}
