//! The table server's HTTP API, called in-process: the same requests a browser would send over
//! the network, with the same rate limits (the caller's address is passed along). The messages
//! are `safehouse-api`'s types, the server's own.

use std::convert::Infallible;
use std::net::SocketAddr;

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::Response;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tower::ServiceExt;

/// Largest API answer read (a view with a long log is a few tens of kilobytes).
const MAX_REPLY: usize = 4 * 1024 * 1024;

/// The address of the browser that made the request, when the server knows it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Peer(pub(crate) Option<SocketAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Peer(parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0)))
    }
}

/// An answer of the API.
#[derive(Debug)]
pub(crate) struct Reply {
    pub(crate) status: StatusCode,
    pub(crate) body: Value,
}

impl Reply {
    /// Whether the request succeeded.
    pub(crate) fn ok(&self) -> bool {
        self.status.is_success()
    }

    /// The error's stable code (`illegal_action`, `bad_token`...), or "" on success.
    pub(crate) fn code(&self) -> &str {
        self.body["error"]["code"].as_str().unwrap_or("")
    }

    /// The error's message for a person (English).
    pub(crate) fn message(&self) -> &str {
        self.body["error"]["message"].as_str().unwrap_or("")
    }

    /// The error as the API's type, if the request failed with one.
    pub(crate) fn error(&self) -> Option<safehouse_api::ErrorDetail> {
        if self.ok() {
            return None;
        }
        safehouse_api::ErrorBody::deserialize(&self.body).ok().map(|body| body.error)
    }

    /// The rule an illegal action broke.
    pub(crate) fn rule(&self) -> &str {
        self.body["error"]["rule"].as_str().unwrap_or("")
    }

    /// The answer as one of the API's types, if the request succeeded and the answer is one.
    pub(crate) fn read<T: DeserializeOwned>(&self) -> Option<T> {
        if !self.ok() {
            return None;
        }
        T::deserialize(&self.body).ok()
    }

    /// The reply as a script route's answer: its status and its JSON body (an error keeps the
    /// API's `{"error": {"code", "message"}}`, which the scripts' routes answer with too).
    pub(crate) fn into_response(self) -> axum::response::Response {
        use axum::response::IntoResponse;
        (self.status, axum::Json(self.body)).into_response()
    }

    /// A reply for a request that never reached the API.
    fn failed(message: String) -> Reply {
        Reply {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            body: serde_json::json!({"error": {"code": "internal", "message": message}}),
        }
    }
}

/// The API router, called in-process.
#[derive(Clone)]
pub(crate) struct Api {
    router: Router,
}

impl std::fmt::Debug for Api {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Api")
    }
}

impl Api {
    pub(crate) fn new(router: Router) -> Self {
        Api { router }
    }

    /// Sends a request (a JSON body if any) with a seat token (if any) and reads the JSON answer.
    pub(crate) async fn send(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
        peer: Peer,
    ) -> Reply {
        let mut request = Request::builder().method(method).uri(path);
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let body = match body {
            Some(value) => {
                request = request.header(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
                Body::from(value.to_string())
            }
            None => Body::empty(),
        };
        let mut request = match request.body(body) {
            Ok(request) => request,
            Err(error) => return Reply::failed(error.to_string()),
        };
        if let Some(addr) = peer.0 {
            request.extensions_mut().insert(ConnectInfo(addr));
        }
        let response = self.forward(request).await;
        let status = response.status();
        match axum::body::to_bytes(response.into_body(), MAX_REPLY).await {
            Ok(bytes) => Reply { status, body: serde_json::from_slice(&bytes).unwrap_or(Value::Null) },
            Err(error) => Reply::failed(error.to_string()),
        }
    }

    /// `GET path`.
    pub(crate) async fn get(&self, path: &str, token: Option<&str>, peer: Peer) -> Reply {
        self.send(Method::GET, path, token, None, peer).await
    }

    /// `POST path` with a JSON body.
    pub(crate) async fn post(&self, path: &str, token: Option<&str>, body: &Value, peer: Peer) -> Reply {
        self.send(Method::POST, path, token, Some(body), peer).await
    }

    /// `POST path` with one of the API's request types as its body.
    pub(crate) async fn post_typed<T: Serialize>(
        &self,
        path: &str,
        token: Option<&str>,
        body: &T,
        peer: Peer,
    ) -> Reply {
        self.send_typed(Method::POST, path, token, body, peer).await
    }

    /// `POST path` of an action that takes no body (the API reads none; an empty object is sent).
    pub(crate) async fn post_empty(&self, path: &str, token: Option<&str>, peer: Peer) -> Reply {
        self.post(path, token, &Value::Object(serde_json::Map::new()), peer).await
    }

    /// A request with one of the API's request types as its body.
    pub(crate) async fn send_typed<T: Serialize>(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: &T,
        peer: Peer,
    ) -> Reply {
        match serde_json::to_value(body) {
            Ok(body) => self.send(method, path, token, Some(&body), peer).await,
            Err(error) => Reply::failed(error.to_string()),
        }
    }

    /// `GET path?query`, the query one of the API's query types.
    pub(crate) async fn get_query<Q: Serialize>(&self, path: &str, query: &Q, peer: Peer) -> Reply {
        match serde_urlencoded::to_string(query) {
            Ok(query) if query.is_empty() => self.get(path, None, peer).await,
            Ok(query) => self.get(&format!("{path}?{query}"), None, peer).await,
            Err(error) => Reply::failed(error.to_string()),
        }
    }

    /// Hands a whole request to the API (the WebSocket upgrade goes this way).
    pub(crate) async fn forward(&self, request: Request) -> Response {
        match self.router.clone().oneshot(request).await {
            Ok(response) => response,
            Err(never) => match never {},
        }
    }
}

/// A seat's (or a spectator's) picture of a match: the answer of `GET /api/matches/{id}/view`
/// (the server's welcome message without its `type`, with the view drawn as text).
pub(crate) type Snapshot = safehouse_api::Welcome;

pub(crate) use safehouse_api::{ClockView, SeatInfo};
