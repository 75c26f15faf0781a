//! The cookies of the browser table.
//!
//! - `sh_{match}` = `{seat}.{token}`: the seat this browser joined (the token is the API's seat
//!   token). HttpOnly: no script on the page ever sees it; the pages and the forwarded
//!   WebSocket add it to their API requests.
//! - `shx_{match}` = `{hints}|{seat}:{invite}|...`: the table's settings as this browser knows
//!   them: whether the hint panel may be shown, and for whoever created the table the invite
//!   codes of the friends' seats (shown only to them).
//! - `shc_{match}` = `{creator token}[.{invite}]`: whoever created a waiting room (its controls)
//!   and a private table's invite code, to share.
//! - `shn` = the display name this browser's person picked (hex of its UTF-8), offered again at
//!   their next tables.
//! - `lang` = `en` or `ko`.

use axum::http::{HeaderMap, HeaderValue, header};

/// How long the cookies of a table last (30 days).
const MAX_AGE: u64 = 30 * 24 * 3600;

/// The value of cookie `name`, if the request has it.
pub(crate) fn get(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.trim_matches('"').to_owned())
}

/// A `Set-Cookie` value for `name` (letters, digits, `.`, `|`, `:` and `-` only in `value`).
pub(crate) fn set(name: &str, value: &str) -> HeaderValue {
    let clean: String =
        value.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '|' | ':' | '-' | '_')).collect();
    HeaderValue::from_str(&format!("{name}={clean}; Path=/; Max-Age={MAX_AGE}; HttpOnly; SameSite=Lax"))
        .unwrap_or_else(|_| HeaderValue::from_static("invalid=1; Max-Age=0"))
}

/// A `Set-Cookie` value that removes cookie `name`.
pub(crate) fn clear(name: &str) -> HeaderValue {
    HeaderValue::from_str(&format!("{name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"))
        .unwrap_or_else(|_| HeaderValue::from_static("invalid=1; Max-Age=0"))
}

/// Whether a match id is safe to put in a cookie name and a path (the API's ids are alphanumeric).
pub(crate) fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric())
}

/// The seat this browser holds in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SeatCookie {
    pub(crate) seat: u8,
    pub(crate) token: String,
}

/// The name of the seat cookie of a match.
pub(crate) fn seat_name(id: &str) -> String {
    format!("sh_{id}")
}

/// The name of the table-settings cookie of a match.
pub(crate) fn extra_name(id: &str) -> String {
    format!("shx_{id}")
}

/// The seat this browser holds in match `id`.
pub(crate) fn seat(headers: &HeaderMap, id: &str) -> Option<SeatCookie> {
    let value = get(headers, &seat_name(id))?;
    let (seat, token) = value.split_once('.')?;
    let seat = seat.parse().ok()?;
    (!token.is_empty() && token.chars().all(|c| c.is_ascii_hexdigit()))
        .then(|| SeatCookie { seat, token: token.to_owned() })
}

/// The match ids of every cookie named `{prefix}{id}` with a valid id, in the request's order.
fn ids_named(headers: &HeaderMap, prefix: &str) -> Vec<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .filter_map(|(key, _)| key.strip_prefix(prefix).filter(|id| valid_id(id)).map(str::to_owned))
        .collect()
}

/// Every seat this browser holds: `(match id, seat)` for each valid seat cookie.
pub(crate) fn seats(headers: &HeaderMap) -> Vec<(String, SeatCookie)> {
    ids_named(headers, "sh_").into_iter().filter_map(|id| seat(headers, &id).map(|seat| (id, seat))).collect()
}

/// Every match this browser created as a waiting room: the id of each valid creator cookie.
pub(crate) fn created(headers: &HeaderMap) -> Vec<String> {
    ids_named(headers, "shc_").into_iter().filter(|id| creator(headers, id).is_some()).collect()
}

/// The `Set-Cookie` value for a seat.
pub(crate) fn seat_value(id: &str, seat: u8, token: &str) -> HeaderValue {
    set(&seat_name(id), &format!("{seat}.{token}"))
}

/// The table settings this browser knows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Extra {
    /// Whether the table allows the hint panel.
    pub(crate) hints: bool,
    /// Invite codes of friends' seats (only for whoever created the table).
    pub(crate) invites: Vec<(u8, String)>,
}

impl Extra {
    /// The cookie's value.
    pub(crate) fn encode(&self) -> String {
        let mut out = String::from(if self.hints { "1" } else { "0" });
        for (seat, code) in &self.invites {
            out.push('|');
            out.push_str(&format!("{seat}:{code}"));
        }
        out
    }

