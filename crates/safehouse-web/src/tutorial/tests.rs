//! Every script plays: each expected move is legal at its step, the other seats' moves are
//! accepted, every text exists in every language, and the pages draw the table's controls.

use safehouse_engine::{Seat, Viewer};
use serde_json::{Value, json};

use crate::games::action_json;

use super::*;

fn legal_at(script: &Script, step: usize) -> (Position, Vec<Value>) {
    let pos = script.position(step, Lang::En).unwrap_or_else(|e| panic!("{}: step {step}: {e}", script.id));
    let legal = pos.m.legal_actions();
    (pos, legal)
}

#[test]
fn every_game_of_the_registry_has_a_first_game() {
    // The tutorials are listed by hand: a new game must bring its first game too.
    let scripts = scripts();
    for id in safehouse_games::ids() {
        assert!(scripts.iter().any(|s| s.game == id), "{id} has no first game (tutorial/mod.rs, scripts())");
    }
    for script in &scripts {
        assert!(safehouse_games::find(script.game).is_ok(), "{}: no such game {}", script.id, script.game);
    }
}

#[test]
fn every_script_is_valid_in_every_language() {
    let scripts = scripts();
    assert_eq!(scripts.len(), 5, "Club Unlock, CASH, Safe Breaker, Explosiv, The Safe");
    for script in &scripts {
        let steps = script.steps();
        assert!((6..=12).contains(&steps), "{}: {steps} learner moves (6 to 12)", script.id);
        for step in 0..steps {
            let (pos, legal) = legal_at(script, step);
            let (expected, guide) = pos.expected.clone().expect("a step before the finish");
            assert_eq!(pos.m.to_move(), Some(Seat(script.learner)), "{}: step {step}", script.id);
            assert!(
                legal.contains(&expected),
                "{}: step {step}: {expected} is not legal; legal: {}",
                script.id,
                Value::Array(legal.clone())
            );
            for lang in Lang::ALL {
                assert!(!guide(lang).trim().is_empty(), "{}: step {step} has no words in {lang:?}", script.id);
            }
        }
        let (end, _) = legal_at(script, steps);
        assert!(end.expected.is_none(), "{}: the last step is the finish", script.id);
        for lang in Lang::ALL {
            for words in [script.title, script.intro, script.finish] {
                assert!(!words(lang).trim().is_empty(), "{}: a text is missing in {lang:?}", script.id);
            }
        }
        // Every tutorial but The Safe (the first of its five safes) plays its game to the end.
        if script.game != "the-safe" {
            assert!(end.m.outcome().is_some(), "{}: the script ends before the game does", script.id);
            let outcome = end.m.outcome().expect("an outcome");
            assert!(outcome.winners.contains(&Seat(script.learner)), "{}: the learner wins: {outcome:?}", script.id);
        } else {
            let view = end.m.view(Viewer::Seat(Seat(0)));
            assert_eq!(view["completed"], json!(1), "the first safe is cracked: {view}");
        }
        // The page draws at every step, in every language, and the log grows.
        for lang in Lang::ALL {
            let pos = script.position(steps, lang).expect("the finish");
            assert!(!pos.log.is_empty(), "{}: the log is empty", script.id);
        }
    }
}

/// A move that breaks a rule is explained in the table's words; another legal one is answered
/// with the move to try; the expected one is accepted.
#[test]
fn wrong_moves_are_explained() {
    for script in scripts() {
        for step in 0..script.steps() {
            let (pos, legal) = legal_at(&script, step);
            let (expected, _) = pos.expected.clone().expect("a step");
            assert_eq!(judge(&script, &pos, &expected, Lang::En), Verdict::Expected);
            if let Some(also) = legal.iter().find(|a| **a != expected) {
                match judge(&script, &pos, also, Lang::Ko) {
                    Verdict::AlsoLegal(text) => assert!(text.contains("이번 연습"), "{}: {text}", script.id),
                    other => panic!("{}: step {step}: {also} is legal: {other:?}", script.id),
                }
            }
        }
    }
    // One refused move per game, in the words the table uses.
    let refused = [
        (
            "club-unlock",
            0,
            action_json(&safehouse_club_unlock::Action::Crack { safe: safehouse_club_unlock::SafeId(1) }),
        ),
        (
            "safe-breaker",
            0,
            action_json(&safehouse_safe_breaker::Action::GuessLock {
                target: Seat(1),
                colour: safehouse_safe_breaker::Colour::new(0).expect("red"),
            }),
        ),
        ("explosiv", 4, action_json(&safehouse_explosiv::Action::Place { card: 3, row: 0 })),
        ("the-safe", 1, action_json(&safehouse_the_safe::Action::Play { card: "Y5".parse().expect("a card"), row: 0 })),
    ];
    for (id, step, action) in refused {
        let script = super::script(id).expect("a script");
        let (pos, _) = legal_at(&script, step);
        for lang in Lang::ALL {
            match judge(&script, &pos, &action, lang) {
                Verdict::Refused(text) => {
                    let head = tr!(lang, "not-allowed-why", why = "");
                    assert!(text.starts_with(head.trim_end()), "{id} in {lang:?}: {text}");
                    assert!(text.len() > head.len() + 3, "{id} in {lang:?}: says why: {text}");
                }
                other => panic!("{id}: step {step}: {action} should be refused: {other:?}"),
            }
        }
    }
}

/// Each step's page holds the guide's words and the form of the table's controls, posting to
/// the tutorial; the finish links to a real table.
#[test]
fn pages_draw_with_the_tables_controls() {
    for script in scripts() {
        for lang in Lang::ALL {
            for step in 0..=script.steps() {
                let pos = script.position(step, lang).expect("a position");
                let response = draw(&script, step, lang, None);
                assert_eq!(response.status(), StatusCode::OK);
                let html = page_html(response);
                assert!(html.contains(&format!("action=\"/tutorial/{}\"", script.id)), "{}: the form", script.id);
                match pos.expected {
                    Some((_, guide)) => {
                        let words = maud::html! { (guide(lang)) }.into_string();
                        assert!(html.contains(&words), "{} step {step} {lang:?}: the guide's words", script.id);
                        assert!(html.contains("name=\"action\""), "{} step {step}: the controls", script.id);
                        assert!(!html.contains("pre class=\"fallback\""), "{}: drawn, not text", script.id);
                    }
                    None => {
                        assert!(html.contains(&format!("href=\"/new/{}?lang=", script.game)), "{}: finish", script.id);
                    }
                }
            }
        }
    }
}

fn page_html(response: Response) -> String {
    let runtime = tokio::runtime::Builder::new_current_thread().build().expect("a runtime");
    let bytes = runtime.block_on(axum::body::to_bytes(response.into_body(), 1 << 24)).expect("the body");
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}
