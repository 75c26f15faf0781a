//! The vocabulary of the game: colours, number cards, sets of cards and ordered stacks, the
//! restriction cards, and the colours each hand holds.
//!
//! A number card is one byte (`colour * 10 + number`), a set of cards is a 50-bit mask and an
//! ordered stack is a fixed array, so that the state is `Copy`-sized data and the playout loop
//! never touches the heap. Every type serialises as readable JSON: a card is `"G7"`, a set or
//! a stack is a list of cards, a colour is `"green"`.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Deref, DerefMut, Not};
use std::str::FromStr;

use safehouse_engine::{BitSet8, BitSetItem, Seat};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::options::MAX_PLAYERS;

/// Number of number cards in the box: five colours of 0 to 9 (004:6).
pub const CARD_COUNT: usize = 50;

/// The five colours of the number cards (004:6).
///
/// Their order here is the order in which the player-count table (004:21-25) brings them into
/// play: 1-2 players use the first three, 3-4 players the first four, 5-6 players all five.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// Orange (`O`).
    Orange,
    /// Green (`G`).
    Green,
    /// Yellow (`Y`).
    Yellow,
    /// Blue (`B`).
    Blue,
    /// Pink (`P`).
    Pink,
}

impl Colour {
    /// Every colour, in the order they come into play.
    pub const ALL: [Colour; 5] = [Colour::Orange, Colour::Green, Colour::Yellow, Colour::Blue, Colour::Pink];

    /// The colour's index, 0 to 4.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The colour with this index, if any.
    pub fn from_index(index: usize) -> Option<Colour> {
        Colour::ALL.get(index).copied()
    }

    /// The one-letter abbreviation used in card names (`O`, `G`, `Y`, `B`, `P`).
    pub fn letter(self) -> char {
        ['O', 'G', 'Y', 'B', 'P'][self.index()]
    }

    /// The colour's name in lower case.
    pub fn name(self) -> &'static str {
        ["orange", "green", "yellow", "blue", "pink"][self.index()]
    }

    /// The colour of a one-letter abbreviation (either case).
    pub fn from_letter(letter: char) -> Option<Colour> {
        match letter.to_ascii_uppercase() {
            'O' => Some(Colour::Orange),
            'G' => Some(Colour::Green),
            'Y' => Some(Colour::Yellow),
            'B' => Some(Colour::Blue),
            'P' => Some(Colour::Pink),
            _ => None,
        }
    }

    /// All ten cards of this colour.
    #[inline]
    pub fn cards(self) -> Cards {
        Cards(0x3FF << (10 * self.index()))
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One number card: a colour and a number from 0 to 9.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of this colour and number, or `None` if the number is over 9.
    pub fn new(colour: Colour, number: u8) -> Option<Card> {
        (number <= 9).then(|| Card(colour as u8 * 10 + number))
    }

    /// The card with this id (`colour * 10 + number`), or `None` if the id is 50 or more.
    pub fn from_id(id: u8) -> Option<Card> {
        (usize::from(id) < CARD_COUNT).then_some(Card(id))
    }

    /// The card's id, `colour * 10 + number`, from 0 to 49.
    #[inline]
    pub fn id(self) -> u8 {
        self.0
    }

    /// The card's colour.
    #[inline]
    pub fn colour(self) -> Colour {
        Colour::ALL[usize::from(self.0 / 10)]
    }

    /// The number printed on the card, 0 to 9 (a 0 may count as 10 in a row: the Zero Rule).
    #[inline]
    pub fn number(self) -> u8 {
        self.0 % 10
    }

    #[inline]
    pub(crate) fn bit(self) -> u64 {
        1 << self.0
    }

    /// A card from an id known to be below 50 (internal use: ids come from masks of 50 bits).
    #[inline]
    pub(crate) fn from_bit_index(id: u32) -> Card {
        debug_assert!((id as usize) < CARD_COUNT);
        Card(id as u8)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.colour().letter(), self.number())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = String;

    /// Reads `G7` (colour letter, then the number), in either case.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut chars = text.trim().chars();
        let (Some(letter), Some(digit), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(format!("`{text}` is not a card: write a colour letter (O G Y B P) and a number, like `G7`"));
        };
        let colour = Colour::from_letter(letter).ok_or_else(|| format!("`{letter}` is not a colour (O G Y B P)"))?;
        let number = digit.to_digit(10).ok_or_else(|| format!("`{digit}` is not a number from 0 to 9"))?;
        Card::new(colour, number as u8).ok_or_else(|| format!("`{text}` is not a card"))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(D::Error::custom)
    }
}

