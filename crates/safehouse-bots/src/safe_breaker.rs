//! Bots for Safe Breaker: a rule-based player, the deduction bot, and search knowledge.
//!
//! **Rule-based** (a careful person with a notepad, `docs/bots.md`): for each opponent it keeps
//! the codes still possible from what was said about *that* opponent alone (the "unary" facts
//! of [`safehouse_safe_breaker::deduction::candidates`]), minus its own colour and number and
//! the parts lying face up. It guesses when an opponent has one code left (or, with one
//! opponent left, when it has two: a coin flip beats being guessed first). Otherwise it asks the
//! question that splits its left neighbour's codes most evenly, never naming its own colour or
//! number.
//!
//! **Deduction** (the deduction bot) uses the exact deduction
//! ([`safehouse_safe_breaker::Deduction`]: every assignment of codes consistent with the view,
//! with the all-different link between seats), so its probabilities are exact.
//! - It *reads* the other players: their choices are strategy, not rules, but a seat that plays
//!   the rule-based way gives itself away by what it asks (never its own colour or number, and
//!   only questions that split its left neighbour's codes best from where it sits) and by what
//!   it does not do (it would have guessed an opponent it had down to one code). For every other
//!   seat the bot keeps the codes with which that strategy makes every one of the seat's moves
//!   in the log, each weighed by the chance of those moves (a rule-based player picks at random
//!   among its equally good questions) — see [`read_candidates`]. A seat whose moves no code
//!   explains (a person, another kind of bot) is left as the rules leave it, and a reading that
//!   leaves no world is dropped, so the bot stays sound against anybody.
//! - It guesses at once an opponent whose code is certain.
//! - It ranks the questions by *expected information*: the entropy (in bits) of the answer
//!   round the table (who says "Yes" first, or nobody) over the (weighed) worlds, plus one bit
//!   per unit of probability that everybody says "No" (the asker keeps the turn). It never names
//!   its own colour or number (that tells the others about it and teaches it nothing). Worlds
//!   are enumerated when there are at most 6,000 and sampled uniformly otherwise.
//! - Whether the odds justify a risk is settled by simulation: the 12 most informative
//!   questions and the likeliest guess (if at least 10% likely) are each played out 400 times
//!   on the same deals drawn from the weighed worlds, with the same tie-breaking dice per deal,
//!   every other seat then playing the rule-based strategy and the bot too, except that it
//!   guesses the codes its deduction (with the reading) makes certain; the action with the best
//!   win share is played.
//!
//! **Search**: playouts model players who work codes out as the log grows (see [`rollout`]),
//! and untried actions get a first-play urgency of 0.5, so that the tree follows a right guess
//! up before trying the 100-odd wrong ones (with uniform expansion the search judged a right
//! guess worse than a question).

use std::time::Instant;

use safehouse_engine::{Game, GameRng, Seat, Viewer};
use safehouse_safe_breaker::cards::{CODES, MAX_PLAYERS, PARTS};
use safehouse_safe_breaker::deduction::candidates;
use safehouse_safe_breaker::{
    Action, Code, Colour, Deduction, Entry, Event, Guess, Number, SafeBreaker, SeatSet, View,
};

use crate::search::SearchPolicy;
use crate::{Bot, BotGame, Difficulty, EASY_SLIP_PERCENT, bot_rng};

/// All 36 questions, in code order.
fn question(i: usize) -> Option<(Colour, Number)> {
    Code::from_index(i).map(|c| (c.colour, c.number))
}

/// The seats still in the game other than `me`, in the order a question goes round.
fn answer_order(view: &View, me: Seat) -> Vec<Seat> {
    view.active().iter_after(me).filter(|&s| s != me).collect()
}

/// `YES[q]`: the codes whose holder says "Yes" to question `q` (a code index), i.e. the codes
/// sharing a colour or a number with code `q`.
const YES: [u64; CODES] = {
    let mut out = [0u64; CODES];
    let mut q = 0;
    while q < CODES {
        let mut i = 0;
        while i < CODES {
            if i / PARTS == q / PARTS || i % PARTS == q % PARTS {
                out[q] |= 1 << i;
            }
            i += 1;
        }
        q += 1;
    }
    out
};

