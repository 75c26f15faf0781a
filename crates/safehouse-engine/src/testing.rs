//! The shared test battery every game runs (in the spirit of OpenSpiel's `basic_tests`).
//!
//! `check_random_games` plays seeded random games and checks, at every step, the invariants
//! the engine contract promises. A game's own tests call it with setups covering its options
//! and add an `invariant` closure for its conservation laws (cards, keys, markers).
//! Failures panic with the seed, the step and what broke, so any failure replays exactly.
//!
//! [`check_golden_playthroughs`] keeps OpenSpiel-style playthroughs (every seat's view and the
//! legal actions at each step of a few seeded games) as text files reviewed in diffs.

use std::collections::HashSet;

use serde_json::Value;

use crate::dynamic::{DynGame, GameHandle};
use crate::{
    ActionError, Game, GameRng, MatchRecord, Outcome, RecordedAction, Seat, Setup, Viewer, random_playout_step,
};

/// Re-deals what one viewer cannot see: the independent half of the battery's hiding check.
///
/// Each game implements it in its own `src/redeal.rs`, from the rules and the state alone and
/// never through its view code, so that a view which shows too much is caught: the battery
/// checks that `viewer`'s view (and the events it is shown) come out the same in the real state
/// and in its re-deals. A redeal that changed nothing would make that check empty, so the
/// battery also checks that re-deals do change the state somewhere in a game.
pub trait Redeal: Game {
    /// A state that agrees with `self` on everything `viewer` may know — its own cards,
    /// everything public, the public history as far as the rules let it be remembered — with
    /// everything else (other seats' hands, the deck order, face-down cards, the numbers or
    /// cards a seat chose in secret, the generator of later chance) drawn anew from `rng`, so
    /// that any state consistent with that knowledge can come out. The spectator knows only what
    /// is public.
    ///
    /// Uniform sampling is best but not required: the hiding check compares the real state with
    /// one re-deal at every step, so what matters is that every hidden card can change; a bias
    /// only changes how soon a leak shows. (Safe Breaker and Explosiv sample exactly; Club
    /// Unlock by rejection, keeping the real starting keys when 2,000 tries find none; The Safe
    /// walks by swaps from the real deal. Each game's `redeal.rs` says why.)
    fn redeal(&self, viewer: Viewer, rng: &mut GameRng) -> Self;
}

/// Plays one game with uniformly random legal actions and returns its record.
///
/// # Panics
/// If the game is not over after `max_actions` actions, or an action the game itself listed
/// as legal is rejected.
pub fn play_random<G: Game>(setup: &Setup<G>, rng: &mut GameRng, max_actions: usize) -> (G, MatchRecord<G>) {
    let mut game = G::new(setup).unwrap_or_else(|e| panic!("setup {setup:?} failed: {e}"));
    let mut record = MatchRecord { setup: setup.clone(), actions: Vec::new() };
    let mut actions = Vec::new();
    let mut events = Vec::new();
    while let Some(seat) = game.to_move() {
        assert!(record.actions.len() < max_actions, "game did not end within {max_actions} actions: {setup:?}");
        let action = random_playout_step(&mut game, rng, &mut actions, &mut events).expect("game not over");
        record.actions.push(RecordedAction { seat, action });
    }
    (game, record)
}

