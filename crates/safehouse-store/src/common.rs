//! The SQL both backends share, written once as a macro over the backend's types.
//!
//! Both SQLite and PostgreSQL take `$1` placeholders, `ON CONFLICT DO NOTHING`, `TEXT`,
//! `INTEGER` and `BIGINT`, so the statements are identical; what differs (connection setup,
//! `NOTIFY`) lives in each backend's module.

/// The tables as version 1 made them, in the order they are created; [`MIGRATIONS`] take them
/// from there to the newest version.
pub(crate) const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS sh_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS sh_matches (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        options TEXT NOT NULL,
        seed BIGINT NOT NULL,
        deal TEXT,
        seats TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0,
        outcome TEXT,
        last_seq BIGINT NOT NULL DEFAULT 0,
        updated_at BIGINT NOT NULL
    )",
    "CREATE INDEX IF NOT EXISTS sh_matches_by_state ON sh_matches (finished, created_at)",
    "CREATE TABLE IF NOT EXISTS sh_actions (
        match_id TEXT NOT NULL REFERENCES sh_matches (id),
        seq BIGINT NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        actor TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (match_id, seq)
    )",
    "CREATE TABLE IF NOT EXISTS sh_seats (
        match_id TEXT NOT NULL REFERENCES sh_matches (id),
        seat INTEGER NOT NULL,
        token_hash TEXT NOT NULL,
        name TEXT,
        joined_at BIGINT NOT NULL,
        away INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (match_id, seat)
    )",
    "INSERT INTO sh_meta (key, value) VALUES ('schema_version', '1') ON CONFLICT DO NOTHING",
];

/// What changed in the tables after version 1, in order: `MIGRATIONS[i]` takes a database from
/// version `i + 1` to `i + 2`. A database made by an older Safehouse is brought up to date when
/// it is opened; a migration is never edited once released, only a new one added.
pub(crate) const MIGRATIONS: &[&[&str]] = &[
    // 2: table settings, the table log (waiting rooms, chat, rematch links, subscriptions) and
    // the lobby's list of open tables.
    &[
        "ALTER TABLE sh_matches ADD COLUMN settings TEXT NOT NULL DEFAULT '{}'",
        "CREATE TABLE sh_table_events (
            match_id TEXT NOT NULL REFERENCES sh_matches (id),
            n BIGINT NOT NULL,
            kind TEXT NOT NULL,
            data TEXT NOT NULL,
            at BIGINT NOT NULL,
            PRIMARY KEY (match_id, n)
        )",
        "CREATE TABLE sh_listings (
            match_id TEXT PRIMARY KEY REFERENCES sh_matches (id),
            listing TEXT NOT NULL,
            updated_at BIGINT NOT NULL
        )",
        "CREATE INDEX sh_listings_by_time ON sh_listings (updated_at)",
    ],
];

/// The schema version [`MIGRATIONS`] lead to.
pub(crate) const SCHEMA_VERSION: usize = MIGRATIONS.len() + 1;

/// How a column is read and written when a database is copied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Column {
    /// `TEXT`, `NULL` where the schema allows it.
    Text,
    /// `INTEGER` (32 bits in PostgreSQL).
    Int,
    /// `BIGINT`.
    BigInt,
}

/// Every table a copy carries (all of the newest schema's but `sh_meta`, which each store writes
/// itself), each with its columns, primary key first, in an order that meets the foreign keys: a
/// table after the ones it refers to. The copy test checks the list against the columns the database has, so a
/// migration that adds a column fails it until the column is listed here.
pub(crate) const COPIED_TABLES: &[(&str, &[(&str, Column)])] = {
    use Column::{BigInt, Int, Text};
    &[
        (
            "sh_matches",
            &[
                ("id", Text),
                ("game", Text),
                ("players", Int),
                ("options", Text),
                ("seed", BigInt),
                ("deal", Text),
                ("seats", Text),
                ("created_at", BigInt),
                ("finished", Int),
                ("outcome", Text),
                ("last_seq", BigInt),
                ("updated_at", BigInt),
                ("settings", Text),
            ],
        ),
        (
            "sh_actions",
            &[("match_id", Text), ("seq", BigInt), ("seat", Int), ("action", Text), ("actor", Text), ("at", BigInt)],
        ),
        (
            "sh_seats",
            &[
                ("match_id", Text),
                ("seat", Int),
                ("token_hash", Text),
                ("name", Text),
                ("joined_at", BigInt),
                ("away", Int),
            ],
        ),
        ("sh_table_events", &[("match_id", Text), ("n", BigInt), ("kind", Text), ("data", Text), ("at", BigInt)]),
        ("sh_listings", &[("match_id", Text), ("listing", Text), ("updated_at", BigInt)]),
    ]
};

