//! The Safehouse table server: matches of every registered game for people and bots, over HTTP
//! and WebSockets, stored as event logs in SQLite or PostgreSQL.
//!
//! - [`start`] opens the store, resumes every unfinished match, binds the listener and serves;
//!   [`run`] does the same for the command line and waits for Ctrl-C.
//! - The API is in [`api`] (and `/openapi.json`), the WebSocket protocol in [`ws`], the match
//!   logic (acting, storing, pushing, bots, idle seats, other nodes) in [`app`].
//! - What a seat is sent is always built from `DynMatch::view(seat)` and
//!   `DynMatch::last_events_for(seat)`: never from the state.
//!
//! `docs/server.md` describes the API, the WebSocket messages, the configuration and how to run
//! several nodes on one PostgreSQL database.

pub mod api;
pub mod app;
pub mod bots;
pub mod client;
pub mod config;
pub mod diff;
pub mod error;
pub mod limits;
pub mod token;
pub mod ws;

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use axum::extract::{DefaultBodyLimit, MatchedPath, Request};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::{Router, routing};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tower::ServiceBuilder;

pub use app::App;
pub use config::{Config, ServeArgs};

use crate::error::ApiError;
use crate::limits::HttpLimits;

/// The Prometheus recorder, installed once per process (several servers in one test process share it).
fn prometheus() -> Option<&'static PrometheusHandle> {
    static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let buckets = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0];
            PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("seconds".to_owned()), &buckets)
                .ok()?
                .install_recorder()
                .ok()
        })
        .as_ref()
}

async fn metrics_page() -> Response {
    match prometheus() {
        Some(handle) => handle.render().into_response(),
        None => ApiError::internal("metrics are not available").into_response(),
    }
}

async fn track_http(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let route =
        request.extensions().get::<MatchedPath>().map(|p| p.as_str().to_owned()).unwrap_or_else(|| "other".into());
    let method = request.method().clone();
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    metrics::counter!("safehouse_http_requests_total", "method" => method.to_string(), "route" => route.clone(), "status" => status)
        .increment(1);
    metrics::histogram!("safehouse_http_request_seconds", "route" => route).record(started.elapsed().as_secs_f64());
    response
}

/// The whole router for an app.
pub fn router(app: Arc<App>) -> Router {
    let limits = Arc::new(HttpLimits::default());
    router_with_limits(app, limits)
}

fn router_with_limits(app: Arc<App>, limits: Arc<HttpLimits>) -> Router {
    let max_body = app.config.max_body_bytes;
    let concurrency = app.config.max_http_concurrency.max(1);
    let api = api::routes()
        .layer(middleware::from_fn_with_state((app.clone(), limits), limits::limit_http))
        .layer(DefaultBodyLimit::max(max_body));
    Router::new()
        // The browser table (crate safehouse-web) serves `/` and its pages; it calls `api` in-process.
        .merge(safehouse_web::router(api.clone().with_state(app.clone())))
        .route("/api", routing::get(api::home))
        .route("/healthz", routing::get(api::healthz))
        .route("/metrics", routing::get(metrics_page))
        .route("/openapi.json", routing::get(api::openapi))
        .merge(api)
        .fallback(api::not_found)
        .layer(middleware::from_fn(track_http))
        .layer(
            ServiceBuilder::new()
                .layer(axum::error_handling::HandleErrorLayer::new(|_: tower::BoxError| async {
                    ApiError::new(
                        axum::http::StatusCode::SERVICE_UNAVAILABLE,
                        "overloaded",
                        "the server is busy; try again",
                    )
                }))
                .load_shed()
                .concurrency_limit(concurrency),
        )
        .layer(tower_http::trace::TraceLayer::new_for_http().make_span_with(|request: &Request| {
            // The path only: a query may hold a seat token.
            tracing::debug_span!("http", method = %request.method(), path = %request.uri().path())
        }))
        .with_state(app)
}