/// A set of number cards (a hand, the cards a row accepts...), as a mask of 50 bits.
///
/// Iterates in card order: orange 0-9, then green, yellow, blue, pink.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Cards(u64);

/// The mask of all 50 card bits.
const ALL_BITS: u64 = (1 << CARD_COUNT) - 1;

impl Cards {
    /// No card.
    pub const EMPTY: Cards = Cards(0);

    /// All 50 cards.
    pub const ALL: Cards = Cards(ALL_BITS);

    /// The set with these bits (bits over 49 are dropped).
    #[inline]
    pub fn from_bits(bits: u64) -> Cards {
        Cards(bits & ALL_BITS)
    }

    /// The set's bits: bit `id` is set for each card of the set.
    #[inline]
    pub fn bits(self) -> u64 {
        self.0
    }

    /// Number of cards in the set.
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds `card`.
    #[inline]
    pub fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }

    /// Adds a card.
    #[inline]
    pub fn insert(&mut self, card: Card) {
        self.0 |= card.bit();
    }

    /// Removes a card.
    #[inline]
    pub fn remove(&mut self, card: Card) {
        self.0 &= !card.bit();
    }

    /// The cards of one colour in the set.
    #[inline]
    pub fn of_colour(self, colour: Colour) -> Cards {
        self & colour.cards()
    }

    /// The numbers (bit `n` for number `n`) of the set's cards of one colour.
    #[inline]
    pub fn numbers(self, colour: Colour) -> u16 {
        ((self.0 >> (10 * colour.index())) & 0x3FF) as u16
    }

    /// The colours of the set's cards.
    #[inline]
    pub fn colours(self) -> Colours {
        let mut bits = 0u8;
        for c in 0..5 {
            bits |= u8::from((self.0 >> (10 * c)) & 0x3FF != 0) << c;
        }
        Colours(BitSet8::from_bits(bits))
    }

    /// The card with the lowest id, if any.
    #[inline]
    pub fn first(self) -> Option<Card> {
        (self.0 != 0).then(|| Card::from_bit_index(self.0.trailing_zeros()))
    }

    /// The set's cards in order.
    #[inline]
    pub fn iter(self) -> CardsIter {
        CardsIter(self.0)
    }

    /// The cards of `colours` (every number of each).
    pub fn of_colours(colours: Colours) -> Cards {
        colours.iter().fold(Cards::EMPTY, |acc, c| acc | c.cards())
    }
}

impl BitOr for Cards {
    type Output = Cards;
    #[inline]
    fn bitor(self, rhs: Cards) -> Cards {
        Cards(self.0 | rhs.0)
    }
}

impl BitOrAssign for Cards {
    #[inline]
    fn bitor_assign(&mut self, rhs: Cards) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for Cards {
    type Output = Cards;
    #[inline]
    fn bitand(self, rhs: Cards) -> Cards {
        Cards(self.0 & rhs.0)
    }
}

impl BitAndAssign for Cards {
    #[inline]
    fn bitand_assign(&mut self, rhs: Cards) {
        self.0 &= rhs.0;
    }
}

impl Not for Cards {
    type Output = Cards;
    #[inline]
    fn not(self) -> Cards {
        Cards(!self.0 & ALL_BITS)
    }
}

impl FromIterator<Card> for Cards {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = Cards::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

/// Iterator over a [`Cards`] set, in card order.
#[derive(Clone, Debug)]
pub struct CardsIter(u64);

impl Iterator for CardsIter {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let id = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Card::from_bit_index(id))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl IntoIterator for Cards {
    type Item = Card;
    type IntoIter = CardsIter;
    fn into_iter(self) -> CardsIter {
        self.iter()
    }
}

impl fmt::Display for Cards {
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

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

impl Serialize for Cards {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Cards {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        let mut set = Cards::EMPTY;
        for card in cards {
            if set.contains(card) {
                return Err(D::Error::custom(format!("card {card} listed twice")));
            }
            set.insert(card);
        }
        Ok(set)
    }
}

/// A set of colours: the engine's [`BitSet8`] of colours (bit `i` for colour index `i`), whose
/// methods it has.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Colours(BitSet8<Colour>);

impl BitSetItem for Colour {
    const COUNT: u8 = 5;