    /// Reads the cookie's value (anything malformed is skipped).
    pub(crate) fn decode(value: &str) -> Extra {
        let mut parts = value.split('|');
        let hints = parts.next() == Some("1");
        let invites = parts
            .filter_map(|p| p.split_once(':'))
            .filter_map(|(seat, code)| Some((seat.parse().ok()?, code.to_owned())))
            .filter(|(_, code): &(u8, String)| !code.is_empty() && code.chars().all(|c| c.is_ascii_alphanumeric()))
            .collect();
        Extra { hints, invites }
    }
}

/// What whoever created a waiting room keeps: the creator token and a private table's invite code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CreatorCookie {
    pub(crate) token: String,
    pub(crate) invite: Option<String>,
}

/// The name of the creator cookie of a match.
pub(crate) fn creator_name(id: &str) -> String {
    format!("shc_{id}")
}

/// The creator token (and invite code) this browser holds for match `id`.
pub(crate) fn creator(headers: &HeaderMap, id: &str) -> Option<CreatorCookie> {
    let value = get(headers, &creator_name(id))?;
    let (token, invite) = match value.split_once('.') {
        Some((token, invite)) => (token, Some(invite)),
        None => (value.as_str(), None),
    };
    let hex = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_hexdigit());
    hex(token).then(|| CreatorCookie { token: token.to_owned(), invite: invite.filter(|i| hex(i)).map(str::to_owned) })
}

/// The `Set-Cookie` value for the creator of match `id`.
pub(crate) fn creator_value(id: &str, token: &str, invite: Option<&str>) -> HeaderValue {
    match invite {
        Some(invite) => set(&creator_name(id), &format!("{token}.{invite}")),
        None => set(&creator_name(id), token),
    }
}

/// The cookie remembering the display name this browser's person picked.
const NAME_COOKIE: &str = "shn";

/// The remembered display name (stored as hex of its UTF-8, so any name fits a cookie).
pub(crate) fn name(headers: &HeaderMap) -> Option<String> {
    let hex = get(headers, NAME_COOKIE)?;
    if !hex.len().is_multiple_of(2) || hex.len() > 400 {
        return None;
    }
    let bytes: Option<Vec<u8>> =
        (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok()).collect();
    String::from_utf8(bytes?).ok().filter(|n| !n.is_empty())
}

/// The `Set-Cookie` value remembering a display name (as the server cleaned it).
pub(crate) fn name_value(name: &str) -> HeaderValue {
    let hex: String = name.bytes().take(200).map(|b| format!("{b:02x}")).collect();
    set(NAME_COOKIE, &hex)
}

/// The table settings this browser knows for match `id`.
pub(crate) fn extra(headers: &HeaderMap, id: &str) -> Extra {
    get(headers, &extra_name(id)).map(|v| Extra::decode(&v)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_round_trip() {
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, HeaderValue::from_static("lang=ko; sh_abc=2.00ff; shx_abc=1|1:aa|3:bb"));
        assert_eq!(get(&headers, "lang").as_deref(), Some("ko"));
        assert_eq!(seat(&headers, "abc"), Some(SeatCookie { seat: 2, token: "00ff".into() }));
        assert_eq!(seat(&headers, "xyz"), None);
        assert_eq!(seats(&headers), vec![("abc".to_owned(), SeatCookie { seat: 2, token: "00ff".into() })]);
        let extra = extra(&headers, "abc");
        assert!(extra.hints);
        assert_eq!(extra.invites, vec![(1, "aa".to_owned()), (3, "bb".to_owned())]);
        assert_eq!(Extra::decode(&extra.encode()), extra);
        assert!(set("a", "x;y=z").to_str().unwrap_or("").starts_with("a=xyz;"));
        assert!(!valid_id("a/b") && valid_id("AbC123"));
        let mut headers = HeaderMap::new();
        let value = name_value("김 민수 \"x\"; y");
        let pair = value.to_str().unwrap_or("").split(';').next().unwrap_or("").to_owned();
        let creator_pair =
            creator_value("abc", "00ff", Some("0a")).to_str().unwrap_or("").split(';').next().unwrap_or("").to_owned();
        headers.insert(header::COOKIE, HeaderValue::from_str(&format!("{pair}; {creator_pair}")).expect("header"));
        assert_eq!(name(&headers).as_deref(), Some("김 민수 \"x\"; y"), "any name survives the cookie");
        assert_eq!(creator(&headers, "abc"), Some(CreatorCookie { token: "00ff".into(), invite: Some("0a".into()) }));
        assert_eq!(creator(&headers, "xyz"), None);
        assert_eq!(created(&headers), vec!["abc".to_owned()]);
        assert!(seats(&headers).is_empty(), "a creator cookie is not a seat");
    }
}
