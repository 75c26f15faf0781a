//! Monte Carlo tree search: IS-MCTS over determinizations for the seats, and the same search on
//! the true state for the omniscient evaluation bot.
//!
//! The search is single-observer IS-MCTS (Cowling, Powley & Whitehouse, "Information Set Monte
//! Carlo Tree Search", 2012): every iteration samples a full state consistent with the root
//! seat's view ([`Game::determinize`]), walks down one tree whose edges are actions, considering
//! at each node only the children that are legal in this sample (UCB1 with *availability*
//! counts in place of the parent's visits), expands one untried legal action, plays out with
//! the [`SearchPolicy`]'s rollout, and backs up one reward per seat; each node keeps the reward
//! of the seat that chose the action leading to it. The move played is the root child visited
//! most.
//!
//! Allocation-free iterations: the tree is one arena `Vec` of nodes linked as
//! first-child/next-sibling, and every buffer (path, legal actions, events, rewards) lives in
//! the searcher and is reused from one iteration and one decision to the next. So is the
//! sampled state itself: each iteration determinizes into the same scratch state with
//! [`Game::determinize_into`], which reuses its buffers. Once those have grown, an iteration
//! allocates nothing unless the game's `determinize_into` or its policy does
//! (`tests/search_allocations.rs` counts it).

use std::time::{Duration, Instant};

use safehouse_engine::{Game, GameRng, Seat};

use crate::{Bot, OmniscientBot, bot_rng};

/// How much thinking a search bot does per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations: decisions are reproducible from the seed.
    Iterations(u32),
    /// As many iterations as fit in a time limit (at most `max_iterations`): faster machines
    /// play better, and decisions are *not* reproducible.
    Time {
        /// The limit per decision.
        limit: Duration,
        /// A cap on iterations, whatever the time.
        max_iterations: u32,
    },
}

/// Settings of the tree search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsConfig {
    /// Iterations (or time) per decision.
    pub budget: Budget,
    /// The UCB1 exploration constant (rewards lie in `0..=1`).
    pub exploration: f64,
}

impl Default for IsmctsConfig {
    fn default() -> Self {
        IsmctsConfig { budget: Budget::Iterations(1_000), exploration: 0.7 }
    }
}

/// How a search plays out from a leaf and scores the end: the game-specific knowledge a
/// search bot uses. The defaults work for any game: uniformly random playouts to the end,
/// scored by win share.
#[derive(Debug)]
pub struct SearchPolicy<G: Game> {
    /// Chooses the index of the playout's next action among `legal` (non-empty).
    pub rollout: fn(&G, &[G::Action], &mut GameRng) -> usize,
    /// Writes each seat's reward in `0..=1` (one per seat, `out.len() == players`) for a state
    /// that is over, or that a playout stopped at after `playout_limit` actions.
    pub evaluate: fn(&G, &mut [f64]),
    /// Actions a playout may take before it stops and `evaluate` judges the unfinished state.
    pub playout_limit: u32,
    /// The value an untried action is given when selection compares it with the tried ones
    /// ("first-play urgency"). Infinity (the default) tries every legal action once before any
    /// is tried twice; a finite value lets a good action be followed up before a long tail of
    /// poor ones is tried, which games with many actions need.
    pub first_play_urgency: f64,
}

impl<G: Game> Clone for SearchPolicy<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for SearchPolicy<G> {}

impl<G: Game> Default for SearchPolicy<G> {
    fn default() -> Self {
        SearchPolicy {
            rollout: uniform_rollout::<G>,
            evaluate: outcome_rewards::<G>,
            playout_limit: u32::MAX,
            first_play_urgency: f64::INFINITY,
        }
    }
}

/// The uniformly random playout policy.
pub fn uniform_rollout<G: Game>(_state: &G, legal: &[G::Action], rng: &mut GameRng) -> usize {
    rng.index(legal.len())
}