    #[inline]
    fn bit(self) -> Option<u8> {
        Some(self as u8)
    }

    #[inline]
    fn from_bit(bit: u8) -> Self {
        Colour::ALL[usize::from(bit)]
    }
}

impl Colours {
    /// No colour.
    pub const EMPTY: Colours = Colours(BitSet8::EMPTY);

    /// The first `count` colours (the colours in play at a table: 3, 4 or 5).
    pub fn first(count: usize) -> Colours {
        Colours(BitSet8::first(count))
    }

    #[inline]
    pub(crate) fn intersect(self, other: Colours) -> Colours {
        Colours(self.0.intersection(other.0))
    }
}

impl Deref for Colours {
    type Target = BitSet8<Colour>;

    #[inline]
    fn deref(&self) -> &BitSet8<Colour> {
        &self.0
    }
}

impl DerefMut for Colours {
    #[inline]
    fn deref_mut(&mut self) -> &mut BitSet8<Colour> {
        &mut self.0
    }
}

impl FromIterator<Colour> for Colours {
    fn from_iter<I: IntoIterator<Item = Colour>>(iter: I) -> Self {
        Colours(iter.into_iter().collect())
    }
}

impl fmt::Display for Colours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, colour) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{colour}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Colours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

impl Serialize for Colours {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Colours {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Vec::<Colour>::deserialize(deserializer)?.into_iter().collect())
    }
}

/// An ordered stack of cards (a row in play order, the draw pile) in a fixed array: pushing and
/// popping never allocate, and cloning is a copy. Two stacks are equal when they hold the same
/// cards in the same order (whatever lies beyond the top is ignored).
#[derive(Clone, Copy)]
pub struct CardStack {
    len: u8,
    cards: [Card; CARD_COUNT],
}

impl Default for CardStack {
    fn default() -> Self {
        CardStack { len: 0, cards: [Card(0); CARD_COUNT] }
    }
}

impl CardStack {
    /// An empty stack.
    pub fn new() -> Self {
        Self::default()
    }

    /// A stack of these cards (at most 50; any beyond are dropped).
    pub fn from_slice(cards: &[Card]) -> Self {
        let mut stack = Self::default();
        for &card in cards.iter().take(CARD_COUNT) {
            stack.push(card);
        }
        stack
    }

    /// The cards, bottom (first placed) to top.
    #[inline]
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..usize::from(self.len)]
    }

    /// The cards, bottom to top, to reorder in place (a shuffle).
    #[inline]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [Card] {
        &mut self.cards[..usize::from(self.len)]
    }

    /// Number of cards.
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the stack is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The top card (last placed), if any.
    #[inline]
    pub fn last(&self) -> Option<Card> {
        self.as_slice().last().copied()
    }

    /// Puts a card on top. A full stack (50 cards, every card of the game) ignores the push.
    #[inline]
    pub fn push(&mut self, card: Card) {
        if let Some(slot) = self.cards.get_mut(usize::from(self.len)) {
            *slot = card;
            self.len += 1;
        }
    }

    /// Takes the top card.
    #[inline]
    pub fn pop(&mut self) -> Option<Card> {
        let top = self.last()?;
        self.len -= 1;
        Some(top)
    }

    /// Empties the stack.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The stack's cards as a set.
    pub fn to_set(&self) -> Cards {
        self.as_slice().iter().copied().collect()
    }
}