/// Runs the battery over every setup: random games, at every step checking that
/// - a seat is to move exactly when the game is not over, and then it has a legal action;
///   `outcome()` is `None` until then;
/// - every action that is not legal now (of all those seen in the game) is rejected, and so is
///   a legal action sent by the wrong seat, and neither changes the state;
/// - the state survives a JSON round trip unchanged;
/// - for every seat, a state determinized from its view gives back the same view and the same
///   legal actions (so the view is a complete information set and leaks nothing it must not:
///   whatever determinization randomises cannot be in the view);
/// - **hiding**: for every viewer (each seat and the spectator), a [`Redeal`] of what it cannot
///   see shows it the same view, the same seat to move and, if it is to move, the same legal
///   actions; the action about to be played, applied to the re-deal too where it is legal
///   there (and, for a viewer that is not to move, another legal action of the re-deal, since
///   the mover's choice may itself be hidden), shows it the same events (event views) whenever
///   it leaves it the same view (an action that reveals a hidden card legitimately shows
///   different events and views in different deals); and the re-deal keeps `invariant`;
/// - views and filtered events serialise;
/// - `invariant` holds (the game's own conservation laws);
///
/// and at the end that the game has an outcome with one rank per seat, that replaying its
/// record, typed and through [`DynGame`], reproduces the final state exactly, and that the
/// re-deals changed what some viewer sees at least once over all setups (a redeal that
/// re-deals nothing could not catch a leak).
pub fn check_random_games<G: Redeal>(setups: &[Setup<G>], max_actions: usize, invariant: impl Fn(&G)) {
    let mut redeals_differ = false;
    // The last game's final state, to deal the next game into (`Game::new_into`).
    let mut last: Option<G> = None;
    for (number, setup) in setups.iter().enumerate() {
        let mut rng = GameRng::for_game(setup.seed, number as u64);
        let mut game = G::new(setup).unwrap_or_else(|e| panic!("setup {setup:?} failed: {e}"));
        if let Some(mut reused) = last.take() {
            G::new_into(setup, &mut reused).unwrap_or_else(|e| panic!("setup {setup:?} failed into a state: {e}"));
            assert!(reused == game, "game {number}: new_into a used state differs from new");
        }
        let mut record = MatchRecord { setup: setup.clone(), actions: Vec::new() };
        let mut seen: Vec<G::Action> = Vec::new();
        let mut legal = Vec::new();
        let mut events = Vec::new();
        let mut determinize_rng = GameRng::for_game(setup.seed ^ 0x5eed, number as u64);
        let mut redeal_rng = GameRng::for_game(setup.seed ^ 0xdea1, number as u64);
        loop {
            let step = record.actions.len();
            let context = || format!("game {number} (seed {}), step {step}", setup.seed);
            invariant(&game);
            check_serde_round_trip(&game, &context);
            check_views(&game, &mut determinize_rng, &context);
            game.legal_actions(&mut legal);
            let Some(seat) = game.to_move() else {
                assert!(legal.is_empty(), "{}: game over but legal actions listed", context());
                check_hiding(&game, None, &mut redeal_rng, &invariant, &context, &mut redeals_differ);
                break;
            };
            assert!(!legal.is_empty(), "{}: {seat} to move but no legal action", context());
            assert!(game.outcome().is_none(), "{}: the game is not over but has an outcome", context());
            let mut untouched = Outcome::team(1, 0, false, "untouched", "");
            assert!(
                !game.outcome_into(&mut untouched) && untouched == Outcome::team(1, 0, false, "untouched", ""),
                "{}: the game is not over but outcome_into wrote an outcome",
                context()
            );
            assert!(step < max_actions, "{}: game did not end within {max_actions} actions", context());
            for action in &legal {
                if !seen.contains(action) {
                    seen.push(action.clone());
                }
            }
            check_rejections(&game, seat, &legal, &seen, &context);
            let action = legal[rng.index(legal.len())].clone();
            check_hiding(&game, Some(&action), &mut redeal_rng, &invariant, &context, &mut redeals_differ);
            events.clear();
            game.apply(&action, &mut events)
                .unwrap_or_else(|e| panic!("{}: legal action {action:?} rejected: {e}", context()));
            for event in &events {
                for viewer in viewers(game.players()) {
                    if let Some(seen_event) = game.event_view(event, viewer) {
                        serde_json::to_string(&seen_event).expect("event serialises");
                    }
                }
            }
            record.actions.push(RecordedAction { seat, action });
        }
        let outcome = game.outcome().unwrap_or_else(|| panic!("game {number}: over but no outcome"));
        // Into a buffer that still holds another outcome, as a simulator's does.
        let mut figures = Outcome::team(6, 9, true, "stale", "stale");
        assert!(game.outcome_into(&mut figures), "game {number}: over but no outcome_into");
        assert_eq!(figures, Outcome { detail: String::new(), ..outcome.clone() }, "game {number}: outcome_into");
        assert_eq!(outcome.scores.len(), game.players(), "game {number}: one score per seat");
        assert_eq!(outcome.ranks.len(), game.players(), "game {number}: one rank per seat");
        let detail = outcome.detail.trim_end();
        assert!(
            !detail.is_empty() && !detail.ends_with('.'),
            "game {number}: the outcome's detail {:?} is not a phrase without a full stop",
            outcome.detail
        );
        let replayed = record.replay().unwrap_or_else(|e| panic!("game {number}: replay failed: {e}"));
        assert_eq!(replayed, game, "game {number}: replay differs");
        let record_json = serde_json::to_string(&record).expect("record serialises");
        let record_back: MatchRecord<G> = serde_json::from_str(&record_json).expect("record deserialises");
        assert_eq!(record_back.replay().ok().as_ref(), Some(&game), "game {number}: JSON record replay differs");
        check_dynamic_replay(&record, &game);
        last = Some(game);
    }
    assert!(
        setups.is_empty() || redeals_differ,
        "{}: no redeal ever changed what a viewer sees, now or after the next action: \
         Redeal::redeal re-deals nothing, so the hiding check cannot catch a leak",
        G::INFO.id
    );
}

