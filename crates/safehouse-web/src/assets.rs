//! The files a page loads, embedded in the binary: the style sheet, the script and the icon.
//! All of it is written for this project (no framework, no fonts or images from elsewhere).

use std::sync::OnceLock;

use axum::http::StatusCode;
use axum::http::{HeaderMap, Uri, header};
use axum::response::{IntoResponse, Response};

use safehouse_api::extract::{ApiPath, Refusal};

/// The style sheet.
pub const CSS: &str = include_str!("../assets/app.css");
/// The script: the WebSocket, form submission without page loads, focus and selection kept
/// across updates, the game log, keyboard shortcuts of the replay.
pub const JS: &str = include_str!("../assets/app.js");
/// The table's chat and "play again": lines from the WebSocket, sending without a page load.
pub const CHAT_JS: &str = include_str!("../assets/chat.js");
/// The table's game log: lines drawn by the server, each `seq` kept once.
pub const LOG_JS: &str = include_str!("../assets/log.js");
/// The table's "notify me" button: the service worker, the push subscription.
pub const PUSH_JS: &str = include_str!("../assets/push.js");
/// The service worker that shows "your turn" notifications (Web Push).
pub const SW_JS: &str = include_str!("../assets/sw.js");
/// The table's clocks: the running one counted down smoothly from the server's time left.
pub const CLOCK_JS: &str = include_str!("../assets/clock.js");
/// The waiting room: its WebSocket, the seats redrawn, everyone moved to the table at the start.
pub const WAITING_JS: &str = include_str!("../assets/waiting.js");
/// The site icon.
pub const ICON: &str = include_str!("../assets/icon.svg");

fn file(name: &str) -> Option<(&'static str, &'static str)> {
    match name {
        "app.css" => Some((CSS, "text/css; charset=utf-8")),
        "app.js" => Some((JS, "text/javascript; charset=utf-8")),
        "chat.js" => Some((CHAT_JS, "text/javascript; charset=utf-8")),
        "log.js" => Some((LOG_JS, "text/javascript; charset=utf-8")),
        "push.js" => Some((PUSH_JS, "text/javascript; charset=utf-8")),
        "sw.js" => Some((SW_JS, "text/javascript; charset=utf-8")),
        "clock.js" => Some((CLOCK_JS, "text/javascript; charset=utf-8")),
        "waiting.js" => Some((WAITING_JS, "text/javascript; charset=utf-8")),
        "icon.svg" => Some((ICON, "image/svg+xml")),
        _ => None,
    }
}

/// A short hash of the embedded files, so that their URLs change when they do.
fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        // FNV-1a over every file.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let files = [CSS, JS, CHAT_JS, LOG_JS, PUSH_JS, SW_JS, CLOCK_JS, WAITING_JS, ICON];
        for byte in files.iter().flat_map(|file| file.bytes()) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        format!("{:08x}", hash as u32)
    })
}

/// The URL of an embedded file (with its version, so it can be cached for long).
pub(crate) fn url(name: &str) -> String {
    format!("/assets/{name}?v={}", version())
}

/// `GET /assets/{file}`. A file the site does not have is the 404 page for a person who opened
/// the address, and the API's JSON `not_found` for a page's script or style sheet asking for it.
/// A name that does not read (`%FF`) is no file either for a person; a script gets the JSON
/// `bad_request` that says why.
pub(crate) async fn serve(name: Result<ApiPath<String>, Refusal>, headers: HeaderMap, uri: Uri) -> Response {
    let found = match &name {
        Ok(ApiPath(name)) => file(name),
        Err(_) => None,
    };
    match found {
        Some((body, content_type)) => (
            [
                (header::CONTENT_TYPE, content_type),
                (header::CACHE_CONTROL, "public, max-age=86400"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            body,
        )
            .into_response(),
        None if crate::wants_page(&headers, &uri) => crate::page_not_found(&headers, &uri),
        None => match name {
            Err(unreadable) => unreadable.into_response(),
            Ok(_) => Refusal::new(StatusCode::NOT_FOUND, "not_found", "no such file").into_response(),
        },
    }
}
