//! The WebSocket of a seat or a spectator: `GET /api/matches/{id}/ws[?token=...]`.
//!
//! Server to client (JSON text frames, each with a `type`):
//! - `welcome`: the whole picture for this viewer (on connect, and again after any resync):
//!   `seq`, `view`, `to_move`, `legal` (when it is this seat's move), `seats`, `outcome`, and
//!   `clock` at a table with a time control (every seat's time left at `server_ms`).
//! - `update`: one action: `seq`, `actor`, `events` (as this viewer may see them), `patch`
//!   (RFC 6902 operations turning the previous view into the new one), `to_move`, `legal`,
//!   `outcome`.
//! - `seats`: the seat list changed (somebody joined, went idle or came back).
//! - `chat`: a chat line this viewer may read: `line` = `{n, channel, seat, name, text, seq,
//!   at_ms}` (`chat.rs`; a seat gets no spectators' line before the match ends).
//! - `rematch`: somebody started this match's rematch: `match` = its id (`rematch.rs`).
//! - `ack` / `error`: answers to the client's messages (`id` echoed).
//!
//! `welcome` and `update` are `safehouse_api`'s `Welcome` and `Update`, the others its
//! `Notice`; what a client sends is its `commands::ClientMessage`.
//!
//! Client to server: `{"type": "act", "action": ..., "seq": n, "id": any}`,
//! `{"type": "back"}` (take the seat back from the bot), `{"type": "away"}` (a bot plays the seat
//! from now on, until `back` or an action), `{"type": "bot_for", "seat": n}` (a bot plays seat
//! `n`, which nobody joined, until its person joins: `presence.rs`), `{"type": "sync"}` (send
//! `welcome` again), `{"type": "chat", "text": ..., "name": ..., "id": any}` (a chat line: a
//! seat's to the players' chat, a spectator's to the spectators'; answered `{"type": "ack", "id",
//! "n"}`; `chat.rs`).
//! Only `act` and `back` count as the person being present: an open socket does not.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use axum::extract::ws::CloseFrame;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use safehouse_engine::{Seat, Viewer};
use serde_json::Value;
use tokio::sync::broadcast::error::RecvError;

use crate::app::{Actor, App, Slot, request_token, viewer_index};
use crate::error::{ApiError, ApiPath, ApiQuery};
use crate::limits::Held;
use crate::token;
use safehouse_api::chat::ChatRequest;
use safehouse_api::commands::{BotFor, ClientMessage, Command, Refused};
use safehouse_api::{ActRequest, Notice, TokenQuery};

/// Upgrades to a WebSocket for the seat the token opens (or a spectator without a token).
pub(crate) async fn upgrade(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<TokenQuery>,
    headers: HeaderMap,
    peer: Option<axum::Extension<ConnectInfo<SocketAddr>>>,
    extensions: axum::http::Extensions,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let slot = app.get(&id).await?;
    let (viewer, token_hash) = {
        let mut lm = slot.state.lock().await;
        match request_token(&headers, query.token.as_deref()) {
            Some(token) => (Viewer::Seat(app.authenticate(&mut lm, &token).await?), Some(token::hash(&token))),
            None => (Viewer::Spectator, None),
        }
    };
    let client = crate::limits::request_client(&extensions).or(peer.map(|axum::Extension(ConnectInfo(a))| a.ip()));
    let guard = ConnectionGuard::open(&app, client)?;
    let max = app.config.max_body_bytes;
    let peer = peer.map(|axum::Extension(ConnectInfo(addr))| addr);
    Ok(ws
        // Small buffers: thousands of sockets each holding tungstenite's default 128 KiB read
        // buffer would cost hundreds of megabytes; our messages are a few hundred bytes.
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_message_size(max)
        .max_frame_size(max)
        .on_failed_upgrade(|error| tracing::debug!(%error, "websocket upgrade failed"))
        // The guard moves into the callback: it is dropped (and the connection uncounted)
        // when the socket ends, and also when the upgrade never completes.
        .on_upgrade(move |socket| async move {
            let client = guard.client;
            let opened = Opened { viewer, token_hash, peer, client };
            serve(app.clone(), slot, opened, socket).await;
            drop(guard);
        })
        .into_response())
}

