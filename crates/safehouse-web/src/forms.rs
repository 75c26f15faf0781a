//! What the HTML forms carry: option fields built from each option's typed domain and read back as
//! JSON, and action templates filled from the table's form.

use safehouse_engine::{Bound, OptionDoc, OptionDomain};
use serde_json::{Map, Value};

/// The kind of input an option gets, built from its typed domain.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Field {
    /// `true | false`: a checkbox.
    Bool,
    /// A few values: a list to choose from. Each is a JSON literal.
    Choice(Vec<Value>),
    /// A number in a range; `nullable` when `null` is allowed (an empty box).
    Number { min: i64, max: i64, nullable: bool },
}

/// Ranges up to this wide are offered as a list, wider ones as a number box.
const LIST_RANGE: i64 = 12;

/// The input for an option. Bounds that follow the table are taken at the table size that
/// allows the most values (`min_players`..=`max_players`), since the page lets people change
/// the player count after the form is drawn; the server checks the value for the real table.
pub(crate) fn field(doc: &OptionDoc, min_players: usize, max_players: usize) -> Field {
    let widest = |min: Bound, max: Bound| {
        let span = |p: usize| (min.at(p), max.at(p));
        let (lo_a, hi_a) = span(min_players);
        let (lo_b, hi_b) = span(max_players);
        (lo_a.min(lo_b), hi_a.max(hi_b))
    };
    // Every alternative's values in order, or a number range when one is too wide to list.
    fn collect(
        domain: &OptionDomain,
        widest: &dyn Fn(Bound, Bound) -> (i64, i64),
        out: &mut Vec<Value>,
        range: &mut Option<(i64, i64)>,
    ) {
        match domain {
            OptionDomain::Bool => out.extend([Value::Bool(true), Value::Bool(false)]),
            OptionDomain::Integer { min, max } => {
                let (lo, hi) = widest(*min, *max);
                if hi - lo <= LIST_RANGE {
                    out.extend((lo..=hi).map(Value::from));
                } else {
                    *range = Some((lo, hi));
                }
            }
            OptionDomain::Choice { values } => out.extend(values.iter().cloned().map(Value::String)),
            OptionDomain::Optional { some } => {
                out.push(Value::Null);
                collect(some, widest, out, range);
            }
            OptionDomain::AnyOf { alternatives } => {
                alternatives.iter().for_each(|a| collect(a, widest, out, range));
            }
        }
    }
    if doc.domain == OptionDomain::Bool {
        return Field::Bool;
    }
    let mut choices = Vec::new();
    let mut range = None;
    collect(&doc.domain, &widest, &mut choices, &mut range);
    match range {
        // A wide range: a number box, empty for `null` when the domain allows it.
        Some((min, max)) => Field::Number { min, max, nullable: choices.contains(&Value::Null) },
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
        let default = defaults.get(&doc.name).cloned().unwrap_or_else(|| doc.default.clone());
        let value = match (doc.domain == OptionDomain::Bool, submitted.last()) {
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

    fn doc(name: &str, domain: OptionDomain, default: Value) -> OptionDoc {
        OptionDoc::new(name, &default, domain, "")
    }

    #[test]
    fn fields_from_domains() {
        assert_eq!(field(&doc("a", OptionDomain::Bool, json!(false)), 3, 6), Field::Bool);
        assert_eq!(
            field(&doc("a", OptionDomain::choice(&["x", "y_z"]), json!("x")), 3, 6),
            Field::Choice(vec![json!("x"), json!("y_z")])
        );
        assert_eq!(
            field(&doc("first_player", OptionDomain::optional(OptionDomain::seat()), json!(null)), 3, 4),
            Field::Choice(vec![json!(null), json!(0), json!(1), json!(2), json!(3)])
        );
        let exposure = OptionDomain::AnyOf {
            alternatives: vec![
                OptionDomain::Integer { min: Bound::Fixed(0), max: Bound::MinusPlayers { minus_players: 6 } },
                OptionDomain::choice(&["all"]),
            ],
        };
        assert_eq!(
            field(&doc("exposed", exposure, json!(0)), 3, 6),
            Field::Choice(vec![json!(0), json!(1), json!(2), json!(3), json!("all")])
        );
        assert_eq!(
            field(&doc("n", OptionDomain::integer(0, 65535), json!(5)), 3, 6),
            Field::Number { min: 0, max: 65535, nullable: false }
        );
        assert_eq!(
            field(&doc("n", OptionDomain::optional(OptionDomain::integer(0, 65535)), json!(150)), 3, 6),
            Field::Number { min: 0, max: 65535, nullable: true }
        );
        assert_eq!(
            field(&doc("b", OptionDomain::integer(0, 10), json!(2)), 2, 4),
            Field::Choice((0..=10).map(Value::from).collect())
        );
    }

    #[test]
    fn option_changes_keep_only_what_differs() {
        let docs = vec![
            doc("flag", OptionDomain::Bool, json!(false)),
            doc("mode", OptionDomain::choice(&["a", "b"]), json!("a")),
            doc("n", OptionDomain::optional(OptionDomain::integer(0, 99)), json!(5)),
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
