//! What a player can do, and what can happen.

use std::fmt;

use safehouse_engine::Seat;
use serde::{Deserialize, Serialize};

use crate::cards::{KeyColour, KeyCounts, SafeId};
use safehouse_engine::words::count;

/// One decision of the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Take a key from a pile: while choosing starting keys (000:11), or as a whole turn (000:16).
    TakeKey {
        /// The pile.
        colour: KeyColour,
    },
    /// Crack a displayed safe with keys from the hand (000:18); the turn goes on.
    Crack {
        /// The safe.
        safe: SafeId,
    },
    /// End a turn in which at least one safe was cracked.
    EndTurn,
    /// Put the exhausted-pile bonus marker under a displayed safe that needs the colour (000:27).
    PlaceBonus {
        /// The safe.
        safe: SafeId,
    },
    /// Do nothing: only when no key can be taken and no safe cracked (gap C8).
    Pass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::TakeKey { colour } => write!(f, "take a {colour} key ({})", colour.letter()),
            Action::Crack { safe } => write!(f, "crack safe {safe}"),
            Action::EndTurn => f.write_str("end the turn"),
            Action::PlaceBonus { safe } => write!(f, "put the bonus marker under safe {safe}"),
            Action::Pass => f.write_str("pass (nothing can be done)"),
        }
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The last safe was cracked (000:32).
    AllSafesCracked,
    /// Nobody could ever crack what was left and no safe cards remained (000:35).
    LastSafesStuck,
}

impl EndReason {
    /// The stable code used in [`safehouse_engine::Outcome::reason`].
    pub fn code(self) -> &'static str {
        match self {
            EndReason::AllSafesCracked => "all_safes_cracked",
            EndReason::LastSafesStuck => "last_safes_stuck",
        }
    }
}

/// Something that happened at the table. Everything after the start happens in the open, so every
/// seat and every spectator sees it; only the colours of the secret starting keys are shown to
/// their chooser alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A seat took one of its four starting keys (000:11).
    StartingKeyTaken {
        /// Who took it.
        seat: Seat,
        /// Its colour: shown to the chooser only when the choice is secret, to everyone when open.
        colour: Option<KeyColour>,
    },
    /// Everybody has chosen: the piles are seen again, so the total taken of each colour is known.
    StartingKeysChosen {
        /// Keys left in each pile.
        piles: KeyCounts,
    },
    /// A key moved from a pile to a hand.
    KeyTaken {
        /// Who took it.
        seat: Seat,
        /// Its colour.
        colour: KeyColour,
    },
    /// A pile ran out during play.
    PileExhausted {
        /// The colour.
        colour: KeyColour,
    },
    /// A bonus marker was put under a safe.
    BonusPlaced {
        /// The safe.
        safe: SafeId,
        /// The exhausted colour that earned it.
        colour: KeyColour,
    },
    /// A pile ran out but no displayed safe needs the colour, or the supply is empty: no marker.
    NoBonusTarget {
        /// The colour.
        colour: KeyColour,
    },
    /// A safe was cracked; its keys went back to their piles.
    Cracked {
        /// Who cracked it.
        seat: Seat,
        /// The safe.
        safe: SafeId,
        /// Markers that lay under it and go with it.
        markers: u8,
    },
    /// Serial-break bonus: a second (third, ...) safe in one turn (000:23).
    SerialBonus {
        /// Who earned it.
        seat: Seat,
    },
    /// Last-safe bonus: the display was cleared (000:25).
    LastSafeBonus {
        /// Who earned it.
        seat: Seat,
    },
    /// A bonus was earned but the supply is empty (000:28).
    SupplyEmpty {
        /// Who would have earned it.
        seat: Seat,
    },
    /// A safe card was turned face up into the display.
    SafeRevealed {
        /// The safe.
        safe: SafeId,
    },
    /// Nobody can ever crack the displayed safes: new ones are laid out beside them (000:34-35).
    DisplayStuck {
        /// Safes left stuck in the display.
        stuck: u8,
    },
    /// A seat passed (nothing to do).
    Passed {
        /// Who.
        seat: Seat,
    },
    /// A turn ended; the next seat is to move.
    TurnEnded {
        /// Whose turn ended.
        seat: Seat,
    },
    /// The game ended.
    GameOver {
        /// Why.
        reason: EndReason,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::StartingKeyTaken { seat, colour: Some(colour) } => {
                write!(f, "{seat} took a {colour} key as a starting key")
            }
            Event::StartingKeyTaken { seat, colour: None } => write!(f, "{seat} took a starting key, unseen"),
            Event::StartingKeysChosen { piles } => write!(
                f,
                "everybody has chosen their starting keys; the piles hold {} red, {} green, {} yellow, {} blue",
                piles[0], piles[1], piles[2], piles[3]
            ),
            Event::KeyTaken { seat, colour } => write!(f, "{seat} took a {colour} key"),
            Event::PileExhausted { colour } => write!(f, "the {colour} pile is empty"),
            Event::BonusPlaced { safe, colour } => {
                write!(f, "a bonus marker goes under safe {safe} (the {colour} pile ran out)")
            }
            Event::NoBonusTarget { colour } => write!(f, "the {colour} pile ran out, but no marker can be placed"),
            Event::Cracked { seat, safe, markers: 0 } => write!(f, "{seat} cracked safe {safe}"),
            Event::Cracked { seat, safe, markers: 1 } => write!(f, "{seat} cracked safe {safe} and its marker"),
            Event::Cracked { seat, safe, markers } => write!(f, "{seat} cracked safe {safe} and its {markers} markers"),
            Event::SerialBonus { seat } => write!(f, "{seat} earns a serial-break bonus marker"),
            Event::LastSafeBonus { seat } => write!(f, "{seat} earns the last-safe bonus marker"),
            Event::SupplyEmpty { seat } => write!(f, "{seat} earned a marker, but the supply is empty"),
            Event::SafeRevealed { safe } => write!(f, "safe {safe} is laid out"),
            Event::DisplayStuck { stuck } => {
                write!(f, "nobody can ever crack the {} left: new safes are laid out", count(*stuck, "safe", "safes"))
            }
            Event::Passed { seat } => write!(f, "{seat} passes"),
            Event::TurnEnded { seat } => write!(f, "{seat}'s turn ends"),
            Event::GameOver { reason: EndReason::AllSafesCracked } => {
                f.write_str("every safe is cracked: the game is over")
            }
            Event::GameOver { reason: EndReason::LastSafesStuck } => {
                f.write_str("the last safes cannot be cracked and none are left: the game is over")
            }
        }
    }
}
