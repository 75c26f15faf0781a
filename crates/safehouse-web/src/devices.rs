//! A seat played from another device. There are no accounts: a seat is its token, kept in this
//! browser's seat cookie, so a person who plays over days (at a desk, then on the phone a "your
//! turn" notification woke) needs a way to carry the seat over.
//!
//! - `GET /play/{id}/device` (with the seat cookie): a link for the other device, with **Copy**
//!   and as a QR code. The link holds a one-time code (`POST /api/matches/{id}/device`), never
//!   the seat's token: it opens the seat once, within `device_link_secs` (10 minutes), so a
//!   screenshot, a code seen over a shoulder or the other browser's history opens nothing later.
//!   Each visit of the page makes a new code.
//! - `GET /seat/{id}?s=&c=`: the link, opened on the other device: which seat of which table it
//!   is for, and **Play here**. Nothing changes before that click, so a link preview or a
//!   prefetch spends no code; a browser that plays another seat of that table is told it lets
//!   go of it there.
//! - `POST /play/{id}/device/sign-out`: for a lost phone, or a link that reached the wrong
//!   person: the seat gets a new token, which only this browser keeps; every other device is
//!   signed out (a table open there says so and turns into watching) and older links stop
//!   working.
//! - `POST /seat/{id}`: hands the code in (`POST /api/matches/{id}/device/claim`), sets the seat
//!   cookie to the token it answers and goes to the table.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::{Markup, PreEscaped, html};
use safehouse_api::devices::{DeviceClaim, DeviceClaimed, DeviceLink, SignedOut};
use safehouse_api::matches::MatchInfo;
use serde::Deserialize;

use crate::Web;
use crate::api::Peer;
use crate::cookies;
use crate::extract::{PageForm, PagePath, PageQuery};
use crate::games::game_name;
use crate::i18n::{Lang, seat_number};
use crate::layout::{self, Shell};
use crate::security::Forwarded;

/// `?lang=&signed_out=` of the device page.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct LinkQuery {
    lang: Option<String>,
    /// Set after this browser signed out every other device (the page then says so).
    signed_out: Option<String>,
}

/// A link's code as the API makes it: 32 hex digits.
fn valid_code(code: &str) -> bool {
    code.len() == 32 && code.bytes().all(|b| b.is_ascii_hexdigit())
}

/// `link` as a QR code, an inline SVG a phone's camera reads off the screen (nothing if the
/// link is too long for one, which a seat's link never is).
fn qr_code(link: &str, label: &str) -> Markup {
    let Ok(code) = qrcode::QrCode::new(link.as_bytes()) else { return html! {} };
    let svg = code.render::<qrcode::render::svg::Color>().min_dimensions(200, 200).quiet_zone(true).build();
    // The renderer writes an XML prologue before the `<svg>`, which an HTML page does without.
    let svg = svg.find("<svg").map_or("", |start| &svg[start..]);
    html! { figure.qr role="img" aria-label=(label) { (PreEscaped(svg)) } }
}