/// A running server.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    app: Arc<App>,
    shutdown: Option<oneshot::Sender<()>>,
    serving: JoinHandle<()>,
    background: Vec<JoinHandle<()>>,
}

impl Server {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://addr`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The shared state (for tests and tools).
    pub fn app(&self) -> &Arc<App> {
        &self.app
    }

    /// Stops accepting, closes connections, and waits for the server to end.
    pub async fn stop(mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        for task in &self.background {
            task.abort();
        }
        let _ = tokio::time::timeout(Duration::from_secs(5), &mut self.serving).await;
        self.serving.abort();
    }

    /// Waits until the server ends (it does not on its own; see [`run`]).
    pub async fn wait(mut self) {
        let _ = (&mut self.serving).await;
    }
}

/// Opens the store, resumes matches, binds and serves in the background.
pub async fn start(config: Config) -> anyhow::Result<Server> {
    let _ = prometheus();
    let options = safehouse_store::OpenOptions {
        schema: config.database_schema.clone(),
        max_connections: config.database_connections,
    };
    let store = safehouse_store::open(&config.database_url, &options).await.map_err(|e| {
        anyhow::anyhow!("cannot open the database {}: {e}", safehouse_store::redact_url(&config.database_url))
    })?;
    let listener = TcpListener::bind(config.listen)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", config.listen))?;
    let addr = listener.local_addr()?;
    let app = App::new(config, store.clone()).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    let limits = Arc::new(HttpLimits::default());
    let mut background = Vec::new();

    // Other nodes' actions, joins and away flags (PostgreSQL only).
    if let Some(mut notices) = store.listen().await? {
        let app = app.clone();
        background.push(tokio::spawn(async move {
            while let Some(notice) = notices.recv().await {
                app.on_notice(notice).await;
            }
        }));
    }
    let resumed = app.resume_all().await.map_err(|e| anyhow::anyhow!("{e}"))?;
    tracing::info!(resumed, "resumed unfinished matches");
    {
        let app = app.clone();
        let limits = limits.clone();
        background.push(tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(1));
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                app.sweep().await;
                limits.sweep();
                if let Some(handle) = prometheus() {
                    handle.run_upkeep();
                }
            }
        }));
    }

    let router = router_with_limits(app.clone(), limits);
    let (shutdown, stopped) = oneshot::channel::<()>();
    let serving = tokio::spawn(async move {
        use axum::serve::ListenerExt;
        // Small messages must leave at once: without TCP_NODELAY, Nagle's algorithm and delayed
        // acknowledgements hold pushes back by tens of milliseconds.
        let listener = listener.tap_io(|tcp| {
            if let Err(error) = tcp.set_nodelay(true) {
                tracing::debug!(%error, "cannot set TCP_NODELAY");
            }
        });
        let service = router.into_make_service_with_connect_info::<SocketAddr>();
        let result = axum::serve(listener, service)
            .with_graceful_shutdown(async move {
                let _ = stopped.await;
            })
            .await;
        if let Err(error) = result {
            tracing::error!(%error, "server stopped with an error");
        }
    });
    Ok(Server { addr, app, shutdown: Some(shutdown), serving, background })
}

/// Sets up logging: `RUST_LOG` filters (default `info`), `format` is `text` or `json`.
pub fn init_tracing(format: &str) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    let _ = if format == "json" { builder.json().try_init() } else { builder.try_init() };
}

/// Runs the server until Ctrl-C (or SIGTERM), printing the address to open.
pub async fn run(config: Config) -> anyhow::Result<()> {
    init_tracing(&config.log_format);
    let database = safehouse_store::redact_url(&config.database_url);
    let server = start(config).await?;
    println!("Safehouse is serving on {} (database: {database})", server.url());
    println!("Open {}/ in a browser; the API is described at {}/openapi.json", server.url(), server.url());
    wait_for_signal().await;
    tracing::info!("shutting down");
    server.stop().await;
    Ok(())
}

async fn wait_for_signal() {
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(term) => term,
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
                return;
            }
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
