//! The bot levels a seat names (`easy`, `medium`, `hard`): the one list, which the bots build
//! their players from (`safehouse-bots` re-exports it) and the API speaks.

use serde::{Deserialize, Serialize};

/// How hard a bot plays at the web table (the one list of levels: the server's API speaks it too).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    /// A beginner: the rule-based strategy with frequent random slips.
    Easy,
    /// A sensible player: the rule-based (or deduction) bot; the level a table's bot gets unless
    /// asked for another.
    #[default]
    Medium,
    /// The strongest bot for the game within a budget that answers in well under a second.
    Hard,
}

impl Difficulty {
    /// All levels, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// The level's name (`easy`, `medium`, `hard`).
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }
}
