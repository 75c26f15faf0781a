//! One storage test suite, run against both backends.
//!
//! PostgreSQL is found at `SAFEHOUSE_TEST_POSTGRES_URL` (default
//! `postgres://postgres@127.0.0.1:5432/test`); each test uses a schema of its own, dropped at the
//! end. Without a reachable server the PostgreSQL tests are skipped with a `SKIPPED` line on
//! the terminal (the runner still counts them as passed), except under CI (`CI=true`), where
//! they fail.

use std::sync::Arc;

use safehouse_store::{
    Append, AppendOutcome, Backend, BatchWriter, NewMatch, Notice, OpenOptions, PgStore, SeatClaim, SqliteStore, Store,
    StoreError, StoredAction,
};
use serde_json::json;

fn pg_url() -> String {
    std::env::var("SAFEHOUSE_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned())
}

fn unique(prefix: &str) -> String {
    let mut bytes = [0u8; 6];
    getrandom::fill(&mut bytes).expect("os random");
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("{prefix}_{hex}")
}

/// Opens a PostgreSQL store in a fresh schema, or `None` (skip) when no server answers outside CI.
async fn pg_store() -> Option<PgStore> {
    let options = OpenOptions { schema: Some(unique("sh_store_test")), max_connections: Some(4) };
    match tokio::time::timeout(std::time::Duration::from_secs(10), PgStore::open(&pg_url(), &options)).await {
        Ok(Ok(store)) => Some(store),
        outcome => {
            let why = match outcome {
                Ok(Err(e)) => e.to_string(),
                Err(_) => "timed out".to_owned(),
                Ok(Ok(_)) => unreachable!(),
            };
            if std::env::var("CI").is_ok_and(|v| v == "true" || v == "1") {
                panic!("PostgreSQL at {} is required under CI: {why}", pg_url());
            }
            say_skipped(&why);
            None
        }
    }
}

/// Says on the terminal that the running test is skipped. `eprintln!` would not do: the test
/// runner captures it and throws a passing test's output away, leaving a silent "ok"; writing
/// to the process's stderr handle is not captured. The runner names each test's thread.
fn say_skipped(why: &str) {
    use std::io::Write as _;
    let test = std::thread::current().name().unwrap_or("a PostgreSQL test").to_owned();
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: PostgreSQL at {} is not reachable ({why})", pg_url());
}

async fn sqlite_store() -> (tempfile::TempDir, SqliteStore) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = SqliteStore::open(dir.path().join("test.db"), &OpenOptions::default()).await.expect("open sqlite");
    (dir, store)
}

fn header(id: &str) -> NewMatch {
    NewMatch {
        id: id.to_owned(),
        game: "club-unlock".to_owned(),
        players: 3,
        options: json!({"a": 1, "b": [true, null]}),
        seed: u64::MAX - 5,
        deal: None,
        seats: json!([{"kind": "person"}, {"kind": "bot", "difficulty": "easy"}, {"kind": "person"}]),
        created_at_ms: 1_700_000_000_000,
        settings: json!({"visibility": "public", "clock": {"bank_s": 180}}),
    }
}

fn action(seq: u64, seat: u8) -> StoredAction {
    StoredAction {
        seq,
        seat,
        action: json!({"kind": "draw", "n": seq}),
        actor: "person".into(),
        at_ms: 1_700_000_000_000 + seq as i64,
    }
}

fn append(id: &str, seq: u64, seat: u8) -> Append {
    Append { match_id: id.to_owned(), action: action(seq, seat), finish: None }
}

