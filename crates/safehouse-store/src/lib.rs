//! Durable match storage for the Safehouse table.
//!
//! Every match is an event log: a header (game id, player count, full options, seed or explicit
//! deal, the seat plan) written once when the match is created, then one row per action with its
//! sequence number (1, 2, 3...). Replaying the header and the actions reproduces the match bit for
//! bit, so on restart every match resumes exactly where it was.
//!
//! - [`Store`] is the one trait the server talks to. [`open`] picks the backend from a URL:
//!   a `postgres://` (or `postgresql://`) URL opens [`PgStore`]; anything else is a SQLite file
//!   (`sqlite://path`, `sqlite:path` or a plain path) opened by [`SqliteStore`] in WAL mode with
//!   `synchronous=FULL`, so a committed transaction survives a crash of the process or the machine.
//! - [`Store::append`] writes a batch of actions of *different* matches in one transaction and
//!   returns only once it is durable. Each action is inserted with its sequence number under a
//!   primary key `(match_id, seq)`: if two server nodes race to store action `n` of one match,
//!   exactly one insert wins and the other gets [`AppendOutcome::Conflict`].
//!   [`BatchWriter`] gathers concurrent appends into such batches (group commit).
//! - On PostgreSQL every stored action, seat claim and away flag is announced with `NOTIFY`
//!   inside the same transaction; [`Store::listen`] hands these [`Notice`]s to the server, which is
//!   how several nodes sharing one database serve the same matches.

mod batch;
mod common;
mod postgres;
mod sqlite;

use std::fmt::Debug;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::mpsc;

pub use batch::BatchWriter;
pub use postgres::PgStore;
pub use sqlite::SqliteStore;

/// The header of a new match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NewMatch {
    /// The match id (chosen by the caller; unique).
    pub id: String,
    /// The game id.
    pub game: String,
    /// Number of seats.
    pub players: u8,
    /// The full options (every field).
    pub options: Value,
    /// The seed of the game's generator.
    pub seed: u64,
    /// An explicit deal, if any.
    pub deal: Option<Value>,
    /// The seat plan (who sits where: people, bots and their levels), as the server defines it.
    pub seats: Value,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at_ms: i64,
    /// The table's settings (visibility, time control, chat, turn-based deadline, rematch link...),
    /// as the server defines them; `{}` for a match stored before settings existed.
    #[serde(default = "empty_settings")]
    pub settings: Value,
}

fn empty_settings() -> Value {
    Value::Object(serde_json::Map::new())
}

/// One entry of a match's *table log*: everything about a table that is not a game action, in the
/// order it happened (waiting-room seat changes, the start, chat lines, rematch links, notification
/// subscriptions...). The server defines `kind` and `data`; the store only keeps them, durably and
/// in order, and announces them to other nodes ([`Notice::Table`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableEvent {
    /// Its number in the match's table log: 1, 2, 3...
    pub n: u64,
    /// What happened, as the server names it.
    pub kind: String,
    /// The details, as the server defines them.
    pub data: Value,
    /// When it was stored, milliseconds since the Unix epoch.
    pub at_ms: i64,
}

/// What the lobby shows of one listed table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Listing {
    /// The match.
    pub match_id: String,
    /// What to show, as the server defines it.
    pub listing: Value,
    /// When it was last set, milliseconds since the Unix epoch.
    pub updated_at_ms: i64,
}

/// One stored action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredAction {
    /// Sequence number: 1 for the first action of the match.
    pub seq: u64,
    /// The acting seat.
    pub seat: u8,
    /// The action, in the game's JSON format.
    pub action: Value,
    /// Who decided it (`person`, `bot`, `takeover`...).
    pub actor: String,
    /// When it was stored, milliseconds since the Unix epoch.
    pub at_ms: i64,
}

/// A seat that somebody joined.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatClaim {
    /// The seat index.
    pub seat: u8,
    /// Hex SHA-256 of the seat's token (the token itself is never stored).
    pub token_hash: String,
    /// The name the person gave, if any.
    pub name: Option<String>,
    /// When the seat was joined, milliseconds since the Unix epoch.
    pub joined_at_ms: i64,
    /// Whether a bot is playing the seat because its person went idle.
    pub away: bool,
}

/// A whole stored match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredMatch {
    /// The header.
    pub header: NewMatch,
    /// Whether the match has ended.
    pub finished: bool,
    /// The outcome, once ended (as the engine serialises it).
    pub outcome: Option<Value>,
    /// Every action, by sequence number.
    pub actions: Vec<StoredAction>,
    /// The joined seats.
    pub seats: Vec<SeatClaim>,
    /// The whole table log, in order.
    #[serde(default)]
    pub table_events: Vec<TableEvent>,
}