/// The chance that a rule-based player holding `own` makes the log entry `entry` (0 if it never
/// would), given the public candidates `public` (the log before it), the conflicts of the codes
/// lying face up, and its opponents in answer order. It breaks ties at random, so a question is
/// one of its equally good ones with a chance of one over their number.
fn rule_based_chance(own: Code, entry: &Entry, public: &[u64; MAX_PLAYERS], face_up: u64, opponents: &[Seat]) -> f64 {
    let taken = YES[own.index()] | face_up;
    let sure = opponents.iter().find_map(|&o| {
        let m = public[o.index()] & !taken;
        (m.count_ones() == 1 || (opponents.len() == 1 && m.count_ones() == 2)).then_some((o, m))
    });
    let Some(&left) = opponents.first() else { return 1.0 };
    let within = |m: u64, colour: Colour, number: Number| m & (1 << Code::new(colour, number).index()) != 0;
    match (*entry, sure) {
        (Entry::Guess { target, guess: Guess::Code { colour, number }, .. }, Some((o, m))) => {
            if target == o && within(m, colour, number) { 1.0 / f64::from(m.count_ones()) } else { 0.0 }
        }
        (Entry::Question { .. }, Some(_)) => 0.0,
        (Entry::Question { colour, number, .. }, None) => {
            let m = public[left.index()] & !taken;
            let total = f64::from(m.count_ones().max(1));
            let score = |q: usize| {
                let f = f64::from((m & YES[q]).count_ones()) / total;
                f.min(1.0 - f)
            };
            let mut best = 0.0;
            let mut ties = 0u32;
            for q in (0..CODES).filter(|&q| q / PARTS != own.colour.index() && q % PARTS != own.number.index()) {
                let x = score(q);
                if x > best + 1e-9 {
                    best = x;
                    ties = 0;
                }
                if (x - best).abs() <= 1e-9 {
                    ties += 1;
                }
            }
            if best <= 1e-9 {
                return 1.0; // It would have named its own parts or guessed: rare, not modelled.
            }
            let own_part = colour == own.colour || number == own.number;
            if !own_part && score(Code::new(colour, number).index()) >= best - 1e-9 {
                1.0 / f64::from(ties)
            } else {
                0.0
            }
        }
        (Entry::Guess { target, guess: Guess::Code { colour, number }, .. }, None) => {
            let m = public[left.index()] & !taken;
            if target == left && within(m, colour, number) { 1.0 / f64::from(m.count_ones()) } else { 0.0 }
        }
        _ => 1.0,
    }
}

/// What reading the other players as rule-based ones tells: per seat and code, the chance that
/// the rule-based strategy with that code makes every one of the seat's moves in the log.
type Reading = [[f64; CODES]; MAX_PLAYERS];

/// The candidates of `view` narrowed by *reading* the other players: for every other seat, the
/// codes with which the rule-based strategy would have made every one of its moves in the log
/// (asked exactly such a question, not guessed when it could, guessed whom it did), with the
/// chance of those moves ([`rule_based_chance`]). A seat whose moves no such code explains (it
/// plays some other way) is left as the rules leave it, but weighed as a player who makes the
/// rule-based move except in `slip` of its moves, where it makes any of the 36 questions'
/// worth of moves at random (a beginner, a person): no code is ruled out for it, but the codes
/// that explain most of its moves weigh most (`slip` 0: every code weighing 1). `None` with
/// options the reading does not model (half guesses, codes face up after a wrong guess).
fn read_candidates(view: &View, me: Seat, slip: f64) -> Option<([u64; MAX_PLAYERS], Reading)> {
    if view.options.keep_it_simple || view.options.reveal_wrong_guesser_code {
        return None;
    }
    let players = view.players().min(MAX_PLAYERS);
    let mut cand = candidates(view);
    let mut public = view.clone();
    public.viewer = Viewer::Spectator;
    public.own_code = None;
    for seat in &mut public.seats {
        seat.lock = None;
        seat.key = None;
    }
    public.log.clear();
    let mut weight: Reading = [[1.0; CODES]; MAX_PLAYERS];
    let mut noisy: Reading = [[1.0; CODES]; MAX_PLAYERS];
    let random_move = slip / CODES as f64;
    let mut active = SeatSet::first(players);
    let mut face_up = 0u64;
    for entry in &view.log {
        let actor = match *entry {
            Entry::Question { asker, .. } => asker,
            Entry::Guess { guesser, .. } => guesser,
        };
        let a = actor.index();
        let strict = weight.get(a).is_some_and(|w| w.iter().any(|&w| w > 0.0));
        if actor != me && a < players && (strict || slip > 0.0) {
            let known = candidates(&public);
            let opponents: Vec<Seat> = active.iter_after(actor).filter(|&s| s != actor).collect();
            let mut mask = cand[a];
            while mask != 0 {
                let i = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                if let Some(code) = code_of(i) {
                    let chance = rule_based_chance(code, entry, &known, face_up, &opponents);
                    weight[a][i] *= chance;
                    noisy[a][i] *= (1.0 - slip) * chance + random_move;
                }
            }
            // Only the ratios matter: keep the largest at 1 so that long games do not underflow.
            for w in [&mut weight[a], &mut noisy[a]] {
                let top = w.iter().copied().fold(0.0, f64::max);
                if top > 0.0 {
                    w.iter_mut().for_each(|w| *w /= top);
                }
            }
        }
        if let Entry::Guess { guesser, target, guess, correct } = *entry {
            if correct {
                active.remove(target);
                if let Guess::Code { colour, number } = guess {
                    face_up |= YES[Code::new(colour, number).index()];
                }
            } else {
                active.remove(guesser);
            }
        }
        public.log.push(*entry);
    }
    for (s, (c, w)) in cand.iter_mut().zip(weight.iter_mut()).enumerate().take(players) {
        let allowed = (0..CODES).filter(|&i| w[i] > 0.0).fold(0u64, |m, i| m | (1 << i));
        if s != me.index() && *c & allowed != 0 {
            *c &= allowed;
        } else if s != me.index() && slip > 0.0 {
            *w = noisy[s];
        } else {
            *w = [1.0; CODES];
        }
    }
    Some((cand, weight))
}

fn code_of(index: usize) -> Option<Code> {
    Code::from_index(index)
}

/// The rule-based Safe Breaker bot (see the module docs).
#[derive(Debug)]
pub struct SafeBreakerHeuristic {
    rng: GameRng,
}

