//! The routes of "your turn" notifications (`/api/push/key`, `/api/matches/{id}/notify/...`):
//! a seat's subscriptions, kept by the notifier (`crate::notify`).

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::{Json, Router, routing};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use safehouse_api::ErrorBody;
use safehouse_api::notify::{
    NotifyLang, NotifyState, PushKey, PushKeys, PushRemoval, PushSubscription, WebhookRequest,
};
use safehouse_engine::Seat;
use serde_json::json;

use crate::app::{App, request_token};
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::notify::{EVENT_PUSH, EVENT_PUSH_REMOVED, EVENT_WEBHOOK, WebhookTarget};

/// The seat a request's token opens in match `id` (a waiting room's too: see
/// [`App::seat_of_token`]).
async fn seat_of(app: &Arc<App>, id: &str, headers: &HeaderMap) -> Result<(Arc<str>, Seat), ApiError> {
    let token = request_token(headers, None).ok_or_else(ApiError::no_token)?;
    app.seat_of_token(id, &token).await
}

fn decoded_len(text: &str) -> Option<usize> {
    URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')).ok().map(|bytes| bytes.len())
}

/// The server's VAPID public key, for `pushManager.subscribe({applicationServerKey})`.
#[utoipa::path(get, path = "/api/push/key", responses((status = 200, body = PushKey), (status = 503, body = ErrorBody)))]
pub(crate) async fn push_key(State(app): State<Arc<App>>) -> Result<Json<PushKey>, ApiError> {
    Ok(Json(PushKey { public_key: app.notifier.public_key()? }))
}

/// What the seat of the token has asked to be told by.
#[utoipa::path(get, path = "/api/matches/{id}/notify", params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = NotifyState), (status = 401, body = ErrorBody)), security(("seat_token" = [])))]
pub(crate) async fn get_notify(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
) -> Result<Json<NotifyState>, ApiError> {
    let (match_id, seat) = seat_of(&app, &id, &headers).await?;
    let targets = app.notifier.seat_targets(&match_id, seat.0).await?;
    Ok(Json(NotifyState {
        seat: seat.0,
        push: targets.push.into_iter().map(|p| p.endpoint).collect(),
        webhook: targets.webhook.map(|w| w.url),
    }))
}

/// Tells the token's seat by Web Push when it becomes its turn (the body is the browser's
/// `PushSubscription`; at most 4 per seat, the oldest replaced).
#[utoipa::path(put, path = "/api/matches/{id}/notify/push", params(("id" = String, Path, description = "match id")),
    request_body = PushSubscription,
    responses((status = 200, body = NotifyState), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody),
        (status = 429, body = ErrorBody)),
    security(("seat_token" = [])))]
pub(crate) async fn put_push(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    ApiJson(subscription): ApiJson<PushSubscription>,
) -> Result<Json<NotifyState>, ApiError> {
    let (match_id, seat) = seat_of(&app, &id, &headers).await?;
    let url = app.notifier.policy.check(&subscription.endpoint)?;
    if decoded_len(&subscription.keys.p256dh) != Some(65) || decoded_len(&subscription.keys.auth) != Some(16) {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_subscription",
            "keys.p256dh must be a 65-byte P-256 public key and keys.auth a 16-byte secret, both base64url",
        ));
    }
    // Refused at once when this server has no VAPID key to sign with.
    app.notifier.public_key()?;
    let known = app.notifier.check_budget(&match_id, seat.0).await?;
    let endpoint = url.to_string();
    let same = known.push.iter().any(|p| {
        p.endpoint == endpoint
            && p.p256dh == subscription.keys.p256dh
            && p.auth == subscription.keys.auth
            && p.lang == subscription.lang
    });
    if !same {
        let data = json!({
            "seat": seat.0,
            "endpoint": endpoint,
            "p256dh": subscription.keys.p256dh,
            "auth": subscription.keys.auth,
            "lang": subscription.lang,
        });
        app.notifier.append(&match_id, EVENT_PUSH, data).await?;
    }
    get_notify(State(app), ApiPath(id), headers).await
}

/// Stops Web Push to one of the seat's subscriptions.
#[utoipa::path(delete, path = "/api/matches/{id}/notify/push", params(("id" = String, Path, description = "match id")),
    request_body = PushRemoval,
    responses((status = 200, body = NotifyState), (status = 401, body = ErrorBody)), security(("seat_token" = [])))]
pub(crate) async fn delete_push(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    ApiJson(removal): ApiJson<PushRemoval>,
) -> Result<Json<NotifyState>, ApiError> {
    let (match_id, seat) = seat_of(&app, &id, &headers).await?;
    let known = app.notifier.seat_targets(&match_id, seat.0).await?;
    let endpoint = reqwest::Url::parse(removal.endpoint.trim()).map(|u| u.to_string()).unwrap_or(removal.endpoint);
    if known.push.iter().any(|p| p.endpoint == endpoint) {
        let data = json!({ "seat": seat.0, "endpoint": endpoint, "reason": "seat" });
        app.notifier.append(&match_id, EVENT_PUSH_REMOVED, data).await?;
    }
    get_notify(State(app), ApiPath(id), headers).await
}

/// Tells the token's seat by a JSON POST to `url` when it becomes its turn (Discord and Slack
/// incoming webhooks take it as it is).
#[utoipa::path(put, path = "/api/matches/{id}/notify/webhook", params(("id" = String, Path, description = "match id")),
    request_body = WebhookRequest,
    responses((status = 200, body = NotifyState), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody),
        (status = 429, body = ErrorBody)),
    security(("seat_token" = [])))]
pub(crate) async fn put_webhook(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    ApiJson(request): ApiJson<WebhookRequest>,
) -> Result<Json<NotifyState>, ApiError> {
    let (match_id, seat) = seat_of(&app, &id, &headers).await?;
    let url = app.notifier.policy.check(&request.url)?.to_string();
    let known = app.notifier.check_budget(&match_id, seat.0).await?;
    if known.webhook != Some(WebhookTarget { url: url.clone(), lang: request.lang }) {
        let data = json!({ "seat": seat.0, "url": url, "lang": request.lang });
        app.notifier.append(&match_id, EVENT_WEBHOOK, data).await?;
    }
    get_notify(State(app), ApiPath(id), headers).await
}

/// Stops the seat's webhook.
#[utoipa::path(delete, path = "/api/matches/{id}/notify/webhook", params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = NotifyState), (status = 401, body = ErrorBody)), security(("seat_token" = [])))]
pub(crate) async fn delete_webhook(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
) -> Result<Json<NotifyState>, ApiError> {
    let (match_id, seat) = seat_of(&app, &id, &headers).await?;
    let known = app.notifier.seat_targets(&match_id, seat.0).await?;
    if known.webhook.is_some() {
        app.notifier.append(&match_id, EVENT_WEBHOOK, json!({ "seat": seat.0, "url": null })).await?;
    }
    get_notify(State(app), ApiPath(id), headers).await
}

/// The notification routes (merged into the API by `api::routes`).
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/push/key", routing::get(push_key))
        .route("/api/matches/{id}/notify", routing::get(get_notify))
        .route("/api/matches/{id}/notify/push", routing::put(put_push).delete(delete_push))
        .route("/api/matches/{id}/notify/webhook", routing::put(put_webhook).delete(delete_webhook))
}

/// The OpenAPI description of these routes (nested into the API's document).
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(push_key, get_notify, put_push, delete_push, put_webhook, delete_webhook),
    components(schemas(PushKey, NotifyState, PushSubscription, PushKeys, PushRemoval, WebhookRequest, NotifyLang))
)]
pub(crate) struct NotifyDoc;
