//! The rematch routes (`/api/matches/{id}/rematch`): start or join a finished match's rematch
//! (`app::rematch`), and read a match's links.

use std::sync::Arc;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::{Json, Router, routing};
use safehouse_api::ErrorBody;
use safehouse_api::rematch::{RematchJoined, RematchLinks};
use utoipa::OpenApi;

use crate::app::{App, request_token};
use crate::error::{ApiError, ApiPath};

/// Creates the rematch of a finished match (or joins the one already created) and takes the
/// asker's seat in it: the same seat as in the old match, with a new token of its own. Asked with
/// an old seat's token; each seat may take its new seat once (`seat_taken` after).
#[utoipa::path(post, path = "/api/matches/{id}/rematch", params(("id" = String, Path, description = "the finished match")),
    responses((status = 200, body = RematchJoined), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 429, body = ErrorBody), (status = 503, body = ErrorBody)),
    security(("seat_token" = [])), tag = "rematch")]
pub(crate) async fn post_rematch(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    extensions: axum::http::Extensions,
) -> Result<Json<RematchJoined>, ApiError> {
    let token = request_token(&headers, None).ok_or_else(ApiError::no_token)?;
    let client = crate::limits::request_client(&extensions);
    Ok(Json(crate::app::rematch::start_or_join(&app, &id, &token, client).await?))
}

/// The links of a match: its rematch (once started) and the match it is a rematch of.
#[utoipa::path(get, path = "/api/matches/{id}/rematch", params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = RematchLinks), (status = 404, body = ErrorBody)), tag = "rematch")]
pub(crate) async fn get_rematch(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<RematchLinks>, ApiError> {
    let rematch_of = match app.get(&id).await {
        Ok(slot) => slot.state.lock().await.settings.rematch_of.clone(),
        // A rematch still in its waiting room (or one that expired there) is no live match.
        Err(error) if matches!(error.code, "table_not_started" | "table_expired") => {
            let stored =
                app.store.load_match(&id).await?.ok_or_else(|| ApiError::not_found(format!("no match `{id}`")))?;
            crate::tables::room_settings(&stored.header).rematch_of
        }
        Err(error) => return Err(error),
    };
    let rematch = crate::app::rematch::find(&app, &id).await?;
    Ok(Json(RematchLinks { rematch, rematch_of }))
}

/// The rematch routes.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new().route("/api/matches/{id}/rematch", routing::get(get_rematch).post(post_rematch))
}

/// The rematch part of `/openapi.json`.
#[derive(OpenApi)]
#[openapi(paths(post_rematch, get_rematch), components(schemas(RematchJoined, RematchLinks)))]
pub(crate) struct RematchApi;
