//! Every game's rulebook for players (`GameInfo::players_rules`): written in every language of
//! `RULEBOOK_SECTIONS` (English, Korean, German), each in its own language, with its sections in
//! order, naming every option by its players' label in that language, and free of what belongs in
//! the design notes (citations, gap ids, option ids, file paths). The options' German words are
//! German too.

use safehouse_engine::{DynGame, GameInfo, RULEBOOK_SECTIONS};

/// The level-2 headings of a Markdown text, in order.
fn headings(text: &str) -> Vec<&str> {
    text.lines().filter_map(|line| line.strip_prefix("## ")).map(str::trim).collect()
}

/// The text of the section under `## heading`, up to the next level-2 heading.
fn section<'a>(text: &'a str, heading: &str) -> &'a str {
    let start = text.find(&format!("\n## {heading}\n")).map(|i| i + heading.len() + 5).unwrap_or(text.len());
    let rest = &text[start..];
    &rest[..rest.find("\n## ").unwrap_or(rest.len())]
}

/// Whether the text holds `letters` followed by digits as a word of its own (`C1`, `T11`).
fn has_gap_id(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    for i in 0..chars.len().saturating_sub(1) {
        let before_ok = i == 0 || !chars[i - 1].is_alphanumeric();
        if before_ok && "CSET".contains(chars[i]) && chars[i + 1].is_ascii_digit() {
            let end = (i + 1..chars.len()).find(|&j| !chars[j].is_ascii_digit()).unwrap_or(chars.len());
            if end == chars.len() || !chars[end].is_alphanumeric() {
                return Some(chars[i..end].iter().collect());
            }
        }
    }
    None
}

/// Whether the text holds a rulebook citation such as `000:11` or `004:30`.
fn has_citation(text: &str) -> Option<&str> {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(4))
        .find(|&i| {
            bytes[i..i + 3].iter().all(u8::is_ascii_digit) && bytes[i + 3] == b':' && bytes[i + 4].is_ascii_digit()
        })
        .map(|i| &text[i..i + 5])
}

fn is_hangul(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c)
}

/// The words of a text, in lower case.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

/// Words any English paragraph is full of and German never uses (a German text that is still
/// English, or half English, has them).
const ENGLISH_WORDS: &[&str] = &[
    "the", "and", "you", "your", "with", "when", "which", "of", "is", "are", "to", "at", "it", "on", "be", "can",
    "may", "must", "that", "this", "from", "for", "or", "not", "if", "only", "each", "every", "player", "players",
    "card", "cards", "safe", "safes", "key", "keys", "turn", "row", "rows", "win", "wins",
];

/// Words any German paragraph is full of.
const GERMAN_WORDS: &[&str] = &["und", "der", "die", "das", "ist", "nicht", "eine", "ein", "du", "wer"];

/// Whether the text reads as German: no common English words, and German ones throughout.
fn reads_as_german(text: &str) -> Result<(), String> {
    let words = words(text);
    let english: Vec<&String> = words.iter().filter(|w| ENGLISH_WORDS.contains(&w.as_str())).collect();
    if !english.is_empty() {
        return Err(format!("English words {english:?}"));
    }
    let german = words.iter().filter(|w| GERMAN_WORDS.contains(&w.as_str())).count();
    if german * 10 < words.len() {
        return Err(format!("only {german} common German words in {}", words.len()));
    }
    Ok(())
}

fn rulebooks(info: &GameInfo) -> Vec<(&'static str, &'static str)> {
    info.players_rules.iter().map(|r| (r.lang, r.text)).collect()
}

#[test]
fn every_game_has_a_rulebook_in_every_language_with_the_sections_in_order() {
    for game in safehouse_games::all() {
        let info = game.info();
        let languages: Vec<&str> = info.rulebook_languages().collect();
        assert_eq!(languages.first(), Some(&"en"), "{}: English comes first", info.id);
        for (lang, required) in RULEBOOK_SECTIONS {
            let text = info.rulebook_in(lang).unwrap_or_else(|| panic!("{}: no rulebook in {lang}", info.id));
            assert!(text.starts_with("# "), "{} ({lang}): the rulebook starts with its title", info.id);
            let found = headings(text);
            let mut at = 0;
            for heading in *required {
                match found[at..].iter().position(|h| h == heading) {
                    Some(i) => at += i + 1,
                    None => {
                        panic!("{} ({lang}): no `## {heading}` after the sections before it; found {found:?}", info.id)
                    }
                }
                assert!(
                    section(text, heading).trim().len() > 80,
                    "{} ({lang}): the section `{heading}` says almost nothing",
                    info.id
                );
            }
        }
        assert_eq!(languages.len(), RULEBOOK_SECTIONS.len(), "{}: a rulebook in a language without sections", info.id);
    }
}

