//! A small fixed-capacity vector: the state lives in one block of memory, so cloning it and
//! playing it out never touches the heap.

use std::fmt;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

use serde::de::{Error as _, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Up to `N` items stored inline (`N` at most 255). Serialises as a plain JSON list.
#[derive(Clone, Copy)]
pub struct FixedVec<T: Copy + Default, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Copy + Default, const N: usize> FixedVec<T, N> {
    /// An empty vector.
    pub fn new() -> Self {
        FixedVec { items: [T::default(); N], len: 0 }
    }

    /// The items of a slice, or `None` if there are more than `N`.
    pub fn from_slice(items: &[T]) -> Option<Self> {
        let mut out = Self::new();
        for &item in items {
            if !out.push(item) {
                return None;
            }
        }
        Some(out)
    }

    /// Most items it can hold.
    pub const fn capacity() -> usize {
        N
    }

    /// Appends an item; returns `false` (and keeps nothing) when full.
    #[inline]
    pub fn push(&mut self, item: T) -> bool {
        let len = usize::from(self.len);
        match self.items.get_mut(len) {
            Some(slot) => {
                *slot = item;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// Removes and returns the last item.
    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[usize::from(self.len)])
    }

    /// Removes every item.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The items as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }

    /// The items as a mutable slice.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..usize::from(self.len)]
    }
}

impl<T: Copy + Default, const N: usize> Default for FixedVec<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Default, const N: usize> Deref for FixedVec<T, N> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for FixedVec<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for FixedVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for FixedVec<T, N> {}

impl<T: Copy + Default + std::hash::Hash, const N: usize> std::hash::Hash for FixedVec<T, N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T: Copy + Default + fmt::Debug, const N: usize> fmt::Debug for FixedVec<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Copy + Default + Serialize, const N: usize> Serialize for FixedVec<T, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.as_slice())
    }
}

struct FixedVecVisitor<T, const N: usize>(PhantomData<T>);

impl<'de, T: Copy + Default + Deserialize<'de>, const N: usize> Visitor<'de> for FixedVecVisitor<T, N> {
    type Value = FixedVec<T, N>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a list of at most {N} items")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut out = FixedVec::new();
        while let Some(item) = seq.next_element()? {
            if !out.push(item) {
                return Err(A::Error::custom(format!("more than {N} items")));
            }
        }
        Ok(out)
    }
}

impl<'de, T: Copy + Default + Deserialize<'de>, const N: usize> Deserialize<'de> for FixedVec<T, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(FixedVecVisitor::<T, N>(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_pop_and_capacity() {
        let mut v: FixedVec<u8, 2> = FixedVec::new();
        assert!(v.push(1));
        assert!(v.push(2));
        assert!(!v.push(3));
        assert_eq!(v.as_slice(), &[1, 2]);
        assert_eq!(v.pop(), Some(2));
        assert_eq!(v.len(), 1);
    }

    #[test]
    fn equality_ignores_stale_slots() {
        let mut a: FixedVec<u8, 3> = FixedVec::new();
        a.push(7);
        a.push(9);
        a.pop();
        let b = FixedVec::<u8, 3>::from_slice(&[7]).unwrap_or_default();
        assert_eq!(a, b);
    }

    #[test]
    fn serde_is_a_plain_list_and_checks_capacity() {
        let v = FixedVec::<u8, 3>::from_slice(&[1, 2]).unwrap_or_default();
        let json = serde_json::to_string(&v).unwrap_or_default();
        assert_eq!(json, "[1,2]");
        let back: FixedVec<u8, 3> = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(back, v);
        assert!(serde_json::from_str::<FixedVec<u8, 3>>("[1,2,3,4]").is_err());
    }
}
