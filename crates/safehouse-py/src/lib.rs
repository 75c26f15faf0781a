//! Safehouse from Python: the pure-Rust core of the `safehouse` wheel, and (with the `python`
//! feature, which maturin turns on) the PyO3 extension module `safehouse._native`.
//!
//! What is here:
//! - [`encoding`]: for every game, a fixed-length observation tensor built from a seat's view
//!   only, and a fixed action indexing (`Discrete(N)` per game and player count). They live in
//!   Rust so that the PettingZoo environments and the batched [`vector`] share one definition;
//!   every field is listed by [`encoding::fields`] and documented in `docs/python.md`.
//! - [`encoded`]: a live match that speaks both JSON (the engine's [`DynMatch`]) and the
//!   encoding ([`EncodedMatch`]), made by game id through [`new_match`] and [`replay`].
//! - [`state`]: a bare state with the encoding, for search (OpenSpiel) and determinization.
//! - [`vector`]: N games stepped together on all cores (rayon), auto-resetting finished games.
//! - `python` (feature `python`): the bindings; the Python-side wrappers are plain Python in
//!   `python/safehouse/`.
//!
//! [`DynMatch`]: safehouse_engine::DynMatch

pub mod encoded;
pub mod encoding;
#[cfg(feature = "python")]
mod python;
pub mod state;
pub mod vector;

pub use encoded::{EncodedMatch, PyError, new_match, replay};
pub use encoding::{Encoder, Field, RlGame};
pub use state::EncodedState;
pub use vector::{VecEnv, vec_env};