impl SafeBreakerHeuristic {
    /// A rule-based bot; the seed breaks ties.
    pub fn new(seed: u64) -> Self {
        SafeBreakerHeuristic { rng: bot_rng(seed) }
    }

    fn decide(&mut self, view: &View) -> Option<Action> {
        let own = view.own_code?;
        let (opponents, cand) = notepad(view)?;
        // Guess a code that is certain (or a coin flip against the last opponent).
        for &s in &opponents {
            let mask = cand[s.index()];
            let last = opponents.len() == 1 && mask.count_ones() == 2;
            if mask.count_ones() == 1 || last {
                let i = if last && self.rng.below(2) == 1 {
                    63 - mask.leading_zeros() as usize
                } else {
                    mask.trailing_zeros() as usize
                };
                let code = code_of(i)?;
                return Some(Action::Guess { target: s, colour: code.colour, number: code.number });
            }
        }
        // Ask: split the left neighbour's codes evenly, never naming my own parts.
        let left = *opponents.first()?;
        let mask = cand[left.index()];
        let total = mask.count_ones().max(1) as f64;
        let mut best: Vec<(Colour, Number)> = Vec::new();
        let mut best_score = f64::NEG_INFINITY;
        for i in 0..CODES * 2 {
            // First without my own parts; with them only if nothing else splits (second pass).
            if i == CODES && best_score > 1e-9 {
                break;
            }
            let (colour, number) = question(i % CODES)?;
            if i < CODES && (colour == own.colour || number == own.number) {
                continue;
            }
            let yes = (0..CODES)
                .filter(|&j| mask & (1 << j) != 0)
                .filter(|&j| code_of(j).is_some_and(|c| c.answers_yes(colour, number)))
                .count() as f64;
            let f = yes / total;
            let score = f.min(1.0 - f);
            if score > best_score + 1e-9 {
                best_score = score;
                best.clear();
            }
            if (score - best_score).abs() <= 1e-9 {
                best.push((colour, number));
            }
        }
        if best_score <= 1e-9 {
            // Nothing splits the neighbour's codes: take a chance on one of them.
            let codes: Vec<usize> = (0..CODES).filter(|&j| mask & (1 << j) != 0).collect();
            let code = code_of(*self.rng.pick(&codes)?)?;
            return Some(Action::Guess { target: left, colour: code.colour, number: code.number });
        }
        let &(colour, number) = self.rng.pick(&best)?;
        Some(Action::Ask { colour, number })
    }
}

/// What a careful person's notepad says: the opponents in answering order, and for each seat
/// the codes still possible from what was said about it alone (`candidates`), minus my own
/// colour and number and the parts lying face up in front of other seats.
fn notepad(view: &View) -> Option<(Vec<Seat>, [u64; MAX_PLAYERS])> {
    let me = view.seat()?;
    let own = view.own_code?;
    let mut cand = candidates(view);
    // What a person sees at once: nobody else has my colour or number, nor a part lying face
    // up in front of another seat.
    let mut taken = YES[own.index()];
    for (i, s) in view.seats.iter().enumerate() {
        if let Some(code) = s.code()
            && i != me.index()
        {
            taken |= YES[code.index()];
        }
    }
    let opponents = answer_order(view, me);
    for &s in &opponents {
        let shown = view.seats[s.index()].code();
        if shown.is_none() {
            cand[s.index()] &= !taken;
        }
    }
    Some((opponents, cand))
}

/// An opponent down to at most this many codes is a beginner's fair hunch.
pub const EASY_HUNCH_CODES: u32 = 3;

/// The easy level: a beginner who mostly plays the rule-based way, but slips in
/// `slip` of its decisions. A slip is what a beginner does, not a fool: a question picked
/// without care (any colour and number, its own included), or, when the notepad has an opponent
/// down to at most [`EASY_HUNCH_CODES`] codes, half the time a hunch: one of those codes. It never
/// accuses without some evidence, i.e. never names a code its notepad has ruled out or an
/// opponent it knows little about (a uniformly random slip nearly always did, since most legal
/// actions are accusations).
///
/// A beginner also *overlooks* what its notepad proves: in `overlook` of the decisions where it
/// could accuse an opponent of the one code left (or has to take a chance), it does not see it
/// and asks a question instead. That costs it the initiative, never the game by itself: an
/// overlooked accusation is a question, not a wrong guess.
#[derive(Debug)]
pub struct SafeBreakerEasy {
    inner: SafeBreakerHeuristic,
    slip: f64,
    overlook: f64,
    hunch: f64,
    rng: GameRng,
    name: String,
}

/// How often (percent) the easy level overlooks an accusation its notepad makes certain: tuned
/// so that easy trails medium by at least 100 Elo (docs/bots.md, `examples/league.rs`).
pub const EASY_OVERLOOK_PERCENT: u32 = 90;

/// How often (percent) the easy level acts on a hunch when its notepad has an opponent down to a
/// few codes (see [`SafeBreakerEasy::with_hunches`]).
const EASY_HUNCH_PERCENT: u32 = 0;

impl SafeBreakerEasy {
    /// A beginner slipping in `slip` (0..=1) of its decisions, overlooking no accusation.
    pub fn new(slip: f64, seed: u64) -> Self {
        SafeBreakerEasy::with_overlook(slip, 0.0, seed)
    }