/// One text a person reads, as [`read_every_text`] hands it over.
#[derive(Debug)]
pub struct PersonText<'a> {
    /// The words.
    pub text: &'a str,
    /// The JSON of the action or event the words say (`Null` for a view or a result), to check
    /// the words against: the JSON counts from 0, people from 1.
    pub json: Value,
    /// Whether the words are a refusal's message, which need not name everything the refused
    /// action holds.
    pub refusal: bool,
}

/// Plays one random game from each setup and hands `read` every text a person reads in it: at
/// every step each viewer's view text, each legal action as `describe` says it, the refusal of
/// each of `probes(state)` that is not legal (refusals change nothing), each event of the action
/// played as the state tells it and as every viewer sees it; and at the end each viewer's view
/// text and the result. The
/// game's moves are drawn from `GameRng::from_seed(setup.seed)`. Returns how many action, event
/// and refusal texts it read (views and results not counted), for a test to check it read enough.
///
/// # Panics
/// If a setup fails or a legal action is refused.
pub fn read_every_text<G: Game>(
    setups: &[Setup<G>],
    probes: impl Fn(&G) -> Vec<G::Action>,
    mut read: impl FnMut(PersonText<'_>),
) -> usize {
    fn json(value: &impl serde::Serialize) -> Value {
        serde_json::to_value(value).expect("serialises")
    }
    let mut texts = 0;
    for setup in setups {
        let mut game = G::new(setup).unwrap_or_else(|e| panic!("setup {setup:?} failed: {e}"));
        let mut rng = GameRng::from_seed(setup.seed);
        let (mut legal, mut events, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
        while game.to_move().is_some() {
            for viewer in viewers(game.players()) {
                read(PersonText { text: &game.view(viewer).to_string(), json: Value::Null, refusal: false });
            }
            game.legal_actions(&mut legal);
            for action in &legal {
                read(PersonText { text: &game.describe(action), json: json(action), refusal: false });
            }
            for probe in probes(&game) {
                // Only the refusals: a legal action would move the game on.
                if legal.contains(&probe) {
                    continue;
                }
                if let Err(ActionError::Illegal { message, .. }) = game.apply(&probe, &mut scratch) {
                    read(PersonText { text: &message, json: json(&probe), refusal: true });
                    texts += 1;
                }
            }
            let action = legal[rng.index(legal.len())].clone();
            events.clear();
            game.apply(&action, &mut events).unwrap_or_else(|e| panic!("legal action {action:?} refused: {e}"));
            for event in &events {
                read(PersonText { text: &event.to_string(), json: json(event), refusal: false });
                for viewer in viewers(game.players()) {
                    if let Some(seen) = game.event_view(event, viewer) {
                        read(PersonText { text: &seen.to_string(), json: json(&seen), refusal: false });
                    }
                }
            }
            texts += legal.len() + events.len();
        }
        // The table as it is left, then the result.
        for viewer in viewers(game.players()) {
            read(PersonText { text: &game.view(viewer).to_string(), json: Value::Null, refusal: false });
        }
        let outcome = game.outcome().expect("a game that is over has an outcome");
        read(PersonText { text: &outcome.detail, json: Value::Null, refusal: false });
    }
    texts
}

/// How a game's texts number what its JSON counts from 0, for [`check_counts_from_1`].
#[derive(Clone, Copy, Debug)]
pub struct Numbering<'a> {
    /// Words that a 0 must never follow ("seat 0"; "seat 10" is fine).
    pub never: &'a [&'a str],
    /// How people name the index a JSON field holds (`("seat", 2)` is "seat 3"); `None` for a
    /// field that holds no index.
    pub name: fn(&str, u64) -> Option<String>,
}

