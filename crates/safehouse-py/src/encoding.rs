//! Fixed-length observation tensors and fixed action indexing, per game, from a seat's view.
//!
//! An [`RlGame`] encodes a seat's view (never the state: the functions take only the view, so
//! nothing a seat may not know can reach its tensor) into `f32`s with an [`Encoder`], and maps
//! each action to an index in a fixed `Discrete(N)` space. `N` and the tensor's length depend
//! only on the game, the player count and options fixed at setup (never on the course of play),
//! and are the same for every seat, as RLlib and PettingZoo's vector wrappers require.
//!
//! Conventions shared by every game: seats are **relative to the viewer** (`seat+0` is the
//! viewer, `seat+1` the next seat clockwise...), counts are divided by their largest possible
//! value so that every entry lies in `[0, 1]` (scores in `[-1, 1]`), and an unknown value is 0
//! with a separate `known` flag where the difference matters.

mod club_unlock;
mod explosiv;
mod safe_breaker;
mod the_safe;

use safehouse_bots::BotGame;
use safehouse_engine::Seat;
use serde::Serialize;

/// One named slice of an observation tensor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Field {
    /// The field's name (`piles`, `seat+1.keys`...).
    pub name: String,
    /// Where it starts in the tensor.
    pub offset: usize,
    /// How many entries it has.
    pub len: usize,
    /// What the entries mean and how they are scaled.
    pub help: &'static str,
}

/// Writes an observation tensor field by field (and, when asked, the list of fields).
#[derive(Debug)]
pub struct Encoder<'a> {
    out: &'a mut Vec<f32>,
    fields: Option<&'a mut Vec<Field>>,
    seat: Option<usize>,
}

impl<'a> Encoder<'a> {
    /// An encoder appending to `out`.
    pub fn new(out: &'a mut Vec<f32>) -> Self {
        Encoder { out, fields: None, seat: None }
    }

    /// An encoder that also records every field it writes.
    pub fn recording(out: &'a mut Vec<f32>, fields: &'a mut Vec<Field>) -> Self {
        Encoder { out, fields: Some(fields), seat: None }
    }

    /// Names the following fields after the relative seat `offset` (`seat+offset.name`), until
    /// [`Encoder::end_seat`].
    pub fn seat(&mut self, offset: usize) {
        self.seat = Some(offset);
    }

    /// Ends a [`Encoder::seat`] group.
    pub fn end_seat(&mut self) {
        self.seat = None;
    }

    /// Appends a field of exactly `len` entries, zeroed, then filled by `fill`.
    pub fn put(&mut self, name: &str, help: &'static str, len: usize, fill: impl FnOnce(&mut [f32])) {
        let offset = self.out.len();
        self.out.resize(offset + len, 0.0);
        fill(&mut self.out[offset..]);
        if let Some(fields) = self.fields.as_deref_mut() {
            let name = match self.seat {
                Some(seat) => format!("seat+{seat}.{name}"),
                None => name.to_owned(),
            };
            fields.push(Field { name, offset, len, help });
        }
    }

    /// One entry.
    pub fn scalar(&mut self, name: &str, help: &'static str, value: f32) {
        self.put(name, help, 1, |s| s[0] = value);
    }

    /// A one-hot field of `len` entries (all zero for `None` or an index out of range).
    pub fn one_hot(&mut self, name: &str, help: &'static str, len: usize, index: Option<usize>) {
        self.put(name, help, len, |s| {
            if let Some(slot) = index.and_then(|i| s.get_mut(i)) {
                *slot = 1.0;
            }
        });
    }

    /// The `to_move` field every game has: the seat whose decision it is, relative to `viewer`.
    pub fn to_move(&mut self, viewer: Seat, to_move: Option<Seat>, players: usize) {
        self.one_hot(
            "to_move",
            "one-hot relative seat whose decision it is (all 0 once over)",
            players,
            to_move.map(|s| relative(viewer, s, players)),
        );
    }

    /// A field of `len` entries, entry `i` being bit `i` of `bits`.
    pub fn bits(&mut self, name: &str, help: &'static str, len: usize, bits: u64) {
        self.put(name, help, len, |s| {
            for (i, slot) in s.iter_mut().enumerate() {
                if i < 64 && bits >> i & 1 == 1 {
                    *slot = 1.0;
                }
            }
        });
    }
}

/// A game with a fixed observation encoding and action indexing (implemented for every game).
pub trait RlGame: BotGame {
    /// The size of the action space of a match like the one `view` shows (the same for every
    /// seat and throughout the match).
    fn action_space(view: &Self::View) -> usize;

    /// The index of `action` in `0..action_space`, for the seat whose `view` this is (the seat
    /// to move). Distinct legal actions always get distinct indices.
    fn action_index(view: &Self::View, action: &Self::Action) -> usize;

    /// Writes the observation tensor of `view` (the same length throughout the match).
    fn encode(view: &Self::View, encoder: &mut Encoder<'_>);
}

/// The fields of the observation tensor of `view`'s match.
pub fn fields<G: RlGame>(view: &G::View) -> Vec<Field> {
    let mut out = Vec::new();
    let mut fields = Vec::new();
    G::encode(view, &mut Encoder::recording(&mut out, &mut fields));
    fields
}

/// The observation tensor of `view`.
pub fn observation<G: RlGame>(view: &G::View) -> Vec<f32> {
    let mut out = Vec::new();
    G::encode(view, &mut Encoder::new(&mut out));
    out
}

/// `seat` as an offset from `viewer` at a table of `players` (0 is the viewer).
#[inline]
pub(crate) fn relative(viewer: Seat, seat: Seat, players: usize) -> usize {
    (seat.index() + players - viewer.index() % players) % players
}

/// `value / max` clamped to `[-1, 1]` (0 when `max` is 0).
#[inline]
pub(crate) fn scaled(value: f64, max: f64) -> f32 {
    if max <= 0.0 { 0.0 } else { (value / max).clamp(-1.0, 1.0) as f32 }
}
