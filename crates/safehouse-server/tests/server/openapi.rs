//! The OpenAPI document (`/openapi.json`) is the one reviewed in `openapi.json` beside this
//! file, byte for byte: the Python and outside-bot clients are written against it, so a schema
//! that changes (a type moved to `safehouse-api` that lost a doc line or an attribute, a renamed
//! field) shows up as a diff to review. `SAFEHOUSE_UPDATE_GOLDEN=1` rewrites it after an
//! intended change.

const DOCUMENT: &str = include_str!("openapi.json");

#[test]
fn the_openapi_document_is_the_reviewed_one() {
    let served = safehouse_server::api::openapi_json();
    if std::env::var_os("SAFEHOUSE_UPDATE_GOLDEN").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/server/openapi.json");
        std::fs::write(path, &served).expect("writes the document");
        return;
    }
    if served != DOCUMENT {
        let line = served.lines().zip(DOCUMENT.lines()).position(|(a, b)| a != b).unwrap_or(0);
        let near = |text: &str| text.lines().skip(line.saturating_sub(3)).take(7).collect::<Vec<_>>().join("\n");
        panic!(
            "the OpenAPI document changed near line {}:\nserved:\n{}\nreviewed:\n{}",
            line + 1,
            near(&served),
            near(DOCUMENT)
        );
    }
}
