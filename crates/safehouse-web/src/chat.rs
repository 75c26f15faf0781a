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
use axum::extract::{Form, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::{Markup, html};
use serde::Deserialize;
use serde_json::json;

use crate::Web;
use crate::api::{Peer, SeatMeta};
use crate::cookies::{self, SeatCookie};
use crate::i18n::{Lang, seat_number};

/// Most characters of a line (the API's limit; the input stops there too).
const MAX_CHARS: usize = 500;

/// One line as the API gives it.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct Line {
    pub(crate) n: u64,
    pub(crate) channel: String,
    #[serde(default)]
    pub(crate) seat: Option<u8>,
    #[serde(default)]
    pub(crate) name: Option<String>,
    pub(crate) text: String,
    #[serde(default)]
    pub(crate) seq: u64,
}

/// The chat as this browser may read it.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct History {
    pub(crate) lines: Vec<Line>,
    #[serde(default)]
    pub(crate) can_write: bool,
    #[serde(default)]
    pub(crate) channel: String,
}

/// The chat history of match `id` for this browser (its seat's, if it holds one).
pub(crate) async fn history(web: &Web, id: &str, seat: Option<&SeatCookie>, peer: Peer) -> Option<History> {
    let reply = web.api.get(&format!("/api/matches/{id}/chat"), seat.map(|s| s.token.as_str()), peer).await;
    if !reply.ok() {
        return None;
    }
    serde_json::from_value(reply.body).ok()
}

/// Who wrote a line, in words.
fn writer(line: &Line, seats: &[SeatMeta], lang: Lang) -> String {
    if let Some(name) = line.name.as_deref().filter(|n| !n.trim().is_empty()) {
        return name.to_owned();
    }
    match line.seat {
        Some(seat) => {
            let named = seats.iter().find(|s| s.seat == seat).and_then(|s| s.name.clone());
            let n = seat_number(seat);
            named.unwrap_or_else(|| tr!(lang, "Player {n}", "플레이어 {n}"))
        }
        None => lang.t("Spectator", "구경꾼").to_owned(),
    }
}

/// One line (the script draws the same markup for new lines).
fn line_markup(line: &Line, seats: &[SeatMeta], lang: Lang) -> Markup {
    let spectators = line.channel == "spectators";
    html! {
        li.chat-line.spectators[spectators] data-n=(line.n) {
            span.who { (writer(line, seats, lang)) @if spectators { " " span.tag { (lang.t("spectator", "구경꾼")) } } }
            ": "
            span.text { (line.text) }
        }
    }
}

/// The chat panel of a table page.
pub(crate) fn panel(id: &str, history: Option<&History>, seats: &[SeatMeta], lang: Lang) -> Markup {
    let Some(history) = history else { return html! {} };
    let spectator = history.channel == "spectators";
    let title = if spectator {
        lang.t("Spectators' chat", "구경꾼 채팅")
    } else {
        lang.t("Table chat", "테이블 채팅")
    };
    html! {
        section #chat .panel.chat aria-labelledby="chat-h" data-match=(id)
            data-spectator=(lang.t("Spectator", "구경꾼")) data-spectator-tag=(lang.t("spectator", "구경꾼"))
            data-player=(lang.t("Player {n}", "플레이어 {n}")) {
            h2 #chat-h { (title) }
            @if spectator {
                p.small { (lang.t(
                    "The players read the spectators' chat only when the game is over.",
                    "구경꾼 채팅은 게임이 끝난 뒤에야 플레이어에게 보입니다."
                )) }
            }
            ol #chat-list .chat-list aria-live="polite" {
                @for line in &history.lines { (line_markup(line, seats, lang)) }
            }
            @if history.lines.is_empty() {
                p.small.chat-empty { (lang.t("No messages yet.", "아직 메시지가 없습니다.")) }
            }
            form #chat-form .chat-form method="post" action={"/play/" (id) "/chat"} hidden[!history.can_write] {
                label.sr for="chat-text" { (lang.t("Message", "메시지")) }
                input #chat-text type="text" name="text" maxlength=(MAX_CHARS) required autocomplete="off"
                    placeholder=(lang.t("Write a message", "메시지 쓰기"));
                button type="submit" { (lang.t("Send", "보내기")) }
            }
            @if !history.can_write {
                p.small #chat-off { (lang.t(
                    "The players' chat is off at this table while the game is on (The Safe's rules forbid talking about cards).",
                    "게임 중에는 이 테이블의 플레이어 채팅이 꺼져 있습니다 (더 세이프 규칙은 카드 이야기를 금지합니다)."
                )) }
            }
            p.small.chat-error #chat-error role="alert" {}
        }
    }
}

