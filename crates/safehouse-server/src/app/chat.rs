//! The chat of a live match: writing a line (checked by `crate::chat`'s rules, stored in the
//! table log) and sending it, or a line another node stored, to the watchers allowed to read it.

use std::sync::Arc;

use safehouse_api::Notice;
use safehouse_api::chat::{Channel, ChatLine};
use safehouse_engine::Viewer;
use safehouse_store::TableEvent;

use super::{App, LiveMatch, now_ms};
use crate::chat::{ChatError, KIND, MAX_CHAT_LINES, Stored, channel_name, clean_text, line_from_event, visible_to};
use crate::error::ApiError;
use crate::limits::{CHAT_BURST, CHAT_PER_MINUTE};

/// Whether the players may write now.
pub(crate) fn players_may_write(lm: &LiveMatch) -> bool {
    lm.finished || lm.settings.chat.unwrap_or(lm.game.info().table_talk)
}

/// Writes a line for `viewer` (a seat writes to the players' chat, a spectator to the
/// spectators'), stores it and sends it to every watcher here allowed to read it. `lm` is the
/// locked match; `client` the writer's address (for the rate limit).
pub(crate) async fn post(
    app: &Arc<App>,
    lm: &mut LiveMatch,
    viewer: Viewer,
    text: &str,
    spectator_name: Option<&str>,
    client: Option<std::net::IpAddr>,
) -> Result<ChatLine, ApiError> {
    let text = clean_text(text)?;
    let (channel, seat, name) = match viewer {
        Viewer::Seat(seat) => {
            if !players_may_write(lm) {
                return Err(ChatError::Off.into());
            }
            let name = lm.seats().get(seat.index()).and_then(|s| s.name.clone());
            (Channel::Players, Some(seat.0), name)
        }
        Viewer::Spectator => {
            let name = spectator_name.map(crate::names::clean).filter(|n| !n.is_empty());
            (Channel::Spectators, None, name)
        }
    };
    if let Some(ip) = client {
        app.limits
            .chat
            .admit(ip, "chat", || {
                format!("at most {CHAT_BURST} chat lines at once and {CHAT_PER_MINUTE} a minute; wait a moment")
            })
            .await?;
    }
    let lines = match lm.chat.lines {
        Some(lines) => lines,
        None => {
            let events = app.store.table_events(&lm.id, 0).await?;
            events.iter().filter(|e| e.kind == KIND).count() as u32
        }
    };
    lm.chat.lines = Some(lines);
    if lines >= MAX_CHAT_LINES {
        return Err(ChatError::Full.into());
    }
    let stored = Stored { channel, seat, name, text, seq: lm.seq };
    let data = serde_json::to_value(&stored).map_err(|e| ApiError::internal(e.to_string()))?;
    let at_ms = now_ms();
    // The store counts the lines again as it appends: another node may have added some since
    // this one counted, and the cap holds across nodes.
    let Some(n) = app.store.append_table_event_within(&lm.id, KIND, &data, at_ms, MAX_CHAT_LINES).await? else {
        lm.chat.lines = Some(MAX_CHAT_LINES);
        return Err(ChatError::Full.into());
    };
    let line = ChatLine { n, channel, seat: stored.seat, name: stored.name, text: stored.text, seq: stored.seq, at_ms };
    lm.chat.lines = Some(lines + 1);
    metrics::counter!("safehouse_chat_lines_total", "channel" => channel_name(channel)).increment(1);
    publish(lm, &line);
    Ok(line)
}

/// Sends a line to every watcher of this node allowed to read it (`type: "chat"`).
fn publish(lm: &mut LiveMatch, line: &ChatLine) {
    let message: Arc<str> = Arc::from(Notice::Chat { line: line.clone() }.to_text());
    let finished = lm.finished;
    lm.publish_with(|viewer| visible_to(line, viewer, finished).then(|| message.clone()));
}

/// A `chat` event another node stored: counted, and sent to the watchers here.
pub(crate) fn on_table_event(lm: &mut LiveMatch, event: &TableEvent) {
    if let Some(line) = line_from_event(event) {
        if let Some(lines) = lm.chat.lines.as_mut() {
            *lines += 1;
        }
        publish(lm, &line);
    }
}

/// The lines `viewer` may read, from the stored table log, in order.
pub(crate) async fn history(
    app: &App,
    match_id: &str,
    finished: bool,
    viewer: Viewer,
) -> Result<Vec<ChatLine>, ApiError> {
    let events = app.store.table_events(match_id, 0).await?;
    Ok(events.iter().filter_map(line_from_event).filter(|line| visible_to(line, viewer, finished)).collect())
}
