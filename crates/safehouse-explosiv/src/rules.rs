//! The rules: legal actions, applying an action, the end of a round (two-player rule, scoring,
//! unclaimed cards), the next round's start player, the end of the game and the outcome.
//!
//! Rulebook citations are to `shared/seeds/003_01e4902427864093.txt` (English half); gap ids
//! E1..E12 are those of `shared/research/rules-notes.md` §3.4.

use std::fmt::Write as _;

use safehouse_engine::{ActionError, Game, Outcome, Seat};

use crate::actions::{Action, Event, ExplosionCause, row_letter};
use crate::cards::{CardSet, EXPLOSION_AT, ExplosiveCard, HIGHEST_NUMBER};
use crate::options::{GameTieBreak, LongestRowTie, NoLegalMove, RoundStartPlayer, RowTieBreak, Unclaimed};
use crate::state::Explosiv;
use crate::state::FixedVec;
use crate::state::{Discard, MAX_PLAYERS, MAX_ROWS, Placed, ROW_CAPACITY, RoundSummary, Row, RowResult};

safehouse_engine::rule_codes! {
    /// The rules an action can break, each refused with [`ActionError::illegal`] under its
    /// stable code (what the protocol and the server send as `rule`).
    pub enum Rule {
        /// A card placed in a row this round does not have.
        NoSuchRow => "no_such_row",
        /// A card placed or discarded that the seat does not hold.
        CardNotInHand => "card_not_in_hand",
        /// A card placed in a row that has exploded, at a table where such rows close.
        RowClosed => "row_closed",
        /// A card placed directly on the seat's own card (E3).
        OwnCardOnTop => "own_card_on_top",
        /// A number placed in a row that already has it (only 8s repeat).
        NumberAlreadyInRow => "number_already_in_row",
        /// A discard at a table where a stuck seat passes instead.
        DiscardNotAllowed => "discard_not_allowed",
        /// A pass at a table where a stuck seat discards instead.
        PassNotAllowed => "pass_not_allowed",
        /// A discard or pass while a card can still be placed.
        MustPlace => "must_place",
    }
}

/// `PLACEMENTS[row][mask]` lists, cards ascending, the placements on `row` of the cards in
/// `mask` (bit `i` is card `i + 1`); only the first `mask.count_ones()` entries are meaningful.
static PLACEMENTS: [[[Action; 8]; 256]; MAX_ROWS] = placement_table();

const fn placement_table() -> [[[Action; 8]; 256]; MAX_ROWS] {
    let mut table = [[[Action::Pass; 8]; 256]; MAX_ROWS];
    let mut row = 0;
    while row < MAX_ROWS {
        let mut mask = 0;
        while mask < 256 {
            let mut n = 0;
            let mut card = 1;
            while card <= HIGHEST_NUMBER {
                if mask & (1 << (card - 1)) != 0 {
                    table[row][mask][n] = Action::Place { card, row: row as u8 };
                    n += 1;
                }
                card += 1;
            }
            mask += 1;
        }
        row += 1;
    }
    table
}

impl Explosiv {
    /// How many cards close a row: its capacity, or 8 when play after an explosion is not
    /// allowed (E4).
    #[inline]
    fn close_at(&self) -> usize {
        if self.options.allow_play_after_explosion { ROW_CAPACITY } else { EXPLOSION_AT }
    }

    /// Whether a row takes no more cards.
    #[inline]
    fn closed(&self, row: &Row) -> bool {
        row.cards.len() >= self.close_at()
    }

    /// The values `seat` may place on `row` (ignoring its hand) when rows close at `close_at`
    /// cards: nothing if the row is closed or ends with one of its own cards (003:43, E3);
    /// otherwise every value not yet in the row, and 8 always (003:44-45).
    #[inline]
    fn accepts_with(row: &Row, seat: Seat, close_at: usize) -> CardSet {
        match row.cards.last() {
            Some(last) if last.seat == seat => CardSet::EMPTY,
            _ if row.cards.len() >= close_at => CardSet::EMPTY,
            _ => CardSet::ALL.minus(row.present),
        }
    }

    /// The values `seat` could place somewhere on the table now (ignoring its hand).
    pub(crate) fn placeable_values(&self, seat: Seat) -> CardSet {
        let close_at = self.close_at();
        self.rows.iter().fold(CardSet::EMPTY, |acc, row| acc.or(Self::accepts_with(row, seat, close_at)))
    }

    /// The cards of its hand `seat` could place somewhere now.
    #[inline]
    pub(crate) fn playable(&self, seat: Seat) -> CardSet {
        self.placeable_values(seat).and(self.seat(seat).hand)
    }