    /// A beginner slipping in `slip` (0..=1) of its decisions and overlooking `overlook` (0..=1)
    /// of the accusations its notepad makes certain.
    pub fn with_overlook(slip: f64, overlook: f64, seed: u64) -> Self {
        SafeBreakerEasy::with_hunches(slip, overlook, 0.0, seed)
    }

    /// A beginner slipping in `slip` (0..=1) of its decisions, overlooking `overlook` (0..=1) of
    /// the accusations its notepad makes certain, and, in `hunch` (0..=1) of the decisions where
    /// its notepad has an opponent down to at most [`EASY_HUNCH_CODES`] codes (but not one),
    /// impatient: it accuses that opponent of one of them.
    pub fn with_hunches(slip: f64, overlook: f64, hunch: f64, seed: u64) -> Self {
        let slip = slip.clamp(0.0, 1.0);
        let overlook = overlook.clamp(0.0, 1.0);
        let hunch = hunch.clamp(0.0, 1.0);
        let mut name = format!("beginner~{:.0}%", slip * 100.0);
        if overlook > 0.0 || hunch > 0.0 {
            name.push_str(&format!("~{:.0}%", overlook * 100.0));
        }
        if hunch > 0.0 {
            name.push_str(&format!("~{:.0}%", hunch * 100.0));
        }
        SafeBreakerEasy {
            inner: SafeBreakerHeuristic::new(seed),
            slip,
            overlook,
            hunch,
            rng: bot_rng(seed ^ 0xbe91),
            name,
        }
    }

    /// A careless question (any colour and number).
    fn careless_question(&mut self, legal: &[Action]) -> Option<Action> {
        let questions: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Ask { .. })).collect();
        self.rng.pick(&questions).copied()
    }

    /// The accusations a hunch may make: an opponent the notepad has down to at most
    /// [`EASY_HUNCH_CODES`] codes, of one of those codes.
    fn hunches(view: &View, legal: &[Action]) -> Vec<Action> {
        let Some((opponents, cand)) = notepad(view) else { return Vec::new() };
        legal
            .iter()
            .copied()
            .filter(|a| match *a {
                Action::Guess { target, colour, number } => {
                    let mask = cand[target.index()];
                    opponents.contains(&target)
                        && mask.count_ones() <= EASY_HUNCH_CODES
                        && mask & (1 << Code::new(colour, number).index()) != 0
                }
                _ => false,
            })
            .collect()
    }

    fn slip(&mut self, view: &View, legal: &[Action]) -> Option<Action> {
        let hunches = Self::hunches(view, legal);
        if !hunches.is_empty() && self.rng.below(2) == 0 {
            return self.rng.pick(&hunches).copied();
        }
        self.careless_question(legal)
    }
}

impl Bot<SafeBreaker> for SafeBreakerEasy {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        // The rule-based bot is always asked, so that its dice follow the game.
        let planned = self.inner.choose(view, legal);
        if self.overlook > 0.0 && matches!(planned, Action::Guess { .. }) && self.rng.unit_f64() < self.overlook {
            // Not noticed: a question instead (when questions may still be asked).
            if let Some(question) = self.careless_question(legal) {
                return question;
            }
        }
        if self.hunch > 0.0 && !matches!(planned, Action::Guess { .. }) {
            let hunches = Self::hunches(view, legal);
            if !hunches.is_empty() && self.rng.unit_f64() < self.hunch {
                return self.rng.pick(&hunches).copied().unwrap_or(planned);
            }
        }
        if self.rng.unit_f64() >= self.slip {
            return planned;
        }
        self.slip(view, legal).filter(|a| legal.contains(a)).unwrap_or(planned)
    }

    fn reset(&mut self, seed: u64) -> bool {
        // As `with_hunches` builds it: the rates and the name stay.
        self.inner = SafeBreakerHeuristic::new(seed);
        self.rng = bot_rng(seed ^ 0xbe91);
        true
    }
}

impl Bot<SafeBreaker> for SafeBreakerHeuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        match self.decide(view).filter(|a| legal.contains(a)) {
            Some(action) => action,
            None => legal[self.rng.index(legal.len())],
        }
    }

    fn reset(&mut self, seed: u64) -> bool {
        // Its generator is all it keeps.
        *self = SafeBreakerHeuristic::new(seed);
        true
    }
}

/// Settings of the deduction bot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeductionSettings {
    /// Questions (the most informative) weighed against each other by simulation.
    pub questions: usize,
    /// The likeliest guess is weighed too when it is at least this likely (a certain guess is
    /// always made at once).
    pub min_guess: f64,
    /// Simulated games per candidate action (0: no simulation; the most informative question
    /// is asked and only certain guesses are made).
    pub rollouts: usize,
    /// Bits a question is worth per unit of probability that everybody answers "No".
    pub keep_turn_bits: f64,
    /// Worlds enumerated exactly up to this many; more are sampled.
    pub max_worlds: u64,
    /// Never name its own colour or number in a question (the answers would tell the others
    /// about it and teach the bot nothing it does not know).
    pub avoid_own_parts: bool,
    /// In the simulated games the bot itself guesses every code its exact deduction makes
    /// certain (and, against one opponent, a code at least even odds), instead of playing the
    /// rule-based strategy throughout.
    pub deduce_in_rollouts: bool,
    /// Every candidate action is played out with the same tie-breaking dice per deal (common
    /// random numbers), so that the comparison measures the action and not the dice.
    pub common_dice: bool,
    /// Read the other players as rule-based ones: keep only the codes with which that strategy
    /// would have made their moves (see [`read_candidates`]), where that explains them.
    pub read_opponents: bool,
    /// Weigh the worlds by the chance of the other players' moves in them (a rule-based player
    /// picks at random among its equally good questions), not only keep or drop them.
    pub weigh_ties: bool,
    /// A seat the rule-based reading does not explain is read as a player who slips in this
    /// share of its moves (0..1; 0: such a seat is not read at all), see [`read_candidates`].
    pub slip_reading: f64,
    /// The work cap of one decision: actions played in its simulated games (`None`: no cap).
    /// The candidates are played out deal by deal, all of them on each deal before the next, and
    /// once a deal's round has brought the count to the cap the best candidate over the deals
    /// played so far is chosen. Counted, not timed, so a capped decision is as reproducible
    /// as an uncapped one.
    pub work_cap: Option<u64>,
    /// A wall-clock cap of one decision, checked between the rounds of the simulation as the
    /// work cap is (`None`: none). A safety net for a slow or busy machine: the decisions it
    /// cuts short depend on the machine, so the work cap should be the one that normally binds.
    pub time_cap: Option<std::time::Duration>,
}

