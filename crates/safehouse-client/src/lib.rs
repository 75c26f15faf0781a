//! A small client for the table server's HTTP API and WebSockets (`docs/server.md`): an HTTP/1.1
//! client on one kept-alive connection ([`HttpClient`]), a match's WebSocket ([`WsClient`]) and
//! what a viewer knows from its messages, kept up to date by the server's patches ([`Tracker`],
//! [`patch`]). The `safehouse bot` command plays through it; so do the server's and the web's
//! tests and the bench binaries of `safehouse-load`. It is a readable example of the protocol,
//! and none of it is compiled into the server.

pub mod endpoint;
pub mod patch;

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;
use safehouse_api::commands::ClientMessage;
use safehouse_api::{ClockView, MessageType, Update, Welcome};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub use crate::endpoint::Endpoint;

/// The server answered a WebSocket's opening with an HTTP error instead of the socket (401
/// `bad_token` for a token that opens no seat, 404 for an unknown match, 429 for too many
/// sockets...): [`WsClient::open`]'s error, to find with `anyhow::Error::downcast_ref`.
#[derive(Debug, thiserror::Error)]
#[error("the server refused the WebSocket: {status} {body}")]
pub struct HandshakeRefused {
    /// The HTTP status.
    pub status: u16,
    /// The answer's body (the API's JSON error).
    pub body: String,
}

/// An HTTP/1.1 client on one kept-alive connection (made again when it drops).
#[derive(Debug)]
pub struct HttpClient {
    endpoint: Endpoint,
    source: Option<IpAddr>,
    conn: tokio::sync::Mutex<Option<SendRequest<Full<Bytes>>>>,
}

/// A TCP connection to `addr`, from the local address `source` if given (any loopback
/// address can be a client of its own on Linux: the tests play several clients that way).
pub async fn connect_from(addr: SocketAddr, source: Option<IpAddr>) -> anyhow::Result<TcpStream> {
    let stream = match source {
        None => TcpStream::connect(addr).await.with_context(|| format!("connect {addr}"))?,
        Some(source) => {
            let socket = if source.is_ipv4() { TcpSocket::new_v4()? } else { TcpSocket::new_v6()? };
            socket.bind(SocketAddr::new(source, 0)).with_context(|| format!("bind {source}"))?;
            socket.connect(addr).await.with_context(|| format!("connect {addr} from {source}"))?
        }
    };
    stream.set_nodelay(true)?;
    Ok(stream)
}

/// A status and a JSON body.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// The body (`Null` if empty or not JSON; then `text` has it).
    pub body: Value,
    /// The raw body.
    pub text: String,
}

impl Reply {
    /// The error code of an error body.
    pub fn code(&self) -> Option<&str> {
        self.body.pointer("/error/code").and_then(Value::as_str)
    }

    /// The body as one of the API's answers (`safehouse_api`'s types), if the request succeeded.
    pub fn read<T: DeserializeOwned>(&self) -> anyhow::Result<T> {
        if !(200..300).contains(&self.status) {
            bail!("status {}: {}", self.status, self.text);
        }
        T::deserialize(&self.body).with_context(|| format!("unexpected answer: {}", self.text))
    }
}

impl HttpClient {
    /// A client for the server at `addr`.
    pub fn new(addr: SocketAddr) -> Self {
        HttpClient::to(Endpoint::plain(addr))
    }

    /// A client for the server at `endpoint` (behind TLS too).
    pub fn to(endpoint: Endpoint) -> Self {
        HttpClient { endpoint, source: None, conn: tokio::sync::Mutex::new(None) }
    }

    /// A client for the server at `addr` whose connections come from the local address `source`.
    pub fn from_source(addr: SocketAddr, source: IpAddr) -> Self {
        HttpClient { endpoint: Endpoint::plain(addr), source: Some(source), conn: tokio::sync::Mutex::new(None) }
    }

