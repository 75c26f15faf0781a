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
//!
//! This module holds the rules of the chat (cleaning, limits, who reads what, the stored form);
//! writing a line into a live match and sending it is `app::chat`, the routes `api::chat`.

use axum::http::StatusCode;
use safehouse_api::chat::{Channel, ChatLine};
use safehouse_engine::Viewer;
use safehouse_store::TableEvent;
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// Most characters of one line (after cleaning).
pub const MAX_CHAT_CHARS: usize = 500;
/// Most lines a match holds (both chats together).
pub const MAX_CHAT_LINES: u32 = 2_000;
/// The table-log kind of a chat line.
pub const KIND: &str = "chat";

/// A line as the table log keeps it (`n` and `at_ms` are the event's own).
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Stored {
    pub(crate) channel: Channel,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) seat: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) name: Option<String>,
    pub(crate) text: String,
    #[serde(default)]
    pub(crate) seq: u64,
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
    pub(crate) lines: Option<u32>,
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

pub(crate) fn channel_name(channel: Channel) -> &'static str {
    match channel {
        Channel::Players => "players",
        Channel::Spectators => "spectators",
    }
}

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
