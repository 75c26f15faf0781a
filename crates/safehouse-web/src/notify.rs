//! "Your turn" on the pages: the "notify me" panel of the table and of its waiting room (a
//! browser notification through Web Push, and a webhook URL for a Discord or Slack channel). The
//! home page's list of the tables waiting for this browser's move is in `yours`.
//!
//! - `POST /play/{id}/notify/push`: the script (`assets/push.js`) hands over the browser's push
//!   subscription; it goes to the API's `PUT /api/matches/{id}/notify/push` with the seat's token
//!   from its cookie (no script ever sees the token).
//! - `POST /play/{id}/notify/webhook`: a plain form (works without the script) that sets or
//!   clears the seat's webhook (`PUT`/`DELETE /api/matches/{id}/notify/webhook`).

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::{Markup, html};
use safehouse_api::OnTimeout;
use safehouse_api::notify::{NotifyLang, NotifyState, WebhookRequest};
use safehouse_api::settings::TurnBased;
use serde_json::{Value, json};

use crate::Web;
use crate::api::Peer;
use crate::assets;
use crate::cookies::{self, SeatCookie};
use crate::extract::{PageForm, PagePath};
use crate::i18n::Lang;
use crate::layout;
use safehouse_api::extract::{ApiJson, ApiPath, Refusal};

/// The notification panel of a table or its waiting room, for the seat this browser holds
/// (nothing for a spectator or once the match is over).
pub(crate) async fn panel(
    web: &Web,
    id: &str,
    seat: Option<&SeatCookie>,
    finished: bool,
    lang: Lang,
    peer: Peer,
) -> Markup {
    let Some(seat) = seat.filter(|_| !finished) else { return html! {} };
    let reply = web.api.get(&format!("/api/matches/{id}/notify"), Some(&seat.token), peer).await;
    let Some(state) = reply.read::<NotifyState>() else {
        return html! {};
    };
    let pushes = state.push.len();
    let webhook = state.webhook.as_deref().unwrap_or("");
    html! {
        details #notify .panel.notify data-match=(id) data-lang=(lang.code())
            data-working=(lang.text("asking-the-browser"))
            data-on=(lang.text("this-browser-will-tell-you"))
            data-denied=(lang.text("the-browser-does-not-allow"))
            data-failed=(lang.text("notifications-could-not-be-turned"))
            data-unsupported=(lang.text("this-browser-cannot-show-notifications")) {
            summary { (lang.text("tell-me-when-it-is")) }
            p.small { (lang.text("for-tables-played-over-hours")) }
            p {
                button #notify-push type="button" hidden { (lang.text("notify-me-in-this-browser")) }
                " "
                span #notify-status .small aria-live="polite" {
                    @if pushes > 0 { (lang.text("this-seat-has-browser-notifications")) }
                }
            }
            form.webhook method="post" action={"/play/" (id) "/notify/webhook"} {
                label for="notify-webhook" { (lang.text("or-a-webhook-a-discord")) }
                input #notify-webhook type="url" name="url" maxlength="2048" placeholder="https://discord.com/api/webhooks/…" value=(webhook);
                input type="hidden" name="lang" value=(lang.code());
                button type="submit" name="do" value="save" { (lang.text("save")) }
                @if !webhook.is_empty() {
                    " " button type="submit" name="do" value="clear" { (lang.text("remove-2")) }
                }
            }
            p.small { a href={"/play/" (id) "/device"} { (lang.text("device-play-on-another")) } " " (lang.text("device-why")) }
            script src=(assets::url("push.js")) defer {}
        }
    }
}

/// `POST /play/{id}/notify/push`: the browser's push subscription (JSON, from `push.js`).
pub(crate) async fn push(
    State(web): State<Web>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    peer: Peer,
    ApiJson(subscription): ApiJson<Value>,
) -> Response {
    if !cookies::valid_id(&id) {
        return Refusal::new(StatusCode::NOT_FOUND, "not_found", "no such match").into_response();
    }
    let Some(seat) = cookies::seat(&headers, &id) else {
        return Refusal::new(StatusCode::UNAUTHORIZED, "bad_token", "this browser holds no seat at this match")
            .into_response();
    };
    let path = format!("/api/matches/{id}/notify/push");
    let reply = web.api.send(Method::PUT, &path, Some(&seat.token), Some(&subscription), peer).await;
    if reply.ok() { Json(json!({"ok": true})).into_response() } else { reply.into_response() }
}