    async fn connect(&self) -> anyhow::Result<SendRequest<Full<Bytes>>> {
        let stream = self.endpoint.connect(self.source).await?;
        let (sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
        tokio::spawn(async move {
            let _ = connection.await;
        });
        Ok(sender)
    }

    /// Sends a request with an optional bearer token and raw body.
    pub async fn raw(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<(String, &str)>,
    ) -> anyhow::Result<Reply> {
        let mut guard = self.conn.lock().await;
        for attempt in 0..2 {
            if guard.as_ref().is_none_or(|s| s.is_closed()) {
                *guard = Some(self.connect().await?);
            }
            let Some(sender) = guard.as_mut() else { bail!("no connection") };
            if sender.ready().await.is_err() {
                *guard = None;
                continue;
            }
            let mut request =
                hyper::Request::builder().method(method).uri(path).header("host", self.endpoint.authority());
            if let Some(token) = token {
                request = request.header("authorization", format!("Bearer {token}"));
            }
            let payload = match &body {
                Some((text, content_type)) => {
                    request = request.header("content-type", *content_type);
                    Bytes::from(text.clone())
                }
                None => Bytes::new(),
            };
            let request = request.body(Full::new(payload))?;
            match sender.send_request(request).await {
                Ok(response) => {
                    let status = response.status().as_u16();
                    let bytes = response.into_body().collect().await?.to_bytes();
                    let text = String::from_utf8_lossy(&bytes).into_owned();
                    let body = serde_json::from_str(&text).unwrap_or(Value::Null);
                    return Ok(Reply { status, body, text });
                }
                Err(error) if attempt == 0 => {
                    tracing::debug!(%error, "request failed; reconnecting once");
                    *guard = None;
                }
                Err(error) => return Err(error.into()),
            }
        }
        Err(anyhow!("request to {path} failed"))
    }

    /// `GET path`.
    pub async fn get(&self, path: &str, token: Option<&str>) -> anyhow::Result<Reply> {
        self.raw("GET", path, token, None).await
    }

    /// `POST path` with a JSON body.
    pub async fn post(&self, path: &str, token: Option<&str>, body: &Value) -> anyhow::Result<Reply> {
        self.raw("POST", path, token, Some((body.to_string(), "application/json"))).await
    }

    /// `POST path` with one of the API's request bodies (`safehouse_api`'s types).
    pub async fn post_typed<T: Serialize>(&self, path: &str, token: Option<&str>, body: &T) -> anyhow::Result<Reply> {
        self.raw("POST", path, token, Some((serde_json::to_string(body)?, "application/json"))).await
    }
}

/// A WebSocket to a match, counting what it receives.
#[derive(Debug)]
pub struct WsClient {
    stream: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Bytes of text received so far.
    pub bytes_received: u64,
    /// Text messages received so far.
    pub messages_received: u64,
}

impl WsClient {
    /// Opens the match's WebSocket as the seat `token` opens, or as a spectator.
    pub async fn connect(addr: SocketAddr, match_id: &str, token: Option<&str>) -> anyhow::Result<WsClient> {
        WsClient::connect_from(addr, match_id, token, None).await
    }

    /// [`WsClient::connect`] from the local address `source`.
    pub async fn connect_from(
        addr: SocketAddr,
        match_id: &str,
        token: Option<&str>,
        source: Option<IpAddr>,
    ) -> anyhow::Result<WsClient> {
        let path = match token {
            Some(token) => format!("/api/matches/{match_id}/ws?token={token}"),
            None => format!("/api/matches/{match_id}/ws"),
        };
        WsClient::open(&Endpoint::plain(addr), &path, source).await
    }

