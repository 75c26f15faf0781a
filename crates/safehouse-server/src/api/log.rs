//! `GET /api/matches/{id}/log`: a viewer's game log, from the cache its live match keeps
//! (`crate::log`).

use std::sync::Arc;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::{Json, Router, routing};
use safehouse_api::ErrorBody;
use safehouse_api::log::{LogActor, LogEntry, LogQuery, LogResponse};
use safehouse_engine::Viewer;
use utoipa::OpenApi;

use crate::app::{App, request_token};
use crate::error::{ApiError, ApiPath, ApiQuery};

/// Every action so far as this seat (with its token) or a spectator (without) may see it:
/// the events through the game's `event_view`, built from the stored record.
#[utoipa::path(get, path = "/api/matches/{id}/log", params(("id" = String, Path, description = "match id"), LogQuery),
    responses((status = 200, body = LogResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn get_log(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<LogQuery>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let slot = app.get(&id).await?;
    let mut lm = slot.state.lock().await;
    app.ensure_sound(&mut lm).await?;
    // Reading the log is not activity: it does not mark a seat present.
    let viewer = match request_token(&headers, query.token.as_deref()) {
        Some(token) => Viewer::Seat(app.authenticate(&mut lm, &token).await?),
        None => Viewer::Spectator,
    };
    let live = &mut *lm;
    let after = query.after.unwrap_or(0);
    let log = live.log.written(live.game, live.game_match.as_ref(), &live.id, live.seq, viewer, after)?;
    drop(lm);
    Ok(Json(log).into_response())
}

#[derive(OpenApi)]
#[openapi(paths(get_log), components(schemas(LogResponse, LogEntry, LogActor)))]
pub(crate) struct LogDoc;

/// The log's routes (merged into the API's).
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new().route("/api/matches/{id}/log", routing::get(get_log))
}