/// `GET /play/{id}/device`: the link that opens this browser's seat on another device.
pub(crate) async fn link_page(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    PageQuery(query): PageQuery<LinkQuery>,
    headers: HeaderMap,
    forwarded: Forwarded,
    peer: Peer,
) -> Response {
    let lang = Lang::of_request(&headers, query.lang.as_deref());
    let signed_out = query.signed_out.is_some();
    let Some(held) = held_seat(&headers, &id) else { return go_home() };
    let made = web.api.post_empty(&format!("/api/matches/{id}/device"), Some(&held.token), peer).await;
    let own = ("too_many_links", lang.text("device-no-more-links"), lang.text("device-no-more-links-why"));
    if let Some(page) = refusal_page(lang, made.code(), own) {
        return page;
    }
    let Some(made) = made.read::<DeviceLink>().filter(|made| made.seat == held.seat) else {
        return no_seat_here(lang);
    };
    let link = format!("{}/seat/{id}?s={}&c={}", forwarded.origin(&headers), made.seat, made.code);
    let minutes = made.expires_in_secs.div_ceil(60);
    let main = html! {
        section.panel.narrow.device {
            h1 { (lang.text("device-play-on-another")) }
            @if signed_out { p.notice role="status" { (lang.text("device-signed-out")) } }
            p { (tr!(lang, "device-open-this-link", n = seat_number(held.seat))) }
            (qr_code(&link, lang.text("device-scan-it")))
            div.share {
                label for="device-link" { (lang.text("device-link")) }
                input.invite-link #device-link type="text" readonly value=(link);
                button.copy type="button" data-copy="device-link" { (lang.text("copy")) }
                p.help { (tr!(lang, "device-works-once", minutes = minutes)) }
            }
            p {
                a.button href={"/play/" (id) "/device"} { (lang.text("device-new-link")) }
                " "
                a.button href={"/play/" (id)} { (lang.text("go-to-the-table")) }
            }
        }
        section.panel.narrow.device.sign-out aria-labelledby="sign-out-h" {
            h2 #sign-out-h { (lang.text("device-sign-out-heading")) }
            p { (lang.text("device-sign-out-why")) }
            form method="post" action={"/play/" (id) "/device/sign-out"} {
                button.danger type="submit" { (lang.text("device-sign-out")) }
            }
        }
    };
    let path = format!("/play/{id}/device");
    let shell =
        Shell { lang, title: lang.text("device-play-on-another").to_owned(), path: &path, body_class: "device" };
    layout::respond(StatusCode::OK, layout::page(&shell, main))
}

/// `POST /play/{id}/device/sign-out`: every other device that plays this browser's seat is signed
/// out (`POST /api/matches/{id}/device/sign-out`); this browser keeps the seat under its new
/// token, and sees the device page again, saying so, with a link made with the new token.
pub(crate) async fn sign_out(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    headers: HeaderMap,
    peer: Peer,
) -> Response {
    let lang = Lang::of_request(&headers, None);
    let Some(held) = held_seat(&headers, &id) else { return go_home() };
    let signed = web.api.post_empty(&format!("/api/matches/{id}/device/sign-out"), Some(&held.token), peer).await;
    let own = ("too_many_sign_outs", lang.text("device-no-more-sign-outs"), lang.text("device-no-more-sign-outs-why"));
    if let Some(page) = refusal_page(lang, signed.code(), own) {
        return page;
    }
    let Some(signed) = signed.read::<SignedOut>().filter(|signed| signed.seat == held.seat) else {
        return no_seat_here(lang);
    };
    let location = format!("/play/{id}/device?signed_out=1");
    let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response();
    response.headers_mut().append(header::SET_COOKIE, cookies::seat_value(&id, signed.seat, &signed.token));
    response
}

/// `?s=&c=&lang=` of a seat's link.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct SeatQuery {
    s: Option<u8>,
    c: Option<String>,
    lang: Option<String>,
}

/// The page for the API's refusal `code` of a seat's request, if it is one with a page: too many
/// at once (the per-client rate), or the request's `own` limit (its error code, and its page's
/// title and words).
fn refusal_page(lang: Lang, code: &str, own: (&str, &str, &str)) -> Option<Response> {
    let (own_code, title, why) = own;
    match code {
        "rate_limited" => Some(too_many_links(lang)),
        _ if code == own_code => Some(layout::error_page(lang, StatusCode::TOO_MANY_REQUESTS, title, why)),
        _ => None,
    }
}

/// The seat this browser holds at table `id`, if any.
fn held_seat(headers: &HeaderMap, id: &str) -> Option<cookies::SeatCookie> {
    cookies::valid_id(id).then(|| cookies::seat(headers, id)).flatten()
}

/// Home, for a browser that holds no seat at the table.
fn go_home() -> Response {
    (StatusCode::SEE_OTHER, [(header::LOCATION, "/".to_owned())]).into_response()
}

/// The page for a browser whose seat cookie opens no seat here.
fn no_seat_here(lang: Lang) -> Response {
    layout::error_page(
        lang,
        StatusCode::NOT_FOUND,
        lang.text("device-no-seat-here"),
        lang.text("device-no-seat-here-why"),
    )
}

fn too_many_links(lang: Lang) -> Response {
    layout::error_page(
        lang,
        StatusCode::TOO_MANY_REQUESTS,
        lang.text("device-too-many-links"),
        lang.text("device-too-many-links-why"),
    )
}

