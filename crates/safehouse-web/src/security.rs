//! The browser table's defences against other sites and other origins, in one middleware
//! ([`guard`]) around every page, so that no page or form can forget them:
//!
//! - **Origin.** Every request that acts with the browser's cookies (any method but `GET` /
//!   `HEAD`, and every WebSocket upgrade) must come from this origin: its `Origin` header must
//!   be `scheme://host` of the request itself (or, without `Origin`, `Sec-Fetch-Site` must not
//!   name another site or origin). A page on another port of the same host is another origin,
//!   though the same *site* (so `SameSite=Lax` does not stop it).
//! - **CSRF token.** Every `<form method="post">` the pages send carries a hidden `csrf` field,
//!   and every form post must carry it back. The token is SHA-256 of a random session id kept in
//!   the HttpOnly cookie `shs` (set on the first page), so a page of another origin can neither
//!   read it nor compute it.
//! - **Secure cookies.** When the request came over HTTPS (as the server's trusted proxy says,
//!   [`Forwarded`]), every cookie set gets `Secure`.
//!
//! It also holds [`same_origin_path`], the only way a redirect target is taken from a request.

use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use crate::cookies;
use crate::extract::request_lang;
use crate::layout;

/// What the server in front of the pages knows about a request's transport (inserted into the
/// request's extensions by the table server, from a trusted proxy's `X-Forwarded-Proto`).
///
/// A handler takes it as an extractor: it is the extension, or plain HTTP without one. The
/// `X-Forwarded-Proto` header itself is never read here: anybody can send it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Forwarded {
    /// The browser used HTTPS.
    pub https: bool,
}

impl Forwarded {
    /// `scheme://host` of the request, for links to send to friends. The scheme is `https` only
    /// when one of the server's `trusted_proxies` said so: an `X-Forwarded-Proto` header from
    /// anybody else is not believed.
    pub(crate) fn origin(self, headers: &HeaderMap) -> String {
        own_origin(headers, self.https)
            .unwrap_or_else(|| format!("{}://127.0.0.1:8080", if self.https { "https" } else { "http" }))
    }
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Forwarded {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(parts.extensions.get::<Forwarded>().copied().unwrap_or_default())
    }
}

/// The cookie holding the browser's session id.
const SESSION_COOKIE: &str = "shs";

/// The form field carrying the token.
pub(crate) const CSRF_FIELD: &str = "csrf";

/// Largest form body read to check its token (the pages' forms are a few hundred bytes).
const MAX_FORM_BYTES: usize = 64 * 1024;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn new_session() -> Option<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).ok()?;
    Some(hex(&bytes))
}

fn valid_session(value: &str) -> bool {
    value.len() == 32 && value.chars().all(|c| c.is_ascii_hexdigit())
}

/// The CSRF token of a session.
pub(crate) fn csrf_token(session: &str) -> String {
    let digest = Sha256::digest(format!("safehouse-csrf/1\0{session}").as_bytes());
    hex(&digest[..16])
}

/// `back` if it is a path of this site: `/` then anything but a second `/` or `\`, in plain
/// visible ASCII (no spaces, tabs or line breaks a browser would drop, no backslashes it would
/// read as slashes). Anything else is refused, so a redirect can never lead to another site.
pub fn same_origin_path(back: &str) -> Option<&str> {
    let bytes = back.as_bytes();
    let plain = bytes.iter().all(|&b| b.is_ascii_graphic() && b != b'\\');
    let rooted = bytes.first() == Some(&b'/') && !matches!(bytes.get(1), Some(b'/' | b'\\'));
    (plain && rooted && back.len() <= 2048).then_some(back)
}

/// `scheme://host` of the request as the browser addressed it.
fn own_origin(headers: &HeaderMap, https: bool) -> Option<String> {
    let host = headers.get(header::HOST)?.to_str().ok()?;
    Some(format!("{}://{host}", if https { "https" } else { "http" }))
}

/// Whether the request comes from a page of this origin (or from no page at all).
///
/// `Origin: null` is what Chromium sends for a form post from a page whose referrer policy is
/// `no-referrer` (ours), and also what a sandboxed frame of any site sends: then the browser's
/// `Sec-Fetch-Site` decides, and without it the request is refused.
fn same_origin(headers: &HeaderMap, https: bool) -> bool {
    let fetch_site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    let fetch_site_ok = |site: &str| matches!(site, "same-origin" | "none");
    match headers.get(header::ORIGIN).map(|v| v.to_str().unwrap_or("")) {
        Some("null") => fetch_site.is_some_and(fetch_site_ok),
        Some(origin) => own_origin(headers, https).is_some_and(|own| own.eq_ignore_ascii_case(origin)),
        None => match fetch_site {
            Some(site) => fetch_site_ok(site),
            // No browser marks: not a page's request, so no browser's cookies ride on it.
            None => true,
        },
    }
}

fn is_websocket(request: &Request) -> bool {
    request
        .headers()
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"))
}

