//! Every shared message reads and writes back the exact JSON the server sent before these types
//! were shared (`tests/wire/*.json`, taken from a running server at the commit before this
//! crate: a 3-player Explosiv match with a clock, seat 0 a joined person, a hard and a medium
//! bot), so renaming, reordering or dropping a field fails here. The WebSocket messages are
//! compared byte for byte (the server writes them straight to text); the HTTP answers, which
//! the server writes through a JSON map, key-sorted. The answers of the rest of the API (matches,
//! tables, chat, rematch, notifications, settings), whose types moved here later, are pinned to
//! the JSON their server-side definitions wrote, and the requests to what the web wrote by hand.

use safehouse_api::{
    ActRequest, ActResponse, ClockView, Difficulty, JoinNow, JoinRequest, Legal, MessageType, MoveDeadline, OnTimeout,
    PresenceResponse, SeatInfo, SeatKind, SeatRequest, TimeControl, Update, Welcome,
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
        deadline: None,
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
fn a_turn_based_update_ends_with_the_moves_deadline() {
    let update: Update<Value> = exact(UPDATE);
    let deadline = MoveDeadline { server_ms: 5, seat: 1, due_ms: 86_400_005, on_timeout: OnTimeout::Bot };
    let text = serde_json::to_string(&Update::<Value> { clock: None, deadline: Some(deadline), ..update })
        .expect("serialises");
    assert!(
        text.ends_with(r#""to_move":1,"deadline":{"server_ms":5,"seat":1,"due_ms":86400005,"on_timeout":"bot"}}"#),
        "{text}"
    );
    let read: Update<Value> = serde_json::from_str(&text).expect("reads back");
    assert_eq!(read.deadline.map(|d| d.left_ms()), Some(86_400_000));
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
    let back: PresenceResponse = exact(BACK);
    assert_eq!((back.seat, back.seq, back.away), (0, 1, false));
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

/// A waiting room as the server wrote it in `tables.rs` (`GET /api/tables/{id}`, the lobby's
/// entries, `table` in the answers of creating it and taking a seat): a 3-seat Explosiv table,
/// Ann in seat 0, seat 1 free, a hard bot in seat 2.
const TABLE: &str = r#"{"id":"868f817ac066878fabea","game":"explosiv","players":3,"options":{"last_card_bonus":2},"visibility":"private","status":"waiting","seats":[{"seat":0,"state":"person","name":"Ann"},{"seat":1,"state":"free"},{"seat":2,"state":"bot","difficulty":"hard"}],"free_seats":1,"created_at_ms":1796167720000,"expires_at_ms":1796169520000}"#;

/// The seats a match's answers list, as `SeatInfo` writes them (seat 1 a person, not joined).
const SEAT_LIST: &str = r#"[{"seat":0,"kind":"person","name":"Ann","joined":true,"away":false},{"seat":1,"kind":"person","joined":false,"away":true},{"seat":2,"kind":"bot","difficulty":"hard","joined":false,"away":false}]"#;

/// The JSON the answers of the rest of the API had before their types moved here from the
/// server (each struct moved with its fields in the same order and the same serde attributes;
/// these are written from those definitions), read and written back as the server writes them.
#[test]
fn the_match_answers_read_and_write_back_byte_for_byte() {
    use safehouse_api::matches::{GameSummary, MatchCreated, MatchInfo, RecordResponse};
    use safehouse_api::tables::{SeatTaken, TableInfo, TableSeatState, TableStatus};
    let table: TableInfo = exact(TABLE);
    assert_eq!((table.status, table.seats[1].state), (TableStatus::Waiting, TableSeatState::Free));
    let room = format!(
        r#"{{"id":"868f817ac066878fabea","game":"explosiv","players":3,"options":{{"last_card_bonus":2}},"seats":[{{"seat":0,"kind":"person","name":"Ann","joined":true,"away":false}},{{"seat":1,"kind":"person","joined":false,"away":false}},{{"seat":2,"kind":"bot","difficulty":"hard","joined":false,"away":false}}],"joined":{{"seat":0,"token":"t0"}},"creator_token":"c0","table_invite":"i0","table":{TABLE}}}"#
    );
    let created: MatchCreated = exact(&room);
    assert_eq!(created.table.map(|t| t.free_seats), Some(1));
    let started = r#"{"id":"m1","game":"explosiv","players":2,"options":{},"seats":[{"seat":0,"kind":"person","joined":false,"away":false,"invite":"abc"},{"seat":1,"kind":"bot","difficulty":"medium","joined":false,"away":false}]}"#;
    let created: MatchCreated = exact(started);
    assert_eq!(created.seats[0].invite.as_deref(), Some("abc"));
    assert!(created.seats[1].info.is_bot());
    let taken: SeatTaken = exact(&format!(r#"{{"seat":1,"token":"t1","name":"Bo","table":{TABLE}}}"#));
    assert_eq!(taken.name.as_deref(), Some("Bo"));
    let info = format!(
        r#"{{"id":"m1","game":"explosiv","players":3,"options":{{}},"seats":{SEAT_LIST},"seq":4,"to_move":1,"finished":false,"outcome":null,"clock":{{"server_ms":5,"running":1,"remaining_ms":[1,2,3],"control":{{"bank_secs":180,"increment_secs":20,"on_timeout":"bot"}}}}}}"#
    );
    let info: MatchInfo = exact(&info);
    assert!(info.seats[1].away);
    let finished = format!(
        r#"{{"id":"m1","game":"explosiv","players":3,"options":{{}},"seats":{SEAT_LIST},"seq":40,"to_move":null,"finished":true,"outcome":{{"winners":[0]}}}}"#
    );
    assert!(exact::<MatchInfo>(&finished).clock.is_none());
    let record = format!(
        r#"{{"record":{{"format":"safehouse-record/1","game":"explosiv","players":3,"options":{{}},"seed":7,"actions":[{{"seat":0,"action":{{"card":1,"row":0,"type":"place"}}}}]}},"outcome":{{"winners":[0]}},"seats":{SEAT_LIST}}}"#
    );
    assert_eq!(exact::<RecordResponse>(&record).record.seed, 7);
    let game = r#"{"id":"explosiv","aliases":["explosiv-short"],"name":"Explosiv","summary":"Play cards on rows.","min_players":2,"max_players":6,"default_players":3,"cooperative":false,"table_talk":true,"options":[{"name":"last_card_bonus","default":2,"domain":{"kind":"integer","min":0,"max":10},"help":"h","label":{"en":"a","ko":"b","de":"c"},"help_for_players":{"en":"d","ko":"e","de":"f"},"rare":false}],"default_options":{"last_card_bonus":2},"presets":[{"name":"short","help":"one round","options":{"last_card_bonus":2}}]}"#;
    let summary: GameSummary = exact(game);
    assert!(summary.rules.is_none());
    let with_rules = format!(r#"{},"rules":"Markdown"}}"#, game.strip_suffix('}').unwrap_or(game));
    assert_eq!(exact::<GameSummary>(&with_rules).rules.as_deref(), Some("Markdown"));
}

#[test]
fn the_chat_rematch_notify_and_settings_forms_read_and_write_back_byte_for_byte() {
    use safehouse_api::chat::{Channel, ChatHistory, ChatLine};
    use safehouse_api::notify::{NotifyLang, NotifyState, PushKey, PushSubscription};
    use safehouse_api::rematch::{RematchJoined, RematchLinks};
    use safehouse_api::settings::{TableSettings, TurnBased, Visibility};
    let history: ChatHistory = exact(
        r#"{"players_open":true,"can_write":true,"channel":"players","lines":[{"n":3,"channel":"players","seat":0,"name":"Ann","text":"gg","seq":12,"at_ms":1796167730000},{"n":4,"channel":"spectators","text":"hi","seq":12,"at_ms":1796167731000}]}"#,
    );
    assert_eq!(history.lines[1].channel, Channel::Spectators);
    let line: ChatLine = exact(r#"{"n":5,"channel":"spectators","name":"Cy","text":"wow","seq":0,"at_ms":1}"#);
    assert_eq!(line.seat, None);
    let joined: RematchJoined = exact(r#"{"match":"abc","created":true,"seat":1,"token":"t"}"#);
    assert_eq!((joined.creator_token.as_deref(), joined.table_invite.as_deref()), (None, None));
    let created: RematchJoined =
        exact(r#"{"match":"abc","created":true,"seat":0,"token":"t","creator_token":"c","table_invite":"i"}"#);
    assert_eq!((created.creator_token.as_deref(), created.table_invite.as_deref()), (Some("c"), Some("i")));
    assert_eq!(joined.match_id, "abc");
    let links: RematchLinks = exact(r#"{"match":null,"rematch_of":"old"}"#);
    assert_eq!(links.rematch_of.as_deref(), Some("old"));
    let subscription: PushSubscription =
        exact(r#"{"endpoint":"https://push.example/x","keys":{"p256dh":"BPkey","auth":"secret"},"lang":"ko"}"#);
    assert_eq!(subscription.lang, NotifyLang::Ko);
    let state: NotifyState = exact(r#"{"seat":0,"push":["https://push.example/x"],"webhook":null}"#);
    assert_eq!(state.push.len(), 1);
    assert_eq!(exact::<PushKey>(r#"{"public_key":"BKkey"}"#).public_key, "BKkey");
    // The settings as the server stores them (through a map: key-sorted).
    let stored: TableSettings = sorted(
        r#"{"chat":false,"rematch_of":"old","time_control":{"bank_secs":180,"increment_secs":20,"on_timeout":"bot"},"visibility":"public","waiting_room":true}"#,
    );
    assert_eq!(stored.visibility, Visibility::Public);
    let turn_based: TableSettings = sorted(r#"{"turn_based":{"deadline_hours":48,"on_timeout":"skip"}}"#);
    assert_eq!(turn_based.turn_based.map(|t| t.deadline_ms()), Some(48 * 3_600_000));
    assert_eq!(exact::<TableSettings>("{}"), TableSettings::default());
    assert_eq!(
        serde_json::from_str::<TurnBased>("{}").ok(),
        Some(TurnBased { deadline_hours: 48, on_timeout: OnTimeout::Bot })
    );
}

#[test]
fn the_device_link_forms_read_and_write_back_byte_for_byte() {
    use safehouse_api::devices::{DeviceClaim, DeviceClaimed, DeviceLink};
    let link: DeviceLink = exact(r#"{"seat":1,"code":"0f","expires_at_ms":1796167730000,"expires_in_secs":600}"#);
    assert_eq!((link.seat, link.expires_in_secs), (1, 600));
    assert_eq!(exact::<DeviceClaim>(r#"{"code":"0f"}"#).code, "0f");
    assert!(serde_json::from_str::<DeviceClaim>(r#"{"code":"0f","token":"t"}"#).is_err(), "no stray fields");
    assert_eq!(exact::<DeviceClaimed>(r#"{"seat":2,"token":"t"}"#).seat, 2);
}

/// The bodies the web wrote as `json!` literals before it wrote these types, and what the types
/// write now: the same objects (a field the web left out, the type leaves out too).
#[test]
fn the_other_requests_write_what_the_web_wrote_by_hand() {
    use safehouse_api::chat::ChatRequest;
    use safehouse_api::matches::{CreateMatch, ListQuery};
    use safehouse_api::notify::{NotifyLang, WebhookRequest};
    use safehouse_api::settings::{TableSettings, TurnBased, Visibility};
    use safehouse_api::tables::{BotSeat, ListTables, TakeSeat};
    let seats = vec![
        SeatRequest { kind: SeatKind::Person, difficulty: None, name: None },
        SeatRequest { kind: SeatKind::Bot, difficulty: Some(Difficulty::Hard), name: None },
    ];
    let quick = CreateMatch {
        game: "explosiv".to_owned(),
        preset: None,
        options: Some(json!({})),
        seats: seats.clone(),
        join: Some(JoinNow { seat: 0, name: Some("Ann".to_owned()) }),
        settings: TableSettings::default(),
        waiting_room: false,
        visibility: None,
    };
    assert_eq!(
        serde_json::to_value(&quick).ok(),
        Some(json!({"game": "explosiv", "seats": [{"kind": "person"}, {"kind": "bot", "difficulty": "hard"}],
            "options": {}, "join": {"seat": 0, "name": "Ann"}}))
    );
    let time_control = TimeControl { bank_secs: 180, increment_secs: 20, on_timeout: OnTimeout::Bot };
    let room = CreateMatch {
        preset: Some("short".to_owned()),
        options: Some(json!({"last_card_bonus": 3})),
        join: None,
        settings: TableSettings {
            time_control: Some(time_control),
            turn_based: Some(TurnBased { deadline_hours: 24, on_timeout: OnTimeout::Bot }),
            ..TableSettings::default()
        },
        waiting_room: true,
        visibility: Some(Visibility::Public),
        ..quick
    };
    assert_eq!(
        serde_json::to_value(&room).ok(),
        Some(json!({"game": "explosiv", "seats": [{"kind": "person"}, {"kind": "bot", "difficulty": "hard"}],
            "options": {"last_card_bonus": 3}, "preset": "short", "waiting_room": true, "visibility": "public",
            "settings": {"time_control": {"bank_secs": 180, "increment_secs": 20, "on_timeout": "bot"},
                "turn_based": {"deadline_hours": 24, "on_timeout": "bot"}}}))
    );
    // The server reads back what the web writes (it refuses unknown fields).
    assert_eq!(serde_json::from_value::<CreateMatch>(serde_json::to_value(&room).unwrap_or_default()).ok(), Some(room));
    let take = TakeSeat { name: Some("Bo".to_owned()), invite: Some("i0".to_owned()) };
    assert_eq!(serde_json::to_value(&take).ok(), Some(json!({"name": "Bo", "invite": "i0"})));
    // The web wrote `"name": null` for no name; leaving it out means the same to the server.
    assert_eq!(serde_json::to_value(TakeSeat::default()).ok(), Some(json!({})));
    assert_eq!(serde_json::from_value::<TakeSeat>(json!({"name": null})).ok(), Some(TakeSeat::default()));
    let bot = BotSeat { difficulty: Some(Difficulty::Easy) };
    assert_eq!(serde_json::to_value(&bot).ok(), Some(json!({"difficulty": "easy"})));
    assert_eq!(serde_json::to_value(BotSeat::default()).ok(), Some(json!({})));
    let chat = ChatRequest { text: "gg".to_owned(), name: None };
    assert_eq!(serde_json::to_value(&chat).ok(), Some(json!({"text": "gg"})));
    let hook = WebhookRequest { url: "https://hooks.example/x".to_owned(), lang: NotifyLang::De };
    assert_eq!(serde_json::to_value(&hook).ok(), Some(json!({"url": "https://hooks.example/x", "lang": "de"})));
    assert_eq!(serde_json::to_value(ListQuery { live: Some(false), limit: None }).ok(), Some(json!({"live": false})));
    assert_eq!(serde_json::to_value(ListTables { limit: Some(20) }).ok(), Some(json!({"limit": 20})));
    assert!(serde_json::from_value::<TakeSeat>(json!({"seat": 1})).is_err(), "unknown fields are refused");
}

/// The forms that moved here last: a viewer's log as the server writes it (`log.rs`'s entries,
/// struct order), an error body as every answer writes it (through a map: key-sorted), the
/// `?token=` and log queries, and `GET /api/matches`' listing as the store's `MatchSummary` wrote
/// it (through a map: key-sorted).
#[test]
fn the_log_error_query_and_listing_forms_read_and_write_back() {
    use safehouse_api::log::{LogActor, LogEntry, LogQuery, LogResponse};
    use safehouse_api::matches::MatchListing;
    use safehouse_api::{ErrorBody, TokenQuery};
    let log: LogResponse = exact(
        r#"{"match":"m1","viewer":{"seat":1},"seq":2,"entries":[{"seq":1,"seat":0,"actor":"person","events":[{"card":3,"type":"placed"}]},{"seq":2,"seat":1,"actor":"takeover","events":[]}]}"#,
    );
    assert_eq!((log.viewer, log.entries[1].actor), (Viewer::Seat(Seat(1)), LogActor::Takeover));
    let spectator: LogResponse = exact(r#"{"match":"m1","viewer":"spectator","seq":0,"entries":[]}"#);
    assert_eq!(spectator.viewer, Viewer::Spectator);
    assert_eq!(exact::<LogEntry>(r#"{"seq":3,"seat":2,"actor":"bot","events":[]}"#).actor, LogActor::Bot);
    let plain: ErrorBody = sorted(r#"{"error":{"code":"bad_token","message":"no seat"}}"#);
    assert_eq!((plain.error.rule, plain.error.seq, plain.error.retry_after), (None, None, None));
    let illegal: ErrorBody =
        sorted(r#"{"error":{"code":"illegal_action","message":"follow suit","rule":"must_follow"}}"#);
    assert_eq!(illegal.error.rule.as_deref(), Some("must_follow"));
    let stale: ErrorBody = sorted(r#"{"error":{"code":"stale_seq","message":"moved on","seq":4}}"#);
    assert_eq!(stale.error.seq, Some(4));
    let limited: ErrorBody = sorted(r#"{"error":{"code":"rate_limited","message":"slow down","retry_after":2}}"#);
    assert_eq!(limited.error.retry_after, Some(2));
    assert_eq!(serde_json::to_value(TokenQuery { token: Some("t".to_owned()) }).ok(), Some(json!({"token": "t"})));
    assert_eq!(serde_json::to_value(TokenQuery::default()).ok(), Some(json!({})));
    assert_eq!(serde_json::to_value(LogQuery { token: None, after: Some(3) }).ok(), Some(json!({"after": 3})));
    assert_eq!(serde_json::from_value::<LogQuery>(json!({})).ok(), Some(LogQuery::default()));
    let listing: Vec<MatchListing> = sorted(
        r#"[{"actions":12,"created_at_ms":1796167720000,"finished":false,"game":"explosiv","id":"m1","players":3},{"actions":40,"created_at_ms":1796167000000,"finished":true,"game":"club-unlock","id":"m0","players":2}]"#,
    );
    assert_eq!((listing[0].players, listing[1].finished), (3, true));
}

/// The WebSocket commands write what `safehouse bot`, the tests and docs/server.md wrote by hand
/// before they were types, key for key, and read back.
#[test]
fn the_websocket_commands_write_what_was_written_by_hand() {
    use safehouse_api::chat::ChatRequest;
    use safehouse_api::commands::{BotFor, ClientMessage, Command};
    let action = json!({"type": "place", "card": 3, "row": 1});
    let forms = [
        (
            ClientMessage::with_id(Command::Act(ActRequest { action: action.clone(), seq: Some(4) }), 4),
            json!({"type": "act", "action": action, "seq": 4, "id": 4}),
        ),
        (ClientMessage::new(Command::Sync), json!({"type": "sync"})),
        (ClientMessage::new(Command::Back), json!({"type": "back"})),
        (ClientMessage::with_id(Command::Away, 7), json!({"type": "away", "id": 7})),
        (
            ClientMessage::with_id(Command::BotFor(BotFor { seat: 1 }), 3),
            json!({"type": "bot_for", "seat": 1, "id": 3}),
        ),
        (
            ClientMessage::with_id(Command::Chat(ChatRequest { text: "ws line".into(), name: None }), 7),
            json!({"type": "chat", "text": "ws line", "id": 7}),
        ),
    ];
    for (message, by_hand) in forms {
        assert_eq!(serde_json::to_value(&message).ok(), Some(by_hand.clone()));
        assert_eq!(ClientMessage::from_json(&by_hand.to_string()).ok(), Some(message), "{by_hand}");
    }
}

/// The other pushed messages read and write back the JSON the server built with `json!` before
/// they were types, key for key (their text now starts with `type`; a reader sees the same object).
#[test]
fn the_notices_read_and_write_back_what_the_server_built_by_hand() {
    use safehouse_api::Notice;
    // `json!` wrote every object key-sorted, the seats' too.
    let sorted_seats: Value = serde_json::from_str(SEATS).expect("seats");
    let seats = format!(r#"{{"seats":{sorted_seats},"type":"seats"}}"#);
    let Notice::Seats { seats, deadline: None } = sorted::<Notice>(&seats) else { panic!("seats") };
    assert!(!seats.is_empty());
    let due = r#"{"deadline":{"due_ms":1796254120000,"on_timeout":"bot","seat":1,"server_ms":1796167720000},"seats":[],"type":"seats"}"#;
    let Notice::Seats { deadline: Some(deadline), .. } = sorted::<Notice>(due) else { panic!("seats with a deadline") };
    assert_eq!((deadline.seat, deadline.due_ms), (1, 1_796_254_120_000));
    let chat: Notice = sorted(
        r#"{"line":{"at_ms":1796167720000,"channel":"players","n":4,"name":"Ann","seat":0,"seq":3,"text":"gg"},"type":"chat"}"#,
    );
    assert!(matches!(chat, Notice::Chat { ref line } if line.text == "gg" && line.seat == Some(0)));
    let rematch: Notice = sorted(r#"{"match":"m2","type":"rematch"}"#);
    assert_eq!(rematch, Notice::Rematch { match_id: "m2".to_owned() });
    let acted: Notice = sorted(r#"{"id":7,"seq":12,"type":"ack"}"#);
    assert_eq!(acted, Notice::Ack { id: Some(json!(7)), seq: Some(12), n: None });
    let chatted: Notice = sorted(r#"{"id":"c","n":4,"type":"ack"}"#);
    assert_eq!(chatted, Notice::Ack { id: Some(json!("c")), seq: None, n: Some(4) });
    let anonymous: Notice = sorted(r#"{"id":null,"seq":1,"type":"ack"}"#);
    assert_eq!(anonymous, Notice::Ack { id: None, seq: Some(1), n: None });
    assert!(Notice::Rematch { match_id: "m2".to_owned() }.to_text().starts_with(r#"{"type":"rematch""#));
    assert_eq!(Notice::SignedOut { seat: 2 }.to_text(), r#"{"type":"signed_out","seat":2}"#);
    assert_eq!(sorted::<Notice>(r#"{"seat":2,"type":"signed_out"}"#), Notice::SignedOut { seat: 2 });
    // An error: the HTTP error's fields with `type` and the echoed `id` (none if it had none).
    let stale: Notice = sorted(r#"{"code":"stale_seq","id":"a","message":"moved on","seq":4,"type":"error"}"#);
    let Notice::Error { id, error } = stale else { panic!("an error") };
    assert_eq!((id, error.code.as_str(), error.seq), (Some(json!("a")), "stale_seq", Some(4)));
    let limited: Notice = sorted(r#"{"code":"rate_limited","message":"slow down","retry_after":2,"type":"error"}"#);
    assert!(matches!(limited, Notice::Error { id: None, ref error } if error.retry_after == Some(2)));
}