    /// Opens the WebSocket at `path_and_query` on the server at `endpoint` (a match's, a waiting
    /// room's), from the local address `source` if given.
    /// The connection and the handshake take at most [`endpoint::CONNECT_WITHIN`] each.
    pub async fn open(endpoint: &Endpoint, path_and_query: &str, source: Option<IpAddr>) -> anyhow::Result<WsClient> {
        let stream = endpoint.connect(source).await?;
        let handshake = tokio_tungstenite::client_async_with_config(endpoint.ws_url(path_and_query), stream, None);
        let (stream, _) = tokio::time::timeout(endpoint::CONNECT_WITHIN, handshake)
            .await
            .map_err(|_| anyhow!("no WebSocket handshake within {:?}", endpoint::CONNECT_WITHIN))?
            .map_err(|error| match error {
                tokio_tungstenite::tungstenite::Error::Http(response) => {
                    let body = response.body().as_deref().map(String::from_utf8_lossy).unwrap_or_default();
                    anyhow::Error::new(HandshakeRefused { status: response.status().as_u16(), body: body.into_owned() })
                }
                other => anyhow::Error::new(other).context("websocket connect"),
            })?;
        Ok(WsClient { stream, bytes_received: 0, messages_received: 0 })
    }

    /// The next JSON message (pings and pongs skipped), within `timeout`.
    pub async fn next_json(&mut self, timeout: Duration) -> anyhow::Result<Value> {
        let text = self.next_text(timeout).await?;
        Ok(serde_json::from_str(&text)?)
    }

    /// The next text message (pings and pongs skipped), within `timeout` (in all: a ping does not
    /// start the wait again, or a server pinging more often than `timeout` would keep it going).
    pub async fn next_text(&mut self, timeout: Duration) -> anyhow::Result<Utf8Bytes> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let message = tokio::time::timeout_at(deadline, self.stream.next())
                .await
                .map_err(|_| anyhow!("no message within {timeout:?}"))?
                .ok_or_else(|| anyhow!("websocket closed"))??;
            match message {
                Message::Text(text) => {
                    self.bytes_received += text.len() as u64;
                    self.messages_received += 1;
                    return Ok(text);
                }
                Message::Close(_) => bail!("websocket closed by the server"),
                _ => continue,
            }
        }
    }

    /// Waits for the server to close the socket, within `timeout`, skipping any other message:
    /// the close frame's code (`None` for a close without one, or a connection that just ended).
    pub async fn next_close(&mut self, timeout: Duration) -> anyhow::Result<Option<u16>> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let message = tokio::time::timeout_at(deadline, self.stream.next())
                .await
                .map_err(|_| anyhow!("not closed within {timeout:?}"))?;
            match message {
                None | Some(Err(_)) => return Ok(None),
                Some(Ok(Message::Close(frame))) => return Ok(frame.map(|f| u16::from(f.code))),
                Some(Ok(_)) => continue,
            }
        }
    }

    /// Sends a command (`act`, `sync`, `chat`, ...).
    pub async fn send(&mut self, message: &ClientMessage) -> anyhow::Result<()> {
        self.stream.send(Message::Text(serde_json::to_string(message)?.into())).await?;
        Ok(())
    }

    /// Sends any JSON message (for tests of bad input; [`WsClient::send`] for commands).
    pub async fn send_json(&mut self, value: &Value) -> anyhow::Result<()> {
        self.stream.send(Message::Text(value.to_string().into())).await?;
        Ok(())
    }

    /// Sends raw text (for tests of bad input).
    pub async fn send_text(&mut self, text: &str) -> anyhow::Result<()> {
        self.stream.send(Message::Text(text.to_owned().into())).await?;
        Ok(())
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.stream.close(None).await;
    }
}

/// What a client knows of a match from its messages: the view, kept up to date by patches.
#[derive(Debug, Clone, Default)]
pub struct Tracker {
    /// The current view.
    pub view: Value,
    /// The sequence number of the view.
    pub seq: u64,
    /// Whose move it is.
    pub to_move: Option<u8>,
    /// The legal actions (when it is this viewer's move).
    pub legal: Vec<Value>,
    /// The outcome, once over.
    pub outcome: Option<Value>,
    /// Every seat's time left, at a table with a clock (as of the last message).
    pub clock: Option<ClockView>,
}

