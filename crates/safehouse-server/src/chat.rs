//! Chat at a table: the players' chat and a separate spectators' chat.
//!
//! Every line is a `chat` event of the match's *table log* (`Store::append_table_event`), so it is
//! stored with the match, read back on every node and after a restart, and shown in the replay.
//! Live, a line goes out as a `chat` WebSocket message to every watcher allowed to read it, on
//! this node at once and on the other nodes through `Notice::Table`.
//!
//! Who reads what:
//! - the players' chat (lines written with a seat's token) is read by everybody at the table,
//!   players and spectators;
//! - the spectators' chat (lines written without a token) is read by spectators only while the
//!   match is being played, and by everybody once it has ended: spectators cannot talk to the
//!   players during play (they may see hands the players do not). A seat's history, WebSocket
//!   and chat replay never hold a spectators' line before the end ([`visible_to`]).
//!
//! The players' chat has a per-table switch (`TableSettings::chat`), off by default for The
//! Safe, whose rules forbid talking (rulebook 004:29: "Players may NEVER reveal which cards they
//! hold. (Colours and numbers may not be spoken.)"; docs/rules/the-safe.md T13), on for every
//! other game. While the switch is off the players cannot write during play; once the match has
//! ended the chat opens ("good game"). The spectators' chat is always open.
//!
//! Limits: a line is cleaned like a name (control, bidi-override and invisible format characters
//! removed, spaces collapsed: `names::clean_to`) and holds 1 to [`MAX_CHAT_CHARS`] characters; a
//! client (an address, `limits`) may write [`CHAT_BURST`](crate::limits::CHAT_BURST) lines at once and
//! [`CHAT_PER_MINUTE`](crate::limits::CHAT_PER_MINUTE) a minute on average, over HTTP and WebSocket together; a match holds at
//! most [`MAX_CHAT_LINES`] lines. Text and names are sent as JSON strings and drawn escaped
//! (maud on the pages, `textContent` in the script).

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::{Json, Router, routing};
use safehouse_api::chat::{Channel, ChatHistory, ChatLine, ChatRequest};
use safehouse_engine::Viewer;
use safehouse_store::TableEvent;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::OpenApi;

use crate::app::request_token;
use crate::app::{App, LiveMatch};
use crate::error::{ApiError, ApiJson};
use crate::limits::{CHAT_BURST, CHAT_PER_MINUTE};
use safehouse_api::ErrorBody;
use safehouse_api::TokenQuery;

/// Most characters of one line (after cleaning).
pub const MAX_CHAT_CHARS: usize = 500;
/// Most lines a match holds (both chats together).
pub const MAX_CHAT_LINES: u32 = 2_000;
/// The table-log kind of a chat line.
pub const KIND: &str = "chat";

/// A line as the table log keeps it (`n` and `at_ms` are the event's own).
#[derive(Debug, Serialize, Deserialize)]
struct Stored {
    channel: Channel,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seat: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    text: String,
    #[serde(default)]
    seq: u64,
}

/// The line a `chat` event of the table log holds (None for another kind or a bad entry).
pub fn line_from_event(event: &TableEvent) -> Option<ChatLine> {
    if event.kind != KIND {
        return None;
    }
    let stored: Stored = serde_json::from_value(event.data.clone()).ok()?;
    Some(ChatLine {
        n: event.n,
        channel: stored.channel,
        seat: stored.seat,
        name: stored.name,
        text: stored.text,
        seq: stored.seq,
        at_ms: event.at_ms,
    })
}

/// Whether `viewer` may read `line` now: the players' chat always, the spectators' chat if a
/// spectator or once the match has ended.
pub fn visible_to(line: &ChatLine, viewer: Viewer, finished: bool) -> bool {
    match line.channel {
        Channel::Players => true,
        Channel::Spectators => finished || viewer == Viewer::Spectator,
    }
}

/// Whether the players' chat is on at a table of `game` (an id or alias) by default: only where
/// the rules let players talk (`GameInfo::table_talk`; The Safe forbids it, 004:29, T13).
pub fn on_by_default(game: &str) -> bool {
    safehouse_games::find(game).is_ok_and(|found| found.game.info().table_talk)
}

/// Per match in memory: how many chat lines its log holds (read from the store on the first
/// line written here, then counted; lines from other nodes are counted as their notices come).
#[derive(Debug, Default)]
pub(crate) struct ChatState {
    lines: Option<u32>,
}

