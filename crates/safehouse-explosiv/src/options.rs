//! The variants of Explosiv: every gap of the rulebook where two readings are plausible is an
//! option here (gap ids E1..E12 of `shared/research/rules-notes.md` §3.4; the decisions and
//! their citations are in `docs/rules/explosiv.md`).

use safehouse_engine::{GameOptions, OptionDoc, OptionDomain, Preset, SetupError};
use serde::{Deserialize, Serialize};

/// Who takes a row's explosive card when several players tie for the highest total (E6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RowTieBreak {
    /// The tied player who played the highest single number card in the row; if that is
    /// still a tie (two 8s), nobody takes the card.
    #[default]
    HighestCard,
    /// The tied player whose card was played last in the row.
    LastPlayed,
    /// Nobody takes the card.
    None,
}

/// What a seat does when it cannot place any card legally (E8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoLegalMove {
    /// It sits out and gives up a card of its choice, face up: everyone sees which.
    #[default]
    DiscardFaceUp,
    /// It sits out and gives up a card of its choice, face down: the others only see that it
    /// discarded, so its remaining hand is no longer exactly deducible.
    DiscardFaceDown,
    /// It passes and keeps its cards; the round ends when no seat holding cards can place one.
    SkipKeep,
}

/// Who starts rounds 2 and later (E9). Round 1 is always started by red (seat 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundStartPlayer {
    /// The start passes one seat clockwise each round.
    #[default]
    Rotate,
    /// Red (seat 0) starts every round.
    RedAlways,
    /// The seat with the lowest total score starts; ties go to the first such seat clockwise
    /// after the previous round's start player.
    LowestScore,
}

/// Which rows explode under the two-player rule when several rows tie for longest (E12).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LongestRowTie {
    /// Every row of the greatest length explodes.
    #[default]
    All,
    /// No row explodes when the longest is not unique.
    None,
}

/// What happens to an explosive card nobody takes (an empty row, or a tie left unbroken) (E7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unclaimed {
    /// It leaves the game.
    #[default]
    Discard,
    /// It stays on the table, briefcase side up again, as one of the next round's cards.
    CarryOver,
}

/// How players tied on the final total are separated (E10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameTieBreak {
    /// They share the win (and the rank).
    #[default]
    Shared,
    /// The one with more briefcase (positive) explosive cards wins; still tied, they share.
    MostBriefcases,
}

/// The options of Explosiv. Defaults follow the published rules as far as the sources go.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "snake_case")]
pub struct Options {
    /// E6: ties for a row's highest total.
    pub row_tie_break: RowTieBreak,
    /// E8: a seat with no legal placement.
    pub no_legal_move: NoLegalMove,
    /// E9: who starts rounds 2 and later.
    pub round_start_player: RoundStartPlayer,
    /// E1: with two players the longest row explodes at the end of each round.
    pub two_player_longest_row_explodes: bool,
    /// E12: ties for the longest row under the two-player rule.
    pub longest_row_tie: LongestRowTie,
    /// E4: cards may still be placed on a row after its 8th card blew it up.
    pub allow_play_after_explosion: bool,
    /// E5: points the last card of a row adds to its owner's total in that row.
    pub last_card_bonus: u8,
    /// E7: explosive cards nobody takes.
    pub unclaimed_explosive: Unclaimed,
    /// E10: ties for the win.
    pub game_tie_break: GameTieBreak,
    /// E11: put into each view the cards every other seat may still hold, as deduced from the
    /// public table (without this, a seat sees only how many cards the others hold).
    pub show_deduced_hands: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            row_tie_break: RowTieBreak::HighestCard,
            no_legal_move: NoLegalMove::DiscardFaceUp,
            round_start_player: RoundStartPlayer::Rotate,
            two_player_longest_row_explodes: true,
            longest_row_tie: LongestRowTie::All,
            allow_play_after_explosion: true,
            last_card_bonus: 2,
            unclaimed_explosive: Unclaimed::Discard,
            game_tie_break: GameTieBreak::Shared,
            show_deduced_hands: false,
        }
    }
}

/// Largest `last_card_bonus` accepted.
pub const MAX_LAST_CARD_BONUS: u8 = 10;

impl GameOptions for Options {
    fn validate(&self, _players: usize) -> Result<(), SetupError> {
        if self.last_card_bonus > MAX_LAST_CARD_BONUS {
            return Err(SetupError::option(
                "last_card_bonus",
                format!(
                    "{} is more than the {MAX_LAST_CARD_BONUS} allowed (the rulebook says 2)",
                    self.last_card_bonus
                ),
            ));
        }
        Ok(())
    }