/// The suite: every behaviour the server relies on.
async fn suite(store: Arc<dyn Store>) {
    // Create and read back.
    let mut h = header("m1");
    h.deal = Some(json!({"hands": [[1, 2], [3]]}));
    store.create_match(&h).await.expect("create");
    assert!(matches!(store.create_match(&h).await, Err(StoreError::Duplicate(_))), "duplicate ids are refused");
    store.create_match(&header("m2")).await.expect("create m2");
    let loaded = store.load_match("m1").await.expect("load").expect("exists");
    assert_eq!(loaded.header, h, "header round-trips, including a u64 seed above i64::MAX");
    assert!(!loaded.finished && loaded.actions.is_empty() && loaded.seats.is_empty() && loaded.outcome.is_none());
    assert!(store.load_match("nope").await.expect("load").is_none());

    // Appends: in order, one batch may hold several matches.
    let out = store.append(&[append("m1", 1, 0), append("m2", 1, 0)]).await.expect("append");
    assert_eq!(out, vec![AppendOutcome::Stored, AppendOutcome::Stored]);
    assert_eq!(store.append(&[append("m1", 2, 1)]).await.expect("append"), vec![AppendOutcome::Stored]);
    // The same sequence number again (another node, or a replayed action) is a conflict...
    assert_eq!(store.append(&[append("m1", 2, 2)]).await.expect("append"), vec![AppendOutcome::Conflict]);
    // ...so is a gap, and an unknown match; a conflict does not spoil the rest of the batch.
    let out = store.append(&[append("m1", 5, 0), append("ghost", 1, 0), append("m2", 2, 1)]).await.expect("append");
    assert_eq!(out, vec![AppendOutcome::Conflict, AppendOutcome::Conflict, AppendOutcome::Stored]);
    let actions = store.actions_since("m1", 0).await.expect("actions");
    assert_eq!(actions, vec![action(1, 0), action(2, 1)], "exactly the stored actions, first writer wins");
    assert_eq!(store.actions_since("m1", 1).await.expect("since"), vec![action(2, 1)]);
    assert!(store.actions_since("m1", 2).await.expect("since").is_empty());

    // Seats: claimed once.
    let claim =
        SeatClaim { seat: 0, token_hash: "ab".repeat(32), name: Some("Ann".into()), joined_at_ms: 5, away: false };
    assert!(store.claim_seat("m1", &claim).await.expect("claim"));
    let other = SeatClaim { token_hash: "cd".repeat(32), ..claim.clone() };
    assert!(!store.claim_seat("m1", &other).await.expect("claim again"), "a seat is claimed once");
    store.set_away("m1", 0, true).await.expect("away");
    let seats = store.seat_claims("m1").await.expect("seats");
    assert_eq!(seats, vec![SeatClaim { away: true, ..claim.clone() }]);
    store.set_away("m1", 0, false).await.expect("back");
    assert!(!store.seat_claims("m1").await.expect("seats")[0].away);
    // A seat's token is replaced only from the hash it holds: of two devices replacing it at
    // once, one wins; an unclaimed seat has nothing to replace.
    let new_hash = "ef".repeat(32);
    assert!(!store.replace_seat_token("m1", 0, &other.token_hash, &new_hash).await.expect("replace"), "not its hash");
    assert!(store.replace_seat_token("m1", 0, &claim.token_hash, &new_hash).await.expect("replace"));
    assert!(!store.replace_seat_token("m1", 0, &claim.token_hash, &other.token_hash).await.expect("again"));
    assert!(!store.replace_seat_token("m1", 1, &claim.token_hash, &new_hash).await.expect("unclaimed"));
    assert_eq!(
        store.seat_claims("m1").await.expect("seats"),
        vec![SeatClaim { token_hash: new_hash.clone(), ..claim.clone() }]
    );
    store.replace_seat_token("m1", 0, &new_hash, &claim.token_hash).await.expect("back to the first");

    // Listing and counts.
    assert_eq!(store.count_live().await.expect("count"), 2);
    assert_eq!(store.live_match_ids().await.expect("ids"), vec!["m1".to_owned(), "m2".to_owned()]);
    let listed = store.list_matches(10, false).await.expect("list");
    assert_eq!(listed.len(), 2);
    assert_eq!(listed.iter().find(|m| m.id == "m1").map(|m| m.actions), Some(2));

    // Finishing: the last action carries the outcome; nothing may follow.
    let last = Append { finish: Some(json!({"winners": [1]})), ..append("m1", 3, 2) };
    assert_eq!(store.append(&[last]).await.expect("finish"), vec![AppendOutcome::Stored]);
    assert_eq!(store.append(&[append("m1", 4, 0)]).await.expect("after end"), vec![AppendOutcome::Conflict]);
    let done = store.load_match("m1").await.expect("load").expect("exists");
    assert!(done.finished);
    assert_eq!(done.outcome, Some(json!({"winners": [1]})));
    assert_eq!(done.actions.len(), 3);
    assert_eq!(store.count_live().await.expect("count"), 1);
    assert_eq!(store.live_match_ids().await.expect("ids"), vec!["m2".to_owned()]);
    assert_eq!(store.list_matches(10, true).await.expect("list").len(), 1);

    // Group commit: many concurrent appends, each answered after its batch is stored.
    let writer = BatchWriter::spawn(store.clone(), 64);
    let mut tasks = Vec::new();
    for m in 0..40 {
        let id = format!("g{m}");
        store.create_match(&header(&id)).await.expect("create");
        let writer = writer.clone();
        tasks.push(tokio::spawn(async move {
            for seq in 1..=10 {
                assert_eq!(writer.append(append(&id, seq, 0)).await.expect("append"), AppendOutcome::Stored);
            }
            // A stale sequence number is refused through the writer too.
            assert_eq!(writer.append(append(&id, 3, 0)).await.expect("append"), AppendOutcome::Conflict);
        }));
    }
    for task in tasks {
        task.await.expect("task");
    }
    for m in 0..40 {
        assert_eq!(store.actions_since(&format!("g{m}"), 0).await.expect("actions").len(), 10);
    }
    table_log(store.as_ref()).await;
    store.ping().await.expect("ping");
}

