//! "Your turn" on the pages: the table's "notify me" panel (a browser notification through Web
//! Push, and a webhook URL for a Discord or Slack channel), and the home page's list of the
//! tables waiting for this browser's move.
//!
//! - `POST /play/{id}/notify/push`: the script (`assets/push.js`) hands over the browser's push
//!   subscription; it goes to the API's `PUT /api/matches/{id}/notify/push` with the seat's token
//!   from its cookie (no script ever sees the token).
//! - `POST /play/{id}/notify/webhook`: a plain form (works without the script) that sets or
//!   clears the seat's webhook (`PUT`/`DELETE /api/matches/{id}/notify/webhook`).

use axum::Json;
use axum::extract::{Form, Path, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::{Markup, html};
use serde_json::{Value, json};

use crate::Web;
use crate::api::Peer;
use crate::assets;
use crate::cookies::{self, SeatCookie};
use crate::i18n::Lang;
use crate::layout;
use crate::table::game_name;

/// Most seats of this browser looked at for the home page's list.
const MAX_SEATS_LISTED: usize = 30;

/// The table page's notification panel, for the seat this browser holds (nothing for a
/// spectator or once the match is over).
pub(crate) async fn panel(
    web: &Web,
    id: &str,
    seat: Option<&SeatCookie>,
    finished: bool,
    lang: Lang,
    peer: Peer,
) -> Markup {
    let Some(seat) = seat.filter(|_| !finished) else { return html! {} };
    let state = web.api.get(&format!("/api/matches/{id}/notify"), Some(&seat.token), peer).await;
    if !state.ok() {
        return html! {};
    }
    let pushes = state.body["push"].as_array().map_or(0, Vec::len);
    let webhook = state.body["webhook"].as_str().unwrap_or("");
    html! {
        details #notify .panel.notify data-match=(id) data-lang=(lang.code())
            data-working=(lang.t("Asking the browser…", "브라우저에 묻는 중…"))
            data-on=(lang.t("This browser will tell you when it is your turn.", "내 차례가 되면 이 브라우저가 알려 줍니다."))
            data-denied=(lang.t("The browser does not allow notifications for this site.", "브라우저가 이 사이트의 알림을 막았습니다."))
            data-failed=(lang.t("Notifications could not be turned on.", "알림을 켤 수 없습니다."))
            data-unsupported=(lang.t("This browser cannot show notifications.", "이 브라우저는 알림을 보여 줄 수 없습니다.")) {
            summary { (lang.t("Tell me when it is my turn", "내 차례가 되면 알림 받기")) }
            p.small { (lang.t(
                "For tables played over hours or days: you are told once each time the turn comes to you.",
                "몇 시간이나 며칠에 걸쳐 하는 테이블을 위한 기능입니다. 차례가 올 때마다 한 번 알려 줍니다."
            )) }
            p {
                button #notify-push type="button" hidden { (lang.t("Notify me in this browser", "이 브라우저로 알림 받기")) }
                " "
                span #notify-status .small aria-live="polite" {
                    @if pushes > 0 { (lang.t("This seat has browser notifications on.", "이 자리는 브라우저 알림이 켜져 있습니다.")) }
                }
            }
            form.webhook method="post" action={"/play/" (id) "/notify/webhook"} {
                label for="notify-webhook" { (lang.t("Or a webhook (a Discord or Slack channel's URL)", "또는 웹훅 (디스코드나 슬랙 채널의 URL)")) }
                input #notify-webhook type="url" name="url" maxlength="2048" placeholder="https://discord.com/api/webhooks/…" value=(webhook);
                input type="hidden" name="lang" value=(lang.code());
                button type="submit" name="do" value="save" { (lang.t("Save", "저장")) }
                @if !webhook.is_empty() {
                    " " button type="submit" name="do" value="clear" { (lang.t("Remove", "지우기")) }
                }
            }
            script src=(assets::url("push.js")) defer {}
        }
    }
}

/// `POST /play/{id}/notify/push`: the browser's push subscription (JSON, from `push.js`).
pub(crate) async fn push(
    State(web): State<Web>,
    Path(id): Path<String>,
    headers: HeaderMap,
    peer: Peer,
    Json(subscription): Json<Value>,
) -> Response {
    if !cookies::valid_id(&id) {
        return (StatusCode::NOT_FOUND, Json(json!({"error": "not_found"}))).into_response();
    }
    let Some(seat) = cookies::seat(&headers, &id) else {
        return (StatusCode::FORBIDDEN, Json(json!({"error": "bad_token"}))).into_response();
    };
    let path = format!("/api/matches/{id}/notify/push");
    let reply = web.api.send(Method::PUT, &path, Some(&seat.token), Some(&subscription), peer).await;
    (reply.status, Json(if reply.ok() { json!({"ok": true}) } else { json!({"error": reply.code()}) })).into_response()
}

