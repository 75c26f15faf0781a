//! Limits per client, so that no single client can stop the table for everybody else.
//!
//! A *client* is an IP address (an IPv6 address counts by its /64 network): the TCP peer, or,
//! when the peer is one of the configured `trusted_proxies`, the address that proxy reports in
//! `X-Forwarded-For` (read from the right, skipping other trusted proxies). Nothing a client
//! sends is believed otherwise, so a client cannot pick its own key.
//!
//! Every limit is keyed by that client:
//! - request rate (HTTP), WebSocket message rate and match creation rate: token buckets
//!   ([`governor`]); a refusal carries `Retry-After`;
//! - requests in flight: one global cap for the server plus a fair share per client;
//! - open TCP connections and open WebSockets per client; unfinished matches per creator.
//!
//! Counts are held by guards ([`Held`]) that give their place back when dropped, whatever path
//! ends the request, the connection or the match.
//!
//! With `limits_redis_url`, the token buckets are also kept in Redis ([`SharedBuckets`]), one
//! per client for all the nodes of a database: a client that spreads its requests over the
//! nodes gets one allowance, not one per node. Each node still checks its own bucket first (a
//! client flooding one node costs Redis nothing), and if Redis does not answer within
//! [`SHARED_TIMEOUT`] the node goes on with its own count alone (`safehouse_shared_limits_errors_total`):
//! Redis going away must not stop the tables. Places held (connections, requests in flight,
//! unfinished matches) are each node's own resources and stay counted per node.
//!
//! A request the shared bucket refuses has still taken its token here: `governor` gives no
//! token back. That costs an honest client nothing: a node's bucket refills at the shared
//! rate, so it only runs dry when this node alone sees more than the whole allowance, which it
//! refuses anyway; a client that keeps sending after its refusals waits a little longer.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use ipnet::IpNet;
use tokio::sync::Semaphore;

use crate::config::Config;

/// Chat lines one client may write at once (its bucket's size), over HTTP and WebSocket together.
pub const CHAT_BURST: u32 = 8;
/// Chat lines one client may write per minute, on average.
pub const CHAT_PER_MINUTE: u32 = 20;
/// Times one client may hand its seat to a bot ("a bot plays for me") at once. Each is stored and
/// told to every watcher of the match, whose pages draw the seats again: a client flipping its
/// seat between away and back must not keep the other players' pages busy.
pub const AWAY_BURST: u32 = 4;
/// Times one client may hand its seat to a bot per minute, on average.
pub const AWAY_PER_MINUTE: u32 = 6;
/// Seat links for another device one client may make or claim at once (each link made is
/// stored in the match's table log).
pub const DEVICE_BURST: u32 = 6;
/// Seat links for another device one client may make or claim per minute, on average.
pub const DEVICE_PER_MINUTE: u32 = 10;
use crate::error::ApiError;

/// The key every per-client limit counts by: the address, or an IPv6 address's /64 network
/// (one host usually holds a whole /64).
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let bits = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(Ipv6Addr::from(bits))
            }
        },
    }
}

/// The client behind a request and whether it came over HTTPS: the peer, or what a trusted
/// proxy says (`X-Forwarded-For`, `X-Forwarded-Proto`). Headers from anyone else are ignored.
pub fn resolve_client(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> (IpAddr, bool) {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
    if !is_trusted(&peer) {
        return (peer, false);
    }
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    let mut client = peer;
    for hop in hops.iter().rev() {
        match hop.parse::<IpAddr>() {
            Ok(ip) => {
                client = ip;
                if !is_trusted(&ip) {
                    break;
                }
            }
            // A hop we cannot read: the proxy before it is not ours to believe.
            Err(_) => break,
        }
    }
    let https = headers
        .get_all("x-forwarded-proto")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .next_back()
        .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"));
    (client, https)
}

/// Counts per client with a ceiling; each count is held by a [`Held`].
#[derive(Debug, Default)]
pub struct Counts {
    map: Mutex<HashMap<IpAddr, usize>>,
}

impl Counts {
    /// One more for `key` if it holds fewer than `max`.
    pub fn try_hold(self: &Arc<Self>, key: IpAddr, max: usize) -> Option<Held> {
        let key = client_key(key);
        let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        let count = map.entry(key).or_insert(0);
        if *count >= max {
            return None;
        }
        *count += 1;
        Some(Held { counts: self.clone(), key })
    }

    /// How many `key` holds now.
    pub fn held(&self, key: IpAddr) -> usize {
        let map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        map.get(&client_key(key)).copied().unwrap_or(0)
    }

    fn release(&self, key: IpAddr) {
        let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(count) = map.get_mut(&key) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                map.remove(&key);
            }
        }
    }
}