impl PartialEq for CardStack {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for CardStack {}

impl std::hash::Hash for CardStack {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl fmt::Debug for CardStack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Serialize for CardStack {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.as_slice())
    }
}

impl<'de> Deserialize<'de> for CardStack {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        if cards.len() > CARD_COUNT {
            return Err(D::Error::custom(format!("{} cards in one stack; the game has {CARD_COUNT}", cards.len())));
        }
        Ok(CardStack::from_slice(&cards))
    }
}

/// A restriction card (004:9, 004:58-63).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Restriction {
    /// The row must include this colour (004:58-59).
    Colour(Colour),
    /// Only even numbers in the row; 0 is even (004:62, gap T6).
    Even,
    /// Only odd numbers in the row (004:62).
    Odd,
    /// The row must ascend (004:60-61).
    Ascending,
    /// The row must descend (004:60).
    Descending,
}

impl fmt::Display for Restriction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Restriction::Colour(colour) => write!(f, "must include {colour}"),
            Restriction::Even => f.write_str("even numbers only"),
            Restriction::Odd => f.write_str("odd numbers only"),
            Restriction::Ascending => f.write_str("ascending only"),
            Restriction::Descending => f.write_str("descending only"),
        }
    }
}

/// The colours each seat holds, by seat (shown when play ends, 004:48).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct HeldColours {
    len: u8,
    colours: [Colours; MAX_PLAYERS],
}

impl HeldColours {
    /// The colours of each hand.
    pub fn of_hands(hands: &[Cards]) -> Self {
        let mut held = HeldColours::default();
        for (slot, hand) in held.colours.iter_mut().zip(hands) {
            *slot = hand.colours();
        }
        held.len = hands.len().min(MAX_PLAYERS) as u8;
        held
    }

    /// One entry per seat.
    pub fn as_slice(&self) -> &[Colours] {
        &self.colours[..usize::from(self.len)]
    }

    /// The colours `seat` holds (empty for a seat not at the table).
    pub fn seat(&self, seat: Seat) -> Colours {
        self.as_slice().get(seat.index()).copied().unwrap_or_default()
    }
}

impl fmt::Display for HeldColours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, colours) in self.as_slice().iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "seat {}: {colours}", i + 1)?;
        }
        Ok(())
    }
}

impl fmt::Debug for HeldColours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Serialize for HeldColours {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.as_slice())
    }
}

impl<'de> Deserialize<'de> for HeldColours {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let list = Vec::<Colours>::deserialize(deserializer)?;
        if list.len() > MAX_PLAYERS {
            return Err(D::Error::custom(format!("{} seats; at most {MAX_PLAYERS}", list.len())));
        }
        let mut held = HeldColours { len: list.len() as u8, ..HeldColours::default() };
        held.colours[..list.len()].copy_from_slice(&list);
        Ok(held)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_read_and_write() {
        let card: Card = "g7".parse().expect("card");
        assert_eq!((card.colour(), card.number(), card.to_string()), (Colour::Green, 7, "G7".to_owned()));
        assert!("X1".parse::<Card>().is_err());
        assert!("G10".parse::<Card>().is_err());
        assert_eq!(serde_json::to_string(&card).expect("json"), "\"G7\"");
        let set: Cards = ["P9", "O0"].iter().map(|t| t.parse::<Card>().expect("card")).collect();
        assert_eq!(serde_json::to_string(&set).expect("json"), r#"["O0","P9"]"#);
        assert!(serde_json::from_str::<Cards>(r#"["O0","O0"]"#).is_err());
        assert_eq!(set.colours(), [Colour::Orange, Colour::Pink].into_iter().collect());
    }

    #[test]
    fn stacks_are_bounded() {
        let mut stack = CardStack::new();
        for id in 0..60u8 {
            stack.push(Card(id % 50));
        }
        assert_eq!(stack.len(), CARD_COUNT);
        assert_eq!(stack.pop().map(|c| c.id()), Some(49));
    }
}
