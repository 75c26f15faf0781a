//! The options (variants and settled gaps) of Safe Breaker, and its presets.
//!
//! Each option settles a gap of `rules-notes.md` §2.4 (S1-S13); `docs/rules/safe-breaker.md`
//! gives the citations.

use std::fmt;

use safehouse_engine::{GameOptions, OptionDoc, Preset, Seat, SetupError, check_players};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::code::{MAX_PLAYERS, PARTS};

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
    /// every game ends (a digital-table rule; the book has no limit). `None` means no limit.
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
            question_limit: Some(DEFAULT_QUESTION_LIMIT),
        }
    }
}

/// The default question limit: far more than a real game needs (36 questions name every
/// colour-number pair), small enough that a table of bots that only ask still finishes.
pub const DEFAULT_QUESTION_LIMIT: u16 = 150;

impl Options {
    /// Fewest players these options allow.
    pub fn min_players(&self) -> usize {
        if self.allow_two_players { 2 } else { 3 }
    }
}

impl GameOptions for Options {
    fn validate(&self, players: usize) -> Result<(), SetupError> {
        check_players(players, self.min_players(), MAX_PLAYERS)?;
        if let Some(seat) = self.first_player
            && seat.index() >= players
        {
            return Err(SetupError::option(
                "first_player",
                format!("seat {} does not exist at a table of {players}", seat.0),
            ));
        }
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
        vec![
            OptionDoc::new(
                "allow_two_players",
                &d.allow_two_players,
                "true | false",
                "Allow a two-player game (S1: the publishers say 3 to 6; reviews call it unplayable with two).",
            ),
            OptionDoc::new(
                "first_player",
                &d.first_player,
                "null | 0..players-1",
                "The seat that starts; null draws it from the seed (S12, 001:15 \"a player is chosen\").",
            ),
            OptionDoc::new(
                "exposed_locks",
                &d.exposed_locks,
                r#"0..=6-players | "all""#,
                "Quick Game: how many set-aside locks lie face up (S10, 001:34).",
            ),
            OptionDoc::new(
                "exposed_keys",
                &d.exposed_keys,
                r#"0..=6-players | "all""#,
                "Quick Game: how many set-aside keys lie face up (S10, 001:34).",
            ),
            OptionDoc::new(
                "reveal_wrong_guesser_code",
                &d.reveal_wrong_guesser_code,
                "true | false",
                "A wrong guesser's code goes face up (North & South edition) instead of face down (S2, 001:30).",
            ),
            OptionDoc::new(
                "keep_it_simple",
                &d.keep_it_simple,
                "true | false",
                "Keep it simple: a guess may name only the lock or only the key (001:35-40, S11).",
            ),
            OptionDoc::new(
                "turn_after_half_reveal",
                &d.turn_after_half_reveal,
                r#""accused" | "guesser""#,
                "Keep it simple: who moves after a right half guess uncovers a first half (S11, 001:38).",
            ),
            OptionDoc::new(
                "simple_wrong_guess",
                &d.simple_wrong_guess,
                r#""guesser_eliminated" | "turn_passes_to_accused""#,
                "Keep it simple: a wrong half guess puts the guesser out, or only passes the turn (S11).",
            ),
            OptionDoc::new(
                "question_history",
                &d.question_history,
                r#""full" | "last_n" | "none""#,
                "How much of the question log people are shown (S9; views always carry the whole log).",
            ),
            OptionDoc::new(
                "question_history_count",
                &d.question_history_count,
                "0..=65535",
                "Entries shown when question_history is \"last_n\".",
            ),
            OptionDoc::new(
                "question_limit",
                &d.question_limit,
                "null | 0..=65535",
                "After this many questions only full-code guesses may be made, so every game ends (not in the book).",
            ),
        ]
    }

    fn presets() -> Vec<Preset<Self>> {
        vec![
            Preset { name: "standard", help: "The rulebook as printed (001).", options: Options::default() },
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
        assert!(Options { allow_two_players: true, ..Options::default() }.validate(2).is_ok());
        assert!(Options::default().validate(7).is_err());
        let o = Options { first_player: Some(Seat(3)), ..Options::default() };
        assert!(o.validate(3).is_err());
        assert!(o.validate(4).is_ok());
    }
}
