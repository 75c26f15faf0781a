//! The routes of a seat's one-time link for another device (`/api/matches/{id}/device`).

use std::sync::Arc;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::{Json, Router, routing};
use safehouse_api::ErrorBody;
use safehouse_api::devices::{DeviceClaim, DeviceClaimed, DeviceLink, SignedOut};
use utoipa::OpenApi;

use crate::app::{App, request_token};
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::limits::request_client;

/// A code that opens the token's seat once, on another device, for `device_link_secs` (10
/// minutes by default): the link to show there holds it instead of the token. Works in a
/// waiting room too.
#[utoipa::path(post, path = "/api/matches/{id}/device", params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = DeviceLink), (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)),
    security(("seat_token" = [])), tag = "devices")]
pub(crate) async fn make_link(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    extensions: axum::http::Extensions,
) -> Result<Json<DeviceLink>, ApiError> {
    let token = request_token(&headers, None).ok_or_else(ApiError::no_token)?;
    Ok(Json(app.make_device_link(&id, &token, request_client(&extensions)).await?))
}

/// Hands in a link's code: the seat's token, once per code and before it expires (`bad_link`
/// otherwise, saying why).
#[utoipa::path(post, path = "/api/matches/{id}/device/claim", params(("id" = String, Path, description = "match id")),
    request_body = DeviceClaim,
    responses((status = 200, body = DeviceClaimed), (status = 404, body = ErrorBody), (status = 429, body = ErrorBody)),
    tag = "devices")]
pub(crate) async fn claim_link(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    extensions: axum::http::Extensions,
    ApiJson(claim): ApiJson<DeviceClaim>,
) -> Result<Json<DeviceClaimed>, ApiError> {
    Ok(Json(app.claim_device_link(&id, &claim.code, request_client(&extensions)).await?))
}

/// Signs out every other device that holds the token's seat: the seat gets a new token (in the
/// answer), and the old one opens nothing any more. Its WebSockets get `signed_out` and close,
/// links made with it stop working, and the seat's Web Push subscriptions are dropped (its
/// webhook stays). Works in a waiting room too. For a lost phone, or a link given to the wrong
/// person.
#[utoipa::path(post, path = "/api/matches/{id}/device/sign-out", params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = SignedOut), (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)),
    security(("seat_token" = [])), tag = "devices")]
pub(crate) async fn sign_out(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    extensions: axum::http::Extensions,
) -> Result<Json<SignedOut>, ApiError> {
    let token = request_token(&headers, None).ok_or_else(ApiError::no_token)?;
    Ok(Json(app.sign_out_other_devices(&id, &token, request_client(&extensions)).await?))
}

/// The device-link routes.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/matches/{id}/device", routing::post(make_link))
        .route("/api/matches/{id}/device/claim", routing::post(claim_link))
        .route("/api/matches/{id}/device/sign-out", routing::post(sign_out))
}

/// The device-link part of `/openapi.json`.
#[derive(OpenApi)]
#[openapi(
    paths(make_link, claim_link, sign_out),
    components(schemas(DeviceLink, DeviceClaim, DeviceClaimed, SignedOut))
)]
pub(crate) struct DevicesApi;
