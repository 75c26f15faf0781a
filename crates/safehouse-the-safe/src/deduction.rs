//! Which numbers can still be each colour's hidden code, from what one seat knows.
//!
//! A seat knows the rows, its own hand, how many cards every other hand and the draw pile hold,
//! which cards each seat that passed could not hold (the rows accepted them when it passed, and
//! its hand has not changed since), and once play ends which colours each hand holds. Every
//! other card of the colours in play (the *unknown* cards) is in exactly one place: the code
//! (one per colour), another seat's hand, or the draw pile.
//!
//! That is a transportation problem. Its "sinks" are the code slot of each colour (capacity 1,
//! cards of that colour), each hidden hand (capacity its size, the cards it may hold; once its
//! colours are shown, one slot per shown colour plus the rest among those colours) and the draw
//! pile (its size, any card). A full assignment of the unknown cards to the sinks is a state
//! consistent with the view. The deduction is exact:
//!
//! 1. find one full assignment (greedy, then augmenting paths over the sinks: at most 26 sinks,
//!    cards as 64-bit masks);
//! 2. card `x` of colour `c` can be the code iff it is in the code slot now, or there is a chain
//!    of moves from the code slot back to the sink holding `x`: the code card moves to a sink
//!    that accepts it, which passes one of its cards on, and so on until a card lands in the
//!    slot `x` left. That is reachability in the graph `j -> k` whenever some card held by `j`
//!    is accepted by `k` (every consistent assignment differs from the found one by such cycles).
//!
//! The same machinery samples consistent states for [`crate::TheSafe`]'s `determinize`, which is here too.

// Sinks are numbers that index several parallel arrays (and bits of masks): plain index loops read best.
#![allow(clippy::needless_range_loop)]

use safehouse_engine::{Game, GameOptions, GameRng, Seat, SetupError, Viewer};

use crate::cards::{CARD_COUNT, Card, CardStack, Cards, Colour, Colours, Restriction};
use crate::options::{MAX_PLAYERS, MISSIONS, RevealOrder, SoloLeftoverRule};
use crate::state::{HAND_SIZE, Phase, ROWS, TheSafe, colour_card_pool, colours_in_play};
use crate::view::View;

/// Most sinks: 5 code slots, 5 other hands of up to 3 colour slots and a free slot, the pile.
const MAX_SINKS: usize = 32;
const ROOT: u8 = u8::MAX;

/// Who a sink belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Owner {
    Code,
    Seat(u8),
    Pile,
}

/// What a viewer knows about where the unknown cards are: the input of deduction and sampling.
#[derive(Clone, Debug)]
pub(crate) struct Problem {
    in_play: Colours,
    /// Cards whose place is unknown.
    pub(crate) unknown: Cards,
    /// The code, when it is known (turned over at the end of the game).
    known_code: Option<Cards>,
    len: usize,
    eligible: [u64; MAX_SINKS],
    capacity: [u8; MAX_SINKS],
    owner: [Owner; MAX_SINKS],
    /// The code slot of each colour (index into the sinks), or `ROOT` when the code is known.
    code_sink: [u8; 5],
}

/// One full assignment of the unknown cards to the sinks.
#[derive(Clone, Debug)]
struct Assignment {
    holds: [u64; MAX_SINKS],
    load: [u8; MAX_SINKS],
}

fn inconsistent(reason: impl Into<String>) -> SetupError {
    SetupError::InconsistentView(reason.into())
}

