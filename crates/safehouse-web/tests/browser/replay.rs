//! The replay of a finished match in a real browser: auto-play steps on by itself, the move
//! list's current entry follows each step (marked, and scrolled into the list's view, whole),
//! and pause stops it (issue 16 item 9).

use super::*;

/// The replay page as a person sees it: the step in the address, the move list's current entry
/// (its number, how many entries are marked current, whether it lies inside the list's visible
/// part, or, taller than the list, starts at its top), whether the list scrolls at all, and
/// whether the page is playing (it offers Pause).
const REPLAY_JS: &str = r#"
const play = document.getElementById('play');
if (!play || !play.dataset.replay) return null;
const m = /[?&]step=(\d+)/.exec(location.search);
const current = document.getElementById('current-move');
const list = document.querySelector('.replay-log');
let visible = false;
let r = null, l = null;
if (current && list) {
  r = current.getBoundingClientRect();
  l = list.getBoundingClientRect();
  // Whole; or, for an entry taller than the list, from its top.
  visible = r.height <= l.height + 1
    ? r.top >= l.top - 1 && r.bottom <= l.bottom + 1
    : Math.abs(r.top - l.top) <= 1;
}
return {
  step: m ? Number(m[1]) : -1,
  current: current ? Number(current.getAttribute('value')) : -1,
  currents: document.querySelectorAll('.replay-log > li.current').length,
  visible: visible,
  scrolls: !!list && list.scrollHeight > list.clientHeight,
  playing: !!document.getElementById('pause-replay'),
  geometry: current && list ? [r.top, r.bottom, l.top, l.bottom, list.scrollTop, list.scrollHeight, list.clientHeight] : [],
  ready: document.readyState,
};
"#;

#[derive(Debug, Clone, PartialEq)]
struct ReplayState {
    step: i64,
    current: i64,
    currents: u64,
    visible: bool,
    scrolls: bool,
    playing: bool,
    /// For a failure's message: the entry's and the list's top and bottom, then the list's
    /// scrollTop, scrollHeight and clientHeight (px); and the document's readyState.
    geometry: Vec<f64>,
    ready: String,
}

async fn replay_state(b: &Browser) -> Option<ReplayState> {
    let v = b.js(REPLAY_JS, vec![]).await;
    if v.is_null() {
        return None;
    }
    Some(ReplayState {
        step: v["step"].as_i64().unwrap_or(-1),
        current: v["current"].as_i64().unwrap_or(-1),
        currents: v["currents"].as_u64().unwrap_or(0),
        visible: v["visible"].as_bool().unwrap_or(false),
        scrolls: v["scrolls"].as_bool().unwrap_or(false),
        playing: v["playing"].as_bool().unwrap_or(false),
        geometry: v["geometry"].as_array().map(|g| g.iter().filter_map(Value::as_f64).collect()).unwrap_or_default(),
        ready: v["ready"].as_str().unwrap_or_default().to_owned(),
    })
}

