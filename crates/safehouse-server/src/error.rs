//! Errors of the API: an HTTP status, a stable machine code and a message for a person.
//!
//! The body is always `{"error": {"code": "...", "message": "...", ...}}`, written as
//! `safehouse_api::ErrorBody` (which clients read it as; a WebSocket `error` is its
//! `ErrorDetail`). Engine errors keep
//! their own codes (`not_your_turn`, `illegal_action` with its `rule`, `bad_option`...).

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use safehouse_api::{ErrorBody, ErrorDetail};
use safehouse_engine::{ActionError, SetupError};
use safehouse_store::StoreError;

// The API's extractors, whose refusals are the API's error body (shared with the browser
// table's scripts' routes).
pub(crate) use safehouse_api::extract::{ApiJson, ApiPath, ApiQuery};
pub(crate) use safehouse_api::object::JsonObject;

/// An error as sent to clients.
#[derive(Clone, Debug, PartialEq)]
pub struct ApiError {
    /// The HTTP status (WebSocket errors carry only the body).
    pub status: StatusCode,
    /// The stable machine code.
    pub code: &'static str,
    /// What went wrong, for a person.
    pub message: String,
    /// The rule broken (`illegal_action`). (Boxed strings keep the error small: every
    /// fallible handler returns it.)
    pub rule: Option<Box<str>>,
    /// The option concerned (`bad_option`, and `bad_player_count` when an option would allow
    /// the count).
    pub option: Option<Box<str>>,
    /// The match's sequence number now (`stale_seq`, `missing_seq`, `conflict`).
    pub seq: Option<u64>,
    /// Seconds to wait before trying again (sent as `Retry-After` and as `retry_after`).
    pub retry_after_secs: Option<u64>,
}

impl ApiError {
    /// An error with no details.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError { status, code, message: message.into(), rule: None, option: None, seq: None, retry_after_secs: None }
    }

    /// The same error naming the match's sequence number now.
    pub fn with_seq(mut self, seq: u64) -> Self {
        self.seq = Some(seq);
        self
    }

    /// The same error telling the client how many seconds to wait (at least one).
    pub fn retry_after(mut self, wait: std::time::Duration) -> Self {
        let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        self.retry_after_secs = Some(secs.max(1));
        self
    }

    /// `503 overloaded`: the server handles its most requests at once.
    pub fn overloaded() -> Self {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "overloaded", "the server is busy; try again")
            .retry_after(std::time::Duration::from_secs(1))
    }

    /// `404 not_found`.
    pub fn not_found(what: impl Into<String>) -> Self {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", what)
    }

    /// `405 method_not_allowed`: the route takes other methods (listed in `Allow`).
    pub fn method_not_allowed() -> Self {
        ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            "this endpoint does not take this method; the `Allow` header lists the ones it takes",
        )
    }

    /// `401 bad_token`: a token that opens no seat of this match.
    pub fn bad_token() -> Self {
        ApiError::new(StatusCode::UNAUTHORIZED, "bad_token", "this token does not open any seat of this match")
    }

    /// `401 bad_token` too, for a request that needs a token (`Authorization: Bearer`) and sent
    /// none: clients know the code already, and the message says what is missing.
    pub fn no_token() -> Self {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "bad_token",
            "this needs a token: send it as `Authorization: Bearer <token>`",
        )
    }

    /// `400 bad_request`.
    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    /// `422 missing_seq`: an action sent without the `seq` it was chosen at. Without it a
    /// repeated request (a retry, a double click, a replay) could apply twice.
    pub fn missing_seq(current: u64) -> Self {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "missing_seq",
            format!(
                "an action needs the `seq` of the view it was chosen from (the match is at move {current}), \
                 so that a repeated request can never apply twice"
            ),
        )
        .with_seq(current)
    }

    /// `429 rate_limited`.
    pub fn rate_limited() -> Self {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", "too many requests; slow down")
    }

    /// `500 internal_error`.
    pub fn internal(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal_error", message)
    }

    /// The error as a client reads it (a WebSocket `error`'s fields).
    pub fn detail(&self) -> ErrorDetail {
        ErrorDetail {
            code: self.code.to_owned(),
            message: self.message.clone(),
            rule: self.rule.as_deref().map(str::to_owned),
            option: self.option.as_deref().map(str::to_owned),
            seq: self.seq,
            retry_after: self.retry_after_secs,
        }
    }

    /// The body of an HTTP answer.
    pub fn body(&self) -> ErrorBody {
        ErrorBody { error: self.detail() }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.body())).into_response();
        if let Some(secs) = self.retry_after_secs {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, axum::http::HeaderValue::from(secs));
        }
        response
    }
}