/// `POST /play/{id}/notify/webhook`: a form with `url` and `do` (`save` or `clear`).
pub(crate) async fn webhook(
    State(web): State<Web>,
    Path(id): Path<String>,
    headers: HeaderMap,
    peer: Peer,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let lang = Lang::of_request(&headers, None);
    if !cookies::valid_id(&id) {
        return layout::error_page(lang, StatusCode::NOT_FOUND, lang.t("No such table", "그런 테이블이 없습니다"), "");
    }
    let field = |name: &str| fields.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.trim().to_owned());
    let Some(seat) = cookies::seat(&headers, &id) else {
        return layout::error_page(
            lang,
            StatusCode::FORBIDDEN,
            lang.t("You are watching", "구경하는 중입니다"),
            lang.t(
                "Only a player at the table can be told of their turn.",
                "테이블의 플레이어만 차례 알림을 받을 수 있습니다.",
            ),
        );
    };
    let path = format!("/api/matches/{id}/notify/webhook");
    let url = field("url").unwrap_or_default();
    let reply = if field("do").as_deref() == Some("clear") || url.is_empty() {
        web.api.send(Method::DELETE, &path, Some(&seat.token), None, peer).await
    } else {
        let body = json!({ "url": url, "lang": lang.code() });
        web.api.send(Method::PUT, &path, Some(&seat.token), Some(&body), peer).await
    };
    if reply.ok() {
        return (StatusCode::SEE_OTHER, [(header::LOCATION, format!("/play/{id}#notify"))]).into_response();
    }
    let why = match reply.code() {
        "bad_url" => lang.t(
            "That address is not accepted: give an https URL of a public site (a Discord or Slack webhook).",
            "받아들일 수 없는 주소입니다. 공개 사이트의 https URL(디스코드나 슬랙 웹훅)을 넣으세요.",
        ),
        "too_many_changes" => lang.t("Too many changes for this table.", "이 테이블에서 너무 많이 바꿨습니다."),
        _ => lang.t("The webhook could not be saved: try again.", "웹훅을 저장할 수 없습니다. 다시 해 보세요."),
    };
    layout::error_page(lang, reply.status, lang.t("Not saved", "저장하지 못했습니다"), why)
}

/// The home page's "tables waiting for your move": every seat this browser holds whose match
/// is not over and has that seat to move.
pub(crate) async fn waiting_for_you(web: &Web, headers: &HeaderMap, lang: Lang, peer: Peer) -> Markup {
    let seats: Vec<(String, SeatCookie)> = cookies::seats(headers).into_iter().take(MAX_SEATS_LISTED).collect();
    let mut waiting = Vec::new();
    for (id, seat) in &seats {
        let info = web.api.get(&format!("/api/matches/{id}"), None, peer).await;
        if info.ok() && info.body["finished"] == json!(false) && info.body["to_move"] == json!(seat.seat) {
            waiting.push((id.clone(), info.body));
        }
    }
    if waiting.is_empty() {
        return html! {};
    }
    html! {
        section.panel.waiting aria-labelledby="waiting-h" {
            h2 #waiting-h { (lang.t("Tables waiting for your move", "내 차례를 기다리는 테이블")) }
            ul.match-list {
                @for (id, info) in &waiting {
                    @let game = game_name(info["game"].as_str().unwrap_or(""), lang);
                    @let moves = info["seq"].as_u64().unwrap_or(0);
                    li { a href={"/play/" (id)} { (game) " · " (tr!(lang, "{moves} moves", "{moves}수")) " · " (lang.t("your move", "내 차례")) } }
                }
            }
        }
    }
}

/// The move deadlines the setup page offers for a turn-based table, in hours.
const DEADLINES: [u32; 5] = [12, 24, 48, 72, 168];

/// The words for a deadline of `hours`.
fn deadline_words(lang: Lang, hours: u32) -> String {
    match (hours % 24, hours / 24) {
        (0, 1) => lang.t("1 day per move", "한 수에 하루").to_owned(),
        (0, 7) => lang.t("1 week per move", "한 수에 일주일").to_owned(),
        (0, days) => tr!(lang, "{days} days per move", "한 수에 {days}일"),
        _ => tr!(lang, "{hours} hours per move", "한 수에 {hours}시간"),
    }
}

/// The setup page's choice between a real-time and a turn-based table (field `pace`).
pub(crate) fn pace_fieldset(lang: Lang, submitted: Option<&str>) -> Markup {
    let current = submitted.unwrap_or("live");
    html! {
        fieldset.pace {
            legend { (lang.t("Pace", "진행 방식")) }
            div.option {
                label for="pace" { (lang.t("How fast to play", "얼마나 빨리 둘까요")) }
                select #pace name="pace" aria-describedby="pace-help" {
                    option value="live" selected[current == "live"] { (lang.t("Real time, all at the table (default)", "실시간, 모두 함께 (기본)")) }
                    @for hours in DEADLINES {
                        @let value = hours.to_string();
                        option value=(value) selected[current == value] {
                            (lang.t("Turn-based: ", "턴제: ")) (deadline_words(lang, hours))
                        }
                    }
                }
                p.help #pace-help { (lang.t(
                    "Turn-based tables are played over days: each player has the chosen time for each move, nobody is replaced for being away, and you can be notified when it is your turn. When a deadline passes, a bot plays that move.",
                    "턴제 테이블은 며칠에 걸쳐 합니다. 수마다 고른 시간이 주어지고, 자리를 비워도 봇이 대신하지 않으며, 내 차례가 되면 알림을 받을 수 있습니다. 시간이 지나면 그 수는 봇이 둡니다."
                )) }
            }
        }
    }
}

/// The `turn_based` table setting the setup form asked for (`pace` = hours), if any.
pub(crate) fn turn_based_setting(pace: Option<&str>) -> Option<Value> {
    let hours: u32 = pace?.parse().ok()?;
    DEADLINES.contains(&hours).then(|| json!({ "deadline_hours": hours, "on_timeout": "bot" }))
}