/// One open (or opening) WebSocket, counted in the server's total and in its client's share
/// from the moment it is accepted until this is dropped, whatever ends it.
#[derive(Debug)]
pub(crate) struct ConnectionGuard {
    app: Arc<App>,
    client: Option<IpAddr>,
    _held: Option<Held>,
}

impl ConnectionGuard {
    pub(crate) fn open(app: &Arc<App>, client: Option<IpAddr>) -> Result<ConnectionGuard, ApiError> {
        let held = match client {
            Some(ip) => {
                let share = app.config.max_connections_per_client.max(1);
                Some(app.limits.ws_per_client.try_hold(ip, share).ok_or_else(|| {
                    ApiError::new(
                        StatusCode::TOO_MANY_REQUESTS,
                        "too_many_connections_for_client",
                        format!("one client may hold at most {share} WebSockets"),
                    )
                    .retry_after(Duration::from_secs(5))
                })?)
            }
            None => None,
        };
        let open = app.ws_connections.fetch_add(1, Ordering::Relaxed);
        let guard = ConnectionGuard { app: app.clone(), client, _held: held };
        if open >= app.config.max_connections {
            // Dropping the guard gives the place back.
            drop(guard);
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "too_many_connections",
                format!("this server holds its maximum of {} connections; try later", app.config.max_connections),
            )
            .retry_after(Duration::from_secs(5)));
        }
        metrics::gauge!("safehouse_ws_connections").set((open + 1) as f64);
        Ok(guard)
    }
}

impl Drop for ConnectionGuard {
    fn drop(&mut self) {
        let left = self.app.ws_connections.fetch_sub(1, Ordering::Relaxed).saturating_sub(1);
        metrics::gauge!("safehouse_ws_connections").set(left as f64);
    }
}

/// What a `sync` costs from the client's message budget: it is answered with a whole welcome.
const SYNC_COST: u32 = 10;

async fn send_text(
    sink: &mut futures_util::stream::SplitSink<WebSocket, Message>,
    text: &str,
    kind: &'static str,
) -> bool {
    metrics::counter!("safehouse_ws_messages_sent_total", "type" => kind).increment(1);
    metrics::counter!("safehouse_ws_bytes_sent_total", "type" => kind).increment(text.len() as u64);
    sink.send(Message::Text(Utf8Bytes::from(text))).await.is_ok()
}

/// Who opened a socket: the viewer, the hash of the token it was opened with (a seat's), and
/// where from.
struct Opened {
    viewer: Viewer,
    token_hash: Option<String>,
    peer: Option<SocketAddr>,
    client: Option<IpAddr>,
}

/// The close code of a socket whose seat signed out its other devices (in the range RFC 6455
/// leaves to applications; 4401 reads as HTTP's 401).
const SIGNED_OUT_CLOSE: u16 = 4401;

/// Tells a seat's socket that its token was replaced, and closes it.
async fn close_signed_out(sink: &mut futures_util::stream::SplitSink<WebSocket, Message>, text: Option<&str>) {
    if let Some(text) = text {
        let _ = send_text(sink, text, "signed_out").await;
    }
    let frame = CloseFrame { code: SIGNED_OUT_CLOSE, reason: Utf8Bytes::from_static("signed out") };
    let _ = sink.send(Message::Close(Some(frame))).await;
}