impl From<SetupError> for ApiError {
    fn from(error: SetupError) -> Self {
        let status = match error {
            SetupError::UnknownGame(_) => StatusCode::NOT_FOUND,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        let api = ApiError::new(status, error.code(), error.to_string());
        // The option concerned, so that a client can name it in its players' words.
        match &error {
            SetupError::InvalidOption { option, .. } | SetupError::PlayerCount { allowed_by: Some(option), .. } => {
                ApiError { option: Some(option.as_str().into()), ..api }
            }
            _ => api,
        }
    }
}

impl From<ActionError> for ApiError {
    fn from(error: ActionError) -> Self {
        let status = match error {
            ActionError::GameOver | ActionError::NotYourTurn { .. } => StatusCode::CONFLICT,
            ActionError::Illegal { .. } | ActionError::Malformed(_) => StatusCode::UNPROCESSABLE_ENTITY,
        };
        let api = ApiError::new(status, error.code(), error.to_string());
        match &error {
            ActionError::Illegal { rule, .. } => ApiError { rule: Some(rule.as_ref().into()), ..api },
            _ => api,
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> Self {
        tracing::error!(%error, "storage error");
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, error.code(), "the match could not be stored; try again")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of error body (plain, with a rule, with a seq, with a wait) reads as the API's
    /// `ErrorBody` and writes back the same JSON, so what clients read errors as is what is sent.
    #[test]
    fn every_error_body_reads_as_the_api_error_body() {
        let illegal = ActionError::Illegal { rule: "must_follow".into(), message: "follow suit".into() };
        let errors = [
            ApiError::bad_token(),
            ApiError::from(illegal),
            ApiError::missing_seq(7),
            ApiError::rate_limited().retry_after(std::time::Duration::from_millis(1500)),
            ApiError::overloaded(),
            ApiError::from(SetupError::option("first_player", "no such seat")),
            ApiError::from(SetupError::PlayerCount {
                players: 2,
                min: 3,
                max: 6,
                allowed_by: Some("allow_two_players".into()),
            }),
        ];
        for error in errors {
            let body = serde_json::to_value(error.body()).expect("a body writes");
            let read: safehouse_api::ErrorBody = serde_json::from_value(body.clone()).expect("an ErrorBody");
            assert_eq!(read.error.code, error.code);
            assert_eq!(serde_json::to_value(&read).ok(), Some(body));
        }
        let read = ApiError::missing_seq(7).body();
        assert_eq!((read.error.seq, read.error.rule), (Some(7), None));
        let illegal = ApiError::from(ActionError::Illegal { rule: "must_follow".into(), message: "m".into() });
        assert_eq!(illegal.body().error.rule.as_deref(), Some("must_follow"));
    }

    /// A setup error names its option, so that a client can say it in its players' words; a
    /// player count no option allows names none.
    #[test]
    fn a_setup_error_names_its_option() {
        let option = |error: SetupError| ApiError::from(error).body().error.option;
        assert_eq!(option(SetupError::option("first_player", "no such seat")).as_deref(), Some("first_player"));
        let two = SetupError::PlayerCount { players: 2, min: 3, max: 6, allowed_by: Some("allow_two_players".into()) };
        assert_eq!(option(two).as_deref(), Some("allow_two_players"));
        assert_eq!(option(SetupError::PlayerCount { players: 9, min: 3, max: 6, allowed_by: None }), None);
    }
}