/// One place of a client in a [`Counts`], given back when dropped.
#[derive(Debug)]
pub struct Held {
    counts: Arc<Counts>,
    key: IpAddr,
}

impl Drop for Held {
    fn drop(&mut self) {
        self.counts.release(self.key);
    }
}

/// A token bucket per client: this node's, and the nodes' shared one when there is one.
#[derive(Debug)]
pub struct ClientRate {
    limiter: DefaultKeyedRateLimiter<IpAddr>,
    burst: NonZeroU32,
    clock: DefaultClock,
    /// The time one token takes to come back.
    period: Duration,
    /// The buckets the nodes share, and this rate's name among them.
    shared: Option<(Arc<SharedBuckets>, &'static str)>,
}

impl ClientRate {
    /// `per_sec` on average, `burst` at once, counted by this node alone.
    pub fn new(per_sec: f64, burst: f64) -> Self {
        let period = Duration::from_secs_f64(1.0 / per_sec.max(1e-6)).max(Duration::from_nanos(1));
        let burst = NonZeroU32::new(burst.clamp(1.0, f64::from(u32::MAX)) as u32).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::with_period(period).unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN)).allow_burst(burst);
        ClientRate { limiter: RateLimiter::keyed(quota), burst, clock: DefaultClock::default(), period, shared: None }
    }

    /// The same rate, counted also in `shared` under `name` (one bucket per client and name for
    /// all the nodes).
    pub fn shared(self, shared: Option<&Arc<SharedBuckets>>, name: &'static str) -> Self {
        ClientRate { shared: shared.map(|s| (s.clone(), name)), ..self }
    }

    /// Takes one token of `client`'s bucket, or refuses with `429 rate_limited`, `message()`
    /// and `Retry-After`, counted in `safehouse_rate_limited_total{via}`.
    pub(crate) async fn admit(
        &self,
        client: IpAddr,
        via: &'static str,
        message: impl FnOnce() -> String,
    ) -> Result<(), ApiError> {
        self.take(client, 1).await.map_err(|wait| {
            metrics::counter!("safehouse_rate_limited_total", "via" => via).increment(1);
            ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", message()).retry_after(wait)
        })
    }

    /// Takes `cost` tokens of `client`'s bucket, here and then in the shared one, or says how
    /// long to wait.
    pub async fn take(&self, client: IpAddr, cost: u32) -> Result<(), Duration> {
        self.take_here(client, cost)?;
        let Some((shared, name)) = &self.shared else { return Ok(()) };
        let cost = cost.clamp(1, self.burst.get());
        match tokio::time::timeout(SHARED_TIMEOUT, shared.take(name, client, cost, self.period, self.burst.get())).await
        {
            Ok(Ok(taken)) => taken,
            Ok(Err(error)) => {
                metrics::counter!("safehouse_shared_limits_errors_total", "why" => "redis").increment(1);
                tracing::warn!(%error, "the shared rate limits did not answer; this node counts alone");
                Ok(())
            }
            Err(_) => {
                metrics::counter!("safehouse_shared_limits_errors_total", "why" => "timeout").increment(1);
                tracing::warn!("the shared rate limits took too long; this node counts alone");
                Ok(())
            }
        }
    }

    /// Takes `cost` tokens of `client`'s bucket on this node only, or says how long to wait.
    pub fn take_here(&self, client: IpAddr, cost: u32) -> Result<(), Duration> {
        let cost = NonZeroU32::new(cost.min(self.burst.get())).unwrap_or(NonZeroU32::MIN);
        match self.limiter.check_key_n(&client_key(client), cost) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(not_until)) => Err(not_until.wait_time_from(self.clock.now())),
            Err(_) => Err(Duration::from_secs(1)),
        }
    }

    fn sweep(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }
}

