//! What the setup page says about each game in every language: its name, a summary, how to play
//! in a few lines, and words for option values and presets.
//!
//! Options' names and one-line help for players come from the game crates themselves
//! (`OptionDoc::label`, `OptionDoc::help_for_players`, in English, Korean and German), so a new
//! option needs no entry here. The rest is in the Fluent files under ids made from the game's and preset's
//! ids: `game-name-<game>`, `game-summary-<game>` (the English as `GameInfo` has it),
//! `how-to-<game>-<n>`, `preset-<game>-<preset>` and its `-help`, `option-value-<value>`.

use crate::i18n::Lang;

/// The game's name in this language.
pub(crate) fn name(game: &str, english: &'static str, lang: Lang) -> &'static str {
    lang.lookup(&format!("game-name-{game}")).unwrap_or(english)
}

/// One sentence about the game.
pub(crate) fn summary(game: &str, english: &'static str, lang: Lang) -> &'static str {
    lang.lookup(&format!("game-summary-{game}")).unwrap_or(english)
}

/// How to play, in a few lines (`how-to-<game>-1`, `-2`... as many as English has).
pub(crate) fn how_to(game: &str, lang: Lang) -> Vec<&'static str> {
    (1..)
        .map_while(|n| Lang::En.lookup(&format!("how-to-{game}-{n}")).map(|_| n))
        .map(|n| lang.text(&format!("how-to-{game}-{n}")))
        .collect()
}

/// A preset in players' words: its display name and one line, in this language (no ids, no
/// citations: the design notes stay in `safehouse rules --design`). `None` for a preset this
/// table does not know yet (a test keeps every game's presets covered).
pub(crate) fn preset_words(game: &str, preset: &str, lang: Lang) -> Option<(&'static str, &'static str)> {
    let id = format!("preset-{game}-{preset}");
    Some((Lang::En.lookup(&id).map(|_| lang.text(&id))?, lang.text(&format!("{id}-help"))))
}

/// An option value in words for players (`"choose_one_safe"` → "on one safe of the taker's choice").
pub(crate) fn value_label(_game: &str, option: &str, value: &serde_json::Value, lang: Lang) -> String {
    use serde_json::Value;
    match value {
        Value::Null if option == "first_player" => lang.text("random").to_owned(),
        Value::Null if option == "question_limit" => lang.text("no-limit").to_owned(),
        Value::Null => lang.text("none").to_owned(),
        Value::Bool(true) => lang.text("yes").to_owned(),
        Value::Bool(false) => lang.text("no").to_owned(),
        Value::Number(n) if option == "first_player" => {
            let seat = n.as_u64().unwrap_or(0) + 1;
            tr!(lang, "seat", seat = seat)
        }
        Value::Number(n) => n.to_string(),
        Value::String(s) => match value_words(s, lang) {
            Some(words) => words.to_owned(),
            None => s.replace('_', " "),
        },
        other => other.to_string(),
    }
}

/// A named option value in words (`option-value-<value>`, `_` written `-`).
fn value_words(value: &str, lang: Lang) -> Option<&'static str> {
    let id = format!("option-value-{}", value.replace('_', "-"));
    Lang::En.lookup(&id).map(|_| lang.text(&id))
}

#[cfg(test)]
mod tests {
    use safehouse_engine::{OptionDoc, OptionDomain};

    use super::*;

    /// Every named value an option can take, through optional and any-of domains.
    fn named_values(domain: &OptionDomain, out: &mut Vec<String>) {
        match domain {
            OptionDomain::Choice { values } => out.extend(values.iter().cloned()),
            OptionDomain::Optional { some } => named_values(some, out),
            OptionDomain::AnyOf { alternatives } => alternatives.iter().for_each(|a| named_values(a, out)),
            OptionDomain::Bool | OptionDomain::Integer { .. } => {}
        }
    }

    /// The languages in which `doc` has no label or no help for players.
    fn missing_words(doc: &OptionDoc) -> Vec<String> {
        let mut missing = Vec::new();
        for lang in Lang::ALL {
            for (what, words) in [("label", &doc.label), ("help", &doc.help_for_players)] {
                if words.in_language(lang.code()).trim().is_empty() {
                    missing.push(format!("no {what} in {}", lang.code()));
                }
            }
        }
        missing
    }

    /// The game crates' words for every option (its name and one line of help) in every
    /// language the table speaks, for every game of the registry.
    #[test]
    fn every_option_of_every_game_has_a_label_in_every_language() {
        for game in safehouse_games::all() {
            for doc in game.option_docs() {
                let missing = missing_words(&doc);
                assert!(missing.is_empty(), "{}.{}: {missing:?}", game.info().id, doc.name);
            }
        }
        // An option without German words is found.
        let untranslated = OptionDoc::new("x", &true, OptionDomain::Bool, "design note")
            .for_players(("Label", "라벨", ""), ("Help", "도움말", "Hilfe"));
        assert_eq!(missing_words(&untranslated), ["no label in de"]);
    }

    #[test]
    fn every_preset_and_named_value_has_players_words_in_every_language() {
        for game in safehouse_games::all() {
            let id = game.info().id;
            for (preset, _, _) in game.presets() {
                for lang in Lang::ALL {
                    let words = preset_words(id, preset, lang);
                    assert!(words.is_some_and(|(n, h)| !n.is_empty() && !h.is_empty()), "{id}: preset {preset}");
                }
            }
            for doc in game.option_docs() {
                let mut values = Vec::new();
                named_values(&doc.domain, &mut values);
                for value in values {
                    assert!(value_words(&value, Lang::En).is_some(), "{id}.{}: no words for {value:?}", doc.name);
                }
            }
        }
    }
}
