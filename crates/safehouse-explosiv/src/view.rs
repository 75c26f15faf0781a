//! What each seat sees, filtered events, and determinization.
//!
//! Everything on the table is public: the explosive cards and their sides, every number card
//! placed, every face-up discard, the explosive cards each seat has won, and which explosive
//! cards are still in the deck (the deck's composition is known from the box; only its
//! order is hidden). A seat's own hand is shown to it alone; the others see only how many
//! cards it holds. Because every number card that leaves a hand is seen (placed, or discarded
//! face up under the default options), the hidden hands can be deduced exactly; option
//! `show_deduced_hands` writes that deduction into the view. With
//! `no_legal_move = discard_face_down` the discarded card's value is hidden from the others,
//! so hands are then genuinely hidden (the deduction gives the possible cards).

use std::fmt;

use safehouse_engine::words::count;
use safehouse_engine::{Game, GameOptions, GameRng, Seat, SetupError, Viewer, check_players};
use serde::{Deserialize, Serialize};

use crate::actions::{Event, row_letter};
use crate::cards::{CardSet, Colour, ExplosiveCard, HIGHEST_NUMBER};
use crate::deduction::DeducedHand;
use crate::options::Options;
use crate::state::Explosiv;
use crate::state::FixedVec;
use crate::state::{Discard, MAX_DECK, MAX_PLAYERS, MAX_ROWS, Placed, RoundSummary, Row, SeatState};

/// What one seat (or a spectator) may know.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who this view is for.
    pub viewer: Viewer,
    /// Number of seats.
    pub players: u8,
    /// The options of the table.
    pub options: Options,
    /// The round being played, from 1 (the last round played once the game is over).
    pub round: u8,
    /// Who started this round.
    pub round_start: Seat,
    /// Whose decision it is; `None` once the game is over.
    pub to_move: Option<Seat>,
    /// This round's explosive cards and the number cards placed in front of them, row A first.
    pub rows: Vec<RowView>,
    /// Front values of the explosive cards still in the deck, ascending (their order is hidden).
    pub deck: Vec<u8>,
    /// Explosive cards that left the game unclaimed.
    pub removed: Vec<ExplosiveCard>,
    /// Every seat, in seat order.
    pub seats: Vec<SeatView>,
    /// How the last round was scored.
    pub last_round: Option<RoundSummary>,
}

/// One row as everybody sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowView {
    /// The explosive card, with the side that is up.
    pub explosive: ExplosiveCard,
    /// The number cards, in the order placed.
    pub cards: Vec<Placed>,
    /// Whether the explosive card was carried over unclaimed from the last round (E7).
    #[serde(default)]
    pub carried: bool,
}

/// One seat as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// The seat.
    pub seat: Seat,
    /// Its colour.
    pub colour: Colour,
    /// Its score: the value of the explosive cards it won.
    pub score: i16,
    /// The explosive cards it won, in order.
    pub won: Vec<ExplosiveCard>,
    /// How many number cards it holds.
    pub hand_size: u8,
    /// Its hand: only in its own view.
    pub hand: Option<CardSet>,
    /// The cards it gave up this round (no legal placement), in order.
    pub discards: Vec<DiscardView>,
    /// The cards it may still hold, deduced from the table (option `show_deduced_hands`; never
    /// for the viewer's own seat, whose hand is shown).
    pub deduced_hand: Option<DeducedHand>,
}

/// A discard as the viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiscardView {
    /// The card; `None` when it went face down and the viewer is another seat.
    pub card: Option<u8>,
    /// Whether it went face down.
    pub face_down: bool,
    /// The values the seat could not have placed anywhere at that moment (public).
    pub unplayable: CardSet,
}

impl Explosiv {
    pub(crate) fn build_view(&self, viewer: Viewer) -> View {
        let over = self.to_move.is_none();
        let mut deck = self.deck.to_vec();
        deck.sort_unstable();
        let seats = Seat::all(self.players())
            .map(|seat| {
                let state = self.seat(seat);
                let own = viewer.is(seat);
                SeatView {
                    seat,
                    colour: Colour::of(seat),
                    score: state.score(),
                    won: state.won.to_vec(),
                    hand_size: state.hand.len() as u8,
                    hand: own.then_some(state.hand),
                    discards: state
                        .discards
                        .iter()
                        .map(|d| DiscardView {
                            card: (own || !d.face_down).then_some(d.card),
                            face_down: d.face_down,
                            unplayable: d.unplayable,
                        })
                        .collect(),
                    deduced_hand: (self.options.show_deduced_hands && !own && !over).then(|| self.deduce(seat)),
                }
            })
            .collect();
        View {
            viewer,
            players: self.players,
            options: self.options.clone(),
            round: self.round,
            round_start: self.round_start,
            to_move: self.to_move,
            rows: self
                .rows
                .iter()
                .map(|r| RowView { explosive: r.explosive, cards: r.cards.to_vec(), carried: r.carried })
                .collect(),
            deck,
            removed: self.removed.to_vec(),
            seats,
            last_round: self.last_round,
        }
    }