/// Waits for a replay page that `check` accepts; a time-out names the last page state seen and
/// the address, so that a rare failure says which part of the page was wrong.
async fn wait_replay(b: &Browser, what: &str, check: impl Fn(&ReplayState) -> bool) -> ReplayState {
    let started = Instant::now();
    let mut last = None;
    loop {
        if let Some(state) = replay_state(b).await {
            if check(&state) {
                return state;
            }
            last = Some(state);
        }
        if started.elapsed() >= WAIT {
            let at = b.js("return location.href;", vec![]).await;
            panic!("{}: timed out waiting for {what}; last seen {last:?} at {at}", b.name);
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// The move list's current entry is the step shown, the only one marked, and in view.
fn follows(state: &ReplayState) -> bool {
    state.current == state.step && state.currents == 1 && state.visible
}

#[test]
fn the_replay_plays_itself_its_move_list_follows_and_pause_stops_it() {
    run(0, |mut h| async move {
        let b = h.browser("replay").await;
        // Three bots play a whole Club Unlock game (a long one: the move list scrolls).
        set_up(&b, "club-unlock", &["easy", "easy", "easy"], &[], false).await;
        let id = b.match_id().await;
        b.wait_state("the bots to finish", |s| s.over).await;
        let total = h.record(&id).await.actions.len() as i64;
        assert!(total > 30, "a long game: {total} moves");

        // From a step deep in the game, so that the list has to scroll to show it.
        let from = total - 12;
        b.goto(&format!("/replay/{id}?step={from}&as=spectator")).await;
        let still = wait_replay(&b, "the replay page", |s| s.step == from).await;
        assert!(still.scrolls, "the move list scrolls: {still:?}");
        assert!(!still.playing && follows(&still), "a still replay's list shows its step: {still:?}");

        // Play: the steps come by themselves, each one followed by the list.
        assert!(b.click("#play-replay").await, "the replay has a Play button");
        let mut seen = Vec::new();
        for next in from + 1..=from + 3 {
            wait_replay(&b, "the next step by itself", |s| s.step == next && s.playing).await;
            let state = wait_replay(&b, "the list to follow", |s| s.step == next && follows(s)).await;
            seen.push(state.step);
        }
        assert_eq!(seen, vec![from + 1, from + 2, from + 3], "auto-play steps on one move at a time");
        b.shot("replay-autoplay").await;

        // Pause: the step stays where it was paused.
        let before = wait_replay(&b, "a playing step", |s| s.playing).await;
        assert!(b.click("#pause-replay").await, "a playing replay has a Pause button");
        let paused = wait_replay(&b, "the pause", |s| !s.playing).await;
        // (Or the next one, if auto-play moved on between reading the step and the click.)
        assert!(
            (before.step..=before.step + 1).contains(&paused.step),
            "pause stops on the step it was pressed at: {before:?}, then {paused:?}"
        );
        assert!(follows(&paused), "the paused list shows its step: {paused:?}");
        tokio::time::sleep(Duration::from_millis(3 * 1500)).await;
        let later = wait_replay(&b, "the paused page", |_| true).await;
        assert_eq!(later.step, paused.step, "a paused replay stays on its step");
        assert!(!later.playing, "and stays paused");

        // A person's own step wins over auto-play's next one: once the page starts leaving (here
        // told so by hand, as a click on Pause tells it), its timer no longer navigates. (Without
        // this, a pause pressed while the server was slow to answer could be overridden: most
        // likely why this test once saw the paused replay play on to its end.)
        let at = total - 6;
        b.goto(&format!("/replay/{id}?step={at}&as=spectator&play=1")).await;
        wait_replay(&b, "a playing page", |s| s.step == at && s.playing).await;
        b.js("window.dispatchEvent(new Event('beforeunload'));", vec![]).await;
        tokio::time::sleep(Duration::from_millis(3 * 1500)).await;
        let left = wait_replay(&b, "the page left alone", |_| true).await;
        assert_eq!(left.step, at, "auto-play navigated after the page began to leave: {left:?}");

        // Played to the end, the replay stops by itself on the last step.
        b.goto(&format!("/replay/{id}?step={}&as=spectator&play=1", total - 1)).await;
        let end = wait_replay(&b, "the last step", |s| s.step == total).await;
        assert!(!end.playing && follows(&end), "the last step ends the play: {end:?}");

        // The tallest move is shown too: whole, or from its top when it is taller than the list
        // (an entry taller than half the list once hung below it, its top centred: a game
        // ending in a long move failed the check above).
        let tallest = b
            .js(
                "let best = null; for (const li of document.querySelectorAll('.replay-log > li')) {                  if (!best || li.offsetHeight > best.offsetHeight) best = li; }                  return [Number(best.getAttribute('value')), best.offsetHeight,                  document.querySelector('.replay-log').clientHeight];",
                vec![],
            )
            .await;
        let step = tallest[0].as_i64().expect("the tallest move's step");
        b.goto(&format!("/replay/{id}?step={step}&as=spectator")).await;
        let shown = wait_replay(&b, "the tallest move", |s| s.step == step).await;
        assert!(
            follows(&shown),
            "the tallest move ({tallest}: step, height and the list's, px) is not shown: {shown:?}"
        );
        b.close().await;
    });
}