impl Problem {
    /// The problem as `view`'s viewer sees it (a spectator knows no hand).
    pub(crate) fn from_view(view: &View) -> Result<Problem, SetupError> {
        let in_play = view.colours;
        let all = Cards::of_colours(in_play);
        let mut known = Cards::EMPTY;
        for row in &view.rows {
            for &card in &row.cards {
                if known.contains(card) {
                    return Err(inconsistent(format!("{card} lies twice on the table")));
                }
                known.insert(card);
            }
        }
        if let Some(hand) = view.hand {
            if !(known & hand).is_empty() {
                return Err(inconsistent(format!("cards {} are both in hand and on the table", known & hand)));
            }
            known |= hand;
        }
        let known_code = match (view.phase, view.last_mission) {
            (Phase::Over { .. }, Some(report)) => {
                if !(known & report.code).is_empty() {
                    return Err(inconsistent("a code card is also on the table or in hand"));
                }
                known |= report.code;
                Some(report.code)
            }
            _ => None,
        };
        if !(known & !all).is_empty() {
            return Err(inconsistent(format!("cards {} are not of a colour in play", known & !all)));
        }
        let unknown = all & !known;
        let mut problem = Problem {
            in_play,
            unknown,
            known_code,
            len: 0,
            eligible: [0; MAX_SINKS],
            capacity: [0; MAX_SINKS],
            owner: [Owner::Pile; MAX_SINKS],
            code_sink: [ROOT; 5],
        };
        if known_code.is_none() {
            for colour in in_play.iter() {
                problem.code_sink[colour.index()] = problem.len as u8;
                problem.push(unknown & colour.cards(), 1, Owner::Code);
            }
        }
        if view.hand_sizes.len() > MAX_PLAYERS || view.hand_sizes.iter().any(|&n| usize::from(n) > HAND_SIZE) {
            return Err(inconsistent("more than six seats or a hand of more than three cards"));
        }
        for (s, &size) in view.hand_sizes.iter().enumerate() {
            if view.viewer == Some(Seat(s as u8)) {
                if view.hand.map(Cards::len) != Some(usize::from(size)) {
                    return Err(inconsistent("the hand does not match its size"));
                }
                continue;
            }
            if size == 0 {
                continue;
            }
            let allowed = unknown & !view.passed.get(s).copied().flatten().unwrap_or_default();
            let shown = view.held_colours.as_ref().map(|h| h.seat(Seat(s as u8)));
            match shown {
                Some(colours) => {
                    let slots = colours.len();
                    if slots == 0 || slots > usize::from(size) {
                        return Err(inconsistent(format!("seat {s} holds {size} cards of {slots} colours")));
                    }
                    for colour in colours.iter() {
                        problem.push(allowed & colour.cards(), 1, Owner::Seat(s as u8));
                    }
                    if usize::from(size) > slots {
                        let rest = size - slots as u8;
                        problem.push(allowed & Cards::of_colours(colours), rest, Owner::Seat(s as u8));
                    }
                }
                None => problem.push(allowed, size, Owner::Seat(s as u8)),
            }
        }
        if view.draw_pile > 0 {
            problem.push(unknown, view.draw_pile, Owner::Pile);
        }
        let places: usize = problem.capacity[..problem.len].iter().map(|&c| usize::from(c)).sum();
        if places != unknown.len() {
            return Err(inconsistent(format!(
                "{} cards are unaccounted for but the code, the other hands and the draw pile hold {places}",
                unknown.len()
            )));
        }
        Ok(problem)
    }

    fn push(&mut self, eligible: Cards, capacity: u8, owner: Owner) {
        // At most 5 code slots + 6 hidden hands (a spectator's view) * 4 + the pile = 30 sinks
        // are ever pushed: hands hold at most 3 cards, checked before.
        if self.len < MAX_SINKS {
            self.eligible[self.len] = eligible.bits();
            self.capacity[self.len] = capacity;
            self.owner[self.len] = owner;
            self.len += 1;
        }
    }