/// The table log, seat release, closing without an outcome, and the lobby list.
async fn table_log(store: &dyn Store) {
    store.create_match(&header("t1")).await.expect("create");
    store.create_match(&header("t2")).await.expect("create");
    let unknown = store.append_table_event("ghost", "chat", &json!({}), 1).await;
    assert!(matches!(unknown, Err(StoreError::Unknown(_))), "{unknown:?}");
    assert_eq!(store.append_table_event("t1", "seat", &json!({"seat": 0}), 10).await.expect("event"), 1);
    assert_eq!(store.append_table_event("t2", "chat", &json!({"text": "hi"}), 11).await.expect("event"), 1);
    assert_eq!(store.append_table_event("t1", "chat", &json!({"text": "<b>"}), 12).await.expect("event"), 2);
    let events = store.table_events("t1", 0).await.expect("events");
    let kinds: Vec<(u64, &str, i64)> = events.iter().map(|e| (e.n, e.kind.as_str(), e.at_ms)).collect();
    assert_eq!(kinds, vec![(1, "seat", 10), (2, "chat", 12)], "numbered per match, in order");
    assert_eq!(events[1].data, json!({"text": "<b>"}));
    assert_eq!(store.table_events("t1", 1).await.expect("events"), events[1..].to_vec());
    let loaded = store.load_match("t1").await.expect("load").expect("exists");
    assert_eq!(loaded.table_events, events, "a loaded match carries its table log");
    assert_eq!(loaded.header.settings, header("t1").settings, "settings round-trip");

    // Many appends at once: every number used once, none lost.
    let data: Vec<serde_json::Value> = (0..20).map(|i| json!({"i": i})).collect();
    let appends = data.iter().map(|d| store.append_table_event("t2", "chat", d, 20));
    let numbers: std::collections::BTreeSet<u64> =
        futures_util::future::join_all(appends).await.into_iter().map(|n| n.expect("event")).collect();
    assert_eq!(numbers, (2..=21).collect(), "concurrent appends get distinct consecutive numbers");

    // A cap on one kind of event (a table's chat lines): the other kinds are not counted, and
    // appends at once stop at the cap exactly.
    store.create_match(&header("t3")).await.expect("create");
    let line = json!({"text": "hi"});
    let within = |kind: &'static str| store.append_table_event_within("t3", kind, &line, 30, 7);
    assert_eq!(within("seat").await.expect("event"), Some(1));
    let racing: Vec<_> = (0..12).map(|_| within("chat")).collect();
    let stored: Vec<u64> =
        futures_util::future::join_all(racing).await.into_iter().filter_map(|n| n.expect("event")).collect();
    assert_eq!(stored.len(), 7, "seven of twelve appends at once fit under a cap of seven: {stored:?}");
    assert_eq!(within("chat").await.expect("event"), None, "a full kind refuses");
    assert_eq!(within("seat").await.expect("event"), Some(9), "another kind is not counted");
    let chat = store.table_events("t3", 0).await.expect("events").into_iter().filter(|e| e.kind == "chat").count();
    assert_eq!(chat, 7);
    let unknown = store.append_table_event_within("ghost", "chat", &json!({}), 1, 7).await;
    assert!(matches!(unknown, Err(StoreError::Unknown(_))), "{unknown:?}");

    // Seats can be given up (a waiting room), and claimed again.
    let claim = SeatClaim { seat: 1, token_hash: "12".repeat(32), name: None, joined_at_ms: 5, away: false };
    assert!(!store.release_seat("t1", 1).await.expect("release"), "an empty seat is not released");
    assert!(store.claim_seat("t1", &claim).await.expect("claim"));
    assert!(store.release_seat("t1", 1).await.expect("release"));
    assert!(store.seat_claims("t1").await.expect("seats").is_empty());
    assert!(store.claim_seat("t1", &claim).await.expect("claim again"), "a released seat can be taken again");

    // The lobby list: set, replaced, newest first, removed.
    store.set_listing("t1", Some(&json!({"free": 2})), 100).await.expect("list");
    store.set_listing("t2", Some(&json!({"free": 1})), 200).await.expect("list");
    store.set_listing("t1", Some(&json!({"free": 1})), 300).await.expect("relist");
    store.set_listing("ghost", Some(&json!({})), 400).await.expect("an unknown match is not listed");
    let listed: Vec<(String, serde_json::Value)> =
        store.listings(10).await.expect("listings").into_iter().map(|l| (l.match_id, l.listing)).collect();
    assert_eq!(listed, vec![("t1".into(), json!({"free": 1})), ("t2".into(), json!({"free": 1}))]);
    assert_eq!(store.listings(1).await.expect("listings").len(), 1, "the limit holds");
    store.set_listing("t2", None, 500).await.expect("unlist");
    assert_eq!(store.listings(10).await.expect("listings").len(), 1);

    // Closing ends a match once, without a game outcome, and takes it off the list.
    assert!(store.close_match("t1", &json!({"expired": true}), 600).await.expect("close"));
    assert!(!store.close_match("t1", &json!({"again": true}), 700).await.expect("close"), "closed once");
    assert!(!store.close_match("ghost", &json!({}), 700).await.expect("close unknown"));
    let closed = store.load_match("t1").await.expect("load").expect("exists");
    assert!(closed.finished);
    assert_eq!(closed.outcome, Some(json!({"expired": true})));
    assert!(store.listings(10).await.expect("listings").is_empty());
    store.set_listing("t1", Some(&json!({})), 800).await.expect("list closed");
    assert!(store.listings(10).await.expect("listings").is_empty(), "an ended match is not listed");
    assert_eq!(store.append(&[append("t1", 1, 0)]).await.expect("append"), vec![AppendOutcome::Conflict]);
}

