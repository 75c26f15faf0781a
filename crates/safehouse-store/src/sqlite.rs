//! The embedded backend: one SQLite file in WAL mode.

use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, Transaction};
use tokio::sync::mpsc;

use crate::common::impl_store;
use crate::{Backend, CopySummary, Notice, OpenOptions, StoreError};

/// A store in one SQLite file (WAL journal, `synchronous=FULL`: a commit is on disk when it returns).
///
/// Writes go through a single connection (SQLite has one writer at a time anyway); reads use a
/// small pool of their own, which WAL lets run beside the writer.
///
/// Checkpoints (copying the WAL back into the database file, with its own flush) mostly run on
/// a connection of their own every [`CHECKPOINT_EVERY`] (PASSIVE: never blocking the writer), so
/// that the writer's automatic checkpoint (every 1000 pages, inside a commit) finds almost
/// everything copied already and only finishes the job and lets the WAL start over. Done wholly
/// inside commits, it made every few-hundredth action wait 10–30 ms (the load test's tail);
/// done wholly in the background, the WAL never starts over under steady writes (it grew to
/// 500 MB in a minute of the load test).
#[derive(Debug, Clone)]
pub struct SqliteStore {
    writer: SqlitePool,
    readers: SqlitePool,
    _checkpointer: Arc<Checkpointer>,
}

/// How often the background checkpoint runs.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(100);

/// The background checkpoint task; stopped when the last handle to the store is dropped.
#[derive(Debug)]
struct Checkpointer(tokio::task::JoinHandle<()>);

impl Drop for Checkpointer {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl Checkpointer {
    fn start(pool: SqlitePool) -> Checkpointer {
        Checkpointer(tokio::spawn(async move {
            let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                // PASSIVE: copies what it can without ever blocking the writer or the readers.
                if let Err(error) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").execute(&pool).await {
                    tracing::warn!(%error, "SQLite checkpoint failed");
                }
            }
        }))
    }
}

impl SqliteStore {
    /// Opens (creating if needed) the database file at `path`.
    pub async fn open(path: impl AsRef<Path>, options: &OpenOptions) -> Result<Self, StoreError> {
        let path = path.as_ref();
        let connect = SqliteConnectOptions::from_str("sqlite://")
            .map_err(|e| StoreError::Config(e.to_string()))?
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .busy_timeout(Duration::from_secs(10))
            .foreign_keys(true);
        let writer = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .acquire_timeout(Duration::from_secs(30))
            .connect_with(connect.clone())
            .await?;
        {
            // IMMEDIATE takes the write lock first, waiting out `busy_timeout` for another
            // process still writing (a server just stopped on this file). A deferred transaction
            // that reads first and then writes fails at once with "database is locked" instead:
            // SQLite refuses to upgrade a read while another connection writes.
            let mut tx = writer.begin_with("BEGIN IMMEDIATE").await?;
            Self::migrate(&mut tx).await?;
            tx.commit().await?;
        }
        let readers = SqlitePoolOptions::new()
            .max_connections(options.max_connections.unwrap_or(4).max(1))
            .acquire_timeout(Duration::from_secs(30))
            .connect_with(connect.clone().read_only(true))
            .await?;
        let checkpoints = SqlitePoolOptions::new()
            .max_connections(1)
            .acquire_timeout(Duration::from_secs(30))
            .connect_with(connect.pragma("wal_autocheckpoint", "0"))
            .await?;
        let checkpointer = Arc::new(Checkpointer::start(checkpoints));
        Ok(SqliteStore { writer, readers, _checkpointer: checkpointer })
    }

