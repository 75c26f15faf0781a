//! The players' rulebook on the web, rendered on the server (no browser): the setup page shows and
//! links to it, `/rules/{game}` is a page of its own, and the table's help shows it, each in the
//! page's language (English, Korean, German); the setup page and the rulebook name every option
//! by its label in the page's language and never by another language's.

use std::net::SocketAddr;

use safehouse_client::HttpClient;
use safehouse_engine::RULEBOOK_SECTIONS;
use safehouse_server::Config;
use serde_json::json;

/// The section headings of the rulebook in `lang`, as the page draws them (`<hN>heading</hN>`).
fn sections_drawn(html: &str, lang: &str, level: u8) -> Vec<String> {
    let (_, headings) = RULEBOOK_SECTIONS.iter().find(|(l, _)| *l == lang).expect("a language with sections");
    headings
        .iter()
        .filter(|heading| !html.contains(&format!("<h{level}>{heading}</h{level}>")))
        .map(|heading| (*heading).to_owned())
        .collect()
}

/// The options' labels in `lang` that the page does not show.
fn labels_missing(html: &str, docs: &[safehouse_engine::OptionDoc], lang: &str) -> Vec<String> {
    docs.iter().map(|d| d.label.in_language(lang).to_owned()).filter(|label| !html.contains(label.as_str())).collect()
}

/// The options' labels in any language but `lang` that the page shows.
fn other_labels_shown(html: &str, docs: &[safehouse_engine::OptionDoc], lang: &str) -> Vec<String> {
    LANGS
        .iter()
        .filter(|other| **other != lang)
        .flat_map(|other| docs.iter().map(|d| d.label.in_language(other).to_owned()))
        .filter(|label| html.contains(label.as_str()))
        .collect()
}

/// The languages of the table: the web's and the rulebooks'.
const LANGS: [&str; 3] = ["en", "ko", "de"];

#[test]
fn setup_page_rules_page_and_table_help_show_the_rulebook_in_the_pages_language() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    runtime.block_on(async {
        let dir = tempfile::tempdir().expect("a directory");
        let config = Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 0)),
            database_url: format!("sqlite://{}", dir.path().join("web.db").display()),
            idle_takeover_secs: 0,
            rate_per_sec: 10_000.0,
            rate_burst: 10_000.0,
            ..Config::default()
        };
        let server = safehouse_server::start(config).await.expect("the server starts");
        let http = HttpClient::new(server.addr());
        for game in safehouse_games::all() {
            let info = game.info();
            let id = info.id;
            let seats: Vec<_> = (0..info.default_players).map(|_| json!({"kind": "person"})).collect();
            let created = http.post("/api/matches", None, &json!({"game": id, "seats": seats})).await.expect("create");
            assert_eq!(created.status, 201, "{id}: {}", created.text);
            let match_id = created.body["id"].as_str().expect("a match id").to_owned();
            let docs = game.option_docs();
            for lang in LANGS {
                let others: Vec<&str> = LANGS
                    .iter()
                    .filter(|other| **other != lang)
                    .map(|other| info.rulebook(other).lines().nth(2).unwrap_or(""))
                    .collect();

                let setup = http.get(&format!("/new/{id}?lang={lang}"), None).await.expect("setup page");
                assert_eq!(setup.status, 200, "{id} {lang}");
                assert_eq!(sections_drawn(&setup.text, lang, 3), Vec::<String>::new(), "{id} {lang}: setup page");
                assert!(setup.text.contains(&format!("href=\"/rules/{id}?lang={lang}\"")), "{id} {lang}: no link");
                for other_title in &others {
                    assert!(!setup.text.contains(other_title), "{id} {lang}: another language's rulebook");
                }
                assert_eq!(labels_missing(&setup.text, &docs, lang), Vec::<String>::new(), "{id} {lang}: setup page");
                assert_eq!(
                    other_labels_shown(&setup.text, &docs, lang),
                    Vec::<String>::new(),
                    "{id} {lang}: setup page"
                );

                let page = http.get(&format!("/rules/{id}?lang={lang}"), None).await.expect("rules page");
                assert_eq!(page.status, 200, "{id} {lang}");
                assert_eq!(sections_drawn(&page.text, lang, 2), Vec::<String>::new(), "{id} {lang}: rules page");
                assert!(page.text.contains(&format!("<div class=\"markdown\" lang=\"{lang}\">")), "{id} {lang}");
                assert!(!page.text.contains("docs/rules") && !page.text.contains("Decisions"), "{id} {lang}");
                // The rulebook's options section names each option by the label the setup page shows.
                for label in docs.iter().map(|d| d.label.in_language(lang)) {
                    assert!(
                        page.text.contains(&format!("<strong>{label}")),
                        "{id} {lang}: the rules page lacks {label:?}"
                    );
                }
                assert_eq!(
                    other_labels_shown(&page.text, &docs, lang),
                    Vec::<String>::new(),
                    "{id} {lang}: rules page"
                );

                let table = http.get(&format!("/play/{match_id}?watch=1&lang={lang}"), None).await.expect("table");
                assert_eq!(table.status, 200, "{id} {lang}: {}", table.text);
                assert!(table.text.contains("id=\"rules-help\""), "{id} {lang}: the table has no help");
                assert_eq!(sections_drawn(&table.text, lang, 3), Vec::<String>::new(), "{id} {lang}: table help");
            }
        }
        let missing = http.get("/rules/chess", None).await.expect("a reply");
        assert_eq!(missing.status, 404);
        server.stop().await;
    });
}
