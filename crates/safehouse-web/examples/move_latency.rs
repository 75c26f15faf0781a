//! How long a move takes to reach the other player's page, in two real browsers.
//!
//! Two people, each in a headless Chromium of their own (separate profiles, one chromedriver
//! session each, through the browser tests' harness in `tests/browser.rs`), play Explosiv
//! against each other through an invite link, table after table, until `MOVES` moves were
//! measured. For each move the time runs from the mover's page submitting the move form (a
//! capture listener on `submit`, before the table script's own) to the other page having drawn
//! the table at the new action (a `MutationObserver` on `#play`'s `data-seq`, which the table
//! script sets right after swapping in the redrawn table). Both times come from the pages' own
//! clocks (`performance.timeOrigin + performance.now()`), on one machine, so no WebDriver round
//! trip is counted. The path measured: the move's POST, the server's WebSocket `update` to the
//! other page, its `/frag` fetch and the redraw.
//!
//! ```text
//! cargo run --release -p safehouse-web --example move_latency -- [MOVES]
//! ```
//!
//! Prints the median, p90, p99 and max in milliseconds. Needs `chromium` and `chromium-driver`
//! (as the browser tests do); fails without them.

#[allow(dead_code, unused_imports)]
#[path = "../tests/browser.rs"]
mod browser;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use browser::{Browser, Harness};
use serde_json::{Value, json};

/// Moves measured unless the command line says otherwise.
const DEFAULT_MOVES: usize = 200;

/// Installed in both pages once the table is drawn: when each action's seq was first drawn, and
/// when each move form was submitted (with the seq it was submitted at).
const INSTRUMENT_JS: &str = r#"
const p = document.getElementById('play');
const now = () => performance.timeOrigin + performance.now();
window.__seen = {};
window.__sent = {};
let last = Number(p.dataset.seq);
new MutationObserver(() => {
  const v = Number(p.dataset.seq), t = now();
  for (let k = last + 1; k <= v; k++) if (!(k in window.__seen)) window.__seen[k] = t;
  if (v > last) last = v;
}).observe(p, { attributes: true, attributeFilter: ['data-seq'] });
document.addEventListener('submit', (e) => {
  if (e.target.id === 'act-form') window.__sent[Number(p.dataset.seq) + 1] = now();
}, true);
return true;
"#;

async fn stamp(b: &Browser, map: &str, seq: u64) -> Option<f64> {
    let v: Value = b.js(&format!("return (window.{map} || {{}})[arguments[0]];"), vec![json!(seq)]).await;
    v.as_f64()
}

/// One table: Alice sets it up, Bob comes through the invite link, they play to the end. Pushes
/// each move's latency (ms) until `samples` holds `want`.
async fn one_table(h: &mut Harness, samples: &Arc<Mutex<Vec<f64>>>, want: usize, table: usize) {
    let a = h.browser("alice").await;
    let b = h.browser("bob").await;
    browser::set_up(&a, "explosiv", &["me", "friend"], &[], false).await;
    a.wait_for("input.invite-link").await;
    let link = a.js("return document.querySelector('input.invite-link').value;", vec![]).await;
    b.client.goto(link.as_str().expect("an invite link")).await.expect("the invite link opens");
    assert!(b.click("form button[type=submit]").await, "take the seat");
    b.wait_for("#play").await;
    assert_eq!(a.match_id().await, b.match_id().await);
    for p in [&a, &b] {
        assert_eq!(p.js(INSTRUMENT_JS, vec![]).await, json!(true), "the page is instrumented");
    }
    let started = Instant::now();
    let mut turn = table * 13;
    loop {
        assert!(started.elapsed() < Duration::from_secs(300), "the table did not end");
        if samples.lock().expect("samples").len() >= want {
            break;
        }
        let (sa, sb) = (a.state().await.unwrap_or_default(), b.state().await.unwrap_or_default());
        if sa.over && sb.over {
            break;
        }
        let (mover, other, state) = if sa.mine {
            (&a, &b, sa)
        } else if sb.mine {
            (&b, &a, sb)
        } else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        if !browser::play_one(mover, "explosiv", turn).await {
            continue;
        }
        turn += 1;
        let seq = state.seq + 1;
        let waited = Instant::now();
        let shown = loop {
            if let Some(t) = stamp(other, "__seen", seq).await {
                break t;
            }
            assert!(waited.elapsed() < Duration::from_secs(20), "{}: move {seq} never shown", other.name);
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        let sent = stamp(mover, "__sent", seq).await.expect("the move's submit time");
        samples.lock().expect("samples").push(shown - sent);
    }
    a.close().await;
    b.close().await;
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn main() {
    let want: usize = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(DEFAULT_MOVES);
    let samples = Arc::new(Mutex::new(Vec::with_capacity(want)));
    let collected = Arc::clone(&samples);
    let tables = Arc::new(Mutex::new(0usize));
    let counted = Arc::clone(&tables);
    browser::run(0, move |mut h| async move {
        let mut table = 0;
        while collected.lock().expect("samples").len() < want {
            one_table(&mut h, &collected, want, table).await;
            table += 1;
        }
        *counted.lock().expect("tables") = table;
    });
    let mut sorted = samples.lock().expect("samples").clone();
    sorted.sort_by(f64::total_cmp);
    let tables = *tables.lock().expect("tables");
    println!("move to the other player's page, two headless Chromium browsers, Explosiv:");
    println!("  moves measured: {} over {tables} tables", sorted.len());
    println!("  median {:.1} ms", percentile(&sorted, 50.0));
    println!("  p90    {:.1} ms", percentile(&sorted, 90.0));
    println!("  p99    {:.1} ms", percentile(&sorted, 99.0));
    println!("  max    {:.1} ms", sorted.last().copied().unwrap_or(0.0));
}
