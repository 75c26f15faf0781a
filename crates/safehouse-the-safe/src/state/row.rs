//! One row under a colour card: the cards in it and what it accepts next.
//!
//! A row keeps, for each direction, the set of values its last card can still stand for
//! (gap T5): a card counts as its number, a 0 as 0 or 10 (004:42). The sets narrow with every
//! card and a direction drops out when no reading is left, so "the third card decides" (004:43)
//! falls out by itself. Each row also caches the mask of cards it accepts, so that legal actions
//! and "can this seat play?" are a few bit operations. A type of the state, below the rules that
//! decide with it.

use serde::{Deserialize, Serialize};

use crate::cards::{Card, CardStack, Cards, Colours, Restriction};

/// Face numbers 0, 2, 4, 6, 8 (0 is even, gap T6).
pub(crate) const EVEN: u16 = 0b01_0101_0101;
/// Face numbers 1, 3, 5, 7, 9.
pub(crate) const ODD: u16 = 0b10_1010_1010;
/// Values 0 to 10.
const VALUES: u16 = 0x7FF;

/// For each set of colours (5 bits), bit `10 * c` set for each colour `c` in it.
const SPREAD: [u64; 32] = {
    let mut table = [0u64; 32];
    let mut set = 0;
    while set < 32 {
        let mut c = 0;
        while c < 5 {
            if set & (1 << c) != 0 {
                table[set] |= 1 << (10 * c);
            }
            c += 1;
        }
        set += 1;
    }
    table
};

/// The values (bit `v`, 0..=10) a card of face number `n` can stand for: 0 is 0 or 10 (004:42).
#[inline]
fn values_of(number: u8) -> u16 {
    if number == 0 { 1 | 1 << 10 } else { 1 << number }
}

/// Face numbers (bit `n`, 0..=9) that can follow in an ascending row whose last value is at
/// least `floor`: every number from `floor`, and always 0 (as 10).
#[inline]
fn numbers_up_from(floor: u32) -> u16 {
    (0x3FE & !((1u16 << floor) - 1)) | 1
}

/// Face numbers that can follow in a descending row whose last value is at most `ceiling`:
/// every number up to `ceiling`, and always 0 (as 0).
#[inline]
fn numbers_down_to(ceiling: u32) -> u16 {
    (((1u16 << (ceiling.min(9) + 1)) - 1) & 0x3FE) | 1
}

/// The direction of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Each card at least the one before (004:37-38).
    Ascending,
    /// Each card at most the one before.
    Descending,
}

/// One still-consistent reading of a row: its direction and the value its last card stands for
/// (the card's number; for a 0, 0 or 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Reading {
    /// The direction.
    pub direction: Direction,
    /// The value of the last card under that direction, 0 to 10.
    pub last: u8,
}

/// What a row's colour card and restriction allow: its cap and the restriction in force.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RowRule {
    pub(crate) cap: u8,
    pub(crate) restriction: Option<Restriction>,
    pub(crate) in_play: Colours,
    pub(crate) reserve_slot: bool,
}

/// The cards under one colour card and what they allow next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    pub(crate) cards: CardStack,
    pub(crate) colours: Colours,
    /// Values the last card can stand for if the row ascends (empty row: bit 0 if it may ascend).
    pub(crate) ascending: u16,
    /// Values the last card can stand for if the row descends (empty row: bit 10 if it may descend).
    pub(crate) descending: u16,
    /// The cards this row accepts now (cached; only ever shrinks within a mission).
    pub(crate) playable: Cards,
}

impl Row {
    /// An empty row under a restriction (a direction restriction removes a direction).
    pub(crate) fn empty(restriction: Option<Restriction>) -> Row {
        Row {
            ascending: if restriction == Some(Restriction::Descending) { 0 } else { 1 },
            descending: if restriction == Some(Restriction::Ascending) { 0 } else { 1 << 10 },
            ..Row::default()
        }
    }

    /// The cards, in the order played.
    pub fn cards(&self) -> &[Card] {
        self.cards.as_slice()
    }

    /// The colours in the row.
    pub fn colours(&self) -> Colours {
        self.colours
    }

    /// The cards the row accepts now.
    pub fn playable(&self) -> Cards {
        self.playable
    }

