//! The state of a game of The Safe, its setup from a seed or from an explicit [`Deal`], and the
//! setup of each mission.

mod row;

pub use row::{Direction, Reading, Row};
pub(crate) use row::{EVEN, ODD, RowRule};

use safehouse_engine::{Game, GameOptions, GameRng, Seat, Setup, SetupError};
use serde::{Deserialize, Serialize};

use crate::actions::{EndReason, Event, MissionReport};
use crate::cards::{CARD_COUNT, Card, CardStack, Cards, Colour, Colours, HeldColours, Restriction};
use crate::options::{MAX_PLAYERS, MISSIONS, Options, RevealOrder};

/// The whole state of a game of The Safe.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TheSafe {
    pub(crate) options: Options,
    pub(crate) players: u8,
    /// The four colour cards, ascending; they stay for the whole game (004:17, T15).
    pub(crate) colour_cards: [u8; ROWS],
    /// The restriction card under each colour card, face down until revealed (004:18).
    pub(crate) restrictions: [Restriction; ROWS],
    /// The rows in the order their restrictions are revealed (T3).
    pub(crate) reveal_order: [u8; ROWS],
    /// How many restrictions have ever been revealed (they stay known after a restart).
    pub(crate) revealed: u8,
    /// The restriction in force under each colour card this mission.
    pub(crate) active: [Option<Restriction>; ROWS],
    /// The seat that starts every mission (004:32, T14).
    pub(crate) first_player: Seat,
    /// The current mission, 1 to 5 (= `completed + 1`).
    pub(crate) mission: u8,
    /// Missions cracked in the current streak.
    pub(crate) completed: u8,
    /// The longest streak: the team's score.
    pub(crate) best: u8,
    /// Missions played so far, this one included.
    pub(crate) attempts: u16,
    /// The hidden code: one card per colour in play.
    pub(crate) code: Cards,
    /// Each seat's hand (seats beyond the table are empty).
    pub(crate) hands: [Cards; MAX_PLAYERS],
    /// The draw pile, drawn from the top (the end).
    pub(crate) pile: CardStack,
    /// The four rows under the colour cards.
    pub(crate) rows: [Row; ROWS],
    /// The union of the cards the rows accept.
    pub(crate) playable: Cards,
    /// For each seat that passed this mission: the cards the rows accepted then (public).
    pub(crate) passed: [Option<Cards>; MAX_PLAYERS],
    /// The colours each seat held when play ended (public from then on).
    pub(crate) held: HeldColours,
    /// What the team has named so far this mission.
    pub(crate) named: Cards,
    pub(crate) phase: Phase,
    /// The last mission resolved (code turned over).
    pub(crate) last_mission: Option<MissionReport>,
    pub(crate) rng: GameRng,
}

impl TheSafe {
    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The current mission, 1 to 5.
    pub fn mission(&self) -> u8 {
        self.mission
    }

    /// Missions cracked in the current streak.
    pub fn completed(&self) -> u8 {
        self.completed
    }

    /// The longest streak of missions cracked in a row so far: the team's score (what
    /// [`Game::outcome`] reports, without building an `Outcome`).
    pub fn best(&self) -> u8 {
        self.best
    }

    /// Missions played so far (this one included).
    pub fn attempts(&self) -> u16 {
        self.attempts
    }

    /// The four colour cards.
    pub fn colour_cards(&self) -> [u8; ROWS] {
        self.colour_cards
    }

    /// The restriction card under each colour card (revealed or not: the whole truth).
    pub fn restrictions(&self) -> [Restriction; ROWS] {
        self.restrictions
    }

    /// The restriction in force under each colour card this mission.
    pub fn active_restrictions(&self) -> [Option<Restriction>; ROWS] {
        self.active
    }

    /// The seat that starts every mission.
    pub fn first_player(&self) -> Seat {
        self.first_player
    }

    /// The hidden code (the whole truth).
    pub fn code(&self) -> Cards {
        self.code
    }

