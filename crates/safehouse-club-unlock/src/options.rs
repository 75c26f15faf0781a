//! The options (variants) of Club Unlock / CASH, and the two editions as presets.
//!
//! Each option settles a gap or an edition difference listed in `docs/rules/club-unlock.md`.

use safehouse_engine::{
    GameOptions, OptionDoc, OptionDomain, Preset, Seat, SetupError, check_first_player, check_players,
};
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

/// How the four starting keys are chosen (000:11, 002:37; see `docs/rules/club-unlock.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartingKeys {
    /// The books: each player takes four keys "and hold them in their hand hidden from other
    /// players" (000:11; 002:37 "각자의 열쇠 카드 앞면은 다른 사람들에게 보여주지 않습니다"), before the
    /// safes are laid out (000:12 and 002:37 come after). Nobody sees the others' picks nor the
    /// piles until everybody has chosen; then the piles (and so the total picked of each colour)
    /// are seen, and the first seven safes are laid out.
    #[default]
    Secret,
    /// A draft in the open: the first seven safes are laid out first, then the players take
    /// their four keys one at a time in turn order, everyone seeing every pick. Not in the books;
    /// for tables that want the starting keys to be an informed, tactical choice (and the way
    /// Safehouse dealt the start before the secret choice).
    Open,
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
    /// Whether the starting keys are chosen in secret (the books) or drafted in the open (C3).
    pub starting_keys: StartingKeys,
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
            starting_keys: StartingKeys::Secret,
            first_player: None,
            allow_two_players: false,
        }
    }
}

impl GameOptions for Options {
    fn validate(&self, players: usize) -> Result<(), SetupError> {
        let min = if self.allow_two_players { 2 } else { 3 };
        check_players(players, min, 6)?;
        check_first_player(self.first_player, players)?;
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
                ("Bonus when a key pile runs out", "열쇠 더미가 바닥나면", "Bonus, wenn ein Schlüsselstapel leer wird"),
                (
                    "Whoever takes the last key of a colour puts a bonus marker on one safe needing that colour, every such safe gets one, or no bonus.",
                    "한 색의 마지막 열쇠를 가져간 사람이 그 색이 필요한 금고 하나에 보너스 카드를 놓거나, 그런 금고마다 하나씩 놓이거나, 보너스가 없습니다.",
                    "Wer den letzten Schlüssel einer Farbe nimmt, legt einen Bonus-Chip unter einen Tresor, der diese Farbe braucht; oder jeder solche Tresor bekommt einen; oder es gibt keinen Bonus.",
                ),
            ),
            OptionDoc::new(
                "continue_after_refill",
                &d.continue_after_refill,
                OptionDomain::Bool,
                "A player who cracks the last displayed safe may go on cracking the seven new ones in the same turn.",
            )
            .for_players(
                ("Keep cracking the new safes", "새 금고 계속 열기", "Die neuen Tresore weiter knacken"),
                (
                    "A player who cracks the last safe on display may go on cracking the seven new ones in the same turn.",
                    "펼쳐진 마지막 금고를 연 사람이 새로 펼쳐진 금고 7개를 같은 차례에 계속 열 수 있습니다.",
                    "Wer den letzten ausliegenden Tresor knackt, darf im selben Zug die sieben neuen weiter knacken.",
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
                ("Tie for the win", "승리 동점", "Gleichstand um den Sieg"),
                (
                    "Players tied for the most money share the win, or the one with more safes wins.",
                    "돈이 같은 사람들은 함께 이기거나, 금고를 더 많이 연 사람이 이깁니다.",
                    "Wer gleich viel Geld hat wie die Besten, teilt sich mit ihnen den Sieg, oder wer mehr Tresore hat, gewinnt.",
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
                ("What the table remembers", "테이블이 기억해 주는 것", "Was sich der Tisch merkt"),
                (
                    "Show every player's keys and safes as far as everyone could have seen them, or only how many each has.",
                    "모두가 볼 수 있었던 만큼 각자의 열쇠와 금고를 보여 주거나, 그 개수만 보여 줍니다.",
                    "Zeigt die Schlüssel und Tresore aller, so weit alle sie sehen konnten, oder nur, wie viele jede Person hat.",
                ),
            ),
            OptionDoc::new(
                "starting_keys",
                &d.starting_keys,
                OptionDomain::choice(&[StartingKeys::Secret, StartingKeys::Open]),
                "Each player chooses four starting keys unseen by the others, before the safes are laid out (000:11, \
                 002:37), or drafts them one at a time in sight of everyone after the display is laid out.",
            )
            .for_players(
                ("Starting keys", "시작 열쇠", "Startschlüssel"),
                (
                    "Everyone picks four keys in secret before the safes are laid out (the rulebook), or picks them in the open, one at a time, seeing the safes and each other's picks.",
                    "모두가 금고를 펼치기 전에 열쇠 4장을 몰래 고르거나(규칙서), 금고와 다른 사람이 고른 열쇠를 보면서 한 장씩 공개적으로 고릅니다.",
                    "Alle wählen geheim vier Schlüssel, bevor die Tresore ausliegen (die Spielregel), oder offen, einen nach dem anderen, mit Blick auf die Tresore und die Wahl der anderen.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "first_player",
                &d.first_player,
                OptionDomain::optional(OptionDomain::seat()),
                "The seat that starts; null draws it from the seed (the books say the oldest player).",
            )
            .for_players(
                ("Who starts", "시작하는 사람", "Wer beginnt"),
                (
                    "The seat that starts; chosen at random if you leave it.",
                    "먼저 시작하는 자리. 정하지 않으면 무작위로 정합니다.",
                    "Der Platz, der beginnt; bleibt das Feld leer, wird er ausgelost.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "allow_two_players",
                &d.allow_two_players,
                OptionDomain::Bool,
                "Allow a two-player game (the books are for 3 to 6).",
            )
            .for_players(
                ("Allow two players", "2인 게임 허용", "Zwei Personen erlauben"),
                (
                    "The game is made for 3 to 6 players; this allows two.",
                    "이 게임은 3~6인용입니다. 2인 게임을 허용합니다.",
                    "Das Spiel ist für 3 bis 6 Personen; dies erlaubt zwei.",
                ),
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
