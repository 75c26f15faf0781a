//! The page shell shared by every page, the icons, and small shared pieces.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::{DOCTYPE, Markup, PreEscaped, html};

use crate::assets;
use crate::i18n::Lang;

/// What the shell needs to know about a page.
#[derive(Debug)]
pub(crate) struct Shell<'a> {
    pub(crate) lang: Lang,
    pub(crate) title: String,
    /// The page's path and query, for the language switch to come back to.
    pub(crate) path: &'a str,
    /// A class on `body` (the game's id on a table).
    pub(crate) body_class: &'a str,
}

/// Percent-encodes a path for a query value.
pub(crate) fn encode_query(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'/' | b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// A whole page.
pub(crate) fn page(shell: &Shell<'_>, main: Markup) -> Markup {
    let lang = shell.lang;
    let back = encode_query(shell.path);
    html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (shell.title) " · Safehouse" }
                link rel="icon" href=(assets::url("icon.svg")) type="image/svg+xml";
                link rel="stylesheet" href=(assets::url("app.css"));
                script src=(assets::url("app.js")) defer {}
            }
            body class=(shell.body_class) {
                a.skip href="#main" { (lang.text("skip-to-the-content")) }
                header.top {
                    a.brand href="/" {
                        (icon("safe", "")) span { "Safehouse" }
                    }
                    nav aria-label=(lang.text("site")) {
                        a href="/" { (lang.text("games")) }
                        @for (i, other) in lang.others().enumerate() {
                            a.lang-switch href=(format!("/lang/{}?back={back}", other.code())) lang=(other.code()) hreflang=(other.code())
                                title=(lang.text("switch-language")) {
                                @if i == 0 { (icon("globe", "")) " " } (other.name())
                            }
                        }
                    }
                }
                main #main tabindex="-1" { (main) }
                footer.foot {
                    p { a href="/openapi.json" { (lang.text("the-api")) } " · " a href="/api" { (lang.text("about-this-server")) } }
                    p { (lang.text("safehouse-rules-engines-and-an")) }
                }
                (sprite())
            }
        }
    }
}

/// An HTML response with the table's security headers. Pages hold a seat's private view, so
/// they are never cached.
pub(crate) fn respond(status: StatusCode, markup: Markup) -> Response {
    let mut response = (status, markup).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; \
             base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        ),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
}

/// A page saying something went wrong, with a way back.
pub(crate) fn error_page(lang: Lang, status: StatusCode, title: &str, message: &str) -> Response {
    refusal_page(lang, status, title, message, "")
}

/// [`error_page`] with a technical `detail` under the message (what exactly could not be read,
/// in the words of the code that read it, which are English), if there is one.
pub(crate) fn refusal_page(lang: Lang, status: StatusCode, title: &str, message: &str, detail: &str) -> Response {
    let shell = Shell { lang, title: title.to_owned(), path: "/", body_class: "error" };
    let main = html! {
        section.panel.narrow {
            h1 { (title) }
            p { (message) }
            // The detail is the reading code's own words, in English whatever the page's language:
            // labelled as such, and marked English for screen readers.
            @if !detail.is_empty() {
                p.small.refusal-detail { (lang.text("technical-detail")) ": " code lang="en" { (detail) } }
            }
            p { a.button href="/" { (lang.text("back-to-the-games")) } }
        }
    };
    respond(status, page(&shell, main))
}

/// An icon from the sprite. With a label it is announced; without, it is decoration.
pub(crate) fn icon(name: &str, label: &str) -> Markup {
    let href = format!("#i-{name}");
    html! {
        @if label.is_empty() {
            svg.icon aria-hidden="true" focusable="false" { use href=(href) {} }
        } @else {
            svg.icon role="img" aria-label=(label) focusable="false" { title { (label) } use href=(href) {} }
        }
    }
}

