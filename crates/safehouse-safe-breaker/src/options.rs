//! The options (variants and settled gaps) of Safe Breaker, and its presets.
//!
//! Each option settles a gap of `rules-notes.md` §2.4 (S1-S13); `docs/rules/safe-breaker.md`
//! gives the citations.

use std::fmt;

use safehouse_engine::{
    Bound, GameOptions, OptionDoc, OptionDomain, Preset, Seat, SetupError, check_first_player, check_players,
};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::cards::{MAX_PLAYERS, PARTS};

/// How many of the set-aside parts of one kind lie face up (the Quick Game, 001:34; gap S10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Exposure {
    /// This many (at most `6 - players`). JSON: a number.
    Count(u8),
    /// Every set-aside part of that kind, whatever the player count. JSON: `"all"`.
    All,
}

impl Default for Exposure {
    fn default() -> Self {
        Exposure::Count(0)
    }
}

impl Exposure {
    /// The number of parts exposed at a table of `players`.
    pub fn count(self, players: usize) -> usize {
        let set_aside = PARTS.saturating_sub(players);
        match self {
            Exposure::Count(n) => usize::from(n).min(set_aside),
            Exposure::All => set_aside,
        }
    }
}

impl Serialize for Exposure {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Exposure::Count(n) => serializer.serialize_u8(*n),
            Exposure::All => serializer.serialize_str("all"),
        }
    }
}

impl<'de> Deserialize<'de> for Exposure {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ExposureVisitor;
        impl Visitor<'_> for ExposureVisitor {
            type Value = Exposure;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(r#"a number of parts (0 to 4) or "all""#)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Exposure, E> {
                match u8::try_from(v) {
                    Ok(n) if usize::from(n) <= PARTS => Ok(Exposure::Count(n)),
                    _ => Err(E::custom(format!("{v} parts: there are only {PARTS} of each kind"))),
                }
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Exposure, E> {
                u64::try_from(v).map_err(|_| E::custom("a negative number of parts")).and_then(|v| self.visit_u64(v))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Exposure, E> {
                match v {
                    "all" => Ok(Exposure::All),
                    _ => Err(E::custom(format!(r#"`{v}`: expected a number or "all""#))),
                }
            }
        }
        deserializer.deserialize_any(ExposureVisitor)
    }
}

/// Whose turn it is after a half guess uncovers the accused's first half (gap S11, 001:38).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HalfRevealTurn {
    /// The accused, who answered "yes" (001:38 "it is now their turn", read like a "Yes" answer, 001:21).
    #[default]
    Accused,
    /// The guesser, as after a right guess (001:30).
    Guesser,
}

/// What a wrong half guess costs (gap S11: 001:35-40 does not say).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SimpleWrongGuess {
    /// As a wrong full guess (001:30): the guesser is out and the accused takes the turn.
    #[default]
    GuesserEliminated,
    /// The guesser stays in; the accused takes the turn.
    TurnPassesToAccused,
}

/// How much of the question log people are shown (gap S9: reviews say no notes are allowed).
///
/// A seat's view always carries the whole log (a program could record it anyway); this option
/// only changes what the view's text, and the web table, show to a person.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuestionHistory {
    /// Every question, answer and guess so far.
    #[default]
    Full,
    /// Only the last `question_history_count` entries.
    LastN,
    /// Nothing: players play from memory, as in the HCM edition.
    None,
}

/// The options of Safe Breaker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "snake_case")]
pub struct Options {
    /// Allow two players (S1: the publishers say 3-6; reviews call two players unplayable).
    pub allow_two_players: bool,
    /// The seat that starts; `None` draws it from the seed (S12: "a player is chosen", 001:15).
    pub first_player: Option<Seat>,
    /// Set-aside locks laid face up: the Quick Game (S10, 001:34).
    pub exposed_locks: Exposure,
    /// Set-aside keys laid face up: the Quick Game (S10, 001:34).
    pub exposed_keys: Exposure,
    /// A wrong guesser's code goes face up instead of face down (S2: 001:30 says face down; the
    /// North & South card edition lays it out for all to see).
    pub reveal_wrong_guesser_code: bool,
    /// The "Keep it simple" variant: a guess may name only a lock or only a key (001:35-40, S11).
    pub keep_it_simple: bool,
    /// Whose turn after a half guess uncovers a first half (S11).
    pub turn_after_half_reveal: HalfRevealTurn,
    /// What a wrong half guess costs (S11).
    pub simple_wrong_guess: SimpleWrongGuess,
    /// How much of the log people are shown (S9).
    pub question_history: QuestionHistory,
    /// Entries shown with `question_history: "last_n"`.
    pub question_history_count: u16,
    /// After this many questions in the whole game only full-code guesses may be made, so that
    /// every game ends (a digital-table rule; the book has no limit). `None`, the default and
    /// the book, means no limit; tables of bots use [`BOT_TABLE_QUESTION_LIMIT`].
    pub question_limit: Option<u16>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            allow_two_players: false,
            first_player: None,
            exposed_locks: Exposure::Count(0),
            exposed_keys: Exposure::Count(0),
            reveal_wrong_guesser_code: false,
            keep_it_simple: false,
            turn_after_half_reveal: HalfRevealTurn::Accused,
            simple_wrong_guess: SimpleWrongGuess::GuesserEliminated,
            question_history: QuestionHistory::Full,
            question_history_count: 5,
            question_limit: None,
        }
    }
}

