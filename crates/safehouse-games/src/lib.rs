//! The registry of every Safehouse game.
//!
//! Everything that serves all games (the CLI, the protocol, the server, the simulator) finds
//! them here, either at run time as a [`DynGame`] (JSON in, JSON out), or with static types
//! through a [`GameVisitor`], which monomorphises generic code (bots, playouts) per game.
//! Adding a game is one line in the `registry!` call at the bottom.

use safehouse_engine::{DynGame, Game, GameHandle, SetupError};

/// Generic code to run for one game, chosen at run time by id.
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs the generic code for game `G`.
    fn visit<G: Game>(self) -> Self::Output;
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
        /// Every game, in a stable order.
        pub fn all() -> &'static [&'static dyn DynGame] {
            const GAMES: &[&dyn DynGame] = &[$(&GameHandle::<$game>::new()),*];
            GAMES
        }

        /// Runs `visitor` for the game with this id or alias (aliases' presets are not applied here).
        pub fn visit<V: GameVisitor>(id: &str, visitor: V) -> Result<V::Output, SetupError> {
            let id = find(id)?.game.info().id;
            $(
                if id == <$game as Game>::INFO.id {
                    return Ok(visitor.visit::<$game>());
                }
            )*
            Err(SetupError::UnknownGame(id.to_owned()))
        }
    };
}

registry!(
    safehouse_club_unlock::ClubUnlock,
    safehouse_safe_breaker::SafeBreaker,
    safehouse_explosiv::Explosiv,
    safehouse_the_safe::TheSafe,
);

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