#[tokio::test]
async fn sqlite_suite() {
    let (_dir, store) = sqlite_store().await;
    assert_eq!(store.backend(), Backend::Sqlite);
    suite(Arc::new(store)).await;
}

#[tokio::test]
async fn postgres_suite() {
    let Some(store) = pg_store().await else { return };
    assert_eq!(store.backend(), Backend::Postgres);
    let schema = store.schema().to_owned();
    suite(Arc::new(store)).await;
    // A fresh pool drops the schema. The suite's group-commit writer now runs on this test's
    // runtime (`BatchWriter::spawn`), but once had one of its own that shut down, and a
    // connection the pool opened there could no longer do I/O ("A Tokio 1.x context was found,
    // but it is being shutdown", seen once in CI); a pool of its own does not depend on that.
    let options = OpenOptions { schema: Some(schema), max_connections: Some(1) };
    let cleanup = PgStore::open(&pg_url(), &options).await.expect("reopen");
    cleanup.drop_schema().await.expect("drop schema");
}

#[tokio::test]
async fn sqlite_survives_reopen() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("reopen.db");
    {
        let store = SqliteStore::open(&path, &OpenOptions::default()).await.expect("open");
        store.create_match(&header("r1")).await.expect("create");
        store.append(&[append("r1", 1, 0)]).await.expect("append");
    }
    let store =
        safehouse_store::open(&format!("sqlite://{}", path.display()), &OpenOptions::default()).await.expect("reopen");
    assert_eq!(store.backend(), Backend::Sqlite);
    let loaded = store.load_match("r1").await.expect("load").expect("exists");
    assert_eq!(loaded.actions, vec![action(1, 0)]);
}