/// What the deduction bot's last decision cost (for the budget's calibration and tests).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeductionWork {
    /// Actions played in the simulated games (the unit of [`DeductionSettings::work_cap`]).
    pub steps: u64,
    /// Deals on which every candidate was played out.
    pub deals: usize,
    /// Deals drawn for the simulation (the deals played if no cap bound).
    pub deals_drawn: usize,
    /// Candidate actions weighed by simulation (0: the decision needed none).
    pub candidates: usize,
    /// The work cap stopped the simulation before every drawn deal was played.
    pub work_capped: bool,
    /// The time cap stopped it.
    pub time_capped: bool,
}

impl DeductionSettings {
    /// The settings a kind names: `deduction` (the defaults) or
    /// `deduction:<rollouts>[:<questions>[:<min_guess>[:<read 0/1>[:<slip percent>]]]]`, and
    /// anywhere among those the caps `<n>steps` ([`work_cap`](Self::work_cap)) and `<n>ms`
    /// ([`time_cap`](Self::time_cap)); `None` for any other kind.
    pub fn from_kind(kind: &str) -> Option<DeductionSettings> {
        let mut parts = kind.split(':');
        if parts.next() != Some("deduction") {
            return None;
        }
        let mut settings = DeductionSettings::default();
        let mut numbers: Vec<f64> = Vec::new();
        for part in parts.map(str::trim) {
            if let Some(steps) = part.strip_suffix("steps") {
                settings.work_cap = Some(steps.trim().parse::<u64>().ok()?.max(1));
            } else if part.ends_with("ms") {
                let ms = crate::spec::clock_cap_ms(part)?;
                settings.time_cap = Some(std::time::Duration::from_millis(u64::from(ms)));
            } else {
                numbers.push(part.parse().ok()?);
            }
        }
        if let Some(&x) = numbers.first() {
            settings.rollouts = x.max(0.0) as usize;
        }
        if let Some(&x) = numbers.get(1) {
            settings.questions = x.max(1.0) as usize;
        }
        if let Some(&x) = numbers.get(2) {
            settings.min_guess = x;
        }
        if let Some(&x) = numbers.get(3) {
            settings.read_opponents = x != 0.0;
        }
        if let Some(&x) = numbers.get(4) {
            settings.slip_reading = (x / 100.0).clamp(0.0, 1.0);
        }
        Some(settings)
    }
}

impl Default for DeductionSettings {
    fn default() -> Self {
        DeductionSettings {
            questions: 12,
            min_guess: 0.1,
            rollouts: 400,
            keep_turn_bits: 1.0,
            max_worlds: 6_000,
            avoid_own_parts: true,
            deduce_in_rollouts: true,
            common_dice: true,
            read_opponents: true,
            weigh_ties: true,
            slip_reading: 0.0,
            work_cap: None,
            time_cap: None,
        }
    }
}

/// The Safe Breaker deduction bot (see the module docs).
pub struct SafeBreakerDeduction {
    rng: GameRng,
    settings: DeductionSettings,
    worlds: Vec<[Code; MAX_PLAYERS]>,
    /// The weight of each world: the chance of the other players' moves in it, when read.
    weights: Vec<f64>,
    /// The candidates of the position being decided, the other players read (all codes when
    /// not reading): the bot's own moves in the simulated games use them.
    read: [u64; MAX_PLAYERS],
    /// The rule-based players of the simulated games, one per seat.
    players: Vec<SafeBreakerHeuristic>,
    /// What the last decision cost.
    work: DeductionWork,
    /// Scratch buffers of the simulated games, reused across them.
    legal: Vec<Action>,
    events: Vec<Event>,
}

impl std::fmt::Debug for SafeBreakerDeduction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SafeBreakerDeduction").field("settings", &self.settings).finish()
    }
}

impl SafeBreakerDeduction {
    /// A deduction bot with the default settings.
    pub fn new(seed: u64) -> Self {
        Self::with_settings(DeductionSettings::default(), seed)
    }