/// The icons, drawn for this project, as one hidden SVG sprite.
fn sprite() -> Markup {
    PreEscaped(
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="sprite" aria-hidden="true" focusable="false"><defs>
<symbol id="i-safe" viewBox="0 0 24 24"><rect x="2.5" y="3" width="19" height="16" rx="2.5" fill="currentColor"/><circle cx="12" cy="11" r="4.2" fill="none" stroke="#fff" stroke-width="1.6"/><circle cx="12" cy="11" r="1.2" fill="#fff"/><rect x="4.5" y="19" width="3" height="2" fill="currentColor"/><rect x="16.5" y="19" width="3" height="2" fill="currentColor"/></symbol>
<symbol id="i-key" viewBox="0 0 24 24"><circle cx="7" cy="12" r="4.5" fill="none" stroke="currentColor" stroke-width="2.4"/><path d="M11.5 12H22M18 12v4M21 12v3" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/></symbol>
<symbol id="i-lock" viewBox="0 0 24 24"><path d="M7 10V7a5 5 0 0 1 10 0v3" fill="none" stroke="currentColor" stroke-width="2.2"/><rect x="4" y="10" width="16" height="12" rx="2" fill="currentColor"/><circle cx="12" cy="15.5" r="1.8" fill="#fff"/></symbol>
<symbol id="i-bomb" viewBox="0 0 24 24"><circle cx="10" cy="14" r="7.5" fill="currentColor"/><path d="M15 8l2.5-2.5" stroke="currentColor" stroke-width="2.4"/><path d="M18 3.5l1 1.5M21 5l-1.5.8M20.5 2l-.7 1.6" stroke="#e8a317" stroke-width="1.5" stroke-linecap="round"/></symbol>
<symbol id="i-case" viewBox="0 0 24 24"><path d="M9 6V4.5h6V6" fill="none" stroke="currentColor" stroke-width="2"/><rect x="2.5" y="6" width="19" height="14" rx="2" fill="currentColor"/><rect x="2.5" y="11" width="19" height="1.6" fill="#fff" opacity=".55"/></symbol>
<symbol id="i-bot" viewBox="0 0 24 24"><rect x="4" y="7" width="16" height="13" rx="3" fill="currentColor"/><circle cx="9" cy="13" r="1.8" fill="#fff"/><circle cx="15" cy="13" r="1.8" fill="#fff"/><path d="M12 7V3.5" stroke="currentColor" stroke-width="2"/><circle cx="12" cy="3" r="1.5" fill="currentColor"/></symbol>
<symbol id="i-user" viewBox="0 0 24 24"><circle cx="12" cy="8" r="4.5" fill="currentColor"/><path d="M3.5 21a8.5 8.5 0 0 1 17 0z" fill="currentColor"/></symbol>
<symbol id="i-eye" viewBox="0 0 24 24"><path d="M1.5 12S5.5 5 12 5s10.5 7 10.5 7-4 7-10.5 7S1.5 12 1.5 12z" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="12" cy="12" r="3.2" fill="currentColor"/></symbol>
<symbol id="i-star" viewBox="0 0 24 24"><path d="M12 2l3 6.5 7 .8-5.2 4.8 1.4 7L12 17.6 5.8 21.1l1.4-7L2 9.3l7-.8z" fill="currentColor"/></symbol>
<symbol id="i-coin" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="currentColor"/><circle cx="12" cy="12" r="7.3" fill="none" stroke="#fff" stroke-width="1.3" opacity=".7"/></symbol>
<symbol id="i-globe" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" stroke-width="2"/><path d="M2.5 12h19M12 2.5c3 3.2 3 15.8 0 19M12 2.5c-3 3.2-3 15.8 0 19" fill="none" stroke="currentColor" stroke-width="1.6"/></symbol>
<symbol id="i-arrow-up" viewBox="0 0 24 24"><path d="M12 20V5M5 11l7-7 7 7" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></symbol>
<symbol id="i-arrow-down" viewBox="0 0 24 24"><path d="M12 4v15M5 13l7 7 7-7" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></symbol>
</defs></svg>"##
            .to_owned(),
    )
}