/// Why the guard refused a request.
#[derive(Clone, Copy, Debug)]
enum Refusal {
    /// It acted with the browser's cookies from another site or origin.
    OtherOrigin,
    /// A form post without its page's CSRF token (an old page, a lost cookie, or a forgery).
    ExpiredForm,
    /// A form larger than any of the pages' forms (`MAX_FORM_BYTES`).
    LargeForm,
    /// No session id could be drawn (the system's random source failed).
    NoSession,
}

/// A page in the request's language (the person whose old form was refused reads it; the page
/// is sent with `no-store`, as every page): `403` for another origin or an expired form, `413`
/// for a form too large, `503` when no session can be made.
fn refuse(request: &Request, why: Refusal) -> Response {
    refuse_in(request_lang(request.headers(), request.uri()), why)
}

fn refuse_in(lang: crate::Lang, why: Refusal) -> Response {
    let (status, title, message) = match why {
        Refusal::OtherOrigin => {
            (StatusCode::FORBIDDEN, lang.text("refused-other-origin"), lang.text("refused-other-origin-why"))
        }
        Refusal::ExpiredForm => {
            (StatusCode::FORBIDDEN, lang.text("refused-expired-form"), lang.text("refused-expired-form-why"))
        }
        Refusal::LargeForm => {
            (StatusCode::PAYLOAD_TOO_LARGE, lang.text("unreadable-form"), lang.text("form-too-large-why"))
        }
        Refusal::NoSession => (StatusCode::SERVICE_UNAVAILABLE, lang.text("something-went-wrong"), ""),
    };
    layout::error_page(lang, status, title, message)
}

/// The CSRF token of the browser that sent `headers` (the middleware makes sure a request it
/// lets through has a session, adding a fresh one to the request's cookies).
pub(crate) fn request_token(headers: &HeaderMap) -> Option<String> {
    cookies::get(headers, SESSION_COOKIE).filter(|s| valid_session(s)).map(|s| csrf_token(&s))
}

/// The middleware (see the module docs).
pub(crate) async fn guard(mut request: Request, next: Next) -> Response {
    let https = request.extensions().get::<Forwarded>().is_some_and(|f| f.https);
    let safe_method = matches!(*request.method(), Method::GET | Method::HEAD);
    if (!safe_method || is_websocket(&request)) && !same_origin(request.headers(), https) {
        return refuse(&request, Refusal::OtherOrigin);
    }
    let existing = cookies::get(request.headers(), SESSION_COOKIE).filter(|s| valid_session(s));
    let fresh = match existing {
        Some(_) => None,
        None => {
            let Some(session) = new_session() else {
                return refuse(&request, Refusal::NoSession);
            };
            // The handlers see the new session as if the browser had sent it.
            if let Ok(value) = HeaderValue::from_str(&format!("{SESSION_COOKIE}={session}")) {
                request.headers_mut().append(header::COOKIE, value);
            }
            Some(session)
        }
    };
    let token = request_token(request.headers());

    let is_form =
        request.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| {
            v.starts_with("application/x-www-form-urlencoded") || v.starts_with("multipart/form-data")
        });
    let request = if !safe_method && is_form {
        let (parts, body) = request.into_parts();
        // (A body that breaks off is answered the same way: nobody is left to read the page.)
        let Ok(bytes) = axum::body::to_bytes(body, MAX_FORM_BYTES).await else {
            return refuse_in(request_lang(&parts.headers, &parts.uri), Refusal::LargeForm);
        };
        let sent = form_field(&bytes, CSRF_FIELD);
        // A fresh session has no token yet: its first form post cannot be genuine.
        let request = Request::from_parts(parts, Body::from(bytes));
        if fresh.is_some() || token.is_none() || sent.as_deref() != token.as_deref() {
            return refuse(&request, Refusal::ExpiredForm);
        }
        request
    } else {
        request
    };

    let mut response = next.run(request).await;
    let html = is_html(&response);
    if let Some(token) = &token {
        response = with_token_in_forms(response, token).await;
    }
    // Only a page starts a session: its forms carry that session's token. (A browser's first
    // visit also fetches the page's assets at once; were each to set a session of its own, the
    // last to arrive would win and the page's token would not match it.)
    if let Some(session) = &fresh
        && html
    {
        response.headers_mut().append(header::SET_COOKIE, cookies::set(SESSION_COOKIE, session));
    }
    if https {
        secure_cookies(response.headers_mut());
    }
    response
}

/// The last value of field `name` of a URL-encoded form.
fn form_field(body: &[u8], name: &str) -> Option<String> {
    let pairs: Vec<(String, String)> = serde_urlencoded_pairs(body);
    pairs.into_iter().rev().find(|(k, _)| k == name).map(|(_, v)| v)
}

fn serde_urlencoded_pairs(body: &[u8]) -> Vec<(String, String)> {
    serde_urlencoded::from_bytes(body).unwrap_or_default()
}

fn is_html(response: &Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"))
}

/// Adds the hidden token field to every `<form method="post">` of an HTML answer.
async fn with_token_in_forms(response: Response, token: &str) -> Response {
    if !is_html(&response) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, 16 * 1024 * 1024).await else {
        return (StatusCode::INTERNAL_SERVER_ERROR, "the page could not be drawn").into_response();
    };
    let out = insert_token(&String::from_utf8_lossy(&bytes), token);
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(out))
}

