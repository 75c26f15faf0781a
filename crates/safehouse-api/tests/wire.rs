//! Every shared message reads and writes back the exact JSON the server sent before these types
//! were shared (`tests/wire/*.json`, taken from a running server at the commit before this
//! crate: a 3-player Explosiv match with a clock, seat 0 a joined person, a hard and a medium
//! bot), so renaming, reordering or dropping a field fails here. The WebSocket messages are
//! compared byte for byte (the server writes them straight to text); the HTTP answers, which
//! the server writes through a JSON map, key-sorted.

use safehouse_api::{
    ActRequest, ActResponse, BackResponse, ClockView, Difficulty, JoinNow, JoinRequest, Legal, MessageType, OnTimeout,
    SeatInfo, SeatKind, SeatRequest, TimeControl, Update, Welcome,
};
use safehouse_engine::{Seat, Viewer};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;
use serde_json::{Value, json};

const WELCOME: &str = include_str!("wire/welcome.json");
const WELCOME_SPECTATOR: &str = include_str!("wire/welcome_spec.json");
const UPDATE: &str = include_str!("wire/update.json");
const VIEW_SEAT: &str = include_str!("wire/view_seat.json");
const VIEW_SPECTATOR: &str = include_str!("wire/view_spec.json");
const SEATS: &str = include_str!("wire/seats.json");
const ACT: &str = include_str!("wire/act.json");
const BACK: &str = include_str!("wire/back.json");

/// Reads `text` as `T` and writes it back as the server writes straight to text.
fn exact<T: DeserializeOwned + Serialize>(text: &str) -> T {
    let typed: T = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(serde_json::to_string(&typed).expect("serialises"), text);
    typed
}

/// Reads `text` as `T` and writes it back as the server's HTTP answers do (through a map).
fn sorted<T: DeserializeOwned + Serialize>(text: &str) -> T {
    let typed: T = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    let value = serde_json::to_value(&typed).expect("serialises");
    assert_eq!(value.to_string(), text);
    typed
}

#[test]
fn the_welcome_reads_and_writes_back_byte_for_byte() {
    let welcome: Welcome<Box<RawValue>, Value> = exact(WELCOME);
    assert_eq!(welcome.kind, Some(MessageType::Welcome));
    assert_eq!(welcome.seat(), Some(0));
    assert_eq!(welcome.legal_actions().len(), 32);
    assert_eq!(welcome.clock.as_ref().map(|c| c.control.on_timeout), Some(OnTimeout::Bot));
    let spectator: Welcome<Box<RawValue>, Value> = exact(WELCOME_SPECTATOR);
    assert_eq!((spectator.viewer, spectator.legal.is_none()), (Viewer::Spectator, true));
    // A reader's welcome (the view as a value, the engine's outcome) reads the same message.
    let read: Welcome = serde_json::from_str(WELCOME).expect("a welcome");
    assert_eq!(read.view["players"], 3);
}

