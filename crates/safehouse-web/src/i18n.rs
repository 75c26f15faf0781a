//! English and Korean.
//!
//! Every string a person reads is written in both languages at the place it is used, as a pair:
//! `lang.t("Your turn", "내 차례")` for fixed text and [`tr!`](crate::tr) for text with values.
//! Writing the pair together means no key can be missing in one language, and the Korean reads
//! as Korean rather than as a word-for-word table. The game words follow the Korean rulebooks
//! where there is one (CASH: 금고, 열쇠, 보너스; Explosiv: 폭발 카드, 서류 가방).
//!
//! The language comes from `?lang=`, then the `lang` cookie, then the browser's
//! `Accept-Language`; `/lang/{code}` switches it at any time and returns to the page.

use axum::extract::{Path, Query};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::cookies;

/// A language of the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Korean.
    Ko,
}

impl Lang {
    /// Both languages.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ko];

    /// The language tag (`en`, `ko`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ko => "ko",
        }
    }

    /// The language's own name.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ko => "한국어",
        }
    }

    /// Reads a tag (`en`, `ko`, `ko-KR`...).
    pub fn parse(tag: &str) -> Option<Lang> {
        let tag = tag.trim().to_ascii_lowercase();
        if tag == "ko" || tag.starts_with("ko-") {
            Some(Lang::Ko)
        } else if tag == "en" || tag.starts_with("en-") {
            Some(Lang::En)
        } else {
            None
        }
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

    /// The text in this language.
    pub fn t(self, en: &'static str, ko: &'static str) -> &'static str {
        match self {
            Lang::En => en,
            Lang::Ko => ko,
        }
    }

    /// The other language (what the switch offers).
    pub fn other(self) -> Lang {
        match self {
            Lang::En => Lang::Ko,
            Lang::Ko => Lang::En,
        }
    }
}

/// Formats a pair of texts with values: `tr!(lang, "Seat {n}", "{n}번 자리")`.
#[macro_export]
#[doc(hidden)]
macro_rules! tr {
    ($lang:expr, $en:literal, $ko:literal $(, $arg:expr)* $(,)?) => {
        match $lang {
            $crate::i18n::Lang::En => format!($en $(, $arg)*),
            $crate::i18n::Lang::Ko => format!($ko $(, $arg)*),
        }
    };
}

/// Query of `/lang/{code}`.
#[derive(Debug, Deserialize)]
pub(crate) struct SwitchQuery {
    back: Option<String>,
}

/// `GET /lang/{code}?back=/path`: remembers the language and goes back to the page.
pub(crate) async fn switch(Path(code): Path<String>, Query(query): Query<SwitchQuery>) -> Response {
    let Some(lang) = Lang::parse(&code) else {
        return (StatusCode::NOT_FOUND, "unknown language").into_response();
    };
    // Only paths of this site, never another site (`//host` or `/\host`).
    let back = query.back.as_deref().and_then(crate::security::same_origin_path).unwrap_or("/").to_owned();
    let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, back)]).into_response();
    let cookie = cookies::set("lang", lang.code());
    response.headers_mut().append(header::SET_COOKIE, cookie);
    response
}

/// Numbers for people: seats are numbered from 1 on the page (the engine counts from 0).
pub(crate) fn seat_number(seat: u8) -> u16 {
    u16::from(seat) + 1
}

/// A bot level in words.
pub(crate) fn difficulty(lang: Lang, level: &str) -> &'static str {
    match level {
        "easy" => lang.t("easy", "쉬움"),
        "medium" => lang.t("medium", "보통"),
        "hard" => lang.t("hard", "어려움"),
        _ => lang.t("bot", "봇"),
    }
}

/// An ordinal place (1st, 2nd...).
pub(crate) fn place(lang: Lang, rank: u8) -> String {
    match lang {
        Lang::En => {
            let suffix = match (rank % 10, rank % 100) {
                (1, 11) | (2, 12) | (3, 13) => "th",
                (1, _) => "st",
                (2, _) => "nd",
                (3, _) => "rd",
                _ => "th",
            };
            format!("{rank}{suffix}")
        }
        Lang::Ko => format!("{rank}위"),
    }
}

/// A count of things: "1 safe", "3 safes" / "금고 3개" (`ko` has one `{}`).
pub(crate) fn count(lang: Lang, n: u64, one: &str, many: &str, ko: &str) -> String {
    match lang {
        Lang::En if n == 1 => format!("1 {one}"),
        Lang::En => format!("{n} {many}"),
        Lang::Ko => ko.replacen("{}", &n.to_string(), 1),
    }
}

/// A list joined for people ("a, b and c" / "a, b, c").
pub(crate) fn join_list(lang: Lang, items: &[String]) -> String {
    match (lang, items.len()) {
        (_, 0) => String::new(),
        (_, 1) => items[0].clone(),
        (Lang::En, n) => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
        (Lang::Ko, _) => items.join(", "),
    }
}

#[cfg(test)]
mod tests {
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
        headers.insert("x-safehouse-lang", HeaderValue::from_static("ko"));
        assert_eq!(Lang::of_request(&headers, None), Lang::Ko, "the page's own language wins over the cookie");
    }

    #[test]
    fn pairs_and_words() {
        let n = 3;
        assert_eq!(tr!(Lang::En, "Seat {n}", "{n}번 자리"), "Seat 3");
        assert_eq!(tr!(Lang::Ko, "Seat {n}", "{n}번 자리"), "3번 자리");
        assert_eq!(place(Lang::En, 2), "2nd");
        assert_eq!(place(Lang::En, 11), "11th");
        assert_eq!(place(Lang::Ko, 1), "1위");
        assert_eq!(join_list(Lang::En, &["a".into(), "b".into(), "c".into()]), "a, b and c");
    }
}
