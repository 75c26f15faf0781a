//! A seat played from another device. There are no accounts: a seat is its token, kept in this
//! browser's seat cookie, so a person who plays over days (at a desk, then on the phone a "your
//! turn" notification woke) needs a way to carry the seat over.
//!
//! - `GET /play/{id}/device` (with the seat cookie): the seat's link for the other device, with
//!   **Copy**. It holds the seat's token, so it is on a page of its own that only the seat's
//!   browser opens; the table's pages never hold a token.
//! - `GET /seat/{id}?s=&t=`: the link, opened on the other device: which seat of which table it
//!   opens, and **Play here**. Nothing changes before that click, so a link preview or a
//!   prefetch takes nothing; a browser that plays another seat of that table is told it lets
//!   go of it there.
//! - `POST /seat/{id}`: sets the seat cookie and goes to the table. The token is checked with
//!   the API each time (`GET /api/matches/{id}/notify`, which answers for a started match and
//!   for a seat taken in a waiting room).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::{Markup, PreEscaped, html};
use safehouse_api::matches::MatchInfo;
use safehouse_api::notify::NotifyState;
use serde::Deserialize;

use crate::Web;
use crate::api::Peer;
use crate::cookies;
use crate::extract::{PageForm, PagePath, PageQuery};
use crate::games::game_name;
use crate::i18n::{Lang, seat_number};
use crate::layout::{self, Shell};
use crate::security::Forwarded;

/// `?lang=` of the device page.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct LangQuery {
    lang: Option<String>,
}

/// A seat's token as the cookies and the API write it: hex digits only.
fn valid_token(token: &str) -> bool {
    (16..=128).contains(&token.len()) && token.chars().all(|c| c.is_ascii_hexdigit())
}

/// The seat `token` opens at match `id`, if it opens one (asked of the API).
async fn seat_of(web: &Web, id: &str, token: &str, peer: Peer) -> Option<u8> {
    if !cookies::valid_id(id) || !valid_token(token) {
        return None;
    }
    let reply = web.api.get(&format!("/api/matches/{id}/notify"), Some(token), peer).await;
    reply.read::<NotifyState>().map(|state| state.seat)
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
    PageQuery(query): PageQuery<LangQuery>,
    headers: HeaderMap,
    forwarded: Forwarded,
    peer: Peer,
) -> Response {
    let lang = Lang::of_request(&headers, query.lang.as_deref());
    let held = cookies::valid_id(&id).then(|| cookies::seat(&headers, &id)).flatten();
    let Some(held) = held else {
        return (StatusCode::SEE_OTHER, [(header::LOCATION, "/".to_owned())]).into_response();
    };
    if seat_of(&web, &id, &held.token, peer).await != Some(held.seat) {
        return layout::error_page(
            lang,
            StatusCode::NOT_FOUND,
            lang.text("device-no-seat-here"),
            lang.text("device-no-seat-here-why"),
        );
    }
    let link = format!("{}/seat/{id}?s={}&t={}", forwarded.origin(&headers), held.seat, held.token);
    let main = html! {
        section.panel.narrow.device {
            h1 { (lang.text("device-play-on-another")) }
            p { (tr!(lang, "device-open-this-link", n = seat_number(held.seat))) }
            (qr_code(&link, lang.text("device-scan-it")))
            div.share {
                label for="device-link" { (lang.text("device-link")) }
                input.invite-link #device-link type="text" readonly value=(link);
                button.copy type="button" data-copy="device-link" { (lang.text("copy")) }
                p.help { (lang.text("device-keep-it-to-yourself")) }
            }
            p { a.button href={"/play/" (id)} { (lang.text("go-to-the-table")) } }
        }
    };
    let path = format!("/play/{id}/device");
    let shell =
        Shell { lang, title: lang.text("device-play-on-another").to_owned(), path: &path, body_class: "device" };
    layout::respond(StatusCode::OK, layout::page(&shell, main))
}

/// `?s=&t=&lang=` of a seat's link.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct SeatQuery {
    s: Option<u8>,
    t: Option<String>,
    lang: Option<String>,
}

fn bad_link(lang: Lang) -> Response {
    layout::error_page(
        lang,
        StatusCode::NOT_FOUND,
        lang.text("device-link-does-not-work"),
        lang.text("device-link-does-not-work-why"),
    )
}

/// `GET /seat/{id}?s=&t=`: the seat's link opened on another device, asking before it changes
/// anything.
pub(crate) async fn open_page(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    PageQuery(query): PageQuery<SeatQuery>,
    headers: HeaderMap,
    peer: Peer,
) -> Response {
    let lang = Lang::of_request(&headers, query.lang.as_deref());
    let (Some(seat), Some(token)) = (query.s, query.t.as_deref()) else { return bad_link(lang) };
    if seat_of(&web, &id, token, peer).await != Some(seat) {
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
            @if held.as_ref().is_some_and(|h| h.seat == seat && h.token == token) {
                p { (lang.text("device-already-here")) }
            } @else {
                p { (tr!(lang, "device-play-seat-here", n = seat_number(seat), game = &game)) }
                @if let Some(held) = held.as_ref().filter(|h| h.seat != seat) {
                    p.notice { (tr!(lang, "device-lets-go-of", held = seat_number(held.seat), n = seat_number(seat))) }
                }
                form method="post" action={"/seat/" (id)} {
                    input type="hidden" name="s" value=(seat);
                    input type="hidden" name="t" value=(token);
                    button.primary.big type="submit" { (lang.text("device-play-here")) }
                }
            }
            p { a.button href={"/play/" (id)} { (lang.text("go-to-the-table")) } }
        }
    };
    let path = format!("/seat/{id}?s={seat}&t={token}");
    let shell =
        Shell { lang, title: lang.text("device-play-on-another").to_owned(), path: &path, body_class: "device" };
    layout::respond(StatusCode::OK, layout::page(&shell, main))
}

/// Form of `POST /seat/{id}`.
#[derive(Debug, Deserialize)]
pub(crate) struct SeatForm {
    s: u8,
    t: String,
}

/// `POST /seat/{id}`: this browser plays the seat from now on.
pub(crate) async fn take(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    headers: HeaderMap,
    peer: Peer,
    PageForm(form): PageForm<SeatForm>,
) -> Response {
    let lang = Lang::of_request(&headers, None);
    if seat_of(&web, &id, &form.t, peer).await != Some(form.s) {
        return bad_link(lang);
    }
    let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, format!("/play/{id}"))]).into_response();
    response.headers_mut().append(header::SET_COOKIE, cookies::seat_value(&id, form.s, &form.t));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hex_tokens_of_a_sane_length_are_asked_about() {
        assert!(valid_token(&"ab".repeat(32)));
        assert!(!valid_token("abc"), "too short");
        assert!(!valid_token(&"g".repeat(64)), "not hex");
        assert!(!valid_token(&format!("{}&x=1", "a".repeat(64))));
    }

    #[test]
    fn the_qr_code_is_an_inline_svg_without_its_xml_prologue() {
        let link = format!("https://tables.example/seat/0123456789abcdef0123?s=3&t={}", "f".repeat(64));
        let drawn = qr_code(&link, "scan").into_string();
        assert!(drawn.starts_with(r#"<figure class="qr" role="img" aria-label="scan"><svg"#), "{drawn}");
        assert!(!drawn.contains("<?xml") && drawn.ends_with("</svg></figure>"), "{drawn}");
    }
}
