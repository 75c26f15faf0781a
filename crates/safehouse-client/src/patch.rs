//! Applying the server's view patches: RFC 6902 `add`, `remove` and `replace` operations, the
//! only ones the server's diffs (`safehouse_server::diff`) produce. A client keeps its viewer's
//! view up to date with this; the server itself never applies a patch.

use serde_json::{Map, Value};

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
    use serde_json::json;

    use super::*;

    #[test]
    fn patches_apply() {
        let mut v = json!({"a": 1, "b": [1, 2, 3], "c": {"d/e~": 0, "~1": 0}});
        let ops = [
            json!({"op": "replace", "path": "/a", "value": 2}),
            json!({"op": "remove", "path": "/b/2"}),
            json!({"op": "add", "path": "/b/-", "value": 9}),
            json!({"op": "replace", "path": "/c/d~1e~0", "value": 1}),
            // `~01` is `~1` (RFC 6901 unescapes `~1` before `~0`), not `/`.
            json!({"op": "replace", "path": "/c/~01", "value": 2}),
            json!({"op": "add", "path": "/new", "value": [true]}),
        ];
        apply(&mut v, &ops).expect("applies");
        assert_eq!(v, json!({"a": 2, "b": [1, 2, 9], "c": {"d/e~": 1, "~1": 2}, "new": [true]}));
        apply(&mut v, &[json!({"op": "replace", "path": "", "value": "s"})]).expect("root");
        assert_eq!(v, json!("s"));
    }

    #[test]
    fn bad_patches_are_errors() {
        let mut v = json!({"a": [1]});
        assert!(apply(&mut v, &[json!({"op": "remove", "path": "/b"})]).is_err());
        assert!(apply(&mut v, &[json!({"op": "replace", "path": "/a/3", "value": 1})]).is_err());
        assert!(apply(&mut v, &[json!({"op": "move", "path": "/a"})]).is_err());
        assert_eq!(v, json!({"a": [1]}));
    }
}