#[test]
fn a_finished_welcome_puts_the_outcome_between_legal_and_clock() {
    let view = RawValue::from_string(r#"{"x":1}"#.to_owned()).expect("JSON");
    let welcome = Welcome {
        kind: Some(MessageType::Welcome),
        match_id: "m".to_owned(),
        game: "explosiv".to_owned(),
        viewer: Viewer::Seat(Seat(1)),
        seq: 9,
        view: &*view,
        text: None,
        to_move: None,
        finished: true,
        seats: vec![],
        legal: None,
        outcome: Some(json!({"winners": [1]})),
        clock: Some(ClockView {
            server_ms: 5,
            running: None,
            remaining_ms: vec![1, 2],
            control: TimeControl { bank_secs: 60, increment_secs: 0, on_timeout: OnTimeout::Lose },
        }),
    };
    assert_eq!(
        serde_json::to_string(&welcome).expect("serialises"),
        r#"{"type":"welcome","match":"m","game":"explosiv","viewer":{"seat":1},"seq":9,"view":{"x":1},"to_move":null,"finished":true,"seats":[],"outcome":{"winners":[1]},"clock":{"server_ms":5,"running":null,"remaining_ms":[1,2],"control":{"bank_secs":60,"increment_secs":0,"on_timeout":"lose"}}}"#
    );
}

#[test]
fn the_update_reads_and_writes_back_byte_for_byte() {
    let update: Update<Value> = exact(UPDATE);
    assert_eq!((update.kind, update.actor, update.to_move), (MessageType::Update, 0, Some(1)));
    let with_legal = Update::<Value> {
        legal: Some(vec![Legal { action: json!({"type": "pass"}), text: "pass".to_owned() }]),
        outcome: Some(json!({"winners": [0]})),
        clock: None,
        ..update
    };
    let text = serde_json::to_string(&with_legal).expect("serialises");
    assert!(
        text.ends_with(r#""to_move":1,"legal":[{"action":{"type":"pass"},"text":"pass"}],"outcome":{"winners":[0]}}"#),
        "{text}"
    );
}

#[test]
fn the_view_answer_is_a_welcome_without_type_with_text() {
    let view: Welcome = sorted(VIEW_SEAT);
    assert_eq!(view.kind, None);
    assert!(view.text.as_deref().is_some_and(|t| !t.is_empty()));
    assert_eq!(view.legal_actions()[0].text, "play 1 on row A");
    let spectator: Welcome = sorted(VIEW_SPECTATOR);
    assert_eq!(spectator.seat(), None);
}

#[test]
fn seats_and_answers_read_and_write_back() {
    let seats: Vec<SeatInfo> = exact(SEATS);
    assert_eq!(seats.iter().map(SeatInfo::is_bot).collect::<Vec<_>>(), [false, true, true]);
    assert_eq!(seats[1].difficulty, Some(Difficulty::Hard));
    let acted: ActResponse = exact(ACT);
    assert_eq!(acted.seq, 1);
    let back: BackResponse = exact(BACK);
    assert_eq!((back.seat, back.seq), (0, 1));
    assert_eq!(exact::<SeatKind>(r#""bot""#), SeatKind::Bot);
}

/// The bodies the web wrote as JSON literals before, and what the typed requests write now.
#[test]
fn requests_write_what_the_web_wrote_by_hand() {
    let act = ActRequest { action: json!({"type": "place", "card": 3, "row": 1}), seq: Some(4) };
    assert_eq!(
        serde_json::to_value(&act).ok(),
        Some(json!({"action": {"type": "place", "card": 3, "row": 1}, "seq": 4}))
    );
    let unsequenced = ActRequest { action: json!({"type": "pass"}), seq: None };
    assert_eq!(serde_json::to_value(&unsequenced).ok(), Some(json!({"action": {"type": "pass"}})));
    let join = JoinRequest { seat: 1, invite: "abc".to_owned(), name: None };
    assert_eq!(serde_json::to_value(&join).ok(), Some(json!({"seat": 1, "invite": "abc", "name": null})));
    let now = JoinNow { seat: 0, name: Some("Ann".to_owned()) };
    assert_eq!(serde_json::to_value(&now).ok(), Some(json!({"seat": 0, "name": "Ann"})));
    let friend = SeatRequest { kind: SeatKind::Person, difficulty: None, name: None };
    assert_eq!(serde_json::to_value(&friend).ok(), Some(json!({"kind": "person"})));
    let bot = SeatRequest { kind: SeatKind::Bot, difficulty: Some(Difficulty::Easy), name: None };
    assert_eq!(serde_json::to_value(&bot).ok(), Some(json!({"kind": "bot", "difficulty": "easy"})));
    // The server refuses fields it does not know, as before.
    assert!(serde_json::from_value::<ActRequest>(json!({"action": {}, "seq": 1, "extra": 0})).is_err());
    assert!(serde_json::from_value::<SeatRequest>(json!({"kind": "robot"})).is_err());
}
