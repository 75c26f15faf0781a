//! Playing one whole game between bots: what the simulator, the tests and the benches share.

use safehouse_engine::{Game, Outcome, Seat, Setup, SetupError, Viewer};

use crate::{Bot, BotError, BotGame, BotSpec, OmniscientBot};

/// A seat's player in a game between bots: one that sees its view, or the omniscient evaluation
/// bot that sees the state.
pub enum Player<G: Game> {
    /// A bot that sees only its seat's view.
    Blind(Box<dyn Bot<G>>),
    /// The omniscient bot (evaluation only).
    Omniscient(Box<dyn OmniscientBot<G>>),
}

impl<G: Game> std::fmt::Debug for Player<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl<G: Game> Player<G> {
    /// The bot's name.
    pub fn name(&self) -> &str {
        match self {
            Player::Blind(bot) => bot.name(),
            Player::Omniscient(bot) => bot.name(),
        }
    }

    /// A player of `kind` for game `G` (the omniscient kinds included).
    pub fn of_kind(kind: &str, seed: u64) -> Result<Self, BotError>
    where
        G: BotGame,
    {
        let spec = BotSpec::parse::<G>(kind)?;
        match spec.build_omniscient::<G>(seed) {
            Some(bot) => Ok(Player::Omniscient(bot)),
            None => Ok(Player::Blind(spec.build::<G>(seed)?)),
        }
    }

    /// Makes the player the one [`Player::of_kind`] builds from `seed`, for the next game, if it
    /// can ([`Bot::reset`]); `false`: build a fresh one. The omniscient bots are always rebuilt
    /// (their decisions cost far more than building them).
    pub fn reset(&mut self, seed: u64) -> bool {
        match self {
            Player::Blind(bot) => bot.reset(seed),
            Player::Omniscient(_) => false,
        }
    }

    /// Asks the player for `seat`'s decision in `state`: a blind bot gets only the seat's view,
    /// built only if it reads one ([`Bot::choose_without_view`]).
    pub fn choose(&mut self, state: &G, seat: Seat, legal: &[G::Action]) -> G::Action {
        match self {
            Player::Blind(bot) => match bot.choose_without_view(legal) {
                Some(action) => action,
                None => bot.choose(&state.view(Viewer::Seat(seat)), legal),
            },
            Player::Omniscient(bot) => bot.choose(state, legal),
        }
    }
}

/// A finished game between bots.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    /// The final state.
    pub state: G,
    /// Its outcome.
    pub outcome: Outcome,
    /// Decisions taken.
    pub actions: usize,
    /// The seat that took the first decision.
    pub first_mover: Seat,
}

/// Why a game between bots could not be played to the end.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The setup was refused.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A bot returned an action that was not legal (a bug in the bot).
    #[error("{bot} at {seat} chose an illegal action at step {step}: {action}")]
    IllegalChoice {
        /// The bot's name.
        bot: String,
        /// Its seat.
        seat: Seat,
        /// The decision number.
        step: usize,
        /// The action, as debug text.
        action: String,
    },
    /// The game did not end within the limit.
    #[error("the game did not end within {0} actions")]
    TooLong(usize),
    /// There were fewer players than seats.
    #[error("{seats} seats but {players} players")]
    Seats {
        /// Seats in the game.
        seats: usize,
        /// Players given.
        players: usize,
    },
}

/// How the game loop checks a bot's choice before it is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChoiceCheck {
    /// Look the choice up in the legal list, then let [`Game::apply`] check it too: also catches
    /// a game whose `apply` would accept an action missing from its legal list (for tests).
    LegalList,
    /// [`Game::apply`] alone, which refuses any action that is not legal now and changes nothing
    /// (the engine's contract, which every game's battery tests): the simulator's choice, as the
    /// scan of the legal list cost 15% of a random Explosiv tournament.
    ApplyOnly,
}

/// The buffers a game loop reuses from one game to the next (legal actions, events, and the
/// state and outcome of [`play_game_into`]), so that a worker playing many games allocates them
/// once.
#[derive(Debug)]
pub struct PlayBuffers<G: Game> {
    legal: Vec<G::Action>,
    events: Vec<G::Event>,
    /// The last game's state, which the next is dealt into ([`Game::new_into`]).
    state: Option<G>,
    outcome: Outcome,
}

impl<G: Game> Default for PlayBuffers<G> {
    fn default() -> Self {
        PlayBuffers {
            legal: Vec::with_capacity(64),
            events: Vec::with_capacity(64),
            state: None,
            outcome: Outcome::default(),
        }
    }
}