    /// Writes a copy of the database at `path` into the new file `to` (`VACUUM INTO`), one
    /// transaction's snapshot: consistent even while a server writes to `path` (copying the file
    /// and its `-wal` by hand is not, unless the server is stopped). The copy is a whole database
    /// without a WAL, ready to be served. Refuses a `to` that exists (a backup never overwrites),
    /// and a `path` that is missing or holds no Safehouse tables. Returns how many matches and
    /// actions the copy holds.
    pub async fn backup(path: impl AsRef<Path>, to: impl AsRef<Path>) -> Result<CopySummary, StoreError> {
        let (path, to) = (path.as_ref(), to.as_ref());
        if to.exists() {
            return Err(StoreError::Config(format!("{} exists; a backup never overwrites a file", to.display())));
        }
        if !path.is_file() {
            return Err(StoreError::Config(format!("no database file at {}", path.display())));
        }
        let to_text =
            to.to_str().ok_or_else(|| StoreError::Config(format!("{} is not a UTF-8 path", to.display())))?.to_owned();
        let read_only = |file: &Path| -> Result<SqliteConnectOptions, StoreError> {
            Ok(SqliteConnectOptions::from_str("sqlite://")
                .map_err(|e| StoreError::Config(e.to_string()))?
                .filename(file)
                .read_only(true)
                .busy_timeout(Duration::from_secs(10)))
        };
        let mut source = sqlx::ConnectOptions::connect(&read_only(path)?).await?;
        if let Err(error) = sqlx::query("SELECT 1 FROM sh_matches, sh_actions LIMIT 1").execute(&mut source).await {
            return Err(StoreError::Config(format!("{} is not a Safehouse database ({error})", path.display())));
        }
        sqlx::query("VACUUM INTO ?").bind(to_text).execute(&mut source).await?;
        // Counted in the copy, which also shows that it opens.
        let mut copy = sqlx::ConnectOptions::connect(&read_only(to)?).await?;
        let (matches, actions): (i64, i64) =
            sqlx::query_as("SELECT (SELECT count(*) FROM sh_matches), (SELECT count(*) FROM sh_actions)")
                .fetch_one(&mut copy)
                .await?;
        Ok(CopySummary { matches: matches.max(0) as u64, actions: actions.max(0) as u64 })
    }

    fn read_pool(&self) -> &SqlitePool {
        &self.readers
    }

    fn write_pool(&self) -> &SqlitePool {
        &self.writer
    }

    async fn notify_all(
        &self,
        _tx: &mut Transaction<'static, Sqlite>,
        _payloads: Vec<String>,
    ) -> Result<(), StoreError> {
        Ok(())
    }

    fn node(&self) -> &str {
        ""
    }

    async fn notify(&self, _tx: &mut Transaction<'static, Sqlite>, _payload: &str) -> Result<(), StoreError> {
        Ok(())
    }

    async fn listen_impl(&self) -> Result<Option<mpsc::UnboundedReceiver<Notice>>, StoreError> {
        Ok(None)
    }
}

impl crate::common::SqlBackend for SqliteStore {
    type Database = Sqlite;
    // SQLite sends no notices: a batch's single INSERT commits by itself.
    const AUTOCOMMIT_APPEND: bool = true;
    // In WAL mode a transaction reads one snapshot from its first read to its end.
    const BEGIN_SNAPSHOT: &'static str = "BEGIN";
}

impl_store!(SqliteStore, Backend::Sqlite);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::COPIED_TABLES;

    /// A copy carries every table of the newest schema (but `sh_meta`) with every column: a
    /// migration that adds one fails this until `COPIED_TABLES` lists it.
    #[tokio::test]
    async fn the_copy_lists_every_table_and_column() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = SqliteStore::open(dir.path().join("x.db"), &OpenOptions::default()).await.expect("open");
        let tables: Vec<String> = sqlx::query_scalar(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'sh_%' AND name != 'sh_meta' ORDER BY name",
        )
        .fetch_all(store.read_pool())
        .await
        .expect("tables");
        let mut listed: Vec<String> = COPIED_TABLES.iter().map(|(table, _)| (*table).to_owned()).collect();
        listed.sort();
        assert_eq!(tables, listed);
        assert_eq!(COPIED_TABLES[crate::common::MATCHES_TABLE].0, "sh_matches");
        assert_eq!(COPIED_TABLES[crate::common::ACTIONS_TABLE].0, "sh_actions");
        for (table, columns) in COPIED_TABLES {
            let names: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
                "SELECT name FROM pragma_table_info('{table}') ORDER BY cid"
            )))
            .fetch_all(store.read_pool())
            .await
            .expect("columns");
            let listed: Vec<String> = columns.iter().map(|(name, _)| (*name).to_owned()).collect();
            assert_eq!(names, listed, "{table}");
        }
    }
}
