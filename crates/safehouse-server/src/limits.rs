//! Rate limits: a token bucket per WebSocket and per HTTP connection.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::app::App;
use crate::error::ApiError;

/// A token bucket: `rate` tokens a second, at most `burst` saved up.
#[derive(Debug, Clone)]
pub struct Bucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate: f64, burst: f64) -> Self {
        Bucket { rate, burst, tokens: burst, last: Instant::now() }
    }

    /// Takes one token if there is one.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.rate).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    fn idle_for(&self) -> Duration {
        self.last.elapsed()
    }
}

/// The buckets of the HTTP connections, keyed by the peer's address and port (one TCP connection).
#[derive(Debug, Default)]
pub struct HttpLimits {
    buckets: Mutex<HashMap<SocketAddr, Bucket>>,
}

impl HttpLimits {
    fn allow(&self, peer: SocketAddr, rate: f64, burst: f64) -> bool {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        buckets.entry(peer).or_insert_with(|| Bucket::new(rate, burst)).take()
    }

    /// Forgets connections idle for a minute.
    pub fn sweep(&self) {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        buckets.retain(|_, bucket| bucket.idle_for() < Duration::from_secs(60));
    }
}

/// Middleware refusing requests above the per-connection rate with `429 rate_limited`.
pub(crate) async fn limit_http(
    State((app, limits)): State<(Arc<App>, Arc<HttpLimits>)>,
    peer: Option<axum::Extension<ConnectInfo<SocketAddr>>>,
    request: Request,
    next: Next,
) -> Response {
    if let Some(axum::Extension(ConnectInfo(peer))) = peer
        && !limits.allow(peer, app.config.rate_per_sec, app.config.rate_burst)
    {
        metrics::counter!("safehouse_rate_limited_total", "via" => "http").increment(1);
        return ApiError::rate_limited().into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bucket_allows_burst_then_refuses() {
        let mut bucket = Bucket::new(1.0, 3.0);
        assert!(bucket.take() && bucket.take() && bucket.take());
        assert!(!bucket.take());
    }
}
