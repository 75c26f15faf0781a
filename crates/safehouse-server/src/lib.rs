//! The Safehouse table server: matches of every registered game for people and bots, over HTTP
//! and WebSockets, stored as event logs in SQLite or PostgreSQL.
//!
//! - [`start`] opens the store, resumes every unfinished match, binds the listener and serves;
//!   [`run`] does the same for the command line and waits for Ctrl-C.
//! - The API is in [`api`] (and `/openapi.json`), the WebSocket protocol in [`ws`], the match
//!   logic (acting, storing, pushing, bots, idle seats, other nodes) in [`app`].
//! - The modules are layered, each naming only those below it: the handlers ([`api`], one
//!   submodule per feature; [`ws`]; [`presence`]'s sweeps) over the live matches ([`app`], whose
//!   [`App`] holds every feature's state, with each feature's flows through the matches in
//!   `app/<feature>.rs`), over the features' own state and rules ([`chat`], [`devices`], [`log`],
//!   [`notify`], [`rematch`], [`tables`], [`limits`]), over the plain parts ([`error`], [`config`],
//!   [`token`], [`names`], [`clock`], [`settings`], [`diff`], [`bots`]).
//! - What a seat is sent is always built from `DynMatch::view(seat)` and
//!   `DynMatch::last_events_for(seat)`: never from the state.
//!
//! `docs/server.md` describes the API, the WebSocket messages, the configuration and how to run
//! several nodes on one PostgreSQL database.

pub mod api;
pub mod app;
pub mod bots;
pub mod chat;
pub mod clock;
pub mod config;
pub mod devices;
pub mod diff;
pub mod error;
pub mod limits;
pub mod log;
pub mod names;
pub mod notify;
pub mod presence;
pub mod rematch;
mod serve;
pub mod settings;
pub mod tables;
pub mod token;
pub mod ws;

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use axum::extract::{DefaultBodyLimit, MatchedPath, Request, State};
use axum::http::{HeaderMap, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::{Router, routing};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use app::App;
pub use config::{Config, ServeArgs};

use crate::error::ApiError;

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

/// `/metrics` on the main listener: only to `Authorization: Bearer <metrics_token>`.
async fn metrics_with_token(State(app): State<Arc<App>>, headers: axum::http::HeaderMap) -> Response {
    let given = app::request_token(&headers, None).unwrap_or_default();
    match &app.config.metrics_token {
        Some(expected) if token::same_hash(&token::hash(expected), &token::hash(&given)) => metrics_page().await,
        _ => api::not_found().await.into_response(),
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

/// An address no route has: a page for a person's browser (`safehouse_web::wants_page`), the
/// API's JSON error for everyone else.
async fn not_found(headers: HeaderMap, uri: Uri) -> Response {
    if safehouse_web::wants_page(&headers, &uri) {
        safehouse_web::page_not_found(&headers, &uri)
    } else {
        api::not_found().await.into_response()
    }
}

/// A route asked with a method it does not take (axum adds the `Allow` header): a page for a
/// person's browser, `405 method_not_allowed` in JSON for everyone else.
async fn method_not_allowed(headers: HeaderMap, uri: Uri) -> Response {
    if safehouse_web::wants_page(&headers, &uri) {
        safehouse_web::page_method_not_allowed(&headers, &uri)
    } else {
        ApiError::method_not_allowed().into_response()
    }
}

/// The whole router for an app.
pub fn router(app: Arc<App>) -> Router {
    let api = api::routes().layer(DefaultBodyLimit::max(app.config.max_body_bytes));
    let mut router = Router::new()
        // The browser table (crate safehouse-web) serves `/` and its pages; it calls `api` in-process.
        .merge(safehouse_web::router(api.clone().with_state(app.clone())))
        .route("/api", routing::get(api::home))
        .route("/healthz", routing::get(api::healthz))
        .route("/openapi.json", routing::get(api::openapi));
    if app.config.metrics_token.is_some() {
        router = router.route("/metrics", routing::get(metrics_with_token));
    }
    router
        .merge(api)
        .fallback(not_found)
        // After every route: it is set on the routes registered so far.
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn(track_http))
        // Outermost: the client, its limits and the global cap apply to the whole server at
        // once (a layer on the router would wrap each route separately).
        .layer(middleware::from_fn_with_state(
            limits::HttpGuard { limits: app.limits.clone(), config: Arc::new(app.config.clone()) },
            limits::guard_http,
        ))
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
    shutdown: watch::Sender<bool>,
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
        let _ = self.shutdown.send(true);
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
    let metrics_listener = match config.metrics_listen {
        Some(addr) => Some(
            TcpListener::bind(addr).await.map_err(|e| anyhow::anyhow!("cannot listen for metrics on {addr}: {e}"))?,
        ),
        None => None,
    };
    let app = App::new(config, store.clone()).await.map_err(|e| anyhow::anyhow!("{e}"))?;
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
        background.push(tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(1));
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                app.sweep().await;
                app.sweep_rooms().await;
                app.limits.sweep();
                if let Some(handle) = prometheus() {
                    handle.run_upkeep();
                }
            }
        }));
    }

    let (shutdown, stopped) = watch::channel(false);
    let options = serve::ServeOptions {
        header_timeout: Duration::from_secs(app.config.header_timeout_secs.max(1)),
        per_client: app.config.max_connections_per_client.max(1),
        trusted_proxies: app.config.trusted_proxies.clone(),
    };
    if let Some(listener) = metrics_listener {
        let metrics_router = Router::new().route("/metrics", routing::get(metrics_page));
        tracing::info!(addr = ?listener.local_addr().ok(), "serving /metrics");
        background.push(tokio::spawn(serve::serve(listener, metrics_router, None, options.clone(), stopped.clone())));
    }
    let router = router(app.clone());
    let limits = app.limits.clone();
    let serving = tokio::spawn(serve::serve(listener, router, Some(limits), options, stopped));
    Ok(Server { addr, app, shutdown, serving, background })
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