/// Rewards from the game's outcome: each seat's win share (1 for a sole winner, 1/k in a k-way
/// tie, 0 otherwise; in a co-operative game 1 for everyone on a win). An unfinished state gives
/// everyone an equal share.
pub fn outcome_rewards<G: Game>(state: &G, out: &mut [f64]) {
    match state.outcome() {
        Some(outcome) => {
            for (seat, reward) in out.iter_mut().enumerate() {
                *reward = outcome.win_share(Seat(seat as u8));
            }
        }
        None => {
            let even = 1.0 / out.len().max(1) as f64;
            out.iter_mut().for_each(|r| *r = even);
        }
    }
}

/// Win shares of a finished game from each seat's ranking key (higher is better): each of the
/// `k` seats with the best key gets `1/k`, the others 0. Allocates nothing.
pub(crate) fn shares_from_keys<K: Ord + Copy>(players: usize, key: impl Fn(usize) -> K, out: &mut [f64]) {
    let Some(best) = (0..players).map(&key).max() else { return };
    let winners = (0..players).filter(|&s| key(s) == best).count().max(1);
    for (s, r) in out.iter_mut().enumerate().take(players) {
        *r = if key(s) == best { 1.0 / winners as f64 } else { 0.0 };
    }
}

/// Win-share estimates of an unfinished game: a soft-max of each seat's `estimate` (money,
/// points...) at `temperature`, summing to 1. Allocates nothing.
pub(crate) fn softmax_shares(players: usize, estimate: impl Fn(usize) -> f64, temperature: f64, out: &mut [f64]) {
    let top = (0..players).map(&estimate).fold(f64::NEG_INFINITY, f64::max);
    let mut total = 0.0;
    for (s, r) in out.iter_mut().enumerate().take(players) {
        *r = ((estimate(s) - top) / temperature).exp();
        total += *r;
    }
    out.iter_mut().for_each(|r| *r /= total.max(f64::MIN_POSITIVE));
}

/// What the last decision's search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Iterations run.
    pub iterations: u32,
    /// Nodes in the tree.
    pub nodes: u32,
    /// Determinizations that failed (an inconsistent view; should be 0).
    pub failed_samples: u32,
}

const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Node<A> {
    /// The action leading here (`None` at the root).
    action: Option<A>,
    /// The seat that chose `action`.
    mover: u8,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Times this node's action was legal when its parent was visited.
    available: u32,
    /// Sum of the mover's rewards.
    reward: f64,
}

/// The search machinery shared by [`Ismcts`] and [`OmniscientMcts`].
struct Searcher<G: Game> {
    config: IsmctsConfig,
    policy: SearchPolicy<G>,
    rng: GameRng,
    nodes: Vec<Node<G::Action>>,
    path: Vec<u32>,
    legal: Vec<G::Action>,
    events: Vec<G::Event>,
    tried: Vec<bool>,
    rewards: Vec<f64>,
    /// The state each iteration samples into and plays on (kept between decisions, so that its
    /// buffers keep their size).
    scratch: Option<G>,
    stats: SearchStats,
}

impl<G: Game> Searcher<G> {
    fn new(config: IsmctsConfig, policy: SearchPolicy<G>, seed: u64) -> Self {
        Searcher {
            config,
            policy,
            rng: bot_rng(seed),
            nodes: Vec::with_capacity(1024),
            path: Vec::with_capacity(256),
            legal: Vec::with_capacity(64),
            events: Vec::with_capacity(64),
            tried: Vec::with_capacity(64),
            rewards: Vec::with_capacity(8),
            scratch: None,
            stats: SearchStats::default(),
        }
    }