/// `html` with the hidden token field first in every `<form method="post">` (the pages' HTML
/// comes from maud, which escapes `>` in attribute values, so a tag ends at its first `>`).
pub(crate) fn insert_token(html: &str, token: &str) -> String {
    let field = format!(r#"<input type="hidden" name="{CSRF_FIELD}" value="{token}">"#);
    let mut out = String::with_capacity(html.len() + 256);
    let mut rest = html;
    while let Some(start) = rest.find("<form") {
        let Some(end) = rest[start..].find('>') else { break };
        let tag = &rest[start..start + end + 1];
        out.push_str(&rest[..start + end + 1]);
        if tag.to_ascii_lowercase().contains(r#"method="post""#) {
            out.push_str(&field);
        }
        rest = &rest[start + end + 1..];
    }
    out.push_str(rest);
    out
}

/// Adds `Secure` to every cookie an HTTPS answer sets.
fn secure_cookies(headers: &mut HeaderMap) {
    let cookies: Vec<HeaderValue> = headers.get_all(header::SET_COOKIE).iter().cloned().collect();
    if cookies.is_empty() {
        return;
    }
    headers.remove(header::SET_COOKIE);
    for cookie in cookies {
        let text = cookie.to_str().unwrap_or("");
        let secured = if text.to_ascii_lowercase().contains("; secure") {
            cookie.clone()
        } else {
            HeaderValue::from_str(&format!("{text}; Secure")).unwrap_or(cookie.clone())
        };
        headers.append(header::SET_COOKIE, secured);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invite_links_are_https_only_when_a_trusted_proxy_says_so() {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, "tables.example".parse().expect("header"));
        headers.insert("x-forwarded-proto", "https".parse().expect("header"));
        // The header alone (anybody can send it) does not make the links https...
        assert_eq!(Forwarded::default().origin(&headers), "http://tables.example");
        // ...only the server's word does (from a trusted proxy's header: safehouse-server's
        // limits::resolve_client and its test).
        assert_eq!(Forwarded { https: true }.origin(&headers), "https://tables.example");
        headers.remove("x-forwarded-proto");
        assert_eq!(Forwarded { https: true }.origin(&headers), "https://tables.example");
    }

    #[tokio::test]
    async fn forwarded_is_the_servers_word_not_the_header() {
        use axum::extract::FromRequestParts;
        let request = || Request::builder().header("x-forwarded-proto", "https").body(Body::empty()).expect("request");
        let (mut parts, _) = request().into_parts();
        assert_eq!(Forwarded::from_request_parts(&mut parts, &()).await, Ok(Forwarded { https: false }));
        let (mut parts, _) = request().into_parts();
        parts.extensions.insert(Forwarded { https: true });
        assert_eq!(Forwarded::from_request_parts(&mut parts, &()).await, Ok(Forwarded { https: true }));
    }

    #[test]
    fn only_paths_of_this_site_are_redirect_targets() {
        for good in ["/", "/play/abc?watch=1", "/new/club-unlock", "/replay/x#end"] {
            assert_eq!(same_origin_path(good), Some(good));
        }
        for bad in [
            "//evil.example",
            "/\\evil.example",
            "/\t/evil.example",
            "https://evil.example",
            "",
            "evil",
            "/a b",
            "/\r\nX: y",
            "/é",
        ] {
            assert_eq!(same_origin_path(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn origins_must_match_the_host() {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
        assert!(same_origin(&headers, false), "no Origin: not a page's request");
        headers.insert(header::ORIGIN, HeaderValue::from_static("http://127.0.0.1:8080"));
        assert!(same_origin(&headers, false));
        assert!(!same_origin(&headers, true), "http is another origin than https");
        headers.insert(header::ORIGIN, HeaderValue::from_static("http://127.0.0.1:9999"));
        assert!(!same_origin(&headers, false), "another port is another origin");
        headers.remove(header::ORIGIN);
        headers.insert("sec-fetch-site", HeaderValue::from_static("same-site"));
        assert!(!same_origin(&headers, false));
        headers.insert(header::ORIGIN, HeaderValue::from_static("null"));
        assert!(!same_origin(&headers, false), "an opaque origin from another site");
        headers.insert("sec-fetch-site", HeaderValue::from_static("same-origin"));
        assert!(same_origin(&headers, false), "our own page under `no-referrer`");
        headers.remove("sec-fetch-site");
        assert!(!same_origin(&headers, false), "an opaque origin without the browser's word");
    }

    #[test]
    fn the_token_goes_into_post_forms_only() {
        let page =
            r#"<form method="get" action="/x"></form><form id="a" method="post" action="/y"><input name="k"></form>"#;
        assert_eq!(
            insert_token(page, "t0k"),
            r#"<form method="get" action="/x"></form><form id="a" method="post" action="/y"><input type="hidden" name="csrf" value="t0k"><input name="k"></form>"#
        );
        assert_ne!(csrf_token("a"), csrf_token("b"));
    }
}
