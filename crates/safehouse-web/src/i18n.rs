//! The table's languages: English, Korean and German, each in one Fluent file.
//!
//! Every string a person reads is a message in `locales/<code>.ftl` ([Project Fluent]), looked
//! up by an id named for what it says: `lang.text("your-turn")` for fixed text and
//! [`tr!`](crate::tr)`(lang, "seat-n", n = 3)` for text with values. Each language's file is its
//! own text, not a word-for-word table, and Fluent's selectors give each language its own plural
//! rules (`{ $count -> [one] 1 safe *[other] { $count } safes }` in English, one form in Korean,
//! `Tresor`/`Tresore` in German). The game words follow the rulebooks of each edition where
//! there is one (CASH: 금고, 열쇠, 보너스; Explosiv: 폭발 카드, 서류 가방; the German editions:
//! Tresor, Schlüssel, Koffer, Bombe).
//!
//! A new language is a new file `locales/<code>.ftl` with every message of `locales/en.ftl`,
//! plus one variant of [`Lang`] and its row in `LANGUAGES` below (tag, own name, file). The
//! tests check that every id the code uses is in every file, that no file has ids the code does
//! not use, and that every message formats with the values the code gives it without a Fluent
//! error.
//!
//! The language comes from `?lang=`, then the `lang` cookie, then the browser's
//! `Accept-Language`; `/lang/{code}` switches it at any time and returns to the page.
//!
//! [Project Fluent]: https://projectfluent.org/

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use axum::http::{HeaderMap, header};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use crate::cookies;

/// A language of the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Korean.
    Ko,
    /// German.
    De,
}

/// One language: its tag, its own name and its messages.
struct Language {
    lang: Lang,
    code: &'static str,
    name: &'static str,
    ftl: &'static str,
}

/// Every language, in the order of [`Lang`]'s variants (English first: it is the fallback).
const LANGUAGES: [Language; 3] = [
    Language { lang: Lang::En, code: "en", name: "English", ftl: include_str!("../locales/en.ftl") },
    Language { lang: Lang::Ko, code: "ko", name: "한국어", ftl: include_str!("../locales/ko.ftl") },
    Language { lang: Lang::De, code: "de", name: "Deutsch", ftl: include_str!("../locales/de.ftl") },
];

/// A language's messages.
type Bundle = FluentBundle<FluentResource>;

/// Builds a language's bundle; a file that does not parse is a bug the tests catch.
fn bundle(language: &Language) -> Bundle {
    let id = language.code.parse().expect("a language tag");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // No Unicode isolation marks around values: the pages set `lang` and `dir` themselves, and
    // the marks would end up in attributes, titles and the terminal.
    bundle.set_use_isolating(false);
    bundle.add_builtins().expect("Fluent's built-in functions");
    bundle
        .add_function("JOSA", |positional, _named| match positional {
            [word, FluentValue::String(particle)] => FluentValue::from(josa(&value_text(word), particle)),
            _ => FluentValue::Error,
        })
        .expect("the JOSA function");
    let resource = FluentResource::try_new(language.ftl.to_owned())
        .unwrap_or_else(|(_, errors)| panic!("locales/{}.ftl does not parse: {errors:?}", language.code));
    bundle
        .add_resource(resource)
        .unwrap_or_else(|errors| panic!("locales/{}.ftl has a message twice: {errors:?}", language.code));
    bundle
}

static BUNDLES: LazyLock<Vec<Bundle>> = LazyLock::new(|| LANGUAGES.iter().map(bundle).collect());

/// The messages without values, formatted once, so fixed text is a `&'static str`.
static FIXED: LazyLock<Vec<HashMap<String, String>>> = LazyLock::new(|| {
    BUNDLES
        .iter()
        .zip(&LANGUAGES)
        .map(|(bundle, language)| {
            message_ids(language.ftl)
                .into_iter()
                .filter_map(|id| format_in(bundle, &id, None).map(|text| (id, text)))
                .collect()
        })
        .collect()
});