#[test]
fn each_rulebook_is_in_its_own_language() {
    for game in safehouse_games::all() {
        for (lang, text) in rulebooks(game.info()) {
            let hangul = text.chars().filter(|&c| is_hangul(c)).count();
            match lang {
                "ko" => assert!(
                    hangul > text.chars().count() / 4,
                    "{}: the Korean rulebook is mostly not Korean",
                    game.info().id
                ),
                _ => assert_eq!(hangul, 0, "{} ({lang}): Korean text in the rulebook", game.info().id),
            }
            if lang == "de" {
                // Keep the game's own names out of the count: "The Safe" is its German name too.
                let text = text.replace(game.info().name, "");
                if let Err(why) = reads_as_german(&text) {
                    panic!("{}: the German rulebook is not all German: {why}", game.info().id);
                }
            }
        }
    }
}

#[test]
fn the_options_section_names_every_option_in_players_words() {
    for game in safehouse_games::all() {
        let info = game.info();
        for (lang, text) in rulebooks(info) {
            let heading = RULEBOOK_SECTIONS.iter().find(|(l, _)| *l == lang).map(|(_, s)| s[4]).unwrap_or("Options");
            let options = section(text, heading);
            for doc in game.option_docs() {
                let label = doc.label.in_language(lang);
                assert!(
                    options.contains(&format!("**{label}")),
                    "{} ({lang}): the options section does not describe `{}` by its label \"{label}\"",
                    info.id,
                    doc.name
                );
            }
        }
    }
}

#[test]
fn rulebooks_hold_no_design_notes() {
    for game in safehouse_games::all() {
        let info = game.info();
        let docs = game.option_docs();
        for (lang, text) in rulebooks(info) {
            let id = info.id;
            assert_eq!(has_citation(text), None, "{id} ({lang}): a rulebook citation");
            assert_eq!(has_gap_id(text), None, "{id} ({lang}): a gap id");
            for word in ["null", "docs/", ".rs", "src/", "Tests and measurements", "JSON"] {
                assert!(!text.contains(word), "{id} ({lang}): `{word}` belongs in the design notes");
            }
            for doc in docs.iter().filter(|d| d.name.contains('_')) {
                assert!(!text.contains(&doc.name), "{id} ({lang}): the option id `{}`", doc.name);
            }
        }
    }
}

#[test]
fn a_language_tag_finds_its_rulebook_and_anything_else_reads_english() {
    let game: &dyn DynGame = safehouse_games::find("cash").expect("cash").game;
    let info = game.info();
    let ko = info.rulebook_in("ko").expect("Korean");
    assert_eq!(info.rulebook("ko-KR"), ko);
    assert_eq!(info.rulebook("KO_kr"), ko);
    let de = info.rulebook_in("de").expect("German");
    assert_eq!(info.rulebook("de-AT"), de);
    assert_ne!(de, info.rulebook("en"));
    assert_eq!(info.rulebook("fr"), info.rulebook("en"));
    assert_eq!(info.rulebook_in("fr"), None);
    assert!(info.rulebook("").starts_with("# Club Unlock"));
}

/// Every option's players' words in German are German: present, not the English (a game crate
/// that copied the English into the German slot compiles, so this is where it fails).
#[test]
fn every_option_has_its_own_german_words() {
    for game in safehouse_games::all() {
        let id = game.info().id;
        for doc in game.option_docs() {
            for (what, words) in [("label", &doc.label), ("help", &doc.help_for_players)] {
                assert!(!words.de.trim().is_empty(), "{id}.{}: no German {what}", doc.name);
                assert_ne!(words.de, words.en, "{id}.{}: the German {what} is the English", doc.name);
                assert!(
                    !words.de.chars().any(is_hangul) && !words.en.chars().any(is_hangul),
                    "{id}.{}: Korean in the German or English {what}",
                    doc.name
                );
                let english: Vec<String> =
                    self::words(&words.de).into_iter().filter(|w| ENGLISH_WORDS.contains(&w.as_str())).collect();
                assert!(english.is_empty(), "{id}.{}: English words {english:?} in the German {what}", doc.name);
            }
        }
    }
}

#[test]
fn the_german_check_can_fail() {
    assert!(reads_as_german("Du bist dran, und wer nicht kann, passt: das ist die Regel.").is_ok());
    assert!(reads_as_german("You take the key and end your turn.").is_err());
    assert!(reads_as_german("Du nimmst einen Schlüssel, and that ends your Zug.").is_err());
    assert!(reads_as_german("Schlüssel Tresor Stapel Farbe Karte Reihe Code Bonus Runde Mission").is_err());
}

#[test]
fn the_gap_and_citation_checks_can_fail() {
    assert_eq!(has_gap_id("see T11 here").as_deref(), Some("T11"));
    assert_eq!(has_gap_id("(C1)").as_deref(), Some("C1"));
    assert_eq!(has_gap_id("row C holds 7 cards, mission 5"), None);
    assert!(has_citation("as 004:30 says").is_some());
    assert_eq!(has_citation("3 + 7 = 10: 12"), None);
}