/// `POST /play/{id}/notify/webhook`: a form with `url` and `do` (`save` or `clear`).
pub(crate) async fn webhook(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    headers: HeaderMap,
    peer: Peer,
    PageForm(fields): PageForm<Vec<(String, String)>>,
) -> Response {
    let lang = Lang::of_request(&headers, None);
    if !cookies::valid_id(&id) {
        return layout::error_page(lang, StatusCode::NOT_FOUND, lang.text("no-such-table"), "");
    }
    let field = |name: &str| fields.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.trim().to_owned());
    let Some(seat) = cookies::seat(&headers, &id) else {
        return layout::error_page(
            lang,
            StatusCode::FORBIDDEN,
            lang.text("you-are-watching"),
            lang.text("only-a-player-at-the"),
        );
    };
    let path = format!("/api/matches/{id}/notify/webhook");
    let url = field("url").unwrap_or_default();
    let reply = if field("do").as_deref() == Some("clear") || url.is_empty() {
        web.api.send(Method::DELETE, &path, Some(&seat.token), None, peer).await
    } else {
        let body = WebhookRequest { url, lang: notify_lang(lang) };
        web.api.send_typed(Method::PUT, &path, Some(&seat.token), &body, peer).await
    };
    if reply.ok() {
        return (StatusCode::SEE_OTHER, [(header::LOCATION, format!("/play/{id}#notify"))]).into_response();
    }
    let why = match reply.code() {
        "bad_url" => lang.text("that-address-is-not-accepted"),
        "too_many_changes" => lang.text("too-many-changes-for-this"),
        _ => lang.text("the-webhook-could-not-be"),
    };
    layout::error_page(lang, reply.status, lang.text("not-saved"), why)
}

/// The move deadlines the setup page offers for a turn-based table, in hours.
const DEADLINES: [u32; 5] = [12, 24, 48, 72, 168];

/// The words for a deadline of `hours`.
fn deadline_words(lang: Lang, hours: u32) -> String {
    match (hours % 24, hours / 24) {
        (0, 1) => lang.text("one-day-per-move").to_owned(),
        (0, 7) => lang.text("one-week-per-move").to_owned(),
        (0, days) => tr!(lang, "days-per-move", days = days),
        _ => tr!(lang, "hours-per-move", hours = hours),
    }
}

/// The setup page's choice between a real-time and a turn-based table (field `pace`).
pub(crate) fn pace_fieldset(lang: Lang, submitted: Option<&str>) -> Markup {
    let current = submitted.unwrap_or("live");
    html! {
        fieldset.pace {
            legend { (lang.text("pace")) }
            div.option {
                label for="pace" { (lang.text("how-fast-to-play")) }
                select #pace name="pace" aria-describedby="pace-help" {
                    option value="live" selected[current == "live"] { (lang.text("real-time-all-at-the")) }
                    @for hours in DEADLINES {
                        @let value = hours.to_string();
                        option value=(value) selected[current == value] {
                            (lang.text("turn-based")) (deadline_words(lang, hours))
                        }
                    }
                }
                p.help #pace-help { (lang.text("turn-based-tables-are-played")) }
            }
        }
    }
}

/// The `turn_based` table setting the setup form asked for (`pace` = hours), if any.
pub(crate) fn turn_based_setting(pace: Option<&str>) -> Option<TurnBased> {
    let hours: u32 = pace?.parse().ok()?;
    DEADLINES.contains(&hours).then_some(TurnBased { deadline_hours: hours, on_timeout: OnTimeout::Bot })
}

/// The language of the notifications a page in `lang` asks for.
fn notify_lang(lang: Lang) -> NotifyLang {
    match lang {
        Lang::En => NotifyLang::En,
        Lang::Ko => NotifyLang::Ko,
        Lang::De => NotifyLang::De,
    }
}