fn bad_link(lang: Lang) -> Response {
    layout::error_page(
        lang,
        StatusCode::NOT_FOUND,
        lang.text("device-link-does-not-work"),
        lang.text("device-link-does-not-work-why"),
    )
}

/// `GET /seat/{id}?s=&c=`: the seat's link opened on another device, asking before it spends
/// the code.
pub(crate) async fn open_page(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    PageQuery(query): PageQuery<SeatQuery>,
    headers: HeaderMap,
    peer: Peer,
) -> Response {
    let lang = Lang::of_request(&headers, query.lang.as_deref());
    let (Some(seat), Some(code)) = (query.s, query.c.as_deref().filter(|c| valid_code(c))) else {
        return bad_link(lang);
    };
    if !cookies::valid_id(&id) {
        return bad_link(lang);
    }
    let info = web.api.get(&format!("/api/matches/{id}"), None, peer).await.read::<MatchInfo>();
    let game = match &info {
        Some(info) => game_name(&info.game, lang),
        // A waiting room's match has no facts to read yet.
        None => lang.text("device-a-table").to_owned(),
    };
    let held = cookies::seat(&headers, &id);
    let main = html! {
        section.panel.narrow.device {
            h1 { (lang.text("device-play-on-another")) }
            @if held.as_ref().is_some_and(|h| h.seat == seat) {
                p { (lang.text("device-already-here")) }
            } @else {
                p { (tr!(lang, "device-play-seat-here", n = seat_number(seat), game = &game)) }
                @if let Some(held) = held.as_ref().filter(|h| h.seat != seat) {
                    p.notice { (tr!(lang, "device-lets-go-of", held = seat_number(held.seat), n = seat_number(seat))) }
                }
                form method="post" action={"/seat/" (id)} {
                    input type="hidden" name="s" value=(seat);
                    input type="hidden" name="c" value=(code);
                    button.primary.big type="submit" { (lang.text("device-play-here")) }
                }
            }
            p { a.button href={"/play/" (id)} { (lang.text("go-to-the-table")) } }
        }
    };
    let path = format!("/seat/{id}?s={seat}&c={code}");
    let shell =
        Shell { lang, title: lang.text("device-play-on-another").to_owned(), path: &path, body_class: "device" };
    layout::respond(StatusCode::OK, layout::page(&shell, main))
}

/// Form of `POST /seat/{id}`.
#[derive(Debug, Deserialize)]
pub(crate) struct SeatForm {
    c: String,
}

/// `POST /seat/{id}`: this browser plays the seat from now on (the code spent for its token).
pub(crate) async fn take(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    headers: HeaderMap,
    peer: Peer,
    PageForm(form): PageForm<SeatForm>,
) -> Response {
    let lang = Lang::of_request(&headers, None);
    if !cookies::valid_id(&id) || !valid_code(&form.c) {
        return bad_link(lang);
    }
    let claim = DeviceClaim { code: form.c };
    let claimed = web.api.post_typed(&format!("/api/matches/{id}/device/claim"), None, &claim, peer).await;
    if claimed.code() == "rate_limited" {
        return too_many_links(lang);
    }
    let Some(claimed) = claimed.read::<DeviceClaimed>() else { return bad_link(lang) };
    let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, format!("/play/{id}"))]).into_response();
    response.headers_mut().append(header::SET_COOKIE, cookies::seat_value(&id, claimed.seat, &claimed.token));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_codes_of_the_apis_form_are_handed_in() {
        assert!(valid_code(&"ab".repeat(16)));
        assert!(!valid_code("abc"), "too short");
        assert!(!valid_code(&"g".repeat(32)), "not hex");
        assert!(!valid_code(&format!("{}&x=1", "a".repeat(28))));
    }

    #[test]
    fn the_qr_code_is_an_inline_svg_without_its_xml_prologue() {
        let link = format!("https://tables.example/seat/0123456789abcdef0123?s=3&c={}", "f".repeat(32));
        let drawn = qr_code(&link, "scan").into_string();
        assert!(drawn.starts_with(r#"<figure class="qr" role="img" aria-label="scan"><svg"#), "{drawn}");
        assert!(!drawn.contains("<?xml") && drawn.ends_with("</svg></figure>"), "{drawn}");
    }
}
