//! A set of at most eight small values (seats, colours) in one byte: copying it is free,
//! membership is one mask, and iterating it allocates nothing, so the games' hot paths can
//! hold sets of seats or colours in their states.

use std::fmt;
use std::marker::PhantomData;

use crate::Seat;

/// A value a [`BitSet8`] can hold: one of at most eight, each with its own bit.
pub trait BitSetItem: Copy {
    /// How many values there are (at most 8): their bits are `0..COUNT`.
    const COUNT: u8;
    /// The value's bit, below [`BitSetItem::COUNT`]; `None` for a value that has none (a seat
    /// past the eighth), which no set holds.
    fn bit(self) -> Option<u8>;
    /// The value of a bit below [`BitSetItem::COUNT`].
    fn from_bit(bit: u8) -> Self;
}

impl BitSetItem for Seat {
    const COUNT: u8 = 8;

    #[inline]
    fn bit(self) -> Option<u8> {
        (self.0 < 8).then_some(self.0)
    }

    #[inline]
    fn from_bit(bit: u8) -> Self {
        Seat(bit)
    }
}

/// A set of [`BitSetItem`]s as a bit mask (bit `i` = the value whose bit is `i`), iterated in
/// bit order.
pub struct BitSet8<T> {
    bits: u8,
    items: PhantomData<fn() -> T>,
}

impl<T: BitSetItem> BitSet8<T> {
    /// The empty set.
    pub const EMPTY: BitSet8<T> = BitSet8 { bits: 0, items: PhantomData };

    /// The set of the values whose bits are set in `bits` (bits of no value are dropped).
    #[inline]
    pub fn from_bits(bits: u8) -> BitSet8<T> {
        BitSet8 { bits: bits & Self::first(usize::from(T::COUNT)).bits, items: PhantomData }
    }

    /// The values of the first `count` bits (all of them if `count` is more).
    #[inline]
    pub fn first(count: usize) -> BitSet8<T> {
        let count = count.min(usize::from(T::COUNT));
        BitSet8 { bits: ((1u16 << count) - 1) as u8, items: PhantomData }
    }

    /// Whether `item` is in the set.
    #[inline]
    pub fn contains(self, item: T) -> bool {
        item.bit().is_some_and(|bit| self.bits & (1 << bit) != 0)
    }

    /// Adds `item` (a value without a bit is ignored).
    #[inline]
    pub fn insert(&mut self, item: T) {
        if let Some(bit) = item.bit() {
            self.bits |= 1 << bit;
        }
    }

    /// Removes `item`.
    #[inline]
    pub fn remove(&mut self, item: T) {
        if let Some(bit) = item.bit() {
            self.bits &= !(1 << bit);
        }
    }

    /// Number of values in the set.
    #[inline]
    pub fn len(self) -> usize {
        self.bits.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// The values in both sets.
    #[inline]
    pub fn intersection(self, other: BitSet8<T>) -> BitSet8<T> {
        BitSet8 { bits: self.bits & other.bits, items: PhantomData }
    }

    /// The values, lowest bit first.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = T> + Clone {
        let mut bits = self.bits;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let bit = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(T::from_bit(bit))
        })
    }

    /// The values in cyclic bit order starting after `item`'s bit (the order a question goes
    /// round a table), `item` itself last if it is in the set.
    pub fn iter_after(self, item: T) -> impl Iterator<Item = T> + Clone {
        let count = T::COUNT;
        let start = item.bit().unwrap_or(count - 1);
        (1..=count).map(move |i| (start + i) % count).filter(move |bit| self.bits & (1 << bit) != 0).map(T::from_bit)
    }

    /// The raw mask.
    #[inline]
    pub fn bits(self) -> u8 {
        self.bits
    }
}

// Derived impls would ask the same of `T`; a set is a byte whatever it holds.
impl<T> Clone for BitSet8<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for BitSet8<T> {}

impl<T> Default for BitSet8<T> {
    fn default() -> Self {
        BitSet8 { bits: 0, items: PhantomData }
    }
}

