//! "Play again": a finished match's rematch, a new match linked to it.
//!
//! The rematch has the same game, options, table settings and seats as the old match: each bot
//! seat keeps its bot, level and name, each person's seat is kept for the person who sat there. A
//! person accepts by asking for the rematch with their old seat's token
//! (`POST /api/matches/{old}/rematch`): the first to ask creates the new match, everyone gets
//! *their own* new seat token for *their own* seat (tokens are never shared or carried over).
//!
//! The new match waits in a private waiting room (`crate::tables`) whose creator is the first to
//! ask: it starts when the last kept seat is taken, or when its creator starts it; a kept seat
//! still free then stays its person's, a bot playing it until they come back. If the room expires
//! unstarted, the next to ask opens a fresh one (its id derived from the expired one's).
//!
//! The link goes both ways: the new match's settings hold `rematch_of` (the old id), and the old
//! match's table log gets a `rematch` event naming the new id, which every page and every
//! WebSocket of the old match shows (`type: "rematch"`), on every node (`Notice::Table`).
//!
//! One rematch at a time per match, however many people press at once and on however many nodes:
//! the new match's id is derived from the old one ([`rematch_id`]), so when two requests race, the
//! database lets exactly one of them create it (the other's insert is a duplicate, and that
//! request joins the match the first created).
//!
//! This module holds the link's stored form and the derived id; starting or joining a rematch
//! (which creates a match) is `app::rematch`, the routes `api::rematch`.

use safehouse_store::TableEvent;
use serde_json::Value;

use crate::token;

/// The table-log kind of the link from an old match to its rematch.
pub const KIND: &str = "rematch";

/// The id of `old`'s rematch: the same on every node, so that only one can be created.
pub fn rematch_id(old: &str) -> String {
    token::hash(&format!("safehouse-rematch:{old}"))[..20].to_owned()
}

/// The rematch a table-log event names (None for another kind).
pub fn from_event(event: &TableEvent) -> Option<String> {
    if event.kind != KIND {
        return None;
    }
    event.data.get("match").and_then(Value::as_str).map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rematch_id_is_fixed_by_the_old_id_and_looks_like_a_match_id() {
        let id = rematch_id("0123456789abcdef0123");
        assert_eq!(id, rematch_id("0123456789abcdef0123"));
        assert_ne!(id, rematch_id("0123456789abcdef0124"));
        assert_eq!(id.len(), token::match_id().len());
        assert!(id.chars().all(|c| c.is_ascii_hexdigit()));
    }
}