/// A short description of a match for listings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchSummary {
    /// The match id.
    pub id: String,
    /// The game id.
    pub game: String,
    /// Number of seats.
    pub players: u8,
    /// Whether the match has ended.
    pub finished: bool,
    /// Number of actions stored.
    pub actions: u64,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at_ms: i64,
}

/// One action to store.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Append {
    /// The match.
    pub match_id: String,
    /// The action itself (its `seq` must be one more than the last stored).
    pub action: StoredAction,
    /// The outcome, when this action ends the match.
    pub finish: Option<Value>,
}

/// What became of one [`Append`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AppendOutcome {
    /// Stored durably.
    Stored,
    /// Another action already holds this sequence number (another node was first), or the match
    /// is unknown or already finished.
    Conflict,
}

/// Something another node did, announced through the database.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Notice {
    /// Action `seq` of a match was stored.
    Action {
        /// The match.
        match_id: String,
        /// Its sequence number.
        seq: u64,
    },
    /// A seat of a match was joined or released, or its away flag changed.
    Seats {
        /// The match.
        match_id: String,
    },
    /// Event `n` of a match's table log was stored.
    Table {
        /// The match.
        match_id: String,
        /// Its number.
        n: u64,
    },
    /// A match was ended without a game outcome ([`Store::close_match`]).
    Closed {
        /// The match.
        match_id: String,
    },
    /// The connection to the database was lost and made again: notices may have been missed,
    /// so everything held in memory should be checked against the store.
    Resync,
}

/// Which database a store uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Backend {
    /// An embedded SQLite file.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database failed (I/O, connection, SQL).
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// A stored value could not be read back.
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
    /// A match with this id already exists.
    #[error("a match with id `{0}` already exists")]
    Duplicate(String),
    /// No match has this id.
    #[error("no match has id `{0}`")]
    Unknown(String),
    /// The configuration is not usable (bad URL, bad schema name).
    #[error("configuration: {0}")]
    Config(String),
    /// The background writer has stopped.
    #[error("the storage writer has stopped")]
    Closed,
}

impl StoreError {
    /// The stable machine code of this error.
    pub fn code(&self) -> &'static str {
        match self {
            StoreError::Database(_) | StoreError::Closed => "storage_error",
            StoreError::Corrupt(_) => "storage_corrupt",
            StoreError::Duplicate(_) => "duplicate_match",
            StoreError::Unknown(_) => "unknown_match",
            StoreError::Config(_) => "storage_config",
        }
    }
}

