//! The chat's routes (`/api/matches/{id}/chat`): reading the lines the asker may read and
//! writing one (`app::chat`).

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::{Json, Router, routing};
use safehouse_api::chat::{Channel, ChatHistory, ChatLine, ChatRequest};
use safehouse_api::{ErrorBody, TokenQuery};
use safehouse_engine::Viewer;
use utoipa::OpenApi;

use crate::app::{App, LiveMatch, request_token};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery};

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
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<TokenQuery>,
    headers: HeaderMap,
) -> Result<Json<ChatHistory>, ApiError> {
    let slot = app.get(&id).await?;
    let mut lm = slot.state.lock().await;
    let viewer = viewer_of(&app, &mut lm, &headers, &query).await?;
    let (match_id, finished) = (lm.id.clone(), lm.finished);
    let lines = crate::app::chat::history(&app, &match_id, finished, viewer).await?;
    let players_open = crate::app::chat::players_may_write(&lm);
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
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    extensions: axum::http::Extensions,
    ApiJson(request): ApiJson<ChatRequest>,
) -> Result<(StatusCode, Json<ChatLine>), ApiError> {
    let slot = app.get(&id).await?;
    let mut lm = slot.state.lock().await;
    let viewer = viewer_of(&app, &mut lm, &headers, &TokenQuery::default()).await?;
    let client = crate::limits::request_client(&extensions);
    let line = crate::app::chat::post(&app, &mut lm, viewer, &request.text, request.name.as_deref(), client).await?;
    Ok((StatusCode::CREATED, Json(line)))
}

/// The chat routes.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new().route("/api/matches/{id}/chat", routing::get(get_chat).post(post_chat))
}

/// The chat part of `/openapi.json`.
#[derive(OpenApi)]
#[openapi(paths(get_chat, post_chat), components(schemas(ChatHistory, ChatLine, ChatRequest, Channel)))]
pub(crate) struct ChatApi;
