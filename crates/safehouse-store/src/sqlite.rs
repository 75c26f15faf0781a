//! The embedded backend: one SQLite file in WAL mode.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, Transaction};
use tokio::sync::mpsc;

use crate::common::{SCHEMA, impl_store};
use crate::{Backend, Notice, OpenOptions, StoreError};

/// A store in one SQLite file (WAL journal, `synchronous=FULL`: a commit is on disk when it returns).
///
/// Writes go through a single connection (SQLite has one writer at a time anyway); reads use a
/// small pool of their own, which WAL lets run beside the writer.
#[derive(Debug, Clone)]
pub struct SqliteStore {
    writer: SqlitePool,
    readers: SqlitePool,
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
        for statement in SCHEMA {
            sqlx::query(*statement).execute(&writer).await?;
        }
        let readers = SqlitePoolOptions::new()
            .max_connections(options.max_connections.unwrap_or(4).max(1))
            .acquire_timeout(Duration::from_secs(30))
            .connect_with(connect.read_only(true))
            .await?;
        Ok(SqliteStore { writer, readers })
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

impl_store!(SqliteStore, Backend::Sqlite);