/// The first of `never` that `text` follows with a 0 (not the start of a longer number).
pub fn counts_from_0<'a>(text: &str, never: &[&'a str]) -> Option<&'a str> {
    never.iter().copied().find(|bad| {
        text.match_indices(bad).any(|(i, _)| !text[i + bad.len()..].starts_with(|c: char| c.is_ascii_digit()))
    })
}

/// The nouns the games count, in the plural; after a count of 1 a text says the singular.
const COUNTED_PLURALS: &[&str] = &[
    "cards",
    "keys",
    "safes",
    "markers",
    "entries",
    "rounds",
    "missions",
    "questions",
    "players",
    "seats",
    "points",
    "colours",
    "numbers",
    "briefcases",
    "bombs",
    "parts",
    "locks",
    "turns",
    "actions",
];

/// The first "1 <plural>" in `text` ("1 cards", not "11 cards" nor "1 card"), if any.
pub fn one_in_the_plural(text: &str) -> Option<&str> {
    text.match_indices("1 ").find_map(|(i, _)| {
        let after_digit = text[..i].ends_with(|c: char| c.is_ascii_digit() || c == '.' || c == ',');
        let rest = &text[i + 2..];
        let word = rest.split(|c: char| !c.is_ascii_alphabetic()).next().unwrap_or("");
        (!after_digit && COUNTED_PLURALS.contains(&word)).then(|| &text[i..i + 2 + word.len()])
    })
}

/// The first word of `text` written for the code rather than for people: a Rust value's debug
/// form (`Seat(2)`, `Some(..)`) or a snake_case code (`mission_limit_reached`).
pub fn machine_words(text: &str) -> Option<&str> {
    text.split(|c: char| c.is_whitespace() || ",;:.!?\"'`[]{}".contains(c)).find(|word| {
        let word = word.trim_matches(|c: char| c == '(' || c == ')');
        word.starts_with("Seat(")
            || word.starts_with("Some(")
            || word.contains("::")
            || (word.contains('_')
                && word.split('_').all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_lowercase())))
    })
}