/// The replay's chat: every line written up to move `step`.
pub(crate) fn replay_panel(history: Option<&History>, step: u64, seats: &[SeatMeta], lang: Lang) -> Markup {
    let Some(history) = history else { return html! {} };
    let lines: Vec<&Line> = history.lines.iter().filter(|l| l.seq <= step).collect();
    if history.lines.is_empty() {
        return html! {};
    }
    html! {
        section #chat .panel.chat aria-labelledby="chat-h" {
            h2 #chat-h { (lang.t("Chat", "채팅")) }
            @if lines.is_empty() {
                p.small { (lang.t("Nothing was said yet at this move.", "이 수까지는 아무 말도 없었습니다.")) }
            }
            ol.chat-list {
                @for line in lines {
                    (line_markup(line, seats, lang))
                }
            }
        }
    }
}

/// The links of a match: its rematch and the match it is a rematch of.
#[derive(Clone, Debug, Default, Deserialize)]
pub(crate) struct Links {
    #[serde(rename = "match", default)]
    pub(crate) rematch: Option<String>,
    #[serde(default)]
    pub(crate) rematch_of: Option<String>,
}

/// The links of match `id`.
pub(crate) async fn links(web: &Web, id: &str, peer: Peer) -> Links {
    let reply = web.api.get(&format!("/api/matches/{id}/rematch"), None, peer).await;
    let links: Links =
        if reply.ok() { serde_json::from_value(reply.body).unwrap_or_default() } else { Links::default() };
    // Only ids that are safe in a path.
    Links {
        rematch: links.rematch.filter(|id| cookies::valid_id(id)),
        rematch_of: links.rematch_of.filter(|id| cookies::valid_id(id)),
    }
}

/// "Play again" at the end (for a seat), the pointer to the rematch once there is one (for
/// everybody), and the link back to the match this one is the rematch of. The script shows the
/// parts that become true while the page is open (`rematch` messages, the end of the match).
pub(crate) fn rematch_panel(id: &str, links: &Links, finished: bool, has_seat: bool, lang: Lang) -> Markup {
    let rematch = links.rematch.as_deref();
    let offer = has_seat && (finished || rematch.is_some());
    html! {
        section #rematch .panel.rematch data-match=(id) hidden[rematch.is_none() && !offer && links.rematch_of.is_none()] {
            p #rematch-started hidden[rematch.is_none()] {
                strong { (lang.t("A new match was started.", "새 게임이 시작되었습니다.")) } " "
                a #rematch-watch href={"/play/" (rematch.unwrap_or(""))} { (lang.t("Go to the new table", "새 테이블로 가기")) }
            }
            @if has_seat {
                form #rematch-form method="post" action={"/play/" (id) "/rematch"} hidden[!offer] {
                    button.primary type="submit" #rematch-button
                        data-join=(lang.t("Join: take my seat", "참가: 내 자리에 앉기")) {
                        @if rematch.is_some() { (lang.t("Join: take my seat", "참가: 내 자리에 앉기")) }
                        @else { (lang.t("Play again", "다시 하기")) }
                    }
                }
            }
            @if let Some(old) = links.rematch_of.as_deref() {
                p.small.rematch-of { (lang.t("This table is a rematch:", "이 테이블은 다시 하기 게임입니다:")) " "
                    a href={"/replay/" (old)} { (lang.t("the previous match", "지난 게임")) } }
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
        "chat_off" => lang.t("The players' chat is off at this table.", "이 테이블은 플레이어 채팅이 꺼져 있습니다."),
        "chat_too_long" => {
            lang.t("That message is too long (500 characters at most).", "메시지가 너무 깁니다 (최대 500자).")
        }
        "chat_empty" => lang.t("Write something first.", "먼저 내용을 쓰세요."),
        "chat_full" => lang.t("This table's chat is full.", "이 테이블의 채팅이 가득 찼습니다."),
        "rate_limited" => {
            lang.t("Too many messages at once: wait a moment.", "메시지를 너무 빨리 보냈습니다. 잠시 기다리세요.")
        }
        _ => lang.t("The message was not sent: try again.", "메시지를 보내지 못했습니다. 다시 해 보세요."),
    }
}

