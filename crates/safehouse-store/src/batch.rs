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
    /// Starts the writer task on the current Tokio runtime.
    pub fn spawn(store: Arc<dyn Store>, max_batch: usize) -> Self {
        let max_batch = max_batch.max(1);
        let (tx, mut rx) = mpsc::channel::<(Append, Reply)>(max_batch * 4);
        tokio::spawn(async move {
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
                let result = store.append(&appends).await;
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
        });
        BatchWriter { tx }
    }

    /// Stores one action; returns once it is durable (or rejected as a conflict).
    pub async fn append(&self, append: Append) -> Result<AppendOutcome, Arc<StoreError>> {
        let (reply, answer) = oneshot::channel();
        self.tx.send((append, reply)).await.map_err(|_| Arc::new(StoreError::Closed))?;
        answer.await.map_err(|_| Arc::new(StoreError::Closed))?
    }
}