impl<G: Game> PlayBuffers<G> {
    /// The final state of the last game [`play_game_into`] played (`None` before the first).
    pub fn state(&self) -> Option<&G> {
        self.state.as_ref()
    }

    /// The outcome of the last game [`play_game_into`] played, without its sentence for a
    /// person ([`Game::outcome_into`]).
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}

/// How a game [`play_game_into`] played to the end went; its state and outcome are in the
/// buffers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finished {
    /// Decisions taken.
    pub actions: usize,
    /// The seat that took the first decision.
    pub first_mover: Seat,
}

/// Plays a game from `setup` with `players[s]` at seat `s` until it ends (or `max_actions`).
/// Every choice is checked against the legal actions and by [`Game::apply`]
/// ([`ChoiceCheck::LegalList`]).
pub fn play_game<G: Game>(
    setup: &Setup<G>,
    players: &mut [Player<G>],
    max_actions: usize,
) -> Result<Played<G>, PlayError> {
    play_game_with(setup, players, max_actions, ChoiceCheck::LegalList, &mut PlayBuffers::default())
}

/// [`play_game`] with the choice check given and buffers kept from game to game: the one game
/// loop of the tests and the examples (the simulator's is [`play_game_into`]).
pub fn play_game_with<G: Game>(
    setup: &Setup<G>,
    players: &mut [Player<G>],
    max_actions: usize,
    check: ChoiceCheck,
    buffers: &mut PlayBuffers<G>,
) -> Result<Played<G>, PlayError> {
    let Finished { actions, first_mover } = play_to_end(setup, players, max_actions, check, buffers)?;
    // The state is handed back, so the next game is dealt afresh.
    let state = buffers.state.take().expect("play_to_end leaves the game it dealt in the buffers");
    let outcome = state.outcome().ok_or(PlayError::TooLong(actions))?;
    Ok(Played { state, outcome, actions, first_mover })
}

/// [`play_game_with`] with the state kept in the buffers and dealt into from game to game
/// ([`Game::new_into`], [`PlayBuffers::state`]) and the outcome written there too
/// ([`Game::outcome_into`], [`PlayBuffers::outcome`]), without its sentence for a person: the
/// simulator's game loop, which reads only the figures of millions of games.
pub fn play_game_into<G: Game>(
    setup: &Setup<G>,
    players: &mut [Player<G>],
    max_actions: usize,
    check: ChoiceCheck,
    buffers: &mut PlayBuffers<G>,
) -> Result<Finished, PlayError> {
    let finished = play_to_end(setup, players, max_actions, check, buffers)?;
    let ended = buffers.state.as_ref().is_some_and(|state| state.outcome_into(&mut buffers.outcome));
    if !ended {
        return Err(PlayError::TooLong(finished.actions));
    }
    Ok(finished)
}

/// The one game loop: deals into the buffers' state, then asks each seat to move and applies
/// its choice until the end.
fn play_to_end<G: Game>(
    setup: &Setup<G>,
    players: &mut [Player<G>],
    max_actions: usize,
    check: ChoiceCheck,
    buffers: &mut PlayBuffers<G>,
) -> Result<Finished, PlayError> {
    let PlayBuffers { legal, events, state: slot, .. } = buffers;
    // Taken out while dealing: a refused setup leaves scratch behind, and the slot empty.
    let state = match slot.take() {
        Some(mut state) => {
            G::new_into(setup, &mut state)?;
            slot.insert(state)
        }
        None => slot.insert(G::new(setup)?),
    };
    if players.len() < state.players() {
        return Err(PlayError::Seats { seats: state.players(), players: players.len() });
    }
    let first_mover = state.to_move().unwrap_or(Seat(0));
    let mut actions = 0;
    while let Some(seat) = state.to_move() {
        if actions >= max_actions {
            return Err(PlayError::TooLong(max_actions));
        }
        state.legal_actions(legal);
        let player = &mut players[seat.index()];
        let action = player.choose(state, seat, legal);
        if check == ChoiceCheck::LegalList && !legal.contains(&action) {
            return Err(PlayError::IllegalChoice {
                bot: player.name().to_owned(),
                seat,
                step: actions,
                action: format!("{action:?}"),
            });
        }
        events.clear();
        state.apply(&action, events).map_err(|e| PlayError::IllegalChoice {
            bot: player.name().to_owned(),
            seat,
            step: actions,
            action: format!("{action:?}: {e}"),
        })?;
        actions += 1;
    }
    Ok(Finished { actions, first_mover })
}