    /// Lists the legal actions row by row (row A's cards ascending, then row B's...), or the
    /// discards / the pass of a seat that cannot place a card.
    pub(crate) fn list_legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let Some(seat) = self.to_move else { return };
        let hand = self.seat(seat).hand;
        let close_at = self.close_at();
        for (row, target) in self.rows.iter().enumerate() {
            let cards = Self::accepts_with(target, seat, close_at).and(hand);
            if !cards.is_empty() {
                // Copied from a table, all eight slots at once (a fixed-size copy) and then
                // cut to the cards there are: the hot path of every playout.
                let len = out.len() + cards.len();
                out.extend_from_slice(&PLACEMENTS[row][usize::from(cards.low_byte())]);
                out.truncate(len);
            }
        }
        if out.is_empty() {
            match self.options.no_legal_move {
                NoLegalMove::DiscardFaceUp | NoLegalMove::DiscardFaceDown => {
                    out.extend(hand.iter().map(|card| Action::Discard { card }));
                }
                NoLegalMove::SkipKeep => out.push(Action::Pass),
            }
        }
    }

    /// Checks an action of the seat to move without changing anything.
    fn check(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        let hand = self.seat(seat).hand;
        match *action {
            Action::Place { card, row } => {
                let Some(target) = self.rows.get(usize::from(row)) else {
                    return Err(ActionError::illegal(
                        Rule::NoSuchRow,
                        format!(
                            "there is no row {} this round (rows A to {})",
                            row_letter(row),
                            row_letter(self.rows.len().saturating_sub(1) as u8)
                        ),
                    ));
                };
                if !hand.contains(card) {
                    return Err(ActionError::illegal(Rule::CardNotInHand, format!("you do not hold a {card}")));
                }
                if self.closed(target) {
                    return Err(ActionError::illegal(
                        Rule::RowClosed,
                        format!("row {} has exploded and takes no more cards at this table", row_letter(row)),
                    ));
                }
                if target.last_seat() == Some(seat) {
                    return Err(ActionError::illegal(
                        Rule::OwnCardOnTop,
                        format!("row {} ends with your own card; you cannot play directly on it", row_letter(row)),
                    ));
                }
                if card != HIGHEST_NUMBER && target.present.contains(card) {
                    return Err(ActionError::illegal(
                        Rule::NumberAlreadyInRow,
                        format!("row {} already has a {card}; only 8s may repeat in a row", row_letter(row)),
                    ));
                }
                Ok(())
            }
            Action::Discard { card } => {
                if self.options.no_legal_move == NoLegalMove::SkipKeep {
                    return Err(ActionError::illegal(
                        Rule::DiscardNotAllowed,
                        "at this table a seat that cannot place a card passes and keeps its cards",
                    ));
                }
                if !hand.contains(card) {
                    return Err(ActionError::illegal(Rule::CardNotInHand, format!("you do not hold a {card}")));
                }
                self.check_stuck(seat)
            }
            Action::Pass => {
                if self.options.no_legal_move != NoLegalMove::SkipKeep {
                    return Err(ActionError::illegal(
                        Rule::PassNotAllowed,
                        "at this table a seat that cannot place a card discards one of its choice",
                    ));
                }
                self.check_stuck(seat)
            }
        }
    }

    fn check_stuck(&self, seat: Seat) -> Result<(), ActionError> {
        match self.playable(seat).iter().next() {
            None => Ok(()),
            Some(card) => Err(ActionError::illegal(
                Rule::MustPlace,
                format!("you can still place a card (e.g. your {card}); you may only sit out when you cannot"),
            )),
        }
    }

    pub(crate) fn apply_action(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), ActionError> {
        let Some(seat) = self.to_move else { return Err(ActionError::GameOver) };
        self.check(seat, action)?;
        match *action {
            Action::Place { card, row } => {
                self.seat_mut(seat).hand.remove(card);
                let target = &mut self.rows[usize::from(row)];
                target.push(Placed { seat, card });
                events.push(Event::Placed { seat, card, row });
                // 003:48 (E4): the card that becomes the row's 8th turns it to the bomb side,
                // whatever its value; later cards do not turn it back.
                if target.cards.len() == EXPLOSION_AT && !target.explosive.exploded {
                    target.explosive.exploded = true;
                    events.push(Event::RowExploded {
                        row,
                        explosive: target.explosive,
                        cause: ExplosionCause::EighthCard,
                    });
                }
            }
            Action::Discard { card } => {
                let face_down = self.options.no_legal_move == NoLegalMove::DiscardFaceDown;
                let unplayable = CardSet::ALL.minus(self.placeable_values(seat));
                let state = self.seat_mut(seat);
                state.hand.remove(card);
                state.discards.push(Discard { card, face_down, unplayable });
                events.push(Event::Discarded { seat, card: Some(card), face_down });
            }
            Action::Pass => events.push(Event::Passed { seat }),
        }
        self.finish_turn(seat, events);
        Ok(())
    }

    /// Passes the turn, or ends the round when it is over.
    fn finish_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let players = self.players();
        let holding = |s: &Explosiv, seat: Seat| !s.seat(seat).hand.is_empty();
        // The next seat clockwise that still holds cards (without a division: hot path).
        let step = |s: Seat| if s.index() + 1 == players { Seat(0) } else { Seat(s.0 + 1) };
        let mut next = step(seat);
        let mut looked = 0;
        while !holding(self, next) && looked < players {
            next = step(next);
            looked += 1;
        }
        // 003:50: the round ends when all cards are played. With `skip_keep` (E8) it also ends
        // when no seat that still holds cards can place one.
        let over = looked == players
            || (self.options.no_legal_move == NoLegalMove::SkipKeep
                && self.playable(next).is_empty()
                && Seat::all(players).all(|s| self.playable(s).is_empty()));
        if over {
            self.end_round(events);
        } else {
            self.to_move = Some(next);
        }
    }

    fn row_result(&self, row: &Row) -> RowResult {
        let players = self.players();
        let mut totals = [0u8; MAX_PLAYERS];
        let mut highest = [0u8; MAX_PLAYERS];
        let mut played = [false; MAX_PLAYERS];
        for placed in row.cards.iter() {
            let i = placed.seat.index();
            totals[i] += placed.card;
            highest[i] = highest[i].max(placed.card);
            played[i] = true;
        }
        // 003:50 (E5): the last card in a row earns its owner an extra two points.
        if let Some(last) = row.last_seat() {
            totals[last.index()] += self.options.last_card_bonus;
        }
        let best = (0..players).filter(|&i| played[i]).map(|i| totals[i]).max();
        let mut result = RowResult {
            explosive: row.explosive,
            cards: row.cards.len() as u8,
            totals: FixedVec::from_slice(&totals[..players]).unwrap_or_default(),
            winner: None,
            tied: false,
        };
        // E7: a row without cards has no winner.
        let Some(best) = best else { return result };
        let mut tied = [false; MAX_PLAYERS];
        let mut count = 0;
        for i in 0..players {
            if played[i] && totals[i] == best {
                tied[i] = true;
                count += 1;
            }
        }
        result.tied = count > 1;
        result.winner = if count == 1 {
            (0..players).find(|&i| tied[i]).map(|i| Seat(i as u8))
        } else {
            // E6.
            match self.options.row_tie_break {
                RowTieBreak::HighestCard => {
                    let top = (0..players).filter(|&i| tied[i]).map(|i| highest[i]).max().unwrap_or(0);
                    let mut holders = (0..players).filter(|&i| tied[i] && highest[i] == top);
                    match (holders.next(), holders.next()) {
                        (Some(i), None) => Some(Seat(i as u8)),
                        _ => None,
                    }
                }
                RowTieBreak::LastPlayed => row.cards.iter().rev().find(|p| tied[p.seat.index()]).map(|p| p.seat),
                RowTieBreak::None => None,
            }
        };
        result
    }

    /// The end of a round: the two-player rule, then each row scored, then the next round or
    /// the end of the game.
    fn end_round(&mut self, events: &mut Vec<Event>) {
        let players = self.players();
        // E1/E12: with two players the longest row explodes at the end of the round.
        if players == 2 && self.options.two_player_longest_row_explodes {
            let longest = self.rows.iter().map(|r| r.cards.len()).max().unwrap_or(0);
            let count = self.rows.iter().filter(|r| r.cards.len() == longest).count();
            if longest > 0 && (count == 1 || self.options.longest_row_tie == LongestRowTie::All) {
                for (i, row) in self.rows.iter_mut().enumerate() {
                    if row.cards.len() == longest && !row.explosive.exploded {
                        row.explosive.exploded = true;
                        events.push(Event::RowExploded {
                            row: i as u8,
                            explosive: row.explosive,
                            cause: ExplosionCause::LongestRow,
                        });
                    }
                }
            }
        }
        let mut summary = RoundSummary { round: self.round, rows: FixedVec::new() };
        let mut carried: FixedVec<ExplosiveCard, MAX_ROWS> = FixedVec::new();
        for i in 0..self.rows.len() {
            let row = self.rows[i];
            let result = self.row_result(&row);
            summary.rows.push(result);
            match result.winner {
                Some(winner) => {
                    self.seat_mut(winner).won.push(row.explosive);
                }
                None => match self.options.unclaimed_explosive {
                    Unclaimed::Discard => {
                        self.removed.push(row.explosive);
                    }
                    // A card carried over once leaves the game when unclaimed again, so that
                    // the game always ends.
                    Unclaimed::CarryOver if row.carried => {
                        self.removed.push(row.explosive);
                    }
                    Unclaimed::CarryOver => {
                        carried.push(ExplosiveCard::briefcase(row.explosive.front));
                    }
                },
            }
            events.push(Event::RowScored {
                row: i as u8,
                explosive: row.explosive,
                totals: result.totals,
                winner: result.winner,
                tied: result.tied,
            });
        }
        self.last_round = Some(summary);
        events.push(Event::RoundEnded { round: self.round, scores: self.scores() });
        // 003:52-54: a new round with new explosive cards, unless too few are left.
        if self.deck.len() + carried.len() > players {
            self.start_round(&carried, events);
        } else {
            for card in carried.iter() {
                self.removed.push(*card);
            }
            self.rows.clear();
            for seat in self.seats.iter_mut() {
                seat.hand = CardSet::EMPTY;
                seat.discards.clear();
            }
            self.to_move = None;
            events.push(Event::GameEnded { scores: self.scores() });
        }
    }

    /// Lays out `players + 1` explosive cards (carried ones first), gives every seat back its
    /// 1..8 and chooses the start player (round 1: red, seat 0).
    pub(crate) fn start_round(&mut self, carried: &FixedVec<ExplosiveCard, MAX_ROWS>, events: &mut Vec<Event>) {
        let players = self.players();
        self.round += 1;
        self.rows.clear();
        for card in carried.iter() {
            self.rows.push(Row { carried: true, ..Row::new(*card) });
        }
        while self.rows.len() < players + 1 {
            let Some(front) = self.deck.pop() else { break };
            self.rows.push(Row::new(ExplosiveCard::briefcase(front)));
        }
        for seat in self.seats.iter_mut() {
            seat.hand = CardSet::ALL;
            seat.discards.clear();
        }
        if self.round > 1 {
            self.round_start = match self.options.round_start_player {
                RoundStartPlayer::Rotate => self.round_start.next(players),
                RoundStartPlayer::RedAlways => Seat(0),
                RoundStartPlayer::LowestScore => {
                    let scores = self.scores();
                    let lowest = scores.iter().copied().min().unwrap_or(0);
                    let mut seat = self.round_start.next(players);
                    while scores[seat.index()] != lowest {
                        seat = seat.next(players);
                    }
                    seat
                }
            };
        }
        self.to_move = Some(self.round_start);
        let mut explosives = FixedVec::new();
        for row in self.rows.iter() {
            explosives.push(row.explosive.front);
        }
        events.push(Event::RoundStarted { round: self.round, start_player: self.round_start, explosives });
    }

    /// Each seat's score.
    pub(crate) fn scores(&self) -> FixedVec<i16, MAX_PLAYERS> {
        let mut scores = FixedVec::new();
        for seat in self.seats.iter() {
            scores.push(seat.score());
        }
        scores
    }

    pub(crate) fn final_outcome(&self) -> Option<Outcome> {
        if self.to_move.is_some() {
            return None;
        }
        let scores: Vec<i64> = self.seats.iter().map(|s| i64::from(s.score())).collect();
        // E10. Keys of a fixed length (no vector per seat): with shared ties the second key is
        // the same for everyone, so only the score orders the seats.
        let mut keys: FixedVec<[i64; 2], MAX_PLAYERS> = FixedVec::new();
        for s in self.seats.iter() {
            keys.push(match self.options.game_tie_break {
                GameTieBreak::Shared => [i64::from(s.score()), 0],
                GameTieBreak::MostBriefcases => [i64::from(s.score()), s.briefcases() as i64],
            });
        }
        // Written into one string: a simulator asks every game for its outcome.
        let mut detail = String::with_capacity(64 + 12 * scores.len());
        let _ = write!(detail, "after {} rounds, too few explosive cards are left for another:", self.round);
        for (i, score) in scores.iter().enumerate() {
            let separator = if i == 0 { "" } else { "," };
            let _ = write!(detail, "{separator} {} {score}", crate::Colour::of(Seat(i as u8)));
        }
        let reason = if self.deck.is_empty() { "explosives_exhausted" } else { "too_few_explosives" };
        Some(Outcome::ranked(scores, keys.as_slice(), reason, detail))
    }
}
