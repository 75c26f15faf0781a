//! The cards: six coloured locks and six numbered keys (each player holds one of each, its
//! code), and small bit sets over them.
//!
//! The rulebook names only some colours (red, blue, yellow in 001:20-28); public sources add
//! green and purple (`rules-notes.md` §2.2, gap S13). The sixth is unknown, so the names are a
//! data table ([`COLOUR_NAMES`]): the project **chose** orange, which completes the six rainbow
//! hues. Changing a name here changes it everywhere (display, JSON).

use std::fmt;
use std::ops::{Deref, DerefMut};

use safehouse_engine::{BitSet8, Seat};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// Lock parts and key parts in the game: six of each (001:9-10).
pub const PARTS: usize = 6;
/// Codes (colour × number combinations).
pub const CODES: usize = PARTS * PARTS;
/// Most seats at a table: one per lock part.
pub const MAX_PLAYERS: usize = PARTS;

/// The colour names, by colour index. Five are attested; the sixth (orange) is a choice (S13).
pub const COLOUR_NAMES: [&str; PARTS] = ["red", "blue", "yellow", "green", "purple", "orange"];
/// One letter per colour, so that colour is never the only carrier of meaning.
pub const COLOUR_LETTERS: [char; PARTS] = ['R', 'B', 'Y', 'G', 'P', 'O'];

/// The colour of a lock part (an index into [`COLOUR_NAMES`]). Serialised as its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Colour(u8);

impl Colour {
    /// All colours, in index order.
    pub const ALL: [Colour; PARTS] = [Colour(0), Colour(1), Colour(2), Colour(3), Colour(4), Colour(5)];

    /// The colour with this index, if it exists (`0..6`).
    pub const fn new(index: u8) -> Option<Colour> {
        if (index as usize) < PARTS { Some(Colour(index)) } else { None }
    }

    /// Position in per-colour arrays (`0..6`).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The colour's name (`red`).
    pub fn name(self) -> &'static str {
        COLOUR_NAMES[self.index()]
    }

    /// The colour's letter (`R`).
    pub fn letter(self) -> char {
        COLOUR_LETTERS[self.index()]
    }

    /// Reads a colour from its name or its letter, ignoring case.
    pub fn parse(text: &str) -> Option<Colour> {
        let text = text.trim();
        Colour::ALL.into_iter().find(|c| {
            c.name().eq_ignore_ascii_case(text)
                || (text.len() == 1 && text.chars().next().is_some_and(|l| l.eq_ignore_ascii_case(&c.letter())))
        })
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Colour {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Colour {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ColourVisitor;
        impl Visitor<'_> for ColourVisitor {
            type Value = Colour;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a colour name ({})", COLOUR_NAMES.join(", "))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Colour, E> {
                Colour::parse(v)
                    .ok_or_else(|| E::custom(format!("unknown colour `{v}` (colours: {})", COLOUR_NAMES.join(", "))))
            }
        }
        deserializer.deserialize_str(ColourVisitor)
    }
}

/// The number of a key part, 1 to 6 (001:10; `rules-notes.md` §2.2). Serialised as the number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Number(u8);

impl Number {
    /// All numbers, in order.
    pub const ALL: [Number; PARTS] = [Number(1), Number(2), Number(3), Number(4), Number(5), Number(6)];

    /// The number `value`, if it is on a key (`1..=6`).
    pub const fn new(value: u8) -> Option<Number> {
        if value >= 1 && value as usize <= PARTS { Some(Number(value)) } else { None }
    }

    /// The number with index `index` (`0..6` gives 1 to 6).
    pub const fn from_index(index: usize) -> Option<Number> {
        if index < PARTS { Some(Number(index as u8 + 1)) } else { None }
    }

    /// The printed value, 1 to 6.
    #[inline]
    pub const fn value(self) -> u8 {
        self.0
    }

    /// Position in per-number arrays (`0..6`).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Serialize for Number {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.0)
    }
}

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = u8::deserialize(deserializer)?;
        Number::new(value).ok_or_else(|| de::Error::custom(format!("key number {value} is not between 1 and 6")))
    }
}

/// A secret code: one lock and one key (001:12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Code {
    /// The lock's colour.
    pub colour: Colour,
    /// The key's number.
    pub number: Number,
}

impl Code {
    /// A code.
    pub const fn new(colour: Colour, number: Number) -> Code {
        Code { colour, number }
    }

    /// Position among the 36 codes: `colour * 6 + number - 1`.
    #[inline]
    pub const fn index(self) -> usize {
        self.colour.index() * PARTS + self.number.index()
    }

    /// The code at position `index` (`0..36`).
    pub const fn from_index(index: usize) -> Option<Code> {
        if index >= CODES {
            return None;
        }
        match (Colour::new((index / PARTS) as u8), Number::from_index(index % PARTS)) {
            (Some(colour), Some(number)) => Some(Code { colour, number }),
            _ => None,
        }
    }

