//! The options (variants) of The Safe. Each settles a gap of the rulebook where two readings
//! are plausible; `docs/rules/the-safe.md` gives the citation and the gap id for each.

use safehouse_engine::{
    GameOptions, OptionDoc, OptionDomain, Preset, Seat, SetupError, check_first_player, check_players,
};
use serde::{Deserialize, Serialize};

/// Fewest players (the table starts at "1 - 2 players", 004:23).
pub const MIN_PLAYERS: usize = 1;
/// Most players (004:25).
pub const MAX_PLAYERS: usize = 6;
/// Missions to crack in a row to win (004:30, 004:50).
pub const MISSIONS: u8 = 5;

/// What a failed mission means (gap T11: the rulebook never says outright; 004:28 "crack five
/// safes in succession", 004:30 "Complete all 5 missions consecutively", 004:50 "five missions in
/// a row" read as a streak that starts over; see `docs/rules/the-safe.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnMissionFail {
    /// The game is lost at once (sudden death).
    Lose,
    /// The same mission is dealt again (its restrictions stay); missions already cracked count.
    RetryMission,
    /// The streak starts again at mission 1 (no restriction in force); the best streak is the
    /// score. The default: "consecutively" and "in a row" only mean something if a failure can
    /// be followed by more missions. Spelled `restart_from_mission_1` as documented; `restart_from_mission1`, the spelling
    /// records made before it was fixed carry, is still read.
    #[default]
    #[serde(rename = "restart_from_mission_1", alias = "restart_from_mission1")]
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
    /// safe cannot be cracked and the mission fails. Almost no solo mission survives it.
    Fail,
    /// The solo default: the solo player still names every colour, including those in hand.
    /// Case 2 (004:48) keeps a holder out so that "the other players must figure out" the
    /// held cards; alone there is nobody to keep out, and the book offers solo (004:23).
    #[default]
    Allowed,
}

