//! A vector of games stepped together in Rust, on every core (rayon): the batched interface for
//! learning at speed.
//!
//! Every game of the vector waits for the decision of its seat to move. [`VecEnv::step`] takes
//! one action index per game (for that seat), applies them all, and writes each game's rewards;
//! a game that ends pays every seat its reward (its win share: 1 for a sole winner, `1/k` for `k`
//! tied winners, 0 otherwise; in co-operative The Safe every seat gets the team's 1 or 0) and is
//! set up again at once from the next seed ("same-step" auto-reset: the observation written is
//! the new game's). Game `i`'s `e`-th episode is seeded with `derive_seed(seed, i << 32 | e)`,
//! so a vector is reproducible whatever the number of threads.

use rayon::prelude::*;
use safehouse_engine::{ActionError, DynSetup, Game, GameRng, Seat, Setup, Viewer};

use crate::encoded::{PyError, typed_setup, with_game};
use crate::encoding::{Encoder, RlGame};

/// A vector of games of one kind, chosen at run time.
pub trait VecEnv: Send + Sync {
    /// Number of games.
    fn len(&self) -> usize;
    /// Whether the vector holds no game.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Seats at each table.
    fn players(&self) -> usize;
    /// Size of the fixed action space.
    fn action_space(&self) -> usize;
    /// Length of one observation tensor.
    fn observation_len(&self) -> usize;
    /// Sets every game up again from `seed` (episode counters restart at 0).
    fn reset(&mut self, seed: u64);
    /// Writes, for every game, the observation of the seat to move (`len * observation_len`),
    /// its action mask (`len * action_space`, 1 for legal) and that seat (`len`).
    fn observe(&self, observations: &mut [f32], masks: &mut [i8], to_move: &mut [i64]);
    /// Applies one action index per game for its seat to move and writes the rewards
    /// (`len * players`) and whether each game ended (`len`); finished games start again.
    /// If any index is not legal, nothing changes and the error names the game.
    fn step(&mut self, actions: &[i64], rewards: &mut [f32], done: &mut [u8]) -> Result<(), PyError>;
}

struct Slot<G: RlGame> {
    index: u64,
    episode: u64,
    game: G,
    setup: Setup<G>,
    view: G::View,
    legal: Vec<G::Action>,
    events: Vec<G::Event>,
    chosen: Option<G::Action>,
}

impl<G: RlGame> Slot<G> {
    fn mover(&self) -> Seat {
        // A game of the vector is never over between steps (it is set up again at once).
        self.game.to_move().unwrap_or(Seat(0))
    }

    fn refresh(&mut self) {
        self.view = self.game.view(Viewer::Seat(self.mover()));
        self.game.legal_actions(&mut self.legal);
    }

    fn restart(&mut self, seed: u64) -> Result<(), PyError> {
        self.setup.seed = GameRng::derive_seed(seed, self.index << 32 | self.episode);
        self.game = G::new(&self.setup)?;
        self.refresh();
        Ok(())
    }
}

/// The typed vector behind [`VecEnv`].
pub struct TypedVecEnv<G: RlGame> {
    slots: Vec<Slot<G>>,
    seed: u64,
    players: usize,
    action_space: usize,
    observation_len: usize,
}

impl<G: RlGame> std::fmt::Debug for TypedVecEnv<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TypedVecEnv").field("game", &G::INFO.id).field("games", &self.slots.len()).finish()
    }
}

impl<G: RlGame> TypedVecEnv<G> {
    /// `count` games set up like `setup` (its seed is the vector's seed).
    pub fn new(setup: Setup<G>, count: usize) -> Result<Self, PyError> {
        if count == 0 {
            return Err(PyError::BadArgument("a vector needs at least one game".to_owned()));
        }
        let seed = setup.seed;
        let game = G::new(&setup)?;
        let view = game.view(Viewer::Seat(Seat(0)));
        let action_space = G::action_space(&view);
        let observation_len = crate::encoding::observation::<G>(&view).len();
        let mut slots = Vec::with_capacity(count);
        for index in 0..count as u64 {
            let mut slot = Slot {
                index,
                episode: 0,
                game: game.clone(),
                setup: setup.clone(),
                view: view.clone(),
                legal: Vec::new(),
                events: Vec::new(),
                chosen: None,
            };
            slot.restart(seed)?;
            slots.push(slot);
        }
        Ok(TypedVecEnv { slots, seed, players: setup.players, action_space, observation_len })
    }
}