    /// A seat's hand.
    pub fn hand(&self, seat: Seat) -> Cards {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    /// The draw pile, bottom to top (the last card is drawn next).
    pub fn draw_pile(&self) -> &[Card] {
        self.pile.as_slice()
    }

    /// A row (0 to 3).
    pub fn row(&self, row: usize) -> Option<&Row> {
        self.rows.get(row)
    }

    /// The cards any row accepts now.
    pub fn playable(&self) -> Cards {
        self.playable
    }

    /// The cards a seat was shown not to hold when it passed this mission, if it passed.
    pub fn passed(&self, seat: Seat) -> Option<Cards> {
        self.passed.get(seat.index()).copied().flatten()
    }

    /// The colours each seat held when play ended (empty during play).
    pub fn held_colours(&self) -> HeldColours {
        self.held
    }

    /// What the team has named this mission.
    pub fn named(&self) -> Cards {
        self.named
    }

    /// The last mission resolved.
    pub fn last_mission(&self) -> Option<MissionReport> {
        self.last_mission
    }

    /// The seat that names `colour` at the end of this mission (`None` if every seat holds it).
    pub fn naming_seat(&self, colour: Colour) -> Option<Seat> {
        self.namer(colour)
    }
}

/// Number of colour cards (rows) on the table (004:17 "place 4 of them").
pub const ROWS: usize = 4;
/// Cards in a full hand (004:15, 004:33).
pub const HAND_SIZE: usize = 3;

/// Where the game stands, and whose decision it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// `seat` plays a card (or passes when it cannot).
    Play {
        /// The seat to move.
        seat: Seat,
    },
    /// Play has ended; `seat` names the code number of `colour` for the team.
    Naming {
        /// The seat to move: the first seat clockwise from the first player holding no `colour`.
        seat: Seat,
        /// The colour being named.
        colour: Colour,
    },
    /// The game is over.
    Over {
        /// Whether the team won.
        won: bool,
        /// Why it ended.
        reason: EndReason,
    },
}

/// An explicit deal: every random element of the setup, for tests, puzzles and real tables.
///
/// Later missions are still dealt from the setup's seed. A deal may start at any mission and
/// with cards already in the rows, so that any position of a mission can be set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    /// The four colour cards, in ascending order, from the pool for the player count (004:17, 004:21-25).
    pub colour_cards: [u8; ROWS],
    /// The restriction cards under colour cards 1-4: a colour, even or odd, a colour, a direction (004:18).
    pub restrictions: [Restriction; ROWS],
    /// The rows in the order their restrictions are revealed; `None` takes the option's order
    /// (left to right, or drawn from the seed).
    #[serde(default)]
    pub reveal_order: Option<[u8; ROWS]>,
    /// The seat that starts every mission; `None` takes the option (or draws it from the seed).
    #[serde(default)]
    pub first_player: Option<Seat>,
    /// The mission to start at, 1 to 5 (the missions before it count as cracked, and their
    /// restrictions are revealed).
    #[serde(default = "first_mission")]
    pub mission: u8,
    /// The code: one card per colour in play.
    pub code: Vec<Card>,
    /// Each seat's hand, at most three cards each (exactly three while the draw pile has cards).
    pub hands: Vec<Vec<Card>>,
    /// Cards already played under each colour card, in the order played (each must be legal).
    #[serde(default)]
    pub rows: [Vec<Card>; ROWS],
    /// The draw pile, the first card drawn first.
    #[serde(default)]
    pub draw_pile: Vec<Card>,
}

fn first_mission() -> u8 {
    1
}

/// The colour-card pool for a player count (004:21-25; gap T2).
pub fn colour_card_pool(players: usize) -> &'static [u8] {
    match players {
        0..=2 => &[1, 1, 2, 2, 2, 3],
        3 | 4 => &[1, 2, 2, 2, 3, 3, 3, 4, 4],
        _ => &[2, 3, 3, 3, 4, 4, 5],
    }
}