/// The question limit of the `standard-with-limit` preset, which tables without a person use: far
/// more than a real game needs (36 questions name every colour-number pair), small enough that
/// a table of bots that only ask still finishes.
pub const BOT_TABLE_QUESTION_LIMIT: u16 = 150;

impl Options {
    /// Fewest players these options allow.
    pub fn min_players(&self) -> usize {
        if self.allow_two_players { 2 } else { 3 }
    }
}

impl GameOptions for Options {
    fn validate(&self, players: usize) -> Result<(), SetupError> {
        if players == 2 && !self.allow_two_players {
            // S1: two players are allowed only by the option; the refusal says which.
            return Err(SetupError::PlayerCount {
                players,
                min: 3,
                max: MAX_PLAYERS,
                allowed_by: Some("allow_two_players".to_owned()),
            });
        }
        check_players(players, self.min_players(), MAX_PLAYERS)?;
        check_first_player(self.first_player, players)?;
        let set_aside = PARTS - players;
        for (name, exposure) in [("exposed_locks", self.exposed_locks), ("exposed_keys", self.exposed_keys)] {
            if let Exposure::Count(n) = exposure
                && usize::from(n) > set_aside
            {
                return Err(SetupError::option(
                    name,
                    format!("{n} parts cannot be exposed: only {set_aside} are set aside with {players} players"),
                ));
            }
        }
        Ok(())
    }

