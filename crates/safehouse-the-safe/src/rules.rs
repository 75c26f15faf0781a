//! The rules: which cards a row accepts (colour caps, directions and the Zero Rule, restriction
//! cards), the legal actions, applying them, the end of a mission and the end of the game.
//!
//! A row keeps, for each direction, the set of values its last card can still stand for
//! (gap T5): a card counts as its number, a 0 as 0 or 10 (004:42). The sets narrow with every
//! card and a direction drops out when no reading is left, so "the third card decides" (004:43)
//! falls out by itself. Each row also caches the mask of cards it accepts, so that legal actions
//! and "can this seat play?" are a few bit operations.

use safehouse_engine::{ActionError, Game, Outcome, Seat};
use serde::{Deserialize, Serialize};

use crate::TheSafe;
use crate::actions::{Action, EndReason, Event, MissionEndReason, MissionReport, MissionResult};
use crate::cards::{Card, CardStack, Cards, Colour, Colours};
use crate::options::{ColourRestrictionCheck, MISSIONS, OnMissionFail, SoloLeftoverRule};
use crate::state::{HeldColours, Phase, ROWS, Restriction};

/// Face numbers 0, 2, 4, 6, 8 (0 is even, gap T6).
const EVEN: u16 = 0b01_0101_0101;
/// Face numbers 1, 3, 5, 7, 9.
const ODD: u16 = 0b10_1010_1010;
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
    cards: CardStack,
    colours: Colours,
    /// Values the last card can stand for if the row ascends (empty row: bit 0 if it may ascend).
    ascending: u16,
    /// Values the last card can stand for if the row descends (empty row: bit 10 if it may descend).
    descending: u16,
    /// The cards this row accepts now (cached; only ever shrinks within a mission).
    playable: Cards,
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
    fn allowed_colours(&self, rule: RowRule) -> Colours {
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
    fn refresh(&mut self, rule: RowRule) {
        let numbers = u64::from(self.numbers(rule.restriction));
        let colours = self.allowed_colours(rule).bits();
        // One 10-bit lane per colour: multiplying copies the number mask into every lane set
        // in the spread (the lanes never overlap, so nothing carries).
        self.playable = Cards::from_bits(numbers * SPREAD[usize::from(colours & 0x1F)]);
    }

    /// Places a card the row accepts.
    #[inline]
    fn place(&mut self, card: Card) {
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

impl TheSafe {
    /// The colour card's cap and the restriction in force for a row.
    #[inline]
    pub(crate) fn row_rule(&self, row: usize) -> RowRule {
        RowRule {
            cap: self.colour_cards[row],
            restriction: self.active[row],
            in_play: self.in_play(),
            reserve_slot: self.options.colour_restriction == ColourRestrictionCheck::ReserveSlot,
        }
    }

    /// Recomputes every row's accepted cards and their union.
    pub(crate) fn refresh_playable(&mut self) {
        let mut union = Cards::EMPTY;
        for row in 0..ROWS {
            let rule = self.row_rule(row);
            self.rows[row].refresh(rule);
            union |= self.rows[row].playable;
        }
        self.playable = union;
    }

    /// Places a card the row accepts and updates what the rows accept.
    #[inline]
    pub(crate) fn place(&mut self, row: usize, card: Card) {
        let rule = self.row_rule(row);
        self.rows[row].place(card);
        self.rows[row].refresh(rule);
        self.playable = self.rows.iter().fold(Cards::EMPTY, |acc, r| acc | r.playable);
    }

    /// Why a row does not accept a card, for a person: `(rule, message)`.
    pub(crate) fn why_unplayable(&self, row: usize, card: Card) -> String {
        self.unplayable_reason(row, card).1
    }

    fn unplayable_reason(&self, row: usize, card: Card) -> (&'static str, String) {
        let rule = self.row_rule(row);
        let r = &self.rows[row];
        if !r.allowed_colours(rule).contains(card.colour()) {
            if let Some(Restriction::Colour(colour)) = rule.restriction
                && rule.reserve_slot
                && !r.colours.contains(colour)
                && usize::from(rule.cap) > r.colours.len()
            {
                return (
                    "colour_restriction",
                    format!("row {row} must keep its last free colour for {colour} (restriction card, 004:58-59)"),
                );
            }
            return (
                "colour_limit",
                format!(
                    "row {row} already holds {} colours ({}); its colour card allows {} (004:36)",
                    r.colours.len(),
                    r.colours,
                    rule.cap
                ),
            );
        }
        match rule.restriction {
            Some(Restriction::Even) if EVEN & (1 << card.number()) == 0 => {
                return ("even_only", format!("row {row} takes even numbers only (restriction card, 004:62)"));
            }
            Some(Restriction::Odd) if ODD & (1 << card.number()) == 0 => {
                return ("odd_only", format!("row {row} takes odd numbers only (restriction card, 004:62)"));
            }
            _ => {}
        }
        let mut open = Vec::new();
        if r.ascending != 0 {
            open.push(format!("ascending from {}", r.ascending.trailing_zeros()));
        }
        if r.descending != 0 {
            open.push(format!("descending from {}", 15 - r.descending.leading_zeros()));
        }
        let open = if open.is_empty() { "no direction".to_owned() } else { open.join(" or ") };
        ("row_direction", format!("{card} does not fit row {row}, which can only go on {open} (004:37-43)"))
    }

    /// Lists the legal actions of the seat to move.
    pub(crate) fn list_legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Play { seat } => {
                let playable = self.hands[seat.index()] & self.playable;
                if playable.is_empty() {
                    out.push(Action::Pass);
                    return;
                }
                let rows = [
                    self.rows[0].playable.bits(),
                    self.rows[1].playable.bits(),
                    self.rows[2].playable.bits(),
                    self.rows[3].playable.bits(),
                ];
                for card in playable {
                    let bit = card.bit();
                    for (row, mask) in rows.iter().enumerate() {
                        if mask & bit != 0 {
                            out.push(Action::Play { card, row: row as u8 });
                        }
                    }
                }
            }
            Phase::Naming { colour, .. } => {
                out.extend((0..10).map(|number| Action::Name { colour, number }));
            }
            Phase::Over { .. } => {}
        }
    }

    /// Validates and applies an action; on error nothing changes.
    pub(crate) fn apply_action(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), ActionError> {
        match (self.phase, *action) {
            (Phase::Over { .. }, _) => Err(ActionError::GameOver),
            (Phase::Play { seat }, Action::Play { card, row }) => {
                let hand = self.hands[seat.index()];
                if !hand.contains(card) {
                    return Err(ActionError::illegal(
                        "card_not_in_hand",
                        format!("{card} is not in your hand ({hand})"),
                    ));
                }
                let row = usize::from(row);
                if row >= ROWS {
                    return Err(ActionError::illegal("no_such_row", format!("there is no row {row}; rows are 0 to 3")));
                }
                if !self.rows[row].playable.contains(card) {
                    let (rule, message) = self.unplayable_reason(row, card);
                    return Err(ActionError::illegal(rule, message));
                }
                self.play(seat, card, row, events);
                Ok(())
            }
            (Phase::Play { seat }, Action::Pass) => {
                let hand = self.hands[seat.index()];
                let playable = hand & self.playable;
                if let Some(card) = playable.first() {
                    return Err(ActionError::illegal(
                        "must_play",
                        format!("you must play a card when you can (004:35); {card} can be played"),
                    ));
                }
                self.passed[seat.index()] = Some(self.playable);
                events.push(Event::Passed { seat, cannot_hold: self.playable });
                self.advance(seat, events);
                Ok(())
            }
            (Phase::Play { .. }, Action::Name { .. }) => {
                Err(ActionError::illegal("not_naming", "the code is named only once play has ended (004:46-48)"))
            }
            (Phase::Naming { seat, colour }, Action::Name { colour: named, number }) => {
                if named != colour {
                    return Err(ActionError::illegal(
                        "wrong_colour",
                        format!("the table is naming {colour}, not {named}"),
                    ));
                }
                let Some(card) = Card::new(colour, number) else {
                    return Err(ActionError::illegal(
                        "no_such_number",
                        format!("{number} is not a number from 0 to 9"),
                    ));
                };
                self.named.insert(card);
                events.push(Event::Named { seat, colour, number });
                match self.in_play().iter().find(|c| *c > colour) {
                    Some(next) => self.ask_for(next, events),
                    None => {
                        let mut wrong = Colours::EMPTY;
                        for colour in self.in_play().iter() {
                            if self.named.of_colour(colour) != self.code.of_colour(colour) {
                                wrong.insert(colour);
                            }
                        }
                        let result =
                            if wrong.is_empty() { MissionResult::Cracked } else { MissionResult::WrongCode { wrong } };
                        self.resolve(result, events);
                    }
                }
                Ok(())
            }
            (Phase::Naming { .. }, _) => {
                Err(ActionError::illegal("naming", "play has ended: name the code number the table asks for"))
            }
        }
    }

    /// Plays a card the row accepts, draws back to three (004:33) and passes the turn.
    #[inline]
    fn play(&mut self, seat: Seat, card: Card, row: usize, events: &mut Vec<Event>) {
        let s = seat.index();
        self.hands[s].remove(card);
        self.place(row, card);
        events.push(Event::Played { seat, card, row: row as u8 });
        if let Some(drawn) = self.pile.pop() {
            self.hands[s].insert(drawn);
            events.push(Event::Drew { seat, card: Some(drawn) });
        }
        self.advance(seat, events);
    }

    /// Gives the turn to the next seat clockwise that still holds cards and has not passed;
    /// ends the mission when there is none (004:46, gap T7).
    #[inline]
    fn advance(&mut self, from: Seat, events: &mut Vec<Event>) {
        let players = self.players();
        let mut seat = from.index();
        for _ in 0..players {
            seat += 1;
            if seat == players {
                seat = 0;
            }
            if !self.hands[seat].is_empty() && self.passed[seat].is_none() {
                self.phase = Phase::Play { seat: Seat(seat as u8) };
                return;
            }
        }
        self.end_mission(events);
    }

    /// Starts play: the first player moves (or the next seat that can), or the mission ends at once.
    pub(crate) fn begin_play(&mut self, events: &mut Vec<Event>) {
        let players = self.players();
        let first = self.first_player.index();
        for step in 0..players {
            let seat = (first + step) % players;
            if !self.hands[seat].is_empty() && self.passed[seat].is_none() {
                self.phase = Phase::Play { seat: Seat(seat as u8) };
                return;
            }
        }
        self.end_mission(events);
    }

    /// The seat that names `colour`: the first seat clockwise from the first player that holds
    /// no card of it (004:48; gap T10); `None` when every seat holds it (004:49).
    pub(crate) fn namer(&self, colour: Colour) -> Option<Seat> {
        let players = self.players();
        if players == 1 && self.options.solo_leftover_rule == SoloLeftoverRule::Allowed {
            return Some(Seat(0));
        }
        let first = self.first_player.index();
        (0..players)
            .map(|step| (first + step) % players)
            .find(|&s| !self.held.seat(Seat(s as u8)).contains(colour))
            .map(|s| Seat(s as u8))
    }

    fn ask_for(&mut self, colour: Colour, events: &mut Vec<Event>) {
        match self.namer(colour) {
            Some(seat) => self.phase = Phase::Naming { seat, colour },
            None => self.resolve(MissionResult::SafeCannotBeCracked { colour }, events),
        }
    }

    /// Play has ended: show the colours still held, check the end-of-mission cases (004:46-49).
    fn end_mission(&mut self, events: &mut Vec<Event>) {
        let players = self.players();
        let reason = if self.hands[..players].iter().all(|h| h.is_empty()) {
            MissionEndReason::HandsEmpty
        } else {
            MissionEndReason::NobodyCanPlay
        };
        self.held = HeldColours::of_hands(&self.hands[..players]);
        events.push(Event::MissionEnded { reason, held_colours: self.held });
        if self.options.colour_restriction == ColourRestrictionCheck::EndOfMission {
            for row in 0..ROWS {
                if let Some(Restriction::Colour(colour)) = self.active[row]
                    && !self.rows[row].colours.contains(colour)
                {
                    self.resolve(MissionResult::ColourRestrictionUnmet { row: row as u8, colour }, events);
                    return;
                }
            }
        }
        // Case 3 (004:49): a colour every player holds cannot be named; the mission fails at once.
        for colour in self.in_play().iter() {
            if self.namer(colour).is_none() {
                self.resolve(MissionResult::SafeCannotBeCracked { colour }, events);
                return;
            }
        }
        self.ask_for(Colour::Orange, events);
    }

    /// Turns the code over and moves on: next mission, retry, restart or the end (004:50; T11).
    fn resolve(&mut self, result: MissionResult, events: &mut Vec<Event>) {
        let report = MissionReport {
            mission: self.mission,
            attempt: self.attempts,
            code: self.code,
            named: self.named,
            result,
            held: self.held,
        };
        events.push(Event::MissionResolved { report });
        self.last_mission = Some(report);
        if result.cracked() {
            self.completed += 1;
            self.best = self.best.max(self.completed);
            if self.completed >= MISSIONS {
                return self.game_over(true, EndReason::AllSafesCracked, events);
            }
        } else {
            match self.options.on_mission_fail {
                OnMissionFail::Lose => return self.game_over(false, EndReason::MissionFailed, events),
                OnMissionFail::RetryMission => {}
                OnMissionFail::RestartFromMission1 => self.completed = 0,
            }
        }
        if self.attempts >= self.options.mission_limit {
            return self.game_over(false, EndReason::MissionLimitReached, events);
        }
        self.start_mission(events);
    }

    fn game_over(&mut self, won: bool, reason: EndReason, events: &mut Vec<Event>) {
        self.phase = Phase::Over { won, reason };
        events.push(Event::GameOver { won, score: self.best, reason });
    }

    /// The team's result once the game is over: score = missions cracked (the best streak).
    pub(crate) fn final_outcome(&self) -> Option<Outcome> {
        let Phase::Over { won, reason } = self.phase else { return None };
        let detail = if won {
            format!("all {MISSIONS} safes cracked in {} missions", self.attempts)
        } else {
            let last = self.last_mission.map(|r| format!(": mission {} {}", r.mission, r.result)).unwrap_or_default();
            format!("{} of {MISSIONS} safes cracked in a row{last}", self.best)
        };
        Some(Outcome::team(self.players(), i64::from(self.best), won, reason.code(), detail))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