    /// A deduction bot with other settings.
    pub fn with_settings(settings: DeductionSettings, seed: u64) -> Self {
        SafeBreakerDeduction {
            rng: bot_rng(seed),
            settings,
            worlds: Vec::new(),
            weights: Vec::new(),
            read: [u64::MAX; MAX_PLAYERS],
            players: (0..MAX_PLAYERS as u64).map(|i| SafeBreakerHeuristic::new(seed ^ (0x5b00 + i))).collect(),
            work: DeductionWork::default(),
            legal: Vec::with_capacity(256),
            events: Vec::with_capacity(16),
        }
    }

    /// What the last decision cost (its simulated actions, deals, and whether a cap bound).
    pub fn last_work(&self) -> DeductionWork {
        self.work
    }

    fn collect_worlds(&mut self, deduction: &Deduction, reading: Option<&Reading>) {
        self.worlds.clear();
        self.weights.clear();
        let players = deduction.players();
        let placeholder = Code::new(Colour::ALL[0], Number::ALL[0]);
        if deduction.worlds() <= self.settings.max_worlds {
            let worlds = &mut self.worlds;
            deduction.for_each(|codes| {
                let mut w = [placeholder; MAX_PLAYERS];
                w[..players].copy_from_slice(&codes[..players]);
                worlds.push(w);
            });
        } else {
            for _ in 0..self.settings.max_worlds {
                let codes = deduction.sample(&mut self.rng);
                let mut w = [placeholder; MAX_PLAYERS];
                for (slot, code) in w.iter_mut().zip(codes) {
                    *slot = code;
                }
                self.worlds.push(w);
            }
        }
        for world in &self.worlds {
            let w = reading.map_or(1.0, |r| (0..players).map(|s| r[s][world[s].index()]).product());
            self.weights.push(w);
        }
    }

    /// The questions by expected information (best first), with their scores.
    fn rank_questions(&mut self, view: &View, me: Seat) -> Vec<(f64, Action)> {
        let Some(own) = view.own_code else { return Vec::new() };
        let opponents = answer_order(view, me);
        let n: f64 = self.weights.iter().sum::<f64>().max(1e-300);
        let mut ranked = Vec::with_capacity(CODES);
        let mut outcomes = [0f64; MAX_PLAYERS + 1];
        for i in 0..CODES {
            let Some((colour, number)) = question(i) else { continue };
            if self.settings.avoid_own_parts && (colour == own.colour || number == own.number) {
                continue;
            }
            outcomes.iter_mut().for_each(|o| *o = 0.0);
            for (world, &w) in self.worlds.iter().zip(&self.weights) {
                match opponents.iter().find(|s| world[s.index()].answers_yes(colour, number)) {
                    Some(&k) => outcomes[k.index()] += w,
                    None => outcomes[MAX_PLAYERS] += w,
                }
            }
            let entropy: f64 = outcomes
                .iter()
                .filter(|&&k| k > 0.0)
                .map(|&k| {
                    let p = k / n;
                    -p * p.log2()
                })
                .sum();
            if entropy <= 1e-9 {
                continue; // Teaches nothing.
            }
            let nobody = outcomes[MAX_PLAYERS] / n;
            ranked.push((entropy + self.settings.keep_turn_bits * nobody, Action::Ask { colour, number }));
        }
        // Best first; ties in a random order so that equal questions are not always the same.
        self.rng.shuffle(&mut ranked);
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        ranked
    }

    /// The bot's win share in deal `k` (`state`) when it plays `action` now and everybody
    /// (itself included) then plays the rule-based strategy, and the actions that took; `None`
    /// if `action` cannot be played there.
    fn simulate(&mut self, state: &SafeBreaker, k: usize, me: Seat, action: Action, dice: u64) -> Option<(f64, u64)> {
        if self.settings.common_dice {
            for (i, p) in self.players.iter_mut().enumerate() {
                *p = SafeBreakerHeuristic::new(dice ^ ((k as u64) << 8) ^ i as u64);
            }
        }
        let (mut legal, mut events) = (std::mem::take(&mut self.legal), std::mem::take(&mut self.events));
        let result = self.play_out(state, me, action, &mut legal, &mut events);
        (self.legal, self.events) = (legal, events);
        result
    }

    fn play_out(
        &mut self,
        state: &SafeBreaker,
        me: Seat,
        action: Action,
        legal: &mut Vec<Action>,
        events: &mut Vec<Event>,
    ) -> Option<(f64, u64)> {
        let mut game = state.clone();
        events.clear();
        if game.apply(&action, events).is_err() {
            return None;
        }
        let mut steps = 0u64;
        while let Some(seat) = game.to_move() {
            if steps > 400 {
                break;
            }
            steps += 1;
            game.legal_actions(legal);
            let view = game.view(Viewer::Seat(seat));
            let deduced =
                if seat == me && self.settings.deduce_in_rollouts { sure_guess(&view, &self.read) } else { None };
            let next = match deduced.filter(|a| legal.contains(a)) {
                Some(a) => a,
                None => self.players[seat.index()].choose(&view, legal),
            };
            events.clear();
            if game.apply(&next, events).is_err() {
                break;
            }
        }
        let active = game.active();
        let share = if active.contains(me) { 1.0 / active.len().max(1) as f64 } else { 0.0 };
        Some((share, steps + 1))
    }