/// How many colours are in play for a player count: 3, 4 or 5 (004:21-25; gap T1).
pub fn colours_in_play(players: usize) -> usize {
    match players {
        0..=2 => 3,
        3 | 4 => 4,
        _ => 5,
    }
}

impl TheSafe {
    /// Sets up a game from a seed, or from an explicit deal.
    pub(crate) fn setup(setup: &Setup<Self>) -> Result<Self, SetupError> {
        setup.options.validate(setup.players)?;
        let players = setup.players;
        let mut rng = GameRng::from_seed(setup.seed);
        let mut game = TheSafe::blank(players, setup.options.clone(), GameRng::from_seed(0));
        match &setup.deal {
            None => {
                let pool = colour_card_pool(players);
                let mut shuffled = [0u8; 9];
                let shuffled = &mut shuffled[..pool.len()];
                shuffled.copy_from_slice(pool);
                rng.shuffle(shuffled);
                game.colour_cards.copy_from_slice(&shuffled[..ROWS]);
                game.colour_cards.sort_unstable();
                let mut colours = [Colour::Orange; 5];
                let in_play = colours_in_play(players);
                colours[..in_play].copy_from_slice(&Colour::ALL[..in_play]);
                rng.shuffle(&mut colours[..in_play]);
                game.restrictions = [
                    Restriction::Colour(colours[0]),
                    if rng.below(2) == 0 { Restriction::Even } else { Restriction::Odd },
                    Restriction::Colour(colours[1]),
                    if rng.below(2) == 0 { Restriction::Ascending } else { Restriction::Descending },
                ];
                if game.options.restriction_reveal_order == RevealOrder::Random {
                    rng.shuffle(&mut game.reveal_order);
                }
                game.first_player = match game.options.first_player {
                    Some(seat) => seat,
                    None => Seat(rng.index(players) as u8),
                };
                game.rng = rng;
                let mut events = Vec::new();
                game.start_mission(&mut events);
            }
            Some(deal) => {
                game.apply_deal(deal, &mut rng)?;
                game.rng = rng;
                let mut events = Vec::new();
                game.begin_play(&mut events);
            }
        }
        Ok(game)
    }

    /// A game with nothing dealt yet: the fields every setup path then fills in.
    pub(crate) fn blank(players: usize, options: Options, rng: GameRng) -> Self {
        let first_player = options.first_player.unwrap_or(Seat(0));
        TheSafe {
            options,
            players: players as u8,
            colour_cards: [1; ROWS],
            restrictions: [Restriction::Even; ROWS],
            reveal_order: [0, 1, 2, 3],
            revealed: 0,
            active: [None; ROWS],
            first_player,
            mission: 1,
            completed: 0,
            best: 0,
            attempts: 0,
            code: Cards::EMPTY,
            hands: [Cards::EMPTY; MAX_PLAYERS],
            pile: CardStack::new(),
            rows: [Row::default(); ROWS],
            playable: Cards::EMPTY,
            passed: [None; MAX_PLAYERS],
            held: HeldColours::default(),
            named: Cards::EMPTY,
            phase: Phase::Over { won: false, reason: EndReason::MissionFailed },
            last_mission: None,
            rng,
        }
    }