/// Checks one text of [`read_every_text`]: it counts nothing from 0, it says one of a thing in the
/// singular ("1 card", never "1 cards"), it shows no value as the code writes it
/// ([`machine_words`]), and it names every index its JSON holds as people count it (a refusal
/// need only name the kinds of thing it mentions).
///
/// # Panics
/// If the text fails either check.
pub fn check_counts_from_1(text: &PersonText<'_>, numbering: &Numbering<'_>) {
    fn names(json: &Value, name: fn(&str, u64) -> Option<String>, out: &mut Vec<String>) {
        match json {
            Value::Object(fields) => {
                for (key, value) in fields {
                    match value.as_u64().and_then(|n| name(key, n)) {
                        Some(named) => out.push(named),
                        None => names(value, name, out),
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|item| names(item, name, out)),
            _ => {}
        }
    }
    let (words, json) = (text.text, &text.json);
    assert_eq!(counts_from_0(words, numbering.never), None, "{words:?} counts from 0 ({json})");
    assert_eq!(one_in_the_plural(words), None, "{words:?} says one in the plural ({json})");
    assert_eq!(machine_words(words), None, "{words:?} shows a value as the code writes it ({json})");
    let mut expected = Vec::new();
    names(json, numbering.name, &mut expected);
    for name in expected {
        // "seat 3" is a seat, "#4" a safe, "row B" a row: what the text must name if it names
        // that kind of thing at all.
        let kind = name.trim_end_matches(|c: char| c.is_ascii_alphanumeric());
        let mentioned = words.contains(kind);
        assert!(words.contains(&name) || (text.refusal && !mentioned), "{words:?} does not say {name} ({json})");
    }
}

fn viewers(players: usize) -> impl Iterator<Item = Viewer> {
    Seat::all(players).map(Viewer::Seat).chain(std::iter::once(Viewer::Spectator))
}

fn check_serde_round_trip<G: Game>(game: &G, context: &impl Fn() -> String) {
    let json = serde_json::to_string(game).unwrap_or_else(|e| panic!("{}: state does not serialise: {e}", context()));
    let back: G =
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{}: state does not deserialise: {e}", context()));
    assert_eq!(&back, game, "{}: state changed in a JSON round trip", context());
}

fn check_views<G: Game>(game: &G, rng: &mut GameRng, context: &impl Fn() -> String) {
    let mut real_legal = Vec::new();
    let mut sampled_legal = Vec::new();
    game.legal_actions(&mut real_legal);
    for viewer in viewers(game.players()) {
        let view = game.view(viewer);
        let json = serde_json::to_value(&view).expect("view serialises");
        let back: G::View = serde_json::from_value(json).expect("view deserialises");
        assert_eq!(back, view, "{}: view changed in a JSON round trip", context());
        let _ = view.to_string();
        let Some(seat) = viewer.seat() else { continue };
        let sampled =
            G::determinize(&view, rng).unwrap_or_else(|e| panic!("{}: determinize for {seat} failed: {e}", context()));
        assert_eq!(sampled.view(viewer), view, "{}: determinized state shows {seat} a different view", context());
        assert_eq!(sampled.to_move(), game.to_move(), "{}: determinized state has another seat to move", context());
        if game.to_move() == Some(seat) {
            sampled.legal_actions(&mut sampled_legal);
            assert_eq!(sampled_legal, real_legal, "{}: determinized state gives {seat} other legal actions", context());
        }
    }
}

/// The hiding check at one step (see [`check_random_games`]): one re-deal per viewer, and the
/// next action (if any) applied to the real state and to each re-deal. Sets `differ` once some
/// re-deal changes what some viewer sees, now or after the action (looked for until found).
fn check_hiding<G: Redeal>(
    game: &G,
    action: Option<&G::Action>,
    rng: &mut GameRng,
    invariant: &impl Fn(&G),
    context: &impl Fn() -> String,
    differ: &mut bool,
) {
    let mut real_legal = Vec::new();
    let mut other_legal = Vec::new();
    game.legal_actions(&mut real_legal);
    let mut events = Vec::new();
    let after = action.map(|action| {
        let mut after = game.clone();
        after.apply(action, &mut events).unwrap_or_else(|e| panic!("{}: legal action rejected: {e}", context()));
        after
    });
    let mut other_events = Vec::new();
    for viewer in viewers(game.players()) {
        let who = viewer_name(viewer);
        let other = game.redeal(viewer, rng);
        invariant(&other);
        let (view, other_view) = (game.view(viewer), other.view(viewer));
        if other_view != view {
            panic!(
                "{}: {who}'s view differs between two deals it cannot tell apart ({}): the view shows \
                 something {who} may not know, or redeal changed something {who} knows",
                context(),
                first_difference(&view, &other_view)
            );
        }
        assert_eq!(other.to_move(), game.to_move(), "{}: a re-deal for {who} has another seat to move", context());
        if viewer.seat().is_some() && viewer.seat() == game.to_move() {
            other.legal_actions(&mut other_legal);
            assert_eq!(other_legal, real_legal, "{}: a re-deal for {who} gives {who} other legal actions", context());
        }
        if !*differ {
            *differ = viewers(game.players()).any(|w| w != viewer && other.view(w) != game.view(w));
        }
        let (Some(action), Some(after)) = (action, &after) else { continue };
        let after_view = after.view(viewer);
        let seen: Vec<G::Event> = events.iter().filter_map(|e| after.event_view(e, viewer)).collect();
        // The same action in the re-deal, where it is legal there; and, for a viewer that is not
        // to move, another action of the re-deal (the mover's choice may itself be hidden, e.g. a
        // card given up face down).
        let mut tries = vec![action.clone()];
        if !viewer.is(game.to_move().expect("a seat to move")) {
            other.legal_actions(&mut other_legal);
            if let Some(alternative) = rng.pick(&other_legal).filter(|a| *a != action) {
                tries.push(alternative.clone());
            }
        }
        for tried in &tries {
            let mut other_after = other.clone();
            other_events.clear();
            if other_after.apply(tried, &mut other_events).is_err() {
                assert!(!viewer.is(game.to_move().expect("a seat to move")), "{}: {who}'s own action fails", context());
                continue;
            }
            let same = tried == action;
            if other_after.view(viewer) != after_view {
                // The action showed the viewer something that differs between the deals (or
                // another action was tried: that says nothing about the re-deal).
                *differ |= same;
                continue;
            }
            let other_seen: Vec<G::Event> =
                other_events.iter().filter_map(|e| other_after.event_view(e, viewer)).collect();
            if seen != other_seen {
                let instead = if same { String::new() } else { format!(" and {tried:?}") };
                panic!(
                    "{}: after {action:?}{instead}, {who} is shown other events in two deals it cannot tell \
                     apart although its view is the same ({}): an event view shows something {who} may not know, or the \
                     view forgets something the events showed",
                    context(),
                    first_difference(&seen, &other_seen)
                );
            }
            if same && !*differ {
                *differ = viewers(game.players()).any(|w| other_after.view(w) != after.view(w));
            }
        }
    }
}

fn viewer_name(viewer: Viewer) -> String {
    match viewer {
        Viewer::Seat(seat) => seat.to_string(),
        Viewer::Spectator => "the spectator".to_owned(),
    }
}

/// Where two serialisable values first differ, as a JSON pointer with both values.
fn first_difference(a: &impl serde::Serialize, b: &impl serde::Serialize) -> String {
    fn walk(path: &mut String, a: &Value, b: &Value) -> Option<String> {
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                for key in x.keys().chain(y.keys().filter(|k| !x.contains_key(*k))) {
                    let len = path.len();
                    path.push('/');
                    path.push_str(key);
                    if let Some(found) =
                        walk(path, x.get(key).unwrap_or(&Value::Null), y.get(key).unwrap_or(&Value::Null))
                    {
                        return Some(found);
                    }
                    path.truncate(len);
                }
                None
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                for (i, (p, q)) in x.iter().zip(y).enumerate() {
                    let len = path.len();
                    path.push_str(&format!("/{i}"));
                    if let Some(found) = walk(path, p, q) {
                        return Some(found);
                    }
                    path.truncate(len);
                }
                None
            }
            _ if a == b => None,
            _ => Some(format!("at {}: {a} vs {b}", if path.is_empty() { "/" } else { path })),
        }
    }
    let (a, b) = (serde_json::to_value(a).unwrap_or_default(), serde_json::to_value(b).unwrap_or_default());
    walk(&mut String::new(), &a, &b).unwrap_or_else(|| "equal as JSON".to_owned())
}