/// Where the event logs live. Every method returns only once its writes are durable.
#[async_trait::async_trait]
pub trait Store: Send + Sync + Debug + 'static {
    /// Which database this is.
    fn backend(&self) -> Backend;

    /// Stores a new match header. Fails with [`StoreError::Duplicate`] if the id is taken.
    async fn create_match(&self, header: &NewMatch) -> Result<(), StoreError>;

    /// Loads a whole match, or `None` if unknown.
    async fn load_match(&self, id: &str) -> Result<Option<StoredMatch>, StoreError>;

    /// The actions of a match after sequence number `after` (all of them for 0), in order.
    async fn actions_since(&self, id: &str, after: u64) -> Result<Vec<StoredAction>, StoreError>;

    /// Stores a batch of actions in one durable transaction; one outcome per append, in order.
    /// Appends of one batch must belong to different matches.
    async fn append(&self, batch: &[Append]) -> Result<Vec<AppendOutcome>, StoreError>;

    /// Claims a seat for a token; `false` if the seat was already claimed.
    async fn claim_seat(&self, id: &str, claim: &SeatClaim) -> Result<bool, StoreError>;

    /// The claimed seats of a match.
    async fn seat_claims(&self, id: &str) -> Result<Vec<SeatClaim>, StoreError>;

    /// Replaces the token hash of a claimed seat, if it is still `old_hash` (a seat signing out
    /// its other devices); `false` if it is not (another device replaced it first, or the seat
    /// was let go). Other nodes get [`Notice::Seats`].
    async fn replace_seat_token(&self, id: &str, seat: u8, old_hash: &str, new_hash: &str) -> Result<bool, StoreError>;

    /// Marks a claimed seat as away (played by a bot) or back.
    async fn set_away(&self, id: &str, seat: u8, away: bool) -> Result<(), StoreError>;

    /// The ids of every match that has not ended, oldest first.
    async fn live_match_ids(&self) -> Result<Vec<String>, StoreError>;

    /// The most recent matches, newest first.
    async fn list_matches(&self, limit: u32, live_only: bool) -> Result<Vec<MatchSummary>, StoreError>;

    /// Number of matches that have not ended.
    async fn count_live(&self) -> Result<u64, StoreError>;

    /// Appends an event to a match's table log and returns its number (1, 2, ... per match).
    /// Durable on return; other nodes get [`Notice::Table`]. [`StoreError::Unknown`] for an
    /// unknown match.
    async fn append_table_event(&self, match_id: &str, kind: &str, data: &Value, at_ms: i64)
    -> Result<u64, StoreError>;

    /// [`Store::append_table_event`], unless the log already holds `most` events of `kind`:
    /// then `None`, and nothing is stored. The count is taken in the statement that appends, and
    /// two nodes appending at once pick the same number, so one of them counts again before it
    /// may append: the cap holds across nodes (a table's chat lines). `u32::MAX` is no cap (the
    /// count is not taken).
    async fn append_table_event_within(
        &self,
        match_id: &str,
        kind: &str,
        data: &Value,
        at_ms: i64,
        most: u32,
    ) -> Result<Option<u64>, StoreError>;

    /// The table events of a match after number `after` (all of them for 0), in order.
    async fn table_events(&self, match_id: &str, after: u64) -> Result<Vec<TableEvent>, StoreError>;

    /// Gives up a claimed seat (a person leaves a waiting room, or is removed from it); `false` if
    /// the seat was not claimed. Other nodes get [`Notice::Seats`].
    async fn release_seat(&self, match_id: &str, seat: u8) -> Result<bool, StoreError>;

    /// Ends a match that is not over without a game outcome (a waiting room nobody joined, a
    /// forfeit on time): stores `outcome`, marks it finished and takes it off the lobby list;
    /// `false` if it had already ended (or is unknown). Other nodes get [`Notice::Closed`].
    async fn close_match(&self, match_id: &str, outcome: &Value, at_ms: i64) -> Result<bool, StoreError>;

    /// Sets what the lobby lists for a match (`Some`), or takes it off the list (`None`).
    async fn set_listing(&self, match_id: &str, listing: Option<&Value>, at_ms: i64) -> Result<(), StoreError>;

    /// The listed tables, most recently updated first.
    async fn listings(&self, limit: u32) -> Result<Vec<Listing>, StoreError>;

    /// Sends every row of every table (the table log and the lobby's list too) to `out` in
    /// batches, read in one transaction, so a consistent snapshot even while a server writes, and
    /// then the end of the copy: what [`copy_store`] carries from one database to another.
    async fn export(&self, out: mpsc::Sender<Batch>) -> Result<(), StoreError>;

    /// Stores the batches [`Store::export`] sends, in one transaction that commits only once the
    /// end of the copy has come ([`StoreError::Closed`] and nothing stored if the batches stop
    /// before it). Refuses a store that already holds a match ([`StoreError::Config`]).
    async fn import(&self, batches: mpsc::Receiver<Batch>) -> Result<CopySummary, StoreError>;

    /// Checks the database answers.
    async fn ping(&self) -> Result<(), StoreError>;

    /// What other nodes store, as it happens (PostgreSQL); `None` for a single-node backend.
    /// The node's own writes are not echoed.
    async fn listen(&self) -> Result<Option<mpsc::UnboundedReceiver<Notice>>, StoreError>;
}

/// Rows of one table, or the end of a copy, as [`Store::export`] sends them and
/// [`Store::import`] stores them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch(Part);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Part {
    /// Rows of the table `COPIED_TABLES[table]`, their cells one after another.
    Rows { table: usize, cells: Vec<Cell> },
    /// Every row has been sent.
    End,
}

impl Batch {
    fn rows(table: usize, cells: Vec<Cell>) -> Batch {
        Batch(Part::Rows { table, cells })
    }

    fn end() -> Batch {
        Batch(Part::End)
    }

    /// The table and its cells, or `None` at the end.
    fn into_rows(self) -> Option<(usize, Vec<Cell>)> {
        match self.0 {
            Part::Rows { table, cells } => Some((table, cells)),
            Part::End => None,
        }
    }
}

/// What a copy holds ([`copy_store`], [`SqliteStore::backup`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CopySummary {
    /// Matches, finished or not.
    pub matches: u64,
    /// Actions of all of them.
    pub actions: u64,
}

/// One value of a copied row.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Cell {
    Text(Option<String>),
    Int(i32),
    BigInt(i64),
}

/// Batches in flight between the two databases of a copy.
const BATCHES_IN_FLIGHT: usize = 4;