/// Why a line was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChatError {
    /// Nothing left after cleaning.
    #[error("a chat line needs some text")]
    Empty,
    /// Above [`MAX_CHAT_CHARS`].
    #[error("a chat line holds at most {MAX_CHAT_CHARS} characters, not {given}")]
    TooLong {
        /// Characters given (after cleaning).
        given: usize,
    },
    /// The players' chat is switched off at this table during play.
    #[error("the players' chat is off at this table while the game is on")]
    Off,
    /// The match holds [`MAX_CHAT_LINES`] lines.
    #[error("this table's chat is full ({MAX_CHAT_LINES} lines)")]
    Full,
}

impl From<ChatError> for ApiError {
    fn from(error: ChatError) -> Self {
        let (status, code) = match error {
            ChatError::Empty => (StatusCode::UNPROCESSABLE_ENTITY, "chat_empty"),
            ChatError::TooLong { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "chat_too_long"),
            ChatError::Off => (StatusCode::FORBIDDEN, "chat_off"),
            ChatError::Full => (StatusCode::CONFLICT, "chat_full"),
        };
        ApiError::new(status, code, error.to_string())
    }
}

/// The text of a line as it will be stored: cleaned, and within the limits.
pub fn clean_text(text: &str) -> Result<String, ChatError> {
    // Line breaks and tabs are control characters, which cleaning drops: they become spaces.
    let text: String = text.chars().map(|c| if c.is_whitespace() { ' ' } else { c }).collect();
    let text = text.as_str();
    let cleaned = crate::names::clean_to(text, MAX_CHAT_CHARS + 1);
    let given = cleaned.chars().count();
    if given == 0 {
        return Err(ChatError::Empty);
    }
    if given > MAX_CHAT_CHARS {
        // Counted on the raw text too, so the message says how long it was.
        return Err(ChatError::TooLong { given: crate::names::clean_to(text, usize::MAX).chars().count() });
    }
    Ok(cleaned)
}

/// Whether the players may write now.
fn players_may_write(lm: &LiveMatch) -> bool {
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
    if let Some(ip) = client
        && let Err(wait) = app.limits.chat.take(ip, 1)
    {
        metrics::counter!("safehouse_rate_limited_total", "via" => "chat").increment(1);
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            format!("at most {CHAT_BURST} chat lines at once and {CHAT_PER_MINUTE} a minute; wait a moment"),
        )
        .retry_after(wait));
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
    let at_ms = crate::app::now_ms();
    let n = app.store.append_table_event(&lm.id, KIND, &data, at_ms).await?;
    let line = ChatLine { n, channel, seat: stored.seat, name: stored.name, text: stored.text, seq: stored.seq, at_ms };
    lm.chat.lines = Some(lines + 1);
    metrics::counter!("safehouse_chat_lines_total", "channel" => channel_name(channel)).increment(1);
    publish(lm, &line);
    Ok(line)
}

fn channel_name(channel: Channel) -> &'static str {
    match channel {
        Channel::Players => "players",
        Channel::Spectators => "spectators",
    }
}

/// Sends a line to every watcher of this node allowed to read it (`type: "chat"`).
fn publish(lm: &mut LiveMatch, line: &ChatLine) {
    let message: Arc<str> = Arc::from(json!({ "type": "chat", "line": line }).to_string());
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

/// Event `n` of a match's table log was stored by another node: a chat line or a rematch link
/// goes to the watchers here (nothing to do for a match this node does not hold).
pub(crate) async fn on_table_notice(app: &Arc<App>, match_id: &str, n: u64) {
    let Some(slot) = app.slots().get(match_id).cloned() else { return };
    let events = match app.store.table_events(match_id, n.saturating_sub(1)).await {
        Ok(events) => events,
        Err(error) => {
            tracing::warn!(%match_id, %error, "could not read a table event another node stored");
            return;
        }
    };
    let Some(event) = events.into_iter().find(|e| e.n == n) else { return };
    if event.kind != KIND && event.kind != crate::rematch::KIND {
        return;
    }
    let mut lm = slot.state.lock().await;
    on_table_event(&mut lm, &event);
    crate::rematch::on_table_event(&mut lm, &event);
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

/// The viewer a request's token (if any) opens.
async fn viewer_of(
    app: &Arc<App>,
    lm: &mut LiveMatch,
    headers: &HeaderMap,
    query: &TokenQuery,
) -> Result<Viewer, ApiError> {
    match request_token(headers, query.token.as_deref()) {
        Some(token) => Ok(Viewer::Seat(app.authenticate(lm, &token).await?)),
        None => Ok(Viewer::Spectator),
    }
}

/// The chat as the asker may read it: a seat (with its token) reads the players' chat, and the
/// spectators' chat once the match has ended; a spectator (without) reads both.
#[utoipa::path(get, path = "/api/matches/{id}/chat", params(("id" = String, Path, description = "match id"), TokenQuery),
    responses((status = 200, body = ChatHistory), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)),
    tag = "chat")]
