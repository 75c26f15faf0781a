//! Actions (one decision of one seat) and events (what happened), each with a line for people.

use std::fmt;

use safehouse_engine::Seat;
use safehouse_engine::words::{count, ordinal};
use serde::{Deserialize, Serialize};

use crate::cards::{Card, Cards, Colour, Colours, HeldColours, Restriction};

/// Row `row` (0 to 3 in the JSON) as people number it: 1 to 4, the colour cards from the left.
pub(crate) fn row_number(row: u8) -> u16 {
    u16::from(row) + 1
}

/// One decision of the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Play a card from hand under a colour card (`row` 0-3 = colour cards 1-4 from the left),
    /// then draw back to three if the draw pile allows (004:33).
    Play {
        /// The card, e.g. `"G7"`.
        card: Card,
        /// The row, 0 to 3.
        row: u8,
    },
    /// Pass: only legal when no card in hand can be played anywhere (004:33 "if possible").
    Pass,
    /// Name the hidden code number of a colour for the team (004:47-48; guessing is allowed).
    Name {
        /// The colour being named (the one the table asks for).
        colour: Colour,
        /// The number, 0 to 9.
        number: u8,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play { card, row } => write!(f, "play {card} on row {}", row_number(*row)),
            Action::Pass => f.write_str("pass (no card can be played)"),
            Action::Name { colour, number } => write!(f, "name {number} as the {colour} code"),
        }
    }
}

/// Why a mission's play ended (004:46).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissionEndReason {
    /// Every hand is empty (case 1, 004:47).
    HandsEmpty,
    /// Every player still holding cards passed: nobody can play (case 2 or 3, 004:48-49).
    NobodyCanPlay,
}

/// How a mission turned out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MissionResult {
    /// Every code number was named correctly: the safe is cracked (004:50).
    Cracked,
    /// At least one colour was named wrongly.
    WrongCode {
        /// The colours named wrongly.
        wrong: Colours,
    },
    /// Every player holds this colour, so nobody may name it: the safe cannot be cracked (004:49).
    SafeCannotBeCracked {
        /// The colour nobody may name.
        colour: Colour,
    },
    /// With `colour_restriction: end_of_mission`, a restricted row lacks its colour (004:58).
    ColourRestrictionUnmet {
        /// The row.
        row: u8,
        /// The colour it had to include.
        colour: Colour,
    },
}

impl MissionResult {
    /// Whether the safe was cracked.
    pub fn cracked(self) -> bool {
        self == MissionResult::Cracked
    }
}

impl fmt::Display for MissionResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MissionResult::Cracked => f.write_str("safe cracked"),
            MissionResult::WrongCode { wrong } => write!(f, "wrong code for {wrong}"),
            MissionResult::SafeCannotBeCracked { colour } => {
                write!(f, "every player holds {colour}, so the safe cannot be cracked")
            }
            MissionResult::ColourRestrictionUnmet { row, colour } => {
                write!(f, "row {} lacks its colour {colour}", row_number(*row))
            }
        }
    }
}

/// What the table shows when a mission is resolved: the code turned over and what was named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MissionReport {
    /// The mission number, 1 to 5.
    pub mission: u8,
    /// Which mission of the game this was (counting failed ones), from 1.
    pub attempt: u16,
    /// The code: one card per colour in play, now turned over.
    pub code: Cards,
    /// What the team named: one card per colour named (none when nobody could name).
    pub named: Cards,
    /// The result.
    pub result: MissionResult,
    /// The colours each seat still held when play ended (shown then, 004:48). Kept in the report
    /// so that a seat's view still has them once the next mission has begun: it was told them.
    pub held: HeldColours,
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Five missions cracked in a row (004:30): the team wins.
    AllSafesCracked,
    /// A mission failed and `on_mission_fail` is `lose`.
    MissionFailed,
    /// `mission_limit` missions were played without five in a row.
    MissionLimitReached,
}

impl EndReason {
    /// The stable code used in the outcome.
    pub fn code(self) -> &'static str {
        match self {
            EndReason::AllSafesCracked => "all_safes_cracked",
            EndReason::MissionFailed => "mission_failed",
            EndReason::MissionLimitReached => "mission_limit_reached",
        }
    }

    /// The same, for a person.
    pub fn words(self) -> &'static str {
        match self {
            EndReason::AllSafesCracked => "every safe is cracked",
            EndReason::MissionFailed => "a mission failed",
            EndReason::MissionLimitReached => "the mission limit is reached",
        }
    }
}