    /// Finds a full assignment: cards in `order`, each put in a sink chosen by `choose` among
    /// those with room (`choose` gets the mask of candidate sinks), else by an augmenting path.
    fn solve(&self, order: &[Card], mut choose: impl FnMut(u32, &Assignment) -> usize) -> Option<Assignment> {
        let mut a = Assignment { holds: [0; MAX_SINKS], load: [0; MAX_SINKS] };
        for &card in order {
            let bit = card.bit();
            let mut candidates = 0u32;
            for j in 0..self.len {
                if self.eligible[j] & bit != 0 && a.load[j] < self.capacity[j] {
                    candidates |= 1 << j;
                }
            }
            if candidates != 0 {
                let j = choose(candidates, &a);
                a.holds[j] |= bit;
                a.load[j] += 1;
            } else if !self.augment(&mut a, bit) {
                return None;
            }
        }
        Some(a)
    }

    /// Places card `bit` by moving cards along a shortest chain of sinks to one with room.
    fn augment(&self, a: &mut Assignment, bit: u64) -> bool {
        let mut parent = [ROOT; MAX_SINKS];
        let mut queue = [0u8; MAX_SINKS];
        let (mut head, mut tail) = (0, 0);
        let mut visited = 0u32;
        for j in 0..self.len {
            if self.eligible[j] & bit != 0 {
                visited |= 1 << j;
                queue[tail] = j as u8;
                tail += 1;
            }
        }
        while head < tail {
            let j = usize::from(queue[head]);
            head += 1;
            if a.load[j] < self.capacity[j] {
                let mut cur = j;
                while parent[cur] != ROOT {
                    let p = usize::from(parent[cur]);
                    let moved = a.holds[p] & self.eligible[cur];
                    let moved = moved & moved.wrapping_neg();
                    a.holds[p] ^= moved;
                    a.load[p] -= 1;
                    a.holds[cur] |= moved;
                    a.load[cur] += 1;
                    cur = p;
                }
                a.holds[cur] |= bit;
                a.load[cur] += 1;
                return true;
            }
            for k in 0..self.len {
                if visited & (1 << k) == 0 && a.holds[j] & self.eligible[k] != 0 {
                    visited |= 1 << k;
                    parent[k] = j as u8;
                    queue[tail] = k as u8;
                    tail += 1;
                }
            }
        }
        false
    }

    /// Fills the sinks one after another with the lowest eligible cards still free, then places
    /// what is left by augmenting paths: the fast deterministic way to a full assignment.
    fn solve_by_sinks(&self) -> Option<Assignment> {
        let mut a = Assignment { holds: [0; MAX_SINKS], load: [0; MAX_SINKS] };
        let mut free = self.unknown.bits();
        for j in 0..self.len {
            let mut take = self.eligible[j] & free;
            while take != 0 && a.load[j] < self.capacity[j] {
                let bit = take & take.wrapping_neg();
                take ^= bit;
                a.holds[j] |= bit;
                a.load[j] += 1;
                free ^= bit;
            }
        }
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            if !self.augment(&mut a, bit) {
                return None;
            }
        }
        Some(a)
    }

    /// The graph of moves: bit `k` of `adjacency[j]` when a card held by `j` is accepted by `k`.
    fn adjacency(&self, a: &Assignment) -> [u32; MAX_SINKS] {
        let mut adjacency = [0u32; MAX_SINKS];
        for j in 0..self.len {
            for k in 0..self.len {
                adjacency[j] |= u32::from(a.holds[j] & self.eligible[k] != 0) << k;
            }
        }
        adjacency
    }

    /// For each colour (by index) whose code is hidden, the cards that can be its code: those
    /// held by any sink reachable from its code slot (the slot itself included).
    fn possible_codes(&self, a: &Assignment) -> [u64; 5] {
        let adjacency = self.adjacency(a);
        let mut possible = [0u64; 5];
        for colour in self.in_play.iter() {
            let k = self.code_sink[colour.index()];
            if k == ROOT {
                continue;
            }
            let reached = Problem::reach_from(&adjacency, usize::from(k));
            for j in 0..self.len {
                if reached & (1 << j) != 0 {
                    possible[colour.index()] |= a.holds[j];
                }
            }
            possible[colour.index()] &= colour.cards().bits();
        }
        possible
    }

    /// The sinks reachable from `start` in the graph of moves.
    fn reach_from(adjacency: &[u32; MAX_SINKS], start: usize) -> u32 {
        let mut reached = 1u32 << start;
        let mut frontier = reached;
        while frontier != 0 {
            let j = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = adjacency[j] & !reached;
            reached |= new;
            frontier |= new;
        }
        reached
    }
}