fn check_rejections<G: Game>(
    game: &G,
    seat: Seat,
    legal: &[G::Action],
    seen: &[G::Action],
    context: &impl Fn() -> String,
) {
    let legal_set: HashSet<&G::Action> = legal.iter().collect();
    let mut events = Vec::new();
    for action in seen.iter().filter(|a| !legal_set.contains(a)) {
        let mut copy = game.clone();
        let result = copy.apply(action, &mut events);
        assert!(result.is_err(), "{}: illegal action {action:?} was accepted", context());
        assert_eq!(&copy, game, "{}: rejected action {action:?} changed the state", context());
        assert!(events.is_empty(), "{}: rejected action {action:?} produced events", context());
    }
    if game.players() > 1 {
        let other = seat.next(game.players());
        let mut copy = game.clone();
        let result = copy.apply_as(other, &legal[0], &mut events);
        assert_eq!(
            result,
            Err(ActionError::NotYourTurn { seat: other, to_move: seat }),
            "{}: out-of-turn action",
            context()
        );
        assert_eq!(&copy, game, "{}: out-of-turn action changed the state", context());
    }
}

fn check_dynamic_replay<G: Game>(record: &MatchRecord<G>, game: &G) {
    let handle = GameHandle::<G>::new();
    let json_actions: Vec<Value> =
        record.actions.iter().map(|a| serde_json::to_value(&a.action).expect("action")).collect();
    let mut live = handle
        .new_match(&crate::DynSetup {
            players: Some(record.setup.players),
            preset: None,
            options: Some(serde_json::to_value(&record.setup.options).expect("options")),
            seed: record.setup.seed,
            deal: record.setup.deal.as_ref().map(|d| serde_json::to_value(d).expect("deal")),
        })
        .expect("dynamic setup");
    for (step, action) in record.actions.iter().zip(&json_actions) {
        live.act(step.seat, action).expect("dynamic action");
    }
    let expected = serde_json::to_value(game).expect("state");
    assert_eq!(live.state(), expected, "dynamic play differs from typed play");
    let replayed = handle.replay(&live.record()).expect("dynamic replay");
    assert_eq!(replayed.state(), expected, "dynamic replay differs");
}