/// How long a node waits for the shared buckets before it counts alone.
pub const SHARED_TIMEOUT: Duration = Duration::from_millis(250);

/// The token buckets the nodes of one database share, in Redis: one key per rate and client,
/// `<prefix>:<rate>:<client>`, holding the bucket's "theoretical arrival time" (GCRA, the
/// algorithm `governor` uses on each node), which a Lua script reads and moves in one step with
/// Redis's own clock, so the nodes' clocks need not agree. A key expires when its bucket is full
/// again.
pub struct SharedBuckets {
    redis: redis::aio::ConnectionManager,
    script: redis::Script,
    prefix: String,
}

impl std::fmt::Debug for SharedBuckets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SharedBuckets").field("prefix", &self.prefix).finish_non_exhaustive()
    }
}

/// GCRA over one key: `ARGV` = the period of one token and the burst (µs, tokens) and the cost;
/// answers 0 when the tokens were taken, else the µs to wait (nothing is taken then).
const GCRA: &str = r"
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
local period = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local next_tat = tat + cost * period
local wait = next_tat - burst * period - now
if wait > 0 then return math.ceil(wait) end
redis.call('SET', KEYS[1], string.format('%.0f', next_tat), 'PX', math.ceil((next_tat - now) / 1000) + 1)
return 0
";

impl SharedBuckets {
    /// Connects to the Redis at `url` (reconnecting by itself later); the keys start with
    /// `prefix`.
    pub async fn connect(url: &str, prefix: String) -> Result<Self, redis::RedisError> {
        let config = redis::aio::ConnectionManagerConfig::new()
            .set_connection_timeout(Some(Duration::from_secs(5)))
            .set_response_timeout(Some(SHARED_TIMEOUT));
        let redis = redis::Client::open(url)?.get_connection_manager_with_config(config).await?;
        Ok(SharedBuckets { redis, script: redis::Script::new(GCRA), prefix })
    }

    /// Takes `cost` tokens of `client`'s bucket `name` (one token back every `period`, `burst`
    /// at most): `Ok(Err(wait))` when the bucket has too few.
    async fn take(
        &self,
        name: &str,
        client: IpAddr,
        cost: u32,
        period: Duration,
        burst: u32,
    ) -> redis::RedisResult<Result<(), Duration>> {
        let key = format!("{}:{name}:{}", self.prefix, client_key(client));
        let period_us = u64::try_from(period.as_micros()).unwrap_or(u64::MAX).max(1);
        let mut redis = self.redis.clone();
        let wait_us: u64 = self.script.key(key).arg(period_us).arg(burst).arg(cost).invoke_async(&mut redis).await?;
        Ok(if wait_us == 0 { Ok(()) } else { Err(Duration::from_micros(wait_us)) })
    }
}

/// Every per-client limit of a server, and the global cap on requests in flight.
#[derive(Debug)]
pub struct Limits {
    /// HTTP requests per client.
    pub requests: ClientRate,
    /// WebSocket messages per client (all its sockets together).
    pub ws_messages: ClientRate,
    /// Match creations per client.
    pub creates: ClientRate,
    /// Chat lines per client, over HTTP and WebSocket together (`chat`).
    pub chat: ClientRate,
    /// "A bot plays for me" per client, over HTTP and WebSocket together (`presence`).
    pub away: ClientRate,
    /// Seat links for another device made or claimed per client (`devices`).
    pub devices: ClientRate,
    /// Requests in flight, for the whole server.
    pub in_flight: Arc<Semaphore>,
    /// Requests in flight per client.
    pub in_flight_per_client: Arc<Counts>,
    /// Open TCP connections per client (peers that are not trusted proxies).
    pub tcp_per_client: Arc<Counts>,
    /// Open WebSockets per client.
    pub ws_per_client: Arc<Counts>,
    /// Unfinished matches per creator.
    pub matches_per_client: Arc<Counts>,
}

