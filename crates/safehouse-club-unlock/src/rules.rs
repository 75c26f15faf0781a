//! The rules as pure functions of the state: legal actions, applying an action, the end.

use safehouse_engine::{ActionError, Game as _, Outcome, Seat};

use crate::actions::{Action, EndReason, Event, Event as E};
use crate::cards::{BONUS_VALUE, DISPLAY_SIZE, KeyColour, STARTING_KEYS, SafeId};
use crate::options::{ExhaustedPileBonus, TieBreak};
use crate::state::ClubUnlock;
use crate::state::Phase;
use safehouse_engine::words::count;

safehouse_engine::rule_codes! {
    /// The rules an action can break, each refused with [`ActionError::illegal`] under its
    /// stable code (what the protocol and the server send as `rule`).
    pub enum Rule {
        /// A key of a colour whose pile is empty.
        PileEmpty => "pile_empty",
        /// A key taken after cracking a safe this turn (000:17).
        AlreadyCracking => "already_cracking",
        /// A safe that is not on display cracked, or a bonus placed under it.
        NotDisplayed => "not_displayed",
        /// A safe cracked without every key it shows (000:16).
        NotEnoughKeys => "not_enough_keys",
        /// A turn ended before taking a key or cracking a safe.
        NothingToEnd => "nothing_to_end",
        /// A bonus marker placed under a safe that needs no key of its colour.
        ColourNotNeeded => "colour_not_needed",
        /// A pass while a key can be taken or a safe cracked.
        MustAct => "must_act",
        /// Anything but a key while the starting keys are chosen.
        ChoosingKeys => "choosing_keys",
        /// Anything but placing the bonus marker while one waits to be placed.
        PlaceBonusFirst => "place_bonus_first",
        /// A bonus placed when there is none to place.
        NoBonusToPlace => "no_bonus_to_place",
        /// An action the checks let through but the moment has no move for (never expected).
        Unexpected => "unexpected",
    }
}