/// The ids of the messages of a Fluent file (not its `-terms`).
pub(crate) fn message_ids(ftl: &str) -> Vec<String> {
    // A message starts a line with its id and `=`; comments, terms (`-id`), attributes and the
    // lines of a long pattern start otherwise.
    ftl.lines()
        .filter_map(|line| {
            let (id, _) = line.split_once(" =")?;
            let mut chars = id.chars();
            (chars.next()?.is_ascii_alphabetic() && chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                .then(|| id.to_owned())
        })
        .collect()
}

/// A Fluent value as text (a number as Fluent writes it).
fn value_text(value: &FluentValue<'_>) -> String {
    match value {
        FluentValue::String(text) => text.to_string(),
        FluentValue::Number(number) => number.as_string().into_owned(),
        _ => String::new(),
    }
}

/// `word` followed by the Korean particle `particle` (given in its form after a final
/// consonant: `을`, `이`, `은`, `과` or `으로`) in the form its last syllable takes: "5를",
/// "1을", "빨강이", "파랑으로", "칠로". A word whose reading the code cannot tell (a Latin name,
/// say) gets both forms, as Korean writes them: "Bob을(를)". Korean messages write
/// `{ JOSA($card, "을") }` for `{ $card }을(를)`.
pub(crate) fn josa(word: &str, particle: &str) -> String {
    let (after_consonant, after_vowel) = match particle {
        "을" => ("을", "를"),
        "이" => ("이", "가"),
        "은" => ("은", "는"),
        "과" => ("과", "와"),
        "으로" => ("으로", "로"),
        other => return format!("{word}{other}"),
    };
    // The final consonant of the last letter or digit's Korean reading: none (0), ㄹ (8), or
    // another (any other index of the 27 finals).
    let last = word.chars().rev().find(|c| c.is_alphanumeric());
    let final_consonant = match last {
        Some(c @ '가'..='힣') => Some((u32::from(c) - 0xAC00) % 28),
        // 영 일 이 삼 사 오 육 칠 팔 구
        Some(c @ '0'..='9') => Some([21, 8, 0, 16, 0, 0, 1, 8, 8, 0][c as usize - '0' as usize]),
        _ => None,
    };
    let form = match final_consonant {
        None if particle == "으로" => return format!("{word}(으)로"),
        None => return format!("{word}{after_consonant}({after_vowel})"),
        Some(0) => after_vowel,
        // After ㄹ, "으로" is "로" (칠로), the others take their consonant form (칠을).
        Some(8) if particle == "으로" => after_vowel,
        Some(_) => after_consonant,
    };
    format!("{word}{form}")
}

/// Formats a message of one bundle; `None` if the bundle lacks it or formatting failed.
fn format_in(bundle: &Bundle, id: &str, args: Option<&FluentArgs<'_>>) -> Option<String> {
    let pattern = bundle.get_message(id)?.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    errors.is_empty().then(|| text.into_owned())
}

impl Lang {
    /// Every language.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Ko, Lang::De];

    fn language(self) -> &'static Language {
        &LANGUAGES[self as usize]
    }

    /// The language tag (`en`, `ko`, `de`).
    pub fn code(self) -> &'static str {
        self.language().code
    }

    /// The language's own name.
    pub fn name(self) -> &'static str {
        self.language().name
    }

    /// This language's Fluent file.
    pub fn ftl(self) -> &'static str {
        self.language().ftl
    }

    /// Reads a tag (`en`, `ko`, `ko-KR`, `de-AT`...).
    pub fn parse(tag: &str) -> Option<Lang> {
        let tag = tag.trim().to_ascii_lowercase();
        let primary = tag.split(['-', '_']).next().unwrap_or("");
        LANGUAGES.iter().find(|l| l.code == primary).map(|l| l.lang)
    }

    /// The language of a request: `?lang=`, the page's own language (the script's
    /// `X-Safehouse-Lang` header), the cookie, then `Accept-Language`.
    pub fn of_request(headers: &HeaderMap, query: Option<&str>) -> Lang {
        if let Some(lang) = query.and_then(Lang::parse) {
            return lang;
        }
        if let Some(lang) = headers.get("x-safehouse-lang").and_then(|v| v.to_str().ok()).and_then(Lang::parse) {
            return lang;
        }
        if let Some(lang) = cookies::get(headers, "lang").as_deref().and_then(Lang::parse) {
            return lang;
        }
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').filter_map(|part| Lang::parse(part.split(';').next().unwrap_or(""))).next())
            .unwrap_or_default()
    }

    /// A message without values in this language (English if this language lacks it, the id
    /// itself if no file has it: the tests keep both from happening).
    pub fn text(self, id: &str) -> &'static str {
        let fixed = &*FIXED;
        if let Some(text) = fixed[self as usize].get(id).or_else(|| fixed[0].get(id)) {
            return text.as_str();
        }
        debug_assert!(false, "no message {id:?} without values");
        ""
    }

    /// A message without values, if this language has it.
    pub(crate) fn lookup(self, id: &str) -> Option<&'static str> {
        FIXED[self as usize].get(id).map(String::as_str)
    }

    /// A message with values in this language (English if this language lacks it); prefer
    /// [`tr!`](crate::tr).
    pub fn format(self, id: &str, args: Vec<(&'static str, FluentValue<'static>)>) -> String {
        let args: FluentArgs<'static> = args.into_iter().collect();
        let bundles = &*BUNDLES;
        format_in(&bundles[self as usize], id, Some(&args))
            .or_else(|| format_in(&bundles[0], id, Some(&args)))
            .unwrap_or_else(|| {
                debug_assert!(false, "message {id:?} does not format with {args:?}");
                id.to_owned()
            })
    }

    /// The formatting errors of a message with these values, for the tests (`None` if the
    /// language has no such message).
    #[cfg(test)]
    pub(crate) fn errors(self, id: &str, names: &[&'static str]) -> Option<Vec<String>> {
        let bundle = &BUNDLES[self as usize];
        let pattern = bundle.get_message(id)?.value()?;
        let args: FluentArgs<'static> = names.iter().map(|name| (*name, FluentValue::from(2))).collect();
        let mut errors = Vec::new();
        let _ = bundle.format_pattern(pattern, (!names.is_empty()).then_some(&args), &mut errors);
        Some(errors.iter().map(ToString::to_string).collect())
    }

    /// The other languages (what the switch offers).
    pub fn others(self) -> impl Iterator<Item = Lang> {
        Lang::ALL.into_iter().filter(move |lang| *lang != self)
    }
}

