//! The routes of the lobby and the waiting rooms (`/api/tables/...`), the room's WebSocket
//! among them: each checks the request against the room (`crate::tables`) and changes it through
//! the app (`app::tables`).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router, routing};
use futures_util::{SinkExt, StreamExt};
use safehouse_api::tables::{BotSeat, ListTables, SeatTaken, TableInfo, TableStatus, TakeSeat};
use safehouse_api::{Difficulty, ErrorBody};
use safehouse_store::SeatClaim;
use serde_json::{Value, json};
use tokio::sync::broadcast;

use crate::app::{App, now_ms, request_token};
use crate::error::{ApiError, ApiPath, ApiQuery, JsonObject};
use crate::tables::{RoomSlot, SeatState, bot_marker, kinds, seat_taken};
use crate::token;

/// The tag of these routes in `/openapi.json`, named for the feature as chat's and rematch's are.
const TAG: &str = "tables";

/// A JSON body that may be left out (an empty body, or `null` as the OpenAPI document allows, is
/// the defaults); when given, an object, as every body of the API.
fn optional_body<T: serde::de::DeserializeOwned + Default>(body: &[u8]) -> Result<T, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice::<Option<JsonObject<T>>>(body)
        .map(|given| given.map(|JsonObject(value)| value).unwrap_or_default())
        .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_request_body", e.to_string()))
}

/// The lobby: public tables waiting for players.
#[utoipa::path(get, tag = TAG, path = "/api/tables", params(ListTables),
    responses((status = 200, body = Vec<TableInfo>)))]
pub(crate) async fn list_tables(
    State(app): State<Arc<App>>,
    ApiQuery(query): ApiQuery<ListTables>,
) -> Result<Json<Vec<Value>>, ApiError> {
    let listed = app.store.listings(query.limit.unwrap_or(50).clamp(1, 200)).await?;
    Ok(Json(listed.into_iter().map(|l| l.listing).collect()))
}

/// A table's waiting room (also for a started or expired table: see `status`).
#[utoipa::path(get, tag = TAG, path = "/api/tables/{id}", params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = TableInfo), (status = 404, body = ErrorBody)))]
pub(crate) async fn get_table(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<TableInfo>, ApiError> {
    let slot = app.adopt_room(&id).await?;
    let room = slot.state.lock().await;
    Ok(Json(room.info(app.expiry())))
}

/// Takes a free seat (private tables need the table's `invite`). Taking the last free seat starts
/// the match.
#[utoipa::path(post, tag = TAG, path = "/api/tables/{id}/seats/{seat}/take",
    params(("id" = String, Path, description = "match id"), ("seat" = u8, Path, description = "seat index", maximum = 255)),
    request_body(content = Option<TakeSeat>, description = "Optional: an empty body is the defaults."),
    responses((status = 200, body = SeatTaken), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, description = "A body that does not read as this request (`bad_request_body`).", body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 410, body = ErrorBody)))]
pub(crate) async fn take_seat(
    State(app): State<Arc<App>>,
    ApiPath((id, seat)): ApiPath<(String, u8)>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<SeatTaken>, ApiError> {
    let request: TakeSeat = optional_body(&body)?;
    let slot = app.adopt_room(&id).await?;
    let mut room = slot.state.lock().await;
    app.reload_room(&mut room).await?;
    room.check_waiting()?;
    if let Some(expected) = &room.invite_hash {
        let given = request.invite.as_deref().unwrap_or("");
        if !token::same_hash(expected, &token::hash(given)) {
            return Err(ApiError::new(StatusCode::FORBIDDEN, "bad_invite", "this table needs its invite link"));
        }
    }
    // A seat that is not free says so before whoever asks is looked at.
    if *room.seat(seat)? != SeatState::Free {
        return Err(seat_taken());
    }
    if let Some(mine) = request_token(&headers, None).and_then(|t| room.seat_of_token(&t)) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "already_seated",
            format!("you already sit at seat {mine} of this table; leave it first"),
        ));
    }
    let name = request.name.map(|n| crate::names::clean(&n)).filter(|n| !n.is_empty());
    let (secret, table) = app.take_free_seat(&slot, &mut room, seat, name.clone()).await?;
    Ok(Json(SeatTaken { seat, token: secret, name, table }))
}

/// Leaves the seat the token (`Authorization: Bearer`) opens.
#[utoipa::path(post, tag = TAG, path = "/api/tables/{id}/seats/{seat}/leave",
    params(("id" = String, Path, description = "match id"), ("seat" = u8, Path, description = "seat index", maximum = 255)),
    responses((status = 200, body = TableInfo), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody)),
    security(("seat_token" = [])))]
