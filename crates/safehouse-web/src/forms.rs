//! What the HTML forms carry: option fields built from a game's `OptionDoc`s and read back as
//! JSON, and action templates filled from the table's form.

use safehouse_engine::OptionDoc;
use serde_json::{Map, Value};

/// The kind of input an option gets, read from its `values` description.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Field {
    /// `true | false`: a checkbox.
    Bool,
    /// A few values: a list to choose from. Each is a JSON literal.
    Choice(Vec<Value>),
    /// A number in a range; `nullable` when `null` is allowed (an empty box).
    Number { min: i64, max: i64, nullable: bool },
    /// Anything else: JSON typed by hand.
    Json,
}

/// Evaluates a bound such as `6`, `players-1` or `6-players` at `players`.
fn bound(text: &str, players: i64) -> Option<i64> {
    let text = text.trim();
    if let Ok(n) = text.parse() {
        return Some(n);
    }
    if text == "players" {
        return Some(players);
    }
    if let Some((a, b)) = text.split_once('-') {
        return Some(bound(a, players)? - bound(b, players)?);
    }
    if let Some((a, b)) = text.split_once('+') {
        return Some(bound(a, players)? + bound(b, players)?);
    }
    None
}

/// The input for an option. `min_players`/`max_players` bound ranges that depend on the table.
pub(crate) fn field(doc: &OptionDoc, min_players: usize, max_players: usize) -> Field {
    let values = doc.values.trim();
    if values == "true | false" {
        return Field::Bool;
    }
    let mut choices = Vec::new();
    let mut range: Option<(i64, i64)> = None;
    let mut nullable = false;
    for alt in values.split('|').map(str::trim) {
        if alt == "null" {
            nullable = true;
            choices.push(Value::Null);
        } else if alt == "true" || alt == "false" {
            choices.push(Value::Bool(alt == "true"));
        } else if alt.len() >= 2 && alt.starts_with('"') && alt.ends_with('"') {
            choices.push(Value::String(alt[1..alt.len() - 1].to_owned()));
        } else if let Some((lo, hi)) = alt.split_once("..") {
            let (hi, inclusive) = match hi.strip_prefix('=') {
                Some(hi) => (hi, true),
                // `0..players-1` names seats 0 to players-1: read it as inclusive.
                None => (hi, hi.contains("players")),
            };
            // A bound that grows with the table uses the largest table, one that shrinks the smallest.
            let players = if hi.contains("-players") { min_players } else { max_players } as i64;
            let (Some(lo), Some(mut hi)) = (bound(lo, players), bound(hi, players)) else { return Field::Json };
            if !inclusive {
                hi -= 1;
            }
            range = Some((lo, hi));
        } else {
            return Field::Json;
        }
    }
    match range {
        Some((lo, hi)) if hi - lo <= 12 => {
            choices.extend((lo..=hi).map(Value::from));
            Field::Choice(choices)
        }
        Some((min, max)) if choices.iter().all(Value::is_null) => Field::Number { min, max, nullable },
        Some(_) => Field::Json,
        None if choices.is_empty() => Field::Json,
        None => Field::Choice(choices),
    }
}

/// The option changes a submitted setup form asks for: every `opt.{name}` field whose value
/// differs from the default, as JSON. Unreadable fields are reported by name.
pub(crate) fn option_changes(
    docs: &[OptionDoc],
    defaults: &Value,
    fields: &[(String, String)],
) -> Result<Map<String, Value>, String> {
    let mut changes = Map::new();
    for doc in docs {
        let key = format!("opt.{}", doc.name);
        let submitted: Vec<&str> = fields.iter().filter(|(k, _)| *k == key).map(|(_, v)| v.as_str()).collect();
        let default = defaults.get(&doc.name).cloned().unwrap_or(Value::Null);
        let value = match (doc.values.trim() == "true | false", submitted.last()) {
            // A checkbox sends a hidden "false" first and "true" when ticked.
            (true, Some(v)) => Value::Bool(*v == "true"),
            (true, None) => continue,
            (false, None) => continue,
            (false, Some(v)) if v.trim().is_empty() => Value::Null,
            (false, Some(v)) => serde_json::from_str(v.trim()).map_err(|_| doc.name.clone())?,
        };
        if value != default {
            changes.insert(doc.name.clone(), value);
        }
    }
    Ok(changes)
}

/// Why an action template could not be filled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum FillError {
    /// The template is not JSON.
    Malformed,
    /// A choice the action needs was not made (the field's name: `card`, `colour`...).
    Missing(String),
}

