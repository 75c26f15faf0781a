//! The table server's HTTP and WebSocket messages, as types (`docs/server.md`): the seats as
//! everyone sees them, the clocks, a viewer's `welcome` and `update` pushes (and the view answer,
//! a welcome without its `type`), and the request and answer bodies of acting and joining (at the
//! root); the bodies of the rest of the API in modules named for what they hold: [`matches`](mod@matches)
//! (games, creating and listing matches, records), [`tables`] (waiting rooms and the lobby),
//! [`chat`], [`rematch`], [`notify`] ("your turn" subscriptions), [`devices`] (a seat's one-time
//! link for another device), [`settings`] (a table's) and [`log`] (a viewer's game log). Every
//! error is an [`ErrorBody`]; every request body is read with its structs from JSON objects only
//! ([`object`]).
//!
//! The server writes these and the web table reads and writes them, so neither keeps a copy of
//! the other's; the JSON forms are the API's and are pinned by `tests/wire.rs`. With the
//! `schema` feature (the server turns it on) each type also describes itself for `/openapi.json`.

mod bounded;
pub mod chat;
mod clock;
pub mod commands;
pub mod devices;
mod difficulty;
mod error;
#[cfg(feature = "axum")]
pub mod extract;
pub mod log;
pub mod matches;
mod messages;
pub mod notify;
pub mod object;
pub mod rematch;
mod requests;
mod seats;
pub mod settings;
pub mod tables;

pub use clock::{ClockView, MoveDeadline, OnTimeout, TimeControl};
pub use difficulty::Difficulty;
pub use error::{ErrorBody, ErrorDetail};
pub use messages::{Legal, MessageType, Notice, Update, Welcome};
pub use requests::{ActRequest, ActResponse, JoinNow, JoinRequest, Joined, PresenceResponse, SeatRequest, TokenQuery};
pub use seats::{SeatInfo, SeatKind};
