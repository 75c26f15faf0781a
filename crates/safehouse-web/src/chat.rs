//! The chat panel and "play again" of a table, and their routes.
//!
//! - The panel is drawn on the server from the API's chat history for this browser
//!   (`GET /api/matches/{id}/chat` with the seat's token when the browser holds a seat, *even when
//!   it watches*, so a player never reads the spectators' chat during play); every name and text
//!   is escaped by maud. `assets/chat.js` adds the lines the WebSocket brings (`chat` messages,
//!   drawn with `textContent`) and sends new lines without a page load.
//! - `POST /play/{id}/chat` writes a line (a form post; the script's fetch of the same form).
//! - `GET /play/{id}/chat` gives the script the history again (after a reconnect, and at the end
//!   of the match, when the spectators' chat opens to the players).
//! - `POST /play/{id}/rematch` is "play again": the API's rematch with this browser's seat token;
//!   the browser gets the new match's seat cookie and goes to the new table.
//! - [`rematch_panel`] is the pointer every page of the old match shows ("a new match was
//!   started: join"), and the new match's link back.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::{Markup, html};
use safehouse_api::chat::{Channel, ChatHistory, ChatLine, ChatRequest};
use safehouse_api::rematch::{RematchJoined, RematchLinks};
use serde::Deserialize;
use serde_json::json;

use crate::Web;
use crate::api::{Peer, SeatInfo};
use crate::cookies::{self, SeatCookie};
use crate::extract::{PageForm, PagePath};
use crate::i18n::{Lang, seat_number};
use safehouse_api::extract::{ApiPath, Refusal};

/// Most characters of a line (the API's limit; the input stops there too).
const MAX_CHARS: usize = 500;

/// The chat history of match `id` for this browser (its seat's, if it holds one).
pub(crate) async fn history(web: &Web, id: &str, seat: Option<&SeatCookie>, peer: Peer) -> Option<ChatHistory> {
    web.api.get(&format!("/api/matches/{id}/chat"), seat.map(|s| s.token.as_str()), peer).await.read()
}

/// Who wrote a line, in words.
fn writer(line: &ChatLine, seats: &[SeatInfo], lang: Lang) -> String {
    if let Some(name) = line.name.as_deref().filter(|n| !n.trim().is_empty()) {
        return name.to_owned();
    }
    match line.seat {
        Some(seat) => {
            let named = seats.iter().find(|s| s.seat == seat).and_then(|s| s.name.clone());
            let n = seat_number(seat);
            named.unwrap_or_else(|| tr!(lang, "player-n", n = n))
        }
        None => lang.text("spectator").to_owned(),
    }
}

/// One line (the script draws the same markup for new lines).
fn line_markup(line: &ChatLine, seats: &[SeatInfo], lang: Lang) -> Markup {
    let spectators = line.channel == Channel::Spectators;
    html! {
        li.chat-line.spectators[spectators] data-n=(line.n) {
            span.who { (writer(line, seats, lang)) @if spectators { " " span.tag { (lang.text("spectator-2")) } } }
            ": "
            span.text { (line.text) }
        }
    }
}

/// The chat panel of a table page.
pub(crate) fn panel(id: &str, history: Option<&ChatHistory>, seats: &[SeatInfo], lang: Lang) -> Markup {
    let Some(history) = history else { return html! {} };
    let spectator = history.channel == Channel::Spectators;
    let title = if spectator { lang.text("spectators-chat") } else { lang.text("table-chat") };
    html! {
        section #chat .panel.chat aria-labelledby="chat-h" data-match=(id)
            data-spectator=(lang.text("spectator")) data-spectator-tag=(lang.text("spectator-2"))
            data-player=(lang.text("chat-player-n-template")) {
            h2 #chat-h { (title) }
            @if spectator {
                p.small { (lang.text("the-players-read-the-spectators")) }
            }
            ol #chat-list .chat-list aria-live="polite" {
                @for line in &history.lines { (line_markup(line, seats, lang)) }
            }
            @if history.lines.is_empty() {
                p.small.chat-empty { (lang.text("no-messages-yet")) }
            }
            form #chat-form .chat-form method="post" action={"/play/" (id) "/chat"} hidden[!history.can_write] {
                label.sr for="chat-text" { (lang.text("message")) }
                input #chat-text type="text" name="text" maxlength=(MAX_CHARS) required autocomplete="off"
                    placeholder=(lang.text("write-a-message"));
                button type="submit" { (lang.text("send")) }
            }
            @if !history.can_write {
                p.small #chat-off { (lang.text("the-players-chat-is-off")) }
            }
            p.small.chat-error #chat-error role="alert" {}
        }
    }
}