pub(crate) async fn get_chat(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(query): Query<TokenQuery>,
    headers: HeaderMap,
) -> Result<Json<ChatHistory>, ApiError> {
    let slot = app.get(&id).await?;
    let mut lm = slot.state.lock().await;
    let viewer = viewer_of(&app, &mut lm, &headers, &query).await?;
    let (match_id, finished) = (lm.id.clone(), lm.finished);
    let lines = history(&app, &match_id, finished, viewer).await?;
    let players_open = players_may_write(&lm);
    let (channel, can_write) = match viewer {
        Viewer::Seat(_) => (Channel::Players, players_open),
        Viewer::Spectator => (Channel::Spectators, true),
    };
    Ok(Json(ChatHistory { players_open, can_write, channel, lines }))
}

/// Writes a chat line: with a seat's token to the players' chat (refused with `chat_off` while
/// the table's switch is off and the game is on), without one to the spectators' chat. Answered
/// once the line is stored; every watcher allowed to read it gets a `chat` message.
#[utoipa::path(post, path = "/api/matches/{id}/chat", params(("id" = String, Path, description = "match id")),
    request_body = ChatRequest,
    responses((status = 201, body = ChatLine), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)),
    security((), ("seat_token" = [])), tag = "chat")]
pub(crate) async fn post_chat(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    extensions: axum::http::Extensions,
    ApiJson(request): ApiJson<ChatRequest>,
) -> Result<(StatusCode, Json<ChatLine>), ApiError> {
    let slot = app.get(&id).await?;
    let mut lm = slot.state.lock().await;
    let viewer = viewer_of(&app, &mut lm, &headers, &TokenQuery::default()).await?;
    let client = crate::limits::request_client(&extensions);
    let line = post(&app, &mut lm, viewer, &request.text, request.name.as_deref(), client).await?;
    Ok((StatusCode::CREATED, Json(line)))
}

/// The WebSocket's `{"type": "chat", "text": ..., "name": ...}`: the same as the POST.
pub(crate) async fn ws_post(
    app: &Arc<App>,
    slot: &Arc<crate::app::Slot>,
    viewer: Viewer,
    message: &Value,
    client: Option<std::net::IpAddr>,
) -> Result<ChatLine, ApiError> {
    let Some(text) = message.get("text").and_then(Value::as_str) else {
        return Err(ApiError::bad_request("`chat` needs a `text` string"));
    };
    let name = message.get("name").and_then(Value::as_str);
    let mut lm = slot.state.lock().await;
    post(app, &mut lm, viewer, text, name, client).await
}

/// The chat routes.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new().route("/api/matches/{id}/chat", routing::get(get_chat).post(post_chat))
}

/// The chat part of `/openapi.json`.
#[derive(OpenApi)]
#[openapi(paths(get_chat, post_chat), components(schemas(ChatHistory, ChatLine, ChatRequest, Channel)))]
pub(crate) struct ChatApi;

#[cfg(test)]
mod tests {
    use safehouse_engine::Seat;

    use super::*;

    fn line(channel: Channel) -> ChatLine {
        ChatLine { n: 1, channel, seat: None, name: None, text: "hi".into(), seq: 0, at_ms: 0 }
    }

    #[test]
    fn spectators_lines_reach_seats_only_after_the_end() {
        let seat = Viewer::Seat(Seat(0));
        assert!(visible_to(&line(Channel::Players), seat, false));
        assert!(visible_to(&line(Channel::Players), Viewer::Spectator, false));
        assert!(!visible_to(&line(Channel::Spectators), seat, false));
        assert!(visible_to(&line(Channel::Spectators), Viewer::Spectator, false));
        assert!(visible_to(&line(Channel::Spectators), seat, true));
    }

    #[test]
    fn lines_are_cleaned_and_limited() {
        assert_eq!(clean_text("  hi\u{202E}\n there  "), Ok("hi there".to_owned()));
        assert_eq!(clean_text(" \u{200B} "), Err(ChatError::Empty));
        assert_eq!(clean_text(&"x".repeat(MAX_CHAT_CHARS)).map(|t| t.chars().count()), Ok(MAX_CHAT_CHARS));
        assert_eq!(clean_text(&"가".repeat(MAX_CHAT_CHARS + 7)), Err(ChatError::TooLong { given: MAX_CHAT_CHARS + 7 }));
    }

    #[test]
    fn the_safe_starts_with_the_players_chat_off() {
        assert!(!on_by_default("the-safe"));
        assert!(on_by_default("club-unlock"));
    }
}
