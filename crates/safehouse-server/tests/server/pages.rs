//! Addresses and forms the site cannot take, as a person's browser meets them: an address the
//! site does not have, a query or form that does not read, a form's address opened as a page, a
//! form posted from an old page. A browser (it accepts `text/html`) gets a page in its language;
//! API clients, and every `/api` address, keep the JSON errors of `docs/server.md`.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use crate::common::*;
use safehouse_client::HttpClient;
use serde_json::Value;

const LOCAL: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

/// A form's content type.
const FORM: &str = "application/x-www-form-urlencoded";

/// What a browser sends when it opens a page.
const BROWSER_ACCEPT: &str = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

struct Answer {
    status: u16,
    head: String,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim().eq_ignore_ascii_case(name).then(|| value.trim())
        })
    }

    fn is_page(&self, lang: &str) -> bool {
        self.header("content-type").is_some_and(|t| t.starts_with("text/html"))
            && self.body.contains(&format!("<html lang=\"{lang}\""))
    }

    fn error_code(&self) -> Option<String> {
        let body: Value = serde_json::from_str(&self.body).ok()?;
        body.pointer("/error/code").and_then(Value::as_str).map(str::to_owned)
    }
}

/// `method path` with `headers` (each `Name: value`) and an optional body with its content type.
async fn send(addr: SocketAddr, method: &str, path: &str, headers: &[String], body: Option<(&str, &str)>) -> Answer {
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for header in headers {
        request.push_str(header);
        request.push_str("\r\n");
    }
    if let Some((content_type, body)) = body {
        request.push_str(&format!("Content-Type: {content_type}\r\nContent-Length: {}\r\n", body.len()));
    }
    request.push_str("\r\n");
    request.push_str(body.map_or("", |(_, body)| body));
    let (status, text) = exchange(addr, LOCAL, &request).await;
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    Answer { status, head: head.to_owned(), body: body.to_owned() }
}