/// Copies every match, with its log, seats, table log and listing, from one store into another
/// that holds none (SQLite into PostgreSQL when a table grows to several nodes, or back). The
/// source is read as one snapshot and streamed in batches (memory stays flat in the size of the
/// database); the destination is written in one transaction, all or nothing. Returns what was
/// copied.
pub async fn copy_store(from: &dyn Store, to: &dyn Store) -> Result<CopySummary, StoreError> {
    let (out, batches) = mpsc::channel(BATCHES_IN_FLIGHT);
    match tokio::join!(from.export(out), to.import(batches)) {
        (_, Ok(summary)) => Ok(summary),
        // The source failed, and the destination saw its batches stop: the source's error says why.
        (Err(source), Err(StoreError::Closed)) => Err(source),
        (_, Err(destination)) => Err(destination),
    }
}

/// Every row of a store, in key order: for checking a copy against its source (held in memory,
/// so for tests and small databases).
#[derive(Debug, PartialEq, Eq)]
pub struct Snapshot(Vec<Vec<Vec<Cell>>>);

impl Snapshot {
    /// Reads `store` whole.
    pub async fn of(store: &dyn Store) -> Result<Snapshot, StoreError> {
        let (out, mut batches) = mpsc::channel(BATCHES_IN_FLIGHT);
        let mut tables = vec![Vec::new(); common::COPIED_TABLES.len()];
        let collect = async {
            while let Some(Some((table, cells))) = batches.recv().await.map(Batch::into_rows) {
                let columns = common::COPIED_TABLES[table].1.len();
                tables[table].extend(cells.chunks(columns).map(<[Cell]>::to_vec));
            }
        };
        let (exported, ()) = tokio::join!(store.export(out), collect);
        exported?;
        // Each table's key is its first one or two columns; sorted here, as the two databases
        // order text by different collations.
        for rows in &mut tables {
            rows.sort_unstable();
        }
        Ok(Snapshot(tables))
    }

    /// How many matches and actions it holds.
    pub fn summary(&self) -> CopySummary {
        let rows = |table: usize| self.0[table].len() as u64;
        CopySummary { matches: rows(common::MATCHES_TABLE), actions: rows(common::ACTIONS_TABLE) }
    }
}

/// How to open a store.
#[derive(Clone, Debug, Default)]
pub struct OpenOptions {
    /// PostgreSQL only: the schema to keep the tables in (created if missing); default `public`.
    /// Letters, digits and `_` only.
    pub schema: Option<String>,
    /// Most database connections to hold open (default 8 for PostgreSQL, 4 for SQLite).
    pub max_connections: Option<u32>,
}

/// The default database: a SQLite file in the working directory.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://safehouse.db";

/// Opens the store a URL names: `postgres://...` for PostgreSQL, otherwise a SQLite file.
pub async fn open(url: &str, options: &OpenOptions) -> Result<Arc<dyn Store>, StoreError> {
    if is_postgres_url(url) {
        Ok(Arc::new(PgStore::open(url, options).await?))
    } else {
        Ok(Arc::new(SqliteStore::open(sqlite_path(url), options).await?))
    }
}

/// Whether a URL selects PostgreSQL.
pub fn is_postgres_url(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

/// The file a SQLite URL names (`sqlite://x.db`, `sqlite:x.db` or `x.db`).
pub fn sqlite_path(url: &str) -> &str {
    url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:")).unwrap_or(url)
}

/// A URL with any password replaced by `***`, for logs.
pub fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_owned() };
    match rest.split_once('@') {
        Some((credentials, host)) => match credentials.split_once(':') {
            Some((user, _password)) => format!("{scheme}://{user}:***@{host}"),
            None => url.to_owned(),
        },
        None => url.to_owned(),
    }
}

pub(crate) fn to_text(value: &Value) -> String {
    value.to_string()
}

pub(crate) fn from_text(text: &str) -> Result<Value, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt(e.to_string()))
}

pub(crate) fn check_identifier(name: &str) -> Result<(), StoreError> {
    let ok = !name.is_empty()
        && name.len() <= 48
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !name.starts_with(|c: char| c.is_ascii_digit());
    if ok { Ok(()) } else { Err(StoreError::Config(format!("bad schema name `{name}` (use a-z, 0-9 and _)"))) }
}

