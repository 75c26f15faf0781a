//! A seat played by an outside program: a pool of long-lived processes per command, and the
//! driver of one seat in one game, with the rules for what happens when a program fails.
//!
//! A process plays one game at a time and is reused for later games ([`ProgramPool`]): a game
//! leases a process at its first decision, sends `start`, asks for every decision, sends `end`
//! and gives the process back. What a failure costs ([`SeatDriver::ask`]):
//!
//! - garbage or an illegal answer: that decision is made by the fallback; the process keeps
//!   the seat (it answered, so it is still in step);
//! - silence past the budget, a crash, or a process that cannot be started: the process is
//!   killed and the fallback plays the seat for the rest of that game (so a silent program costs
//!   one budget per game, not one per decision); the next game starts a fresh process;
//! - with [`OnFailure::Forfeit`], the first failure of any kind forfeits the game for the seat
//!   (the fallback still finishes it, so the other seats' game goes on; the simulator then
//!   scores the seat last).

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::process::{Program, ProgramError};
use crate::protocol::{AnswerError, GameContext, ToProgram, read_answer};

/// Failure examples kept per pool for the report.
const EXAMPLES_KEPT: usize = 3;

/// What the seat does when its program fails.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnFailure {
    /// The fallback bot makes the decision (and, after a timeout or crash, the rest of the game's).
    #[default]
    Fallback,
    /// The seat forfeits the game at its first failure.
    Forfeit,
}

/// How outside programs are given their decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ExecSettings {
    /// Milliseconds a program has for each decision (the `budget_ms` it is told).
    pub budget_ms: u64,
    /// Extra milliseconds allowed for a process's first answer (an interpreter's start-up),
    /// counted from when it was started: a process started ahead ([`ProgramPool::prewarm`])
    /// has spent some of it by its first request.
    pub startup_ms: u64,
    /// What a failure costs.
    pub on_failure: OnFailure,
}

impl Default for ExecSettings {
    fn default() -> Self {
        ExecSettings { budget_ms: 1_000, startup_ms: 5_000, on_failure: OnFailure::Fallback }
    }
}

/// The kinds of failure a program can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    /// The command could not be started.
    Spawn,
    /// No answer within the budget.
    Timeout,
    /// The process ended (or closed its pipes).
    Crash,
    /// An answer that was not an answer.
    Garbage,
    /// An answer that named no legal action.
    Illegal,
}

/// What went wrong on one decision.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeatFailure {
    /// The program failed on this decision.
    #[error("{kind:?}: {message}")]
    Failed {
        /// What kind of failure.
        kind: FailureKind,
        /// Details for a person.
        message: String,
    },
    /// The program already failed earlier in this game (it is no longer asked).
    #[error("the program is out of this game after an earlier failure")]
    OutOfGame,
}

/// Counts over every seat a pool's processes played.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct FailureCounts {
    /// Processes started.
    pub processes: u64,
    /// Decisions the seat had.
    pub decisions: u64,
    /// Decisions the program answered with a legal action.
    pub answered: u64,
    /// Decisions the fallback bot made instead.
    pub fallback_moves: u64,
    /// Commands that could not be started.
    pub spawn: u64,
    /// Decisions not answered within the budget.
    pub timeouts: u64,
    /// Processes that ended while playing.
    pub crashes: u64,
    /// Answers that were not answers.
    pub garbage: u64,
    /// Answers naming no legal action.
    pub illegal: u64,
    /// Games forfeited (with [`OnFailure::Forfeit`]).
    pub forfeits: u64,
    /// Lines written when nothing was asked (ignored).
    pub unsolicited_lines: u64,
    /// The first few failures, in words.
    pub examples: Vec<String>,
}

impl FailureCounts {
    /// Failures of every kind.
    pub fn failures(&self) -> u64 {
        self.spawn + self.timeouts + self.crashes + self.garbage + self.illegal
    }

    fn count(&mut self, kind: FailureKind, message: &str) {
        match kind {
            FailureKind::Spawn => self.spawn += 1,
            FailureKind::Timeout => self.timeouts += 1,
            FailureKind::Crash => self.crashes += 1,
            FailureKind::Garbage => self.garbage += 1,
            FailureKind::Illegal => self.illegal += 1,
        }
        if self.examples.len() < EXAMPLES_KEPT {
            self.examples.push(message.to_owned());
        }
    }
}