/// For each colour in play, the numbers that can still be its hidden code, as one seat (or a
/// spectator) knows the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deduction {
    in_play: Colours,
    possible: [u16; 5],
}

impl Deduction {
    /// Deduces from a view alone. Errors if the view describes no possible game.
    pub fn from_view(view: &View) -> Result<Deduction, SetupError> {
        let problem = Problem::from_view(view)?;
        if let Some(code) = problem.known_code {
            let mut possible = [0u16; 5];
            for colour in problem.in_play.iter() {
                possible[colour.index()] = code.numbers(colour);
            }
            return Ok(Deduction { in_play: problem.in_play, possible });
        }
        let a = problem
            .solve_by_sinks()
            .ok_or_else(|| inconsistent("no placement of the unknown cards fits what the view shows"))?;
        let cards = problem.possible_codes(&a);
        let mut possible = [0u16; 5];
        for colour in problem.in_play.iter() {
            possible[colour.index()] = Cards::from_bits(cards[colour.index()]).numbers(colour);
        }
        Ok(Deduction { in_play: problem.in_play, possible })
    }

    /// Deduces what `viewer` knows of `game` (builds the view first).
    pub fn for_viewer(game: &TheSafe, viewer: Viewer) -> Result<Deduction, SetupError> {
        Deduction::from_view(&game.view(viewer))
    }

    /// The colours in play.
    pub fn colours(&self) -> Colours {
        self.in_play
    }

    /// The numbers that can still be `colour`'s code, as a mask (bit `n` for number `n`).
    pub fn possible_mask(&self, colour: Colour) -> u16 {
        self.possible[colour.index()]
    }

    /// The numbers that can still be `colour`'s code, ascending.
    pub fn possible(&self, colour: Colour) -> Vec<u8> {
        (0..10).filter(|n| self.possible[colour.index()] & (1 << n) != 0).collect()
    }

    /// The code number of `colour` if only one is possible.
    pub fn certain(&self, colour: Colour) -> Option<u8> {
        let mask = self.possible[colour.index()];
        (mask.count_ones() == 1).then(|| mask.trailing_zeros() as u8)
    }

    /// Whether every colour's code is certain.
    pub fn all_certain(&self) -> bool {
        self.in_play.iter().all(|c| self.certain(c).is_some())
    }
}

/// At the end of a mission: who may name a colour and who knows it for certain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourCertainty {
    /// The colour.
    pub colour: Colour,
    /// The seats allowed to name it (holding none of it, 004:48).
    pub eligible: Vec<Seat>,
    /// The seat the table asks to name it (`None`: nobody may, 004:49).
    pub namer: Option<Seat>,
    /// The eligible seats that know the code number for certain from their own view.
    pub certain: Vec<Seat>,
}

impl ColourCertainty {
    /// Whether the seat that names this colour can name it with certainty.
    pub fn namer_certain(&self) -> bool {
        self.namer.is_some_and(|s| self.certain.contains(&s))
    }

    /// Whether some eligible seat knows it for certain.
    pub fn team_certain(&self) -> bool {
        !self.certain.is_empty()
    }
}