/// Something that happened. [`crate::TheSafe`]'s `event_view` hides other seats' cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A restriction card was turned over; it applies from this mission on (004:50, 004:56).
    RestrictionRevealed {
        /// The row (colour card) it lies under.
        row: u8,
        /// The restriction.
        restriction: Restriction,
    },
    /// A mission was set up: new code, new hands, new draw pile (004:51-56).
    MissionStarted {
        /// The mission number, 1 to 5.
        mission: u8,
        /// Which mission of the game this is (counting failed ones), from 1.
        attempt: u16,
    },
    /// A seat was dealt its hand; others see only how many cards.
    Dealt {
        /// The seat.
        seat: Seat,
        /// How many cards.
        count: u8,
        /// The cards, for the seat itself.
        cards: Option<Cards>,
    },
    /// A card was played under a colour card.
    Played {
        /// Who played.
        seat: Seat,
        /// The card.
        card: Card,
        /// The row.
        row: u8,
    },
    /// A seat drew from the draw pile; others do not see the card.
    Drew {
        /// Who drew.
        seat: Seat,
        /// The card, for the seat itself.
        card: Option<Card>,
    },
    /// A seat could not play and passed; it holds none of `cannot_hold` and is skipped for the
    /// rest of the mission (rows only ever accept fewer cards, and it draws nothing).
    Passed {
        /// Who passed.
        seat: Seat,
        /// The cards the rows accepted at that moment.
        cannot_hold: Cards,
    },
    /// Play ended; every seat's remaining colours are shown (004:48 "They may reveal their colour").
    MissionEnded {
        /// Why play ended.
        reason: MissionEndReason,
        /// The colours each seat still holds, by seat.
        held_colours: HeldColours,
    },
    /// A seat named a colour's code number for the team.
    Named {
        /// Who named.
        seat: Seat,
        /// The colour.
        colour: Colour,
        /// The number named.
        number: u8,
    },
    /// The code was turned over and the mission resolved.
    MissionResolved {
        /// The report.
        report: MissionReport,
    },
    /// The game ended.
    GameOver {
        /// Whether the team won.
        won: bool,
        /// The team's score: missions cracked (the best streak when restarting).
        score: u8,
        /// Why.
        reason: EndReason,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::RestrictionRevealed { row, restriction } => {
                write!(f, "restriction revealed under row {}: {restriction}", row_number(*row))
            }
            Event::MissionStarted { mission, attempt } if u16::from(*mission) == *attempt => {
                write!(f, "mission {mission} begins")
            }
            Event::MissionStarted { mission, attempt } => {
                write!(f, "mission {mission} begins: the team's {} mission of the game", ordinal(*attempt))
            }
            Event::Dealt { seat, count, cards: Some(cards) } => write!(f, "{seat} is dealt {count} cards: {cards}"),
            Event::Dealt { seat, count, cards: None } => write!(f, "{seat} is dealt {count} cards"),
            Event::Played { seat, card, row } => write!(f, "{seat} plays {card} on row {}", row_number(*row)),
            Event::Drew { seat, card: Some(card) } => write!(f, "{seat} draws {card}"),
            Event::Drew { seat, card: None } => write!(f, "{seat} draws a card"),
            Event::Passed { seat, .. } => write!(f, "{seat} cannot play and passes"),
            Event::MissionEnded { reason, held_colours } => {
                let why = match reason {
                    MissionEndReason::HandsEmpty => "every hand is empty",
                    MissionEndReason::NobodyCanPlay => "nobody can play",
                };
                write!(f, "play ends: {why}; colours still held: {held_colours}")
            }
            Event::Named { seat, colour, number } => write!(f, "{seat} names {number} for {colour}"),
            Event::MissionResolved { report } => {
                write!(f, "mission {} code {}, named {}: {}", report.mission, report.code, report.named, report.result)
            }
            Event::GameOver { won: true, score, .. } => {
                write!(f, "the team wins with {} cracked", count(*score, "safe", "safes"))
            }
            Event::GameOver { won: false, score, reason } => {
                write!(f, "the team loses ({}) with {} cracked", reason.words(), count(*score, "safe", "safes"))
            }
        }
    }
}
