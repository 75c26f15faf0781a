//! An outside program as a [`Bot<G>`]: the view and the legal actions go out as the game's
//! JSON, the answer comes back as an index, and a fallback bot decides whenever the program
//! fails. The program sees exactly what the bot trait sees: the seat's view, never the state.

use std::sync::{Arc, Mutex, PoisonError};

use safehouse_bots::Bot;
use safehouse_engine::Game;
use serde_json::Value;

use crate::seat::SeatDriver;

/// The driver of a seat, shared between the bot in the seat and whoever sends `end` after the game.
pub type SharedSeat = Arc<Mutex<SeatDriver>>;

/// A program in a seat of a game `G`.
pub struct ExecBot<G: Game> {
    name: String,
    seat: SharedSeat,
    fallback: Box<dyn Bot<G>>,
    legal_json: Vec<Value>,
    legal_text: Vec<String>,
}

impl<G: Game> std::fmt::Debug for ExecBot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExecBot").field("name", &self.name).field("fallback", &self.fallback.name()).finish()
    }
}

impl<G: Game> ExecBot<G> {
    /// The program behind `seat`, called `name`, with `fallback` deciding when it fails.
    pub fn new(name: &str, seat: SharedSeat, fallback: Box<dyn Bot<G>>) -> Self {
        ExecBot { name: name.to_owned(), seat, fallback, legal_json: Vec::new(), legal_text: Vec::new() }
    }
}

impl<G: Game> Bot<G> for ExecBot<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        self.legal_json.clear();
        self.legal_text.clear();
        let mut ok = true;
        for action in legal {
            match serde_json::to_value(action) {
                Ok(json) => self.legal_json.push(json),
                Err(_) => ok = false,
            }
            self.legal_text.push(action.to_string());
        }
        let view_json = serde_json::to_value(view);
        if let (true, Ok(view_json)) = (ok, view_json) {
            let asked = self.seat.lock().unwrap_or_else(PoisonError::into_inner).ask(
                None,
                &view_json,
                &self.legal_json,
                &self.legal_text,
            );
            if let Ok(index) = asked
                && let Some(action) = legal.get(index)
            {
                return action.clone();
            }
        }
        self.fallback.choose(view, legal)
    }
}
