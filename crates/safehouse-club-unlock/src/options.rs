//! The options (variants) of Club Unlock / CASH, and the two editions as presets.
//!
//! Each option settles a gap or an edition difference listed in `docs/rules/club-unlock.md`.

use safehouse_engine::{GameOptions, OptionDoc, OptionDomain, Preset, Seat, SetupError, check_players};
use serde::{Deserialize, Serialize};

/// What happens when a key pile runs out (gap C1: 000:27 and 002:87 differ).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExhaustedPileBonus {
    /// Club Unlock (000:27): whoever took the last key puts one marker under one displayed safe
    /// of their choice that needs the colour.
    #[default]
    ChooseOneSafe,
    /// CASH (002:87): every displayed safe that needs the colour gets one marker at once.
    EveryMatchingSafe,
    /// No bonus for an exhausted pile.
    Off,
}

/// How the final ranking breaks a tie for the most money (gap C9: the books are silent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// Tied players share the win.
    #[default]
    Shared,
    /// Among the tied, more safes cracked wins; still tied players share.
    MostSafes,
}

/// How much of the others' hands and loot the table keeps track of for you (gaps C10, C11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableMemory {
    /// The view shows every player's keys and cracked safes: at a real table the piles lie face
    /// up by colour (000:10), so everyone sees each key taken and returned and each safe taken
    /// from the display; a player with perfect memory knows all of it.
    #[default]
    Perfect,
    /// The view shows only how many keys, safes and markers each other player has; remembering
    /// the rest is up to you (the cards themselves lie face down, 000:11, 000:18).
    CountsOnly,
}

/// The options of Club Unlock / CASH.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "snake_case")]
pub struct Options {
    /// The bonus for an exhausted key pile (C1).
    pub exhausted_pile_bonus: ExhaustedPileBonus,
    /// Whether a player who clears the display may go on cracking the seven new safes in the
    /// same turn, extending the serial bonus (C6; 000:30 "might be able to crack a new safe immediately").
    pub continue_after_refill: bool,
    /// How ties for the most money are broken (C9).
    pub tie_break: TieBreak,
    /// What the table shows of the other players (C10, C11).
    pub table_memory: TableMemory,
    /// The seat that starts (and picks starting keys first); `None` draws it from the seed
    /// (C12: "the oldest player goes first", 000:14).
    pub first_player: Option<Seat>,
    /// Allow two players, which neither book offers (C13: CASH says 3-6, 002:5).
    pub allow_two_players: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            exhausted_pile_bonus: ExhaustedPileBonus::ChooseOneSafe,
            continue_after_refill: true,
            tie_break: TieBreak::Shared,
            table_memory: TableMemory::Perfect,
            first_player: None,
            allow_two_players: false,
        }
    }
}

impl GameOptions for Options {
    fn validate(&self, players: usize) -> Result<(), SetupError> {
        let min = if self.allow_two_players { 2 } else { 3 };
        check_players(players, min, 6)?;
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
                "exhausted_pile_bonus",
                &d.exhausted_pile_bonus,
                OptionDomain::choice(&[
                    ExhaustedPileBonus::ChooseOneSafe,
                    ExhaustedPileBonus::EveryMatchingSafe,
                    ExhaustedPileBonus::Off,
                ]),
                "When the last key of a colour is taken: the taker puts a bonus marker on one displayed safe that \
                 needs that colour (Club Unlock, 000:27), or every such safe gets one (CASH, 002:87).",
            )
            .for_players(
                ("Bonus when a key pile runs out", "열쇠 더미가 바닥나면"),
                (
                    "Whoever takes the last key of a colour puts a bonus marker on one safe needing that colour, every such safe gets one, or no bonus.",
                    "한 색의 마지막 열쇠를 가져간 사람이 그 색이 필요한 금고 하나에 보너스 카드를 놓거나, 그런 금고마다 하나씩 놓이거나, 보너스가 없습니다.",
                ),
            ),
            OptionDoc::new(
                "continue_after_refill",
                &d.continue_after_refill,
                OptionDomain::Bool,
                "A player who cracks the last displayed safe may go on cracking the seven new ones in the same turn.",
            )
            .for_players(
                ("Keep cracking the new safes", "새 금고 계속 열기"),
                (
                    "A player who cracks the last safe on display may go on cracking the seven new ones in the same turn.",
                    "펼쳐진 마지막 금고를 연 사람이 새로 펼쳐진 금고 7개를 같은 차례에 계속 열 수 있습니다.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "tie_break",
                &d.tie_break,
                OptionDomain::choice(&[TieBreak::Shared, TieBreak::MostSafes]),
                "Players tied for the most money share the win, or the one with more safes wins.",
            )
            .for_players(
                ("Tie for the win", "승리 동점"),
                (
                    "Players tied for the most money share the win, or the one with more safes wins.",
                    "돈이 같은 사람들은 함께 이기거나, 금고를 더 많이 연 사람이 이깁니다.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "table_memory",
                &d.table_memory,
                OptionDomain::choice(&[TableMemory::Perfect, TableMemory::CountsOnly]),
                "Show every player's keys and loot (what perfect memory knows at a real table), or only their counts.",
            )
            .for_players(
                ("What the table remembers", "테이블이 기억해 주는 것"),
                (
                    "Show every player's keys and safes as far as everyone could have seen them, or only how many each has.",
                    "모두가 볼 수 있었던 만큼 각자의 열쇠와 금고를 보여 주거나, 그 개수만 보여 줍니다.",
                ),
            ),
            OptionDoc::new(
                "first_player",
                &d.first_player,
                OptionDomain::optional(OptionDomain::seat()),
                "The seat that starts; null draws it from the seed (the books say the oldest player).",
            )
            .for_players(
                ("Who starts", "시작하는 사람"),
                ("The seat that starts; chosen at random if you leave it.", "먼저 시작하는 자리. 정하지 않으면 무작위로 정합니다."),
            )
            .rare(),
            OptionDoc::new(
                "allow_two_players",
                &d.allow_two_players,
                OptionDomain::Bool,
                "Allow a two-player game (the books are for 3 to 6).",
            )
            .for_players(
                ("Allow two players", "2인 게임 허용"),
                ("The game is made for 3 to 6 players; this allows two.", "이 게임은 3~6인용입니다. 2인 게임을 허용합니다."),
            ),
        ]
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
            Preset {
                name: "club-unlock",
                help: "The English Club Unlock rulebook: the taker of the last key chooses one safe for the bonus.",
                options: Options::default(),
            },
            Preset {
                name: "cash",
                help: "The Korean CASH rulebook: every displayed safe needing the exhausted colour gets a bonus.",
                options: Options { exhausted_pile_bonus: ExhaustedPileBonus::EveryMatchingSafe, ..Options::default() },
            },
        ]
    }
}
