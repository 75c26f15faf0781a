//! Group commit: many matches' actions stored in one durable transaction.
//!
//! A disk flush costs about the same for one action as for a hundred, so a single writer task
//! takes whatever appends are waiting (up to a batch limit), stores them in one transaction, and
//! only then answers each caller. Under load this turns a thousand flushes a second into a few
//! dozen; when idle, an append is written at once (no waiting for a batch to fill).

use std::sync::Arc;

use tokio::sync::{mpsc, oneshot};

use crate::{Append, AppendOutcome, Store, StoreError};

type Reply = oneshot::Sender<Result<AppendOutcome, Arc<StoreError>>>;

/// The handle to a group-commit writer task. Cloning it is cheap; the task stops when every
/// handle is dropped.
#[derive(Clone, Debug)]
pub struct BatchWriter {
    tx: mpsc::Sender<(Append, Reply)>,
}

impl BatchWriter {
    /// Starts the writer on a thread of its own, so that a busy event loop never delays a
    /// commit, and a slow commit never blocks the event loop.
    ///
    /// Called inside a Tokio runtime (the server's), the thread polls the writer with that
    /// runtime's handle: the connections the store's pool opens for the writer register with
    /// the same I/O driver as everyone else's. A runtime of the writer's own would hand the pool
    /// connections that die with it (a store test once failed on one: "A Tokio 1.x context was
    /// found, but it is being shutdown"). Outside a runtime it gets a small one of its own.
    pub fn spawn(store: Arc<dyn Store>, max_batch: usize) -> Self {
        let max_batch = max_batch.max(1);
        let (tx, rx) = mpsc::channel::<(Append, Reply)>(max_batch * 4);
        let runtime = tokio::runtime::Handle::try_current();
        let spawned = std::thread::Builder::new().name("safehouse-writer".into()).spawn(move || match runtime {
            Ok(handle) => handle.block_on(Self::run(store, rx, max_batch)),
            Err(_) => match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                Ok(runtime) => runtime.block_on(Self::run(store, rx, max_batch)),
                Err(error) => tracing::error!(%error, "cannot start the storage writer"),
            },
        });
        if let Err(error) = spawned {
            tracing::error!(%error, "cannot start the storage writer thread");
        }
        BatchWriter { tx }
    }

    async fn run(store: Arc<dyn Store>, mut rx: mpsc::Receiver<(Append, Reply)>, max_batch: usize) {
        {
            let mut appends = Vec::with_capacity(max_batch);
            let mut replies = Vec::with_capacity(max_batch);
            while let Some((append, reply)) = rx.recv().await {
                appends.push(append);
                replies.push(reply);
                while appends.len() < max_batch {
                    match rx.try_recv() {
                        Ok((append, reply)) => {
                            appends.push(append);
                            replies.push(reply);
                        }
                        Err(_) => break,
                    }
                }
                let started = std::time::Instant::now();
                let result = store.append(&appends).await;
                tracing::trace!(batch = appends.len(), micros = started.elapsed().as_micros() as u64, "stored a batch");
                match result {
                    Ok(outcomes) => {
                        for (reply, outcome) in replies.drain(..).zip(outcomes) {
                            let _ = reply.send(Ok(outcome));
                        }
                    }
                    Err(error) => {
                        tracing::error!(%error, batch = appends.len(), "storing actions failed");
                        let error = Arc::new(error);
                        for reply in replies.drain(..) {
                            let _ = reply.send(Err(error.clone()));
                        }
                    }
                }
                appends.clear();
                replies.clear();
            }
        }
    }

    /// Stores one action; returns once it is durable (or rejected as a conflict).
    pub async fn append(&self, append: Append) -> Result<AppendOutcome, Arc<StoreError>> {
        let (reply, answer) = oneshot::channel();
        self.tx.send((append, reply)).await.map_err(|_| Arc::new(StoreError::Closed))?;
        answer.await.map_err(|_| Arc::new(StoreError::Closed))?
    }
}
