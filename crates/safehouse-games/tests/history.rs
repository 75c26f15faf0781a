//! `DynRecord::history` (the game log every viewer is shown) for every game: replayed from the
//! record, each viewer's history is exactly the events it was shown live, and it shows nothing the
//! viewer may not know: a re-deal of what the viewer cannot see (`testing::Redeal`) that leaves
//! its view the same must show it the same log entry.

use safehouse_engine::testing::{Redeal, play_random};
use safehouse_engine::{DynMatch, Game, GameRng, HistoryEntry, Match, Seat, Setup, Viewer};
use serde_json::Value;

fn viewers(players: usize) -> Vec<Viewer> {
    Seat::all(players).map(Viewer::Seat).chain(std::iter::once(Viewer::Spectator)).collect()
}

fn events_json<G: Game>(events: &[G::Event]) -> Vec<Value> {
    events.iter().map(|e| serde_json::to_value(e).expect("events serialise")).collect()
}

/// What the check found, so a test can insist that it had something to catch.
#[derive(Default)]
struct Found {
    /// Entries where some viewer is shown less than the unfiltered events.
    filtered: usize,
    /// Re-dealt steps compared against a history entry.
    redealt: usize,
}

fn check_game<G: Redeal>(games: u64) -> Found {
    let handle = safehouse_games::find(G::INFO.id).expect("registered").game;
    let mut found = Found::default();
    for players in G::INFO.min_players..=G::INFO.max_players {
        for seed in 0..games {
            let setup = Setup::<G>::new(players, seed);
            if G::new(&setup).is_err() {
                continue;
            }
            let mut rng = GameRng::from_seed(seed ^ 0x5eed);
            let (_, record) = play_random(&setup, &mut rng, 100_000);
            let dyn_record = DynMatch::record(&Match::from_record(record.clone()).expect("replays"));
            let viewers = viewers(players);
            let histories = dyn_record.history(handle, &viewers).expect("history");
            let context = |i: usize| format!("{} {players} players seed {seed} action {i}", G::INFO.id);
            let mut game = G::new(&setup).expect("setup");
            for (i, step) in record.actions.iter().enumerate() {
                let before = game.clone();
                let mut events = Vec::new();
                game.apply_as(step.seat, &step.action, &mut events).expect("legal");
                for (v, viewer) in viewers.iter().enumerate() {
                    let entry: &HistoryEntry = &histories[v][i];
                    assert_eq!((entry.seq, entry.seat), (i as u64 + 1, step.seat), "{}", context(i));
                    let seen: Vec<G::Event> = events.iter().filter_map(|e| game.event_view(e, *viewer)).collect();
                    assert_eq!(entry.events, events_json::<G>(&seen), "{}: {viewer:?}'s history", context(i));
                    if entry.events != events_json::<G>(&events) {
                        found.filtered += 1;
                    }
                    // The same action in a deal the viewer cannot tell apart: if its view comes
                    // out the same, so must its log entry.
                    let mut other = before.redeal(*viewer, &mut rng);
                    let mut other_events = Vec::new();
                    if other.apply_as(step.seat, &step.action, &mut other_events).is_err()
                        || other.view(*viewer) != game.view(*viewer)
                    {
                        continue;
                    }
                    found.redealt += 1;
                    let other_seen: Vec<G::Event> =
                        other_events.iter().filter_map(|e| other.event_view(e, *viewer)).collect();
                    assert_eq!(
                        entry.events,
                        events_json::<G>(&other_seen),
                        "{}: {viewer:?}'s log entry shows what differs between two deals it cannot tell apart",
                        context(i)
                    );
                }
            }
            assert_eq!(histories.iter().map(Vec::len).max(), Some(record.actions.len()));
        }
    }
    found
}

fn check(found: Found, hides: bool) {
    assert!(found.redealt > 0, "no re-dealt step was compared");
    if hides {
        assert!(found.filtered > 0, "no viewer was ever shown less than everything: the check caught nothing");
    }
}

#[test]
fn club_unlock_history_is_each_viewers_events() {
    check(check_game::<safehouse_club_unlock::ClubUnlock>(4), true);
}

#[test]
fn safe_breaker_history_is_each_viewers_events() {
    check(check_game::<safehouse_safe_breaker::SafeBreaker>(4), true);
}

#[test]
fn explosiv_history_is_each_viewers_events() {
    // Explosiv's only hidden event is a face-down discard, which random games with the default
    // options need not hold: the re-deals still compare every entry.
    check(check_game::<safehouse_explosiv::Explosiv>(4), false);
}

#[test]
fn the_safe_history_is_each_viewers_events() {
    check(check_game::<safehouse_the_safe::TheSafe>(3), true);
}

#[test]
fn a_record_of_another_game_is_refused() {
    let game = safehouse_games::all()[0];
    let other = safehouse_games::all()[1];
    let record = game
        .new_match(&safehouse_engine::DynSetup { seed: 1, ..Default::default() })
        .expect("a default match")
        .record();
    let error = record.history_for(other, Viewer::Spectator).expect_err("wrong game");
    assert_eq!(error.code(), "wrong_game");
}
