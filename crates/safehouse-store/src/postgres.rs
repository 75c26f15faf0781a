//! The shared backend: PostgreSQL, with `LISTEN`/`NOTIFY` so that several nodes serve the same matches.

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgListener, PgPool, PgPoolOptions};
use sqlx::{AssertSqlSafe, Postgres, Transaction};
use tokio::sync::mpsc;

use crate::common::impl_store;
use crate::{Backend, Notice, OpenOptions, StoreError, check_identifier, decode_notice};

/// A store in a PostgreSQL database (tables in one schema, `public` unless told otherwise).
#[derive(Debug, Clone)]
pub struct PgStore {
    pool: PgPool,
    schema: String,
    channel: String,
    node: String,
}

impl PgStore {
    /// Connects, creates the schema and tables if missing.
    pub async fn open(url: &str, options: &OpenOptions) -> Result<Self, StoreError> {
        let schema = options.schema.clone().unwrap_or_else(|| "public".to_owned());
        check_identifier(&schema)?;
        let base = PgConnectOptions::from_str(url).map_err(|e| StoreError::Config(e.to_string()))?;
        {
            // Create the schema with a plain connection first: the pool's connections put it
            // on their search path.
            let setup = PgPoolOptions::new().max_connections(1).connect_with(base.clone()).await?;
            let create = format!("CREATE SCHEMA IF NOT EXISTS \"{schema}\"");
            match sqlx::query(AssertSqlSafe(create)).execute(&setup).await {
                Ok(_) => {}
                // Two nodes creating the schema at once: one of them loses the race, harmlessly.
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {}
                Err(e) => return Err(e.into()),
            }
            setup.close().await;
        }
        let connect = base.options([("search_path", schema.as_str())]).application_name("safehouse");
        let pool = PgPoolOptions::new()
            .max_connections(options.max_connections.unwrap_or(8).max(2))
            .acquire_timeout(Duration::from_secs(30))
            .connect_with(connect)
            .await?;
        {
            // Several nodes may start together: serialise the table creation.
            let mut tx = pool.begin().await?;
            sqlx::query("SELECT pg_advisory_xact_lock(7453110)").execute(&mut *tx).await?;
            Self::migrate(&mut tx).await?;
            tx.commit().await?;
        }
        let node = format!("{:016x}", node_id());
        let channel = format!("safehouse_{schema}");
        Ok(PgStore { pool, schema, channel, node })
    }

    /// The schema holding the tables.
    pub fn schema(&self) -> &str {
        &self.schema
    }

    /// Drops the schema and everything in it (tests clean up with this).
    pub async fn drop_schema(&self) -> Result<(), StoreError> {
        let drop = format!("DROP SCHEMA IF EXISTS \"{}\" CASCADE", self.schema);
        sqlx::query(AssertSqlSafe(drop)).execute(&self.pool).await?;
        Ok(())
    }

    fn read_pool(&self) -> &PgPool {
        &self.pool
    }

    fn write_pool(&self) -> &PgPool {
        &self.pool
    }

    async fn notify_all(
        &self,
        tx: &mut Transaction<'static, Postgres>,
        payloads: Vec<String>,
    ) -> Result<(), StoreError> {
        if payloads.is_empty() {
            return Ok(());
        }
        sqlx::query("SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p")
            .bind(&self.channel)
            .bind(payloads)
            .execute(&mut **tx)
            .await?;
        Ok(())
    }

    fn node(&self) -> &str {
        &self.node
    }

    async fn notify(&self, tx: &mut Transaction<'static, Postgres>, payload: &str) -> Result<(), StoreError> {
        // Delivered to listeners only when (and if) the transaction commits.
        sqlx::query("SELECT pg_notify($1, $2)").bind(&self.channel).bind(payload).execute(&mut **tx).await?;
        Ok(())
    }

    async fn listen_impl(&self) -> Result<Option<mpsc::UnboundedReceiver<Notice>>, StoreError> {
        let mut listener = PgListener::connect_with(&self.pool).await?;
        listener.listen(&self.channel).await?;
        let (tx, rx) = mpsc::unbounded_channel();
        let node = self.node.clone();
        tokio::spawn(async move {
            loop {
                match listener.try_recv().await {
                    Ok(Some(notification)) => {
                        if let Some(notice) = decode_notice(&node, notification.payload())
                            && tx.send(notice).is_err()
                        {
                            return;
                        }
                    }
                    // The connection dropped and will be made again: anything sent meanwhile is lost.
                    Ok(None) => {
                        tracing::warn!("lost the LISTEN connection to PostgreSQL; reconnecting");
                        if tx.send(Notice::Resync).is_err() {
                            return;
                        }
                    }
                    Err(error) => {
                        tracing::error!(%error, "LISTEN failed; retrying in 1 s");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                        if tx.is_closed() {
                            return;
                        }
                        if tx.send(Notice::Resync).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Ok(Some(rx))
    }
}

fn node_id() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    // A per-process random id (std's hasher keys are random); only used to skip our own notices.
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u32(std::process::id());
    hasher.finish()
}

impl crate::common::SqlBackend for PgStore {
    type Database = Postgres;
    // The notices must go out in the transaction that stores the actions.
    const AUTOCOMMIT_APPEND: bool = false;
    // READ COMMITTED, the default, would give each statement a snapshot of its own.
    const BEGIN_SNAPSHOT: &'static str = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";
}

impl_store!(PgStore, Backend::Postgres);
