//! The registry of every Safehouse game: the one list of games that every layer follows.
//!
//! Everything that serves all games finds them here, either at run time as a [`DynGame`]
//! (JSON in, JSON out: the CLI, the protocol, the server) through [`find`] and [`all`], or
//! with static types through [`for_each_game!`], which hands a macro of the caller's the type
//! of every game. Each layer that needs static types per game (the bots' `BotGame`, the web's
//! drawing, the Python encodings) declares its own trait and builds its dispatch by calling
//! [`for_each_game!`], so a game added here does not compile until every layer implements its
//! trait for it. Adding a game is one line in [`for_each_game!`] (and the re-export above it);
//! ARCHITECTURE.md's "Adding a game" has the whole checklist.

use safehouse_engine::{DynGame, GameHandle, SetupError};

pub use safehouse_club_unlock::ClubUnlock;
pub use safehouse_explosiv::Explosiv;
pub use safehouse_safe_breaker::SafeBreaker;
pub use safehouse_the_safe::TheSafe;

/// Calls the macro `$callback` with the type of every game, in registry order: the one list
/// of games.
///
/// `for_each_game!(m)` expands to `m!(Game1, Game2, ...)`; `for_each_game!(m, tokens...)`
/// expands to `m!(tokens...; Game1, Game2, ...)`, for a macro that needs more than the
/// list (an expression to dispatch on, a body). The types are paths through this crate, so
/// they resolve in any crate that depends on it. `$callback` is a `macro_rules!` macro in
/// scope where this is called, or a path to one (`crate::module::callback`, for a macro that
/// calls this one from other modules).
///
/// ```
/// macro_rules! ids {
///     ($($game:ty),*) => { [$(<$game as safehouse_engine::Game>::INFO.id),*] };
/// }
/// assert_eq!(safehouse_games::for_each_game!(ids).to_vec(), safehouse_games::ids());
/// ```
#[macro_export]
macro_rules! for_each_game {
    ($($callback:ident)::+) => {
        $($callback)::+! { $crate::ClubUnlock, $crate::SafeBreaker, $crate::Explosiv, $crate::TheSafe }
    };
    ($($callback:ident)::+, $($args:tt)*) => {
        $($callback)::+! { $($args)*; $crate::ClubUnlock, $crate::SafeBreaker, $crate::Explosiv, $crate::TheSafe }
    };
}

/// A game found by id or alias, with the preset the alias selects.
#[derive(Clone, Copy)]
pub struct Found {
    /// The game.
    pub game: &'static dyn DynGame,
    /// The preset an alias selects (`cash` selects `cash`), if any.
    pub preset: Option<&'static str>,
}

impl std::fmt::Debug for Found {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Found").field("game", &self.game.info().id).field("preset", &self.preset).finish()
    }
}

/// Looks a game up by id or alias.
pub fn find(id: &str) -> Result<Found, SetupError> {
    for game in all() {
        let info = game.info();
        if info.id == id {
            return Ok(Found { game: *game, preset: None });
        }
        if let Some(alias) = info.aliases.iter().find(|a| a.id == id) {
            return Ok(Found { game: *game, preset: alias.preset });
        }
    }
    Err(SetupError::UnknownGame(id.to_owned()))
}

/// The ids of all games, in registry order.
pub fn ids() -> Vec<&'static str> {
    all().iter().map(|g| g.info().id).collect()
}

macro_rules! registry {
    ($($game:ty),* $(,)?) => {
        /// Every game, in a stable order (the order of [`for_each_game!`]).
        pub fn all() -> &'static [&'static dyn DynGame] {
            const GAMES: &[&dyn DynGame] = &[$(&GameHandle::<$game>::new()),*];
            GAMES
        }
    };
}

for_each_game!(registry);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_aliases_resolve() {
        assert_eq!(find("club-unlock").map(|f| f.game.info().id).ok(), Some("club-unlock"));
        let cash = find("cash").expect("alias");
        assert_eq!((cash.game.info().id, cash.preset), ("club-unlock", Some("cash")));
        assert_eq!(find("chess").map(|_| ()), Err(SetupError::UnknownGame("chess".into())));
    }

    #[test]
    fn every_game_is_unique_and_has_rules() {
        let ids = ids();
        let mut unique = ids.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), ids.len());
        for game in all() {
            assert!(!game.info().rules.trim().is_empty(), "{} has no rules document", game.info().id);
        }
    }
}