/// A database made by the first release (schema version 1, no settings, no table log) opens, is
/// migrated, keeps its matches, and reads their settings back as `{}`.
#[tokio::test]
async fn sqlite_version_1_database_is_migrated() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("v1.db");
    {
        use sqlx::ConnectOptions;
        let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(&path)
            .create_if_missing(true)
            .connect()
            .await
            .expect("raw sqlite");
        // The version-1 tables exactly as the first release created them.
        for statement in V1_SCHEMA {
            sqlx::query(*statement).execute(&mut conn).await.expect("v1 schema");
        }
        sqlx::query(
            "INSERT INTO sh_matches (id, game, players, options, seed, deal, seats, created_at, updated_at)
             VALUES ('old', 'club-unlock', 3, '{}', 7, NULL, '[]', 1, 1)",
        )
        .execute(&mut conn)
        .await
        .expect("old match");
    }
    let store = SqliteStore::open(&path, &OpenOptions::default()).await.expect("open migrates");
    let old = store.load_match("old").await.expect("load").expect("kept");
    assert_eq!(old.header.settings, json!({}));
    assert!(old.table_events.is_empty());
    assert_eq!(store.append_table_event("old", "chat", &json!({}), 2).await.expect("event"), 1);
    drop(store);
    // Opening again runs nothing twice.
    let store = SqliteStore::open(&path, &OpenOptions::default()).await.expect("reopen");
    assert_eq!(store.table_events("old", 0).await.expect("events").len(), 1);
}

const V1_SCHEMA: &[&str] = &[
    "CREATE TABLE sh_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE sh_matches (id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL, options TEXT NOT NULL,
        seed BIGINT NOT NULL, deal TEXT, seats TEXT NOT NULL, created_at BIGINT NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0, outcome TEXT, last_seq BIGINT NOT NULL DEFAULT 0, updated_at BIGINT NOT NULL)",
    "CREATE TABLE sh_actions (match_id TEXT NOT NULL REFERENCES sh_matches (id), seq BIGINT NOT NULL, seat INTEGER NOT NULL,
        action TEXT NOT NULL, actor TEXT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (match_id, seq))",
    "CREATE TABLE sh_seats (match_id TEXT NOT NULL REFERENCES sh_matches (id), seat INTEGER NOT NULL,
        token_hash TEXT NOT NULL, name TEXT, joined_at BIGINT NOT NULL, away INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (match_id, seat))",
    "INSERT INTO sh_meta (key, value) VALUES ('schema_version', '1')",
];