    /// All 36 codes, in index order.
    pub fn all() -> impl Iterator<Item = Code> + Clone {
        (0..CODES).filter_map(Code::from_index)
    }

    /// Whether a holder of this code answers "Yes" to "Do you have `colour` lock `number`?":
    /// yes when either part matches (001:21-23).
    #[inline]
    pub fn answers_yes(self, colour: Colour, number: Number) -> bool {
        self.colour == colour || self.number == number
    }

    /// Short form: `R3`.
    pub fn short(self) -> String {
        format!("{}{}", self.colour.letter(), self.number)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.colour, self.number)
    }
}

/// Why a short code such as `R3` did not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCodeError(String);

impl fmt::Display for ParseCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a code: write a colour letter or name and a key number 1 to 6, e.g. R3 or red 3", self.0)
    }
}

impl std::error::Error for ParseCodeError {}

impl std::str::FromStr for Code {
    type Err = ParseCodeError;

    /// Reads the short form players type: `R3`, `r3`, `red3` or `red 3` (a colour's letter or
    /// name, then its key number).
    fn from_str(text: &str) -> Result<Code, ParseCodeError> {
        let trimmed = text.trim();
        let bad = || ParseCodeError(trimmed.to_owned());
        let split = trimmed.find(|c: char| c.is_ascii_digit()).ok_or_else(bad)?;
        let (colour, number) = trimmed.split_at(split);
        let colour = Colour::parse(colour).ok_or_else(bad)?;
        let number = number.parse::<u8>().ok().and_then(Number::new).ok_or_else(bad)?;
        Ok(Code::new(colour, number))
    }
}

/// A set of seats as a bit mask (bit `i` = seat `i`): the engine's [`BitSet8`] of seats, whose
/// methods it has; serialised as a list of seat numbers, each below [`MAX_PLAYERS`].
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(BitSet8<Seat>);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(BitSet8::EMPTY);

    /// The seats `0..players`.
    pub fn first(players: usize) -> SeatSet {
        SeatSet(BitSet8::first(players))
    }
}

impl Deref for SeatSet {
    type Target = BitSet8<Seat>;

    #[inline]
    fn deref(&self) -> &BitSet8<Seat> {
        &self.0
    }
}

impl DerefMut for SeatSet {
    #[inline]
    fn deref_mut(&mut self) -> &mut BitSet8<Seat> {
        &mut self.0
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SeatSet({})", self.bits())
    }
}

impl Serialize for SeatSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SeatSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let seats = Vec::<Seat>::deserialize(deserializer)?;
        let mut set = SeatSet::EMPTY;
        for seat in seats {
            if seat.index() >= MAX_PLAYERS {
                return Err(de::Error::custom(format!("seat {} does not exist (at most 6 seats)", seat.0)));
            }
            set.insert(seat);
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_codes_read_as_players_type_them() {
        let blue5 = Code::new(Colour::ALL[1], Number::ALL[4]);
        for text in ["B5", "b5", " blue5 ", "Blue 5"] {
            assert_eq!(text.parse::<Code>(), Ok(blue5), "{text}");
        }
        for text in ["", "B", "5", "B7", "B0", "X5", "B5x", "bluish 5"] {
            assert!(text.parse::<Code>().is_err(), "{text}");
        }
        assert!(Code::all().all(|code| code.short().parse::<Code>() == Ok(code)));
    }

    #[test]
    fn code_indices_round_trip() {
        for (i, code) in Code::all().enumerate() {
            assert_eq!(code.index(), i);
            assert_eq!(Code::from_index(i), Some(code));
        }
        assert_eq!(Code::from_index(36), None);
    }

    #[test]
    fn yes_when_either_part_matches() {
        // 001:22: Blue 1, Red 5 and Red 1 all answer "Yes" to "Red lock 1?".
        let red = Colour::parse("red").unwrap_or(Colour::ALL[0]);
        let blue = Colour::parse("blue").unwrap_or(Colour::ALL[1]);
        let n = |v| Number::new(v).unwrap_or(Number::ALL[0]);
        assert!(Code::new(blue, n(1)).answers_yes(red, n(1)));
        assert!(Code::new(red, n(5)).answers_yes(red, n(1)));
        assert!(Code::new(red, n(1)).answers_yes(red, n(1)));
        assert!(!Code::new(blue, n(5)).answers_yes(red, n(1)));
    }

    #[test]
    fn parts_serialise_as_names_and_numbers() {
        let code = Code::new(Colour::ALL[2], Number::ALL[2]);
        assert_eq!(serde_json::to_string(&code).ok().as_deref(), Some(r#"{"colour":"yellow","number":3}"#));
        assert!(serde_json::from_str::<Number>("7").is_err());
        assert!(serde_json::from_str::<Colour>("\"teal\"").is_err());
        assert_eq!(serde_json::from_str::<Colour>("\"P\"").ok(), Some(Colour::ALL[4]));
        let set: SeatSet = serde_json::from_str("[0, 3]").unwrap_or_default();
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Seat(0), Seat(3)]);
    }
}