impl ClubUnlock {
    pub(crate) fn list_legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::ChoosingKeys { .. } => self.push_key_takes(out),
            Phase::Turn { seat, cracked } => {
                if cracked == 0 {
                    self.push_key_takes(out);
                }
                let hand = &self.seats[seat.index()].keys;
                for slot in &self.display {
                    if self.card(slot.safe).opens_with(hand) {
                        out.push(Action::Crack { safe: slot.safe });
                    }
                }
                if cracked > 0 {
                    out.push(Action::EndTurn);
                }
            }
            Phase::PlacingBonus { colour, .. } => {
                for slot in &self.display {
                    if self.card(slot.safe).needs(colour) {
                        out.push(Action::PlaceBonus { safe: slot.safe });
                    }
                }
            }
            Phase::Over { .. } => return,
        }
        if out.is_empty() {
            out.push(Action::Pass);
        }
    }

    /// Whether the seat to move has anything to do but pass (what `list_legal_actions` would
    /// list, computed without a buffer so that checking a pass allocates nothing).
    fn has_real_action(&self) -> bool {
        let any_key = self.piles.iter().any(|&n| n > 0);
        match self.phase {
            Phase::ChoosingKeys { .. } => any_key,
            Phase::Turn { cracked, .. } if cracked > 0 => true,
            Phase::Turn { seat, .. } => {
                let hand = &self.seats[seat.index()].keys;
                any_key || self.display.iter().any(|slot| self.card(slot.safe).opens_with(hand))
            }
            Phase::PlacingBonus { colour, .. } => self.display.iter().any(|slot| self.card(slot.safe).needs(colour)),
            Phase::Over { .. } => false,
        }
    }

    fn push_key_takes(&self, out: &mut Vec<Action>) {
        for colour in KeyColour::ALL {
            if self.piles[colour.index()] > 0 {
                out.push(Action::TakeKey { colour });
            }
        }
    }

    /// Checks an action completely before anything changes, so that an error leaves the state as it was.
    fn check(&self, action: &Action) -> Result<(), ActionError> {
        let phase = self.phase;
        match (phase, *action) {
            (Phase::Over { .. }, _) => Err(ActionError::GameOver),
            (Phase::ChoosingKeys { .. } | Phase::Turn { cracked: 0, .. }, Action::TakeKey { colour }) => {
                if self.piles[colour.index()] == 0 {
                    Err(ActionError::illegal(Rule::PileEmpty, format!("the {colour} pile is empty")))
                } else {
                    Ok(())
                }
            }
            (Phase::Turn { .. }, Action::TakeKey { .. }) => Err(ActionError::illegal(
                Rule::AlreadyCracking,
                "you cracked a safe this turn, so you cannot take a key: crack another or end the turn",
            )),
            (Phase::Turn { seat, .. }, Action::Crack { safe }) => {
                if !self.display.iter().any(|s| s.safe == safe) {
                    return Err(ActionError::illegal(Rule::NotDisplayed, format!("safe {safe} is not on display")));
                }
                let card = self.card(safe);
                let hand = &self.seats[seat.index()].keys;
                if let Some(colour) = KeyColour::ALL.into_iter().find(|c| hand[c.index()] < card.keys[c.index()]) {
                    return Err(ActionError::illegal(
                        Rule::NotEnoughKeys,
                        format!(
                            "safe {safe} ({card}) needs {}; you hold {}",
                            count(card.keys[colour.index()], &format!("{colour} key"), &format!("{colour} keys")),
                            hand[colour.index()]
                        ),
                    ));
                }
                Ok(())
            }
            (Phase::Turn { cracked, .. }, Action::EndTurn) => {
                if cracked > 0 {
                    Ok(())
                } else {
                    Err(ActionError::illegal(Rule::NothingToEnd, "take a key or crack a safe before ending your turn"))
                }
            }
            (Phase::PlacingBonus { colour, .. }, Action::PlaceBonus { safe }) => {
                match self.display.iter().find(|s| s.safe == safe) {
                    None => Err(ActionError::illegal(Rule::NotDisplayed, format!("safe {safe} is not on display"))),
                    Some(slot) if !self.card(slot.safe).needs(colour) => Err(ActionError::illegal(
                        Rule::ColourNotNeeded,
                        format!("safe {safe} does not need a {colour} key, so it cannot take this bonus"),
                    )),
                    Some(_) => Ok(()),
                }
            }
            (_, Action::Pass) => {
                if !self.has_real_action() {
                    Ok(())
                } else {
                    Err(ActionError::illegal(
                        Rule::MustAct,
                        "you can still take a key or crack a safe, so you cannot pass",
                    ))
                }
            }
            (Phase::ChoosingKeys { .. }, _) => {
                Err(ActionError::illegal(Rule::ChoosingKeys, "first take your four starting keys, one at a time"))
            }
            (Phase::PlacingBonus { colour, .. }, _) => Err(ActionError::illegal(
                Rule::PlaceBonusFirst,
                format!("first put the bonus marker under a displayed safe that needs a {colour} key"),
            )),
            (Phase::Turn { .. }, Action::PlaceBonus { .. }) => {
                Err(ActionError::illegal(Rule::NoBonusToPlace, "there is no bonus marker to place"))
            }
        }
    }

    pub(crate) fn apply_action(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), ActionError> {
        self.check(action)?;
        match (self.phase, *action) {
            (Phase::ChoosingKeys { seat, taken }, Action::TakeKey { colour }) => {
                self.piles[colour.index()] -= 1;
                self.seats[seat.index()].keys[colour.index()] += 1;
                events.push(E::StartingKeyTaken { seat, colour: Some(colour) });
                if taken + 1 < STARTING_KEYS {
                    self.phase = Phase::ChoosingKeys { seat, taken: taken + 1 };
                } else {
                    self.after_choosing(seat, events);
                }
            }
            (Phase::ChoosingKeys { seat, .. }, Action::Pass) => {
                // Unreachable with the standard piles (60 keys, at most 24 picks); it keeps the
                // phase moving should a variant ever empty every pile.
                events.push(E::Passed { seat });
                self.after_choosing(seat, events);
            }
            (Phase::Turn { seat, .. }, Action::TakeKey { colour }) => {
                self.move_key_to_hand(seat, colour, events);
                self.seats[seat.index()].taken[colour.index()] += 1;
                if self.piles[colour.index()] == 0 {
                    events.push(E::PileExhausted { colour });
                    if self.pile_exhausted(seat, colour, events) {
                        return Ok(()); // The taker now chooses where the marker goes.
                    }
                }
                self.end_turn(seat, events);
            }
            (Phase::Turn { seat, cracked }, Action::Crack { safe }) => self.crack(seat, cracked, safe, events),
            (Phase::Turn { seat, .. }, Action::EndTurn) => self.end_turn(seat, events),
            (Phase::Turn { seat, .. }, Action::Pass) => {
                events.push(E::Passed { seat });
                self.end_turn(seat, events);
            }
            (Phase::PlacingBonus { seat, colour }, Action::PlaceBonus { safe }) => {
                self.place_marker(safe, colour, events);
                self.end_turn(seat, events);
            }
            (Phase::PlacingBonus { seat, .. }, Action::Pass) => self.end_turn(seat, events),
            // `check` accepted nothing else.
            _ => return Err(ActionError::illegal(Rule::Unexpected, "this action does not fit the moment")),
        }
        Ok(())
    }

    /// After `seat` has chosen its starting keys: the next chooser, or (once everybody has
    /// chosen) the piles are seen again, the safes are laid out if they are not yet (000:12
    /// follows 000:11) and the first turn begins.
    fn after_choosing(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let next = seat.next(self.players());
        if next != self.first_player {
            self.phase = Phase::ChoosingKeys { seat: next, taken: 0 };
            return;
        }
        events.push(E::StartingKeysChosen { piles: self.piles });
        if self.choosing_in_secret() {
            self.lay_out(DISPLAY_SIZE, events);
        }
        self.phase = Phase::Turn { seat: next, cracked: 0 };
    }

    fn move_key_to_hand(&mut self, seat: Seat, colour: KeyColour, events: &mut Vec<Event>) {
        self.piles[colour.index()] -= 1;
        self.seats[seat.index()].keys[colour.index()] += 1;
        events.push(E::KeyTaken { seat, colour });
    }

    /// Applies the exhausted-pile rule; returns true if the taker must now choose a safe.
    fn pile_exhausted(&mut self, seat: Seat, colour: KeyColour, events: &mut Vec<Event>) -> bool {
        let targets = self.display.iter().filter(|s| self.card(s.safe).needs(colour)).count();
        match self.options.exhausted_pile_bonus {
            ExhaustedPileBonus::Off => false,
            _ if targets == 0 || self.bonus_supply == 0 => {
                events.push(E::NoBonusTarget { colour });
                false
            }
            ExhaustedPileBonus::ChooseOneSafe => {
                self.phase = Phase::PlacingBonus { seat, colour };
                true
            }
            ExhaustedPileBonus::EveryMatchingSafe => {
                for i in 0..self.display.len() {
                    let safe = self.display[i].safe;
                    if self.card(safe).needs(colour) && self.bonus_supply > 0 {
                        self.place_marker(safe, colour, events);
                    }
                }
                false
            }
        }
    }

    fn place_marker(&mut self, safe: SafeId, colour: KeyColour, events: &mut Vec<Event>) {
        if let Some(slot) = self.display.iter_mut().find(|s| s.safe == safe) {
            self.bonus_supply -= 1;
            slot.markers += 1;
            events.push(E::BonusPlaced { safe, colour });
        }
    }

    /// Awards one marker from the supply, if any is left (000:28).
    fn award_marker(&mut self, seat: Seat, events: &mut Vec<Event>) -> bool {
        if self.bonus_supply == 0 {
            events.push(E::SupplyEmpty { seat });
            return false;
        }
        self.bonus_supply -= 1;
        let state = &mut self.seats[seat.index()];
        state.markers += 1;
        state.score += BONUS_VALUE;
        true
    }

    fn crack(&mut self, seat: Seat, cracked_before: u8, safe: SafeId, events: &mut Vec<Event>) {
        let Some(position) = self.display.iter().position(|s| s.safe == safe) else { return };
        let slot = self.display.remove(position);
        let card = self.card(safe);
        let state = &mut self.seats[seat.index()];
        for c in 0..4 {
            let n = card.keys[c];
            state.keys[c] -= n;
            state.returned[c] += u16::from(n);
            self.piles[c] += n;
            // It held these keys, so its starting keys were at least what it has now handed
            // back less what it had taken.
            let floor = state.returned[c].saturating_sub(state.taken[c]);
            state.starting_at_least[c] = state.starting_at_least[c].max(floor.min(u16::from(u8::MAX)) as u8);
        }
        state.cracked.push(safe);
        state.markers += slot.markers;
        state.score += i64::from(card.value) + BONUS_VALUE * i64::from(slot.markers);
        events.push(E::Cracked { seat, safe, markers: slot.markers });
        let cracked = cracked_before + 1;
        if cracked >= 2 && self.award_marker(seat, events) {
            events.push(E::SerialBonus { seat });
        }
        if self.display.is_empty() {
            if self.award_marker(seat, events) {
                events.push(E::LastSafeBonus { seat });
            }
            if self.deck.is_empty() {
                self.finish(EndReason::AllSafesCracked, events);
                return;
            }
            self.lay_out(DISPLAY_SIZE, events);
            if !self.options.continue_after_refill {
                self.end_turn(seat, events);
                return;
            }
        }
        self.phase = Phase::Turn { seat, cracked };
    }

    fn end_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        events.push(E::TurnEnded { seat });
        // Keys leave a hand only by cracking, so when nobody can open any displayed safe even
        // with every key left in the piles, nobody ever will: lay out more safes beside the
        // stuck ones, or end the game on the last round (000:34-35, 002:95; gap C7).
        while !self.someone_can_ever_crack() {
            if self.deck.is_empty() {
                self.finish(EndReason::LastSafesStuck, events);
                return;
            }
            events.push(E::DisplayStuck { stuck: self.display.len() as u8 });
            self.lay_out(DISPLAY_SIZE, events);
        }
        self.phase = Phase::Turn { seat: seat.next(self.players()), cracked: 0 };
    }

    /// Whether some player could open some displayed safe with their hand plus the piles.
    pub(crate) fn someone_can_ever_crack(&self) -> bool {
        self.display.iter().any(|slot| {
            let need = self.card(slot.safe).keys;
            self.seats.iter().any(|s| (0..4).all(|c| s.keys[c] + self.piles[c] >= need[c]))
        })
    }

    fn finish(&mut self, reason: EndReason, events: &mut Vec<Event>) {
        self.phase = Phase::Over { reason };
        events.push(E::GameOver { reason });
    }

    pub(crate) fn final_outcome(&self) -> Option<Outcome> {
        let Phase::Over { reason } = self.phase else { return None };
        let scores: Vec<i64> = self.seats.iter().map(|s| s.score).collect();
        let keys: Vec<Vec<i64>> = self
            .seats
            .iter()
            .map(|s| match self.options.tie_break {
                TieBreak::Shared => vec![s.score],
                TieBreak::MostSafes => vec![s.score, s.cracked.len() as i64],
            })
            .collect();
        let detail = match reason {
            EndReason::AllSafesCracked => "every safe has been cracked",
            EndReason::LastSafesStuck => "nobody could crack the last safes and no safe cards were left",
        };
        Some(Outcome::ranked(scores, &keys, reason.code(), detail))
    }
}
