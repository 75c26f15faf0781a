//! What one seat (or a spectator) may know, filtered events, and the text drawing of a view
//! for the terminal. Determinization, which draws from the deduction, is in [`crate::deduction`].
//!
//! A seat's view is its **whole information set**: its own code, every part lying face up,
//! and the full log of questions, answers and guesses. The log is always in the view, even
//! when `question_history` hides it from people: every answer is said aloud at the table, so a
//! program could record it anyway and hiding it from programs could not be enforced (S9).
//! The option only changes what the view's text (and the web table) show.

use std::fmt;

use safehouse_engine::words::{count, ordinal};
use safehouse_engine::{Seat, SetupError, Viewer};
use serde::{Deserialize, Serialize};

use crate::actions::{Entry, Event, OutReason};
use crate::cards::{Code, Colour, MAX_PLAYERS, Number, SeatSet};
use crate::options::{Options, QuestionHistory};
use crate::state::{SafeBreaker, Status};

/// One seat as everybody sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// Playing or out.
    #[serde(flatten)]
    pub status: Status,
    /// The lock, if it lies face up.
    pub lock: Option<Colour>,
    /// The key, if it lies face up.
    pub key: Option<Number>,
}

impl SeatView {
    /// The whole code, if both halves lie face up.
    pub fn code(&self) -> Option<Code> {
        Some(Code::new(self.lock?, self.key?))
    }
}

/// What one seat (or a spectator) knows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who is looking.
    pub viewer: Viewer,
    /// The options (public; `question_history` says how much of `log` to show a person).
    pub options: Options,
    /// The viewer's own code (`None` for a spectator).
    pub own_code: Option<Code>,
    /// Every seat as everybody sees it, by seat.
    pub seats: Vec<SeatView>,
    /// Set-aside locks lying face up (Quick Game).
    pub exposed_locks: Vec<Colour>,
    /// Set-aside keys lying face up (Quick Game).
    pub exposed_keys: Vec<Number>,
    /// The seat that started.
    pub first_player: Seat,
    /// Whose decision it is (`None` once the game is over).
    pub to_move: Option<Seat>,
    /// Every question, answer and guess so far, oldest first.
    pub log: Vec<Entry>,
}

impl View {
    /// Number of seats.
    pub fn players(&self) -> usize {
        self.seats.len()
    }

    /// The viewing seat, if a player.
    pub fn seat(&self) -> Option<Seat> {
        self.viewer.seat()
    }

    /// Seats still in the game.
    pub fn active(&self) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for (i, seat) in self.seats.iter().enumerate() {
            if seat.status.is_active() {
                set.insert(Seat(i as u8));
            }
        }
        set
    }

    /// What a seat knows of a seat's code: its own code, or what lies face up.
    pub fn known_code(&self, seat: Seat) -> Option<Code> {
        if self.viewer.is(seat) && self.own_code.is_some() {
            return self.own_code;
        }
        self.seats.get(seat.index())?.code()
    }

    /// The part of the log a person is shown under the `question_history` option (S9).
    pub fn shown_log(&self) -> &[Entry] {
        match self.options.question_history {
            QuestionHistory::Full => &self.log,
            QuestionHistory::LastN => {
                let n = usize::from(self.options.question_history_count).min(self.log.len());
                &self.log[self.log.len() - n..]
            }
            QuestionHistory::None => &[],
        }
    }
}

impl SafeBreaker {
    pub(crate) fn build_view(&self, viewer: Viewer) -> View {
        let seats = self
            .seats
            .iter()
            .map(|s| SeatView {
                status: s.status,
                lock: s.lock_shown.then_some(s.code.colour),
                key: s.key_shown.then_some(s.code.number),
            })
            .collect();
        View {
            viewer,
            options: self.options.clone(),
            own_code: viewer.seat().and_then(|s| self.seats.get(s.index())).map(|s| s.code),
            seats,
            exposed_locks: self.exposed_locks.clone(),
            exposed_keys: self.exposed_keys.clone(),
            first_player: self.first_player,
            to_move: self.to_move,
            log: self.log.clone(),
        }
    }

    /// Only a face-down code is hidden: from everybody but its owner.
    pub(crate) fn filter_event(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        match *event {
            Event::Eliminated { seat, reason, face_up: false, code: Some(_) } if !viewer.is(seat) => {
                Some(Event::Eliminated { seat, reason, face_up: false, code: None })
            }
            _ => Some(*event),
        }
    }
}