/// An OpenSpiel-style playthrough, as text for a golden file: the setup, then at each of the
/// first `steps` decisions of a seeded random game every seat's view (its `Display` text), the
/// legal actions (as [`Game::describe`] says them, on one line) and the action played.
pub fn playthrough<G: Game>(setup: &Setup<G>, steps: usize) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let options = serde_json::to_string(&setup.options).unwrap_or_default();
    let _ = writeln!(out, "# {} — {} players, seed {}, options {options}", G::INFO.id, setup.players, setup.seed);
    let mut game = G::new(setup).unwrap_or_else(|e| panic!("setup {setup:?} failed: {e}"));
    let mut rng = GameRng::for_game(setup.seed, 0x901d);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    for step in 0..steps {
        let Some(seat) = game.to_move() else { break };
        let _ = writeln!(out, "\n## step {step}: {seat} to move");
        for viewer in Seat::all(game.players()) {
            let _ = writeln!(out, "\n### view of {viewer}\n{}", game.view(Viewer::Seat(viewer)).to_string().trim_end());
        }
        game.legal_actions(&mut legal);
        // On one line: some games list a hundred actions, and a diff still shows a change.
        let said: Vec<String> = legal.iter().map(|a| game.describe(a)).collect();
        let _ = writeln!(out, "\n### legal actions ({}): {}", legal.len(), said.join("; "));
        let action = legal[rng.index(legal.len())].clone();
        let _ = writeln!(out, "\n### played: {}", game.describe(&action));
        events.clear();
        game.apply(&action, &mut events).unwrap_or_else(|e| panic!("step {step}: legal action rejected: {e}"));
    }
    if let Some(outcome) = game.outcome() {
        let _ = writeln!(out, "\n## over: {} (scores {:?})", outcome.detail, outcome.scores);
    }
    out
}