    fn apply_deal(&mut self, deal: &Deal, rng: &mut GameRng) -> Result<(), SetupError> {
        let players = self.players();
        let bad = |reason: String| Err(SetupError::InvalidDeal(reason));
        // Colour cards: a sub-multiset of the pool, ascending (004:17).
        if deal.colour_cards.windows(2).any(|w| w[0] > w[1]) {
            return bad(format!("colour cards {:?} are not in ascending order (004:17)", deal.colour_cards));
        }
        let mut pool: Vec<u8> = colour_card_pool(players).to_vec();
        for &value in &deal.colour_cards {
            match pool.iter().position(|&v| v == value) {
                Some(i) => {
                    pool.swap_remove(i);
                }
                None => {
                    return bad(format!(
                        "colour cards {:?} are not drawn from the {players}-player pool {:?} (004:21-25)",
                        deal.colour_cards,
                        colour_card_pool(players)
                    ));
                }
            }
        }
        self.colour_cards = deal.colour_cards;
        // Restrictions: colour, even/odd, colour, direction (004:18).
        let in_play = self.in_play();
        match deal.restrictions {
            [
                Restriction::Colour(a),
                Restriction::Even | Restriction::Odd,
                Restriction::Colour(b),
                Restriction::Ascending | Restriction::Descending,
            ] if a != b && in_play.contains(a) && in_play.contains(b) => {}
            other => {
                return bad(format!(
                    "restrictions {other:?}: rows 0 and 2 take two different colours in play, row 1 even or odd, row 3 \
                     a direction (004:18)"
                ));
            }
        }
        self.restrictions = deal.restrictions;
        self.reveal_order = match deal.reveal_order {
            Some(order) => {
                let mut sorted = order;
                sorted.sort_unstable();
                if sorted != [0, 1, 2, 3] {
                    return bad(format!("reveal order {order:?} is not an order of the rows 0-3"));
                }
                if self.options.restriction_reveal_order == RevealOrder::LeftToRight && order != [0, 1, 2, 3] {
                    return bad(format!("reveal order {order:?} contradicts the option `left_to_right`"));
                }
                order
            }
            None => {
                let mut order = [0, 1, 2, 3];
                if self.options.restriction_reveal_order == RevealOrder::Random {
                    rng.shuffle(&mut order);
                }
                order
            }
        };
        self.first_player = match (deal.first_player, self.options.first_player) {
            (Some(a), Some(b)) if a != b => {
                return bad(format!("the deal starts with {a} but the option `first_player` says {b}"));
            }
            (Some(seat), _) | (None, Some(seat)) => seat,
            (None, None) => Seat(rng.index(players) as u8),
        };
        if self.first_player.index() >= players {
            return bad(format!("{} does not exist at a table of {players}", self.first_player));
        }
        if !(1..=MISSIONS).contains(&deal.mission) {
            return bad(format!("mission {} is not 1 to {MISSIONS}", deal.mission));
        }
        self.mission = deal.mission;
        self.completed = deal.mission - 1;
        self.best = self.completed;
        self.revealed = self.completed;
        self.attempts = 1;
        self.refresh_active();
        // Cards: every card of the colours in play exactly once (gap T1).
        let mut seen = Cards::EMPTY;
        let mut take = |card: Card, place: &str| -> Result<(), SetupError> {
            if !in_play.contains(card.colour()) {
                return Err(SetupError::InvalidDeal(format!("{card} ({place}) is not a colour in play")));
            }
            if seen.contains(card) {
                return Err(SetupError::InvalidDeal(format!("{card} is dealt twice (again in {place})")));
            }
            seen.insert(card);
            Ok(())
        };
        if deal.code.len() != in_play.len() || deal.code.iter().map(|c| c.colour()).collect::<Colours>() != in_play {
            return bad(format!("the code {:?} must hold one card of each colour in play ({in_play})", deal.code));
        }
        for &card in &deal.code {
            take(card, "the code")?;
        }
        if deal.hands.len() != players {
            return bad(format!("{} hands for {players} players", deal.hands.len()));
        }
        for (seat, hand) in deal.hands.iter().enumerate() {
            if hand.len() > HAND_SIZE {
                return bad(format!("seat {seat} holds {} cards; a hand has at most {HAND_SIZE}", hand.len()));
            }
            if hand.len() < HAND_SIZE && !deal.draw_pile.is_empty() {
                return bad(format!("seat {seat} holds {} cards while the draw pile has cards (004:33)", hand.len()));
            }
            for &card in hand {
                take(card, &format!("seat {seat}'s hand"))?;
            }
            self.hands[seat] = hand.iter().copied().collect();
        }
        for (row, cards) in deal.rows.iter().enumerate() {
            for &card in cards {
                take(card, &format!("row {row}"))?;
            }
        }
        for &card in &deal.draw_pile {
            take(card, "the draw pile")?;
        }
        let missing = Cards::of_colours(in_play) & !seen;
        if !missing.is_empty() {
            return bad(format!("cards {missing} are nowhere (every card of the colours in play must be dealt)"));
        }
        self.code = deal.code.iter().copied().collect();
        // The deal lists the pile top first; the stack draws from its end.
        self.pile = CardStack::new();
        for &card in deal.draw_pile.iter().rev() {
            self.pile.push(card);
        }
        self.reset_rows();
        for (row, cards) in deal.rows.iter().enumerate() {
            for &card in cards {
                if !self.rows[row].playable().contains(card) {
                    let reason = self.why_unplayable(row, card);
                    return bad(format!("row {row}: {card} cannot be placed there: {reason}"));
                }
                self.place(row, card);
            }
        }
        Ok(())
    }

