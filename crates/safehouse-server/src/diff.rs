//! Small JSON Patch (RFC 6902) diffs between two views (clients apply them: `safehouse_client::patch`).
//!
//! Only `add`, `remove` and `replace` are produced. Objects are compared key by key and arrays
//! element by element (then trailing elements added or removed), which suits views: most
//! actions change a few counters and one or two lists.
//!
//! The server keeps what it last sent each viewer as text ([`SentView`]) and compares views
//! member by member as text first ([`diff_views`]): most of a view does not change with an
//! action (card tables, options, other seats' public parts), and those members are skipped
//! without building a JSON tree. Only changed members are parsed and diffed in depth.

use std::fmt::Write as _;
use std::ops::Range;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Value, json};

/// The operations that turn `from` into `to`.
pub fn diff(from: &Value, to: &Value) -> Vec<Value> {
    let mut ops = Vec::new();
    let mut path = String::new();
    diff_into(from, to, &mut path, &mut ops);
    ops
}

/// Appends `/key` to a JSON Pointer, escaped (RFC 6901).
fn push_key(path: &mut String, key: &str) {
    path.push('/');
    if !key.contains(['~', '/']) {
        path.push_str(key);
        return;
    }
    for c in key.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}

fn diff_into(from: &Value, to: &Value, path: &mut String, ops: &mut Vec<Value>) {
    // Each node is visited once: containers recurse, leaves compare. (Comparing whole subtrees
    // before descending would cost O(size × depth), and this runs for every viewer of every action.)
    match (from, to) {
        (Value::Object(a), Value::Object(b)) => {
            let len = path.len();
            for (key, old) in a {
                push_key(path, key);
                match b.get(key) {
                    Some(new) => diff_into(old, new, path, ops),
                    None => ops.push(json!({"op": "remove", "path": path.as_str()})),
                }
                path.truncate(len);
            }
            for (key, new) in b {
                if !a.contains_key(key) {
                    push_key(path, key);
                    ops.push(json!({"op": "add", "path": path.as_str(), "value": new}));
                    path.truncate(len);
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            let len = path.len();
            let common = a.len().min(b.len());
            let mut inner = Vec::new();
            for i in 0..common {
                let _ = write!(path, "/{i}");
                diff_into(&a[i], &b[i], path, &mut inner);
                path.truncate(len);
            }
            for i in (common..a.len()).rev() {
                inner.push(json!({"op": "remove", "path": format!("{path}/{i}")}));
            }
            for (i, new) in b.iter().enumerate().skip(common) {
                inner.push(json!({"op": "add", "path": format!("{path}/{i}"), "value": new}));
            }
            // A list that changed more than it stayed is cheaper to send whole.
            if a.len() != b.len() && inner.len() > b.len().max(1) {
                ops.push(json!({"op": "replace", "path": path.as_str(), "value": to}));
            } else {
                ops.extend(inner);
            }
        }
        _ => {
            if from != to {
                ops.push(json!({"op": "replace", "path": path.as_str(), "value": to}));
            }
        }
    }
}

/// A view as last sent to a viewer: its compact JSON text and where each top-level member lies
/// in it.
#[derive(Debug, Clone)]
pub struct SentView {
    text: Box<RawValue>,
    /// `(key, value)` byte ranges of the top-level members; `None` when the view is not an object
    /// with plain keys (then views are compared as whole trees).
    members: Option<Vec<(Range<usize>, Range<usize>)>>,
}

impl SentView {
    /// Indexes a view's JSON text (as written by `DynMatch::view_json`). Text that is not JSON
    /// (which `view_json` never writes) is kept as a JSON string, so nothing downstream breaks.
    pub fn new(text: String) -> SentView {
        let text = RawValue::from_string(text).unwrap_or_else(|error| {
            tracing::error!(%error, "a view is not valid JSON");
            serde_json::value::to_raw_value(&error.to_string()).unwrap_or_default()
        });
        let members = split_members(text.get());
        SentView { text, members }
    }

    /// The view's JSON text.
    pub fn text(&self) -> &str {
        self.text.get()
    }

    /// The view as JSON, to embed in a message without parsing it.
    pub fn raw(&self) -> &RawValue {
        &self.text
    }

    fn member(&self, index: usize) -> Option<(&str, &str)> {
        let (key, value) = self.members.as_ref()?.get(index)?;
        let text = self.text.get();
        Some((text.get(key.clone())?, text.get(value.clone())?))
    }

    fn find(&self, key: &str, hint: usize) -> Option<&str> {
        if let Some((k, v)) = self.member(hint)
            && k == key
        {
            return Some(v);
        }
        let members = self.members.as_ref()?;
        (0..members.len()).filter_map(|i| self.member(i)).find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    fn parse(text: &str) -> Value {
        serde_json::from_str(text).unwrap_or(Value::Null)
    }
}

/// The top-level members of a JSON object, borrowed from its text.
struct Members<'a>(Vec<(&'a str, &'a RawValue)>);

impl<'de> Deserialize<'de> for Members<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MembersVisitor;
        impl<'de> Visitor<'de> for MembersVisitor {
            type Value = Members<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Members<'de>, A::Error> {
                let mut members = Vec::with_capacity(map.size_hint().unwrap_or(16));
                // `&str` keys borrow from the text; a key with escapes fails, and the caller
                // falls back to comparing trees.
                while let Some((key, value)) = map.next_entry::<&'de str, &'de RawValue>()? {
                    members.push((key, value));
                }
                Ok(Members(members))
            }
        }
        deserializer.deserialize_map(MembersVisitor)
    }
}