impl Tracker {
    /// Takes in a `welcome` or an `update` (other messages are ignored). Fails if an update
    /// skips a sequence number or its patch does not apply, or if either is not the API's message.
    pub fn apply(&mut self, message: &Value) -> anyhow::Result<()> {
        let kind = message.get("type").cloned().and_then(|kind| serde_json::from_value::<MessageType>(kind).ok());
        let (to_move, legal, outcome, clock) = match kind {
            Some(MessageType::Welcome) => {
                let welcome = Welcome::<Value, Value>::deserialize(message).context("a welcome")?;
                self.view = welcome.view;
                self.seq = welcome.seq;
                (welcome.to_move, welcome.legal, welcome.outcome, welcome.clock)
            }
            Some(MessageType::Update) => {
                let update = Update::<Value>::deserialize(message).context("an update")?;
                if update.seq != self.seq + 1 {
                    bail!("update {} after {}", update.seq, self.seq);
                }
                patch::apply(&mut self.view, &update.patch)?;
                self.seq = update.seq;
                (update.to_move, update.legal, update.outcome, update.clock)
            }
            None => return Ok(()),
        };
        self.to_move = to_move;
        self.legal = legal.unwrap_or_default().into_iter().map(|l| l.action).collect();
        self.outcome = outcome;
        self.clock = clock;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::Tracker;

    #[test]
    fn the_tracker_reads_the_apis_welcome_and_updates() {
        let mut tracker = Tracker::default();
        let welcome = json!({"type": "welcome", "match": "m", "game": "explosiv", "viewer": {"seat": 0}, "seq": 0,
            "view": {"n": 0}, "to_move": 0, "finished": false, "seats": [],
            "legal": [{"action": {"type": "pass"}, "text": "pass"}]});
        tracker.apply(&welcome).expect("a welcome");
        assert_eq!((tracker.seq, tracker.to_move, tracker.legal.clone()), (0, Some(0), vec![json!({"type": "pass"})]));
        let update = json!({"type": "update", "seq": 1, "actor": 0, "events": [],
            "patch": [{"op": "replace", "path": "/n", "value": 1}], "to_move": null, "outcome": {"winners": [0]}});
        tracker.apply(&update).expect("an update");
        assert_eq!((tracker.view.clone(), tracker.seq, tracker.to_move), (json!({"n": 1}), 1, None));
        assert_eq!(tracker.outcome, Some(json!({"winners": [0]})));
        assert!(tracker.legal.is_empty());
        assert!(tracker.apply(&update).is_err(), "a repeated update skips back");
        assert!(tracker.apply(&json!({"type": "welcome", "seq": 0})).is_err(), "not the API's welcome");
        assert!(tracker.apply(&json!({"type": "chat", "text": "hi"})).is_ok(), "other messages are ignored");
    }

    /// A server that pings more often than the wait lasts, and sends nothing else: the wait still
    /// ends (it used to start again after every ping, for ever).
    #[tokio::test]
    async fn pings_do_not_stretch_the_wait_for_a_message() {
        use futures_util::SinkExt;
        use std::time::Duration;
        use tokio_tungstenite::tungstenite::Message;

        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        let server = tokio::spawn(async move {
            let (stream, _) = listener.accept().await.expect("accept");
            let mut ws = tokio_tungstenite::accept_async(stream).await.expect("handshake");
            while ws.send(Message::Ping(Default::default())).await.is_ok() {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        });
        let mut client = super::WsClient::connect(addr, "m", None).await.expect("connect");
        let waited = tokio::time::timeout(Duration::from_secs(20), client.next_text(Duration::from_millis(300))).await;
        let error = waited.expect("the wait of 300 ms ends well within 20 s").expect_err("no text arrives");
        assert!(error.to_string().contains("no message within"), "{error}");
        server.abort();
    }
}