/// Fills an action template: every string `"$name"` becomes the form field `name` (a number if
/// it reads as one, else a string). `{"type":"place","card":"$card","row":2}` with `card=5`
/// gives `{"type":"place","card":5,"row":2}`.
pub(crate) fn fill_action(template: &str, fields: &[(String, String)]) -> Result<Value, FillError> {
    let mut action: Value = serde_json::from_str(template).map_err(|_| FillError::Malformed)?;
    fill(&mut action, fields)?;
    Ok(action)
}

fn fill(value: &mut Value, fields: &[(String, String)]) -> Result<(), FillError> {
    match value {
        Value::String(text) if text.starts_with('$') => {
            let name = &text[1..];
            let found = fields.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.trim()).filter(|v| !v.is_empty());
            let Some(found) = found else { return Err(FillError::Missing(name.to_owned())) };
            *value = match found.parse::<i64>() {
                Ok(n) => Value::from(n),
                Err(_) => Value::String(found.to_owned()),
            };
            Ok(())
        }
        Value::Object(map) => map.values_mut().try_for_each(|v| fill(v, fields)),
        Value::Array(items) => items.iter_mut().try_for_each(|v| fill(v, fields)),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn doc(name: &str, values: &str, default: &str) -> OptionDoc {
        OptionDoc { name: name.into(), default: default.into(), values: values.into(), help: String::new() }
    }

    #[test]
    fn fields_from_value_descriptions() {
        assert_eq!(field(&doc("a", "true | false", "false"), 3, 6), Field::Bool);
        assert_eq!(field(&doc("a", r#""x" | "y_z""#, "\"x\""), 3, 6), Field::Choice(vec![json!("x"), json!("y_z")]));
        assert_eq!(
            field(&doc("first_player", "null | 0..players-1", "null"), 3, 4),
            Field::Choice(vec![json!(null), json!(0), json!(1), json!(2), json!(3)])
        );
        assert_eq!(
            field(&doc("exposed", r#"0..=6-players | "all""#, "0"), 3, 6),
            Field::Choice(vec![json!("all"), json!(0), json!(1), json!(2), json!(3)])
        );
        assert_eq!(field(&doc("n", "0..=65535", "5"), 3, 6), Field::Number { min: 0, max: 65535, nullable: false });
        assert_eq!(
            field(&doc("n", "null | 0..=65535", "150"), 3, 6),
            Field::Number { min: 0, max: 65535, nullable: true }
        );
        assert_eq!(field(&doc("b", "0..=10", "2"), 2, 4), Field::Choice((0..=10).map(Value::from).collect()));
        assert_eq!(field(&doc("c", "anything", "1"), 2, 4), Field::Json);
    }

    #[test]
    fn option_changes_keep_only_what_differs() {
        let docs = vec![
            doc("flag", "true | false", "false"),
            doc("mode", r#""a" | "b""#, "\"a\""),
            doc("n", "null | 0..=99", "5"),
        ];
        let defaults = json!({"flag": false, "mode": "a", "n": 5});
        let fields: Vec<(String, String)> = vec![
            ("opt.flag".into(), "false".into()),
            ("opt.flag".into(), "true".into()),
            ("opt.mode".into(), "\"a\"".into()),
            ("opt.n".into(), "".into()),
        ];
        let changes = option_changes(&docs, &defaults, &fields).expect("readable");
        assert_eq!(Value::Object(changes), json!({"flag": true, "n": null}));
        let bad = vec![("opt.n".into(), "{".into())];
        assert_eq!(option_changes(&docs, &defaults, &bad), Err("n".to_owned()));
    }

    #[test]
    fn action_templates() {
        let fields = vec![("card".to_owned(), "5".to_owned()), ("colour".to_owned(), "red".to_owned())];
        assert_eq!(
            fill_action(r#"{"type":"place","card":"$card","row":2}"#, &fields),
            Ok(json!({"type":"place","card":5,"row":2}))
        );
        assert_eq!(
            fill_action(r#"{"type":"ask","colour":"$colour"}"#, &fields),
            Ok(json!({"type":"ask","colour":"red"}))
        );
        assert_eq!(fill_action(r#"{"type":"x","n":"$number"}"#, &fields), Err(FillError::Missing("number".into())));
        assert_eq!(fill_action("{", &fields), Err(FillError::Malformed));
        assert_eq!(fill_action(r#"{"type":"end_turn"}"#, &[]), Ok(json!({"type":"end_turn"})));
    }
}