/// Two nodes append to one table log at once: every event gets its own number, and each node
/// hears the other's.
#[tokio::test]
async fn postgres_two_nodes_share_the_table_log() {
    let Some(a) = pg_store().await else { return };
    let options = OpenOptions { schema: Some(a.schema().to_owned()), max_connections: Some(4) };
    let b = PgStore::open(&pg_url(), &options).await.expect("second node");
    let mut heard_by_b = b.listen().await.expect("listen").expect("postgres listens");
    a.create_match(&header("tl")).await.expect("create");
    let data_a: Vec<serde_json::Value> = (0..10).map(|i| json!({"node": "a", "i": i})).collect();
    let data_b: Vec<serde_json::Value> = (0..10).map(|i| json!({"node": "b", "i": i})).collect();
    let from_a = data_a.iter().map(|d| a.append_table_event("tl", "chat", d, 1));
    let from_b = data_b.iter().map(|d| b.append_table_event("tl", "chat", d, 1));
    let (na, nb) = tokio::join!(futures_util::future::join_all(from_a), futures_util::future::join_all(from_b));
    let na: Vec<u64> = na.into_iter().map(|n| n.expect("a")).collect();
    let all: std::collections::BTreeSet<u64> =
        na.iter().copied().chain(nb.into_iter().map(|n| n.expect("b"))).collect();
    assert_eq!(all, (1..=20).collect(), "twenty events, twenty numbers");
    assert_eq!(b.table_events("tl", 0).await.expect("events").len(), 20);
    let mut heard = std::collections::BTreeSet::new();
    while heard.len() < na.len() {
        match tokio::time::timeout(std::time::Duration::from_secs(5), heard_by_b.recv()).await.expect("in time") {
            Some(Notice::Table { match_id, n }) if match_id == "tl" => {
                heard.insert(n);
            }
            other => panic!("unexpected notice {other:?}"),
        }
    }
    assert_eq!(heard, na.iter().copied().collect(), "b hears exactly a's events");
    // A cap holds across the two nodes: of 26 chat lines sent through both at once, five fit
    // under a cap of 25 (which counts the 20 above).
    let capped_a = data_a.iter().chain(&data_a[..3]).map(|d| a.append_table_event_within("tl", "chat", d, 1, 25));
    let capped_b = data_b.iter().chain(&data_b[..3]).map(|d| b.append_table_event_within("tl", "chat", d, 1, 25));
    let (ca, cb) = tokio::join!(futures_util::future::join_all(capped_a), futures_util::future::join_all(capped_b));
    let fitted = ca.into_iter().chain(cb).filter(|n| n.as_ref().expect("appends").is_some()).count();
    assert_eq!(fitted, 5, "five places under the cap, five lines stored");
    assert_eq!(b.table_events("tl", 0).await.expect("events").len(), 25);
    while tokio::time::timeout(std::time::Duration::from_millis(300), heard_by_b.recv()).await.is_ok() {}
    assert!(a.close_match("tl", &json!({"expired": true}), 2).await.expect("close"));
    let closed = tokio::time::timeout(std::time::Duration::from_secs(5), heard_by_b.recv()).await.expect("in time");
    assert_eq!(closed, Some(Notice::Closed { match_id: "tl".into() }));
    a.drop_schema().await.expect("drop schema");
}

/// Two stores on one PostgreSQL schema behave as two nodes: one hears the other's writes, and a
/// race for the same sequence number has exactly one winner.
#[tokio::test]
async fn postgres_two_nodes_notify_and_race() {
    let Some(a) = pg_store().await else { return };
    let options = OpenOptions { schema: Some(a.schema().to_owned()), max_connections: Some(4) };
    let b = PgStore::open(&pg_url(), &options).await.expect("second node");
    let mut heard_by_b = b.listen().await.expect("listen").expect("postgres listens");
    let mut heard_by_a = a.listen().await.expect("listen").expect("postgres listens");

    a.create_match(&header("n1")).await.expect("create");
    assert_eq!(a.append(&[append("n1", 1, 0)]).await.expect("append"), vec![AppendOutcome::Stored]);
    let notice = tokio::time::timeout(std::time::Duration::from_secs(5), heard_by_b.recv()).await.expect("in time");
    assert_eq!(notice, Some(Notice::Action { match_id: "n1".into(), seq: 1 }));

    let claim = SeatClaim { seat: 2, token_hash: "ef".repeat(32), name: None, joined_at_ms: 1, away: false };
    assert!(b.claim_seat("n1", &claim).await.expect("claim"));
    let notice = tokio::time::timeout(std::time::Duration::from_secs(5), heard_by_a.recv()).await.expect("in time");
    assert_eq!(notice, Some(Notice::Seats { match_id: "n1".into() }));
    // A token replaced on one node is heard on the other, which then reads the seats again.
    assert!(b.replace_seat_token("n1", 2, &claim.token_hash, &"01".repeat(32)).await.expect("replace"));
    let notice = tokio::time::timeout(std::time::Duration::from_secs(5), heard_by_a.recv()).await.expect("in time");
    assert_eq!(notice, Some(Notice::Seats { match_id: "n1".into() }));
    assert_eq!(a.seat_claims("n1").await.expect("seats")[0].token_hash, "01".repeat(32));

    // Many races for the same next action: one winner each time, and each node hears exactly
    // the actions the other node won (its own are not echoed back).
    let (mut won_by_a, mut won_by_b) = (Vec::new(), Vec::new());
    for seq in 2..12 {
        let (batch_a, batch_b) = ([append("n1", seq, 0)], [append("n1", seq, 1)]);
        let (ra, rb) = tokio::join!(a.append(&batch_a), b.append(&batch_b));
        match (ra.expect("a")[0], rb.expect("b")[0]) {
            (AppendOutcome::Stored, AppendOutcome::Conflict) => won_by_a.push(seq),
            (AppendOutcome::Conflict, AppendOutcome::Stored) => won_by_b.push(seq),
            other => panic!("race for seq {seq} gave {other:?}"),
        }
    }
    let stored = a.actions_since("n1", 0).await.expect("actions");
    assert_eq!(stored.len(), 11);
    for step in &stored[1..] {
        let winner_seat = if won_by_a.contains(&step.seq) { 0 } else { 1 };
        assert_eq!(step.seat, winner_seat, "the stored action is the winner's");
    }
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let drain = |rx: &mut tokio::sync::mpsc::UnboundedReceiver<Notice>| {
        let mut seqs = Vec::new();
        while let Ok(notice) = rx.try_recv() {
            if let Notice::Action { seq, .. } = notice {
                seqs.push(seq);
            }
        }
        seqs
    };
    assert_eq!(drain(&mut heard_by_a), won_by_b);
    assert_eq!(drain(&mut heard_by_b), won_by_a);
    a.drop_schema().await.expect("drop schema");
}

