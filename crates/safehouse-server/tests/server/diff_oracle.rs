//! The view diff is RFC 6902 JSON Patch: for random pairs of JSON documents, the patch that
//! [`diff`] and [`diff_views`] produce turns the first into the second when applied by the
//! `json-patch` crate (an independent implementation of the RFC), and by the server's own
//! [`apply`] too.

use proptest::prelude::*;
use safehouse_client::patch::apply;
use safehouse_server::diff::{SentView, diff, diff_views};
use serde_json::{Map, Value};

/// Keys from a small set, so that two documents share many (and some need escaping, RFC 6901).
fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("a".to_owned()),
        Just("b".to_owned()),
        Just("seats".to_owned()),
        Just("0".to_owned()),
        Just("-".to_owned()),
        Just("x/y".to_owned()),
        Just("t~1".to_owned()),
        Just("".to_owned()),
    ]
}

/// JSON documents a few levels deep, shaped like views: objects, lists, small scalars.
fn document() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (0i64..4).prop_map(Value::from),
        prop_oneof![Just("R"), Just("B7"), Just("")].prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 40, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..7).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..5)
                .prop_map(|members| Value::Object(members.into_iter().collect())),
        ]
    })
}

/// A view: always an object at the top, as `DynMatch::view_json` writes them.
fn view() -> impl Strategy<Value = Value> {
    prop::collection::vec((key(), document()), 0..6)
        .prop_map(|members| Value::Object(members.into_iter().collect::<Map<String, Value>>()))
}

/// `b`, or `b` with a few members of `a` kept (pairs that differ a little, as views do).
fn near(a: &Value, b: Value, keep: &[bool]) -> Value {
    match (a, b) {
        (Value::Object(a), Value::Object(mut b)) => {
            for ((k, v), keep) in a.iter().zip(keep) {
                if *keep {
                    b.insert(k.clone(), v.clone());
                }
            }
            Value::Object(b)
        }
        (_, b) => b,
    }
}

/// `a` changed here and there, driven by `choices`: members and elements kept, replaced,
/// dropped or added, lists cut short or grown (what one action does to a view).
fn mutate(a: &Value, choices: &mut impl Iterator<Item = u8>) -> Value {
    let choice = choices.next().unwrap_or(0);
    match (a, choice % 8) {
        (_, 7) => a.clone(),
        (_, 6) => Value::from(i64::from(choice / 8)),
        (Value::Array(items), 5) => {
            let keep = items.len() / 2;
            Value::Array(items[..keep].iter().map(|v| mutate(v, choices)).collect())
        }
        (Value::Array(items), 4) => {
            let mut items: Vec<Value> = items.iter().map(|v| mutate(v, choices)).collect();
            items.extend([Value::Null, Value::from("B7")]);
            Value::Array(items)
        }
        (Value::Object(members), 5) => {
            Value::Object(members.iter().skip(1).map(|(k, v)| (k.clone(), mutate(v, choices))).collect())
        }
        (Value::Object(members), 4) => {
            let mut members: Map<String, Value> =
                members.iter().map(|(k, v)| (k.clone(), mutate(v, choices))).collect();
            members.insert(format!("new/{choice}"), Value::from(true));
            Value::Object(members)
        }
        (Value::Array(items), _) => Value::Array(items.iter().map(|v| mutate(v, choices)).collect()),
        (Value::Object(members), _) => {
            Value::Object(members.iter().map(|(k, v)| (k.clone(), mutate(v, choices))).collect())
        }
        (_, _) => a.clone(),
    }
}

fn check(a: &Value, b: &Value, ops: Vec<Value>) -> Result<(), TestCaseError> {
    let patch: json_patch::Patch = serde_json::from_value(Value::Array(ops.clone()))
        .map_err(|e| TestCaseError::fail(format!("not RFC 6902 operations: {e}: {ops:?}")))?;
    let mut by_oracle = a.clone();
    json_patch::patch(&mut by_oracle, &patch).map_err(|e| TestCaseError::fail(format!("{e}: {ops:?}")))?;
    prop_assert_eq!(&by_oracle, b, "json-patch applied {:?}", ops);
    let mut by_server = a.clone();
    apply(&mut by_server, &ops).map_err(|e| TestCaseError::fail(format!("{e}: {ops:?}")))?;
    prop_assert_eq!(&by_server, b, "the server's apply of {:?}", ops);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn diff_is_a_json_patch_from_a_to_b(a in document(), b in document()) {
        check(&a, &b, diff(&a, &b))?;
    }

    #[test]
    fn diff_of_a_changed_document_is_a_json_patch(a in document(), choices in prop::collection::vec(any::<u8>(), 0..40)) {
        let b = mutate(&a, &mut choices.into_iter());
        check(&a, &b, diff(&a, &b))?;
    }

    #[test]
    fn view_diff_of_a_changed_view_is_a_json_patch(a in view(), choices in prop::collection::vec(any::<u8>(), 0..40)) {
        let b = mutate(&a, &mut choices.into_iter());
        let ops = diff_views(&SentView::new(a.to_string()), &SentView::new(b.to_string()));
        check(&a, &b, ops)?;
    }

    #[test]
    fn view_diff_is_a_json_patch_from_a_to_b(a in view(), b in view(), keep in prop::collection::vec(any::<bool>(), 6)) {
        let b = near(&a, b, &keep);
        let ops = diff_views(&SentView::new(a.to_string()), &SentView::new(b.to_string()));
        check(&a, &b, ops)?;
    }
}