impl<G: RlGame> VecEnv for TypedVecEnv<G> {
    fn len(&self) -> usize {
        self.slots.len()
    }

    fn players(&self) -> usize {
        self.players
    }

    fn action_space(&self) -> usize {
        self.action_space
    }

    fn observation_len(&self) -> usize {
        self.observation_len
    }

    fn reset(&mut self, seed: u64) {
        self.seed = seed;
        self.slots.par_iter_mut().for_each(|slot| {
            slot.episode = 0;
            // The setup was valid when the vector was made, so it stays valid for any seed.
            let _ = slot.restart(seed);
        });
    }

    fn observe(&self, observations: &mut [f32], masks: &mut [i8], to_move: &mut [i64]) {
        let (olen, alen) = (self.observation_len, self.action_space);
        self.slots
            .par_iter()
            .zip(observations.par_chunks_mut(olen))
            .zip(masks.par_chunks_mut(alen))
            .zip(to_move.par_iter_mut())
            .for_each(|(((slot, obs), mask), mover)| {
                let mut out = Vec::with_capacity(olen);
                G::encode(&slot.view, &mut Encoder::new(&mut out));
                obs.copy_from_slice(&out[..olen]);
                mask.fill(0);
                for action in &slot.legal {
                    if let Some(m) = mask.get_mut(G::action_index(&slot.view, action)) {
                        *m = 1;
                    }
                }
                *mover = i64::from(slot.mover().0);
            });
    }

    fn step(&mut self, actions: &[i64], rewards: &mut [f32], done: &mut [u8]) -> Result<(), PyError> {
        if actions.len() != self.slots.len() {
            return Err(PyError::BadArgument(format!(
                "{} actions for {} games: give one action index per game",
                actions.len(),
                self.slots.len()
            )));
        }
        // First choose every action without changing anything, so that a bad index changes nothing.
        self.slots.par_iter_mut().zip(actions.par_iter()).try_for_each(|(slot, &index)| {
            let view = &slot.view;
            slot.chosen = slot.legal.iter().find(|a| G::action_index(view, a) as i64 == index).cloned();
            match slot.chosen {
                Some(_) => Ok(()),
                None => Err(PyError::Action(ActionError::illegal(
                    crate::state::NotLegalNow,
                    format!("game {}: action index {index} is not legal now", slot.index),
                ))),
            }
        })?;
        let players = self.players;
        let seed = self.seed;
        self.slots.par_iter_mut().zip(rewards.par_chunks_mut(players)).zip(done.par_iter_mut()).try_for_each(
            |((slot, reward), finished)| {
                reward.fill(0.0);
                *finished = 0;
                let action = slot.chosen.take().ok_or_else(|| PyError::BadArgument("no action chosen".to_owned()))?;
                slot.events.clear();
                slot.game.apply(&action, &mut slot.events)?;
                match slot.game.outcome() {
                    Some(outcome) if slot.game.is_over() => {
                        for (s, r) in reward.iter_mut().enumerate() {
                            *r = outcome.win_share(Seat(s as u8)) as f32;
                        }
                        *finished = 1;
                        slot.episode += 1;
                        slot.restart(seed)
                    }
                    _ => {
                        slot.refresh();
                        Ok(())
                    }
                }
            },
        )
    }
}

/// A vector of `count` games of `game` (an id or alias) set up like `setup`.
pub fn vec_env(game: &str, setup: &DynSetup, count: usize) -> Result<Box<dyn VecEnv>, PyError> {
    let found = safehouse_games::find(game)?;
    with_game!(found.game.info().id, G => {
        let setup = typed_setup::<G>(setup, found.preset)?;
        Ok(Box::new(TypedVecEnv::<G>::new(setup, count)?) as Box<dyn VecEnv>)
    })
}