pub(crate) async fn leave_seat(
    State(app): State<Arc<App>>,
    ApiPath((id, seat)): ApiPath<(String, u8)>,
    headers: HeaderMap,
) -> Result<Json<TableInfo>, ApiError> {
    let token = request_token(&headers, None).ok_or_else(ApiError::no_token)?;
    let slot = app.adopt_room(&id).await?;
    let mut room = slot.state.lock().await;
    app.reload_room(&mut room).await?;
    room.check_waiting()?;
    room.seat(seat)?;
    if room.seat_of_token(&token) != Some(seat) {
        return Err(ApiError::bad_token());
    }
    app.store.release_seat(&id, seat).await?;
    app.store.append_table_event(&id, kinds::SEAT_LEFT, &json!({ "seat": seat }), now_ms()).await?;
    Ok(Json(app.after_change(&slot, &mut room, "").await?))
}

/// What the creator may change about a seat.
#[derive(Clone, Copy, Debug)]
enum CreatorChange {
    Remove,
    Bot(Difficulty),
    Free,
}

async fn creator_change(
    app: &Arc<App>,
    id: &str,
    seat: u8,
    headers: &HeaderMap,
    change: CreatorChange,
) -> Result<TableInfo, ApiError> {
    let token = request_token(headers, None).ok_or_else(ApiError::no_token)?;
    let slot = app.adopt_room(id).await?;
    let mut room = slot.state.lock().await;
    app.reload_room(&mut room).await?;
    room.check_creator(&token)?;
    room.check_waiting()?;
    let current = room.seat(seat)?.clone();
    match (change, current) {
        (CreatorChange::Remove, SeatState::Person { .. }) => {
            app.store.release_seat(id, seat).await?;
            app.store.append_table_event(id, kinds::SEAT_REMOVED, &json!({ "seat": seat }), now_ms()).await?;
        }
        (CreatorChange::Bot(level), SeatState::Free) => {
            let claim =
                SeatClaim { seat, token_hash: bot_marker(level), name: None, joined_at_ms: now_ms(), away: false };
            if !app.store.claim_seat(id, &claim).await? {
                app.reload_room(&mut room).await?;
                app.settle(&slot, &mut room).await;
                return Err(seat_taken());
            }
            app.store
                .append_table_event(id, kinds::SEAT_BOT, &json!({ "seat": seat, "difficulty": level }), now_ms())
                .await?;
        }
        (CreatorChange::Free, SeatState::Bot(_)) => {
            app.store.release_seat(id, seat).await?;
            app.store.append_table_event(id, kinds::SEAT_FREED, &json!({ "seat": seat }), now_ms()).await?;
        }
        (CreatorChange::Remove, _) => {
            return Err(ApiError::new(StatusCode::CONFLICT, "no_person", "no person sits at this seat"));
        }
        (CreatorChange::Bot(_), _) => return Err(seat_taken()),
        (CreatorChange::Free, _) => {
            return Err(ApiError::new(StatusCode::CONFLICT, "no_bot", "no bot sits at this seat"));
        }
    }
    app.after_change(&slot, &mut room, "").await
}

/// The creator (`Authorization: Bearer <creator_token>`) removes the person at a seat.
#[utoipa::path(post, tag = TAG, path = "/api/tables/{id}/seats/{seat}/remove",
    params(("id" = String, Path, description = "match id"), ("seat" = u8, Path, description = "seat index", maximum = 255)),
    responses((status = 200, body = TableInfo), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)),
    security(("creator_token" = [])))]
pub(crate) async fn remove_seat(
    State(app): State<Arc<App>>,
    ApiPath((id, seat)): ApiPath<(String, u8)>,
    headers: HeaderMap,
) -> Result<Json<TableInfo>, ApiError> {
    Ok(Json(creator_change(&app, &id, seat, &headers, CreatorChange::Remove).await?))
}

/// The creator gives a free seat to a bot.
#[utoipa::path(post, tag = TAG, path = "/api/tables/{id}/seats/{seat}/bot",
    params(("id" = String, Path, description = "match id"), ("seat" = u8, Path, description = "seat index", maximum = 255)),
    request_body(content = Option<BotSeat>, description = "Optional: an empty body is the defaults."),
    responses((status = 200, body = TableInfo), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, description = "A body that does not read as this request (`bad_request_body`).", body = ErrorBody)),
    security(("creator_token" = [])))]
pub(crate) async fn bot_seat(
    State(app): State<Arc<App>>,
    ApiPath((id, seat)): ApiPath<(String, u8)>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<TableInfo>, ApiError> {
    let level = optional_body::<BotSeat>(&body)?.difficulty.unwrap_or_default();
    Ok(Json(creator_change(&app, &id, seat, &headers, CreatorChange::Bot(level)).await?))
}

/// The creator frees a bot's seat for a person.
#[utoipa::path(post, tag = TAG, path = "/api/tables/{id}/seats/{seat}/free",
    params(("id" = String, Path, description = "match id"), ("seat" = u8, Path, description = "seat index", maximum = 255)),
    responses((status = 200, body = TableInfo), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)),
    security(("creator_token" = [])))]