async fn serve(app: Arc<App>, slot: Arc<Slot>, opened: Opened, socket: WebSocket) {
    let Opened { viewer, token_hash, peer, client } = opened;
    // Whether the socket's token still opens its seat (a spectator's always "does").
    let still_held = |lm: &crate::app::LiveMatch| match (viewer, token_hash.as_deref()) {
        (Viewer::Seat(seat), Some(hash)) => lm.holds(seat, hash),
        _ => true,
    };
    let (mut sink, mut stream) = socket.split();
    let (welcome, mut updates, players) = {
        // Opening the socket is not presence: only acting or `back` is (`presence`).
        let mut lm = slot.state.lock().await;
        let (welcome, rx) = lm.subscribe(viewer);
        (welcome, rx, lm.players())
    };
    let index = viewer_index(viewer, players);
    tracing::debug!(?peer, ?viewer, "websocket open");
    let mut refused = 0u32;
    // Silence is allowed for `ws_idle_secs`; the server pings three times in that time, and
    // every client (browsers, tungstenite) answers pings by itself.
    let idle = Duration::from_secs(app.config.ws_idle_secs.max(3));
    let mut ping = tokio::time::interval(idle / 3);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    ping.tick().await;
    let mut heard = Instant::now();
    if send_text(&mut sink, &welcome, "welcome").await {
        loop {
            tokio::select! {
                _ = ping.tick() => {
                    if heard.elapsed() >= idle {
                        metrics::counter!("safehouse_timeouts_total", "what" => "ws_idle").increment(1);
                        break;
                    }
                    if sink.send(Message::Ping(Default::default())).await.is_err() {
                        break;
                    }
                }
                update = updates.recv() => match update {
                    Ok(update) => {
                        let message = update.messages.get(index).and_then(Option::as_deref);
                        if update.signed_out.is_some_and(|seat| viewer == Viewer::Seat(Seat(seat))) {
                            close_signed_out(&mut sink, message).await;
                            break;
                        }
                        if let Some(text) = message {
                            let kind = if text.starts_with("{\"type\":\"welcome\"") { "welcome" } else { "update" };
                            if !send_text(&mut sink, text, kind).await {
                                break;
                            }
                        }
                    }
                    // Too far behind, or the channel was replaced: start again from the whole picture
                    // (unless the seat was signed out meanwhile, in a message this socket missed).
                    Err(RecvError::Lagged(_) | RecvError::Closed) => {
                        let welcome = {
                            let mut lm = slot.state.lock().await;
                            if still_held(&lm) {
                                let (welcome, rx) = lm.resubscribe(viewer);
                                updates = rx;
                                Some(welcome)
                            } else {
                                None
                            }
                        };
                        let Some(welcome) = welcome else {
                            let seat = viewer_index(viewer, players) as u8;
                            close_signed_out(&mut sink, Some(&Notice::SignedOut { seat }.to_text())).await;
                            break;
                        };
                        if !send_text(&mut sink, &welcome, "welcome").await {
                            break;
                        }
                    }
                },
                incoming = stream.next() => {
                    let Some(Ok(message)) = incoming else { break };
                    heard = Instant::now();
                    let text = match message {
                        Message::Text(text) => text,
                        Message::Close(_) => break,
                        Message::Ping(_) | Message::Pong(_) => continue,
                        Message::Binary(_) => {
                            let error = ApiError::bad_request("send JSON text messages");
                            if !send_text(&mut sink, &error_message(&error, None), "error").await { break }
                            continue;
                        }
                    };
                    let cost = if is_sync(text.as_str()) { SYNC_COST } else { 1 };
                    let allowed = match client {
                        Some(ip) => app.limits.ws_messages.take(ip, cost).await,
                        None => Ok(()),
                    };
                    if let Err(wait) = allowed {
                        refused += 1;
                        metrics::counter!("safehouse_rate_limited_total", "via" => "ws").increment(1);
                        let error = ApiError::rate_limited().retry_after(wait);
                        if refused > 50 {
                            let _ = send_text(&mut sink, &error_message(&error, None), "error").await;
                            break;
                        }
                        if !send_text(&mut sink, &error_message(&error, None), "error").await { break }
                        continue;
                    }
                    refused = 0;
                    // A seat's message counts only while its token opens the seat: one sent just
                    // as the seat signed out its other devices is not done.
                    if token_hash.is_some() && !still_held(&*slot.state.lock().await) {
                        let seat = viewer_index(viewer, players) as u8;
                        close_signed_out(&mut sink, Some(&Notice::SignedOut { seat }.to_text())).await;
                        break;
                    }
                    let reply = match handle_message(&app, &slot, viewer, text.as_str(), client).await {
                        Reply::Text(reply) => reply,
                        Reply::Resync => {
                            let mut lm = slot.state.lock().await;
                            let (welcome, rx) = lm.resubscribe(viewer);
                            updates = rx;
                            welcome
                        }
                    };
                    if !send_text(&mut sink, &reply, "reply").await {
                        break;
                    }
                }
            }
        }
    }
    slot.state.lock().await.unsubscribe(viewer);
    tracing::debug!(?peer, ?viewer, "websocket closed");
}