/// A value for a message: a number (plural rules select on it) or a text.
pub trait Arg {
    /// The value as Fluent sees it.
    fn into_arg(self) -> FluentValue<'static>;
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl Arg for $t {
            fn into_arg(self) -> FluentValue<'static> {
                FluentValue::from(self)
            }
        }
        impl Arg for &$t {
            fn into_arg(self) -> FluentValue<'static> {
                FluentValue::from(*self)
            }
        }
    )*};
}
number_args!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, f64);

impl Arg for String {
    fn into_arg(self) -> FluentValue<'static> {
        FluentValue::String(Cow::Owned(self))
    }
}

impl Arg for &String {
    fn into_arg(self) -> FluentValue<'static> {
        FluentValue::String(Cow::Owned(self.clone()))
    }
}

impl Arg for &str {
    fn into_arg(self) -> FluentValue<'static> {
        FluentValue::String(Cow::Owned(self.to_owned()))
    }
}

impl Arg for Cow<'_, str> {
    fn into_arg(self) -> FluentValue<'static> {
        FluentValue::String(Cow::Owned(self.into_owned()))
    }
}

impl Arg for char {
    fn into_arg(self) -> FluentValue<'static> {
        FluentValue::String(Cow::Owned(self.to_string()))
    }
}

/// Formats a message with values: `tr!(lang, "seat-n", n = 3)` (the names are the message's
/// `$variables`).
#[macro_export]
#[doc(hidden)]
macro_rules! tr {
    ($lang:expr, $id:literal $(, $name:ident = $arg:expr)* $(,)?) => {
        $lang.format($id, vec![$((stringify!($name), $crate::i18n::Arg::into_arg($arg))),*])
    };
}