/// `POST /play/{id}/chat`.
pub(crate) async fn post(
    State(web): State<Web>,
    Path(id): Path<String>,
    headers: HeaderMap,
    peer: Peer,
    Form(form): Form<ChatForm>,
) -> Response {
    let lang = Lang::of_request(&headers, None);
    let script = headers.get("x-requested-with").and_then(|v| v.to_str().ok()) == Some("safehouse");
    if !cookies::valid_id(&id) {
        return (StatusCode::NOT_FOUND, "no such match").into_response();
    }
    let seat = cookies::seat(&headers, &id);
    let reply = web
        .api
        .post(
            &format!("/api/matches/{id}/chat"),
            seat.as_ref().map(|s| s.token.as_str()),
            &json!({"text": form.text}),
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
pub(crate) async fn get(State(web): State<Web>, Path(id): Path<String>, headers: HeaderMap, peer: Peer) -> Response {
    if !cookies::valid_id(&id) {
        return (StatusCode::NOT_FOUND, Json(json!({"error": "not_found"}))).into_response();
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
    Path(id): Path<String>,
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
            lang.t("No seat here", "자리가 없습니다"),
            lang.t(
                "Only the players of a match can start its rematch.",
                "다시 하기는 그 게임의 플레이어만 시작할 수 있습니다.",
            ),
        );
    };
    let reply = web.api.post(&format!("/api/matches/{id}/rematch"), Some(&seat.token), &json!({}), peer).await;
    let new_id = reply.body["match"].as_str().filter(|m| cookies::valid_id(m)).map(str::to_owned);
    let token = reply.body["token"].as_str().filter(|t| t.chars().all(|c| c.is_ascii_hexdigit()));
    match (reply.ok(), new_id, token) {
        (true, Some(new_id), Some(token)) => {
            let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, format!("/play/{new_id}"))]).into_response();
            let headers_out = response.headers_mut();
            headers_out.append(header::SET_COOKIE, cookies::seat_value(&new_id, seat.seat, token));
            // The table's settings as this browser knew them (the hint panel), without invites.
            let extra = cookies::Extra { hints: cookies::extra(&headers, &id).hints, invites: Vec::new() };
            headers_out.append(header::SET_COOKIE, cookies::set(&cookies::extra_name(&new_id), &extra.encode()));
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
                "seat_taken" => lang
                    .t("Your seat in the new match was already taken.", "새 게임의 내 자리는 이미 누군가 앉았습니다."),
                "match_not_finished" => lang.t("The match is not over yet.", "아직 게임이 끝나지 않았습니다."),
                _ => lang.t(
                    "The new match could not be started: try again.",
                    "새 게임을 시작하지 못했습니다. 다시 해 보세요.",
                ),
            };
            crate::layout::error_page(lang, StatusCode::CONFLICT, lang.t("Play again", "다시 하기"), message)
        }
    }
}