/// A backup taken while actions are being stored is a database of its own: every match in it
/// loads, with a gapless prefix of the actions the live file holds, and nothing stored before the
/// backup began is missing. It never overwrites, and refuses what is not a Safehouse database.
#[tokio::test]
async fn sqlite_backup_while_writing_is_a_consistent_copy() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("live.db");
    let store = Arc::new(SqliteStore::open(&path, &OpenOptions::default()).await.expect("open"));
    let ids: Vec<String> = (0..8).map(|i| format!("b{i}")).collect();
    for id in &ids {
        store.create_match(&header(id)).await.expect("create");
    }
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = {
        let (store, stop, ids) = (store.clone(), stop.clone(), ids.clone());
        tokio::spawn(async move {
            let mut seq = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                seq += 1;
                let batch: Vec<Append> = ids.iter().map(|id| append(id, seq, (seq % 3) as u8)).collect();
                store.append(&batch).await.expect("append");
            }
            seq
        })
    };
    // Let some actions land, note how many, then back up while the writer goes on.
    while store.actions_since("b7", 0).await.expect("read").len() < 20 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let before = store.actions_since("b7", 0).await.expect("read").len();
    let copy = dir.path().join("copy.db");
    let summary = SqliteStore::backup(&path, &copy).await.expect("backup");
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let written = writer.await.expect("writer");

    let again = SqliteStore::backup(&path, &copy).await;
    assert!(matches!(again, Err(StoreError::Config(ref m)) if m.contains("never overwrites")), "{again:?}");
    let backup = SqliteStore::open(&copy, &OpenOptions::default()).await.expect("the copy opens");
    let mut actions = 0;
    for id in &ids {
        let copied = backup.load_match(id).await.expect("load").expect("every match is in the copy");
        let live = store.load_match(id).await.expect("load").expect("live");
        assert!(copied.actions.len() >= before, "{id}: {} actions, {before} were stored before", copied.actions.len());
        assert!(copied.actions.len() as u64 <= written, "{id}");
        assert_eq!(copied.actions[..], live.actions[..copied.actions.len()], "{id}: a prefix of the live log");
        actions += copied.actions.len() as u64;
    }
    assert_eq!(summary, safehouse_store::CopySummary { matches: ids.len() as u64, actions }, "counted in the copy");

    let missing = SqliteStore::backup(dir.path().join("nope.db"), dir.path().join("x.db")).await;
    assert!(matches!(missing, Err(StoreError::Config(ref m)) if m.contains("no database file")), "{missing:?}");
    let other = dir.path().join("other.db");
    std::fs::write(&other, b"").expect("an empty file");
    let refused = SqliteStore::backup(&other, dir.path().join("y.db")).await;
    assert!(matches!(refused, Err(StoreError::Config(ref m)) if m.contains("not a Safehouse database")), "{refused:?}");
}

