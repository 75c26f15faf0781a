//! Small JSON Patch (RFC 6902) diffs between two views, and applying them.
//!
//! Only `add`, `remove` and `replace` are produced. Objects are compared key by key and arrays
//! element by element (then trailing elements added or removed), which suits views: most
//! actions change a few counters and one or two lists.

use serde_json::{Map, Value, json};

/// The operations that turn `from` into `to`.
pub fn diff(from: &Value, to: &Value) -> Vec<Value> {
    let mut ops = Vec::new();
    let mut path = String::new();
    diff_into(from, to, &mut path, &mut ops);
    ops
}

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn diff_into(from: &Value, to: &Value, path: &mut String, ops: &mut Vec<Value>) {
    // Each node is visited once: containers recurse, leaves compare. (Comparing whole subtrees
    // before descending would cost O(size × depth), and this runs for every viewer of every action.)
    match (from, to) {
        (Value::Object(a), Value::Object(b)) => {
            let len = path.len();
            for (key, old) in a {
                path.push('/');
                path.push_str(&escape(key));
                match b.get(key) {
                    Some(new) => diff_into(old, new, path, ops),
                    None => ops.push(json!({"op": "remove", "path": path.as_str()})),
                }
                path.truncate(len);
            }
            for (key, new) in b {
                if !a.contains_key(key) {
                    path.push('/');
                    path.push_str(&escape(key));
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
                path.push('/');
                path.push_str(&i.to_string());
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

/// Why a patch could not be applied.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot apply patch: {0}")]
pub struct PatchError(pub String);

/// Applies RFC 6902 `add`/`remove`/`replace` operations in order.
pub fn apply(target: &mut Value, ops: &[Value]) -> Result<(), PatchError> {
    for op in ops {
        let kind = op.get("op").and_then(Value::as_str).ok_or_else(|| PatchError("missing op".into()))?;
        let path = op.get("path").and_then(Value::as_str).ok_or_else(|| PatchError("missing path".into()))?;
        let value = op.get("value").cloned();
        if path.is_empty() {
            match (kind, value) {
                ("replace" | "add", Some(v)) => *target = v,
                _ => return Err(PatchError(format!("bad root op {kind}"))),
            }
            continue;
        }
        let (parent_path, last) = path.rsplit_once('/').ok_or_else(|| PatchError(format!("bad path {path}")))?;
        let last = last.replace("~1", "/").replace("~0", "~");
        let parent = if parent_path.is_empty() {
            &mut *target
        } else {
            target.pointer_mut(parent_path).ok_or_else(|| PatchError(format!("no parent at {path}")))?
        };
        match parent {
            Value::Object(map) => apply_object(map, kind, &last, value, path)?,
            Value::Array(list) => {
                let index = if last == "-" {
                    list.len()
                } else {
                    last.parse::<usize>().map_err(|_| PatchError(path.into()))?
                };
                match (kind, value) {
                    ("add", Some(v)) if index <= list.len() => list.insert(index, v),
                    ("replace", Some(v)) if index < list.len() => list[index] = v,
                    ("remove", _) if index < list.len() => {
                        list.remove(index);
                    }
                    _ => return Err(PatchError(format!("bad {kind} at {path}"))),
                }
            }
            _ => return Err(PatchError(format!("not a container at {path}"))),
        }
    }
    Ok(())
}

fn apply_object(
    map: &mut Map<String, Value>,
    kind: &str,
    key: &str,
    value: Option<Value>,
    path: &str,
) -> Result<(), PatchError> {
    match (kind, value) {
        ("add", Some(v)) => {
            map.insert(key.to_owned(), v);
        }
        ("replace", Some(v)) if map.contains_key(key) => {
            map.insert(key.to_owned(), v);
        }
        ("remove", _) if map.contains_key(key) => {
            map.remove(key);
        }
        _ => return Err(PatchError(format!("bad {kind} at {path}"))),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn bad_patches_are_errors() {
        let mut v = json!({"a": [1]});
        assert!(apply(&mut v, &[json!({"op": "remove", "path": "/b"})]).is_err());
        assert!(apply(&mut v, &[json!({"op": "replace", "path": "/a/3", "value": 1})]).is_err());
        assert!(apply(&mut v, &[json!({"op": "move", "path": "/a"})]).is_err());
    }
}
