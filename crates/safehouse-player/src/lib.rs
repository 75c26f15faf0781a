//! The Safehouse player protocol: an outside program plays a seat, like a chess engine speaks UCI.
//!
//! Safehouse starts the program, writes one JSON object per line to its stdin (`hello`, then per
//! game `start`, a `move` request for each decision with the seat's view, the legal actions and
//! a time budget, and `end`), and reads one line per `move` from its stdout: the index of a
//! legal action, or the action itself. `docs/player-protocol.md` is the reference, with a
//! worked example; `examples/` has two Python bots.
//!
//! - [`protocol`]: the messages (versioned, [`protocol::VERSION`]) and how an answer is read.
//! - [`process`]: one child process, spoken to in lines with deadlines on threads of its own,
//!   so a silent or stuck program never holds the caller past its budget.
//! - [`seat`]: pools of long-lived processes, one seat of one game ([`SeatDriver`]), and what a
//!   failure (garbage, an illegal answer, silence, a crash) costs, with counts for the report.
//! - [`ExecBot`]: a program as a [`safehouse_bots::Bot`], for the simulator; the server's live
//!   seats (`safehouse bot`) use [`SeatDriver`] on the view JSON they receive.
//!
//! Only a seat's view (the game's `view` JSON, as `Bot::choose` and `DynMatch::view` give it)
//! and its legal actions are ever written to a program.

mod bot;
pub mod process;
pub mod protocol;
pub mod seat;

pub use bot::{ExecBot, SharedSeat};
pub use process::{Program, ProgramError};
pub use protocol::{Answer, AnswerError, GameContext, PROTOCOL, ToProgram, VERSION, read_answer};
pub use seat::{
    DecisionTime, ExecSettings, FailureCounts, FailureKind, OnFailure, ProgramPool, SeatDriver, SeatFailure,
};

/// The prefix of an outside program's bot kind: `exec:<command line>`.
pub const EXEC_PREFIX: &str = "exec:";

/// The command line of an `exec:<command>` bot kind, if `kind` is one.
pub fn exec_command(kind: &str) -> Option<&str> {
    kind.trim().strip_prefix(EXEC_PREFIX).map(str::trim)
}