/// Numbers for people: seats are numbered from 1 on the page (the engine counts from 0).
pub(crate) fn seat_number(seat: u8) -> u16 {
    u16::from(seat) + 1
}

/// A bot level in words.
pub(crate) fn difficulty(lang: Lang, level: &str) -> &'static str {
    match level {
        "easy" => lang.text("bot-level-easy"),
        "medium" => lang.text("bot-level-medium"),
        "hard" => lang.text("bot-level-hard"),
        _ => lang.text("bot-level-unknown"),
    }
}

/// An ordinal place (1st, 2nd... / 1위 / 1.).
pub(crate) fn place(lang: Lang, rank: u8) -> String {
    tr!(lang, "place", rank = rank)
}

/// A list joined for people ("a, b and c" / "a, b, c" / "a, b und c").
pub(crate) fn join_list(lang: Lang, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [rest @ .., last] => tr!(lang, "list-last", rest = rest.join(lang.text("list-separator")), last = last),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use axum::http::HeaderValue;

    use super::*;

    #[test]
    fn language_of_a_request() {
        let mut headers = HeaderMap::new();
        assert_eq!(Lang::of_request(&headers, None), Lang::En);
        headers.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_static("ko-KR,ko;q=0.9,en;q=0.8"));
        assert_eq!(Lang::of_request(&headers, None), Lang::Ko);
        headers.insert(header::COOKIE, HeaderValue::from_static("lang=en"));
        assert_eq!(Lang::of_request(&headers, None), Lang::En);
        assert_eq!(Lang::of_request(&headers, Some("ko")), Lang::Ko);
        assert_eq!(Lang::of_request(&headers, Some("fr")), Lang::En);
        assert_eq!(Lang::of_request(&headers, Some("de-AT")), Lang::De);
        headers.insert("x-safehouse-lang", HeaderValue::from_static("ko"));
        assert_eq!(Lang::of_request(&headers, None), Lang::Ko, "the page's own language wins over the cookie");
    }

    #[test]
    fn korean_particles_follow_the_last_syllable() {
        // Numbers as Korean reads them: 일 이 삼 사 오 육 칠 팔 구 영.
        let objects: Vec<String> =
            ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"].iter().map(|n| josa(n, "을")).collect();
        assert_eq!(objects, ["1을", "2를", "3을", "4를", "5를", "6을", "7을", "8을", "9를", "0을"]);
        assert_eq!(
            (josa("빨강", "이"), josa("파랑", "은"), josa("노랑", "과")),
            ("빨강이".into(), "파랑은".into(), "노랑과".into())
        );
        assert_eq!(
            (josa("보라", "이"), josa("캐롤", "이"), josa("하나", "은")),
            ("보라가".into(), "캐롤이".into(), "하나는".into())
        );
        // "으로" after a vowel and after ㄹ is "로"; after any other final consonant "으로".
        assert_eq!(
            (josa("+2", "으로"), josa("+7", "으로"), josa("+3", "으로")),
            ("+2로".into(), "+7로".into(), "+3으로".into())
        );
        assert_eq!(josa("빨강 3", "을"), "빨강 3을", "the last letter or digit counts");
        // A word the code cannot read gets both forms, as Korean writes them.
        assert_eq!((josa("Bob", "을"), josa("Bob", "으로")), ("Bob을(를)".into(), "Bob(으)로".into()));
        assert_eq!(tr!(Lang::Ko, "explosiv-place-card-on-row", card = 5, row = "A"), "5를 A줄에 놓기");
        assert_eq!(tr!(Lang::Ko, "explosiv-place-card-on-row", card = 8, row = "A"), "8을 A줄에 놓기");
    }

    #[test]
    fn words_with_values_and_plurals() {
        assert_eq!(tr!(Lang::En, "seat-n", n = 3), "Seat 3");
        assert_eq!(tr!(Lang::Ko, "seat-n", n = 3), "3번 자리");
        assert_eq!(tr!(Lang::De, "seat-n", n = 3), "Platz 3");
        assert_eq!(place(Lang::De, 2), "2.");
        assert_eq!(join_list(Lang::De, &["a".into(), "b".into(), "c".into()]), "a, b und c");
        assert_eq!(tr!(Lang::De, "explosiv-cards-in-hand", count = 1), "1 Karte auf der Hand");
        assert_eq!(tr!(Lang::De, "explosiv-cards-in-hand", count = 2), "2 Karten auf der Hand");
        assert_eq!(place(Lang::En, 2), "2nd");
        assert_eq!(place(Lang::En, 11), "11th");
        assert_eq!(place(Lang::En, 23), "23rd");
        assert_eq!(place(Lang::Ko, 1), "1위");
        assert_eq!(join_list(Lang::En, &["a".into(), "b".into(), "c".into()]), "a, b and c");
        assert_eq!(join_list(Lang::Ko, &["a".into(), "b".into(), "c".into()]), "a, b, c");
        assert_eq!(tr!(Lang::En, "explosiv-cards-in-hand", count = 1), "1 card in hand");
        assert_eq!(tr!(Lang::En, "explosiv-cards-in-hand", count = 0), "0 cards in hand");
        assert_eq!(tr!(Lang::En, "explosiv-cards-in-hand", count = 5), "5 cards in hand");
        assert_eq!(tr!(Lang::Ko, "explosiv-cards-in-hand", count = 5), "손에 5장");
        assert_eq!(Lang::En.text("explosiv-pass"), "Pass", "fixed text");
    }

    /// The ids the code names as literals (in `text`, `lookup` and `tr!` calls)
    /// with the names of the values each `tr!` gives; ids made with `format!` are added by
    /// [`dynamic_ids`].
    fn ids_in_code() -> BTreeMap<String, BTreeSet<String>> {
        let mut files = Vec::new();
        let mut dirs = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("src") {
                let path = entry.expect("an entry").path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    files.push(std::fs::read_to_string(&path).expect("a source file"));
                }
            }
        }
        let mut used: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let is_id =
            |id: &str| !id.is_empty() && id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        for src in &files {
            for opener in [".text(\"", ".lookup(\""] {
                for (at, _) in src.match_indices(opener) {
                    let rest = &src[at + opener.len()..];
                    let id = &rest[..rest.find('"').unwrap_or(0)];
                    if is_id(id) {
                        used.entry(id.to_owned()).or_default();
                    }
                }
            }
            for (at, _) in src.match_indices("tr!(") {
                // The arguments up to the closing parenthesis, split at top-level commas.
                let (mut depth, mut in_str, mut end) = (0usize, false, at + 3);
                for (i, c) in src[at + 3..].char_indices() {
                    match c {
                        '"' if !src[..at + 3 + i].ends_with('\\') => in_str = !in_str,
                        '(' | '[' | '{' if !in_str => depth += 1,
                        ')' | ']' | '}' if !in_str => {
                            depth -= 1;
                            if depth == 0 {
                                end = at + 3 + i;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                let inner = &src[at + 4..end];
                let (mut parts, mut depth, mut in_str, mut start) = (Vec::new(), 0usize, false, 0);
                for (i, c) in inner.char_indices() {
                    match c {
                        '"' => in_str = !in_str,
                        '(' | '[' | '{' | '|' if !in_str && c != '|' => depth += 1,
                        ')' | ']' | '}' if !in_str => depth = depth.saturating_sub(1),
                        ',' if !in_str && depth == 0 => {
                            parts.push(inner[start..i].trim());
                            start = i + 1;
                        }
                        _ => {}
                    }
                }
                parts.push(inner[start..].trim());
                let Some(id) = parts.get(1).and_then(|p| p.strip_prefix('"')).and_then(|p| p.strip_suffix('"')) else {
                    continue;
                };
                if !is_id(id) || parts.get(2).is_some_and(|p| p.starts_with('"')) {
                    continue;
                }
                let names = used.entry(id.to_owned()).or_default();
                for part in &parts[2..] {
                    if let Some((name, _)) = part.split_once(" = ") {
                        names.insert(name.trim().to_owned());
                    }
                }
            }
        }
        used
    }

    /// The ids made from the games' own ids (`games/text.rs`): every game, preset and named
    /// option value.
    fn dynamic_ids() -> BTreeSet<String> {
        let mut ids = BTreeSet::new();
        let english = message_ids(Lang::En.ftl());
        for game in safehouse_games::all() {
            let id = game.info().id;
            ids.insert(format!("game-name-{id}"));
            ids.insert(format!("game-summary-{id}"));
            ids.extend(
                english
                    .iter()
                    .filter(|m| m.strip_prefix(&format!("how-to-{id}-")).is_some_and(|n| n.parse::<u8>().is_ok()))
                    .cloned(),
            );
            for (preset, _, _) in game.presets() {
                ids.insert(format!("preset-{id}-{preset}"));
                ids.insert(format!("preset-{id}-{preset}-help"));
            }
        }
        ids.extend(english.iter().filter(|m| m.starts_with("option-value-")).cloned());
        ids
    }

    #[test]
    fn every_language_has_every_message_the_code_uses_and_no_other() {
        let mut used: BTreeSet<String> = ids_in_code().into_keys().collect();
        used.extend(dynamic_ids());
        for language in &LANGUAGES {
            let ids = message_ids(language.ftl);
            let mut seen = BTreeSet::new();
            for id in &ids {
                assert!(seen.insert(id.clone()), "locales/{}.ftl has {id} twice", language.code);
            }
            let missing: Vec<_> = used.difference(&seen).collect();
            let unused: Vec<_> = seen.difference(&used).collect();
            assert!(missing.is_empty(), "locales/{}.ftl lacks {missing:?}", language.code);
            assert!(unused.is_empty(), "locales/{}.ftl has ids the code does not use: {unused:?}", language.code);
        }
    }

    #[test]
    fn every_message_formats_with_the_values_the_code_gives_it() {
        let mut used = ids_in_code();
        for id in dynamic_ids() {
            used.entry(id).or_default();
        }
        for lang in Lang::ALL {
            for (id, names) in &used {
                let names: Vec<&'static str> = names.iter().map(|n| &*n.clone().leak()).collect();
                let errors = lang.errors(id, &names).unwrap_or_else(|| panic!("{}: no message {id}", lang.code()));
                assert!(errors.is_empty(), "{}: {id} with {names:?}: {errors:?}", lang.code());
                if names.is_empty() {
                    assert!(FIXED[lang as usize].contains_key(id), "{}: {id} has no text without values", lang.code());
                }
            }
        }
    }

    #[test]
    fn no_lazy_plurals() {
        for language in &LANGUAGES {
            for line in language.ftl.lines().filter(|l| !l.starts_with('#')) {
                assert!(
                    !line.contains("(s)") && !line.contains("(es)"),
                    "locales/{}.ftl: a lazy plural: {line}",
                    language.code
                );
            }
        }
    }
}
