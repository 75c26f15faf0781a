//! The rules: legal actions, applying an action, the end of the game and the result.

use safehouse_engine::{ActionError, Outcome, Seat};

use crate::actions::{Action, Entry, Event, Guess, Half, OutReason};
use crate::cards::{CODES, Colour, MAX_PLAYERS, Number, PARTS, SeatSet};
use crate::options::{HalfRevealTurn, SimpleWrongGuess};
use crate::state::SafeBreaker;
use crate::state::Status;

/// The outcome's reason code: the game ends with one seat left in it.
const LAST_STANDING: &str = "last_player_standing";

safehouse_engine::rule_codes! {
    /// The rules an action can break, each refused with [`ActionError::illegal`] under its
    /// stable code (what the protocol and the server send as `rule`).
    pub enum Rule {
        /// A question, or a guess at half a code, once the question limit is reached.
        QuestionLimit => "question_limit",
        /// A guess at a seat that is not at the table.
        NoSuchSeat => "no_such_seat",
        /// A guess at one's own code.
        GuessSelf => "guess_self",
        /// A guess at a seat that is already out.
        TargetOut => "target_out",
        /// A guess at only a lock or only a key without the Keep it simple variant.
        HalfGuessNotAllowed => "half_guess_not_allowed",
        /// A guess at a half of a code that is already face up.
        HalfAlreadyShown => "half_already_shown",
    }
}

/// Every question, in code order: the same 36 for every seat at every turn (001:19).
pub(crate) const ASKS: [Action; CODES] = asks();
/// Every full guess at each seat, in code order.
pub(crate) const GUESSES: [[Action; CODES]; MAX_PLAYERS] = guesses();
/// Every lock guess at each seat (Keep it simple).
pub(crate) const LOCK_GUESSES: [[Action; PARTS]; MAX_PLAYERS] = lock_guesses();
/// Every key guess at each seat (Keep it simple).
pub(crate) const KEY_GUESSES: [[Action; PARTS]; MAX_PLAYERS] = key_guesses();

const fn colour(i: usize) -> Colour {
    match Colour::new(i as u8) {
        Some(c) => c,
        None => panic!("colour index out of range"),
    }
}

const fn number(i: usize) -> Number {
    match Number::from_index(i) {
        Some(n) => n,
        None => panic!("number index out of range"),
    }
}

const fn asks() -> [Action; CODES] {
    let mut out = [Action::Ask { colour: colour(0), number: number(0) }; CODES];
    let mut i = 0;
    while i < CODES {
        out[i] = Action::Ask { colour: colour(i / PARTS), number: number(i % PARTS) };
        i += 1;
    }
    out
}

const fn guesses() -> [[Action; CODES]; MAX_PLAYERS] {
    let mut out = [[Action::Ask { colour: colour(0), number: number(0) }; CODES]; MAX_PLAYERS];
    let mut s = 0;
    while s < MAX_PLAYERS {
        let mut i = 0;
        while i < CODES {
            out[s][i] = Action::Guess { target: Seat(s as u8), colour: colour(i / PARTS), number: number(i % PARTS) };
            i += 1;
        }
        s += 1;
    }
    out
}

const fn lock_guesses() -> [[Action; PARTS]; MAX_PLAYERS] {
    let mut out = [[Action::Ask { colour: colour(0), number: number(0) }; PARTS]; MAX_PLAYERS];
    let mut s = 0;
    while s < MAX_PLAYERS {
        let mut i = 0;
        while i < PARTS {
            out[s][i] = Action::GuessLock { target: Seat(s as u8), colour: colour(i) };
            i += 1;
        }
        s += 1;
    }
    out
}

const fn key_guesses() -> [[Action; PARTS]; MAX_PLAYERS] {
    let mut out = [[Action::Ask { colour: colour(0), number: number(0) }; PARTS]; MAX_PLAYERS];
    let mut s = 0;
    while s < MAX_PLAYERS {
        let mut i = 0;
        while i < PARTS {
            out[s][i] = Action::GuessKey { target: Seat(s as u8), number: number(i) };
            i += 1;
        }
        s += 1;
    }
    out
}

