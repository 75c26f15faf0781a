//! The options (variants) of The Safe. Each settles a gap of the rulebook where two readings
//! are plausible; `docs/rules/the-safe.md` gives the citation and the gap id for each.

use safehouse_engine::{GameOptions, OptionDoc, Preset, Seat, SetupError, check_players};
use serde::{Deserialize, Serialize};

/// Fewest players (the table starts at "1 - 2 players", 004:23).
pub const MIN_PLAYERS: usize = 1;
/// Most players (004:25).
pub const MAX_PLAYERS: usize = 6;
/// Missions to crack in a row to win (004:30, 004:50).
pub const MISSIONS: u8 = 5;

/// What a failed mission means (gap T11: the rulebook never says; 004:30 "Complete all 5
/// missions consecutively", 004:50 "five missions in a row").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnMissionFail {
    /// The game is lost at once.
    #[default]
    Lose,
    /// The same mission is dealt again (its restrictions stay); missions already cracked count.
    RetryMission,
    /// The streak starts again at mission 1 (no restriction in force); the best streak is the score.
    RestartFromMission1,
}

/// In which order the four face-down restriction cards are turned over (gap T3: 004:50 and
/// 004:56 say "the next restriction card" only).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RevealOrder {
    /// Under colour card 1, then 2, 3 and 4 (missions 2, 3, 4, 5).
    #[default]
    LeftToRight,
    /// In an order drawn at setup and kept hidden until each reveal.
    Random,
}

/// When a colour restriction ("a specified colour must be included under that Colour Card",
/// 004:58) is enforced (gap T4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourRestrictionCheck {
    /// While playing: a card of a new colour other than the named one is illegal if it would
    /// take the last free colour slot while the named colour is still missing (004:59 "Only two
    /// colours remain to be chosen freely").
    #[default]
    ReserveSlot,
    /// Any play the colour cap allows is legal; a mission whose restricted row lacks the colour
    /// when it ends fails.
    EndOfMission,
}

/// What a solo player's leftover cards mean at the end of a mission (gap T12: case 2, 004:48,
/// needs "other players", who do not exist).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SoloLeftoverRule {
    /// Case 3 read literally (004:49): every player (the only one) holds that colour, so the
    /// safe cannot be cracked and the mission fails.
    #[default]
    Fail,
    /// House rule: the solo player still names every colour, including those in hand.
    Allowed,
}

/// The options of The Safe.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "snake_case")]
pub struct Options {
    /// What a failed mission means (T11).
    pub on_mission_fail: OnMissionFail,
    /// Most missions played in one game (cracked or failed) before the game ends as a loss;
    /// only reached when `on_mission_fail` is not `lose`. Keeps every game finite.
    pub mission_limit: u16,
    /// Order in which the restriction cards are revealed (T3).
    pub restriction_reveal_order: RevealOrder,
    /// When colour restrictions are enforced (T4).
    pub colour_restriction: ColourRestrictionCheck,
    /// A solo player's leftover cards at the end of a mission (T12).
    pub solo_leftover_rule: SoloLeftoverRule,
    /// The seat that starts every mission; `None` draws it from the seed (T14: "The oldest
    /// player starts", 004:32).
    pub first_player: Option<Seat>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            on_mission_fail: OnMissionFail::Lose,
            mission_limit: 20,
            restriction_reveal_order: RevealOrder::LeftToRight,
            colour_restriction: ColourRestrictionCheck::ReserveSlot,
            solo_leftover_rule: SoloLeftoverRule::Fail,
            first_player: None,
        }
    }
}

impl GameOptions for Options {
    fn validate(&self, players: usize) -> Result<(), SetupError> {
        check_players(players, MIN_PLAYERS, MAX_PLAYERS)?;
        if !(u16::from(MISSIONS)..=1000).contains(&self.mission_limit) {
            return Err(SetupError::option(
                "mission_limit",
                format!("{} is not in 5..=1000 (five missions must fit)", self.mission_limit),
            ));
        }
        if let Some(seat) = self.first_player
            && seat.index() >= players
        {
            return Err(SetupError::option(
                "first_player",
                format!("seat {} does not exist at a table of {players}", seat.0),
            ));
        }
        Ok(())
    }

    fn docs() -> Vec<OptionDoc> {
        let d = Options::default();
        vec![
            OptionDoc::new(
                "on_mission_fail",
                &d.on_mission_fail,
                r#""lose" | "retry_mission" | "restart_from_mission_1""#,
                "What a failed mission means: the game is lost, the same mission is dealt again, or the streak \
                 restarts at mission 1 (T11; the rulebook only says five missions in a row, 004:30, 004:50).",
            ),
            OptionDoc::new(
                "mission_limit",
                &d.mission_limit,
                "5..=1000",
                "Most missions played in one game before it ends as a loss (only with retry or restart).",
            ),
            OptionDoc::new(
                "restriction_reveal_order",
                &d.restriction_reveal_order,
                r#""left_to_right" | "random""#,
                "Order in which the restriction cards under colour cards 1-4 are revealed, one per mission from \
                 mission 2 (T3; 004:50, 004:56).",
            ),
            OptionDoc::new(
                "colour_restriction",
                &d.colour_restriction,
                r#""reserve_slot" | "end_of_mission""#,
                "A colour restriction keeps a colour slot free for its colour while playing, or is only checked \
                 when the mission ends (T4; 004:58-59).",
            ),
            OptionDoc::new(
                "solo_leftover_rule",
                &d.solo_leftover_rule,
                r#""fail" | "allowed""#,
                "Solo: a colour still in hand at the end of a mission makes the safe uncrackable (004:49 read \
                 literally), or the player may still name it (house rule) (T12).",
            ),
            OptionDoc::new(
                "first_player",
                &d.first_player,
                "null | 0..players-1",
                "The seat that starts every mission; null draws it from the seed (T14; 004:32 the oldest player).",
            ),
        ]
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
            Preset {
                name: "rulebook",
                help: "The rulebook as read literally: a failed mission loses, restrictions left to right.",
                options: Options::default(),
            },
            Preset {
                name: "forgiving",
                help: "House rules for learning: a failed mission is dealt again, a solo player names every colour.",
                options: Options {
                    on_mission_fail: OnMissionFail::RetryMission,
                    solo_leftover_rule: SoloLeftoverRule::Allowed,
                    ..Options::default()
                },
            },
        ]
    }
}