fn browser(lang: &str) -> Vec<String> {
    vec![format!("Accept: {BROWSER_ACCEPT}"), format!("Accept-Language: {lang};q=0.9,en;q=0.5")]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browsers_get_pages_in_their_language_and_api_clients_json() {
    let dir = tempfile::tempdir().expect("dir");
    let server = sqlite_server(dir.path()).await;
    let addr = server.addr();
    let http = HttpClient::new(addr);
    let created = create(&http, "club-unlock", &[true, true, true], None).await;
    let id = &created.id;

    // An address the site does not have.
    let page = send(addr, "GET", "/no/such/page", &browser("ko-KR"), None).await;
    assert_eq!(page.status, 404, "{}", page.body);
    assert!(page.is_page("ko") && page.body.contains("그런 페이지가 없습니다"), "{}", page.body);
    assert!(page.body.contains("href=\"/\""), "a way back: {}", page.body);
    let page = send(addr, "GET", "/lang/xx?back=/", &browser("de"), None).await;
    assert_eq!(page.status, 404, "a language the site does not speak: {}", page.body);
    assert!(page.is_page("de") && page.body.contains("Diese Seite gibt es nicht"), "{}", page.body);
    let json = send(addr, "GET", "/no/such/page", &["Accept: application/json".into()], None).await;
    assert_eq!((json.status, json.error_code().as_deref()), (404, Some("not_found")), "{}", json.body);
    let api = send(addr, "GET", "/api/no-such-endpoint", &browser("de"), None).await;
    assert_eq!((api.status, api.error_code().as_deref()), (404, Some("not_found")), "/api stays JSON: {}", api.body);

    // A query that does not read, in the language the address asks for.
    let page = send(addr, "GET", &format!("/replay/{id}?step=abc&lang=de"), &browser("ko"), None).await;
    assert_eq!(page.status, 400, "{}", page.body);
    assert!(page.is_page("de") && page.body.contains("Diese Adresse lässt sich nicht lesen"), "{}", page.body);
    assert!(page.body.contains("step"), "the page names what did not read: {}", page.body);
    assert!(page.body.contains("Technische Angabe: <code lang=\"en\">"), "labelled, marked English: {}", page.body);
    // A seat number past any table's (a `u8`), in English by default.
    let page = send(addr, "GET", &format!("/join/{id}?seat=300"), &[format!("Accept: {BROWSER_ACCEPT}")], None).await;
    assert_eq!(page.status, 400, "{}", page.body);
    assert!(page.is_page("en") && page.body.contains("This address could not be read"), "{}", page.body);

    // A form's address opened as a page; the same mistake from an API client.
    let page = send(addr, "GET", &format!("/play/{id}/act"), &browser("en"), None).await;
    assert_eq!(page.status, 405, "{}", page.body);
    assert!(page.is_page("en") && page.body.contains("Not a page to open"), "{}", page.body);
    assert!(page.header("allow").is_some_and(|allow| allow.contains("POST")), "{}", page.head);
    let json = send(addr, "DELETE", &format!("/api/matches/{id}"), &browser("en"), None).await;
    assert_eq!((json.status, json.error_code().as_deref()), (405, Some("method_not_allowed")), "{}", json.body);
    assert!(json.header("allow").is_some_and(|allow| allow.contains("GET")), "{}", json.head);

    // Forms: one from an old page (no session's token), one without a field it needs.
    let session = "0123456789abcdef0123456789abcdef";
    let mut headers = browser("de");
    headers.push(format!("Cookie: shs={session}"));
    headers.push(format!("Origin: http://{addr}"));
    let old = send(addr, "POST", &format!("/tables/{id}/take"), &headers, Some((FORM, "seat=0&csrf=stale"))).await;
    assert_eq!(old.status, 403, "{}", old.body);
    assert!(old.is_page("de") && old.body.contains("Dieses Formular ist abgelaufen"), "{}", old.body);
    let setup = send(addr, "GET", "/new/club-unlock", &headers, None).await;
    assert_eq!(setup.status, 200);
    let csrf = setup.body.split("name=\"csrf\" value=\"").nth(1).and_then(|t| t.split('"').next()).expect("a token");
    let form = format!("csrf={csrf}&name=Ada");
    let page = send(addr, "POST", &format!("/tables/{id}/take"), &headers, Some((FORM, &form))).await;
    assert_eq!(page.status, 422, "{}", page.body);
    assert!(page.is_page("de") && page.body.contains("Dieses Formular lässt sich nicht lesen"), "{}", page.body);
    assert!(page.body.contains("seat"), "the page names the missing field: {}", page.body);

    // The routes only the pages' scripts call answer what they cannot read as the API does:
    // JSON with the API's codes, never axum's plain text.
    let mut script = headers.clone();
    script.push("Accept: */*".into());
    let frag = format!("/play/{id}/frag");
    let cases = [
        (frag.as_str(), Some(("application/json", "{\"watch\": ")), 400, "malformed_json"),
        (frag.as_str(), Some(("application/json", "{\"watch\": \"yes\"}")), 400, "malformed_json"),
        (frag.as_str(), Some(("application/json", "[true, null]")), 400, "malformed_json"),
        (frag.as_str(), Some(("text/plain", "{}")), 415, "bad_content_type"),
        ("/play/not%20an%20id/frag", Some(("application/json", "{}")), 404, "not_found"),
        ("/play/%FF/frag", Some(("application/json", "{}")), 400, "bad_request"),
        (&format!("/play/{id}/notify/push"), Some(("application/json", "[1, 2")), 400, "malformed_json"),
    ];
    for (path, body, status, code) in cases {
        let answer = send(addr, "POST", path, &script, body).await;
        assert_eq!((answer.status, answer.error_code().as_deref()), (status, Some(code)), "{path}: {}", answer.body);
        assert!(answer.header("content-type").is_some_and(|t| t.starts_with("application/json")), "{}", answer.head);
    }
    let chat = send(addr, "GET", "/play/%FF/chat", &script, None).await;
    assert_eq!((chat.status, chat.error_code().as_deref()), (400, Some("bad_request")), "{}", chat.body);
    let room = send(addr, "GET", "/tables/nosuchtable/frag", &script, None).await;
    assert_eq!((room.status, room.error_code().as_deref()), (404, Some("not_found")), "{}", room.body);
    // A missing file: JSON for a page's script or style sheet, the 404 page for a person.
    let asset = send(addr, "GET", "/assets/no-such.css", &["Accept: text/css,*/*;q=0.1".into()], None).await;
    assert_eq!((asset.status, asset.error_code().as_deref()), (404, Some("not_found")), "{}", asset.body);
    let asset = send(addr, "GET", "/assets/no-such.css", &browser("de"), None).await;
    assert_eq!(asset.status, 404, "{}", asset.body);
    assert!(asset.is_page("de") && asset.body.contains("Diese Seite gibt es nicht"), "{}", asset.body);
    // A name that does not read is no file to a person; a script is told why.
    let asset = send(addr, "GET", "/assets/%FF", &browser("de"), None).await;
    assert_eq!(asset.status, 404, "{}", asset.body);
    assert!(asset.is_page("de") && asset.body.contains("Diese Seite gibt es nicht"), "{}", asset.body);
    let asset = send(addr, "GET", "/assets/%FF", &["Accept: text/css,*/*;q=0.1".into()], None).await;
    assert_eq!((asset.status, asset.error_code().as_deref()), (400, Some("bad_request")), "{}", asset.body);
}

/// The server's outer limits (request rate, body size) refuse a person's browser with a page in
/// its language, keeping the status and `Retry-After`; API clients keep the JSON.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_limits_refuse_a_browser_with_a_page() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let config = safehouse_server::Config { rate_per_sec: 0.01, rate_burst: 3.0, ..test_config(&url) };
    let server = safehouse_server::start(config).await.expect("start");
    let addr = server.addr();
    let mut statuses = Vec::new();
    for _ in 0..3 {
        statuses.push(send(addr, "GET", "/", &browser("ko"), None).await.status);
    }
    assert_eq!(statuses, [200, 200, 200], "the burst");
    let page = send(addr, "GET", "/", &browser("ko"), None).await;
    assert_eq!(page.status, 429, "{}", page.body);
    assert!(page.is_page("ko") && page.body.contains("요청이 한꺼번에 너무 많습니다"), "{}", page.body);
    assert!(page.header("retry-after").is_some_and(|s| s.parse::<u64>().is_ok_and(|s| s >= 1)), "{}", page.head);
    let json = send(addr, "GET", "/api/matches", &["Accept: application/json".into()], None).await;
    assert_eq!((json.status, json.error_code().as_deref()), (429, Some("rate_limited")), "{}", json.body);
    server.stop().await;

    // A form larger than the server reads at all (`max_body_bytes`, 64 KiB by default), and,
    // where the server reads more, larger than the pages read (their own 64 KiB).
    for max_body_bytes in [64 * 1024, 256 * 1024] {
        let dir = tempfile::tempdir().expect("dir");
        let url = format!("sqlite://{}", dir.path().join("t.db").display());
        let config = safehouse_server::Config { max_body_bytes, ..test_config(&url) };
        let server = safehouse_server::start(config).await.expect("start");
        let mut headers = browser("de");
        headers.push(format!("Origin: http://{}", server.addr()));
        let huge = format!("name={}", "a".repeat(70 * 1024));
        let page = send(server.addr(), "POST", "/tables/abc/take", &headers, Some((FORM, &huge))).await;
        assert_eq!(page.status, 413, "{max_body_bytes}: {}", page.body);
        assert!(page.is_page("de") && page.body.contains("Das Formular war größer"), "{}", page.body);
        server.stop().await;
    }
}