    fn docs() -> Vec<OptionDoc> {
        let d = Options::default();
        vec![
            OptionDoc::new(
                "row_tie_break",
                &d.row_tie_break,
                OptionDomain::choice(&[RowTieBreak::HighestCard, RowTieBreak::LastPlayed, RowTieBreak::None]),
                "E6: tie for a row's highest total: the tied player with the highest single card (Japanese review; \
                 two 8s: nobody), the one who played last in the row, or nobody",
            )
            .for_players(
                ("Tie for a row", "한 줄의 동점", "Gleichstand in einer Reihe"),
                (
                    "Players tied for a row's highest total: the one with the highest single card takes it, the one who played there last, or nobody.",
                    "한 줄의 최고 합계가 같으면: 가장 높은 카드 한 장을 낸 사람이 가져가거나, 그 줄에 마지막으로 낸 사람이 가져가거나, 아무도 못 가져갑니다.",
                    "Bei Gleichstand um die höchste Summe einer Reihe nimmt ihre Karte, wer die höchste einzelne Karte dort hat, wer dort zuletzt gelegt hat, oder niemand.",
                ),
            ),
            OptionDoc::new(
                "no_legal_move",
                &d.no_legal_move,
                OptionDomain::choice(&[NoLegalMove::DiscardFaceUp, NoLegalMove::DiscardFaceDown, NoLegalMove::SkipKeep]),
                "E8: a seat that cannot place a card sits out and gives up a card of its choice (ludorium), face up \
                 or face down; or passes and keeps its cards",
            )
            .for_players(
                ("Nowhere to place a card", "놓을 곳이 없을 때", "Keine Karte passt"),
                (
                    "A player who cannot place a card discards one of their choice face up or face down, or passes and keeps their cards.",
                    "카드를 놓을 수 없는 사람은 고른 카드 1장을 앞면이나 뒷면으로 버리거나, 카드를 지킨 채 넘깁니다.",
                    "Wer keine Karte anlegen kann, wirft eine Karte seiner Wahl offen oder verdeckt ab oder passt und behält seine Karten.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "round_start_player",
                &d.round_start_player,
                OptionDomain::choice(&[
                    RoundStartPlayer::Rotate,
                    RoundStartPlayer::RedAlways,
                    RoundStartPlayer::LowestScore,
                ]),
                "E9: who starts rounds 2 and later (round 1: red, Timbuktu rules)",
            )
            .for_players(
                ("Who starts each round", "라운드를 시작하는 사람", "Wer jede Runde beginnt"),
                (
                    "Red starts the first round; later rounds pass the start to the left, start with red again, or start with the lowest score.",
                    "첫 라운드는 빨강이 시작합니다. 그 뒤로는 왼쪽으로 돌아가거나, 다시 빨강이 하거나, 점수가 가장 낮은 사람이 시작합니다.",
                    "Rot beginnt die erste Runde; danach wandert der Beginn nach links, Rot beginnt wieder, oder es beginnt, wer die wenigsten Punkte hat.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "two_player_longest_row_explodes",
                &d.two_player_longest_row_explodes,
                OptionDomain::Bool,
                "E1: with two players the longest row explodes at the end of each round (ludorium)",
            )
            .for_players(
                ("Two players: the longest row explodes", "2인: 가장 긴 줄 폭발", "Zu zweit: die längste Reihe explodiert"),
                (
                    "With two players, the longest row blows up at the end of each round.",
                    "둘이 할 때는 라운드가 끝날 때 가장 긴 줄이 폭발합니다.",
                    "Zu zweit explodiert am Ende jeder Runde die längste Reihe.",
                ),
            ),
            OptionDoc::new(
                "longest_row_tie",
                &d.longest_row_tie,
                OptionDomain::choice(&[LongestRowTie::All, LongestRowTie::None]),
                "E12: under the two-player rule, several longest rows: all explode, or none",
            )
            .for_players(
                ("Two players: several longest rows", "2인: 가장 긴 줄이 여럿", "Zu zweit: mehrere längste Reihen"),
                (
                    "When several rows are equally long at the end of a two-player round: all of them blow up, or none.",
                    "2인 라운드가 끝날 때 가장 긴 줄이 여럿이면: 모두 폭발하거나, 아무것도 폭발하지 않습니다.",
                    "Sind am Ende einer Runde zu zweit mehrere Reihen gleich lang: alle explodieren, oder keine.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "allow_play_after_explosion",
                &d.allow_play_after_explosion,
                OptionDomain::Bool,
                "E4: cards may still be placed on an exploded row (ludorium: \"man kann weiter anlegen\")",
            )
            .for_players(
                ("Keep playing on a blown-up row", "폭발한 줄에 계속 놓기", "An explodierte Reihen weiter anlegen"),
                (
                    "Cards may still be placed on a row after it has blown up.",
                    "폭발한 줄에도 계속 카드를 놓을 수 있습니다.",
                    "Auch an eine explodierte Reihe dürfen noch Karten gelegt werden.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "last_card_bonus",
                &d.last_card_bonus,
                OptionDomain::integer(0, i64::from(MAX_LAST_CARD_BONUS)),
                "E5: points the last card of a row adds to its owner's total there (003:50)",
            )
            .for_players(
                ("Last card bonus", "마지막 카드 보너스", "Bonus für die letzte Karte"),
                (
                    "Points the last card of a row adds to its owner's total in that row.",
                    "한 줄의 마지막 카드가 그 주인의 합계에 더하는 점수.",
                    "Punkte, die die letzte Karte einer Reihe zur Summe ihres Besitzers in dieser Reihe hinzufügt.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "unclaimed_explosive",
                &d.unclaimed_explosive,
                OptionDomain::choice(&[Unclaimed::Discard, Unclaimed::CarryOver]),
                "E7: an explosive card nobody takes leaves the game, or stays for the next round",
            )
            .for_players(
                ("A briefcase nobody takes", "아무도 안 가져간 서류 가방", "Ein Koffer, den niemand nimmt"),
                (
                    "A briefcase card nobody wins leaves the game, or stays on the table for the next round.",
                    "아무도 가져가지 않은 서류 가방 카드는 게임에서 빠지거나, 다음 라운드를 위해 남습니다.",
                    "Eine Explosiv-Karte, die niemand gewinnt, scheidet aus dem Spiel aus oder bleibt für die nächste Runde liegen.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "game_tie_break",
                &d.game_tie_break,
                OptionDomain::choice(&[GameTieBreak::Shared, GameTieBreak::MostBriefcases]),
                "E10: players tied on points share the win, or the one with more briefcase cards wins",
            )
            .for_players(
                ("Tie for the win", "승리 동점", "Gleichstand um den Sieg"),
                (
                    "Players tied on points share the win, or the one with more briefcases wins.",
                    "점수가 같으면 함께 이기거나, 서류 가방이 더 많은 사람이 이깁니다.",
                    "Wer gleich viele Punkte hat wie die Besten, teilt sich mit ihnen den Sieg, oder wer mehr Koffer hat, gewinnt.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "show_deduced_hands",
                &d.show_deduced_hands,
                OptionDomain::Bool,
                "E11: show in each view the cards the other seats may still hold, deduced from the table",
            )
            .for_players(
                ("Show the cards others may hold", "다른 사람이 가졌을 카드 보이기", "Zeigen, welche Karten andere haben können"),
                (
                    "The table works out from the cards played which cards each other player may still hold, and shows it.",
                    "놓인 카드로부터 다른 사람이 아직 가졌을 수 있는 카드를 계산해 보여 줍니다.",
                    "Der Tisch erschließt aus den gelegten Karten, welche Karten jede andere Person noch haben kann, und zeigt es.",
                ),
            ),
        ]
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
            Preset {
                name: "published",
                help: "the published rules as reconstructed from the seed and Schacht's rules (the defaults)",
                options: Options::default(),
            },
            Preset {
                name: "seed-only",
                help: "only what the seed text says: no two-player rule, nothing placed after an explosion, \
                       unbroken row ties, red starts every round",
                options: Options {
                    row_tie_break: RowTieBreak::None,
                    round_start_player: RoundStartPlayer::RedAlways,
                    two_player_longest_row_explodes: false,
                    allow_play_after_explosion: false,
                    ..Options::default()
                },
            },
            Preset {
                name: "open",
                help: "the published rules with each seat's deducible hand shown to everyone",
                options: Options { show_deduced_hands: true, ..Options::default() },
            },
            Preset {
                name: "hidden-discards",
                help: "the published rules with discards (no legal move) made face down",
                options: Options { no_legal_move: NoLegalMove::DiscardFaceDown, ..Options::default() },
            },
        ]
    }
}