/// Every row of a SQLite store (the suite's matches, logs, seats, table logs and listings) copies
/// into PostgreSQL and back, row for row, and reads back the same through the store; a copy into a
/// store that holds matches is refused.
#[tokio::test]
async fn a_store_copies_into_the_other_backend_and_back() {
    use safehouse_store::{Snapshot, copy_store};
    let Some(pg) = pg_store().await else { return };
    let (dir, sqlite) = sqlite_store().await;
    let sqlite: Arc<dyn Store> = Arc::new(sqlite);
    suite(sqlite.clone()).await;
    let original = Snapshot::of(sqlite.as_ref()).await.expect("snapshot");
    let summary = copy_store(sqlite.as_ref(), &pg).await.expect("copy into PostgreSQL");
    assert_eq!(summary, original.summary());
    assert!(summary.matches >= 40 && summary.actions >= 400, "{summary:?}");
    assert_eq!(Snapshot::of(&pg).await.expect("snapshot"), original, "PostgreSQL holds every row, as it was");
    for id in ["m1", "m2", "g7"] {
        assert_eq!(pg.load_match(id).await.expect("load"), sqlite.load_match(id).await.expect("load"), "{id}");
        assert_eq!(pg.table_events(id, 0).await.expect("log"), sqlite.table_events(id, 0).await.expect("log"));
    }
    assert_eq!(pg.listings(100).await.expect("listings"), sqlite.listings(100).await.expect("listings"));
    assert_eq!(pg.live_match_ids().await.expect("live"), sqlite.live_match_ids().await.expect("live"));

    let again = copy_store(sqlite.as_ref(), &pg).await;
    assert!(matches!(again, Err(StoreError::Config(ref m)) if m.contains("already holds")), "{again:?}");
    assert_eq!(Snapshot::of(&pg).await.expect("snapshot"), original, "a refused copy changed nothing");

    let back = SqliteStore::open(dir.path().join("back.db"), &OpenOptions::default()).await.expect("open");
    copy_store(&pg, &back).await.expect("copy back into SQLite");
    assert_eq!(Snapshot::of(&back).await.expect("snapshot"), original, "and back, row for row");
}

/// A copy out of PostgreSQL reads one snapshot: a match made (and played) while the copy has read
/// the matches but not yet their actions is in neither table of the copy. (Read with PostgreSQL's
/// default isolation, each table would have a snapshot of its own: the late action would come
/// without its match, and the copy would fail on its foreign key.)
#[tokio::test]
async fn postgres_copies_one_snapshot_while_a_match_is_made() {
    let Some(pg) = pg_store().await else { return };
    copies_one_snapshot_while_a_match_is_made(Arc::new(pg)).await;
}

/// The same out of SQLite (a read transaction in WAL mode keeps the snapshot of its first read).
#[tokio::test]
async fn sqlite_copies_one_snapshot_while_a_match_is_made() {
    let (_dir, sqlite) = sqlite_store().await;
    copies_one_snapshot_while_a_match_is_made(Arc::new(sqlite)).await;
}

async fn copies_one_snapshot_while_a_match_is_made(source: Arc<dyn Store>) {
    // One more match than a batch holds, so that the export waits with the matches read: the
    // channel below takes one batch, and nothing is received until the late match is stored.
    for i in 0..501 {
        source.create_match(&header(&format!("s{i:03}"))).await.expect("create");
    }
    let (out, batches) = tokio::sync::mpsc::channel(1);
    let export = tokio::spawn({
        let source = source.clone();
        async move { source.export(out).await }
    });
    while batches.capacity() > 0 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    source.create_match(&header("late")).await.expect("create");
    source.append(&[append("late", 1, 0)]).await.expect("append");
    let (_dir, sqlite) = sqlite_store().await;
    let summary = sqlite.import(batches).await.expect("a copy of one snapshot");
    export.await.expect("export task").expect("export");
    assert_eq!((summary.matches, summary.actions), (501, 0), "{summary:?}");
    assert!(sqlite.load_match("late").await.expect("load").is_none());
}