/// Where `sh_matches` and `sh_actions` are in [`COPIED_TABLES`] (a copy's summary counts them).
pub(crate) const MATCHES_TABLE: usize = 0;
pub(crate) const ACTIONS_TABLE: usize = 1;

/// Rows per batch of a copy, and per `INSERT` that stores one (13 columns at most: well within
/// both databases' limits on bound values). A copy holds a few batches in memory at a time.
pub(crate) const COPY_ROWS_PER_INSERT: usize = 500;

/// What differs between the backends where the shared SQL runs.
pub(crate) trait SqlBackend {
    /// The sqlx database.
    type Database: sqlx::Database;
    /// Whether a batch of actions that finishes no match may be stored as one autocommitted
    /// statement (no `NOTIFY` has to go out in the same transaction).
    const AUTOCOMMIT_APPEND: bool;
    /// Begins a read-only transaction whose every statement sees the same snapshot (a copy's
    /// export reads several tables).
    const BEGIN_SNAPSHOT: &'static str;
}

/// Implements [`crate::Store`] for a backend type with `read_pool()`, `write_pool()`,
/// `notify(&mut tx, payload)`, `node()` and `listen_impl()`.
macro_rules! impl_store {
    ($store:ty, $backend:expr) => {
        impl $store {
            /// Creates the tables if missing and runs every migration the database has not had,
            /// on one connection (the caller's transaction, so that it all happens or nothing).
            async fn migrate(
                conn: &mut <<$store as $crate::common::SqlBackend>::Database as sqlx::Database>::Connection,
            ) -> Result<(), $crate::StoreError> {
                for statement in $crate::common::SCHEMA {
                    sqlx::query(*statement).execute(&mut *conn).await?;
                }
                let version: String = sqlx::query_scalar("SELECT value FROM sh_meta WHERE key = 'schema_version'")
                    .fetch_one(&mut *conn)
                    .await?;
                let version: usize = version
                    .parse()
                    .map_err(|_| $crate::StoreError::Corrupt(format!("schema version `{version}`")))?;
                if version > $crate::common::SCHEMA_VERSION {
                    return Err($crate::StoreError::Config(format!(
                        "the database has schema version {version}, newer than this Safehouse knows ({}): upgrade Safehouse",
                        $crate::common::SCHEMA_VERSION
                    )));
                }
                for (done, migration) in $crate::common::MIGRATIONS.iter().enumerate().skip(version.max(1) - 1) {
                    for statement in *migration {
                        sqlx::query(*statement).execute(&mut *conn).await?;
                    }
                    sqlx::query("UPDATE sh_meta SET value = $1 WHERE key = 'schema_version'")
                        .bind((done + 2).to_string())
                        .execute(&mut *conn)
                        .await?;
                }
                Ok(())
            }

            /// Ends a transaction that changed a match's seats (`changed`) or not: commits the
            /// change with a [`Notice::Seats`](crate::Notice::Seats) for the other nodes, or drops
            /// the transaction. Whether anything changed.
            async fn commit_seat_change(
                &self,
                mut tx: sqlx::Transaction<'static, <$store as $crate::common::SqlBackend>::Database>,
                match_id: &str,
                changed: bool,
            ) -> Result<bool, $crate::StoreError> {
                if !changed {
                    return Ok(false);
                }
                let notice = $crate::Notice::Seats { match_id: match_id.to_owned() };
                self.notify(&mut tx, &$crate::encode_notice(self.node(), &notice)).await?;
                tx.commit().await?;
                Ok(true)
            }
        }

        #[async_trait::async_trait]
        impl $crate::Store for $store {
            fn backend(&self) -> $crate::Backend {
                $backend
            }

            async fn create_match(&self, header: &$crate::NewMatch) -> Result<(), $crate::StoreError> {
                let done = sqlx::query(
                    "INSERT INTO sh_matches (id, game, players, options, seed, deal, seats, created_at, updated_at, settings)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9) ON CONFLICT DO NOTHING",
                )
                .bind(&header.id)
                .bind(&header.game)
                .bind(i32::from(header.players))
                .bind($crate::to_text(&header.options))
                .bind(header.seed as i64)
                .bind(header.deal.as_ref().map($crate::to_text))
                .bind($crate::to_text(&header.seats))
                .bind(header.created_at_ms)
                .bind($crate::to_text(&header.settings))
                .execute(self.write_pool())
                .await?;
                if done.rows_affected() == 0 {
                    return Err($crate::StoreError::Duplicate(header.id.clone()));
                }
                Ok(())
            }

            async fn load_match(&self, id: &str) -> Result<Option<$crate::StoredMatch>, $crate::StoreError> {
                use sqlx::Row;
                let row = sqlx::query(
                    "SELECT id, game, players, options, seed, deal, seats, created_at, finished, outcome, settings
                     FROM sh_matches WHERE id = $1",
                )
                .bind(id)
                .fetch_optional(self.read_pool())
                .await?;
                let Some(row) = row else { return Ok(None) };
                let players: i32 = row.try_get("players")?;
                let deal: Option<String> = row.try_get("deal")?;
                let outcome: Option<String> = row.try_get("outcome")?;
                let header = $crate::NewMatch {
                    id: row.try_get("id")?,
                    game: row.try_get("game")?,
                    players: u8::try_from(players).map_err(|e| $crate::StoreError::Corrupt(e.to_string()))?,
                    options: $crate::from_text(&row.try_get::<String, _>("options")?)?,
                    seed: row.try_get::<i64, _>("seed")? as u64,
                    deal: deal.as_deref().map($crate::from_text).transpose()?,
                    seats: $crate::from_text(&row.try_get::<String, _>("seats")?)?,
                    created_at_ms: row.try_get("created_at")?,
                    settings: $crate::from_text(&row.try_get::<String, _>("settings")?)?,
                };
                let finished = row.try_get::<i32, _>("finished")? != 0;
                let outcome = outcome.as_deref().map($crate::from_text).transpose()?;
                let actions = self.actions_since(id, 0).await?;
                let seats = self.seat_claims(id).await?;
                let table_events = self.table_events(id, 0).await?;
                Ok(Some($crate::StoredMatch { header, finished, outcome, actions, seats, table_events }))
            }

            async fn actions_since(
                &self,
                id: &str,
                after: u64,
            ) -> Result<Vec<$crate::StoredAction>, $crate::StoreError> {
                use sqlx::Row;
                let rows = sqlx::query(
                    "SELECT seq, seat, action, actor, at FROM sh_actions WHERE match_id = $1 AND seq > $2 ORDER BY seq",
                )
                .bind(id)
                .bind(after as i64)
                .fetch_all(self.read_pool())
                .await?;
                let mut out = Vec::with_capacity(rows.len());
                let mut expected = after + 1;
                for row in rows {
                    let seq = row.try_get::<i64, _>("seq")? as u64;
                    if seq != expected {
                        return Err($crate::StoreError::Corrupt(format!(
                            "match {id}: action {expected} is missing (found {seq})"
                        )));
                    }
                    expected += 1;
                    let seat: i32 = row.try_get("seat")?;
                    out.push($crate::StoredAction {
                        seq,
                        seat: u8::try_from(seat).map_err(|e| $crate::StoreError::Corrupt(e.to_string()))?,
                        action: $crate::from_text(&row.try_get::<String, _>("action")?)?,
                        actor: row.try_get("actor")?,
                        at_ms: row.try_get("at")?,
                    });
                }
                Ok(out)
            }

            async fn append(
                &self,
                batch: &[$crate::Append],
            ) -> Result<Vec<$crate::AppendOutcome>, $crate::StoreError> {
                use sqlx::Row;
                if batch.is_empty() {
                    return Ok(Vec::new());
                }
                // One statement for the whole batch. A row is stored only if its match exists and
                // is not finished and the previous action is stored (or it is the first), and
                // `ON CONFLICT DO NOTHING` drops a sequence number already taken (another node
                // was first). `RETURNING` says which rows went in.
                let mut sql = String::from(
                    "INSERT INTO sh_actions (match_id, seq, seat, action, actor, at) \
                     SELECT column1, column2, column3, column4, column5, column6 FROM (VALUES ",
                );
                for i in 0..batch.len() {
                    let p = i * 6;
                    if i > 0 {
                        sql.push_str(", ");
                    }
                    sql.push_str(&format!(
                        "(CAST(${} AS TEXT), CAST(${} AS BIGINT), CAST(${} AS INTEGER), CAST(${} AS TEXT), CAST(${} AS TEXT), CAST(${} AS BIGINT))",
                        p + 1, p + 2, p + 3, p + 4, p + 5, p + 6
                    ));
                }
                sql.push_str(
                    ") AS v WHERE EXISTS (SELECT 1 FROM sh_matches m WHERE m.id = v.column1 AND m.finished = 0) \
                     AND (v.column2 = 1 OR EXISTS (SELECT 1 FROM sh_actions p WHERE p.match_id = v.column1 AND p.seq = v.column2 - 1)) \
                     ON CONFLICT DO NOTHING RETURNING match_id, seq",
                );
                let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
                for append in batch {
                    let action = &append.action;
                    query = query
                        .bind(append.match_id.clone())
                        .bind(action.seq as i64)
                        .bind(i32::from(action.seat))
                        .bind($crate::to_text(&action.action))
                        .bind(action.actor.clone())
                        .bind(action.at_ms);
                }
                let collect = |rows: Vec<_>| -> Result<std::collections::HashSet<(String, u64)>, $crate::StoreError> {
                    let mut stored = std::collections::HashSet::with_capacity(batch.len());
                    for row in rows {
                        let row: &<<$store as $crate::common::SqlBackend>::Database as sqlx::Database>::Row = &row;
                        let id: String = row.try_get(0)?;
                        let seq: i64 = row.try_get(1)?;
                        stored.insert((id, seq as u64));
                    }
                    Ok(stored)
                };
                if <$store as $crate::common::SqlBackend>::AUTOCOMMIT_APPEND && batch.iter().all(|a| a.finish.is_none()) {
                    // One statement is one transaction: the whole batch is durable in a single
                    // round trip to the database thread (a third of the explicit BEGIN/COMMIT's).
                    let stored = collect(query.fetch_all(self.write_pool()).await?)?;
                    return Ok(batch
                        .iter()
                        .map(|a| {
                            if stored.contains(&(a.match_id.clone(), a.action.seq)) {
                                $crate::AppendOutcome::Stored
                            } else {
                                $crate::AppendOutcome::Conflict
                            }
                        })
                        .collect());
                }
                let mut tx = self.write_pool().begin().await?;
                let stored = collect(query.fetch_all(&mut *tx).await?)?;
                let mut outcomes = Vec::with_capacity(batch.len());
                let mut notices = Vec::new();
                for append in batch {
                    let key = (append.match_id.clone(), append.action.seq);
                    if !stored.contains(&key) {
                        outcomes.push($crate::AppendOutcome::Conflict);
                        continue;
                    }
                    if let Some(outcome) = &append.finish {
                        sqlx::query("UPDATE sh_matches SET finished = 1, outcome = $2, last_seq = $3, updated_at = $4 WHERE id = $1")
                            .bind(&append.match_id)
                            .bind($crate::to_text(outcome))
                            .bind(append.action.seq as i64)
                            .bind(append.action.at_ms)
                            .execute(&mut *tx)
                            .await?;
                    }
                    let notice = $crate::Notice::Action { match_id: append.match_id.clone(), seq: append.action.seq };
                    notices.push($crate::encode_notice(self.node(), &notice));
                    outcomes.push($crate::AppendOutcome::Stored);
                }
                self.notify_all(&mut tx, notices).await?;
                tx.commit().await?;
                Ok(outcomes)
            }

            async fn claim_seat(&self, id: &str, claim: &$crate::SeatClaim) -> Result<bool, $crate::StoreError> {
                let mut tx = self.write_pool().begin().await?;
                let done = sqlx::query(
                    "INSERT INTO sh_seats (match_id, seat, token_hash, name, joined_at, away)
                     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
                )
                .bind(id)
                .bind(i32::from(claim.seat))
                .bind(&claim.token_hash)
                .bind(&claim.name)
                .bind(claim.joined_at_ms)
                .bind(i32::from(claim.away))
                .execute(&mut *tx)
                .await?;
                self.commit_seat_change(tx, id, done.rows_affected() > 0).await
            }

            async fn seat_claims(&self, id: &str) -> Result<Vec<$crate::SeatClaim>, $crate::StoreError> {
                use sqlx::Row;
                let rows = sqlx::query(
                    "SELECT seat, token_hash, name, joined_at, away FROM sh_seats WHERE match_id = $1 ORDER BY seat",
                )
                .bind(id)
                .fetch_all(self.read_pool())
                .await?;
                let mut out = Vec::with_capacity(rows.len());
                for row in rows {
                    let seat: i32 = row.try_get("seat")?;
                    out.push($crate::SeatClaim {
                        seat: u8::try_from(seat).map_err(|e| $crate::StoreError::Corrupt(e.to_string()))?,
                        token_hash: row.try_get("token_hash")?,
                        name: row.try_get("name")?,
                        joined_at_ms: row.try_get("joined_at")?,
                        away: row.try_get::<i32, _>("away")? != 0,
                    });
                }
                Ok(out)
            }

            async fn replace_seat_token(
                &self,
                id: &str,
                seat: u8,
                old_hash: &str,
                new_hash: &str,
            ) -> Result<bool, $crate::StoreError> {
                let mut tx = self.write_pool().begin().await?;
                let done = sqlx::query(
                    "UPDATE sh_seats SET token_hash = $4 WHERE match_id = $1 AND seat = $2 AND token_hash = $3",
                )
                .bind(id)
                .bind(i32::from(seat))
                .bind(old_hash)
                .bind(new_hash)
                .execute(&mut *tx)
                .await?;
                self.commit_seat_change(tx, id, done.rows_affected() > 0).await
            }

            async fn set_away(&self, id: &str, seat: u8, away: bool) -> Result<(), $crate::StoreError> {
                let mut tx = self.write_pool().begin().await?;
                sqlx::query("UPDATE sh_seats SET away = $3 WHERE match_id = $1 AND seat = $2")
                    .bind(id)
                    .bind(i32::from(seat))
                    .bind(i32::from(away))
                    .execute(&mut *tx)
                    .await?;
                let notice = $crate::Notice::Seats { match_id: id.to_owned() };
                self.notify(&mut tx, &$crate::encode_notice(self.node(), &notice)).await?;
                tx.commit().await?;
                Ok(())
            }

            async fn live_match_ids(&self) -> Result<Vec<String>, $crate::StoreError> {
                use sqlx::Row;
                let rows = sqlx::query("SELECT id FROM sh_matches WHERE finished = 0 ORDER BY created_at, id")
                    .fetch_all(self.read_pool())
                    .await?;
                rows.iter().map(|row| row.try_get("id").map_err($crate::StoreError::from)).collect()
            }

            async fn list_matches(
                &self,
                limit: u32,
                live_only: bool,
            ) -> Result<Vec<$crate::MatchSummary>, $crate::StoreError> {
                use sqlx::Row;
                let rows = sqlx::query(
                    "SELECT id, game, players, finished, created_at,
                       (SELECT COALESCE(MAX(a.seq), 0) FROM sh_actions a WHERE a.match_id = sh_matches.id) AS last_seq
                     FROM sh_matches WHERE finished = 0 OR $1 = 0 ORDER BY created_at DESC, id LIMIT $2",
                )
                .bind(i32::from(live_only))
                .bind(i64::from(limit))
                .fetch_all(self.read_pool())
                .await?;
                let mut out = Vec::with_capacity(rows.len());
                for row in rows {
                    let players: i32 = row.try_get("players")?;
                    out.push($crate::MatchSummary {
                        id: row.try_get("id")?,
                        game: row.try_get("game")?,
                        players: u8::try_from(players).map_err(|e| $crate::StoreError::Corrupt(e.to_string()))?,
                        finished: row.try_get::<i32, _>("finished")? != 0,
                        actions: row.try_get::<i64, _>("last_seq")? as u64,
                        created_at_ms: row.try_get("created_at")?,
                    });
                }
                Ok(out)
            }

            async fn count_live(&self) -> Result<u64, $crate::StoreError> {
                use sqlx::Row;
                let row = sqlx::query("SELECT COUNT(*) AS n FROM sh_matches WHERE finished = 0")
                    .fetch_one(self.read_pool())
                    .await?;
                Ok(row.try_get::<i64, _>("n")? as u64)
            }

            async fn append_table_event(
                &self,
                match_id: &str,
                kind: &str,
                data: &serde_json::Value,
                at_ms: i64,
            ) -> Result<u64, $crate::StoreError> {
                let n = self.append_table_event_within(match_id, kind, data, at_ms, u32::MAX).await?;
                n.ok_or_else(|| $crate::StoreError::Corrupt(format!("match {match_id}: the table log is full")))
            }

            async fn append_table_event_within(
                &self,
                match_id: &str,
                kind: &str,
                data: &serde_json::Value,
                at_ms: i64,
                most: u32,
            ) -> Result<Option<u64>, $crate::StoreError> {
                let data = $crate::to_text(data);
                // The next number is taken inside the insert; two nodes appending at once may pick
                // the same one, and then the primary key lets one in and the other tries again,
                // counting the events of its kind again (the cap is only read by the statement that
                // appends). Without a cap (`most` = u32::MAX) the statement leaves the count out:
                // it would read every event of the kind at each append, and always be below it.
                const CAPPED: &str = "INSERT INTO sh_table_events (match_id, n, kind, data, at)
                     SELECT $1, COALESCE((SELECT MAX(e.n) FROM sh_table_events e WHERE e.match_id = $1), 0) + 1, $2, $3, $4
                     WHERE EXISTS (SELECT 1 FROM sh_matches m WHERE m.id = $1)
                       AND (SELECT COUNT(*) FROM sh_table_events c WHERE c.match_id = $1 AND c.kind = $2) < $5
                     ON CONFLICT DO NOTHING RETURNING n";
                const UNCAPPED: &str = "INSERT INTO sh_table_events (match_id, n, kind, data, at)
                     SELECT $1, COALESCE((SELECT MAX(e.n) FROM sh_table_events e WHERE e.match_id = $1), 0) + 1, $2, $3, $4
                     WHERE EXISTS (SELECT 1 FROM sh_matches m WHERE m.id = $1)
                     ON CONFLICT DO NOTHING RETURNING n";
                let statement = if most == u32::MAX { UNCAPPED } else { CAPPED };
                for _ in 0..32 {
                    let mut tx = self.write_pool().begin().await?;
                    let mut insert = sqlx::query_scalar(statement).bind(match_id).bind(kind).bind(&data).bind(at_ms);
                    if most != u32::MAX {
                        insert = insert.bind(i64::from(most));
                    }
                    let n: Option<i64> = insert.fetch_optional(&mut *tx).await?;
                    if let Some(n) = n {
                        let notice = $crate::Notice::Table { match_id: match_id.to_owned(), n: n as u64 };
                        self.notify(&mut tx, &$crate::encode_notice(self.node(), &notice)).await?;
                        tx.commit().await?;
                        return Ok(Some(n as u64));
                    }
                    tx.rollback().await?;
                    let known: Option<i32> = sqlx::query_scalar("SELECT 1 FROM sh_matches WHERE id = $1")
                        .bind(match_id)
                        .fetch_optional(self.write_pool())
                        .await?;
                    if known.is_none() {
                        return Err($crate::StoreError::Unknown(match_id.to_owned()));
                    }
                    if most < u32::MAX {
                        let held: i64 = sqlx::query_scalar(
                            "SELECT COUNT(*) FROM sh_table_events WHERE match_id = $1 AND kind = $2",
                        )
                        .bind(match_id)
                        .bind(kind)
                        .fetch_one(self.write_pool())
                        .await?;
                        if held >= i64::from(most) {
                            return Ok(None);
                        }
                    }
                }
                Err($crate::StoreError::Corrupt(format!("match {match_id}: the table log is too contended")))
            }

            async fn table_events(&self, match_id: &str, after: u64) -> Result<Vec<$crate::TableEvent>, $crate::StoreError> {
                use sqlx::Row;
                let rows = sqlx::query(
                    "SELECT n, kind, data, at FROM sh_table_events WHERE match_id = $1 AND n > $2 ORDER BY n",
                )
                .bind(match_id)
                .bind(after as i64)
                .fetch_all(self.read_pool())
                .await?;
                let mut out = Vec::with_capacity(rows.len());
                for row in rows {
                    out.push($crate::TableEvent {
                        n: row.try_get::<i64, _>("n")? as u64,
                        kind: row.try_get("kind")?,
                        data: $crate::from_text(&row.try_get::<String, _>("data")?)?,
                        at_ms: row.try_get("at")?,
                    });
                }
                Ok(out)
            }

            async fn release_seat(&self, match_id: &str, seat: u8) -> Result<bool, $crate::StoreError> {
                let mut tx = self.write_pool().begin().await?;
                let done = sqlx::query("DELETE FROM sh_seats WHERE match_id = $1 AND seat = $2")
                    .bind(match_id)
                    .bind(i32::from(seat))
                    .execute(&mut *tx)
                    .await?;
                self.commit_seat_change(tx, match_id, done.rows_affected() > 0).await
            }

            async fn close_match(
                &self,
                match_id: &str,
                outcome: &serde_json::Value,
                at_ms: i64,
            ) -> Result<bool, $crate::StoreError> {
                let mut tx = self.write_pool().begin().await?;
                let done = sqlx::query(
                    "UPDATE sh_matches SET finished = 1, outcome = $2, updated_at = $3 WHERE id = $1 AND finished = 0",
                )
                .bind(match_id)
                .bind($crate::to_text(outcome))
                .bind(at_ms)
                .execute(&mut *tx)
                .await?;
                if done.rows_affected() == 0 {
                    return Ok(false);
                }
                sqlx::query("DELETE FROM sh_listings WHERE match_id = $1").bind(match_id).execute(&mut *tx).await?;
                let notice = $crate::Notice::Closed { match_id: match_id.to_owned() };
                self.notify(&mut tx, &$crate::encode_notice(self.node(), &notice)).await?;
                tx.commit().await?;
                Ok(true)
            }

            async fn set_listing(
                &self,
                match_id: &str,
                listing: Option<&serde_json::Value>,
                at_ms: i64,
            ) -> Result<(), $crate::StoreError> {
                match listing {
                    // Only a match that exists and has not ended can be listed.
                    Some(listing) => sqlx::query(
                        "INSERT INTO sh_listings (match_id, listing, updated_at)
                         SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM sh_matches m WHERE m.id = $1 AND m.finished = 0)
                         ON CONFLICT (match_id) DO UPDATE SET listing = excluded.listing, updated_at = excluded.updated_at",
                    )
                    .bind(match_id)
                    .bind($crate::to_text(listing))
                    .bind(at_ms)
                    .execute(self.write_pool())
                    .await?,
                    None => sqlx::query("DELETE FROM sh_listings WHERE match_id = $1")
                        .bind(match_id)
                        .execute(self.write_pool())
                        .await?,
                };
                Ok(())
            }

            async fn listings(&self, limit: u32) -> Result<Vec<$crate::Listing>, $crate::StoreError> {
                use sqlx::Row;
                let rows = sqlx::query(
                    "SELECT match_id, listing, updated_at FROM sh_listings ORDER BY updated_at DESC, match_id LIMIT $1",
                )
                .bind(i64::from(limit))
                .fetch_all(self.read_pool())
                .await?;
                let mut out = Vec::with_capacity(rows.len());
                for row in rows {
                    out.push($crate::Listing {
                        match_id: row.try_get("match_id")?,
                        listing: $crate::from_text(&row.try_get::<String, _>("listing")?)?,
                        updated_at_ms: row.try_get("updated_at")?,
                    });
                }
                Ok(out)
            }

            async fn export(
                &self,
                out: tokio::sync::mpsc::Sender<$crate::Batch>,
            ) -> Result<(), $crate::StoreError> {
                use futures_util::TryStreamExt;
                use sqlx::Row;
                let closed = |_| $crate::StoreError::Closed;
                // One read transaction: every table from the same snapshot, streamed in batches.
                let begin = <$store as $crate::common::SqlBackend>::BEGIN_SNAPSHOT;
                let mut tx = self.read_pool().begin_with(begin).await?;
                for (table, (name, columns)) in $crate::common::COPIED_TABLES.iter().enumerate() {
                    let names: Vec<&str> = columns.iter().map(|(column, _)| *column).collect();
                    // Names from `COPIED_TABLES` only, never from input.
                    let sql = sqlx::AssertSqlSafe(format!("SELECT {} FROM {name}", names.join(", ")));
                    let mut rows = sqlx::query(sql).fetch(&mut *tx);
                    let full = $crate::common::COPY_ROWS_PER_INSERT * columns.len();
                    let mut cells = Vec::with_capacity(full);
                    while let Some(row) = rows.try_next().await? {
                        for (i, (_, column)) in columns.iter().enumerate() {
                            cells.push(match column {
                                $crate::common::Column::Text => $crate::Cell::Text(row.try_get(i)?),
                                $crate::common::Column::Int => $crate::Cell::Int(row.try_get(i)?),
                                $crate::common::Column::BigInt => $crate::Cell::BigInt(row.try_get(i)?),
                            });
                        }
                        if cells.len() == full {
                            let batch = std::mem::replace(&mut cells, Vec::with_capacity(full));
                            out.send($crate::Batch::rows(table, batch)).await.map_err(closed)?;
                        }
                    }
                    if !cells.is_empty() {
                        out.send($crate::Batch::rows(table, cells)).await.map_err(closed)?;
                    }
                }
                tx.commit().await?;
                out.send($crate::Batch::end()).await.map_err(closed)
            }

            async fn import(
                &self,
                mut batches: tokio::sync::mpsc::Receiver<$crate::Batch>,
            ) -> Result<$crate::CopySummary, $crate::StoreError> {
                let mut tx = self.write_pool().begin().await?;
                let held: i64 = sqlx::query_scalar("SELECT count(*) FROM sh_matches").fetch_one(&mut *tx).await?;
                if held > 0 {
                    return Err($crate::StoreError::Config(format!(
                        "the destination already holds {held} matches; a copy goes into an empty database"
                    )));
                }
                let mut summary = $crate::CopySummary { matches: 0, actions: 0 };
                // Until the source says it has sent everything: a source that stops early
                // (closing the channel) leaves nothing stored.
                while let Some((table, cells)) = batches.recv().await.ok_or($crate::StoreError::Closed)?.into_rows() {
                    let (name, columns) = $crate::common::COPIED_TABLES[table];
                    let names: Vec<&str> = columns.iter().map(|(column, _)| *column).collect();
                    let rows = (cells.len() / columns.len()) as u64;
                    match table {
                        $crate::common::MATCHES_TABLE => summary.matches += rows,
                        $crate::common::ACTIONS_TABLE => summary.actions += rows,
                        _ => {}
                    }
                    for part in cells.chunks($crate::common::COPY_ROWS_PER_INSERT * columns.len()) {
                        let mut insert = sqlx::QueryBuilder::new(format!("INSERT INTO {name} ({}) ", names.join(", ")));
                        insert.push_values(part.chunks(columns.len()), |mut values, row| {
                            for cell in row {
                                match cell {
                                    $crate::Cell::Text(text) => values.push_bind(text.clone()),
                                    $crate::Cell::Int(n) => values.push_bind(*n),
                                    $crate::Cell::BigInt(n) => values.push_bind(*n),
                                };
                            }
                        });
                        insert.build().execute(&mut *tx).await?;
                    }
                }
                tx.commit().await?;
                Ok(summary)
            }

            async fn ping(&self) -> Result<(), $crate::StoreError> {
                sqlx::query("SELECT 1").execute(self.read_pool()).await?;
                Ok(())
            }

            async fn listen(
                &self,
            ) -> Result<Option<tokio::sync::mpsc::UnboundedReceiver<$crate::Notice>>, $crate::StoreError> {
                self.listen_impl().await
            }
        }
    };
}

pub(crate) use impl_store;