    /// Every still-consistent (direction, value of the last card) reading; empty for an empty row.
    pub fn readings(&self) -> Vec<Reading> {
        if self.cards.is_empty() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (direction, set) in [(Direction::Ascending, self.ascending), (Direction::Descending, self.descending)] {
            for last in 0..=10u8 {
                if set & (1 << last) != 0 {
                    out.push(Reading { direction, last });
                }
            }
        }
        out
    }

    /// The directions still open.
    pub fn directions(&self) -> Vec<Direction> {
        let mut out = Vec::new();
        if self.ascending != 0 {
            out.push(Direction::Ascending);
        }
        if self.descending != 0 {
            out.push(Direction::Descending);
        }
        out
    }

    /// Face numbers (bit `n`) the row's direction and parity accept.
    #[inline]
    fn numbers(&self, restriction: Option<Restriction>) -> u16 {
        let mut numbers = 0;
        if self.ascending != 0 {
            numbers |= numbers_up_from(self.ascending.trailing_zeros());
        }
        if self.descending != 0 {
            numbers |= numbers_down_to(15 - self.descending.leading_zeros());
        }
        match restriction {
            Some(Restriction::Even) => numbers & EVEN,
            Some(Restriction::Odd) => numbers & ODD,
            _ => numbers,
        }
    }

    /// Colours the row accepts: those already in it, and new ones while the cap leaves room
    /// (004:36); a colour restriction keeps the last free slot for its colour (004:59, gap T4).
    #[inline]
    pub(crate) fn allowed_colours(&self, rule: RowRule) -> Colours {
        let free = rule.cap.saturating_sub(self.colours.len() as u8);
        let missing = match rule.restriction {
            Some(Restriction::Colour(colour)) if rule.reserve_slot && !self.colours.contains(colour) => Some(colour),
            _ => None,
        };
        let mut allowed = self.colours;
        match missing {
            None if free >= 1 => allowed = rule.in_play,
            Some(_) if free >= 2 => allowed = rule.in_play,
            Some(colour) if free == 1 => allowed.insert(colour),
            _ => {}
        }
        allowed.intersect(rule.in_play)
    }

    #[inline]
    pub(crate) fn refresh(&mut self, rule: RowRule) {
        let numbers = u64::from(self.numbers(rule.restriction));
        let colours = self.allowed_colours(rule).bits();
        // One 10-bit lane per colour: multiplying copies the number mask into every lane set
        // in the spread (the lanes never overlap, so nothing carries).
        self.playable = Cards::from_bits(numbers * SPREAD[usize::from(colours & 0x1F)]);
    }

    /// Places a card the row accepts.
    #[inline]
    pub(crate) fn place(&mut self, card: Card) {
        let values = values_of(card.number());
        if self.ascending != 0 {
            self.ascending = values & VALUES & !((1u16 << self.ascending.trailing_zeros()) - 1);
        }
        if self.descending != 0 {
            let ceiling = 15 - self.descending.leading_zeros();
            self.descending = values & ((1u16 << (ceiling + 1)) - 1);
        }
        self.cards.push(card);
        self.colours.insert(card.colour());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Colour;

    fn rule() -> RowRule {
        RowRule { cap: 5, restriction: None, in_play: Colours::first(5), reserve_slot: true }
    }

    fn row_of(numbers: &[u8]) -> Row {
        let mut row = Row::empty(None);
        for &n in numbers {
            let card = Card::new(Colour::Orange, n).expect("card");
            row.refresh(rule());
            assert!(row.playable.contains(card), "{n} after {numbers:?}");
            row.place(card);
        }
        row.refresh(rule());
        row
    }

    #[test]
    fn masks() {
        assert_eq!(numbers_up_from(0), 0x3FF);
        assert_eq!(numbers_up_from(10), 1);
        assert_eq!(numbers_up_from(5), 0b11_1110_0001);
        assert_eq!(numbers_down_to(10), 0x3FF);
        assert_eq!(numbers_down_to(0), 1);
        assert_eq!(numbers_down_to(3), 0b1111);
    }

    #[test]
    fn zero_readings() {
        let r = row_of(&[0]);
        assert_eq!((r.ascending, r.descending), (1 | 1 << 10, 1 | 1 << 10));
        let r = row_of(&[0, 1]);
        assert_eq!((r.ascending, r.descending), (1 << 1, 1 << 1));
        let r = row_of(&[0, 1, 3]);
        assert_eq!((r.ascending, r.descending), (1 << 3, 0));
        let r = row_of(&[2, 0]);
        assert_eq!((r.ascending, r.descending), (1 << 10, 1));
    }
}