impl Limits {
    /// The limits a configuration asks for; the rates counted in `shared` too, if given.
    pub fn new(config: &Config, shared: Option<&Arc<SharedBuckets>>) -> Self {
        Limits {
            requests: ClientRate::new(config.rate_per_sec, config.rate_burst).shared(shared, "http"),
            ws_messages: ClientRate::new(config.rate_per_sec, config.rate_burst).shared(shared, "ws"),
            creates: ClientRate::new(
                f64::from(config.creates_per_minute.max(1)) / 60.0,
                f64::from(config.create_burst),
            )
            .shared(shared, "create"),
            chat: ClientRate::new(f64::from(CHAT_PER_MINUTE) / 60.0, f64::from(CHAT_BURST)).shared(shared, "chat"),
            away: ClientRate::new(f64::from(AWAY_PER_MINUTE) / 60.0, f64::from(AWAY_BURST)).shared(shared, "away"),
            devices: ClientRate::new(f64::from(DEVICE_PER_MINUTE) / 60.0, f64::from(DEVICE_BURST))
                .shared(shared, "devices"),
            in_flight: Arc::new(Semaphore::new(config.max_http_concurrency.max(1))),
            in_flight_per_client: Arc::default(),
            tcp_per_client: Arc::default(),
            ws_per_client: Arc::default(),
            matches_per_client: Arc::default(),
        }
    }

    /// Forgets the buckets of clients that have been quiet long enough to be full again.
    pub fn sweep(&self) {
        self.requests.sweep();
        self.ws_messages.sweep();
        self.creates.sweep();
        self.chat.sweep();
    }
}

/// What the outermost middleware learnt about a request's client (also in the request's
/// extensions, where `ConnectInfo` is replaced by the client's address).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Client {
    /// The client's address (see the module docs).
    pub ip: IpAddr,
    /// Whether a trusted proxy says the client used HTTPS.
    pub https: bool,
}

/// The client's address of a request, as set by the outermost middleware.
pub(crate) fn request_client(extensions: &axum::http::Extensions) -> Option<IpAddr> {
    extensions.get::<Client>().map(|c| c.ip).or_else(|| extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip()))
}

/// What the outermost middleware ([`guard_http`]) reads: the limits and the configuration they
/// were made from (the server's, shared with nothing else that changes).
#[derive(Clone, Debug)]
pub(crate) struct HttpGuard {
    /// The server's limits.
    pub(crate) limits: Arc<Limits>,
    /// The server's configuration (trusted proxies, body size and timeout, shares).
    pub(crate) config: Arc<Config>,
}

/// The outermost middleware: finds the client, refuses a declared body above the limit with
/// 413, applies the client's request rate, takes a place in the global cap and in the client's
/// share of it, and reads the body within the body timeout. Every place is held until the
/// answer is ready.
pub(crate) async fn guard_http(State(guard): State<HttpGuard>, mut request: Request, next: Next) -> Response {
    let config = &*guard.config;
    let limits = &*guard.limits;
    let Some(peer) = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0) else {
        return next.run(request).await;
    };
    let (ip, https) = resolve_client(peer.ip(), request.headers(), &config.trusted_proxies);
    request.extensions_mut().insert(Client { ip, https });
    request.extensions_mut().insert(ConnectInfo(SocketAddr::new(ip, peer.port())));
    request.extensions_mut().insert(safehouse_web::Forwarded { https });

    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > config.max_body_bytes as u64) {
        return too_large(request.headers(), request.uri(), config.max_body_bytes);
    }
    if let Err(wait) = limits.requests.take(ip, 1).await {
        metrics::counter!("safehouse_rate_limited_total", "via" => "http").increment(1);
        return refused(request.headers(), request.uri(), ApiError::rate_limited().retry_after(wait));
    }
    let Ok(_global) = limits.in_flight.clone().try_acquire_owned() else {
        metrics::counter!("safehouse_shed_total", "why" => "global").increment(1);
        return refused(request.headers(), request.uri(), ApiError::overloaded());
    };
    let share = config.max_http_concurrency_per_client.max(1);
    let Some(_mine) = limits.in_flight_per_client.try_hold(ip, share) else {
        metrics::counter!("safehouse_shed_total", "why" => "client").increment(1);
        let error = ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_requests_in_flight",
            format!("at most {share} requests of one client are handled at once"),
        );
        return refused(request.headers(), request.uri(), error.retry_after(Duration::from_secs(1)));
    };
    // Read the whole body (ours are small JSON or forms) before any handler runs, within one
    // deadline for all of it: a body sent a byte at a time cannot hold a place for long.
    let (parts, body) = request.into_parts();
    let deadline = Duration::from_secs(config.body_timeout_secs.max(1));
    let bytes = match tokio::time::timeout(deadline, axum::body::to_bytes(body, config.max_body_bytes)).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(_)) => return too_large(&parts.headers, &parts.uri, config.max_body_bytes),
        Err(_) => {
            metrics::counter!("safehouse_timeouts_total", "what" => "body").increment(1);
            let error = ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "body_timeout",
                format!("the request body did not arrive within {} s", deadline.as_secs()),
            );
            return refused(&parts.headers, &parts.uri, error);
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes))).await
}