/// Checks the parts of a view that are not about codes (a view read from JSON may be anything).
pub(crate) fn check_shape(view: &View) -> Result<(), SetupError> {
    let bad = |why: String| Err(SetupError::InconsistentView(why));
    let players = view.players();
    if !(2..=MAX_PLAYERS).contains(&players) {
        return bad(format!("{players} seats"));
    }
    let in_range = |seat: Seat| seat.index() < players;
    if let Some(seat) = view.viewer.seat() {
        if !in_range(seat) {
            return bad(format!("viewer {seat} is not at the table"));
        }
        if view.own_code.is_none() {
            return bad("a seat's view without its own code".into());
        }
    }
    if !in_range(view.first_player) {
        return bad("first player is not at the table".into());
    }
    let active = view.active();
    match view.to_move {
        Some(seat) if !active.contains(seat) => return bad(format!("{seat} is to move but out of the game")),
        Some(_) if active.len() < 2 => return bad("the game should be over".into()),
        None if active.len() != 1 => return bad("the game is over but not one player is left".into()),
        _ => {}
    }
    for entry in &view.log {
        let ok = match *entry {
            Entry::Question { asker, no, yes, .. } => {
                in_range(asker) && no.iter().all(in_range) && yes.is_none_or(in_range)
            }
            Entry::Guess { guesser, target, .. } => in_range(guesser) && in_range(target),
        };
        if !ok {
            return bad(format!("log entry {entry:?} names a seat that is not at the table"));
        }
    }
    Ok(())
}

/// The board as text (the terminal's and the protocol's `view_text`). Seats are numbered from 1,
/// as the terminal's move list and the web table number them (the JSON keeps seat indices from 0).
impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Safe Breaker, {} players.", self.players())?;
        match (self.seat(), self.own_code) {
            (Some(seat), Some(code)) => {
                writeln!(f, " You are seat {}; your code is {code} ({}).", seat.0 + 1, code.short())?
            }
            _ => writeln!(f, " You are watching.")?,
        }
        for (i, s) in self.seats.iter().enumerate() {
            let seat = Seat(i as u8);
            let status = match s.status {
                Status::Active => "in play".to_owned(),
                Status::Out { reason: OutReason::Cracked, order } => format!("out {} (cracked)", ordinal(order)),
                Status::Out { reason: OutReason::WrongGuess, order } => format!("out {} (wrong guess)", ordinal(order)),
            };
            let own = if self.viewer.is(seat) { self.own_code } else { None };
            let lock = s.lock.or(own.map(|c| c.colour)).map_or('?', |c| c.letter());
            let key = s.key.or(own.map(|c| c.number)).map_or("?".to_owned(), |n| n.to_string());
            let mut line = format!("  seat {}  {status:<22} {lock}{key}", seat.0 + 1);
            if self.viewer.is(seat) {
                line.push_str("  (you)");
            } else if matches!(s.status, Status::Out { .. }) && s.code().is_none() {
                line.push_str("  face down");
            }
            if self.to_move == Some(seat) {
                line.push_str("  <- to play");
            }
            writeln!(f, "{line}")?;
        }
        if !self.exposed_locks.is_empty() || !self.exposed_keys.is_empty() {
            let locks: Vec<String> = self.exposed_locks.iter().map(|c| c.name().to_owned()).collect();
            let keys: Vec<String> = self.exposed_keys.iter().map(|n| n.to_string()).collect();
            writeln!(f, "Set aside, face up: locks [{}], keys [{}].", locks.join(", "), keys.join(", "))?;
        }
        match self.to_move {
            Some(seat) if self.viewer.is(seat) => writeln!(f, "Your turn.")?,
            Some(seat) => writeln!(f, "Seat {} to play.", seat.0 + 1)?,
            None => {
                let winner = self.active().iter().next().map_or("nobody".to_owned(), |s| format!("seat {}", s.0 + 1));
                writeln!(f, "Game over: {winner} is the last player standing.")?;
            }
        }
        let shown = self.shown_log();
        match self.options.question_history {
            QuestionHistory::None => writeln!(f, "No notes: the log is not shown (play from memory).")?,
            _ if self.log.is_empty() => writeln!(f, "Nothing asked yet.")?,
            QuestionHistory::Full => writeln!(f, "Log ({}):", count(self.log.len() as u64, "entry", "entries"))?,
            QuestionHistory::LastN => writeln!(f, "Log (last {} of {}):", shown.len(), self.log.len())?,
        }
        for entry in shown {
            writeln!(f, "  {entry}")?;
        }
        Ok(())
    }
}