    pub(crate) fn filter_event(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        match *event {
            Event::Discarded { seat, face_down: true, .. } if !viewer.is(seat) => {
                Some(Event::Discarded { seat, card: None, face_down: true })
            }
            other => Some(other),
        }
    }

    /// A full state consistent with `view`: the deck's order shuffled, and every hand the
    /// viewer cannot see drawn from the cards that seat may hold (face-down discards drawn too,
    /// each from the values the seat could not place when it discarded), uniformly among the
    /// assignments consistent with the table.
    pub(crate) fn from_view(view: &View, rng: &mut GameRng) -> Result<Explosiv, SetupError> {
        let bad = |what: &str| SetupError::InconsistentView(what.to_owned());
        let players = usize::from(view.players);
        check_players(players, crate::state::MIN_PLAYERS, MAX_PLAYERS)?;
        view.options.validate(players)?;
        if view.seats.len() != players {
            return Err(bad("one seat view per player is needed"));
        }
        if view.round_start.index() >= players || view.to_move.is_some_and(|s| s.index() >= players) {
            return Err(bad("seat out of range"));
        }
        let over = view.to_move.is_none();
        let mut rows: FixedVec<Row, MAX_ROWS> = FixedVec::new();
        for row in &view.rows {
            if row.cards.iter().any(|p| p.seat.index() >= players) {
                return Err(bad("a placed card belongs to no seat"));
            }
            let row =
                Row::from_parts(row.explosive, &row.cards, row.carried).ok_or_else(|| bad("a row breaks the rules"))?;
            if !rows.push(row) {
                return Err(bad("too many rows"));
            }
        }
        let mut deck: FixedVec<u8, MAX_DECK> = FixedVec::from_slice(&view.deck).ok_or_else(|| bad("deck too large"))?;
        if deck.iter().any(|v| !(1..=HIGHEST_NUMBER).contains(v)) {
            return Err(bad("deck card out of range"));
        }
        rng.shuffle(&mut deck);
        let removed = FixedVec::from_slice(&view.removed).ok_or_else(|| bad("too many removed cards"))?;
        let mut seats: FixedVec<SeatState, MAX_PLAYERS> = FixedVec::new();
        for (i, sv) in view.seats.iter().enumerate() {
            if sv.seat.index() != i {
                return Err(bad("seat views out of order"));
            }
            let mut state = SeatState {
                won: FixedVec::from_slice(&sv.won).ok_or_else(|| bad("too many explosive cards won"))?,
                ..SeatState::default()
            };
            let hand_size = usize::from(sv.hand_size);
            if over {
                if hand_size != 0 || !sv.discards.is_empty() {
                    return Err(bad("cards in hand after the end of the game"));
                }
            } else if let Some(hand) = sv.hand {
                if hand.len() != hand_size {
                    return Err(bad("hand size differs from the hand"));
                }
                state.hand = hand;
                for d in &sv.discards {
                    let card = d.card.ok_or_else(|| bad("own discard without its card"))?;
                    state.discards.push(Discard { card, face_down: d.face_down, unplayable: d.unplayable });
                }
            } else {
                sample_hidden(&mut state, sv, &rows, rng)?;
            }
            seats.push(state);
        }
        Ok(Explosiv {
            options: view.options.clone(),
            players: view.players,
            deck,
            round: view.round,
            round_start: view.round_start,
            to_move: view.to_move,
            rows,
            seats,
            removed,
            last_round: view.last_round,
        })
    }
}

/// Draws a hidden hand (and hidden face-down discards) for one seat.
///
/// A card still in hand was held at every discard of this round, so it lies in every
/// discard's `unplayable` set; a card discarded at discard `j` was held at discards `0..=j`.
/// These constraints are nested, so filling the most constrained slots first (the hand, then
/// the hidden discards from the latest back) and picking uniformly from what is left gives a
/// uniform draw among all consistent assignments.
fn sample_hidden(state: &mut SeatState, sv: &SeatView, rows: &[Row], rng: &mut GameRng) -> Result<(), SetupError> {
    let bad = |what: &str| SetupError::InconsistentView(what.to_owned());
    let mut pool = CardSet::ALL;
    for row in rows {
        for placed in row.cards.iter().filter(|p| p.seat == sv.seat) {
            if !pool.contains(placed.card) {
                return Err(bad("a seat placed the same card twice"));
            }
            pool.remove(placed.card);
        }
    }
    let mut prefix = [CardSet::ALL; 8];
    let mut constraint = CardSet::ALL;
    if sv.discards.len() > prefix.len() {
        return Err(bad("too many discards"));
    }
    let mut hidden = 0;
    for (j, d) in sv.discards.iter().enumerate() {
        constraint = constraint.and(d.unplayable);
        prefix[j] = constraint;
        match d.card {
            Some(card) => {
                if !pool.contains(card) {
                    return Err(bad("a discarded card was also placed"));
                }
                pool.remove(card);
            }
            None => hidden += 1,
        }
    }
    let hand_size = usize::from(sv.hand_size);
    if pool.len() != hand_size + hidden {
        return Err(bad("hand size does not match the cards not yet seen"));
    }
    let mut draw = |pool: &mut CardSet, allowed: CardSet| -> Result<u8, SetupError> {
        let choices = pool.and(allowed);
        if choices.is_empty() {
            return Err(bad("no card fits a seat's discards"));
        }
        let card = choices.nth(rng.index(choices.len())).unwrap_or(0);
        pool.remove(card);
        Ok(card)
    };
    let mut hand = CardSet::EMPTY;
    for _ in 0..hand_size {
        hand.insert(draw(&mut pool, constraint)?);
    }
    let mut cards = [0u8; 8];
    for (j, d) in sv.discards.iter().enumerate().rev() {
        cards[j] = match d.card {
            Some(card) => card,
            None => draw(&mut pool, prefix[j])?,
        };
    }
    state.hand = hand;
    for (j, d) in sv.discards.iter().enumerate() {
        state.discards.push(Discard { card: cards[j], face_down: d.face_down, unplayable: d.unplayable });
    }
    Ok(())
}

