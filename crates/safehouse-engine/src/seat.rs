//! Who sits where, and who is looking.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A seat at the table, numbered from 0 in turn order (clockwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index, for indexing per-seat arrays.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The next seat clockwise at a table of `players`.
    #[inline]
    pub fn next(self, players: usize) -> Seat {
        Seat(((self.index() + 1) % players) as u8)
    }

    /// All seats of a table of `players`, in turn order.
    pub fn all(players: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..players).map(|i| Seat(i as u8))
    }
}

/// A seat as people read it: counted from 1, as the table, the terminal and every game's texts
/// number players ("seat 1" is `Seat(0)`); the JSON keeps the index from 0.
impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", u16::from(self.0) + 1)
    }
}

impl From<u8> for Seat {
    fn from(value: u8) -> Self {
        Seat(value)
    }
}

/// Who a view or an event is built for.
///
/// A seat sees its own hidden cards and everything public; a spectator sees only what is public.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// A player at the table.
    Seat(Seat),
    /// Someone watching who holds no cards.
    Spectator,
}

impl Viewer {
    /// The seat, if the viewer is a player.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Spectator => None,
        }
    }

    /// Whether this viewer is the given seat.
    pub fn is(self, seat: Seat) -> bool {
        self == Viewer::Seat(seat)
    }
}

impl From<Seat> for Viewer {
    fn from(seat: Seat) -> Self {
        Viewer::Seat(seat)
    }
}
