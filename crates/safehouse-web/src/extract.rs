//! Path, query and form extractors for pages, whose refusals are pages.
//!
//! axum's own extractors answer a value they cannot read (`/replay/{id}?step=abc`, a seat that is
//! no number, a form without a field) with a line of English plain text. A person who edited an
//! address or sent an old form gets a page instead: in the request's language, with the
//! site's header and a way back, saying what could not be read. The status stays axum's (400,
//! 415 or 422 for the client's mistakes).
//! The routes only the pages' scripts call refuse with the API's JSON instead
//! (`safehouse_api::extract`).

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::Response;
use serde::de::DeserializeOwned;

use crate::i18n::Lang;
use crate::layout;

/// Path parameters (`axum::extract::Path`) refused with a page.
#[derive(Debug)]
pub(crate) struct PagePath<T>(pub(crate) T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for PagePath<T> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(PagePath(value)),
            Err(rejection) => Err(address_refused(parts, rejection.status(), &rejection.body_text())),
        }
    }
}

/// A query string (`axum::extract::Query`) refused with a page.
#[derive(Debug)]
pub(crate) struct PageQuery<T>(pub(crate) T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for PageQuery<T> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(PageQuery(value)),
            Err(rejection) => Err(address_refused(parts, rejection.status(), &rejection.body_text())),
        }
    }
}

/// A form body (`axum::extract::Form`) refused with a page.
#[derive(Debug)]
pub(crate) struct PageForm<T>(pub(crate) T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for PageForm<T> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        // The form consumes the request; its headers and address are kept for the page.
        let headers = request.headers().clone();
        let uri = request.uri().clone();
        match axum::extract::Form::<T>::from_request(request, state).await {
            Ok(axum::extract::Form(value)) => Ok(PageForm(value)),
            Err(rejection) => {
                Err(refused(&headers, &uri, Unreadable::Form, rejection.status(), &rejection.body_text()))
            }
        }
    }
}

/// What could not be read.
#[derive(Clone, Copy, Debug)]
enum Unreadable {
    /// The path or the query string.
    Address,
    /// A form's body.
    Form,
}

/// The language of a request that no handler read: its query's `lang`, read on its own (the rest
/// of the query may be what was refused), then as [`Lang::of_request`].
pub(crate) fn request_lang(headers: &HeaderMap, uri: &Uri) -> Lang {
    let pairs: Vec<(String, String)> = uri.query().and_then(|q| serde_urlencoded::from_str(q).ok()).unwrap_or_default();
    let asked = pairs.into_iter().find_map(|(key, value)| (key == "lang").then_some(value));
    Lang::of_request(headers, asked.as_deref())
}

/// The page for a path or query string that does not read.
fn address_refused(parts: &Parts, status: StatusCode, detail: &str) -> Response {
    refused(&parts.headers, &parts.uri, Unreadable::Address, status, detail)
}

/// The page for a request whose address or form could not be read. axum blames itself (a
/// server error) only for a route without the parameter its handler reads: then the page says
/// something went wrong and nothing about the request.
fn refused(headers: &HeaderMap, uri: &Uri, what: Unreadable, status: StatusCode, detail: &str) -> Response {
    let lang = request_lang(headers, uri);
    if status.is_client_error() {
        let title = match what {
            Unreadable::Address => lang.text("unreadable-address"),
            Unreadable::Form => lang.text("unreadable-form"),
        };
        layout::refusal_page(lang, status, title, lang.text("unreadable-why"), detail)
    } else {
        layout::error_page(lang, status, lang.text("something-went-wrong"), "")
    }
}

/// The page for a request the server's limits refused before any page read it
/// ([`crate::page_refused`]).
pub(crate) fn limit_refused(headers: &HeaderMap, uri: &Uri, status: StatusCode) -> Response {
    let lang = request_lang(headers, uri);
    let (title, why) = match status {
        StatusCode::PAYLOAD_TOO_LARGE => (lang.text("unreadable-form"), lang.text("form-too-large-why")),
        StatusCode::TOO_MANY_REQUESTS | StatusCode::SERVICE_UNAVAILABLE => {
            (lang.text("refused-busy"), lang.text("refused-busy-why"))
        }
        StatusCode::REQUEST_TIMEOUT => (lang.text("something-went-wrong"), lang.text("refused-slow-why")),
        _ => (lang.text("something-went-wrong"), ""),
    };
    layout::error_page(lang, status, title, why)
}

/// The page for an address this site does not have, in the request's language.
pub(crate) fn not_found(headers: &HeaderMap, uri: &Uri) -> Response {
    let lang = request_lang(headers, uri);
    layout::error_page(lang, StatusCode::NOT_FOUND, lang.text("no-such-page"), lang.text("no-such-page-why"))
}

/// The page for an address this site has, asked for with a method it does not take there (a
/// form's address opened as a page, say).
pub(crate) fn method_not_allowed(headers: &HeaderMap, uri: &Uri) -> Response {
    let lang = request_lang(headers, uri);
    layout::error_page(lang, StatusCode::METHOD_NOT_ALLOWED, lang.text("not-a-page"), lang.text("not-a-page-why"))
}