/// The board as text (the terminal's and the protocol's `view_text`). Rows are lettered and seats
/// numbered from 1, as the terminal's move list and the web table show them (the JSON keeps
/// indices from 0).
impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |seat: Seat| format!("{} (seat {})", Colour::of(seat), seat.0 + 1);
        match self.viewer {
            Viewer::Seat(seat) => writeln!(f, "Explosiv, round {}: you are {}", self.round, name(seat))?,
            Viewer::Spectator => writeln!(f, "Explosiv, round {}: spectator", self.round)?,
        }
        write!(f, "Deck: {} explosive cards left", self.deck.len())?;
        if !self.deck.is_empty() {
            let fronts: Vec<String> = self.deck.iter().map(|v| format!("+{v}")).collect();
            write!(f, " ({}, order hidden)", fronts.join(" "))?;
        }
        if !self.removed.is_empty() {
            let removed: Vec<String> = self.removed.iter().map(|c| format!("{:+}", c.value())).collect();
            write!(f, "; out of the game: {}", removed.join(" "))?;
        }
        writeln!(f)?;
        for (i, row) in self.rows.iter().enumerate() {
            let card = row.explosive;
            let mut side = if card.exploded {
                format!("{:+} BOMB", card.value())
            } else {
                format!("+{} briefcase (bomb {})", card.front, card.back())
            };
            if row.carried {
                side.push_str(", carried");
            }
            write!(f, "  row {}  {side:<24}", row_letter(i as u8))?;
            if row.cards.is_empty() {
                write!(f, " (empty)")?;
            }
            for (j, placed) in row.cards.iter().enumerate() {
                write!(f, "{} {} {}", if j == 0 { "" } else { "," }, Colour::of(placed.seat), placed.card)?;
            }
            writeln!(f, "   [{}]", count(row.cards.len() as u64, "card", "cards"))?;
        }
        for seat in &self.seats {
            let marker = if self.viewer.is(seat.seat) { "*" } else { " " };
            let mut won: Vec<String> = seat.won.iter().map(|c| format!("{:+}", c.value())).collect();
            if won.is_empty() {
                won.push("-".to_owned());
            }
            write!(f, "{marker} {:<16} score {:>4}  won: {:<16}", name(seat.seat), seat.score, won.join(" "))?;
            match seat.hand {
                Some(hand) => write!(f, "  hand: {hand}")?,
                None => write!(f, "  hand: {}", count(seat.hand_size, "card", "cards"))?,
            }
            if let Some(deduced) = seat.deduced_hand {
                let how = if deduced.exact { "deduced" } else { "may hold" };
                write!(f, " ({how}: {})", deduced.cards)?;
            }
            if !seat.discards.is_empty() {
                let discards: Vec<String> = seat
                    .discards
                    .iter()
                    .map(|d| match d.card {
                        Some(card) => card.to_string(),
                        None => "?".to_owned(),
                    })
                    .collect();
                write!(f, "  discarded: {}", discards.join(" "))?;
            }
            writeln!(f)?;
        }
        if let Some(summary) = &self.last_round {
            write!(f, "Round {} scored:", summary.round)?;
            for (i, result) in summary.rows.iter().enumerate() {
                let winner = match result.winner {
                    Some(seat) => Colour::of(seat).to_string(),
                    None => "nobody".to_owned(),
                };
                write!(f, " {} {:+} -> {winner};", row_letter(i as u8), result.explosive.value())?;
            }
            writeln!(f)?;
        }
        match self.to_move {
            Some(seat) if self.viewer.is(seat) => write!(f, "Your move."),
            Some(seat) => write!(f, "To move: {}.", name(seat)),
            None => write!(f, "Game over."),
        }
    }
}
