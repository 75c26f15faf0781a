//! The card data: the explosive deck, the number cards and the seat colours.

use std::fmt;

use safehouse_engine::Seat;
use serde::de::{Error as _, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The front (briefcase) values of the 16 explosive cards in the box.
///
/// Sources: 16 explosive cards, briefcase side +1..+8 and bomb side -1..-8 with
/// `front + |back| = 9` (Schacht's rules at spiele-aus-timbuktu.de, spieletest.at and the Games
/// Journal, as summarised in `shared/research/rules-notes.md` §3.2). That there are **two of each
/// front value** is an INFERENCE (16 cards over 8 values); no source states it (gap E2).
pub const EXPLOSIVE_DECK: [u8; 16] = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8];

/// Highest number card; also the one value that may appear several times in a row (003:45).
pub const HIGHEST_NUMBER: u8 = 8;

/// The number card that becomes a row's 8th card blows the row up (003:48).
pub const EXPLOSION_AT: usize = 8;

/// One explosive card as it lies: its briefcase value and which side is up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ExplosiveCard {
    /// The briefcase (positive) side, 1..=8.
    pub front: u8,
    /// Whether it has been turned to the bomb side.
    pub exploded: bool,
}

impl ExplosiveCard {
    /// A card lying briefcase side up.
    pub const fn briefcase(front: u8) -> Self {
        ExplosiveCard { front, exploded: false }
    }

    /// The bomb side's value: `-(9 - front)`, so that `front + |back| = 9`.
    pub const fn back(self) -> i8 {
        -(9 - self.front as i8)
    }

    /// The points the card is worth to whoever wins it, given the side that is up.
    pub const fn value(self) -> i8 {
        if self.exploded { self.back() } else { self.front as i8 }
    }
}

impl fmt::Display for ExplosiveCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exploded { write!(f, "{} bomb", self.back()) } else { write!(f, "+{} briefcase", self.front) }
    }
}

/// The colour of a seat's number cards. Seat 0 is red, which starts the game (the only colour a
/// source names; the other three colour names are this project's choice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// Seat 0, the start player of the first round.
    Red,
    /// Seat 1.
    Blue,
    /// Seat 2.
    Green,
    /// Seat 3.
    Yellow,
}

impl Colour {
    /// The colours in seat order.
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Blue, Colour::Green, Colour::Yellow];

    /// The colour of a seat's cards.
    pub fn of(seat: Seat) -> Colour {
        Colour::ALL[seat.index() % 4]
    }

    /// The colour's name.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of number-card values 1..=8 (a bit per value). Serialises as a sorted list of values.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u16);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// Every number card 1..=8: a full hand.
    pub const ALL: CardSet = CardSet(0b1_1111_1110);

    /// The set holding one card (empty if the value is not 1..=8).
    #[inline]
    pub const fn single(card: u8) -> CardSet {
        if card >= 1 && card <= HIGHEST_NUMBER { CardSet(1 << card) } else { CardSet(0) }
    }

    /// The set of the given values, or `None` if one is not 1..=8 or repeats.
    pub fn from_cards(cards: &[u8]) -> Option<CardSet> {
        let mut set = CardSet::EMPTY;
        for &card in cards {
            if !(1..=HIGHEST_NUMBER).contains(&card) || set.contains(card) {
                return None;
            }
            set.insert(card);
        }
        Some(set)
    }

    /// Whether the value is in the set.
    #[inline]
    pub const fn contains(self, card: u8) -> bool {
        card < 16 && self.0 & (1 << card) != 0
    }

    /// Adds a value (ignored if not 1..=8).
    #[inline]
    pub fn insert(&mut self, card: u8) {
        self.0 |= CardSet::single(card).0;
    }

    /// Removes a value.
    #[inline]
    pub fn remove(&mut self, card: u8) {
        self.0 &= !CardSet::single(card).0;
    }

    /// Number of values.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Values in both sets.
    #[inline]
    #[must_use]
    pub const fn and(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// Values in either set.
    #[inline]
    #[must_use]
    pub const fn or(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Values in this set and not in `other`.
    #[inline]
    #[must_use]
    pub const fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The highest value, if any.
    #[inline]
    pub const fn highest(self) -> Option<u8> {
        if self.0 == 0 { None } else { Some(15 - self.0.leading_zeros() as u8) }
    }

    /// The `n`th value in ascending order (from 0).
    pub fn nth(self, n: usize) -> Option<u8> {
        self.iter().nth(n)
    }

    /// The set as a byte: bit `i` is card `i + 1`.
    #[inline]
    pub const fn low_byte(self) -> u8 {
        (self.0 >> 1) as u8
    }

    /// Removes and returns the lowest value.
    #[inline]
    pub fn pop_lowest(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let card = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(card)
    }

    /// The values in ascending order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = u8> + Clone {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let card = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Some(card)
            }
        })
    }

    /// The values in ascending order, as a vector.
    pub fn to_vec(self) -> Vec<u8> {
        self.iter().collect()
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

struct CardSetVisitor;

impl<'de> Visitor<'de> for CardSetVisitor {
    type Value = CardSet;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of distinct number cards 1..=8")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CardSet, A::Error> {
        let mut set = CardSet::EMPTY;
        while let Some(card) = seq.next_element::<u8>()? {
            if !(1..=HIGHEST_NUMBER).contains(&card) || set.contains(card) {
                return Err(A::Error::custom(format!("bad or repeated number card {card}")));
            }
            set.insert(card);
        }
        Ok(set)
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(CardSetVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_pairs_add_up_to_nine() {
        for front in EXPLOSIVE_DECK {
            let card = ExplosiveCard::briefcase(front);
            assert_eq!(i16::from(card.front) + i16::from(card.back()).abs(), 9);
            assert_eq!(ExplosiveCard { exploded: true, ..card }.value(), card.back());
        }
        assert_eq!(ExplosiveCard::briefcase(6).back(), -3);
        assert_eq!(ExplosiveCard::briefcase(1).back(), -8);
    }

    #[test]
    fn card_set_basics() {
        let mut set = CardSet::ALL;
        assert_eq!(set.len(), 8);
        assert_eq!(set.highest(), Some(8));
        set.remove(8);
        set.remove(3);
        assert_eq!(set.to_vec(), vec![1, 2, 4, 5, 6, 7]);
        assert_eq!(set.nth(2), Some(4));
        assert!(!CardSet::single(9).contains(9));
        assert_eq!(CardSet::from_cards(&[2, 2]), None);
        assert_eq!(CardSet::from_cards(&[0]), None);
        assert_eq!(serde_json::to_string(&set).unwrap_or_default(), "[1,2,4,5,6,7]");
        assert!(serde_json::from_str::<CardSet>("[9]").is_err());
    }
}