/// Once play has ended (naming phase): for each colour in play, whether the team can name it
/// with certainty, each eligible seat deducing from its own view. `None` before play has ended.
pub fn mission_end_certainty(game: &TheSafe) -> Option<Result<Vec<ColourCertainty>, SetupError>> {
    if !matches!(game.phase(), Phase::Naming { .. }) {
        return None;
    }
    let players = game.players();
    let solo_allowed = players == 1 && game.options().solo_leftover_rule == SoloLeftoverRule::Allowed;
    let mut deductions: [Option<Deduction>; MAX_PLAYERS] = [None; MAX_PLAYERS];
    let mut out = Vec::new();
    for colour in game.in_play().iter() {
        let eligible: Vec<Seat> =
            Seat::all(players).filter(|&s| solo_allowed || !game.held_colours().seat(s).contains(colour)).collect();
        let mut certain = Vec::new();
        for &seat in &eligible {
            let deduction = match deductions[seat.index()] {
                Some(d) => d,
                None => match Deduction::for_viewer(game, Viewer::Seat(seat)) {
                    Ok(d) => {
                        deductions[seat.index()] = Some(d);
                        d
                    }
                    Err(e) => return Some(Err(e)),
                },
            };
            if deduction.certain(colour).is_some() {
                certain.push(seat);
            }
        }
        out.push(ColourCertainty { colour, namer: game.naming_seat(colour), eligible, certain });
    }
    Some(Ok(out))
}

/// A sampled placement of the unknown cards.
#[derive(Clone, Debug)]
pub(crate) struct Sample {
    pub(crate) code: Cards,
    pub(crate) hands: [Cards; MAX_PLAYERS],
    /// The draw pile in a random order (inline: sampling allocates nothing, since searches
    /// sample once per iteration).
    pub(crate) pile: CardStack,
}

/// Samples a placement consistent with the view: a random greedy placement repaired by
/// augmenting paths, then random swaps between sinks (a symmetric chain, so it drifts towards
/// the uniform distribution over placements; approximately uniform, not exactly: the greedy pass
/// favours some placements and the swaps only mix for a bounded number of steps).
pub(crate) fn sample(view: &View, rng: &mut GameRng) -> Result<Sample, SetupError> {
    let problem = Problem::from_view(view)?;
    let mut order = CardStack::new();
    for card in problem.unknown.iter() {
        order.push(card);
    }
    rng.shuffle(order.as_mut_slice());
    let order = order.as_slice();
    let mut a = problem
        .solve(order, |candidates, a| {
            // Weighted by room left, so that a greedy pass over shuffled cards is close to a uniform deal
            // (the code slots take one card of their colour each).
            let mut total = 0u32;
            let mut c = candidates;
            while c != 0 {
                let j = c.trailing_zeros() as usize;
                c &= c - 1;
                total += u32::from(problem.capacity[j] - a.load[j]);
            }
            let mut pick = rng.below(total.max(1));
            let mut c = candidates;
            while c != 0 {
                let j = c.trailing_zeros() as usize;
                c &= c - 1;
                let room = u32::from(problem.capacity[j] - a.load[j]);
                if pick < room {
                    return j;
                }
                pick -= room;
            }
            candidates.trailing_zeros() as usize
        })
        .ok_or_else(|| inconsistent("no placement of the unknown cards fits what the view shows"))?;
    let mut sink_of = [0u8; CARD_COUNT];
    for j in 0..problem.len {
        for card in Cards::from_bits(a.holds[j]) {
            sink_of[usize::from(card.id())] = j as u8;
        }
    }
    if order.len() >= 2 {
        for _ in 0..16 * order.len() {
            let x = order[rng.index(order.len())];
            let y = order[rng.index(order.len())];
            let (sx, sy) = (usize::from(sink_of[usize::from(x.id())]), usize::from(sink_of[usize::from(y.id())]));
            if sx != sy && problem.eligible[sy] & x.bit() != 0 && problem.eligible[sx] & y.bit() != 0 {
                a.holds[sx] ^= x.bit() | y.bit();
                a.holds[sy] ^= x.bit() | y.bit();
                sink_of[usize::from(x.id())] = sy as u8;
                sink_of[usize::from(y.id())] = sx as u8;
            }
        }
    }
    let mut sample = Sample {
        code: problem.known_code.unwrap_or_default(),
        hands: [Cards::EMPTY; MAX_PLAYERS],
        pile: CardStack::new(),
    };
    for j in 0..problem.len {
        let cards = Cards::from_bits(a.holds[j]);
        match problem.owner[j] {
            Owner::Code => sample.code |= cards,
            Owner::Seat(s) => sample.hands[usize::from(s)] |= cards,
            Owner::Pile => cards.into_iter().for_each(|card| sample.pile.push(card)),
        }
    }
    rng.shuffle(sample.pile.as_mut_slice());
    Ok(sample)
}