    /// Searches from states drawn by `sample` and returns the chosen action of `root_legal`.
    /// `sample` writes a state into the scratch slot (filling it if empty, reusing it if not) and
    /// says whether it succeeded.
    fn search(
        &mut self,
        root_legal: &[G::Action],
        mut sample: impl FnMut(&mut GameRng, &mut Option<G>) -> bool,
    ) -> G::Action {
        self.stats = SearchStats::default();
        if root_legal.len() == 1 {
            return root_legal[0].clone();
        }
        self.nodes.clear();
        self.nodes.push(Node {
            action: None,
            mover: 0,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            available: 0,
            reward: 0.0,
        });
        let (max_iterations, deadline) = match self.config.budget {
            Budget::Iterations(n) => (n, None),
            Budget::Time { limit, max_iterations } => (max_iterations, Some(Instant::now() + limit)),
        };
        let mut iterations = 0u32;
        let mut scratch = self.scratch.take();
        while iterations < max_iterations {
            if let Some(deadline) = deadline
                && iterations.is_multiple_of(32)
                && iterations > 0
                && Instant::now() >= deadline
            {
                break;
            }
            iterations += 1;
            if sample(&mut self.rng, &mut scratch)
                && let Some(state) = scratch.as_mut()
            {
                self.iterate(state);
            } else {
                self.stats.failed_samples += 1;
            }
        }
        self.scratch = scratch;
        self.stats.iterations = iterations;
        self.stats.nodes = self.nodes.len() as u32;
        self.best_root_action(root_legal)
    }

    /// One iteration from a sampled state: select, expand, play out, back up.
    fn iterate(&mut self, state: &mut G) {
        let c = self.config.exploration;
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        while let Some(seat) = state.to_move() {
            state.legal_actions(&mut self.legal);
            if self.legal.is_empty() {
                break;
            }
            self.tried.clear();
            self.tried.resize(self.legal.len(), false);
            // Children legal in this sample: mark them tried, count their availability, and
            // keep the best by UCB1.
            let mut best = NONE;
            let mut best_score = f64::NEG_INFINITY;
            let mut child = self.nodes[node as usize].first_child;
            while child != NONE {
                let n = &mut self.nodes[child as usize];
                if let Some(action) = &n.action
                    && let Some(i) = self.legal.iter().position(|a| a == action)
                {
                    self.tried[i] = true;
                    n.available += 1;
                    let visits = f64::from(n.visits.max(1));
                    let score = n.reward / visits + c * (f64::from(n.available).ln() / visits).sqrt();
                    if score > best_score {
                        best_score = score;
                        best = child;
                    }
                }
                child = n.next_sibling;
            }
            let untried = self.tried.iter().filter(|t| !**t).count();
            if untried > 0 && (best == NONE || best_score < self.policy.first_play_urgency) {
                // Expand the action the playout policy would play, if untried; else a random one.
                let preferred = (self.policy.rollout)(state, &self.legal, &mut self.rng);
                let i = if self.tried.get(preferred) == Some(&false) {
                    preferred
                } else {
                    let pick = self.rng.index(untried);
                    let Some(i) = self.tried.iter().enumerate().filter(|(_, t)| !**t).nth(pick).map(|(i, _)| i) else {
                        break;
                    };
                    i
                };
                let action = self.legal[i].clone();
                self.events.clear();
                if state.apply(&action, &mut self.events).is_err() {
                    break;
                }
                let index = self.nodes.len() as u32;
                let parent = &mut self.nodes[node as usize];
                let next_sibling = parent.first_child;
                parent.first_child = index;
                self.nodes.push(Node {
                    action: Some(action),
                    mover: seat.0,
                    first_child: NONE,
                    next_sibling,
                    visits: 0,
                    available: 1,
                    reward: 0.0,
                });
                self.path.push(index);
                break;
            }
            if best == NONE {
                break;
            }
            self.events.clear();
            let applied = match &self.nodes[best as usize].action {
                Some(action) => state.apply(action, &mut self.events).is_ok(),
                None => false,
            };
            if !applied {
                break;
            }
            node = best;
            self.path.push(node);
        }
        // Playout.
        let mut steps = 0u32;
        while steps < self.policy.playout_limit && state.to_move().is_some() {
            state.legal_actions(&mut self.legal);
            if self.legal.is_empty() {
                break;
            }
            let i = (self.policy.rollout)(state, &self.legal, &mut self.rng).min(self.legal.len() - 1);
            self.events.clear();
            if state.apply(&self.legal[i], &mut self.events).is_err() {
                break;
            }
            steps += 1;
        }
        self.rewards.clear();
        self.rewards.resize(state.players(), 0.0);
        (self.policy.evaluate)(state, &mut self.rewards);
        for &n in &self.path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            if n != 0 {
                node.reward += self.rewards.get(usize::from(node.mover)).copied().unwrap_or(0.0);
            }
        }
    }

    fn best_root_action(&mut self, root_legal: &[G::Action]) -> G::Action {
        let mut best: Option<(u32, f64, usize)> = None;
        let mut child = self.nodes[0].first_child;
        while child != NONE {
            let n = &self.nodes[child as usize];
            if let Some(action) = &n.action
                && let Some(i) = root_legal.iter().position(|a| a == action)
            {
                let mean = n.reward / f64::from(n.visits.max(1));
                if best.is_none_or(|(v, m, _)| (n.visits, mean) > (v, m)) {
                    best = Some((n.visits, mean, i));
                }
            }
            child = n.next_sibling;
        }
        match best {
            Some((_, _, i)) => root_legal[i].clone(),
            None => root_legal[self.rng.index(root_legal.len())].clone(),
        }
    }
}