/// Whether a message asks for a whole welcome (read cheaply: the budget is taken before parsing).
fn is_sync(text: &str) -> bool {
    text.contains("\"sync\"")
}

fn error_message(error: &ApiError, id: Option<&Value>) -> String {
    Notice::Error { id: id.cloned(), error: error.detail() }.to_text()
}

enum Reply {
    Text(String),
    Resync,
}

async fn handle_message(app: &Arc<App>, slot: &Arc<Slot>, viewer: Viewer, text: &str, client: Option<IpAddr>) -> Reply {
    let ClientMessage { command, id } = match ClientMessage::from_json(text) {
        Ok(message) => message,
        Err(Refused { id, error }) => {
            let error = ApiError::new(StatusCode::BAD_REQUEST, error.code(), error.to_string());
            return Reply::Text(error_message(&error, id.as_ref()));
        }
    };
    let id = id.as_ref();
    let seat = viewer.seat();
    let ack = |seq: u64| Reply::Text(Notice::Ack { id: id.cloned(), seq: Some(seq), n: None }.to_text());
    match (command, seat) {
        (Command::Act(ActRequest { action, seq }), Some(seat)) => {
            let mut lm = slot.state.lock().await;
            app.seat_active(&mut lm, seat).await;
            let Some(seq) = seq else {
                return Reply::Text(error_message(&ApiError::missing_seq(lm.seq), id));
            };
            match app.act_locked(slot, &mut lm, seat, &action, seq, Actor::Person).await {
                Ok(acted) => ack(acted.seq),
                Err(error) => Reply::Text(error_message(&error, id)),
            }
        }
        (Command::Back, Some(seat)) => {
            let mut lm = slot.state.lock().await;
            app.seat_active(&mut lm, seat).await;
            ack(lm.seq)
        }
        (Command::Away, Some(seat)) => {
            let mut lm = slot.state.lock().await;
            match app.step_away(slot, &mut lm, seat, client).await {
                Ok(()) => ack(lm.seq),
                Err(error) => Reply::Text(error_message(&error, id)),
            }
        }
        (Command::BotFor(BotFor { seat: handed }), Some(by)) => {
            let mut lm = slot.state.lock().await;
            match app.hand_to_bot(slot, &mut lm, by, handed, client).await {
                Ok(()) => ack(lm.seq),
                Err(error) => Reply::Text(error_message(&error, id)),
            }
        }
        (Command::Act(_) | Command::Back | Command::Away | Command::BotFor(_), None) => {
            let error = ApiError::new(StatusCode::FORBIDDEN, "spectator", "spectators cannot act; join a seat");
            Reply::Text(error_message(&error, id))
        }
        (Command::Sync, _) => Reply::Resync,
        (Command::Chat(ChatRequest { text, name }), _) => {
            let mut lm = slot.state.lock().await;
            match crate::app::chat::post(app, &mut lm, viewer, &text, name.as_deref(), client).await {
                Ok(line) => Reply::Text(Notice::Ack { id: id.cloned(), seq: None, n: Some(line.n) }.to_text()),
                Err(error) => Reply::Text(error_message(&error, id)),
            }
        }
    }
}
