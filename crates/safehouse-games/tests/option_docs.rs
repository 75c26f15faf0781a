//! Every game's option docs agree with its options' serde form, and every value the docs
//! allow is accepted: derived from each option's typed domain, a game is set up with each.

use safehouse_engine::{DynGame, DynSetup};
use serde_json::{Map, Value};

/// The player counts at which a game's default options are valid.
fn table_sizes(game: &dyn DynGame) -> Vec<usize> {
    let info = game.info();
    (info.min_players..=info.max_players).filter(|&p| game.resolve_options(p, None, None).is_ok()).collect()
}

#[test]
fn every_option_name_and_default_match_the_serde_form() {
    for game in safehouse_games::all() {
        let id = game.info().id;
        let defaults = game.default_options();
        let Value::Object(defaults) = defaults else { panic!("{id}: options do not serialise to an object") };
        let docs = game.option_docs();
        let documented: Vec<&str> = docs.iter().map(|d| d.name.as_str()).collect();
        let serialised: Vec<&str> = defaults.keys().map(String::as_str).collect();
        let mut sorted = documented.clone();
        sorted.sort_unstable();
        let mut keys = serialised.clone();
        keys.sort_unstable();
        assert_eq!(sorted, keys, "{id}: documented options {documented:?} vs serialised {serialised:?}");
        sorted.dedup();
        assert_eq!(sorted.len(), docs.len(), "{id}: an option is documented twice");
        let players = game.info().default_players;
        for doc in &docs {
            assert_eq!(doc.default, defaults[&doc.name], "{id}.{}: documented default differs from serde's", doc.name);
            assert!(
                doc.domain.contains(&doc.default, players),
                "{id}.{}: the default {} is not in its domain {}",
                doc.name,
                doc.default,
                doc.domain
            );
            assert!(!doc.label.en.is_empty() && !doc.label.ko.is_empty(), "{id}.{}: no label", doc.name);
            assert!(
                !doc.help_for_players.en.is_empty() && !doc.help_for_players.ko.is_empty(),
                "{id}.{}: no help for players",
                doc.name
            );
        }
    }
}

#[test]
fn every_documented_value_of_every_option_sets_up_a_game() {
    let mut tried = 0;
    for game in safehouse_games::all() {
        let id = game.info().id;
        for players in table_sizes(*game) {
            for doc in game.option_docs() {
                for value in doc.domain.sample_values(players) {
                    let mut change = Map::new();
                    change.insert(doc.name.clone(), value.clone());
                    let setup = DynSetup {
                        players: Some(players),
                        options: Some(Value::Object(change)),
                        seed: 7,
                        ..DynSetup::default()
                    };
                    let started = game.new_match(&setup);
                    let started = started.unwrap_or_else(|e| {
                        panic!(
                            "{id}: {} = {value} (documented: {}) refused at {players} players: {e}",
                            doc.name, doc.domain
                        )
                    });
                    assert_eq!(
                        started.record().options[&doc.name],
                        value,
                        "{id}: {} = {value} was read as another value",
                        doc.name
                    );
                    tried += 1;
                }
            }
        }
    }
    assert!(tried > 100, "only {tried} values tried");
}

#[test]
fn values_outside_a_domain_are_refused() {
    // The other half of the contract: what the domain leaves out, the game does not take.
    let the_safe = safehouse_games::find("the-safe").map(|f| f.game).unwrap_or_else(|e| panic!("{e}"));
    for (name, value) in [("on_mission_fail", "\"restart\""), ("mission_limit", "4"), ("first_player", "1")] {
        let mut change = Map::new();
        change.insert(name.to_owned(), serde_json::from_str(value).unwrap_or(Value::Null));
        let doc = the_safe.option_docs().into_iter().find(|d| d.name == name);
        let doc = doc.unwrap_or_else(|| panic!("no option {name}"));
        assert!(!doc.domain.contains(&change[name], 1), "{name} = {value} should be outside {}", doc.domain);
        assert!(the_safe.resolve_options(1, None, Some(&Value::Object(change))).is_err(), "{name} = {value} accepted");
    }
}

#[test]
fn tables_of_bots_only_keep_valid_options_and_safe_breaker_gets_its_limit() {
    for game in safehouse_games::all() {
        let info = game.info();
        let defaults = game.resolve_options(info.default_players, None, None).unwrap_or_else(|e| panic!("{e}"));
        let for_bots = game.for_bots_only(&defaults);
        let check = game.resolve_options(info.default_players, None, Some(&for_bots));
        assert!(check.is_ok(), "{}: the options for bots only do not validate: {check:?}", info.id);
        let expected = if info.id == "safe-breaker" { Value::from(150) } else { Value::Null };
        assert_eq!(for_bots.get("question_limit").cloned().unwrap_or(Value::Null), expected, "{}", info.id);
    }
    // A table that set its own limit keeps it.
    let safe_breaker = safehouse_games::find("safe-breaker").map(|f| f.game).unwrap_or_else(|e| panic!("{e}"));
    let own = safe_breaker
        .resolve_options(4, None, Some(&serde_json::json!({"question_limit": 40})))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(safe_breaker.for_bots_only(&own), own);
}

/// Every game with a `first_player` option refuses a seat beyond its table, naming the option,
/// and takes the last seat there is (`safehouse_engine::check_first_player`).
#[test]
fn first_player_is_a_seat_at_the_table_in_every_game() {
    let mut games = 0;
    for game in safehouse_games::all() {
        let info = game.info();
        if !game.option_docs().iter().any(|d| d.name == "first_player") {
            continue;
        }
        games += 1;
        let players = info.default_players;
        let options = |seat: usize| Some(serde_json::json!({ "first_player": seat }));
        let refused = game.resolve_options(players, None, options(players).as_ref());
        let error = refused.err().unwrap_or_else(|| panic!("{}: seat {players} of {players} accepted", info.id));
        assert!(error.to_string().contains("first_player"), "{}: {error}", info.id);
        let last = game.resolve_options(players, None, options(players - 1).as_ref());
        assert!(last.is_ok(), "{}: the last seat refused: {last:?}", info.id);
    }
    assert!(games >= 3, "only {games} games have a first_player option");
}
