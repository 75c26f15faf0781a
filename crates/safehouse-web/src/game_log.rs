//! The table's game log, drawn on the server from the API's log for this viewer.
//!
//! `GET /api/matches/{id}/log` gives every action as the viewer may see it (built by the server
//! from the stored record through the game's `event_view`). The table page draws the whole log;
//! after each update the script's `POST /play/{id}/frag` sends the `seq` of the last entry it
//! shows and gets the lines after it (`assets/log.js` keeps each `seq` once). The browser keeps
//! no history of its own, so a reload, a second tab, a late joiner and a spectator all see the
//! whole log.

use maud::{Markup, html};
use serde::Deserialize;
use serde_json::Value;

use crate::Web;
use crate::api::Peer;
use crate::games::{self, Ctx};

/// Most entries drawn at once (a page asking for more gets the latest ones).
const MAX_ENTRIES: usize = 5000;

/// One action of the API's log.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct Entry {
    pub(crate) seq: u64,
    pub(crate) seat: u8,
    #[serde(default)]
    pub(crate) actor: String,
    #[serde(default)]
    pub(crate) events: Vec<Value>,
}

/// The API's log for one viewer.
#[derive(Clone, Debug, Default, Deserialize)]
pub(crate) struct Log {
    /// The match's sequence number when the log was read (the script asks for what follows).
    pub(crate) seq: u64,
    pub(crate) entries: Vec<Entry>,
}

/// The log of match `id` after `after`, for the seat whose token is given (a spectator's without).
pub(crate) async fn fetch(web: &Web, id: &str, token: Option<&str>, after: u64, peer: Peer) -> Option<Log> {
    let reply = web.api.get(&format!("/api/matches/{id}/log?after={after}"), token, peer).await;
    if !reply.ok() {
        return None;
    }
    serde_json::from_value(reply.body).ok()
}

/// The log's lines, each `<li data-seq=...>`: the events in words, and who played when a bot
/// played for an away person. `view` is the viewer's view now (the words name its seats).
pub(crate) fn lines(game: &str, log: &Log, view: &Value, cx: &Ctx<'_>) -> Vec<Markup> {
    let lang = cx.lang;
    let skip = log.entries.len().saturating_sub(MAX_ENTRIES);
    log.entries
        .iter()
        .skip(skip)
        .flat_map(|entry| {
            let takeover = entry.actor == "takeover";
            let who = cx.name(entry.seat);
            games::event_lines(game, &entry.events, view, cx).into_iter().map(move |line| {
                html! {
                    li data-seq=(entry.seq) {
                        @if takeover {
                            span.tag.takeover { (tr!(lang, "a-bot-for-who", who = &who)) } " "
                        }
                        (line)
                    }
                }
            })
        })
        .collect()
}