    /// The index of the candidate with the best win share, played out deal by deal: every
    /// candidate on deal `k` before any on deal `k + 1`, so that when a cap stops the simulation
    /// every candidate has been weighed on the same deals (with the same dice), and without a
    /// cap the shares are those of playing each candidate on all the deals.
    fn weigh(&mut self, states: &[SafeBreaker], me: Seat, candidates: &[Action], dice: u64, started: Instant) -> usize {
        let mut totals = vec![0.0f64; candidates.len()];
        let mut deals = 0;
        for (k, state) in states.iter().enumerate() {
            for (c, &action) in candidates.iter().enumerate() {
                if let Some((share, steps)) = self.simulate(state, k, me, action, dice) {
                    totals[c] += share;
                    self.work.steps += steps;
                }
            }
            deals = k + 1;
            if deals == states.len() {
                break;
            }
            if self.settings.work_cap.is_some_and(|cap| self.work.steps >= cap) {
                self.work.work_capped = true;
                break;
            }
            if self.settings.time_cap.is_some_and(|cap| started.elapsed() >= cap) {
                self.work.time_capped = true;
                break;
            }
        }
        self.work.deals = deals;
        let mut best = (f64::NEG_INFINITY, 0);
        for (c, total) in totals.into_iter().enumerate() {
            let value = total / deals.max(1) as f64;
            if value > best.0 + 1e-12 {
                best = (value, c);
            }
        }
        best.1
    }

    fn decide(&mut self, view: &View) -> Option<Action> {
        let started = Instant::now();
        self.work = DeductionWork::default();
        let me = view.seat()?;
        let plain = Deduction::from_view(view).ok()?;
        self.read = [u64::MAX; MAX_PLAYERS];
        let mut reading = None;
        let slip = self.settings.slip_reading;
        let deduction = match read_candidates(view, me, slip).filter(|_| self.settings.read_opponents) {
            Some((cand, weights)) => match Deduction::from_candidates(view.players(), cand) {
                d if d.worlds() > 0 => {
                    self.read = cand;
                    reading = Some(weights).filter(|_| self.settings.weigh_ties);
                    d
                }
                _ => plain,
            },
            None => plain,
        };
        let opponents = answer_order(view, me);
        // A code certain in every world is guessed at once.
        for &s in &opponents {
            if let Some(code) = deduction.certain_code(s) {
                return Some(Action::Guess { target: s, colour: code.colour, number: code.number });
            }
        }
        // The likeliest code of all the opponents' (by the weights of the worlds).
        self.collect_worlds(&deduction, reading.as_ref());
        let total: f64 = self.weights.iter().sum::<f64>().max(1e-300);
        let mut best_guess: Option<(f64, Action)> = None;
        for &s in &opponents {
            let mut mass = [0f64; CODES];
            for (world, &w) in self.worlds.iter().zip(&self.weights) {
                mass[world[s.index()].index()] += w;
            }
            for (i, &m) in mass.iter().enumerate() {
                let p = m / total;
                if let Some(code) = code_of(i)
                    && p > 0.0
                    && best_guess.as_ref().is_none_or(|(q, _)| p > *q + 1e-12)
                {
                    best_guess = Some((p, Action::Guess { target: s, colour: code.colour, number: code.number }));
                }
            }
        }
        let ranked = self.rank_questions(view, me);
        let Some(&(_, first_question)) = ranked.first() else {
            // No question can teach anything more: asking again would go round in circles.
            return best_guess.map(|g| g.1);
        };
        let mut candidates: Vec<Action> = ranked.iter().take(self.settings.questions.max(1)).map(|q| q.1).collect();
        if let Some((p, guess)) = best_guess
            && p >= self.settings.min_guess
        {
            candidates.push(guess);
        }
        if self.settings.rollouts == 0 || candidates.len() == 1 {
            return Some(first_question);
        }
        // Weigh the candidates on the same sampled deals (common random numbers).
        let mut states: Vec<SafeBreaker> = Vec::with_capacity(self.settings.rollouts);
        let mut cumulative = Vec::with_capacity(self.weights.len());
        let mut sum = 0.0;
        for &w in &self.weights {
            sum += w;
            cumulative.push(sum);
        }
        for _ in 0..self.settings.rollouts {
            let x = self.rng.unit_f64() * sum;
            let k = cumulative.partition_point(|&c| c <= x).min(self.worlds.len().saturating_sub(1));
            if let Some(world) = self.worlds.get(k)
                && let Some(state) = SafeBreaker::from_view_with_codes(view, &world[..view.players()]).ok()
            {
                states.push(state);
            }
        }
        if states.is_empty() {
            states = (0..self.settings.rollouts)
                .filter_map(|_| SafeBreaker::determinize(view, &mut self.rng).ok())
                .collect();
        }
        let dice = self.rng.next_u64();
        self.work.candidates = candidates.len();
        self.work.deals_drawn = states.len();
        let best = self.weigh(&states, me, &candidates, dice, started);
        Some(candidates[best])
    }
}

/// The bot's own move in a simulated game: a guess its exact deduction makes certain, or against
/// one opponent the likeliest code if at least even odds; `None` to play the rule-based way.
///
/// `read` narrows the candidates further (the reading of the other players at the root of the
/// simulation); it is ignored if it leaves no world.
fn sure_guess(view: &View, read: &[u64; MAX_PLAYERS]) -> Option<Action> {
    let me = view.seat()?;
    let mut cand = candidates(view);
    for (c, r) in cand.iter_mut().zip(read) {
        *c &= r;
    }
    let deduction = match Deduction::from_candidates(view.players(), cand) {
        d if d.worlds() > 0 => d,
        _ => Deduction::from_view(view).ok()?,
    };
    let opponents = answer_order(view, me);
    let mut best: Option<(u64, Action)> = None;
    for &s in &opponents {
        if let Some((code, count)) = deduction.possible_codes(s).max_by_key(|&(code, n)| (n, std::cmp::Reverse(code))) {
            let guess = Action::Guess { target: s, colour: code.colour, number: code.number };
            if count == deduction.worlds() {
                return Some(guess);
            }
            if best.is_none_or(|(n, _)| count > n) {
                best = Some((count, guess));
            }
        }
    }
    let (count, guess) = best?;
    (opponents.len() == 1 && 2 * count >= deduction.worlds()).then_some(guess)
}

