//! A live match that speaks both JSON (the engine's [`DynMatch`]) and the fixed encoding of
//! [`crate::encoding`]: what the Python `Match` and the PettingZoo environments hold.

use safehouse_bots::BotError;
use safehouse_engine::{
    ActionError, DynMatch, DynRecord, DynSetup, Game, Match, MatchRecord, RecordedAction, ReplayError, Seat, Setup,
    SetupError, Viewer,
};
use safehouse_sim::{MergeError, SimError};
use serde_json::Value;

use crate::encoding::{Encoder, Field, RlGame, fields};
use crate::state::{EncodedState, NotLegalNow, StateOf};

/// Every error the bindings raise, with the engine's stable machine code.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PyError {
    /// A game could not be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// An action was refused (nothing changed).
    #[error(transparent)]
    Action(#[from] ActionError),
    /// A record could not be replayed.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// A bot could not be made or could not choose.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// A tournament could not be run.
    #[error(transparent)]
    Sim(#[from] SimError),
    /// Shard results could not be merged (different tournaments, overlapping or missing games).
    #[error(transparent)]
    Merge(#[from] MergeError),
    /// A value passed from Python was not what the call expects.
    #[error("{0}")]
    BadArgument(String),
}

impl PyError {
    /// The stable machine code (`illegal_action`, `unknown_game`, `bad_options`...).
    pub fn code(&self) -> &'static str {
        match self {
            PyError::Setup(e) => e.code(),
            PyError::Action(e) => e.code(),
            PyError::Replay(e) => e.code(),
            PyError::Bot(e) => e.code(),
            PyError::Sim(SimError::Setup(e)) => e.code(),
            PyError::Sim(SimError::Bot(e)) => e.code(),
            PyError::Sim(_) => "simulation_failed",
            PyError::Merge(_) => "merge_failed",
            PyError::BadArgument(_) => "bad_argument",
        }
    }
}

/// A match of a game chosen at run time, with its observation encoding and action indexing.
pub trait EncodedMatch: Send + Sync + std::fmt::Debug {
    /// The match as the engine's run-time interface (JSON views, actions, records).
    fn dyn_match(&self) -> &dyn DynMatch;
    /// Applies `seat`'s action given as JSON.
    fn act(&mut self, seat: Seat, action: &Value) -> Result<(), ActionError>;
    /// Size of the fixed action space.
    fn action_space(&self) -> usize;
    /// Length of the observation tensor.
    fn observation_len(&self) -> usize;
    /// The fields of the observation tensor.
    fn fields(&self) -> Vec<Field>;
    /// Appends `seat`'s observation tensor (built from its view alone) to `out`.
    fn observe(&self, seat: Seat, out: &mut Vec<f32>);
    /// The observation tensor of a seat's view given as JSON (to check the encoding uses the view alone).
    fn encode_view(&self, view: &Value) -> Result<Vec<f32>, PyError>;
    /// The index of each legal action of the seat to move, in the order of `legal_actions()`.
    fn legal_indices(&self) -> Vec<usize>;
    /// The indices of `actions` as the seat whose view `view` is sees them (a view and legal
    /// actions received from elsewhere: the player protocol, a server); None for what does not
    /// read as an action.
    fn indices_in_view(&self, view: &Value, actions: &[Value]) -> Result<Vec<Option<usize>>, PyError>;
    /// The index of an action given as JSON (for the seat to move), if it reads as one.
    fn index_of(&self, action: &Value) -> Option<usize>;
    /// Applies the legal action with this index for `seat`; an index that is not legal now is
    /// an `illegal_action` error and changes nothing.
    fn act_index(&mut self, seat: Seat, index: usize) -> Result<(), ActionError>;
    /// The current state without the record (for search: OpenSpiel, determinizations).
    fn to_state(&self) -> Box<dyn EncodedState>;
    /// A copy of the match.
    fn clone_box(&self) -> Box<dyn EncodedMatch>;
}

/// The [`EncodedMatch`] of a typed match.
#[derive(Clone, Debug)]
pub struct Encoded<G: RlGame> {
    inner: Match<G>,
    space: usize,
    observation_len: usize,
}

impl<G: RlGame> Encoded<G> {
    /// Wraps a typed match.
    pub fn new(inner: Match<G>) -> Self {
        let view = inner.game().view(Viewer::Seat(Seat(0)));
        let space = G::action_space(&view);
        let observation_len = crate::encoding::observation::<G>(&view).len();
        Encoded { inner, space, observation_len }
    }

    fn mover_view(&self) -> Option<G::View> {
        self.inner.game().to_move().map(|s| self.inner.game().view(Viewer::Seat(s)))
    }
}

impl<G: RlGame> EncodedMatch for Encoded<G> {
    fn dyn_match(&self) -> &dyn DynMatch {
        &self.inner
    }

    fn act(&mut self, seat: Seat, action: &Value) -> Result<(), ActionError> {
        DynMatch::act(&mut self.inner, seat, action)
    }

    fn action_space(&self) -> usize {
        self.space
    }

    fn observation_len(&self) -> usize {
        self.observation_len
    }

    fn fields(&self) -> Vec<Field> {
        fields::<G>(&self.inner.game().view(Viewer::Seat(Seat(0))))
    }

    fn observe(&self, seat: Seat, out: &mut Vec<f32>) {
        G::encode(&self.inner.game().view(Viewer::Seat(seat)), &mut Encoder::new(out));
    }

    fn encode_view(&self, view: &Value) -> Result<Vec<f32>, PyError> {
        let view: G::View =
            serde_json::from_value(view.clone()).map_err(|e| PyError::BadArgument(format!("malformed view: {e}")))?;
        Ok(crate::encoding::observation::<G>(&view))
    }

    fn indices_in_view(&self, view: &Value, actions: &[Value]) -> Result<Vec<Option<usize>>, PyError> {
        let view: G::View =
            serde_json::from_value(view.clone()).map_err(|e| PyError::BadArgument(format!("malformed view: {e}")))?;
        let index = |action: &Value| serde_json::from_value(action.clone()).ok().map(|a| G::action_index(&view, &a));
        Ok(actions.iter().map(index).collect())
    }

    fn legal_indices(&self) -> Vec<usize> {
        let Some(view) = self.mover_view() else { return Vec::new() };
        self.inner.legal_actions().iter().map(|a| G::action_index(&view, a)).collect()
    }

    fn index_of(&self, action: &Value) -> Option<usize> {
        let action: G::Action = serde_json::from_value(action.clone()).ok()?;
        Some(G::action_index(&self.mover_view()?, &action))
    }

    fn act_index(&mut self, seat: Seat, index: usize) -> Result<(), ActionError> {
        let game = self.inner.game();
        match game.to_move() {
            None => return Err(ActionError::GameOver),
            Some(to_move) if to_move != seat => return Err(ActionError::NotYourTurn { seat, to_move }),
            Some(_) => {}
        }
        let view = game.view(Viewer::Seat(seat));
        let action = self.inner.legal_actions().into_iter().find(|a| G::action_index(&view, a) == index);
        match action {
            Some(action) => self.inner.act(seat, action).map(|_| ()),
            None => Err(ActionError::illegal(
                NotLegalNow,
                format!("action index {index} is not a legal action now (the action space has {})", self.space),
            )),
        }
    }

    fn to_state(&self) -> Box<dyn EncodedState> {
        Box::new(StateOf::new(self.inner.game().clone()))
    }

    fn clone_box(&self) -> Box<dyn EncodedMatch> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn EncodedMatch> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// The `if` chain of [`with_game!`], one arm per game of the registry's list: a game added to
/// `safehouse_games::for_each_game!` does not compile here until it implements [`RlGame`].
macro_rules! with_game_over {
    ($id:expr, $G:ident => $body:expr; $($T:ty),* $(,)?) => {{
        let id: &str = $id;
        $(
            if id == <$T as Game>::INFO.id {
                type $G = $T;
                $body
            } else
        )* {
            Err(PyError::Setup(safehouse_engine::SetupError::UnknownGame(id.to_owned())))
        }
    }};
}
pub(crate) use with_game_over;

/// Runs `$body` with `$G` the game type whose id is `$id` (an id, not an alias); `$body` is a
/// `Result<_, PyError>`, and an id of no game is an `unknown_game` error.
macro_rules! with_game {
    ($id:expr, $G:ident => $body:expr) => {
        safehouse_games::for_each_game!(crate::encoded::with_game_over, $id, $G => $body)
    };
}
pub(crate) use with_game;

/// The typed setup for `game` (an id or alias; an alias's preset applies when `setup` names none).
pub fn typed_setup<G: Game>(setup: &DynSetup, alias_preset: Option<&str>) -> Result<Setup<G>, PyError> {
    let found = safehouse_games::find(G::INFO.id)?;
    let players = setup.players.unwrap_or(G::INFO.default_players);
    let preset = setup.preset.as_deref().or(alias_preset);
    let options = found.game.resolve_options(players, preset, setup.options.as_ref())?;
    let options: G::Options =
        serde_json::from_value(options).map_err(|e| SetupError::MalformedOptions(e.to_string()))?;
    let deal = match &setup.deal {
        None | Some(Value::Null) => None,
        Some(deal) => Some(serde_json::from_value(deal.clone()).map_err(|e| SetupError::InvalidDeal(e.to_string()))?),
    };
    Ok(Setup { players, options, seed: setup.seed, deal })
}

/// Starts a match of `game` (an id, or an alias such as `cash`).
pub fn new_match(game: &str, setup: &DynSetup) -> Result<Box<dyn EncodedMatch>, PyError> {
    let found = safehouse_games::find(game)?;
    with_game!(found.game.info().id, G => {
        let setup = typed_setup::<G>(setup, found.preset)?;
        Ok(Box::new(Encoded::new(Match::<G>::new(setup)?)) as Box<dyn EncodedMatch>)
    })
}

/// Rebuilds a match from its record.
pub fn replay(record: &DynRecord) -> Result<Box<dyn EncodedMatch>, PyError> {
    let found = safehouse_games::find(&record.game)?;
    with_game!(found.game.info().id, G => {
        let malformed = |e: serde_json::Error| SetupError::MalformedOptions(e.to_string());
        let options: <G as Game>::Options = serde_json::from_value(record.options.clone()).map_err(malformed)?;
        let deal = match &record.deal {
            None | Some(Value::Null) => None,
            Some(deal) => {
                Some(serde_json::from_value(deal.clone()).map_err(|e| SetupError::InvalidDeal(e.to_string()))?)
            }
        };
        let mut actions = Vec::with_capacity(record.actions.len());
        for (index, step) in record.actions.iter().enumerate() {
            let action = serde_json::from_value(step.action.clone())
                .map_err(|e| ReplayError::Action { index, error: ActionError::Malformed(e.to_string()) })?;
            actions.push(RecordedAction::<G> { seat: step.seat, action });
        }
        let typed =
            MatchRecord { setup: Setup { players: record.players, options, seed: record.seed, deal }, actions };
        Ok(Box::new(Encoded::new(Match::from_record(typed)?)) as Box<dyn EncodedMatch>)
    })
}
