//! What the server accepts as an action, for every game in the registry, over random states:
//! the JSON `DynMatch::act` accepts is exactly the JSON of `legal_actions` (unknown fields,
//! other spellings and near misses are refused), and arbitrary JSON (a proptest-driven fuzz)
//! never panics and never changes the match when refused.

use proptest::prelude::*;
use safehouse_engine::{DynMatch, DynSetup, Seat};
use serde_json::{Value, json};

/// A match of game `game` after `steps` random legal actions (or fewer, if it ended).
fn random_state(game: usize, seed: u64, steps: usize) -> Box<dyn DynMatch> {
    let game = safehouse_games::all()[game % safehouse_games::all().len()];
    let setup = DynSetup { players: None, preset: None, options: None, seed, deal: None };
    let mut m = game.new_match(&setup).expect("a default match");
    let mut rng = seed | 1;
    for _ in 0..steps {
        let Some(seat) = m.to_move() else { break };
        let legal = m.legal_actions();
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let action = &legal[(rng % legal.len() as u64) as usize];
        m.act(seat, action).expect("a legal action applies");
    }
    m
}

/// Near misses of a legal action: an extra field, every string in other cases, every number
/// one off, every field dropped, the tag renamed.
fn near_misses(action: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    let Value::Object(fields) = action else { return out };
    let mut extra = action.clone();
    extra["pad"] = json!("x");
    out.push(extra);
    let mut script = action.clone();
    script["<script>"] = json!(1);
    out.push(script);
    for (key, value) in fields {
        let mut dropped = action.clone();
        if let Value::Object(map) = &mut dropped {
            map.remove(key);
        }
        out.push(dropped);
        match value {
            Value::String(text) => {
                for changed in
                    [text.to_uppercase(), capitalise(text), format!("{text} "), text.chars().take(1).collect()]
                {
                    if &changed != text {
                        let mut variant = action.clone();
                        variant[key] = json!(changed);
                        out.push(variant);
                    }
                }
            }
            Value::Number(n) => {
                if let Some(n) = n.as_u64() {
                    for changed in [json!(n + 1), json!(n as f64 + 0.5), json!(n.to_string())] {
                        let mut variant = action.clone();
                        variant[key] = changed;
                        out.push(variant);
                    }
                    let mut float = action.clone();
                    float[key] = json!(n as f64);
                    out.push(float);
                }
            }
            _ => {}
        }
    }
    out
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Whether `action` applies for `seat` (tried on a copy) and, if not, leaves the copy as it was.
fn accepts(m: &dyn DynMatch, seat: Seat, action: &Value) -> bool {
    let mut copy = m.clone_box();
    let before = copy.state();
    match copy.act(seat, action) {
        Ok(()) => true,
        Err(_) => {
            assert_eq!(copy.state(), before, "a refused action changed the state: {action}");
            false
        }
    }
}

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (0u64..40).prop_map(|n| json!(n)),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(|f| json!(f)),
        prop::sample::select(vec![
            "red", "green", "blue", "yellow", "Red", "RED", "take_key", "crack", "end_turn", "ask", "guess", "play",
            "pass", "draw", "", "<script>",
        ])
        .prop_map(|s| Value::String(s.to_owned())),
    ];
    leaf.prop_recursive(3, 24, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(
                prop::sample::select(vec![
                    "type", "colour", "number", "safe", "card", "target", "seat", "keys", "value", "pad",
                ])
                .prop_map(str::to_owned),
                inner,
                0..5,
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    /// Every legal action is accepted; every near miss of one is accepted only if it is itself
    /// in the legal list; the seats not to move are refused everything.
    #[test]
    fn the_accepted_json_is_exactly_the_legal_list(game in 0usize..16, seed in any::<u64>(), steps in 0usize..60) {
        let m = random_state(game, seed, steps);
        let Some(seat) = m.to_move() else { return Ok(()) };
        let legal = m.legal_actions();
        for action in &legal {
            prop_assert!(accepts(m.as_ref(), seat, action), "{} refused its own legal {}", m.info().id, action);
            for miss in near_misses(action) {
                prop_assert_eq!(accepts(m.as_ref(), seat, &miss), legal.contains(&miss), "{}: {}", m.info().id, miss);
            }
        }
        let other = Seat(((seat.index() + 1) % m.players()) as u8);
        if other != seat {
            prop_assert!(!accepts(m.as_ref(), other, &legal[0]), "another seat acted");
        }
    }

    /// Arbitrary JSON, for any seat: accepted only if legal; never a panic.
    #[test]
    fn arbitrary_json_is_refused_unless_legal(game in 0usize..16, seed in any::<u64>(), steps in 0usize..40,
                                               seat in 0u8..6, action in arb_json()) {
        let m = random_state(game, seed, steps);
        let legal = m.legal_actions();
        let accepted = accepts(m.as_ref(), Seat(seat), &action);
        prop_assert_eq!(accepted, m.to_move() == Some(Seat(seat)) && legal.contains(&action), "{}", action);
    }
}