pub(crate) async fn free_seat(
    State(app): State<Arc<App>>,
    ApiPath((id, seat)): ApiPath<(String, u8)>,
    headers: HeaderMap,
) -> Result<Json<TableInfo>, ApiError> {
    Ok(Json(creator_change(&app, &id, seat, &headers, CreatorChange::Free).await?))
}

/// The creator starts the match; seats still free are played by medium bots. At least one person
/// must sit.
#[utoipa::path(post, tag = TAG, path = "/api/tables/{id}/start", params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = TableInfo), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 410, body = ErrorBody)),
    security(("creator_token" = [])))]
pub(crate) async fn start_table(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
) -> Result<Json<TableInfo>, ApiError> {
    let token = request_token(&headers, None).ok_or_else(ApiError::no_token)?;
    let slot = app.adopt_room(&id).await?;
    let mut room = slot.state.lock().await;
    app.reload_room(&mut room).await?;
    room.check_creator(&token)?;
    room.check_waiting()?;
    if !room.seats.iter().any(|s| matches!(s, SeatState::Person { .. })) {
        return Err(ApiError::new(StatusCode::CONFLICT, "nobody_seated", "nobody sits at this table yet"));
    }
    app.start_locked(&mut room, "creator").await?;
    app.settle(&slot, &mut room).await;
    Ok(Json(room.info(app.expiry())))
}

/// The waiting room's WebSocket: a `waiting` message with the table on connect and after every
/// change, then `started` (with the match id) or `expired`, after which the server closes it.
pub(crate) async fn table_socket(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    peer: Option<axum::Extension<ConnectInfo<std::net::SocketAddr>>>,
    extensions: axum::http::Extensions,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let slot = app.adopt_room(&id).await?;
    let client = crate::limits::request_client(&extensions).or(peer.map(|axum::Extension(ConnectInfo(a))| a.ip()));
    let guard = crate::ws::ConnectionGuard::open(&app, client)?;
    Ok(ws
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_message_size(4 * 1024)
        .max_frame_size(4 * 1024)
        .on_upgrade(move |socket| async move {
            serve_room(app, slot, socket).await;
            drop(guard);
        })
        .into_response())
}

async fn serve_room(app: Arc<App>, slot: Arc<RoomSlot>, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (first, mut updates, done) = {
        let mut room = slot.state.lock().await;
        let rx = room.tx.get_or_insert_with(|| broadcast::channel(16).0).subscribe();
        (room.message(app.expiry()), rx, room.status != TableStatus::Waiting)
    };
    if sink.send(Message::Text(Utf8Bytes::from(first))).await.is_err() || done {
        let _ = sink.send(Message::Close(None)).await;
        return;
    }
    let idle = Duration::from_secs(app.config.ws_idle_secs.max(3));
    let mut ping = tokio::time::interval(idle / 3);
    ping.tick().await;
    let mut heard = std::time::Instant::now();
    loop {
        tokio::select! {
            _ = ping.tick() => {
                if heard.elapsed() >= idle || sink.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
            update = updates.recv() => match update {
                Ok(text) => {
                    let last = !text.starts_with("{\"type\":\"waiting\"");
                    if sink.send(Message::Text(Utf8Bytes::from(text.as_ref()))).await.is_err() || last {
                        break;
                    }
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    let text = slot.state.lock().await.message(app.expiry());
                    if sink.send(Message::Text(Utf8Bytes::from(text))).await.is_err() {
                        break;
                    }
                }
                Err(broadcast::error::RecvError::Closed) => break,
            },
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => heard = std::time::Instant::now(),
            },
        }
    }
    let _ = sink.send(Message::Close(None)).await;
}

/// The routes of the lobby and the waiting rooms.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/tables", routing::get(list_tables))
        .route("/api/tables/{id}", routing::get(get_table))
        .route("/api/tables/{id}/ws", routing::get(table_socket))
        .route("/api/tables/{id}/start", routing::post(start_table))
        .route("/api/tables/{id}/seats/{seat}/take", routing::post(take_seat))
        .route("/api/tables/{id}/seats/{seat}/leave", routing::post(leave_seat))
        .route("/api/tables/{id}/seats/{seat}/remove", routing::post(remove_seat))
        .route("/api/tables/{id}/seats/{seat}/bot", routing::post(bot_seat))
        .route("/api/tables/{id}/seats/{seat}/free", routing::post(free_seat))
}