/// Processes of one command, kept between games.
#[derive(Debug)]
pub struct ProgramPool {
    command: String,
    settings: ExecSettings,
    idle: Mutex<Vec<Program>>,
    counts: Mutex<FailureCounts>,
}

impl ProgramPool {
    /// A pool for `command` (nothing is started until a seat needs it).
    pub fn new(command: &str, settings: ExecSettings) -> ProgramPool {
        ProgramPool {
            command: command.to_owned(),
            settings,
            idle: Mutex::new(Vec::new()),
            counts: Mutex::new(FailureCounts::default()),
        }
    }

    /// The command line.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The settings seats of this pool use.
    pub fn settings(&self) -> ExecSettings {
        self.settings
    }

    /// What the pool's seats did so far.
    pub fn counts(&self) -> FailureCounts {
        self.counts.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    fn update(&self, change: impl FnOnce(&mut FailureCounts)) {
        change(&mut self.counts.lock().unwrap_or_else(PoisonError::into_inner));
    }

    /// An idle process, or a new one.
    fn lease(&self) -> Result<Program, ProgramError> {
        let idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner).pop();
        if let Some(mut program) = idle
            && program.is_running()
        {
            return Ok(program);
        }
        let program = Program::spawn(&self.command)?;
        self.update(|c| c.processes += 1);
        Ok(program)
    }

    /// Starts a process now and keeps it idle for the first seat that needs one, so that its
    /// start-up (an interpreter, a model to load) happens while nothing waits for it: the
    /// start-up allowance counts from here. An error if the command cannot be started.
    pub fn prewarm(&self) -> Result<(), ProgramError> {
        let program = Program::spawn(&self.command)?;
        self.update(|c| c.processes += 1);
        self.give_back(program);
        Ok(())
    }

    fn give_back(&self, mut program: Program) {
        if program.is_running() {
            self.idle.lock().unwrap_or_else(PoisonError::into_inner).push(program);
        }
    }

    /// Says `bye` to every idle process and lets them exit (all at once, so closing a big pool
    /// waits one grace period, not one per process).
    pub fn close(&self) {
        let idle: Vec<Program> = std::mem::take(&mut *self.idle.lock().unwrap_or_else(PoisonError::into_inner));
        crate::process::close_all(idle);
    }
}

impl Drop for ProgramPool {
    fn drop(&mut self) {
        self.close();
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SeatState {
    /// The program is asked.
    Playing,
    /// The program is out of this game; the fallback plays on.
    Out,
}

/// One seat of one game played by a program from a pool.
#[derive(Debug)]
pub struct SeatDriver {
    pool: Arc<ProgramPool>,
    context: GameContext,
    program: Option<Program>,
    started: bool,
    state: SeatState,
    forfeited: bool,
    next_id: u64,
}

/// The time one decision may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecisionTime {
    /// The budget the program is told (`budget_ms` of its `move` request).
    pub budget_ms: u64,
    /// The most the decision may take in all, the start-up allowance of a process that has not
    /// answered yet included (a live table's clock, which does not wait for a program to load);
    /// never less than the budget. `None`: the budget plus what is left of the allowance.
    pub at_most_ms: Option<u64>,
}

impl SeatDriver {
    /// The driver for `context`'s seat.
    pub fn new(pool: Arc<ProgramPool>, context: GameContext) -> SeatDriver {
        SeatDriver {
            pool,
            context,
            program: None,
            started: false,
            state: SeatState::Playing,
            forfeited: false,
            next_id: 1,
        }
    }

    /// Whether the seat forfeited this game.
    pub fn forfeited(&self) -> bool {
        self.forfeited
    }

    /// The game this seat is in.
    pub fn context(&self) -> &GameContext {
        &self.context
    }

    /// Asks the program for a decision: the index into `legal` of its answer. On an error the
    /// caller lets its fallback bot decide (counted as a fallback move).
    pub fn ask(
        &mut self,
        step: Option<u64>,
        view: &Value,
        legal: &[Value],
        legal_text: &[String],
    ) -> Result<usize, SeatFailure> {
        let time = DecisionTime { budget_ms: self.pool.settings.budget_ms, at_most_ms: None };
        self.ask_within(step, view, legal, legal_text, time)
    }

