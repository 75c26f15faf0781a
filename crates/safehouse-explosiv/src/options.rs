//! The variants of Explosiv: every gap of the rulebook where two readings are plausible is an
//! option here (gap ids E1..E12 of `shared/research/rules-notes.md` §3.4; the decisions and
//! their citations are in `docs/rules/explosiv.md`).

use safehouse_engine::{GameOptions, OptionDoc, Preset, SetupError};
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
                r#""highest_card" | "last_played" | "none""#,
                "E6: tie for a row's highest total: the tied player with the highest single card (Japanese review; \
                 two 8s: nobody), the one who played last in the row, or nobody",
            ),
            OptionDoc::new(
                "no_legal_move",
                &d.no_legal_move,
                r#""discard_face_up" | "discard_face_down" | "skip_keep""#,
                "E8: a seat that cannot place a card sits out and gives up a card of its choice (ludorium), face up \
                 or face down; or passes and keeps its cards",
            ),
            OptionDoc::new(
                "round_start_player",
                &d.round_start_player,
                r#""rotate" | "red_always" | "lowest_score""#,
                "E9: who starts rounds 2 and later (round 1: red, Timbuktu rules)",
            ),
            OptionDoc::new(
                "two_player_longest_row_explodes",
                &d.two_player_longest_row_explodes,
                "true | false",
                "E1: with two players the longest row explodes at the end of each round (ludorium)",
            ),
            OptionDoc::new(
                "longest_row_tie",
                &d.longest_row_tie,
                r#""all" | "none""#,
                "E12: under the two-player rule, several longest rows: all explode, or none",
            ),
            OptionDoc::new(
                "allow_play_after_explosion",
                &d.allow_play_after_explosion,
                "true | false",
                "E4: cards may still be placed on an exploded row (ludorium: \"man kann weiter anlegen\")",
            ),
            OptionDoc::new(
                "last_card_bonus",
                &d.last_card_bonus,
                "0..=10",
                "E5: points the last card of a row adds to its owner's total there (003:50)",
            ),
            OptionDoc::new(
                "unclaimed_explosive",
                &d.unclaimed_explosive,
                r#""discard" | "carry_over""#,
                "E7: an explosive card nobody takes leaves the game, or stays for the next round",
            ),
            OptionDoc::new(
                "game_tie_break",
                &d.game_tie_break,
                r#""shared" | "most_briefcases""#,
                "E10: players tied on points share the win, or the one with more briefcase cards wins",
            ),
            OptionDoc::new(
                "show_deduced_hands",
                &d.show_deduced_hands,
                "true | false",
                "E11: show in each view the cards the other seats may still hold, deduced from the table",
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
