//! The cards: four key colours, the 35 safes, the piles and the bonus supply.
//!
//! The rulebooks give counts (35 safes, 60 keys, 25 bonus markers of 10; 000:6, 002:21) but not
//! the safes card by card. The deck below is a data table built from what public sources say
//! (`rules-notes.md` §1.2): every multiset of four key colours appears once (C(7,4) = 35), and
//! values run from 4 to 16. The value of each safe is a **hypothesis**: the sum of its keys'
//! weights red 1, green 2, yellow 3, blue 4 (the author's own colour ranking in a published
//! variant). Replace [`STANDARD_SAFES`] when a real card list turns up, or pass any deck in an
//! explicit [`crate::Deal`].

use std::fmt;

use serde::{Deserialize, Serialize};

/// One of the four key colours. Key piles, hands and safe requirements are indexed by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KeyColour {
    /// Red keys (weight 1).
    Red,
    /// Green keys (weight 2).
    Green,
    /// Yellow keys (weight 3).
    Yellow,
    /// Blue keys (weight 4).
    Blue,
}

impl KeyColour {
    /// All colours, in index order.
    pub const ALL: [KeyColour; 4] = [KeyColour::Red, KeyColour::Green, KeyColour::Yellow, KeyColour::Blue];

    /// Position in per-colour arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// One letter, so colour is never the only carrier of meaning (R, G, Y, B).
    pub fn letter(self) -> char {
        ['R', 'G', 'Y', 'B'][self.index()]
    }

    /// The colour's name in English.
    pub fn name(self) -> &'static str {
        ["red", "green", "yellow", "blue"][self.index()]
    }
}

impl fmt::Display for KeyColour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Keys counted per colour, indexed by [`KeyColour::index`]: a hand, a pile set or a safe's lock.
pub type KeyCounts = [u8; 4];

/// Keys of each colour in the game (60 in four colours, 000:6, 000:10; 15 each per `rules-notes.md` §1.2).
pub const KEYS_PER_COLOUR: u8 = 15;
/// Bonus markers in the supply (000:6, 000:28).
pub const BONUS_MARKERS: u8 = 25;
/// Points of one bonus marker (000:21).
pub const BONUS_VALUE: i64 = 10;
/// Safes in a display (000:12, 000:30).
pub const DISPLAY_SIZE: usize = 7;
/// Keys each player chooses before the game (000:11, 002:37).
pub const STARTING_KEYS: u8 = 4;

/// A safe card: the keys that open it and the money inside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SafeCard {
    /// Keys needed, per colour (four in all).
    pub keys: KeyCounts,
    /// Points scored by cracking it.
    pub value: u8,
}

impl SafeCard {
    /// Whether it needs at least one key of `colour`.
    #[inline]
    pub fn needs(&self, colour: KeyColour) -> bool {
        self.keys[colour.index()] > 0
    }

    /// Whether `hand` holds every key it needs.
    #[inline]
    pub fn opens_with(&self, hand: &KeyCounts) -> bool {
        self.keys.iter().zip(hand).all(|(need, have)| need <= have)
    }

    /// The keys as letters, e.g. `RRGB`.
    pub fn code(&self) -> String {
        KeyColour::ALL.iter().flat_map(|c| std::iter::repeat_n(c.letter(), usize::from(self.keys[c.index()]))).collect()
    }
}

impl fmt::Display for SafeCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ${}", self.code(), self.value)
    }
}

const fn safe(code: &str, value: u8) -> SafeCard {
    let bytes = code.as_bytes();
    let mut keys = [0u8; 4];
    let mut i = 0;
    while i < bytes.len() {
        let index = match KeyColour::from_letter_const(bytes[i]) {
            Some(c) => c as usize,
            None => panic!("bad key letter in the safe table"),
        };
        keys[index] += 1;
        i += 1;
    }
    SafeCard { keys, value }
}

impl KeyColour {
    const fn from_letter_const(letter: u8) -> Option<KeyColour> {
        match letter {
            b'R' => Some(KeyColour::Red),
            b'G' => Some(KeyColour::Green),
            b'Y' => Some(KeyColour::Yellow),
            b'B' => Some(KeyColour::Blue),
            _ => None,
        }
    }

    /// Parses a colour letter (R, G, Y, B).
    pub fn parse_letter(letter: char) -> Option<KeyColour> {
        u8::try_from(letter).ok().and_then(KeyColour::from_letter_const)
    }
}

/// The standard deck: every multiset of four colours once, valued by the weight hypothesis
/// (red 1, green 2, yellow 3, blue 4); see the module docs.
pub const STANDARD_SAFES: [SafeCard; 35] = [
    safe("RRRR", 4),
    safe("RRRG", 5),
    safe("RRGG", 6),
    safe("RRRY", 6),
    safe("RGGG", 7),
    safe("RRGY", 7),
    safe("RRRB", 7),
    safe("GGGG", 8),
    safe("RGGY", 8),
    safe("RRGB", 8),
    safe("RRYY", 8),
    safe("GGGY", 9),
    safe("RGGB", 9),
    safe("RGYY", 9),
    safe("RRYB", 9),
    safe("GGGB", 10),
    safe("GGYY", 10),
    safe("RGYB", 10),
    safe("RRBB", 10),
    safe("RYYY", 10),
    safe("GGYB", 11),
    safe("GYYY", 11),
    safe("RGBB", 11),
    safe("RYYB", 11),
    safe("GGBB", 12),
    safe("GYYB", 12),
    safe("RYBB", 12),
    safe("YYYY", 12),
    safe("GYBB", 13),
    safe("RBBB", 13),
    safe("YYYB", 13),
    safe("GBBB", 14),
    safe("YYBB", 14),
    safe("YBBB", 15),
    safe("BBBB", 16),
];

/// Index of a safe card in the game's card table: stable for the whole game, so actions can name
/// a safe whatever its place in the display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SafeId(pub u8);

impl SafeId {
    /// Position in the card table.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A safe as people read it: counted from 1 ("#1" is `SafeId(0)`), as the table shows it; the
/// JSON keeps the index from 0.
impl fmt::Display for SafeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", u16::from(self.0) + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_deck_is_every_multiset_once_with_values_4_to_16() {
        let mut codes: Vec<String> = STANDARD_SAFES.iter().map(SafeCard::code).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), 35);
        assert!(STANDARD_SAFES.iter().all(|s| s.keys.iter().sum::<u8>() == 4));
        assert_eq!(STANDARD_SAFES.iter().map(|s| s.value).min(), Some(4));
        assert_eq!(STANDARD_SAFES.iter().map(|s| s.value).max(), Some(16));
        // Each colour is asked for 35 times across the deck (140 key slots).
        for c in KeyColour::ALL {
            assert_eq!(STANDARD_SAFES.iter().map(|s| u32::from(s.keys[c.index()])).sum::<u32>(), 35);
        }
        // Values follow the weight hypothesis.
        for s in STANDARD_SAFES {
            let weights: u8 = s.keys.iter().enumerate().map(|(i, n)| (i as u8 + 1) * n).sum();
            assert_eq!(weights, s.value, "{s}");
        }
    }
}