/// `error` as the API's JSON; or, for a person's browser asking for a page or posting a form
/// (`safehouse_web::wants_page`), as a page in their language with the same status and
/// `Retry-After`.
fn refused(headers: &HeaderMap, uri: &Uri, error: ApiError) -> Response {
    if !safehouse_web::wants_page(headers, uri) {
        return error.into_response();
    }
    let mut response = safehouse_web::page_refused(headers, uri, error.status);
    if let Some(secs) = error.retry_after_secs {
        response.headers_mut().insert(header::RETRY_AFTER, header::HeaderValue::from(secs));
    }
    response
}

fn too_large(headers: &HeaderMap, uri: &Uri, max: usize) -> Response {
    let error =
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", format!("bodies are limited to {max} bytes"));
    let mut response = refused(headers, uri, error);
    // The body was not read: the connection cannot carry another request.
    response.headers_mut().insert(header::CONNECTION, header::HeaderValue::from_static("close"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_per_client_and_refuse_after_the_burst() {
        let rate = ClientRate::new(1.0, 3.0);
        let a: IpAddr = "10.0.0.1".parse().expect("ip");
        let b: IpAddr = "10.0.0.2".parse().expect("ip");
        assert!(rate.take_here(a, 1).is_ok() && rate.take_here(a, 1).is_ok() && rate.take_here(a, 1).is_ok());
        let wait = rate.take_here(a, 1).expect_err("the fourth is refused");
        assert!(wait > Duration::ZERO && wait <= Duration::from_secs(1), "{wait:?}");
        assert!(rate.take_here(b, 1).is_ok(), "another client has its own bucket");
    }

    #[test]
    fn held_counts_are_given_back_when_dropped() {
        let counts = Arc::new(Counts::default());
        let a: IpAddr = "10.0.0.1".parse().expect("ip");
        let first = counts.try_hold(a, 2).expect("one");
        let second = counts.try_hold(a, 2).expect("two");
        assert!(counts.try_hold(a, 2).is_none(), "the third is refused");
        drop(first);
        assert_eq!(counts.held(a), 1);
        drop(second);
        assert_eq!(counts.held(a), 0);
        assert!(counts.try_hold(a, 2).is_some());
    }

    #[test]
    fn forwarded_headers_count_only_from_trusted_proxies() {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", "203.0.113.9, 10.0.0.5".parse().expect("header"));
        headers.insert("x-forwarded-proto", "https".parse().expect("header"));
        let proxy: IpAddr = "10.0.0.1".parse().expect("ip");
        let trusted = vec![crate::config::parse_proxy("10.0.0.0/8").expect("net")];
        assert_eq!(resolve_client(proxy, &headers, &trusted), ("203.0.113.9".parse().expect("ip"), true));
        assert_eq!(resolve_client(proxy, &headers, &[]), (proxy, false), "an untrusted peer's headers are ignored");
        let v6: IpAddr = "2001:db8::1".parse().expect("ip");
        let v6b: IpAddr = "2001:db8::ffff".parse().expect("ip");
        assert_eq!(client_key(v6), client_key(v6b), "one /64 is one client");
    }
}
