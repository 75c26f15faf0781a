//! Per-client rates shared by the nodes of one database through Redis (`limits_redis_url`,
//! `src/limits.rs`): a client spreading its requests over two nodes gets one allowance, not one
//! per node; and when Redis stalls, the nodes go on counting alone instead of waiting for it.
//!
//! Redis is found at `SAFEHOUSE_TEST_REDIS_URL` (default `redis://127.0.0.1:6379`). Without a
//! reachable Redis (or PostgreSQL) the test says `SKIPPED`, except under CI, where it fails.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use crate::common::*;
use safehouse_client::HttpClient;
use safehouse_server::{Config, Server};

fn redis_url() -> String {
    std::env::var("SAFEHOUSE_TEST_REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".to_owned())
}

/// A connection to the test Redis, or `None` (skip) when none answers outside CI.
async fn test_redis() -> Option<redis::aio::MultiplexedConnection> {
    let connect = async {
        let mut redis = redis::Client::open(redis_url())?.get_multiplexed_async_connection().await?;
        redis::cmd("PING").query_async::<String>(&mut redis).await?;
        Ok::<_, redis::RedisError>(redis)
    };
    let why = match tokio::time::timeout(Duration::from_secs(10), connect).await {
        Ok(Ok(redis)) => return Some(redis),
        Ok(Err(e)) => e.to_string(),
        Err(_) => "timed out".to_owned(),
    };
    if std::env::var("CI").is_ok_and(|v| v == "true" || v == "1") {
        panic!("Redis at {} is required under CI: {why}", redis_url());
    }
    use std::io::Write as _;
    let test = std::thread::current().name().unwrap_or("a Redis test").to_owned();
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: Redis at {} is not reachable ({why})", redis_url());
    None
}

/// A node of `schema` whose clients may send 6 requests at once and then almost nothing
/// (one a hundred seconds), counted through Redis when `shared`.
async fn node(schema: &str, shared: bool) -> Server {
    let config =
        Config { rate_per_sec: 0.01, rate_burst: 6.0, limits_redis_url: shared.then(redis_url), ..pg_config(schema) };
    safehouse_server::start(config).await.expect("node starts")
}

/// Sends `n` requests from `source`, to `a` and `b` in turn: how many were answered and how
/// many refused with `rate_limited`.
async fn alternate(a: &Server, b: &Server, source: &str, n: usize) -> (usize, usize) {
    let source: IpAddr = source.parse().expect("ip");
    let clients = [HttpClient::from_source(a.addr(), source), HttpClient::from_source(b.addr(), source)];
    let (mut answered, mut refused) = (0, 0);
    for i in 0..n {
        let reply = clients[i % 2].get("/api/games", None).await.expect("request");
        match reply.status {
            200 => answered += 1,
            429 => {
                assert_eq!(reply.code(), Some("rate_limited"), "{}", reply.text);
                refused += 1;
            }
            other => panic!("unexpected status {other}: {}", reply.text),
        }
    }
    (answered, refused)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_gets_one_allowance_from_all_the_nodes() {
    if !postgres_available().await {
        return;
    }
    let Some(mut redis) = test_redis().await else { return };

    // Each node counting alone: twelve requests over two nodes all pass (six a node).
    let alone = unique("sh_alone");
    let (a, b) = (node(&alone, false).await, node(&alone, false).await);
    assert_eq!(alternate(&a, &b, "127.0.0.91", 12).await, (12, 0), "without Redis each node has its own bucket");
    a.stop().await;
    b.stop().await;
    drop_schema(alone).await;

    // Sharing through Redis: six of the twelve pass, whichever node they reach.
    let schema = unique("sh_shared");
    let (a, b) = (node(&schema, true).await, node(&schema, true).await);
    assert_eq!(alternate(&a, &b, "127.0.0.91", 12).await, (6, 6), "one bucket for both nodes");
    assert_eq!(alternate(&a, &b, "127.0.0.92", 2).await, (2, 0), "another client has its own");

    // Redis stalls (its clients' writes paused for 1.5 s): the nodes answer within their wait
    // for Redis, counting alone.
    redis::cmd("CLIENT").arg("PAUSE").arg(1500).arg("WRITE").query_async::<()>(&mut redis).await.expect("pause");
    let stalled = HttpClient::from_source(a.addr(), "127.0.0.93".parse().expect("ip"));
    for _ in 0..3 {
        let started = Instant::now();
        let reply = stalled.get("/api/games", None).await.expect("request");
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert!(started.elapsed() < Duration::from_secs(1), "answered in {:?}", started.elapsed());
    }
    tokio::time::sleep(Duration::from_millis(1600)).await;
    assert_eq!(alternate(&a, &b, "127.0.0.91", 2).await, (0, 2), "counted in Redis again");
    a.stop().await;
    b.stop().await;
    drop_schema(schema).await;
}
