//! Options described for people and programs: each option's name, default, typed domain (the
//! values it takes), the design note with citations, and the players' words for the setup page.
//!
//! The domain is data, not text: `safehouse rules` and the docs render it as text
//! ([`OptionDomain`]'s `Display`), the web builds form fields from it, and tests derive every
//! value it allows and set up a game with each, so nothing documented can be refused.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// An end of an integer range: a number, or a number that follows the size of the table.
///
/// JSON: a plain number, `{"players_plus": -1}` (the last seat) or `{"minus_players": 6}`
/// (six less the number of players).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Bound {
    /// This number, whatever the table.
    Fixed(i64),
    /// The number of players plus this (`-1`: the highest seat number).
    PlayersPlus {
        /// What is added to the number of players.
        players_plus: i64,
    },
    /// This less the number of players (`6`: parts left over when each player holds one of six).
    MinusPlayers {
        /// What the number of players is taken from.
        minus_players: i64,
    },
}

impl Bound {
    /// The bound at a table of `players`.
    pub fn at(self, players: usize) -> i64 {
        let players = i64::try_from(players).unwrap_or(i64::MAX);
        match self {
            Bound::Fixed(n) => n,
            Bound::PlayersPlus { players_plus } => players.saturating_add(players_plus),
            Bound::MinusPlayers { minus_players } => minus_players.saturating_sub(players),
        }
    }

    /// Whether the bound depends on the number of players.
    pub fn follows_players(self) -> bool {
        !matches!(self, Bound::Fixed(_))
    }
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Bound::Fixed(n) => write!(f, "{n}"),
            Bound::PlayersPlus { players_plus: 0 } => f.write_str("players"),
            Bound::PlayersPlus { players_plus } if players_plus < 0 => write!(f, "players-{}", -players_plus),
            Bound::PlayersPlus { players_plus } => write!(f, "players+{players_plus}"),
            Bound::MinusPlayers { minus_players } => write!(f, "{minus_players}-players"),
        }
    }
}

/// The values an option takes, as JSON.
///
/// JSON: `{"kind": "bool"}`, `{"kind": "integer", "min": 0, "max": 10}`,
/// `{"kind": "choice", "values": ["lose", "retry_mission"]}`,
/// `{"kind": "optional", "some": {...}}` (`null` or a value of `some`), and
/// `{"kind": "any_of", "alternatives": [...]}` (a value of any alternative).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OptionDomain {
    /// `true` or `false`.
    Bool,
    /// A whole number from `min` to `max`, both included.
    Integer {
        /// The smallest value.
        min: Bound,
        /// The largest value.
        max: Bound,
    },
    /// One of these strings.
    Choice {
        /// The strings, as the options' JSON spells them.
        values: Vec<String>,
    },
    /// `null` (the option is off or left to chance), or a value of `some`.
    Optional {
        /// The values besides `null`.
        some: Box<OptionDomain>,
    },
    /// A value of any of the alternatives (e.g. a number or `"all"`).
    AnyOf {
        /// The alternatives.
        alternatives: Vec<OptionDomain>,
    },
}

/// Ranges wider than this are represented by their ends and a few values near them when
/// values are listed ([`OptionDomain::sample_values`]).
const SMALL_RANGE: i64 = 16;

impl OptionDomain {
    /// A whole number in a fixed range.
    pub fn integer(min: i64, max: i64) -> Self {
        OptionDomain::Integer { min: Bound::Fixed(min), max: Bound::Fixed(max) }
    }

    /// A seat number of the table: `0..=players-1`.
    pub fn seat() -> Self {
        OptionDomain::Integer { min: Bound::Fixed(0), max: Bound::PlayersPlus { players_plus: -1 } }
    }

    /// `null` or a value of `some`.
    pub fn optional(some: OptionDomain) -> Self {
        OptionDomain::Optional { some: Box::new(some) }
    }

