//! The extractors of the API's requests (feature `axum`), whose refusals are the API's error
//! body: path parameters, a query string and a JSON body that do not read are answered
//! `{"error": {"code", "message"}}` with a stable code, never with axum's plain text. The server
//! reads its API's requests with them, and the browser table the requests of its scripts.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

use crate::ErrorBody;
use crate::object::JsonObject;

/// A refusal: an HTTP status and the API's error body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The HTTP status.
    pub status: StatusCode,
    /// The body.
    pub body: ErrorBody,
}

impl Refusal {
    /// A refusal with `status`, its stable `code` and a `message` for a person.
    pub fn new(status: StatusCode, code: &str, message: impl Into<String>) -> Self {
        Refusal { status, body: ErrorBody::new(code, message) }
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        (self.status, Json(self.body)).into_response()
    }
}

/// Path parameters (`axum::extract::Path`) refused with `400 bad_request`: a seat number that
/// is no number, say.
#[derive(Debug)]
pub struct ApiPath<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for ApiPath<T> {
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(ApiPath(value)),
            Err(rejection) => Err(unreadable(rejection.status(), rejection.body_text())),
        }
    }
}

/// A query string (`axum::extract::Query`) refused with `400 bad_request`, as [`ApiPath`]'s.
#[derive(Debug)]
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(ApiQuery(value)),
            Err(rejection) => Err(unreadable(rejection.status(), rejection.body_text())),
        }
    }
}

/// A JSON body (`axum::Json`): `413 payload_too_large`, `415 bad_content_type` without
/// `Content-Type: application/json`, and `400 malformed_json` for a body that is no JSON, is the
/// wrong JSON, or is not an object. Every body of the API is a JSON object, as its document
/// says; serde would also read a struct from an array of its fields in order
/// (`["https://push.example/1"]` as `{"endpoint": ...}`), which no document allows and no client
/// should come to rely on. The body is read once, as `T` with every struct from an object
/// ([`JsonObject`]).
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = Refusal;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let Json(JsonObject(value)) =
            Json::<JsonObject<T>>::from_request(request, state).await.map_err(json_refused)?;
        Ok(ApiJson(value))
    }
}

/// A JSON body that does not read, with the API's status and code for why.
fn json_refused(rejection: JsonRejection) -> Refusal {
    match rejection {
        JsonRejection::BytesRejection(_) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            Refusal::new(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", "the request body is too large")
        }
        JsonRejection::MissingJsonContentType(_) => Refusal::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "bad_content_type",
            "send JSON with `Content-Type: application/json`",
        ),
        other if other.status().is_server_error() => {
            Refusal::new(StatusCode::INTERNAL_SERVER_ERROR, "internal_error", other.body_text())
        }
        other => Refusal::new(StatusCode::BAD_REQUEST, "malformed_json", other.body_text()),
    }
}

/// A path or query that does not read: the client's mistake (`bad_request`), or, if axum blames
/// the server (a route without the parameter its handler reads), `internal_error`.
fn unreadable(status: StatusCode, detail: String) -> Refusal {
    if status.is_client_error() {
        Refusal::new(StatusCode::BAD_REQUEST, "bad_request", detail)
    } else {
        Refusal::new(StatusCode::INTERNAL_SERVER_ERROR, "internal_error", detail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use serde_json::Value;

    async fn read<T: DeserializeOwned>(content_type: &str, body: &str) -> Result<T, Refusal> {
        let request = Request::builder()
            .method("POST")
            .uri("/")
            .header("content-type", content_type)
            .body(Body::from(body.to_owned()))
            .expect("a request");
        ApiJson::<T>::from_request(request, &()).await.map(|ApiJson(value)| value)
    }

    /// An object reads, whitespace around it too; an array, a string, no JSON or the wrong
    /// content type is refused with the API's code.
    #[tokio::test]
    async fn a_body_is_a_json_object() {
        assert_eq!(read("application/json", r#"{"a": 1}"#).await.ok(), Some(serde_json::json!({"a": 1})));
        assert!(read::<Value>("application/json", " \n\t{\"a\": 1} \n").await.is_ok(), "whitespace around the object");
        let code = |r: Result<Value, Refusal>| r.err().map(|e| (e.status.as_u16(), e.body.error.code));
        assert_eq!(code(read("application/json", r#"["x"]"#).await), Some((400, "malformed_json".into())));
        assert_eq!(code(read("application/json", r#" "x""#).await), Some((400, "malformed_json".into())));
        assert_eq!(code(read("application/json", "{oops").await), Some((400, "malformed_json".into())));
        assert_eq!(code(read("text/plain", "{}").await), Some((415, "bad_content_type".into())));
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Push {
        endpoint: String,
        seat: Option<u8>,
    }

    /// A struct reads from its object only: serde's own reading of `["..."]` as its fields in
    /// order is refused, and a wrong field still names itself.
    #[tokio::test]
    async fn a_struct_reads_from_its_object_only() {
        let json = "application/json";
        let push: Push = read(json, r#"{"endpoint": "https://push.example/1", "seat": 2}"#).await.expect("an object");
        assert_eq!((push.endpoint.as_str(), push.seat), ("https://push.example/1", Some(2)));
        let refused = read::<Push>(json, r#"["https://push.example/1", 2]"#).await.expect_err("an array of the fields");
        assert_eq!((refused.status.as_u16(), refused.body.error.code.as_str()), (400, "malformed_json"));
        assert!(refused.body.error.message.contains("expected a JSON object"), "{}", refused.body.error.message);
        let refused = read::<Push>(json, r#"{"endpoint": "x", "seat": 256}"#).await.expect_err("a seat above 255");
        assert!(refused.body.error.message.contains("seat"), "{}", refused.body.error.message);
        let refused = read::<Push>(json, r#"{"endpoint": "x", "pad": 1}"#).await.expect_err("an unknown field");
        assert!(refused.body.error.message.contains("pad"), "{}", refused.body.error.message);
    }
}