/// The options of The Safe.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "snake_case")]
pub struct Options {
    /// What a failed mission means (T11).
    pub on_mission_fail: OnMissionFail,
    /// Most missions played in one game (cracked or failed) before the game ends as a loss;
    /// only reached when `on_mission_fail` is not `lose`. Keeps every game finite (a digital-table
    /// rule: at a real table the players stop when they like).
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
            on_mission_fail: OnMissionFail::RestartFromMission1,
            mission_limit: 20,
            restriction_reveal_order: RevealOrder::LeftToRight,
            colour_restriction: ColourRestrictionCheck::ReserveSlot,
            solo_leftover_rule: SoloLeftoverRule::Allowed,
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
        check_first_player(self.first_player, players)?;
        Ok(())
    }

    fn docs() -> Vec<OptionDoc> {
        use OnMissionFail as F;
        let d = Options::default();
        vec![
            OptionDoc::new(
                "on_mission_fail",
                &d.on_mission_fail,
                OptionDomain::choice(&[F::Lose, F::RetryMission, F::RestartFromMission1]),
                "What a failed mission means: the streak restarts at mission 1 (default: 004:28 \"in succession\", \
                 004:30 \"consecutively\", 004:50 \"in a row\"), the game is lost, or the same mission is dealt again (T11).",
            )
            .for_players(
                ("If a mission fails", "임무에 실패하면", "Wenn eine Mission scheitert"),
                (
                    "The team starts again from mission 1 (five in a row win), loses at once, or plays the same mission again.",
                    "팀이 임무 1부터 다시 시작하거나(다섯 번 연속이면 승리), 바로 지거나, 같은 임무를 다시 합니다.",
                    "Das Team beginnt wieder bei Mission 1 (fünf in Folge gewinnen), verliert sofort oder spielt dieselbe Mission noch einmal.",
                ),
            ),
            OptionDoc::new(
                "mission_limit",
                &d.mission_limit,
                OptionDomain::integer(i64::from(MISSIONS), 1000),
                "Most missions played in one game before it ends as a loss (only with retry or restart).",
            )
            .for_players(
                ("Most missions per game", "한 게임의 최대 임무 수", "Höchstzahl der Missionen pro Partie"),
                (
                    "When failed missions are played again, the game is lost after this many missions.",
                    "실패한 임무를 다시 할 때, 이만큼 임무를 하고도 끝나지 않으면 게임에 집니다.",
                    "Werden gescheiterte Missionen wiederholt, ist die Partie nach so vielen Missionen verloren.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "restriction_reveal_order",
                &d.restriction_reveal_order,
                OptionDomain::choice(&[RevealOrder::LeftToRight, RevealOrder::Random]),
                "Order in which the restriction cards under colour cards 1-4 are revealed, one per mission from \
                 mission 2 (T3; 004:50, 004:56).",
            )
            .for_players(
                ("Order of the restriction cards", "제한 카드를 뒤집는 순서", "Reihenfolge der Einschränkungskarten"),
                (
                    "From mission 2, one more restriction card is turned over each mission: left to right, or in a random order.",
                    "임무 2부터 임무마다 제한 카드를 한 장씩 더 뒤집습니다: 왼쪽부터, 또는 무작위 순서로.",
                    "Ab Mission 2 wird in jeder Mission eine Einschränkungskarte mehr aufgedeckt: von links nach rechts oder in zufälliger Reihenfolge.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "colour_restriction",
                &d.colour_restriction,
                OptionDomain::choice(&[ColourRestrictionCheck::ReserveSlot, ColourRestrictionCheck::EndOfMission]),
                "A colour restriction keeps a colour slot free for its colour while playing, or is only checked \
                 when the mission ends (T4; 004:58-59).",
            )
            .for_players(
                ("Colour restriction", "색 제한", "Farbeinschränkung"),
                (
                    "A row that must contain a colour keeps a place free for it while you play, or is only checked when the mission ends.",
                    "어떤 색이 꼭 있어야 하는 줄은 놓는 동안 그 색 자리를 비워 두거나, 임무가 끝날 때만 확인합니다.",
                    "Eine Reihe, die eine Farbe enthalten muss, hält ihr beim Spielen einen Platz frei oder wird erst am Ende der Mission geprüft.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "solo_leftover_rule",
                &d.solo_leftover_rule,
                OptionDomain::choice(&[SoloLeftoverRule::Fail, SoloLeftoverRule::Allowed]),
                "Solo: the player may still name a colour left in hand (default: case 2, 004:48, keeps a holder \
                 out so that others deduce; alone there are no others), or it makes the safe uncrackable (004:49 \
                 read literally) (T12).",
            )
            .for_players(
                ("Playing alone: colours left in hand", "혼자 할 때: 손에 남은 색", "Allein gespielt: Farben auf der Hand"),
                (
                    "Alone, a colour still in your hand at the end of a mission: you may still name its number, or (strict) the safe stays shut.",
                    "혼자 할 때 임무 끝에 손에 남은 색이 있으면: 그래도 그 색의 숫자를 말할 수 있거나, (엄격) 금고가 열리지 않습니다.",
                    "Allein gespielt, eine Farbe noch auf deiner Hand am Ende einer Mission: du darfst ihre Zahl trotzdem nennen, oder (streng) der Tresor bleibt zu.",
                ),
            ),
            OptionDoc::new(
                "first_player",
                &d.first_player,
                OptionDomain::optional(OptionDomain::seat()),
                "The seat that starts every mission; null draws it from the seed (T14; 004:32 the oldest player).",
            )
            .for_players(
                ("Who starts", "시작하는 사람", "Wer beginnt"),
                (
                    "The seat that starts every mission; chosen at random if you leave it.",
                    "모든 임무를 시작하는 자리. 정하지 않으면 무작위로 정합니다.",
                    "Der Platz, der jede Mission beginnt; bleibt das Feld leer, wird er ausgelost.",
                ),
            )
            .rare(),
        ]
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
            Preset {
                name: "rulebook",
                help: "The rulebook as Safehouse reads it (the defaults): five missions in a row win, a failed mission \
                       starts the streak again at mission 1; a solo player names every colour.",
                options: Options::default(),
            },
            Preset {
                name: "sudden-death",
                help: "A failed mission loses the game at once (the strictest reading of T11).",
                options: Options { on_mission_fail: OnMissionFail::Lose, ..Options::default() },
            },
            Preset {
                name: "strict-solo",
                help: "Solo read literally (004:49): a colour left in hand at the end of a mission keeps the safe shut.",
                options: Options { solo_leftover_rule: SoloLeftoverRule::Fail, ..Options::default() },
            },
            Preset {
                name: "forgiving",
                help: "House rules for learning: a failed mission is dealt again, missions already cracked still count.",
                options: Options { on_mission_fail: OnMissionFail::RetryMission, ..Options::default() },
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restart_reads_the_documented_spelling_and_the_old_one() {
        let read = |json: &str| serde_json::from_str::<Options>(json).map(|o| o.on_mission_fail).ok();
        assert_eq!(read(r#"{"on_mission_fail": "restart_from_mission_1"}"#), Some(OnMissionFail::RestartFromMission1));
        // Records stored before the spelling was fixed still replay.
        assert_eq!(read(r#"{"on_mission_fail": "restart_from_mission1"}"#), Some(OnMissionFail::RestartFromMission1));
        let written = serde_json::to_value(OnMissionFail::RestartFromMission1).ok();
        assert_eq!(written, Some(serde_json::json!("restart_from_mission_1")));
    }
}