    /// Sets up the next mission from the generator: turns over the next restriction card if
    /// this mission is new, draws a new code and deals (004:51-56; gap T15).
    pub(crate) fn start_mission(&mut self, events: &mut Vec<Event>) {
        self.mission = self.completed + 1;
        self.attempts = self.attempts.saturating_add(1);
        let due = self.mission - 1;
        if due > self.revealed {
            self.revealed = due;
            let row = self.reveal_order[usize::from(due - 1)];
            events.push(Event::RestrictionRevealed { row, restriction: self.restrictions[usize::from(row)] });
        }
        self.refresh_active();
        events.push(Event::MissionStarted { mission: self.mission, attempt: self.attempts });
        // 004:12-13: shuffle each colour, one card of each is the code; 004:14: shuffle the rest.
        let in_play = self.colour_count();
        let mut deck = [Card::from_bit_index(0); CARD_COUNT];
        let mut len = 0;
        self.code = Cards::EMPTY;
        for colour in &Colour::ALL[..in_play] {
            let hidden = self.rng.below(10) as u8;
            for number in 0..10 {
                let card = Card::from_bit_index(u32::from(colour.index() as u8 * 10 + number));
                if number == hidden {
                    self.code.insert(card);
                } else {
                    deck[len] = card;
                    len += 1;
                }
            }
        }
        let deck = &mut deck[..len];
        self.rng.shuffle(deck);
        // 004:15-16: three cards each, the rest is the draw pile.
        let mut next = 0;
        for seat in 0..self.players() {
            let mut hand = Cards::EMPTY;
            for &card in &deck[next..next + HAND_SIZE] {
                hand.insert(card);
            }
            next += HAND_SIZE;
            self.hands[seat] = hand;
            events.push(Event::Dealt { seat: Seat(seat as u8), count: HAND_SIZE as u8, cards: Some(hand) });
        }
        self.pile = CardStack::from_slice(&deck[next..]);
        self.reset_rows();
        self.begin_play(events);
    }

    /// Empties the rows, applying the restrictions in force, and forgets the last mission's passes.
    pub(crate) fn reset_rows(&mut self) {
        for row in 0..ROWS {
            self.rows[row] = Row::empty(self.active[row]);
        }
        self.passed = [None; MAX_PLAYERS];
        self.held = HeldColours::default();
        self.named = Cards::EMPTY;
        self.refresh_playable();
    }

    /// The restrictions in force this mission: the first `mission - 1` in reveal order.
    pub(crate) fn refresh_active(&mut self) {
        self.active = [None; ROWS];
        for &row in &self.reveal_order[..usize::from(self.mission - 1).min(ROWS)] {
            self.active[usize::from(row)] = Some(self.restrictions[usize::from(row)]);
        }
    }

    /// Number of colours in play (3, 4 or 5).
    #[inline]
    pub(crate) fn colour_count(&self) -> usize {
        colours_in_play(self.players())
    }

    /// The colours in play.
    #[inline]
    pub fn in_play(&self) -> Colours {
        Colours::first(self.colour_count())
    }
}