    /// One of `values`, each spelled as its own serde form (so docs and parser cannot disagree).
    ///
    /// A value that does not serialise to a JSON string is left out; the docs test of each game
    /// then fails because the option's default is not in its domain.
    pub fn choice<T: Serialize>(values: &[T]) -> Self {
        let values = values
            .iter()
            .filter_map(|v| match serde_json::to_value(v) {
                Ok(Value::String(s)) => Some(s),
                _ => None,
            })
            .collect();
        OptionDomain::Choice { values }
    }

    /// Whether `value` is in the domain at a table of `players`.
    pub fn contains(&self, value: &Value, players: usize) -> bool {
        match self {
            OptionDomain::Bool => value.is_boolean(),
            OptionDomain::Integer { min, max } => {
                value.as_i64().is_some_and(|n| (min.at(players)..=max.at(players)).contains(&n))
            }
            OptionDomain::Choice { values } => value.as_str().is_some_and(|s| values.iter().any(|v| v == s)),
            OptionDomain::Optional { some } => value.is_null() || some.contains(value, players),
            OptionDomain::AnyOf { alternatives } => alternatives.iter().any(|a| a.contains(value, players)),
        }
    }

    /// The values of the domain at a table of `players`, every one for small domains; a range
    /// wider than 16 gives its two lowest and two highest values.
    pub fn sample_values(&self, players: usize) -> Vec<Value> {
        match self {
            OptionDomain::Bool => vec![Value::Bool(false), Value::Bool(true)],
            OptionDomain::Integer { min, max } => {
                let (lo, hi) = (min.at(players), max.at(players));
                if hi < lo {
                    Vec::new()
                } else if hi - lo <= SMALL_RANGE {
                    (lo..=hi).map(Value::from).collect()
                } else {
                    [lo, lo + 1, hi - 1, hi].into_iter().map(Value::from).collect()
                }
            }
            OptionDomain::Choice { values } => values.iter().cloned().map(Value::String).collect(),
            OptionDomain::Optional { some } => {
                std::iter::once(Value::Null).chain(some.sample_values(players)).collect()
            }
            OptionDomain::AnyOf { alternatives } => {
                alternatives.iter().flat_map(|a| a.sample_values(players)).collect()
            }
        }
    }
}

/// The domain as people read it: `true | false`, `0..=10`, `null | 0..=players-1`,
/// `"lose" | "retry_mission"`.
impl fmt::Display for OptionDomain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionDomain::Bool => f.write_str("true | false"),
            OptionDomain::Integer { min, max } => write!(f, "{min}..={max}"),
            OptionDomain::Choice { values } => {
                for (i, v) in values.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" | ")?;
                    }
                    write!(f, "\"{v}\"")?;
                }
                Ok(())
            }
            OptionDomain::Optional { some } => write!(f, "null | {some}"),
            OptionDomain::AnyOf { alternatives } => {
                for (i, a) in alternatives.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" | ")?;
                    }
                    write!(f, "{a}")?;
                }
                Ok(())
            }
        }
    }
}

/// A line in each language the tables speak (English, Korean, German). Each language is a field,
/// not an entry in a map, so a game that forgets one of them does not compile.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Words {
    /// English.
    pub en: String,
    /// Korean.
    pub ko: String,
    /// German.
    pub de: String,
}

impl Words {
    /// The same thing said in English, in Korean and in German.
    pub fn new(en: &str, ko: &str, de: &str) -> Self {
        Words { en: en.to_owned(), ko: ko.to_owned(), de: de.to_owned() }
    }

    /// The words in `lang` (a tag such as `ko` or `de-AT`, any case); English for any other language.
    pub fn in_language(&self, lang: &str) -> &str {
        let primary = lang.trim().split(['-', '_']).next().unwrap_or("");
        if primary.eq_ignore_ascii_case("ko") {
            &self.ko
        } else if primary.eq_ignore_ascii_case("de") {
            &self.de
        } else {
            &self.en
        }
    }
}

