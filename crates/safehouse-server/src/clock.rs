//! The clocks of a real-time table, derived from stored data only.
//!
//! A table's [`TimeControl`] gives every seat a bank at the start and adds an increment after
//! each of its decisions (Fischer timing). The time a decision took is the difference of the stored
//! `at_ms` of the action and of the action before it (or the start of the match for the first),
//! so the clocks come out the same on every node and after any restart: nothing here is an
//! in-memory timer. A bank never goes below zero; a seat that has run out gets only the increment
//! for its next decisions. The clock of the seat to move runs; the others stand still.

use std::time::{SystemTime, UNIX_EPOCH};

pub use safehouse_api::ClockView;
use safehouse_engine::Seat;

use safehouse_api::{OnTimeout, TimeControl};

/// Now, in milliseconds since the Unix epoch (the time stored with every action and event).
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// When a match's game began: its waiting room's first `started` table event, or its creation
/// for a match without a waiting room.
pub fn start_ms(table_events: &[safehouse_store::TableEvent], created_at_ms: i64) -> i64 {
    table_events.iter().find(|e| e.kind == "started").map_or(created_at_ms, |e| e.at_ms)
}

/// Every seat's clock at one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    control: TimeControl,
    /// Each seat's bank as it stood when its clock last stopped (or at the start).
    banks_ms: Vec<i64>,
    /// When the running clock started: the last action's `at_ms`, or the start of the match.
    since_ms: i64,
    /// The seat whose clock runs (none before the start and after the end).
    running: Option<Seat>,
}

impl Clocks {
    /// The clocks of a table of `players` that started at `start_ms`, with `to_move` to decide
    /// first (none: no clock runs yet).
    pub fn new(control: TimeControl, players: usize, start_ms: i64, to_move: Option<Seat>) -> Clocks {
        Clocks { control, banks_ms: vec![control.bank_ms(); players], since_ms: start_ms, running: to_move }
    }

    /// The clocks after `seat` decided at `at_ms` (a stored action's time), with `to_move` to
    /// decide next.
    pub fn on_action(&mut self, seat: Seat, at_ms: i64, to_move: Option<Seat>) {
        if let Some(bank) = self.banks_ms.get_mut(seat.index()) {
            let used = (at_ms - self.since_ms).max(0);
            *bank = (*bank - used).max(0) + self.control.increment_ms();
        }
        self.since_ms = self.since_ms.max(at_ms);
        self.running = to_move;
    }

    /// Stops every clock at `at_ms` (the match ended), charging the running seat its time.
    pub fn stop(&mut self, at_ms: i64) {
        if let Some(seat) = self.running.take()
            && let Some(bank) = self.banks_ms.get_mut(seat.index())
        {
            *bank = (*bank - (at_ms - self.since_ms).max(0)).max(0);
        }
    }

    /// Starts the clock of `to_move` at `start_ms` if none runs (the match started late).
    pub fn start(&mut self, start_ms: i64, to_move: Option<Seat>) {
        if self.running.is_none() {
            self.since_ms = start_ms;
            self.running = to_move;
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// What a time-out does at this table.
    pub fn on_timeout(&self) -> OnTimeout {
        self.control.on_timeout
    }

    /// The seat whose clock runs.
    pub fn running(&self) -> Option<Seat> {
        self.running
    }

    /// The time `seat` has left at `now_ms`.
    pub fn remaining_ms(&self, seat: Seat, now_ms: i64) -> i64 {
        let bank = self.banks_ms.get(seat.index()).copied().unwrap_or(0);
        if self.running == Some(seat) { (bank - (now_ms - self.since_ms).max(0)).max(0) } else { bank }
    }

    /// When the running clock reaches zero (milliseconds since 1970).
    pub fn deadline_ms(&self) -> Option<i64> {
        let seat = self.running?;
        Some(self.since_ms + self.banks_ms.get(seat.index()).copied().unwrap_or(0))
    }

    /// The seat whose clock has run out at `now_ms`, if any.
    pub fn expired(&self, now_ms: i64) -> Option<Seat> {
        let seat = self.running?;
        (self.deadline_ms()? <= now_ms).then_some(seat)
    }

    /// What a viewer is sent at `now_ms`.
    pub fn view(&self, now_ms: i64) -> ClockView {
        ClockView {
            server_ms: now_ms,
            running: self.running.map(|s| s.0),
            remaining_ms: (0..self.banks_ms.len()).map(|i| self.remaining_ms(Seat(i as u8), now_ms)).collect(),
            control: self.control,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(bank_secs: u32, increment_secs: u32) -> TimeControl {
        TimeControl { bank_secs, increment_secs, on_timeout: OnTimeout::Bot }
    }

    #[test]
    fn the_seat_to_move_spends_its_bank_and_gains_the_increment() {
        let mut clocks = Clocks::new(control(60, 5), 2, 1_000, Some(Seat(0)));
        assert_eq!(clocks.remaining_ms(Seat(0), 11_000), 50_000);
        assert_eq!(clocks.remaining_ms(Seat(1), 11_000), 60_000, "only the running clock moves");
        clocks.on_action(Seat(0), 11_000, Some(Seat(1)));
        assert_eq!(clocks.remaining_ms(Seat(0), 99_000), 55_000);
        assert_eq!(clocks.remaining_ms(Seat(1), 31_000), 40_000);
        assert_eq!(clocks.deadline_ms(), Some(71_000));
        assert_eq!(clocks.expired(70_999), None);
        assert_eq!(clocks.expired(71_000), Some(Seat(1)));
    }

    #[test]
    fn a_bank_never_goes_below_zero() {
        let mut clocks = Clocks::new(control(1, 2), 2, 0, Some(Seat(0)));
        assert_eq!(clocks.remaining_ms(Seat(0), 10_000), 0);
        clocks.on_action(Seat(0), 10_000, Some(Seat(1)));
        assert_eq!(clocks.remaining_ms(Seat(0), 10_000), 2_000, "only the increment is left");
    }

    #[test]
    fn no_clock_runs_before_the_start_or_after_the_end() {
        let mut clocks = Clocks::new(control(10, 0), 3, 0, None);
        assert_eq!(clocks.expired(1_000_000), None);
        clocks.start(5_000, Some(Seat(2)));
        assert_eq!(clocks.remaining_ms(Seat(2), 6_000), 9_000);
        clocks.stop(7_000);
        assert_eq!(clocks.expired(1_000_000), None);
        assert_eq!(clocks.view(50_000).remaining_ms, vec![10_000, 10_000, 8_000]);
        assert_eq!(clocks.view(50_000).running, None);
    }
}
