//! A bare game state with the encoding, without a record: what search needs (OpenSpiel's
//! states, determinizations). A [`crate::EncodedMatch`] hands one out with `to_state`, and a
//! state redraws itself from a seat's view with [`EncodedState::determinize`].

use safehouse_engine::{ActionError, GameRng, Outcome, RuleCode, Seat, SetupError, Viewer};
use serde_json::Value;

use crate::encoding::{Encoder, RlGame};

/// The one rule the index-based API adds to the games' own: an action index must name an
/// action that is legal now (refused as `not_legal_now`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct NotLegalNow;

impl RuleCode for NotLegalNow {
    fn code(&self) -> &'static str {
        "not_legal_now"
    }
}

/// A game state chosen at run time, with its encoding and action indexing.
pub trait EncodedState: Send + Sync + std::fmt::Debug {
    /// The game's id.
    fn game_id(&self) -> &'static str;
    /// Number of seats.
    fn players(&self) -> usize;
    /// Whose decision it is, or `None` once over.
    fn to_move(&self) -> Option<Seat>;
    /// Size of the fixed action space.
    fn action_space(&self) -> usize;
    /// The legal actions' indices, ascending.
    fn legal_indices(&self) -> Vec<usize>;
    /// The legal actions as JSON, in the game's order.
    fn legal_actions(&self) -> Vec<Value>;
    /// The index of an action given as JSON, for the seat to move.
    fn index_of(&self, action: &Value) -> Option<usize>;
    /// The legal action with this index, in words.
    fn describe(&self, index: usize) -> Option<String>;
    /// Applies the legal action with this index for the seat to move.
    fn act_index(&mut self, index: usize) -> Result<(), ActionError>;
    /// The outcome, once over.
    fn outcome(&self) -> Option<Outcome>;
    /// What `viewer` may see, as JSON.
    fn view(&self, viewer: Viewer) -> Value;
    /// What `viewer` may see, as compact JSON text (a seat's whole information set).
    fn view_json(&self, viewer: Viewer) -> String;
    /// What `viewer` may see, drawn as text.
    fn view_text(&self, viewer: Viewer) -> String;
    /// Appends `seat`'s observation tensor to `out`.
    fn observe(&self, seat: Seat, out: &mut Vec<f32>);
    /// A state consistent with everything `seat` sees, its hidden parts drawn from `seed`.
    fn determinize(&self, seat: Seat, seed: u64) -> Result<Box<dyn EncodedState>, SetupError>;
    /// Plays uniformly random legal actions from here to the end (at most `limit`) and returns
    /// each seat's win share (all 0 if the limit was reached first).
    fn rollout(&self, seed: u64, limit: usize) -> Vec<f64>;
    /// A copy.
    fn clone_box(&self) -> Box<dyn EncodedState>;
}

/// The [`EncodedState`] of a typed game.
#[derive(Clone, Debug)]
pub struct StateOf<G: RlGame> {
    game: G,
    space: usize,
}

impl<G: RlGame> StateOf<G> {
    /// Wraps a state.
    pub fn new(game: G) -> Self {
        let space = G::action_space(&game.view(Viewer::Seat(Seat(0))));
        StateOf { game, space }
    }

    fn legal_with_indices(&self) -> Vec<(usize, G::Action)> {
        let Some(mover) = self.game.to_move() else { return Vec::new() };
        let view = self.game.view(Viewer::Seat(mover));
        let mut legal = Vec::new();
        self.game.legal_actions(&mut legal);
        legal.into_iter().map(|a| (G::action_index(&view, &a), a)).collect()
    }
}

fn to_value<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

impl<G: RlGame> EncodedState for StateOf<G> {
    fn game_id(&self) -> &'static str {
        G::INFO.id
    }

    fn players(&self) -> usize {
        self.game.players()
    }

    fn to_move(&self) -> Option<Seat> {
        self.game.to_move()
    }

    fn action_space(&self) -> usize {
        self.space
    }

    fn legal_indices(&self) -> Vec<usize> {
        let mut indices: Vec<usize> = self.legal_with_indices().into_iter().map(|(i, _)| i).collect();
        indices.sort_unstable();
        indices
    }

    fn legal_actions(&self) -> Vec<Value> {
        let mut legal = Vec::new();
        self.game.legal_actions(&mut legal);
        legal.iter().map(to_value).collect()
    }

    fn index_of(&self, action: &Value) -> Option<usize> {
        let action: G::Action = serde_json::from_value(action.clone()).ok()?;
        let mover = self.game.to_move()?;
        Some(G::action_index(&self.game.view(Viewer::Seat(mover)), &action))
    }

    fn describe(&self, index: usize) -> Option<String> {
        self.legal_with_indices().into_iter().find(|(i, _)| *i == index).map(|(_, a)| self.game.describe(&a))
    }

    fn act_index(&mut self, index: usize) -> Result<(), ActionError> {
        if self.game.is_over() {
            return Err(ActionError::GameOver);
        }
        let action = self.legal_with_indices().into_iter().find(|(i, _)| *i == index).map(|(_, a)| a);
        match action {
            Some(action) => self.game.apply(&action, &mut Vec::new()),
            None => Err(ActionError::illegal(
                NotLegalNow,
                format!("action index {index} is not a legal action now (the action space has {})", self.space),
            )),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn view(&self, viewer: Viewer) -> Value {
        to_value(&self.game.view(viewer))
    }

    fn view_json(&self, viewer: Viewer) -> String {
        serde_json::to_string(&self.game.view(viewer)).unwrap_or_else(|_| "null".to_owned())
    }

    fn view_text(&self, viewer: Viewer) -> String {
        self.game.view(viewer).to_string()
    }

    fn observe(&self, seat: Seat, out: &mut Vec<f32>) {
        G::encode(&self.game.view(Viewer::Seat(seat)), &mut Encoder::new(out));
    }

    fn determinize(&self, seat: Seat, seed: u64) -> Result<Box<dyn EncodedState>, SetupError> {
        let view = self.game.view(Viewer::Seat(seat));
        let game = G::determinize(&view, &mut GameRng::from_seed(seed))?;
        Ok(Box::new(StateOf { game, space: self.space }))
    }

    fn rollout(&self, seed: u64, limit: usize) -> Vec<f64> {
        let mut game = self.game.clone();
        let mut rng = GameRng::from_seed(seed);
        let (mut actions, mut events) = (Vec::new(), Vec::new());
        safehouse_engine::random_playout(&mut game, &mut rng, &mut actions, &mut events, limit);
        match game.outcome() {
            Some(outcome) if game.is_over() => (0..game.players()).map(|s| outcome.win_share(Seat(s as u8))).collect(),
            _ => vec![0.0; game.players()],
        }
    }

    fn clone_box(&self) -> Box<dyn EncodedState> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn EncodedState> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}