/// One option of a game, described for people (`safehouse rules`, `/api/games`, the setup page).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionDoc {
    /// The option's name as it appears in JSON.
    pub name: String,
    /// Its default value, as the options' JSON has it.
    pub default: Value,
    /// The values it takes.
    pub domain: OptionDomain,
    /// The design note: what it does and where the rule comes from (citations, gap ids).
    pub help: String,
    /// Its name for players, in each language (no ids, no citations).
    pub label: Words,
    /// One line for players saying what it does, in each language (no citations).
    pub help_for_players: Words,
    /// Rarely changed: the setup page folds it under "More rules".
    #[serde(default)]
    pub rare: bool,
}

impl OptionDoc {
    /// Describes an option whose default is `default` (serialised to JSON). Its words for
    /// players start as its name and the design note; [`OptionDoc::for_players`] sets them.
    pub fn new(name: &str, default: &impl Serialize, domain: OptionDomain, help: &str) -> Self {
        OptionDoc {
            name: name.to_owned(),
            default: serde_json::to_value(default).unwrap_or(Value::Null),
            domain,
            help: help.to_owned(),
            label: Words::new(&name.replace('_', " "), &name.replace('_', " "), &name.replace('_', " ")),
            help_for_players: Words::new(help, help, help),
            rare: false,
        }
    }

    /// The option's name and one line for players: `(english, korean, german)` each.
    pub fn for_players(mut self, label: (&str, &str, &str), help: (&str, &str, &str)) -> Self {
        self.label = Words::new(label.0, label.1, label.2);
        self.help_for_players = Words::new(help.0, help.1, help.2);
        self
    }

    /// Marks the option as rarely changed (folded away on the setup page).
    pub fn rare(mut self) -> Self {
        self.rare = true;
        self
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn domains_read_as_text_and_json() {
        let seat = OptionDomain::optional(OptionDomain::seat());
        assert_eq!(seat.to_string(), "null | 0..=players-1");
        assert_eq!(
            serde_json::to_value(&seat).ok(),
            Some(json!({"kind": "optional", "some": {"kind": "integer", "min": 0, "max": {"players_plus": -1}}}))
        );
        let exposure = OptionDomain::AnyOf {
            alternatives: vec![
                OptionDomain::Integer { min: Bound::Fixed(0), max: Bound::MinusPlayers { minus_players: 6 } },
                OptionDomain::choice(&["all"]),
            ],
        };
        assert_eq!(exposure.to_string(), r#"0..=6-players | "all""#);
        let back: OptionDomain =
            serde_json::from_value(serde_json::to_value(&exposure).unwrap_or_default()).unwrap_or(OptionDomain::Bool);
        assert_eq!(back, exposure);
        assert_eq!(OptionDomain::Bool.to_string(), "true | false");
        assert_eq!(OptionDomain::choice(&["a", "b_c"]).to_string(), r#""a" | "b_c""#);
    }

    #[test]
    fn words_are_read_in_the_asked_language() {
        let words = Words::new("Who starts", "시작하는 사람", "Wer beginnt");
        assert_eq!(words.in_language("ko-KR"), "시작하는 사람");
        assert_eq!(words.in_language("DE_at"), "Wer beginnt");
        assert_eq!(words.in_language("en"), "Who starts");
        assert_eq!(words.in_language("fr"), "Who starts");
    }

    #[test]
    fn values_follow_the_table() {
        let seat = OptionDomain::optional(OptionDomain::seat());
        assert_eq!(seat.sample_values(3), vec![json!(null), json!(0), json!(1), json!(2)]);
        assert!(seat.contains(&json!(2), 3));
        assert!(!seat.contains(&json!(3), 3));
        assert!(!seat.contains(&json!("2"), 3));
        let wide = OptionDomain::integer(5, 1000);
        assert_eq!(wide.sample_values(4), vec![json!(5), json!(6), json!(999), json!(1000)]);
        let exposure = OptionDomain::Integer { min: Bound::Fixed(0), max: Bound::MinusPlayers { minus_players: 6 } };
        assert_eq!(exposure.sample_values(4), vec![json!(0), json!(1), json!(2)]);
        assert!(OptionDomain::choice(&["x"]).contains(&json!("x"), 1));
    }
}