/// Checks the golden playthroughs of every preset of `G` (the default options when it has
/// none) at its default player count, `seeds` games of `steps` decisions each, against the
/// files `<preset>-seed<seed>.txt` in `dir`; a file of `dir` that no playthrough writes is
/// stale and fails too. With `SAFEHOUSE_UPDATE_GOLDEN=1` the files are written instead (and
/// stale ones removed), to be reviewed in the diff: any rules change that shows in a view or
/// the legal actions shows there.
pub fn check_golden_playthroughs<G: Game>(dir: &std::path::Path, seeds: &[u64], steps: usize) {
    let update = std::env::var("SAFEHOUSE_UPDATE_GOLDEN").is_ok_and(|v| v == "1");
    let failures = compare_golden_playthroughs::<G>(dir, seeds, steps, update);
    assert!(
        failures.is_empty(),
        "{}: golden playthroughs in {} differ:\n{}\nIf the change is intended, regenerate them with \
         SAFEHOUSE_UPDATE_GOLDEN=1 and review the diff.",
        G::INFO.id,
        dir.display(),
        failures.join("\n")
    );
}

/// What [`check_golden_playthroughs`] does, with `update` given: the files that differ, are
/// missing or are stale, one line each (empty when all match, or after an update).
pub fn compare_golden_playthroughs<G: Game>(
    dir: &std::path::Path,
    seeds: &[u64],
    steps: usize,
    update: bool,
) -> Vec<String> {
    use crate::GameOptions as _;
    let mut presets: Vec<(String, G::Options)> =
        G::Options::presets().into_iter().map(|p| (p.name.to_owned(), p.options)).collect();
    if presets.is_empty() {
        presets.push(("default".to_owned(), G::Options::default()));
    }
    let mut expected = HashSet::new();
    let mut failures = Vec::new();
    if update {
        std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    }
    for (name, options) in presets {
        let players = (G::INFO.min_players..=G::INFO.max_players)
            .filter(|&p| options.validate(p).is_ok())
            .min_by_key(|&p| p.abs_diff(G::INFO.default_players))
            .unwrap_or_else(|| panic!("preset {name} allows no player count"));
        for &seed in seeds {
            let file = format!("{name}-seed{seed}.txt");
            let path = dir.join(&file);
            let text = playthrough(&Setup::<G>::new(players, seed).with_options(options.clone()), steps);
            expected.insert(file.clone());
            if update {
                std::fs::write(&path, &text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                continue;
            }
            match std::fs::read_to_string(&path) {
                Err(_) => failures.push(format!("{file}: missing")),
                Ok(golden) if golden != text => {
                    let line = golden
                        .lines()
                        .zip(text.lines())
                        .position(|(a, b)| a != b)
                        .map_or_else(|| golden.lines().count().min(text.lines().count()) + 1, |i| i + 1);
                    failures.push(format!("{file}: differs from line {line}"));
                }
                Ok(_) => {}
            }
        }
    }
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        if file.ends_with(".txt") && !expected.contains(&file) {
            if update {
                let _ = std::fs::remove_file(entry.path());
            } else {
                failures.push(format!("{file}: stale (no preset and seed writes it)"));
            }
        }
    }
    failures
}

#[cfg(test)]
mod tests {
    use super::{machine_words, one_in_the_plural};

    #[test]
    fn one_in_the_plural_is_found_and_nothing_else() {
        assert_eq!(one_in_the_plural("hand: 1 cards"), Some("1 cards"));
        assert_eq!(one_in_the_plural("Log (1 entries):"), Some("1 entries"));
        assert_eq!(one_in_the_plural("1 keys, at least"), Some("1 keys"));
        for fine in ["hand: 1 card", "hand: 11 cards", "21 cards", "seat 1 asks again", "1.1 cards", "row 1: safes"] {
            assert_eq!(one_in_the_plural(fine), None, "{fine}");
        }
    }

    #[test]
    fn machine_words_are_found_and_people_words_are_not() {
        assert_eq!(machine_words("winners [Seat(2)]"), Some("Seat(2)"));
        assert_eq!(machine_words("the team loses (mission_limit_reached)"), Some("(mission_limit_reached)"));
        assert_eq!(machine_words("got Some(3)"), Some("Some(3)"));
        for fine in ["the team loses (the mission limit is reached)", "seat 3 $191", "row A: +5 (bomb -4)", "Y5?"] {
            assert_eq!(machine_words(fine), None, "{fine}");
        }
    }
}