    /// [`SeatDriver::ask`] with `time` for this decision instead of the settings' budget (a live
    /// table's clock may leave the seat less).
    pub fn ask_within(
        &mut self,
        step: Option<u64>,
        view: &Value,
        legal: &[Value],
        legal_text: &[String],
        time: DecisionTime,
    ) -> Result<usize, SeatFailure> {
        self.pool.update(|c| c.decisions += 1);
        let result = self.try_ask(step, view, legal, legal_text, time);
        match &result {
            Ok(_) => self.pool.update(|c| c.answered += 1),
            Err(failure) => {
                let forfeit_now = matches!(failure, SeatFailure::Failed { .. })
                    && self.pool.settings.on_failure == OnFailure::Forfeit
                    && !self.forfeited;
                if forfeit_now {
                    self.forfeited = true;
                    self.state = SeatState::Out;
                }
                self.pool.update(|c| {
                    c.fallback_moves += 1;
                    if let SeatFailure::Failed { kind, message } = failure {
                        c.count(*kind, message);
                    }
                    if forfeit_now {
                        c.forfeits += 1;
                    }
                });
            }
        }
        result
    }

    fn try_ask(
        &mut self,
        step: Option<u64>,
        view: &Value,
        legal: &[Value],
        legal_text: &[String],
        time: DecisionTime,
    ) -> Result<usize, SeatFailure> {
        let budget_ms = time.budget_ms;
        if self.state == SeatState::Out {
            return Err(SeatFailure::OutOfGame);
        }
        let command = self.pool.command.clone();
        let fail = |this: &mut SeatDriver, kind: FailureKind, message: String| {
            if matches!(kind, FailureKind::Spawn | FailureKind::Timeout | FailureKind::Crash) {
                this.state = SeatState::Out;
                if let Some(program) = this.program.take() {
                    program.kill();
                }
            }
            SeatFailure::Failed {
                kind,
                message: format!("`{command}` ({} seat {}): {message}", this.context.game, this.context.seat),
            }
        };
        if self.program.is_none() {
            match self.pool.lease() {
                Ok(program) => self.program = Some(program),
                Err(e) => return Err(fail(self, FailureKind::Spawn, e.to_string())),
            }
        }
        let settings = self.pool.settings;
        let id = self.next_id;
        self.next_id += 1;
        let request = ToProgram::Move {
            id,
            game: self.context.game.clone(),
            seat: self.context.seat,
            step,
            budget_ms,
            view: view.clone(),
            legal: legal.to_vec(),
            legal_text: legal_text.to_vec(),
        };
        let Some(program) = self.program.as_mut() else {
            return Err(fail(self, FailureKind::Crash, "no process".to_owned()));
        };
        // Until it first answers, a process may still be starting up: what is left of its
        // start-up allowance, counted from when it was started, comes on top of the budget.
        let mut deadline = Duration::from_millis(budget_ms);
        if !program.has_answered() {
            deadline += Duration::from_millis(settings.startup_ms).saturating_sub(program.age());
        }
        if let Some(at_most_ms) = time.at_most_ms {
            deadline = deadline.min(Duration::from_millis(at_most_ms.max(budget_ms)));
        }
        if !self.started {
            self.started = true;
            if let Err(e) = program.send(&ToProgram::Start(self.context.clone())) {
                return Err(fail(self, FailureKind::Crash, e.to_string()));
            }
        }
        let asked = program.ask(&request, deadline);
        let unsolicited = std::mem::take(&mut program.unsolicited);
        if unsolicited > 0 {
            self.pool.update(|c| c.unsolicited_lines += unsolicited);
        }
        match asked {
            Ok(line) => read_answer(&line, id, legal).map_err(|e| match e {
                AnswerError::Garbage(m) => fail(self, FailureKind::Garbage, m),
                AnswerError::Illegal(m) => fail(self, FailureKind::Illegal, m),
            }),
            Err(ProgramError::Timeout(d)) => Err(fail(self, FailureKind::Timeout, format!("no answer within {d:?}"))),
            Err(e) => Err(fail(self, FailureKind::Crash, e.to_string())),
        }
    }

    /// The game is over: tells the program (if it played) and gives its process back to the pool.
    pub fn finish(&mut self, outcome: Option<Value>, view: Option<Value>) {
        let Some(mut program) = self.program.take() else { return };
        if self.started {
            let end = ToProgram::End { game: self.context.game.clone(), seat: self.context.seat, outcome, view };
            if program.send(&end).is_err() {
                return;
            }
        }
        self.pool.give_back(program);
    }
}

impl Drop for SeatDriver {
    fn drop(&mut self) {
        // A game abandoned without `finish` (an error elsewhere): its process is not reused,
        // since it may still expect the rest of that game.
        if let Some(program) = self.program.take() {
            program.kill();
        }
    }
}