/// Information-Set MCTS: searches states sampled from its seat's view. Works for every game;
/// pass the game's [`SearchPolicy`] (from [`crate::BotGame::search_policy`]) to play well.
pub struct Ismcts<G: Game> {
    searcher: Searcher<G>,
    name: String,
}

impl<G: Game> std::fmt::Debug for Ismcts<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ismcts").field("name", &self.name).field("config", &self.searcher.config).finish()
    }
}

fn budget_name(prefix: &str, budget: Budget) -> String {
    match budget {
        Budget::Iterations(n) => format!("{prefix}:{n}"),
        Budget::Time { limit, max_iterations } => format!("{prefix}:{max_iterations}:{}ms", limit.as_millis()),
    }
}

impl<G: Game> Ismcts<G> {
    /// A search bot with these settings, playout policy and seed.
    pub fn new(config: IsmctsConfig, policy: SearchPolicy<G>, seed: u64) -> Self {
        Ismcts { searcher: Searcher::new(config, policy, seed), name: budget_name("ismcts", config.budget) }
    }

    /// A search bot with `iterations` per decision and the generic policy.
    pub fn with_iterations(iterations: u32, seed: u64) -> Self {
        Self::new(
            IsmctsConfig { budget: Budget::Iterations(iterations), ..IsmctsConfig::default() },
            SearchPolicy::default(),
            seed,
        )
    }

    /// What the last decision's search did.
    pub fn stats(&self) -> SearchStats {
        self.searcher.stats
    }
}

impl<G: Game> Bot<G> for Ismcts<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        self.searcher.search(legal, |rng, slot| match slot {
            Some(state) => G::determinize_into(view, rng, state).is_ok(),
            None => {
                *slot = G::determinize(view, rng).ok();
                slot.is_some()
            }
        })
    }
}

/// MCTS on the true state: the omniscient evaluation bot. It knows every hidden card and, since
/// the state holds its own generator, every future draw too: an upper bound, not a fair player.
pub struct OmniscientMcts<G: Game> {
    searcher: Searcher<G>,
    name: String,
}

impl<G: Game> std::fmt::Debug for OmniscientMcts<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OmniscientMcts").field("name", &self.name).field("config", &self.searcher.config).finish()
    }
}

impl<G: Game> OmniscientMcts<G> {
    /// An omniscient search bot.
    pub fn new(config: IsmctsConfig, policy: SearchPolicy<G>, seed: u64) -> Self {
        OmniscientMcts { searcher: Searcher::new(config, policy, seed), name: budget_name("omniscient", config.budget) }
    }

    /// What the last decision's search did.
    pub fn stats(&self) -> SearchStats {
        self.searcher.stats
    }
}

impl<G: Game> OmniscientBot<G> for OmniscientMcts<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, state: &G, legal: &[G::Action]) -> G::Action {
        self.searcher.search(legal, |_, slot| {
            match slot {
                Some(scratch) => scratch.clone_from(state),
                None => *slot = Some(state.clone()),
            }
            true
        })
    }
}
