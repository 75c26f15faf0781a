//! The table server's HTTP API, called in-process: the same requests a browser would send over
//! the network, with the same rate limits (the caller's address is passed along).

use std::convert::Infallible;
use std::net::SocketAddr;

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::Response;
use safehouse_engine::Outcome;
use serde::Deserialize;
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

    /// The rule an illegal action broke.
    pub(crate) fn rule(&self) -> &str {
        self.body["error"]["rule"].as_str().unwrap_or("")
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

    /// Hands a whole request to the API (the WebSocket upgrade goes this way).
    pub(crate) async fn forward(&self, request: Request) -> Response {
        match self.router.clone().oneshot(request).await {
            Ok(response) => response,
            Err(never) => match never {},
        }
    }
}

/// A seat's (or a spectator's) picture of a match: the answer of `GET /api/matches/{id}/view`.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct Snapshot {
    /// The match id.
    #[serde(rename = "match")]
    pub(crate) id: String,
    /// The game id.
    pub(crate) game: String,
    /// Actions so far.
    pub(crate) seq: u64,
    /// `{"seat": n}` or `"spectator"`.
    pub(crate) viewer: Value,
    /// The game's view for this viewer.
    pub(crate) view: Value,
    /// The view drawn as text (a fallback).
    #[serde(default)]
    pub(crate) text: String,
    /// The seat to move.
    pub(crate) to_move: Option<u8>,
    /// The legal actions, when it is this seat's move.
    #[serde(default)]
    pub(crate) legal: Vec<Legal>,
    /// Every seat.
    pub(crate) seats: Vec<SeatMeta>,
    /// Whether the match has ended.
    pub(crate) finished: bool,
    /// The result, once finished.
    #[serde(default)]
    pub(crate) outcome: Option<Outcome>,
    /// Every seat's clock, at a table with a time control.
    #[serde(default)]
    pub(crate) clock: Option<ClockMeta>,
}

/// The clocks of a table (`clock` of the API's view): each seat's time left when the server
/// answered, and which one runs.
#[derive(Clone, Debug, Default, Deserialize)]
pub(crate) struct ClockMeta {
    /// The seat whose clock runs.
    #[serde(default)]
    pub(crate) running: Option<u8>,
    /// Time left per seat, in milliseconds.
    #[serde(default)]
    pub(crate) remaining_ms: Vec<i64>,
    /// The time control.
    #[serde(default)]
    pub(crate) control: TimeControlMeta,
}

/// A table's time control as the API gives it.
#[derive(Clone, Debug, Default, Deserialize)]
pub(crate) struct TimeControlMeta {
    #[serde(default)]
    pub(crate) bank_secs: u32,
    #[serde(default)]
    pub(crate) increment_secs: u32,
    /// `bot`, `skip` or `lose`.
    #[serde(default)]
    pub(crate) on_timeout: String,
}

impl Snapshot {
    /// The viewing seat, if a player.
    pub(crate) fn seat(&self) -> Option<u8> {
        self.viewer.get("seat").and_then(Value::as_u64).and_then(|s| u8::try_from(s).ok())
    }
}

/// One legal action with its English line.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct Legal {
    pub(crate) action: Value,
    #[serde(default)]
    #[allow(dead_code)]
    pub(crate) text: String,
}

/// A seat as everybody sees it (`SeatInfo` of the API).
#[derive(Clone, Debug, Default, Deserialize)]
pub(crate) struct SeatMeta {
    pub(crate) seat: u8,
    /// `person` or `bot`.
    pub(crate) kind: String,
    /// `easy`, `medium` or `hard` for bots.
    #[serde(default)]
    pub(crate) difficulty: Option<String>,
    #[serde(default)]
    pub(crate) name: Option<String>,
    #[serde(default)]
    pub(crate) joined: bool,
    #[serde(default)]
    pub(crate) away: bool,
}

impl SeatMeta {
    /// Whether a bot plays this seat.
    pub(crate) fn is_bot(&self) -> bool {
        self.kind == "bot"
    }
}
