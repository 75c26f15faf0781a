//! The Safehouse browser table: pages to set up, play, watch and replay every game, in English,
//! Korean and German.
//!
//! Everything here is a *client* of the table server's public HTTP API (`docs/server.md`): the
//! [`router`] is given the server's API router and calls it in-process, exactly as a browser
//! would over the network, with the seat token the browser holds in a cookie. So every page and
//! every update is rendered from what the API gives that seat — its view, its legal actions and
//! its filtered events — and never from a match's full state, which this crate cannot reach.
//!
//! - Pages are rendered on the server with [`maud`]; the CSS, the small JavaScript file and the
//!   icons are embedded in the binary ([`assets`]). There is no build step and no framework.
//! - The browser opens one WebSocket per table (`/play/{id}/ws`, forwarded to the API's
//!   `/api/matches/{id}/ws` with the seat's token from its cookie). Each `update` it receives
//!   makes it ask `/play/{id}/frag` for the re-rendered table (HTML) and the new log lines.
//! - Actions are plain HTML forms (`POST /play/{id}/act`), so the table works with the keyboard
//!   alone and even without JavaScript; the script only submits them without a page load.
//! - [`i18n`] holds the languages (one Fluent file each, `locales/`); each game's table is drawn
//!   by a module of [`games`].
//! - [`security`] guards every page: requests that act with the browser's cookies must come
//!   from this origin, every form post carries the session's CSRF token, cookies are `Secure`
//!   behind HTTPS, and redirects go only to paths of this site.
//!
//! `docs/web.md` describes the pages, how updates flow, the languages and the accessibility
//! choices.

// First: its `tr!` macro is used by every module after it.
#[macro_use]
pub mod i18n;
pub mod assets;
pub mod games;

mod api;
mod chat;
mod clocks;
mod cookies;
mod devices;
mod extract;
mod forms;
mod game_log;
mod home;
mod layout;
mod markdown;
mod notify;
mod replay;
pub mod security;
mod table;
pub mod terminal;
mod tutorial;
mod waiting;
mod yours;

use axum::Router;
use axum::http::{HeaderMap, Uri, header};
use axum::response::Response;
use axum::routing::{get, post};

pub use i18n::Lang;
pub use security::Forwarded;

/// What every page handler shares: the API it is a client of.
#[derive(Clone, Debug)]
pub(crate) struct Web {
    pub(crate) api: api::Api,
}

/// The browser table's routes, for any outer router state.
///
/// `api` is the table server's API router with its state applied (every `/api/...` route);
/// the pages call it in-process. The routes are `/` (home), `/new/{game}` (set up a table),
/// `/rules/{game}` (the rulebook for players), `/join/{id}` (an invite link), `/play/{id}` (the
/// table, `?watch=1` to watch), its `/frag`, `/act`, `/ws`, `/chat`, `/rematch`, `/back`, `/away`
/// and `/seats/{seat}/bot`, `/replay/{id}`, `/tutorial` and `/tutorial/{id}` (the first games),
/// `/lang/{code}` and `/assets/{file}`.
pub fn router<S: Clone + Send + Sync + 'static>(api: Router) -> Router<S> {
    let web = Web { api: api::Api::new(api) };
    Router::new()
        .route("/", get(home::home))
        .route("/new/{game}", get(home::new_page).post(home::create))
        .route("/rules/{game}", get(home::rules_page))
        .route("/join/{id}", get(home::join_page).post(home::join))
        .route("/play/{id}", get(table::page))
        .route("/play/{id}/frag", post(table::frag))
        .route("/play/{id}/act", post(table::act))
        .route("/play/{id}/back", post(table::back))
        .route("/play/{id}/away", post(table::away))
        .route("/play/{id}/seats/{seat}/bot", post(table::bot_for))
        .route("/play/{id}/ws", get(table::socket))
        .route("/play/{id}/notify/push", post(notify::push))
        .route("/play/{id}/notify/webhook", post(notify::webhook))
        .route("/play/{id}/chat", get(chat::get).post(chat::post))
        .route("/play/{id}/rematch", post(chat::rematch))
        .route("/play/{id}/device", get(devices::link_page))
        .route("/play/{id}/device/sign-out", post(devices::sign_out))
        .route("/seat/{id}", get(devices::open_page).post(devices::take))
        .route("/tables/{id}", get(waiting::page))
        .route("/tables/{id}/frag", get(waiting::frag))
        .route("/tables/{id}/take", post(waiting::take))
        .route("/tables/{id}/leave", post(waiting::leave))
        .route("/tables/{id}/seat", post(waiting::seat))
        .route("/tables/{id}/start", post(waiting::start))
        .route("/tables/{id}/ws", get(waiting::socket))
        .route("/replay/{id}", get(replay::page))
        .route("/tutorial", get(tutorial::index))
        .route("/tutorial/{id}", get(tutorial::page).post(tutorial::act))
        .route("/lang/{code}", get(home::switch))
        .route("/assets/{file}", get(assets::serve))
        // Origin checks, CSRF tokens and Secure cookies for every page (`security`).
        .layer(axum::middleware::from_fn(security::guard))
        .with_state(web)
}

/// Whether a request is a person's browser asking for a page: it accepts HTML and is not for the
/// API (`/api`, whose clients get JSON errors whatever they accept). The server's fallbacks
/// answer such a request with [`page_not_found`] or [`page_method_not_allowed`].
pub fn wants_page(headers: &HeaderMap, uri: &Uri) -> bool {
    let path = uri.path();
    let api = path == "/api" || path.starts_with("/api/");
    let html = headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|media| media.split(';').next().is_some_and(|kind| kind.trim().eq_ignore_ascii_case("text/html")));
    html && !api
}

/// `404`, as a page in the request's language: this site has no page at the address.
pub fn page_not_found(headers: &HeaderMap, uri: &Uri) -> Response {
    extract::not_found(headers, uri)
}

/// A refusal of the server's outer limits as a page in the request's language, with `status`:
/// `413` (a form too large to read), `408` (a request that did not arrive in time), `429` or
/// `503` (too many requests: wait and try again). The caller adds its headers (`Retry-After`).
pub fn page_refused(headers: &HeaderMap, uri: &Uri, status: axum::http::StatusCode) -> Response {
    extract::limit_refused(headers, uri, status)
}

/// `405`, as a page in the request's language: the address takes another method (a form's
/// address opened as a page).
pub fn page_method_not_allowed(headers: &HeaderMap, uri: &Uri) -> Response {
    extract::method_not_allowed(headers, uri)
}