impl Bot<SafeBreaker> for SafeBreakerDeduction {
    fn name(&self) -> &str {
        "deduction"
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        match self.decide(view).filter(|a| legal.contains(a)) {
            Some(action) => action,
            None => legal[self.rng.index(legal.len())],
        }
    }

    fn reset(&mut self, seed: u64) -> bool {
        // As `with_settings` builds it (same settings), keeping only the buffers' capacity.
        self.rng = bot_rng(seed);
        self.worlds.clear();
        self.weights.clear();
        self.read = [u64::MAX; MAX_PLAYERS];
        self.work = DeductionWork::default();
        for (i, player) in self.players.iter_mut().enumerate() {
            *player = SafeBreakerHeuristic::new(seed ^ (0x5b00 + i as u64));
        }
        true
    }
}

/// Playouts model players who work codes out as the log grows: the seat to move guesses the
/// next opponent's *true* code (true in this sampled deal) with a chance that grows with the
/// length of the log (5% at first, 80% after 16 entries), and otherwise asks a random question.
/// Random guesses would make having the turn look like a danger, which it is not.
fn rollout(state: &SafeBreaker, legal: &[Action], rng: &mut GameRng) -> usize {
    let asks = legal.iter().take_while(|a| matches!(a, Action::Ask { .. })).count();
    let chance = ((state.log().len() as f64 - 4.0) / 15.0).clamp(0.05, 0.8);
    if let Some(me) = state.to_move()
        && rng.unit_f64() < chance
        && let Some(target) = state.active().iter_after(me).find(|&s| s != me)
        && let Some(code) = state.seat(target).map(|s| s.code)
        && let Some(i) =
            legal.iter().position(|a| *a == Action::Guess { target, colour: code.colour, number: code.number })
    {
        return i;
    }
    if asks > 0 { rng.index(asks) } else { rng.index(legal.len()) }
}

/// Win shares without building an `Outcome`: the last seat standing wins.
fn evaluate(state: &SafeBreaker, out: &mut [f64]) {
    let players = state.players();
    let active: SeatSet = state.active();
    let n = active.len().max(1) as f64;
    for (s, r) in out.iter_mut().enumerate().take(players) {
        *r = if active.contains(Seat(s as u8)) { 1.0 / n } else { 0.0 };
    }
}

impl BotGame for SafeBreaker {
    const KINDS: &'static [&'static str] =
        &["easy", "medium", "hard", "random", "heuristic", "noisy", "beginner", "deduction", "ismcts"];

    fn difficulty(level: Difficulty) -> &'static str {
        match level {
            Difficulty::Easy => "beginner",
            Difficulty::Medium => "heuristic",
            // The work cap binds in the longer decisions (a third at four players; uncapped they
            // take up to 63,000 simulated actions at four and 84,000 at six, 165 ms of CPU) and
            // costs nothing measurable (a cap of 20,000: -6 [-33, +17] Elo); the clock cap is a
            // safety net on a busy machine (docs/bots.md).
            Difficulty::Hard => "deduction:50000steps:800ms",
        }
    }

    fn heuristic(seed: u64) -> Box<dyn Bot<Self>> {
        Box::new(SafeBreakerHeuristic::new(seed))
    }

    fn special(kind: &str, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        // `beginner` or `beginner:<percent>[:<overlook percent>]`: the easy level.
        if let Some(rest) = kind.strip_prefix("beginner") {
            let (percent, overlook, hunch) = match rest.strip_prefix(':') {
                Some(p) => {
                    let numbers: Vec<u32> = p.split(':').map(|n| n.trim().parse().ok()).collect::<Option<_>>()?;
                    match numbers[..] {
                        [slip] => (slip, 0, 0),
                        [slip, overlook] => (slip, overlook, 0),
                        [slip, overlook, hunch] => (slip, overlook, hunch),
                        _ => return None,
                    }
                }
                None if rest.is_empty() => (EASY_SLIP_PERCENT, EASY_OVERLOOK_PERCENT, EASY_HUNCH_PERCENT),
                None => return None,
            };
            let share = |p: u32| f64::from(p.min(100)) / 100.0;
            return Some(Box::new(SafeBreakerEasy::with_hunches(share(percent), share(overlook), share(hunch), seed)));
        }
        let settings = DeductionSettings::from_kind(kind)?;
        Some(Box::new(SafeBreakerDeduction::with_settings(settings, seed)))
    }

    fn search_policy() -> SearchPolicy<Self> {
        SearchPolicy { rollout, evaluate, playout_limit: u32::MAX, first_play_urgency: 0.5 }
    }

    const DEFAULT_ITERATIONS: u32 = 1_000;
}

const _: () = assert!(PARTS * PARTS == CODES);