/// The replay's chat: every line written up to move `step`.
pub(crate) fn replay_panel(history: Option<&ChatHistory>, step: u64, seats: &[SeatInfo], lang: Lang) -> Markup {
    let Some(history) = history else { return html! {} };
    let lines: Vec<&ChatLine> = history.lines.iter().filter(|l| l.seq <= step).collect();
    if history.lines.is_empty() {
        return html! {};
    }
    html! {
        section #chat .panel.chat aria-labelledby="chat-h" {
            h2 #chat-h { (lang.text("chat")) }
            @if lines.is_empty() {
                p.small { (lang.text("nothing-was-said-yet-at")) }
            }
            ol.chat-list {
                @for line in lines {
                    (line_markup(line, seats, lang))
                }
            }
        }
    }
}

/// The links of match `id`.
pub(crate) async fn links(web: &Web, id: &str, peer: Peer) -> RematchLinks {
    let reply = web.api.get(&format!("/api/matches/{id}/rematch"), None, peer).await;
    let links = reply.read::<RematchLinks>().unwrap_or(RematchLinks { rematch: None, rematch_of: None });
    // Only ids that are safe in a path.
    RematchLinks {
        rematch: links.rematch.filter(|id| cookies::valid_id(id)),
        rematch_of: links.rematch_of.filter(|id| cookies::valid_id(id)),
    }
}

/// "Play again" at the end (for a seat), the pointer to the rematch once there is one (for
/// everybody), and the link back to the match this one is the rematch of. The script shows the
/// parts that become true while the page is open (`rematch` messages, the end of the match).
pub(crate) fn rematch_panel(id: &str, links: &RematchLinks, finished: bool, has_seat: bool, lang: Lang) -> Markup {
    let rematch = links.rematch.as_deref();
    let offer = has_seat && (finished || rematch.is_some());
    html! {
        section #rematch .panel.rematch data-match=(id) hidden[rematch.is_none() && !offer && links.rematch_of.is_none()] {
            p #rematch-started hidden[rematch.is_none()] {
                strong { (lang.text("a-new-match-was-started")) } " "
                a #rematch-watch href={"/play/" (rematch.unwrap_or(""))} { (lang.text("go-to-the-new-table")) }
            }
            @if has_seat {
                form #rematch-form method="post" action={"/play/" (id) "/rematch"} hidden[!offer] {
                    button.primary type="submit" #rematch-button
                        data-join=(lang.text("join-take-my-seat")) {
                        @if rematch.is_some() { (lang.text("join-take-my-seat")) }
                        @else { (lang.text("play-again")) }
                    }
                }
            }
            @if let Some(old) = links.rematch_of.as_deref() {
                p.small.rematch-of { (lang.text("this-table-is-a-rematch")) " "
                    a href={"/replay/" (old)} { (lang.text("the-previous-match")) } }
            }
        }
    }
}

/// The form of `POST /play/{id}/chat`.
#[derive(Debug, Deserialize)]
pub(crate) struct ChatForm {
    #[serde(default)]
    text: String,
}

/// Words for a refused line.
fn refusal(lang: Lang, code: &str) -> &'static str {
    match code {
        "chat_off" => lang.text("the-players-chat-is-off-at-this"),
        "chat_too_long" => lang.text("that-message-is-too-long"),
        "chat_empty" => lang.text("write-something-first"),
        "chat_full" => lang.text("this-tables-chat-is-full"),
        "rate_limited" => lang.text("too-many-messages-at-once"),
        _ => lang.text("the-message-was-not-sent"),
    }
}