impl SafeBreaker {
    /// Lists the legal actions of the seat to move (see [`safehouse_engine::Game::legal_actions`]).
    ///
    /// Every question is legal, including one about your own parts (S5). Every guess at every
    /// other seat still in the game is legal (S6), whatever is already known; in Keep it simple
    /// also every half guess, except at a half already face up.
    pub(crate) fn list_legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let Some(me) = self.to_move else { return };
        let questions_left = !self.question_limit_reached();
        if questions_left {
            out.extend_from_slice(&ASKS);
        }
        for target in self.active.iter() {
            if target == me {
                continue;
            }
            let t = target.index();
            out.extend_from_slice(&GUESSES[t]);
            if self.options.keep_it_simple && questions_left {
                if !self.seats[t].lock_shown {
                    out.extend_from_slice(&LOCK_GUESSES[t]);
                }
                if !self.seats[t].key_shown {
                    out.extend_from_slice(&KEY_GUESSES[t]);
                }
            }
        }
    }

    /// Whether `question_limit` questions have been asked: from then on only full-code guesses
    /// are legal, and each of them puts a seat out, so the game ends within a round.
    pub(crate) fn question_limit_reached(&self) -> bool {
        self.options.question_limit.is_some_and(|limit| self.questions >= limit)
    }

    /// Checks an action of the seat to move without changing anything.
    fn check(&self, me: Seat, action: &Action) -> Result<(), ActionError> {
        let limit_reached = self.question_limit_reached();
        let Some((target, guess)) = action.guess() else {
            if limit_reached {
                return Err(ActionError::illegal(
                    Rule::QuestionLimit,
                    "the question limit is reached: only a guess at a whole code may be made now",
                ));
            }
            return Ok(());
        };
        if limit_reached && !matches!(guess, Guess::Code { .. }) {
            return Err(ActionError::illegal(
                Rule::QuestionLimit,
                "the question limit is reached: guess a whole code (lock and key)",
            ));
        }
        if target.index() >= self.seats.len() {
            return Err(ActionError::illegal(Rule::NoSuchSeat, format!("there is no {target} at this table")));
        }
        if target == me {
            return Err(ActionError::illegal(Rule::GuessSelf, "you cannot guess your own code"));
        }
        if !self.active.contains(target) {
            return Err(ActionError::illegal(Rule::TargetOut, format!("{target} is already out of the game")));
        }
        let seat = &self.seats[target.index()];
        match guess {
            Guess::Code { .. } => Ok(()),
            Guess::Lock { .. } | Guess::Key { .. } if !self.options.keep_it_simple => Err(ActionError::illegal(
                Rule::HalfGuessNotAllowed,
                "guessing only a lock or only a key needs the Keep it simple variant",
            )),
            Guess::Lock { .. } if seat.lock_shown => {
                Err(ActionError::illegal(Rule::HalfAlreadyShown, format!("{target}'s lock is already face up")))
            }
            Guess::Key { .. } if seat.key_shown => {
                Err(ActionError::illegal(Rule::HalfAlreadyShown, format!("{target}'s key is already face up")))
            }
            Guess::Lock { .. } | Guess::Key { .. } => Ok(()),
        }
    }

    /// Applies an action of the seat to move (see [`safehouse_engine::Game::apply`]).
    pub(crate) fn apply_action(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), ActionError> {
        let me = self.to_move.ok_or(ActionError::GameOver)?;
        self.check(me, action)?;
        match *action {
            Action::Ask { colour, number } => self.ask(me, colour, number, events),
            Action::Guess { target, colour, number } => self.guess(me, target, Guess::Code { colour, number }, events),
            Action::GuessLock { target, colour } => self.guess(me, target, Guess::Lock { colour }, events),
            Action::GuessKey { target, number } => self.guess(me, target, Guess::Key { number }, events),
        }
        match self.to_move {
            Some(seat) => events.push(Event::Turn { seat }),
            None => self.finish(events),
        }
        Ok(())
    }

    /// A question goes to the left and round the table until someone says "Yes" (001:19-24).
    /// Seats out of the game are skipped (S3); the asker never answers (S4).
    fn ask(&mut self, me: Seat, colour: Colour, number: Number, events: &mut Vec<Event>) {
        let mut no = SeatSet::EMPTY;
        let mut yes = None;
        let mut first = true;
        for seat in self.active.iter_after(me) {
            if seat == me {
                break;
            }
            if first {
                events.push(Event::Asked { asker: me, to: seat, colour, number });
                first = false;
            }
            let answer = self.seats[seat.index()].code.answers_yes(colour, number);
            events.push(Event::Answered { seat, yes: answer });
            if answer {
                yes = Some(seat);
                break;
            }
            no.insert(seat);
        }
        if first {
            // Nobody else is left to ask; the game would be over, so this cannot happen.
            events.push(Event::Asked { asker: me, to: me, colour, number });
        }
        match yes {
            // 001:21: whoever says "Yes" takes the turn (S8).
            Some(seat) => self.to_move = Some(seat),
            // 001:24: everybody said "No": the asker gets another turn.
            None => events.push(Event::AllAnsweredNo { asker: me }),
        }
        self.log.push(Entry::Question { asker: me, colour, number, no, yes });
        self.questions = self.questions.saturating_add(1);
    }

    /// A guess at `target` (001:26-30; Keep it simple 001:35-40).
    fn guess(&mut self, me: Seat, target: Seat, guess: Guess, events: &mut Vec<Event>) {
        let code = self.seats[target.index()].code;
        let correct = guess.matches(code);
        events.push(Event::Guessed { guesser: me, target, guess, correct });
        self.log.push(Entry::Guess { guesser: me, target, guess, correct });
        match (guess, correct) {
            // 001:29-30: the accused's code goes face up, they are out, the guesser goes again (S7).
            (Guess::Code { .. }, true) => {
                self.eliminate(target, OutReason::Cracked, true, events);
                self.to_move = Some(me);
            }
            // 001:30: the guesser is out, code face down (S2), and the accused takes the turn.
            (Guess::Code { .. }, false) => {
                let face_up = self.options.reveal_wrong_guesser_code;
                self.eliminate(me, OutReason::WrongGuess, face_up, events);
                self.to_move = Some(target);
            }
            // 001:37-39: the accused shows that half; the first half gives them the turn
            // (S11, option), the second puts them out and the guesser goes again, as in 001:30.
            (Guess::Lock { .. } | Guess::Key { .. }, true) => {
                let seat = &mut self.seats[target.index()];
                let half = match guess {
                    Guess::Lock { colour } => {
                        seat.lock_shown = true;
                        Half::Lock { colour }
                    }
                    Guess::Key { number } | Guess::Code { number, .. } => {
                        seat.key_shown = true;
                        Half::Key { number }
                    }
                };
                let second = seat.lock_shown && seat.key_shown;
                events.push(Event::HalfShown { seat: target, half });
                if second {
                    self.eliminate(target, OutReason::Cracked, true, events);
                    self.to_move = Some(me);
                } else {
                    self.to_move = Some(match self.options.turn_after_half_reveal {
                        HalfRevealTurn::Accused => target,
                        HalfRevealTurn::Guesser => me,
                    });
                }
            }
            // S11: 001:35-40 does not say; by default as a wrong full guess (001:30).
            (Guess::Lock { .. } | Guess::Key { .. }, false) => {
                if self.options.simple_wrong_guess == SimpleWrongGuess::GuesserEliminated {
                    let face_up = self.options.reveal_wrong_guesser_code;
                    self.eliminate(me, OutReason::WrongGuess, face_up, events);
                }
                self.to_move = Some(target);
            }
        }
        if self.active.len() <= 1 {
            self.to_move = None;
        }
    }

    fn eliminate(&mut self, seat: Seat, reason: OutReason, face_up: bool, events: &mut Vec<Event>) {
        let order = (self.seats.len() - self.active.len() + 1) as u8;
        self.active.remove(seat);
        let state = &mut self.seats[seat.index()];
        state.status = Status::Out { reason, order };
        if face_up {
            state.lock_shown = true;
            state.key_shown = true;
        }
        events.push(Event::Eliminated { seat, reason, face_up, code: Some(state.code) });
    }

    /// One player is left (001:31-32): they win, and every code still hidden is turned face up
    /// (001:7 "the last player ... will know all of the codes").
    fn finish(&mut self, events: &mut Vec<Event>) {
        if let Some(winner) = self.active.iter().next() {
            events.push(Event::GameOver { winner });
        }
        for (i, seat) in self.seats.iter_mut().enumerate() {
            if !(seat.lock_shown && seat.key_shown) {
                seat.lock_shown = true;
                seat.key_shown = true;
                events.push(Event::CodeShown { seat: Seat(i as u8), code: seat.code });
            }
        }
    }

    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<Seat> {
        if self.to_move.is_some() { None } else { self.active.iter().next() }
    }

    /// The result: the last player standing wins (001:31-32); the others rank by how long they
    /// lasted. A seat's score is the number of seats that went out before it.
    pub(crate) fn final_outcome(&self) -> Option<Outcome> {
        let winner = self.winner()?;
        let scores = self.final_scores().collect();
        Some(Outcome::ranked_by_score(scores, LAST_STANDING, format!("{winner} is the last player standing")))
    }

    /// [`Game::outcome_into`]: a game is four or five decisions, and its outcome's sentence and
    /// vectors were a fifth of a simulated game's cost.
    pub(crate) fn final_outcome_into(&self, out: &mut Outcome) -> bool {
        if self.winner().is_none() {
            return false;
        }
        out.rank_by_score_into(self.final_scores(), LAST_STANDING);
        true
    }

    /// Each seat's score at the end: the seats it outlasted (the last one standing outlasted
    /// everybody).
    fn final_scores(&self) -> impl Iterator<Item = i64> + '_ {
        let players = self.seats.len();
        self.seats.iter().map(move |s| match s.status {
            Status::Active => players as i64 - 1,
            Status::Out { order, .. } => i64::from(order) - 1,
        })
    }
}