impl<T> PartialEq for BitSet8<T> {
    fn eq(&self, other: &Self) -> bool {
        self.bits == other.bits
    }
}

impl<T> Eq for BitSet8<T> {}

impl<T> std::hash::Hash for BitSet8<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.bits.hash(state);
    }
}

impl<T: BitSetItem + fmt::Debug> fmt::Debug for BitSet8<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<T: BitSetItem> FromIterator<T> for BitSet8<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut set = BitSet8::EMPTY;
        for item in iter {
            set.insert(item);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use super::*;

    /// A value with five bits, as The Safe's colours.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    struct Five(u8);

    impl BitSetItem for Five {
        const COUNT: u8 = 5;
        fn bit(self) -> Option<u8> {
            (self.0 < 5).then_some(self.0)
        }
        fn from_bit(bit: u8) -> Self {
            Five(bit)
        }
    }

    #[test]
    fn a_set_holds_what_was_inserted_and_nothing_past_its_values() {
        let mut seats = BitSet8::<Seat>::EMPTY;
        seats.insert(Seat(5));
        seats.insert(Seat(0));
        seats.insert(Seat(9));
        assert_eq!(seats.iter().collect::<Vec<_>>(), [Seat(0), Seat(5)]);
        assert!(seats.contains(Seat(5)) && !seats.contains(Seat(9)) && !seats.contains(Seat(1)));
        assert_eq!(seats.bits(), 0b10_0001);
        assert_eq!(BitSet8::<Seat>::first(3).iter().collect::<Vec<_>>(), [Seat(0), Seat(1), Seat(2)]);
        assert_eq!(BitSet8::<Seat>::first(20).len(), 8);
        assert_eq!(BitSet8::<Five>::first(20).bits(), 0b1_1111);
        assert_eq!(BitSet8::<Five>::from_bits(0xff).bits(), 0b1_1111, "bits of no value are dropped");
        assert_eq!(
            BitSet8::<Seat>::first(6).iter_after(Seat(3)).collect::<Vec<_>>(),
            [Seat(4), Seat(5), Seat(0), Seat(1), Seat(2), Seat(3)]
        );
        assert_eq!(format!("{:?}", BitSet8::<Five>::from_bits(0b101)), "{Five(0), Five(2)}");
    }

    fn five() -> impl Strategy<Value = Five> {
        (0u8..6).prop_map(Five)
    }

    proptest! {
        /// Inserting, removing and asking give what a `BTreeSet` gives, in the same order.
        #[test]
        fn a_set_agrees_with_a_btreeset(ops in prop::collection::vec((any::<bool>(), five()), 0..40), probe in five()) {
            let mut set = BitSet8::<Five>::EMPTY;
            let mut oracle = BTreeSet::new();
            for (insert, item) in ops {
                if insert {
                    set.insert(item);
                    if item.0 < 5 {
                        oracle.insert(item);
                    }
                } else {
                    set.remove(item);
                    oracle.remove(&item);
                }
                prop_assert_eq!(set.iter().collect::<Vec<_>>(), oracle.iter().copied().collect::<Vec<_>>());
                prop_assert_eq!(set.len(), oracle.len());
                prop_assert_eq!(set.is_empty(), oracle.is_empty());
            }
            prop_assert_eq!(set.contains(probe), oracle.contains(&probe));
            let other: BitSet8<Five> = [Five(1), Five(3), probe].into_iter().collect();
            let both: BTreeSet<Five> = oracle.iter().copied().filter(|f| other.contains(*f)).collect();
            prop_assert_eq!(set.intersection(other).iter().collect::<BTreeSet<_>>(), both);
            let after: Vec<Five> = set.iter_after(probe).collect();
            let start = probe.0.min(4);
            let mut expected: Vec<Five> = oracle.iter().copied().filter(|f| f.0 > start).collect();
            expected.extend(oracle.iter().copied().filter(|f| f.0 <= start));
            prop_assert_eq!(after, expected);
        }
    }
}