/// A notice as it travels in a PostgreSQL `NOTIFY` payload: `<node> a <seq> <match>`,
/// `<node> s <match>`, `<node> t <n> <match>`, `<node> c <match>` or `<node> r`.
pub(crate) fn encode_notice(node: &str, notice: &Notice) -> String {
    match notice {
        Notice::Action { match_id, seq } => format!("{node} a {seq} {match_id}"),
        Notice::Seats { match_id } => format!("{node} s {match_id}"),
        Notice::Table { match_id, n } => format!("{node} t {n} {match_id}"),
        Notice::Closed { match_id } => format!("{node} c {match_id}"),
        Notice::Resync => format!("{node} r"),
    }
}

/// Decodes a payload; `None` for the node's own notices and anything unreadable.
pub(crate) fn decode_notice(own_node: &str, payload: &str) -> Option<Notice> {
    let mut parts = payload.split(' ');
    let node = parts.next()?;
    if node == own_node {
        return None;
    }
    match parts.next()? {
        "a" => {
            let seq = parts.next()?.parse().ok()?;
            Some(Notice::Action { seq, match_id: parts.next()?.to_owned() })
        }
        "s" => Some(Notice::Seats { match_id: parts.next()?.to_owned() }),
        "t" => {
            let n = parts.next()?.parse().ok()?;
            Some(Notice::Table { n, match_id: parts.next()?.to_owned() })
        }
        "c" => Some(Notice::Closed { match_id: parts.next()?.to_owned() }),
        "r" => Some(Notice::Resync),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_pick_the_backend() {
        assert!(is_postgres_url("postgres://u@h/db"));
        assert!(is_postgres_url("postgresql://u@h/db"));
        assert!(!is_postgres_url("sqlite://x.db"));
        assert_eq!(sqlite_path("sqlite://x.db"), "x.db");
        assert_eq!(sqlite_path("sqlite:/tmp/x.db"), "/tmp/x.db");
        assert_eq!(sqlite_path("x.db"), "x.db");
        assert_eq!(redact_url("postgres://u:secret@h/db"), "postgres://u:***@h/db");
        assert_eq!(redact_url("postgres://u@h/db"), "postgres://u@h/db");
    }

    #[test]
    fn notices_round_trip_and_skip_own() {
        let n = Notice::Action { match_id: "m1".into(), seq: 7 };
        assert_eq!(decode_notice("b", &encode_notice("a", &n)), Some(n.clone()));
        assert_eq!(decode_notice("a", &encode_notice("a", &n)), None);
        let s = Notice::Seats { match_id: "m1".into() };
        assert_eq!(decode_notice("b", &encode_notice("a", &s)), Some(s));
        let t = Notice::Table { match_id: "m1".into(), n: 12 };
        assert_eq!(decode_notice("b", &encode_notice("a", &t)), Some(t));
        let c = Notice::Closed { match_id: "m1".into() };
        assert_eq!(decode_notice("b", &encode_notice("a", &c)), Some(c));
        assert_eq!(decode_notice("b", "garbage"), None);
    }

    /// A copy whose source stops before its end (the channel closes) stores nothing, even the
    /// batches that came; one that ends stores them all.
    #[tokio::test]
    async fn an_import_commits_only_at_the_end_of_the_copy() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = SqliteStore::open(dir.path().join("x.db"), &OpenOptions::default()).await.expect("open");
        let text = |t: &str| Cell::Text(Some(t.to_owned()));
        let row = |id: &str| {
            let (int, big) = (Cell::Int(2), Cell::BigInt(1));
            vec![text(id), text("explosiv"), int.clone(), text("{}"), big.clone(), Cell::Text(None), text("[]")]
                .into_iter()
                .chain([big.clone(), Cell::Int(0), Cell::Text(None), big.clone(), big, text("{}")])
                .collect::<Vec<_>>()
        };
        for end in [false, true] {
            let (out, batches) = mpsc::channel(4);
            out.send(Batch::rows(0, [row("a"), row("b")].concat())).await.expect("send");
            if end {
                out.send(Batch::end()).await.expect("send");
            }
            drop(out);
            let imported = store.import(batches).await;
            let live = store.live_match_ids().await.expect("ids");
            if end {
                assert_eq!(imported.expect("stored"), CopySummary { matches: 2, actions: 0 });
                assert_eq!(live, ["a", "b"]);
            } else {
                assert!(matches!(imported, Err(StoreError::Closed)), "{imported:?}");
                assert!(live.is_empty(), "a copy cut short stored {live:?}");
            }
        }
    }

    #[test]
    fn schema_names_are_checked() {
        assert!(check_identifier("sh_test_1").is_ok());
        assert!(check_identifier("x; drop table").is_err());
        assert!(check_identifier("1x").is_err());
        assert!(check_identifier("").is_err());
    }
}