/// `POST /play/{id}/chat`.
pub(crate) async fn post(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    headers: HeaderMap,
    peer: Peer,
    PageForm(form): PageForm<ChatForm>,
) -> Response {
    let lang = Lang::of_request(&headers, None);
    let script = headers.get("x-requested-with").and_then(|v| v.to_str().ok()) == Some("safehouse");
    if !cookies::valid_id(&id) {
        return (StatusCode::NOT_FOUND, "no such match").into_response();
    }
    let seat = cookies::seat(&headers, &id);
    let reply = web
        .api
        .post_typed(
            &format!("/api/matches/{id}/chat"),
            seat.as_ref().map(|s| s.token.as_str()),
            &ChatRequest { text: form.text, name: None },
            peer,
        )
        .await;
    let message = if reply.ok() { String::new() } else { refusal(lang, reply.code()).to_owned() };
    if script {
        return Json(json!({"ok": reply.ok(), "message": message, "line": reply.body})).into_response();
    }
    (StatusCode::SEE_OTHER, [(header::LOCATION, format!("/play/{id}"))]).into_response()
}

/// `GET /play/{id}/chat`: the history for the script.
pub(crate) async fn get(
    State(web): State<Web>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    peer: Peer,
) -> Response {
    if !cookies::valid_id(&id) {
        return Refusal::new(StatusCode::NOT_FOUND, "not_found", "no such match").into_response();
    }
    let seat = cookies::seat(&headers, &id);
    let reply = web.api.get(&format!("/api/matches/{id}/chat"), seat.as_ref().map(|s| s.token.as_str()), peer).await;
    let mut response = (reply.status, Json(reply.body)).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
    response
}

/// `POST /play/{id}/rematch`: "play again", or taking one's seat in the rematch.
pub(crate) async fn rematch(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    headers: HeaderMap,
    peer: Peer,
) -> Response {
    let lang = Lang::of_request(&headers, None);
    if !cookies::valid_id(&id) {
        return (StatusCode::NOT_FOUND, "no such match").into_response();
    }
    let Some(seat) = cookies::seat(&headers, &id) else {
        return crate::layout::error_page(
            lang,
            StatusCode::FORBIDDEN,
            lang.text("no-seat-here"),
            lang.text("only-the-players-of-a"),
        );
    };
    let reply = web.api.post_empty(&format!("/api/matches/{id}/rematch"), Some(&seat.token), peer).await;
    let joined = reply.read::<RematchJoined>();
    let new_id = joined.as_ref().map(|j| j.match_id.clone()).filter(|m| cookies::valid_id(m));
    let token = joined.as_ref().map(|j| j.token.as_str()).filter(|t| t.chars().all(|c| c.is_ascii_hexdigit()));
    match (reply.ok(), new_id, token) {
        (true, Some(new_id), Some(token)) => {
            let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, format!("/play/{new_id}"))]).into_response();
            let headers_out = response.headers_mut();
            headers_out.append(header::SET_COOKIE, cookies::seat_value(&new_id, seat.seat, token));
            // The table's settings as this browser knew them (the hint panel), without invites.
            let extra = cookies::Extra { hints: cookies::extra(&headers, &id).hints, invites: Vec::new() };
            headers_out.append(header::SET_COOKIE, cookies::set(&cookies::extra_name(&new_id), &extra.encode()));
            // Whoever pressed first created the rematch's waiting room: its controls (start now,
            // the invite for a seat whose person is not coming back), as for any table created.
            if let Some(creator) = joined.as_ref().and_then(|j| j.creator_token.as_deref()) {
                let invite = joined.as_ref().and_then(|j| j.table_invite.as_deref());
                headers_out.append(header::SET_COOKIE, cookies::creator_value(&new_id, creator, invite));
            }
            response
        }
        _ => {
            // Already taken by this browser (another tab pressed first): go there.
            let links = links(&web, &id, peer).await;
            if reply.code() == "seat_taken"
                && let Some(new_id) = links.rematch.filter(|new| cookies::seat(&headers, new).is_some())
            {
                return (StatusCode::SEE_OTHER, [(header::LOCATION, format!("/play/{new_id}"))]).into_response();
            }
            let message = match reply.code() {
                "seat_taken" => lang.text("your-seat-in-the-new"),
                "match_not_finished" => lang.text("the-match-is-not-over"),
                _ => lang.text("the-new-match-could-not"),
            };
            crate::layout::error_page(lang, StatusCode::CONFLICT, lang.text("play-again"), message)
        }
    }
}