fn split_members(text: &str) -> Option<Vec<(Range<usize>, Range<usize>)>> {
    let members: Members<'_> = serde_json::from_str(text).ok()?;
    let base = text.as_ptr() as usize;
    let range = |s: &str| {
        let start = (s.as_ptr() as usize).checked_sub(base)?;
        (start + s.len() <= text.len()).then_some(start..start + s.len())
    };
    members.0.iter().map(|(key, value)| Some((range(key)?, range(value.get())?))).collect()
}

/// The operations that turn the view `from` into the view `to`: members with the same text are
/// skipped; changed ones are diffed in depth.
pub fn diff_views(from: &SentView, to: &SentView) -> Vec<Value> {
    if from.text() == to.text() {
        return Vec::new();
    }
    let (Some(old_members), Some(new_members)) = (&from.members, &to.members) else {
        return diff(&SentView::parse(from.text()), &SentView::parse(to.text()));
    };
    let mut ops = Vec::new();
    let mut path = String::new();
    for index in 0..old_members.len() {
        let Some((key, old)) = from.member(index) else { continue };
        path.clear();
        push_key(&mut path, key);
        match to.find(key, index) {
            Some(new) if new == old => {}
            Some(new) => diff_into(&SentView::parse(old), &SentView::parse(new), &mut path, &mut ops),
            None => ops.push(json!({"op": "remove", "path": path.as_str()})),
        }
    }
    for index in 0..new_members.len() {
        let Some((key, new)) = to.member(index) else { continue };
        if from.find(key, index).is_none() {
            path.clear();
            push_key(&mut path, key);
            ops.push(json!({"op": "add", "path": path.as_str(), "value": SentView::parse(new)}));
        }
    }
    ops
}

#[cfg(test)]
mod tests {
    use safehouse_client::patch::apply;

    use super::*;

    fn round_trip(a: Value, b: Value) {
        let ops = diff(&a, &b);
        let mut patched = a.clone();
        apply(&mut patched, &ops).expect("applies");
        assert_eq!(patched, b, "ops {ops:?}");
    }

    #[test]
    fn diffs_apply() {
        round_trip(json!({"a": 1, "b": [1, 2, 3]}), json!({"a": 2, "b": [1, 2]}));
        round_trip(json!({"a": 1}), json!({"c": {"d/e~": [1]}}));
        round_trip(json!([1, 2]), json!([1, 2, 3, 4]));
        round_trip(json!([[1], [2]]), json!([[1, 5], [2], [7]]));
        round_trip(json!({"x": null}), json!({"x": [true]}));
        round_trip(json!(1), json!("s"));
        round_trip(json!([1, 2, 3]), json!([4, 5]));
        assert!(diff(&json!({"a": [1]}), &json!({"a": [1]})).is_empty());
    }

    fn round_trip_views(a: Value, b: Value) {
        let from = SentView::new(a.to_string());
        let to = SentView::new(b.to_string());
        let ops = diff_views(&from, &to);
        let mut patched = a.clone();
        apply(&mut patched, &ops).expect("applies");
        assert_eq!(patched, b, "ops {ops:?}");
        // Only what changed is sent.
        assert!(ops.len() <= diff(&a, &b).len().max(1), "ops {ops:?}");
    }

    #[test]
    fn view_diffs_apply_and_skip_unchanged_members() {
        round_trip_views(json!({"a": 1, "b": [1, 2, 3], "c": {"d": 1}}), json!({"a": 2, "b": [1, 2], "c": {"d": 1}}));
        round_trip_views(json!({"a": 1, "gone": true}), json!({"new/key~": [1], "a": 1}));
        round_trip_views(json!({"x": {"y": [1, {"z": 2}]}}), json!({"x": {"y": [1, {"z": 3}]}}));
        // Not objects, and keys with escapes: compared as whole trees, still right.
        round_trip_views(json!([1, 2]), json!([1, 2, 3]));
        round_trip_views(json!({"a\"b": 1}), json!({"a\"b": 2}));
        round_trip_views(json!(null), json!({"a": 1}));
        let same = SentView::new(json!({"a": [1, 2], "b": "x"}).to_string());
        assert!(diff_views(&same, &same.clone()).is_empty());
        let changed = SentView::new(json!({"a": [1, 2], "b": "y"}).to_string());
        assert_eq!(diff_views(&same, &changed), vec![json!({"op": "replace", "path": "/b", "value": "y"})]);
    }
}
