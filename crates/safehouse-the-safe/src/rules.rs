//! The rules: which cards a row accepts at this table (colour caps, colour restrictions), why a
//! card is refused, the legal actions, applying them, the end of a mission and of the game.
//!
//! What a single row accepts (its readings and cached mask) is the row's own: `state::row`.

use safehouse_engine::words::count;
use safehouse_engine::{ActionError, Game, Outcome, Seat};

use crate::actions::{Action, EndReason, Event, MissionEndReason, MissionReport, MissionResult};
use crate::cards::{Card, Cards, Colour, Colours, HeldColours, Restriction};
use crate::options::{ColourRestrictionCheck, MISSIONS, OnMissionFail, SoloLeftoverRule};
use crate::state::TheSafe;
use crate::state::{EVEN, ODD, Phase, ROWS, RowRule};

safehouse_engine::rule_codes! {
    /// The rules an action can break, each refused with [`ActionError::illegal`] under its
    /// stable code (what the protocol and the server send as `rule`).
    pub enum Rule {
        /// A card played that the seat does not hold.
        CardNotInHand => "card_not_in_hand",
        /// A card played to a row that does not exist.
        NoSuchRow => "no_such_row",
        /// A colour that would take a row's last free colour from its colour restriction (004:58-59).
        ColourRestriction => "colour_restriction",
        /// A new colour in a row that holds as many colours as its colour card allows (004:36).
        ColourLimit => "colour_limit",
        /// An odd number under an "even" restriction card (004:62).
        EvenOnly => "even_only",
        /// An even number under an "odd" restriction card (004:62).
        OddOnly => "odd_only",
        /// A number that fits neither direction the row can still go (004:37-43).
        RowDirection => "row_direction",
        /// A pass while a card can be played (004:35).
        MustPlay => "must_play",
        /// A code number named while play goes on (004:46-48).
        NotNaming => "not_naming",
        /// A number named for another colour than the one the table is naming.
        WrongColour => "wrong_colour",
        /// A code number outside 0 to 9.
        NoSuchNumber => "no_such_number",
        /// A card played or a pass once play has ended and the code is being named.
        Naming => "naming",
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

    fn unplayable_reason(&self, row: usize, card: Card) -> (Rule, String) {
        let rule = self.row_rule(row);
        let r = &self.rows[row];
        if !r.allowed_colours(rule).contains(card.colour()) {
            if let Some(Restriction::Colour(colour)) = rule.restriction
                && rule.reserve_slot
                && !r.colours.contains(colour)
                && usize::from(rule.cap) > r.colours.len()
            {
                return (
                    Rule::ColourRestriction,
                    format!(
                        "row {} must keep its last free colour for {colour} (restriction card, 004:58-59)",
                        row + 1
                    ),
                );
            }
            return (
                Rule::ColourLimit,
                format!(
                    "row {} already holds {} ({}); its colour card allows {} (004:36)",
                    row + 1,
                    count(r.colours.len() as u64, "colour", "colours"),
                    r.colours,
                    rule.cap
                ),
            );
        }
        match rule.restriction {
            Some(Restriction::Even) if EVEN & (1 << card.number()) == 0 => {
                return (Rule::EvenOnly, format!("row {} takes even numbers only (restriction card, 004:62)", row + 1));
            }
            Some(Restriction::Odd) if ODD & (1 << card.number()) == 0 => {
                return (Rule::OddOnly, format!("row {} takes odd numbers only (restriction card, 004:62)", row + 1));
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
        (Rule::RowDirection, format!("{card} does not fit row {}, which can only go on {open} (004:37-43)", row + 1))
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
                        Rule::CardNotInHand,
                        format!("{card} is not in your hand ({hand})"),
                    ));
                }
                let row = usize::from(row);
                if row >= ROWS {
                    return Err(ActionError::illegal(
                        Rule::NoSuchRow,
                        format!("there is no row {}; rows are 1 to {ROWS}", row + 1),
                    ));
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
                        Rule::MustPlay,
                        format!("you must play a card when you can (004:35); {card} can be played"),
                    ));
                }
                self.passed[seat.index()] = Some(self.playable);
                events.push(Event::Passed { seat, cannot_hold: self.playable });
                self.advance(seat, events);
                Ok(())
            }
            (Phase::Play { .. }, Action::Name { .. }) => {
                Err(ActionError::illegal(Rule::NotNaming, "the code is named only once play has ended (004:46-48)"))
            }
            (Phase::Naming { seat, colour }, Action::Name { colour: named, number }) => {
                if named != colour {
                    return Err(ActionError::illegal(
                        Rule::WrongColour,
                        format!("the table is naming {colour}, not {named}"),
                    ));
                }
                let Some(card) = Card::new(colour, number) else {
                    return Err(ActionError::illegal(
                        Rule::NoSuchNumber,
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
                Err(ActionError::illegal(Rule::Naming, "play has ended: name the code number the table asks for"))
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
            let last = self
                .last_mission
                .map(|r| format!(" (the last, mission {}: {})", r.mission, r.result))
                .unwrap_or_default();
            format!("{} of {MISSIONS} safes cracked in a row{last}", self.best)
        };
        Some(Outcome::team(self.players(), i64::from(self.best), won, reason.code(), detail))
    }
}