    fn docs() -> Vec<OptionDoc> {
        let d = Options::default();
        let parts = i64::try_from(PARTS).unwrap_or(6);
        let exposure = OptionDomain::AnyOf {
            alternatives: vec![
                OptionDomain::Integer { min: Bound::Fixed(0), max: Bound::MinusPlayers { minus_players: parts } },
                OptionDomain::choice(&[Exposure::All]),
            ],
        };
        vec![
            OptionDoc::new(
                "allow_two_players",
                &d.allow_two_players,
                OptionDomain::Bool,
                "Allow a two-player game (S1: the publishers say 3 to 6; reviews call it unplayable with two).",
            )
            .for_players(
                ("Allow two players", "2인 게임 허용", "Zwei Personen erlauben"),
                (
                    "The game is made for 3 to 6; with two it is much easier to deduce.",
                    "이 게임은 3~6인용입니다. 둘이 하면 추리가 훨씬 쉬워집니다.",
                    "Das Spiel ist für 3 bis 6 Personen; zu zweit ist das Folgern viel leichter.",
                ),
            ),
            OptionDoc::new(
                "first_player",
                &d.first_player,
                OptionDomain::optional(OptionDomain::seat()),
                "The seat that starts; null draws it from the seed (S12, 001:15 \"a player is chosen\").",
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
                "exposed_locks",
                &d.exposed_locks,
                exposure.clone(),
                "Quick Game: how many set-aside locks lie face up (S10, 001:34).",
            )
            .for_players(
                ("Locks shown face up", "앞면으로 보여 줄 자물쇠", "Offen gezeigte Schlösser"),
                (
                    "Quick game: how many of the locks nobody holds are shown to everyone.",
                    "빠른 게임: 아무도 갖지 않은 자물쇠 중 몇 개를 모두에게 보여 줄지.",
                    "Schnelles Spiel: wie viele der Schlösser, die niemand hat, allen offen gezeigt werden.",
                ),
            ),
            OptionDoc::new(
                "exposed_keys",
                &d.exposed_keys,
                exposure,
                "Quick Game: how many set-aside keys lie face up (S10, 001:34).",
            )
            .for_players(
                ("Keys shown face up", "앞면으로 보여 줄 열쇠", "Offen gezeigte Schlüssel"),
                (
                    "Quick game: how many of the keys nobody holds are shown to everyone.",
                    "빠른 게임: 아무도 갖지 않은 열쇠 중 몇 개를 모두에게 보여 줄지.",
                    "Schnelles Spiel: wie viele der Schlüssel, die niemand hat, allen offen gezeigt werden.",
                ),
            ),
            OptionDoc::new(
                "reveal_wrong_guesser_code",
                &d.reveal_wrong_guesser_code,
                OptionDomain::Bool,
                "A wrong guesser's code goes face up (North & South edition) instead of face down (S2, 001:30).",
            )
            .for_players(
                ("Show a wrong guesser's code", "틀린 사람의 코드 공개", "Code nach falschem Tipp zeigen"),
                (
                    "A player who guesses wrong and drops out shows their code to everyone.",
                    "잘못 맞혀 탈락한 사람의 코드를 모두에게 보여 줍니다.",
                    "Wer falsch tippt und ausscheidet, zeigt allen seinen Code.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "keep_it_simple",
                &d.keep_it_simple,
                OptionDomain::Bool,
                "Keep it simple: a guess may name only the lock or only the key (001:35-40, S11).",
            )
            .for_players(
                ("Keep it simple", "간단 규칙", "Einfach gehalten"),
                (
                    "A guess may name only someone's lock or only their key.",
                    "다른 사람의 자물쇠만 또는 열쇠만 맞힐 수도 있습니다.",
                    "Ein Tipp darf auch nur das Schloss oder nur den Schlüssel einer Person nennen.",
                ),
            ),
            OptionDoc::new(
                "turn_after_half_reveal",
                &d.turn_after_half_reveal,
                OptionDomain::choice(&[HalfRevealTurn::Accused, HalfRevealTurn::Guesser]),
                "Keep it simple: who moves after a right half guess uncovers a first half (S11, 001:38).",
            )
            .for_players(
                (
                    "Keep it simple: turn after a right half guess",
                    "간단 규칙: 절반을 맞힌 뒤 차례",
                    "Einfach gehalten: wer nach einem richtigen halben Tipp dran ist",
                ),
                (
                    "Who plays next when a half guess is right: the player guessed at, or the guesser.",
                    "절반을 맞혔을 때 다음 차례: 지목당한 사람, 또는 맞힌 사람.",
                    "Wer weiterspielt, wenn ein halber Tipp richtig ist: die beschuldigte Person oder wer getippt hat.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "simple_wrong_guess",
                &d.simple_wrong_guess,
                OptionDomain::choice(&[SimpleWrongGuess::GuesserEliminated, SimpleWrongGuess::TurnPassesToAccused]),
                "Keep it simple: a wrong half guess puts the guesser out, or only passes the turn (S11).",
            )
            .for_players(
                ("Keep it simple: a wrong half guess", "간단 규칙: 절반을 틀리면", "Einfach gehalten: ein falscher halber Tipp"),
                (
                    "A wrong half guess puts the guesser out, or only passes the turn.",
                    "절반을 틀리게 맞히면 맞힌 사람이 탈락하거나, 차례만 넘어갑니다.",
                    "Bei einem falschen halben Tipp scheidet aus, wer getippt hat, oder nur der Zug geht weiter.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "question_history",
                &d.question_history,
                OptionDomain::choice(&[QuestionHistory::Full, QuestionHistory::LastN, QuestionHistory::None]),
                "How much of the question log people are shown (S9; views always carry the whole log).",
            )
            .for_players(
                ("Question log", "질문 기록", "Fragenprotokoll"),
                (
                    "How much of the questions and answers so far the table shows: all, the last few, or none (play from memory).",
                    "지금까지의 질문과 답을 얼마나 보여 줄지: 전부, 최근 몇 개, 또는 없음(기억으로 하기).",
                    "Wie viel der Tisch von den bisherigen Fragen und Antworten zeigt: alles, die letzten paar oder nichts (aus dem Gedächtnis spielen).",
                ),
            ),
            OptionDoc::new(
                "question_history_count",
                &d.question_history_count,
                OptionDomain::integer(0, i64::from(u16::MAX)),
                "Entries shown when question_history is \"last_n\".",
            )
            .for_players(
                ("Questions shown", "보여 줄 질문 수", "Gezeigte Fragen"),
                (
                    "With \"the last few\", how many questions are shown.",
                    "\"최근 몇 개\"일 때 보여 줄 질문 수.",
                    "Bei „die letzten paar“: wie viele Fragen gezeigt werden.",
                ),
            )
            .rare(),
            OptionDoc::new(
                "question_limit",
                &d.question_limit,
                OptionDomain::optional(OptionDomain::integer(0, i64::from(u16::MAX))),
                "After this many questions only full-code guesses may be made, so every game ends (not in the book).",
            )
            .for_players(
                ("Question limit", "질문 한도", "Fragengrenze"),
                (
                    "After this many questions in the game, players may only guess whole codes. Empty: no limit, as in the book.",
                    "게임 전체에서 이만큼 질문한 뒤에는 코드 전체 맞히기만 할 수 있습니다. 비우면 한도 없음(규칙서대로).",
                    "Nach so vielen Fragen in der Partie darf nur noch ein ganzer Code getippt werden. Leer: keine Grenze, wie in der Spielregel.",
                ),
            )
            .rare(),
        ]
    }

    /// Bots that only ask would play the book (no limit) for ever: a table without people gets
    /// the `standard-with-limit` rule when it has no limit of its own.
    fn for_bots_only(&self) -> Self {
        Options { question_limit: self.question_limit.or(Some(BOT_TABLE_QUESTION_LIMIT)), ..self.clone() }
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
            Preset {
                name: "standard",
                help: "The rulebook as printed (001): no question limit.",
                options: Options::default(),
            },
            Preset {
                name: "standard-with-limit",
                help: "The rulebook plus one digital-table rule: after 150 questions only whole codes may be guessed, \
                       so that a table of bots always ends (the simulator and bot-only tables use it).",
                options: Options { question_limit: Some(BOT_TABLE_QUESTION_LIMIT), ..Options::default() },
            },
            Preset {
                name: "quick-game",
                help: "Quick Game: every set-aside lock and key lies face up (001:34).",
                options: Options { exposed_locks: Exposure::All, exposed_keys: Exposure::All, ..Options::default() },
            },
            Preset {
                name: "keep-it-simple",
                help: "Keep it simple: guesses may name only a lock or only a key (001:35-40).",
                options: Options { keep_it_simple: true, ..Options::default() },
            },
            Preset {
                name: "memory",
                help: "No notes: people are shown no question log (HCM edition reviews).",
                options: Options { question_history: QuestionHistory::None, ..Options::default() },
            },
            Preset {
                name: "open-eliminations",
                help: "A wrong guesser's code goes face up (North & South card edition).",
                options: Options { reveal_wrong_guesser_code: true, ..Options::default() },
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exposure_reads_numbers_and_all() {
        let o: Options = serde_json::from_str(r#"{"exposed_locks": 2, "exposed_keys": "all"}"#).unwrap_or_default();
        assert_eq!(o.exposed_locks, Exposure::Count(2));
        assert_eq!(o.exposed_keys, Exposure::All);
        assert_eq!(o.exposed_keys.count(3), 3);
        assert!(serde_json::from_str::<Options>(r#"{"exposed_locks": "some"}"#).is_err());
        assert!(serde_json::from_str::<Options>(r#"{"exposed_lock": 1}"#).is_err());
        assert_eq!(serde_json::to_string(&Exposure::Count(2)).ok().as_deref(), Some("2"));
    }

    #[test]
    fn validation_names_the_option() {
        let o = Options { exposed_locks: Exposure::Count(3), ..Options::default() };
        assert!(o.validate(3).is_ok());
        assert_eq!(o.validate(4).map_err(|e| e.code()), Err("bad_option"));
        assert_eq!(Options::default().validate(2).map_err(|e| e.code()), Err("bad_player_count"));
        assert_eq!(
            Options::default().validate(2).map_err(|e| e.to_string()),
            Err("this game takes 3 to 6 players, not 2 (the option `allow_two_players` allows 2)".to_owned()),
            "the refusal names the option that allows two"
        );
        assert_eq!(
            Options::default().validate(7).map_err(|e| e.to_string()),
            Err("this game takes 3 to 6 players, not 7".to_owned()),
            "no option allows seven"
        );
        assert!(Options { allow_two_players: true, ..Options::default() }.validate(2).is_ok());
        assert!(Options::default().validate(7).is_err());
        let o = Options { first_player: Some(Seat(3)), ..Options::default() };
        assert!(o.validate(3).is_err());
        assert!(o.validate(4).is_ok());
    }
}
