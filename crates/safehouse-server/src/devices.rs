//! A seat's link for another device: a code that opens the seat once, for a few minutes,
//! instead of the seat's token itself (which would open it for good, from a screenshot, a QR
//! code seen over a shoulder or the other browser's history).
//!
//! Making a link stores a [`link_kind`] event in the match's table log: the seat, the code's hash,
//! when it expires, and the seat's token *sealed* with the code (XOR with a SHA-256 of it). The
//! store alone opens nothing: it holds neither the code (only its hash) nor the token (only its
//! hash, and the token sealed by the code). Claiming finds the event by the code's hash, appends
//! a [`used_kind`] event for it at most once (the store's capped append, so two claims racing,
//! on one node or two, cannot both win), unseals the token and checks that it still opens the
//! seat. Both devices then hold the same token: the seat is played from either.
//!
//! Signing out the other devices gives the seat a new token ([`signed_out_kind`]): every device that
//! held the old one, and every link made with it, opens nothing any more.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::token;

/// The table-log kind of a link made before links were counted per seat (read, never written).
pub const KIND: &str = "device_link";

/// The table-log kind of a link made for `seat`: `device_link:<seat>`, so that the store's capped
/// append counts each seat's links apart.
pub fn link_kind(seat: u8) -> String {
    format!("{KIND}:{seat}")
}

/// Whether a table-log kind is a link made ([`link_kind`], or the older [`KIND`]).
pub fn is_link_kind(kind: &str) -> bool {
    match kind.strip_prefix(KIND) {
        Some("") => true,
        Some(rest) => rest.strip_prefix(':').is_some_and(|seat| seat.parse::<u8>().is_ok()),
        None => false,
    }
}

/// The table-log kind of a seat signing out its other devices, `device_signed_out:<seat>`, with
/// `{seat}`. The token itself is replaced in the seat's claim; this event records when, and drops
/// the seat's Web Push subscriptions (`notify`), which belong to devices. One kind per seat, so
/// that the store's capped append counts each seat's sign-outs apart.
pub fn signed_out_kind(seat: u8) -> String {
    format!("device_signed_out:{seat}")
}

/// Whether a table-log kind is a seat's sign-out ([`signed_out_kind`]).
pub fn is_signed_out_kind(kind: &str) -> bool {
    kind.strip_prefix("device_signed_out:").is_some_and(|seat| seat.parse::<u8>().is_ok())
}

/// At most this many sign-outs per seat and match: each is a table-log event, and nobody loses
/// that many phones in one game.
pub const SIGN_OUTS_PER_SEAT: u32 = 20;

/// The table-log kind that marks the link whose code hashes to `code_hash` as used.
pub fn used_kind(code_hash: &str) -> String {
    format!("{KIND}_used:{code_hash}")
}

/// A link as the table log keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct StoredLink {
    pub(crate) seat: u8,
    pub(crate) code_hash: String,
    pub(crate) sealed: String,
    pub(crate) expires_at_ms: i64,
}

/// A code as links carry it: 32 hex digits (what [`token::new_invite`] makes).
pub(crate) fn valid_code(code: &str) -> bool {
    code.len() == 32 && code.bytes().all(|b| b.is_ascii_hexdigit())
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
}

/// `token` sealed with `code` (or unsealed: the same operation), as hex; None for a token that is
/// not 32 bytes of hex.
pub(crate) fn seal(token: &str, code: &str) -> Option<String> {
    let bytes = from_hex(token).filter(|b| b.len() == 32)?;
    let pad = Sha256::new().chain_update(b"safehouse device link seal\0").chain_update(code.as_bytes()).finalize();
    Some(bytes.iter().zip(pad.iter()).map(|(b, p)| format!("{:02x}", b ^ p)).collect())
}

/// A new link for `seat`, whose token is `token`, expiring at `expires_at_ms`: the code to give
/// out and what the table log keeps.
pub(crate) fn new_link(seat: u8, token: &str, expires_at_ms: i64) -> Option<(String, StoredLink)> {
    let code = token::new_invite();
    let sealed = seal(token, &code)?;
    Some((code.clone(), StoredLink { seat, code_hash: token::hash(&code), sealed, expires_at_ms }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_token_opens_only_with_its_code() {
        let secret = token::new_token();
        let (code, link) = new_link(2, &secret, 0).expect("a link");
        assert!(valid_code(&code) && link.code_hash == token::hash(&code));
        assert_ne!(link.sealed, secret, "the log never holds the token");
        assert_eq!(seal(&link.sealed, &code).as_deref(), Some(secret.as_str()));
        let other = token::new_invite();
        assert_ne!(seal(&link.sealed, &other).as_deref(), Some(secret.as_str()));
        assert_eq!(seal("abc", &code), None, "not a token");
        assert!(!valid_code(&format!("{}x", &code[1..])) && !valid_code(&code[1..]));
    }

    #[test]
    fn each_seats_links_have_a_kind_of_their_own() {
        assert_eq!(link_kind(3), "device_link:3");
        assert!(is_link_kind(&link_kind(0)) && is_link_kind(&link_kind(255)) && is_link_kind(KIND));
        for other in [used_kind(&token::hash("c")), "device_link:".into(), "device_link:x".into(), signed_out_kind(1)] {
            assert!(!is_link_kind(&other), "{other}");
        }
        assert!(is_signed_out_kind(&signed_out_kind(2)) && !is_signed_out_kind(&link_kind(2)));
    }
}