// Determinization lives here, above the view: it reads a view and draws the hidden cards with
// the sampler above, and the view module needs neither (so `view` never uses `deduction`).
impl TheSafe {
    /// Rebuilds a full state from a view, drawing every hidden part at random (consistent with
    /// the view: see the [module docs](self)).
    pub(crate) fn from_view(view: &View, rng: &mut GameRng) -> Result<TheSafe, SetupError> {
        let players = usize::from(view.players);
        view.options.validate(players).map_err(|e| inconsistent(format!("options: {e}")))?;
        if view.colours != Colours::first(colours_in_play(players)) {
            return Err(inconsistent(format!("{} colours in play at a table of {players}", view.colours.len())));
        }
        if view.rows.len() != ROWS || view.hand_sizes.len() != players || view.passed.len() != players {
            return Err(inconsistent("rows, hand sizes or passes do not match the table"));
        }
        if !(1..=MISSIONS).contains(&view.mission) || view.completed + 1 != view.mission || view.best < view.completed {
            return Err(inconsistent("mission counters do not add up"));
        }
        if let Some(seat) = view.viewer
            && seat.index() >= players
        {
            return Err(inconsistent(format!("{seat} is not at the table")));
        }
        if view.hand_sizes.iter().any(|&n| usize::from(n) > HAND_SIZE) {
            return Err(inconsistent("a hand holds more than three cards"));
        }
        let mut game = TheSafe::blank(players, view.options.clone(), rng.fork());
        // Colour cards.
        for (r, row) in view.rows.iter().enumerate() {
            game.colour_cards[r] = row.colour_card;
        }
        // Fixed-size scratch here and below: searches determinize once per iteration, and this
        // allocates nothing.
        let source = colour_card_pool(players);
        let mut pool = [0u8; 16];
        pool[..source.len()].copy_from_slice(source);
        let mut pool_len = source.len();
        for value in game.colour_cards {
            let i = pool[..pool_len]
                .iter()
                .position(|&v| v == value)
                .ok_or_else(|| inconsistent("colour cards not in the pool"))?;
            pool[i] = pool[pool_len - 1];
            pool_len -= 1;
        }
        // Restrictions: the revealed ones as shown, the others drawn from what is left.
        if view.revealed.len() > ROWS {
            return Err(inconsistent("more than four restrictions revealed"));
        }
        let mut known: [Option<Restriction>; ROWS] = [None; ROWS];
        let mut order = [0u8; ROWS];
        let mut revealed = 0;
        for r in &view.revealed {
            let row = usize::from(r.row);
            let fits = match (row, r.restriction) {
                (0 | 2, Restriction::Colour(c)) => view.colours.contains(c),
                (1, Restriction::Even | Restriction::Odd) => true,
                (3, Restriction::Ascending | Restriction::Descending) => true,
                _ => false,
            };
            if !fits || known[row].is_some() {
                return Err(inconsistent(format!("restriction {:?} cannot lie under row {row}", r.restriction)));
            }
            known[row] = Some(r.restriction);
            order[revealed] = r.row;
            revealed += 1;
        }
        let mut rest = [0u8; ROWS];
        let mut rest_len = 0;
        for r in (0..ROWS as u8).filter(|r| !order[..revealed].contains(r)) {
            rest[rest_len] = r;
            rest_len += 1;
        }
        if view.options.restriction_reveal_order == RevealOrder::Random {
            rng.shuffle(&mut rest[..rest_len]);
        } else if order[..revealed].iter().enumerate().any(|(i, &r)| usize::from(r) != i) {
            return Err(inconsistent("restrictions revealed out of left-to-right order"));
        }
        order[revealed..].copy_from_slice(&rest[..rest_len]);
        game.reveal_order = order;
        let mut colours = Colour::ALL;
        let mut colours_len = 0;
        for c in view
            .colours
            .iter()
            .filter(|&c| known[0] != Some(Restriction::Colour(c)) && known[2] != Some(Restriction::Colour(c)))
        {
            colours[colours_len] = c;
            colours_len += 1;
        }
        rng.shuffle(&mut colours[..colours_len]);
        let mut colours = colours[..colours_len].iter().copied();
        let mut draw_colour = || colours.next().map(Restriction::Colour).ok_or_else(|| inconsistent("no colour left"));
        game.restrictions = [
            match known[0] {
                Some(r) => r,
                None => draw_colour()?,
            },
            known[1].unwrap_or(if rng.below(2) == 0 { Restriction::Even } else { Restriction::Odd }),
            match known[2] {
                Some(r) => r,
                None => draw_colour()?,
            },
            known[3].unwrap_or(if rng.below(2) == 0 { Restriction::Ascending } else { Restriction::Descending }),
        ];
        game.revealed = view.revealed.len() as u8;
        if game.revealed + 1 < view.mission {
            return Err(inconsistent("fewer restrictions revealed than missions reached"));
        }
        game.first_player = view.first_player;
        if game.first_player.index() >= players {
            return Err(inconsistent("the first player is not at the table"));
        }
        game.mission = view.mission;
        game.completed = view.completed;
        game.best = view.best;
        game.attempts = view.attempts;
        game.refresh_active();
        // Rows: replay the cards (each must have been legal).
        game.reset_rows();
        for (r, row) in view.rows.iter().enumerate() {
            if row.restriction != game.active[r] {
                return Err(inconsistent(format!("row {r} shows another restriction than the revealed ones")));
            }
            for &card in &row.cards {
                if !game.rows[r].playable().contains(card) {
                    return Err(inconsistent(format!("{card} cannot lie in row {r}")));
                }
                game.place(r, card);
            }
        }
        game.passed[..players].copy_from_slice(&view.passed);
        if let Some(held) = view.held_colours {
            if held.as_slice().len() != players {
                return Err(inconsistent("held colours do not match the table"));
            }
            game.held = held;
        }
        game.named = view.named;
        game.last_mission = view.last_mission;
        game.phase = view.phase;
        match view.phase {
            Phase::Play { seat } | Phase::Naming { seat, .. } if seat.index() >= players => {
                return Err(inconsistent("the seat to move is not at the table"));
            }
            _ => {}
        }
        // The hidden cards.
        let sample = sample(view, rng)?;
        game.code = sample.code;
        for s in 0..players {
            game.hands[s] = match view.viewer {
                Some(seat) if seat.index() == s => view.hand.unwrap_or_default(),
                _ => sample.hands[s],
            };
        }
        game.pile = sample.pile;
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every full assignment, by brute force: whether one exists, and the cards each code slot
    /// takes in some assignment.
    fn brute(problem: &Problem) -> Option<[u64; 5]> {
        fn go(p: &Problem, cards: &[Card], a: &mut Assignment, found: &mut Option<[u64; 5]>) {
            let Some((&card, rest)) = cards.split_first() else {
                if (0..p.len).all(|j| a.load[j] == p.capacity[j]) {
                    let seen = found.get_or_insert([0; 5]);
                    for colour in p.in_play.iter() {
                        let k = p.code_sink[colour.index()];
                        if k != ROOT {
                            seen[colour.index()] |= a.holds[usize::from(k)];
                        }
                    }
                }
                return;
            };
            for j in 0..p.len {
                if p.eligible[j] & card.bit() != 0 && a.load[j] < p.capacity[j] {
                    a.holds[j] |= card.bit();
                    a.load[j] += 1;
                    go(p, rest, a, found);
                    a.holds[j] &= !card.bit();
                    a.load[j] -= 1;
                }
            }
        }
        let cards: Vec<Card> = problem.unknown.iter().collect();
        let mut found = None;
        go(problem, &cards, &mut Assignment { holds: [0; MAX_SINKS], load: [0; MAX_SINKS] }, &mut found);
        found
    }

    /// A random small problem: a few unknown cards of three colours, the code slots, one to
    /// three hands with random allowed cards and sizes, and a pile taking the rest.
    fn random_problem(rng: &mut GameRng) -> Option<Problem> {
        let in_play = Colours::first(3);
        let mut unknown = Cards::EMPTY;
        let n = 4 + rng.index(5);
        while unknown.len() < n {
            unknown.insert(Card::new(Colour::ALL[rng.index(3)], rng.below(4) as u8)?);
        }
        let mut p = Problem {
            in_play,
            unknown,
            known_code: None,
            len: 0,
            eligible: [0; MAX_SINKS],
            capacity: [0; MAX_SINKS],
            owner: [Owner::Pile; MAX_SINKS],
            code_sink: [ROOT; 5],
        };
        let mut room = n;
        for colour in in_play.iter() {
            if unknown.of_colour(colour).is_empty() {
                return None;
            }
            p.code_sink[colour.index()] = p.len as u8;
            p.push(unknown & colour.cards(), 1, Owner::Code);
            room -= 1;
        }
        for seat in 0..1 + rng.index(3) {
            if room == 0 {
                break;
            }
            let size = 1 + rng.index(room.min(3));
            let allowed = Cards::from_bits(unknown.bits() & rng.next_u64());
            if rng.chance(1, 3) {
                // Shown colours: one slot per colour and the rest among them.
                let colours = allowed.colours();
                if colours.is_empty() || colours.len() > size {
                    continue;
                }
                for colour in colours.iter() {
                    p.push(allowed & colour.cards(), 1, Owner::Seat(seat as u8));
                }
                if size > colours.len() {
                    p.push(allowed & Cards::of_colours(colours), (size - colours.len()) as u8, Owner::Seat(seat as u8));
                }
            } else {
                p.push(allowed, size as u8, Owner::Seat(seat as u8));
            }
            room -= size;
        }
        if room > 0 {
            p.push(unknown, room as u8, Owner::Pile);
        }
        Some(p)
    }

    #[test]
    fn reachability_matches_brute_force() {
        let mut rng = GameRng::from_seed(11);
        let (mut feasible, mut infeasible, mut narrowed) = (0, 0, 0);
        for _ in 0..4_000 {
            let Some(problem) = random_problem(&mut rng) else { continue };
            let expected = brute(&problem);
            let solved = problem.solve_by_sinks();
            assert_eq!(solved.is_some(), expected.is_some(), "feasibility of {problem:?}");
            let order: Vec<Card> = problem.unknown.iter().collect();
            assert_eq!(problem.solve(&order, |c, _| 31 - c.leading_zeros() as usize).is_some(), expected.is_some());
            let (Some(a), Some(expected)) = (solved, expected) else {
                infeasible += 1;
                continue;
            };
            feasible += 1;
            let got = problem.possible_codes(&a);
            assert_eq!(got, expected, "possible codes of {problem:?}");
            if (0..3).any(|c| got[c] != problem.unknown.bits() & Colour::ALL[c].cards().bits()) {
                narrowed += 1;
            }
        }
        assert!(feasible > 500 && infeasible > 100 && narrowed > 100, "{feasible} {infeasible} {narrowed}");
    }
}
