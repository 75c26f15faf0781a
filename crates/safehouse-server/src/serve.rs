//! The accept loop: HTTP/1.1 connections with a header (and keep-alive idle) timeout, a cap on
//! open connections per client, TCP_NODELAY, upgrades to WebSockets and a graceful stop.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::ServiceExt;

use crate::limits::Limits;

/// How connections are served.
#[derive(Clone, Debug)]
pub(crate) struct ServeOptions {
    /// Time to send a request's headers, and the most a keep-alive connection stays idle.
    pub(crate) header_timeout: Duration,
    /// Open TCP connections per client (peers that are not trusted proxies).
    pub(crate) per_client: usize,
    /// Peers whose connections are not capped per client (they carry many clients).
    pub(crate) trusted_proxies: Vec<ipnet::IpNet>,
}

/// Serves `router` on `listener` until `stop` turns true; open connections are then asked to
/// finish their current request and close.
pub(crate) async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Option<Arc<Limits>>,
    options: ServeOptions,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = stopped(&mut stop) => return,
        };
        let (tcp, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of file descriptors and the like: wait a little instead of spinning.
                tracing::warn!(%error, "accept failed");
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let trusted = options.trusted_proxies.iter().any(|net| net.contains(&peer.ip()));
        let held = match &limits {
            Some(limits) if !trusted => match limits.tcp_per_client.try_hold(peer.ip(), options.per_client) {
                Some(held) => Some(held),
                None => {
                    metrics::counter!("safehouse_connections_refused_total", "why" => "per_client").increment(1);
                    drop(tcp);
                    continue;
                }
            },
            _ => None,
        };
        // Small messages must leave at once: without TCP_NODELAY, Nagle's algorithm and delayed
        // acknowledgements hold pushes back by tens of milliseconds.
        if let Err(error) = tcp.set_nodelay(true) {
            tracing::debug!(%error, "cannot set TCP_NODELAY");
        }
        let router = router.clone();
        let header_timeout = options.header_timeout;
        let mut stop = stop.clone();
        tokio::spawn(async move {
            let _held = held;
            serve_connection(tcp, peer, router, header_timeout, &mut stop).await;
        });
    }
}

async fn serve_connection(
    tcp: tokio::net::TcpStream,
    peer: SocketAddr,
    router: Router,
    header_timeout: Duration,
    stop: &mut watch::Receiver<bool>,
) {
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let mut request = request.map(Body::new);
        request.extensions_mut().insert(ConnectInfo(peer));
        router.clone().oneshot(request)
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(header_timeout).keep_alive(true);
    let connection = builder.serve_connection(TokioIo::new(tcp), service).with_upgrades();
    tokio::pin!(connection);
    tokio::select! {
        result = connection.as_mut() => {
            if let Err(error) = result {
                tracing::debug!(%error, ?peer, "connection ended with an error");
            }
        }
        () = stopped(stop) => {
            connection.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(Duration::from_secs(5), connection.as_mut()).await;
        }
    }
}

/// Resolves once `stop` turns true (or its sender is gone).
async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|stopped| *stopped).await;
}
