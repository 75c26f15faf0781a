//! Path, query and JSON extractors for the routes only the pages' scripts call
//! (`/play/{id}/frag`, the push subscription, the chat history, the waiting room's fragment),
//! whose refusals are the API's error body (`safehouse_api::ErrorBody`) with the API's codes
//! (`bad_request`, `malformed_json`, `bad_content_type`, `payload_too_large`): every other answer
//! of those routes is JSON, and a script reads it, not a person (a page's refusals are pages:
//! [`crate::extract`]).

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use safehouse_api::ErrorBody;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;

/// Path parameters of a script's route, refused with the API's JSON (`400 bad_request`).
#[derive(Debug)]
pub(crate) struct ScriptPath<T>(pub(crate) T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for ScriptPath<T> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(ScriptPath(value)),
            Err(rejection) => Err(unreadable(rejection.status(), rejection.body_text())),
        }
    }
}

/// A script route's query string, refused with the API's JSON (`400 bad_request`).
#[derive(Debug)]
pub(crate) struct ScriptQuery<T>(pub(crate) T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ScriptQuery<T> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(ScriptQuery(value)),
            Err(rejection) => Err(unreadable(rejection.status(), rejection.body_text())),
        }
    }
}

/// A script's JSON body, refused with the API's JSON and the API's codes for a body. As the
/// API's bodies, it is a JSON object (serde would read a struct from an array of its fields).
#[derive(Debug)]
pub(crate) struct ScriptJson<T>(pub(crate) T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ScriptJson<T> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let Json(raw) = Json::<Box<RawValue>>::from_request(request, state).await.map_err(json_refused)?;
        if !raw.get().starts_with('{') {
            return Err(script_error(StatusCode::BAD_REQUEST, "malformed_json", "the body must be a JSON object"));
        }
        let Json(value) = Json::<T>::from_bytes(raw.get().as_bytes()).map_err(json_refused)?;
        Ok(ScriptJson(value))
    }
}

/// A JSON body that does not read, with the API's status and code for why (a body that is no
/// JSON and one that is the wrong JSON are both `400 malformed_json`, as the API says).
fn json_refused(rejection: JsonRejection) -> Response {
    let status = rejection.status();
    let (status, code) = match &rejection {
        _ if status == StatusCode::PAYLOAD_TOO_LARGE => (status, "payload_too_large"),
        JsonRejection::MissingJsonContentType(_) => (status, "bad_content_type"),
        _ if status.is_server_error() => (status, "internal_error"),
        _ => (StatusCode::BAD_REQUEST, "malformed_json"),
    };
    script_error(status, code, rejection.body_text())
}

/// A script route's error: the API's body, `{"error": {"code", "message"}}`, with `status`.
pub(crate) fn script_error(status: StatusCode, code: &str, message: impl Into<String>) -> Response {
    (status, Json(ErrorBody::new(code, message))).into_response()
}

/// A path or query of a script's route that does not read: the client's mistake, or, if axum
/// blames the server (a route without the parameter its handler reads), the server's.
fn unreadable(status: StatusCode, detail: String) -> Response {
    let code = if status.is_client_error() { "bad_request" } else { "internal_error" };
    script_error(status, code, detail)
}
