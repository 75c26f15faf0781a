//! The waiting room of a table (`/tables/{id}`): who sits, taking and leaving a seat, and for
//! whoever created the table its controls (a bot for a free seat or back, removing a person,
//! starting). Everything is an HTML form posting to this page, so it works without a script; the
//! script (`assets/waiting.js`) follows the room's WebSocket (`/tables/{id}/ws`, forwarded to the
//! API's `/api/tables/{id}/ws`), redraws the seats from `/tables/{id}/frag` after each change and
//! moves everyone to the table when it starts.
//!
//! The browser keeps its seat token in the seat cookie (`sh_{id}`, as at the table) and, for
//! whoever created the table, the creator token and the private table's invite code in
//! `shc_{id}`; the display name the person picked is remembered in `shn` for their next tables.

use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::{Markup, html};
use safehouse_api::Difficulty;
use safehouse_api::settings::Visibility;
use safehouse_api::tables::{BotSeat, ListTables, SeatTaken, TableInfo, TableSeatState, TableStatus, TakeSeat};
use serde::Deserialize;

use crate::api::Peer;
use crate::cookies;
use crate::extract::{PageForm, PagePath, PageQuery};
use crate::games::game_name;
use crate::i18n::{Lang, difficulty, seat_number};
use crate::layout::{self, Shell};
use crate::security::Forwarded;
use crate::{Web, assets};
use safehouse_api::extract::{ApiPath, ApiQuery, Refusal};

/// `?invite=&lang=` of a waiting room's link.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct RoomQuery {
    invite: Option<String>,
    lang: Option<String>,
    e: Option<String>,
}

/// What this browser is at a table.
pub(crate) struct Me {
    pub(crate) seat: Option<cookies::SeatCookie>,
    pub(crate) creator: Option<cookies::CreatorCookie>,
}

impl Me {
    fn of(headers: &HeaderMap, id: &str) -> Me {
        Me { seat: cookies::seat(headers, id), creator: cookies::creator(headers, id) }
    }

    /// As [`Me::of`], for the room as `table` shows it: a seat cookie whose seat no person holds
    /// any more (the host removed them, or gave the seat to a bot) holds nothing, so the page
    /// offers the free seats again instead of a seat that is gone.
    pub(crate) fn at(headers: &HeaderMap, id: &str, table: &TableInfo) -> Me {
        let mut me = Me::of(headers, id);
        if let Some(seat) = &me.seat {
            let state = table.seats.iter().find(|s| s.seat == seat.seat).map(|s| s.state);
            if state != Some(TableSeatState::Person) {
                me.seat = None;
            }
        }
        me
    }
}

fn valid_code(code: &str) -> bool {
    !code.is_empty() && code.len() <= 64 && code.chars().all(|c| c.is_ascii_alphanumeric())
}

/// The invite code this browser may use: the link's, else the creator's own.
fn invite(query: Option<&str>, me: &Me) -> Option<String> {
    query.filter(|c| valid_code(c)).map(str::to_owned).or_else(|| me.creator.as_ref().and_then(|c| c.invite.clone()))
}

/// A fixed notice chosen by its code (the query is anybody's to write).
fn notice_text(lang: Lang, code: &str) -> Option<&'static str> {
    Some(match code {
        "seat_taken" => lang.text("somebody-took-that-seat-first"),
        "bad_invite" => lang.text("this-table-needs-its-invite"),
        "already_seated" => lang.text("you-already-sit-at-this"),
        "not_creator" => lang.text("only-whoever-set-up-the"),
        "nobody_seated" => lang.text("nobody-sits-at-the-table"),
        "table_started" => lang.text("the-game-has-started"),
        "table_expired" => lang.text("this-table-expired"),
        "failed" => lang.text("that-did-not-work-try"),
        _ => return None,
    })
}

/// The seats and the controls (the part the script redraws).
fn seats_markup(table: &TableInfo, me: &Me, lang: Lang, invite: Option<&str>) -> Markup {
    let id = table.id.as_str();
    let mine = me.seat.as_ref().map(|s| s.seat);
    let creator = me.creator.is_some();
    let free = table.free_seats;
    html! {
        ol.waiting-seats {
            @for seat in &table.seats {
                @let n = seat.seat;
                @let state = seat_state_name(seat.state);
                @let number = seat_number(n);
                li data-seat=(n) data-state=(state) {
                    span.seat-label { (tr!(lang, "seat-number", number = number)) ": " }
                    @match seat.state {
                        TableSeatState::Person => {
                            span.seat-name { (seat.name.as_deref().unwrap_or(lang.text("a-player"))) }
                            @if mine == Some(n) {
                                " " strong.you { (lang.text("you-3")) }
                                form.inline method="post" action={"/tables/" (id) "/leave"} {
                                    button.leave type="submit" { (lang.text("leave-the-seat")) }
                                }
                            } @else if creator {
                                form.inline method="post" action={"/tables/" (id) "/seat"} {
                                    input type="hidden" name="seat" value=(n);
                                    input type="hidden" name="op" value="remove";
                                    button.remove type="submit" { (lang.text("remove")) }
                                }
                            }
                        }
                        TableSeatState::Bot => {
                            span.seat-name { (tr!(lang, "bot-difficulty", difficulty = difficulty(lang, seat.difficulty.unwrap_or_default().name()))) }
                            @if creator {
                                form.inline method="post" action={"/tables/" (id) "/seat"} {
                                    input type="hidden" name="seat" value=(n);
                                    input type="hidden" name="op" value="free";
                                    button.free type="submit" { (lang.text("free-the-seat")) }
                                }
                            }
                        }
                        TableSeatState::Free => {
                            @match seat.name.as_deref() {
                                // A rematch's seat, kept for whoever sat there.
                                Some(name) => span.seat-name.free.kept { (tr!(lang, "kept-for", name = name)) },
                                None => span.seat-name.free { (lang.text("free")) },
                            }
                            // A kept seat is taken from the old match's page ("Join: take my seat"),
                            // or by somebody new the creator sent the invite to.
                            @if mine.is_none() && (seat.name.is_none() || invite.is_some()) {
                                button.take type="submit" form="take-form" name="seat" value=(n) {
                                    (lang.text("take-this-seat"))
                                }
                            }
                            @if creator {
                                form.inline method="post" action={"/tables/" (id) "/seat"} {
                                    input type="hidden" name="seat" value=(n);
                                    input type="hidden" name="op" value="bot";
                                    select name="difficulty" aria-label=(lang.text("bot-level")) {
                                        @for level in Difficulty::ALL.map(Difficulty::name) {
                                            option value=(level) selected[level == Difficulty::default().name()] { (difficulty(lang, level)) }
                                        }
                                    }
                                    button.bot type="submit" { (lang.text("give-to-a-bot")) }
                                }
                            }
                        }
                    }
                }
            }
        }
        p.waiting-status {
            @if free == 0 {
                (lang.text("every-seat-is-taken"))
            } @else {
                (tr!(lang, "waiting-free-seats-until-start", free = free))
            }
        }
        @if creator {
            form.start method="post" action={"/tables/" (id) "/start"} {
                button.primary.big.start type="submit" { (lang.text("start-the-game")) }
                p.help { (lang.text("seats-still-free-are-played")) }
                @if table.seats.iter().any(|s| s.state == TableSeatState::Free && s.name.is_some()) {
                    p.help { (lang.text("kept-seats-wait")) }
                }
            }
        }
    }
}

/// The name of a seat's state, as the page's script reads it (`data-state`; the API's word).
fn seat_state_name(state: TableSeatState) -> &'static str {
    match state {
        TableSeatState::Free => "free",
        TableSeatState::Person => "person",
        TableSeatState::Bot => "bot",
    }
}

/// The waiting room `id` as the API shows it.
pub(crate) async fn fetch(web: &Web, id: &str, peer: Peer) -> Result<TableInfo, crate::api::Reply> {
    let reply = web.api.get(&format!("/api/tables/{id}"), None, peer).await;
    reply.read().ok_or(reply)
}

fn not_found(lang: Lang) -> Response {
    layout::error_page(lang, StatusCode::NOT_FOUND, lang.text("no-such-table"), lang.text("this-table-does-not-exist"))
}

fn see_other(location: String) -> Response {
    (StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response()
}

/// The link to send friends to this room, for whoever may: on a public table anybody seated (the
/// table is anybody's to find anyway), on a private one its creator, with the invite code.
fn room_link(origin: &str, table: &TableInfo, me: &Me, invite: Option<&str>) -> Option<String> {
    let room = format!("{origin}/tables/{}", table.id);
    match table.visibility {
        Visibility::Public => (me.seat.is_some() || me.creator.is_some()).then_some(room),
        Visibility::Private => me.creator.as_ref().and(invite).map(|code| format!("{room}?invite={code}")),
    }
}

/// Where a browser goes once the table started: its seat, or the spectators' side.
fn table_path(id: &str, me: &Me) -> String {
    if me.seat.is_some() { format!("/play/{id}") } else { format!("/play/{id}?watch=1") }
}

/// `GET /tables/{id}`: the waiting room.
pub(crate) async fn page(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    PageQuery(query): PageQuery<RoomQuery>,
    headers: HeaderMap,
    forwarded: Forwarded,
    peer: Peer,
) -> Response {
    let lang = Lang::of_request(&headers, query.lang.as_deref());
    if !cookies::valid_id(&id) {
        return not_found(lang);
    }
    let table = match fetch(&web, &id, peer).await {
        Ok(table) => table,
        Err(_) => return not_found(lang),
    };
    let me = Me::at(&headers, &id, &table);
    match table.status {
        TableStatus::Started => return see_other(table_path(&id, &me)),
        TableStatus::Expired => {
            return layout::error_page(
                lang,
                StatusCode::GONE,
                lang.text("this-table-expired-2"),
                lang.text("nobody-started-it-in-time"),
            );
        }
        TableStatus::Waiting => {}
    }
    let invite = invite(query.invite.as_deref(), &me);
    let game = game_name(&table.game, lang);
    let name = cookies::name(&headers).unwrap_or_default();
    let public = table.visibility == Visibility::Public;
    let notice = query.e.as_deref().and_then(|code| notice_text(lang, code));
    // A seated person can ask here to be told when the game comes to them: a table played over
    // days may start long after they closed the page.
    let notify = crate::notify::panel(&web, &id, me.seat.as_ref(), false, lang, peer).await;
    let main = html! {
        section.panel.waiting-room #waiting data-id=(id) data-table=(table_path(&id, &me)) {
            h1 { (tr!(lang, "waiting-room-game", game = &game)) }
            p.lead {
                @if public {
                    (lang.text("a-public-table-anyone-can"))
                } @else {
                    (lang.text("a-private-table-only-people"))
                }
            }
            @if let Some(notice) = notice {
                div.notice role="alert" { p { (notice) } }
            }
            form #take-form method="post" action={"/tables/" (id) "/take"} {
                @if let Some(code) = &invite {
                    input type="hidden" name="invite" value=(code);
                }
                // Hidden while this browser sits here; the script shows it again when the seat
                // is gone (the host removed this person) and free seats are offered.
                div.option #take-name-field hidden[me.seat.is_some()] {
                    label for="take-name" { (lang.text("your-name")) }
                    input #take-name type="text" name="name" maxlength="40" autocomplete="nickname" required value=(name);
                    p.help { (lang.text("this-browser-remembers-it-for")) }
                }
            }
            div #waiting-seats aria-live="polite" { (seats_markup(&table, &me, lang, invite.as_deref())) }
            @if let Some(link) = room_link(&forwarded.origin(&headers), &table, &me, invite.as_deref()) {
                div.share {
                    label for="room-link" { (lang.text("invite-link")) }
                    input.invite-link #room-link type="text" readonly value=(link);
                    button.copy type="button" data-copy="room-link" { (lang.text("copy")) }
                    p.help {
                        @if public { (lang.text("room-link-public-help")) } @else { (lang.text("room-link-private-help")) }
                    }
                }
            }
        }
        (notify)
        script src=(assets::url("waiting.js")) defer {}
    };
    let path = format!("/tables/{id}");
    let shell = Shell { lang, title: tr!(lang, "waiting-room-game", game = &game), path: &path, body_class: "waiting" };
    layout::respond(StatusCode::OK, layout::page(&shell, main))
}

/// `GET /tables/{id}/frag`: the seats and controls, redrawn by the script after each change.
pub(crate) async fn frag(
    State(web): State<Web>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<RoomQuery>,
    headers: HeaderMap,
    peer: Peer,
) -> Response {
    let lang = Lang::of_request(&headers, query.lang.as_deref());
    if !cookies::valid_id(&id) {
        return Refusal::new(StatusCode::NOT_FOUND, "not_found", "no such table").into_response();
    }
    let table = match fetch(&web, &id, peer).await {
        Ok(table) => table,
        Err(reply) if !reply.ok() => return reply.into_response(),
        Err(_) => {
            return Refusal::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal_error",
                "the table's answer did not read",
            )
            .into_response();
        }
    };
    let me = Me::at(&headers, &id, &table);
    let invite = invite(query.invite.as_deref(), &me);
    layout::respond(StatusCode::OK, seats_markup(&table, &me, lang, invite.as_deref()))
}

/// Form of `POST /tables/{id}/take`.
#[derive(Debug, Deserialize)]
pub(crate) struct TakeForm {
    seat: u8,
    #[serde(default)]
    name: String,
    #[serde(default)]
    invite: String,
}

fn back(id: &str, code: &str, invite: Option<&str>) -> Response {
    let code = if notice_text(Lang::En, code).is_some() { code } else { "failed" };
    let invite = invite.filter(|c| valid_code(c)).map(|c| format!("&invite={c}")).unwrap_or_default();
    see_other(format!("/tables/{id}?e={code}{invite}"))
}

/// `POST /tables/{id}/take`: takes a seat, remembers the name, and comes back (or goes to the
/// table, when that was the last free seat).
pub(crate) async fn take(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    headers: HeaderMap,
    peer: Peer,
    PageForm(form): PageForm<TakeForm>,
) -> Response {
    if !cookies::valid_id(&id) {
        return (StatusCode::NOT_FOUND, "no such table").into_response();
    }
    let name = form.name.trim();
    let body = TakeSeat {
        name: (!name.is_empty()).then(|| name.to_owned()),
        invite: valid_code(&form.invite).then(|| form.invite.clone()),
    };
    let held = cookies::seat(&headers, &id).map(|s| s.token);
    let path = format!("/api/tables/{id}/seats/{}/take", form.seat);
    let reply = web.api.post_typed(&path, held.as_deref(), &body, peer).await;
    let Some(taken) = reply.read::<SeatTaken>() else {
        return back(&id, reply.code(), Some(&form.invite));
    };
    let started = taken.table.status == TableStatus::Started;
    let location = if started { format!("/play/{id}") } else { format!("/tables/{id}") };
    let mut response = see_other(location);
    let headers = response.headers_mut();
    headers.append(header::SET_COOKIE, cookies::seat_value(&id, form.seat, &taken.token));
    if let Some(name) = taken.name.as_deref() {
        headers.append(header::SET_COOKIE, cookies::name_value(name));
    }
    response
}

/// `POST /tables/{id}/leave`: gives up this browser's seat.
pub(crate) async fn leave(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    headers: HeaderMap,
    peer: Peer,
) -> Response {
    if !cookies::valid_id(&id) {
        return (StatusCode::NOT_FOUND, "no such table").into_response();
    }
    let Some(seat) = cookies::seat(&headers, &id) else { return see_other(format!("/tables/{id}")) };
    let reply =
        web.api.post_empty(&format!("/api/tables/{id}/seats/{}/leave", seat.seat), Some(&seat.token), peer).await;
    if !reply.ok() && reply.code() != "bad_token" {
        return back(&id, reply.code(), None);
    }
    let mut response = see_other(format!("/tables/{id}"));
    response.headers_mut().append(header::SET_COOKIE, cookies::clear(&cookies::seat_name(&id)));
    response
}

/// Form of `POST /tables/{id}/seat`.
#[derive(Debug, Deserialize)]
pub(crate) struct SeatForm {
    seat: u8,
    op: String,
    #[serde(default)]
    difficulty: String,
}

/// `POST /tables/{id}/seat`: the creator's controls (`op` = `bot`, `free` or `remove`).
pub(crate) async fn seat(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    headers: HeaderMap,
    peer: Peer,
    PageForm(form): PageForm<SeatForm>,
) -> Response {
    if !cookies::valid_id(&id) || !matches!(form.op.as_str(), "bot" | "free" | "remove") {
        return (StatusCode::NOT_FOUND, "no such table").into_response();
    }
    let Some(creator) = cookies::creator(&headers, &id) else { return back(&id, "not_creator", None) };
    let path = format!("/api/tables/{id}/seats/{}/{}", form.seat, form.op);
    let reply = if form.op == "bot" {
        let body = BotSeat { difficulty: Difficulty::ALL.into_iter().find(|d| d.name() == form.difficulty) };
        web.api.post_typed(&path, Some(&creator.token), &body, peer).await
    } else {
        web.api.post_empty(&path, Some(&creator.token), peer).await
    };
    if !reply.ok() {
        return back(&id, reply.code(), None);
    }
    see_other(format!("/tables/{id}"))
}

/// `POST /tables/{id}/start`: the creator starts the game.
pub(crate) async fn start(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    headers: HeaderMap,
    peer: Peer,
) -> Response {
    if !cookies::valid_id(&id) {
        return (StatusCode::NOT_FOUND, "no such table").into_response();
    }
    let Some(creator) = cookies::creator(&headers, &id) else { return back(&id, "not_creator", None) };
    let reply = web.api.post_empty(&format!("/api/tables/{id}/start"), Some(&creator.token), peer).await;
    if !reply.ok() {
        return back(&id, reply.code(), None);
    }
    see_other(table_path(&id, &Me::of(&headers, &id)))
}

/// `GET /tables/{id}/ws`: the waiting room's WebSocket, forwarded to the API's.
pub(crate) async fn socket(State(web): State<Web>, PagePath(id): PagePath<String>, request: Request) -> Response {
    if !cookies::valid_id(&id) {
        return (StatusCode::NOT_FOUND, "no such table").into_response();
    }
    crate::table::forward_socket(&web, request, &format!("/api/tables/{id}/ws"), None).await
}

/// The lobby on the home page: public tables with free seats, each with its join button.
pub(crate) async fn lobby(web: &Web, lang: Lang, peer: Peer) -> Markup {
    let reply = web.api.get_query("/api/tables", &ListTables { limit: Some(20) }, peer).await;
    let tables: Vec<TableInfo> = reply
        .read::<Vec<TableInfo>>()
        .unwrap_or_default()
        .into_iter()
        .filter(|t| t.status == TableStatus::Waiting && t.free_seats > 0)
        .collect();
    if tables.is_empty() {
        return html! {};
    }
    html! {
        section.panel.lobby aria-labelledby="lobby-h" {
            h2 #lobby-h { (lang.text("open-tables-join-a-game")) }
            ul.match-list.open-tables {
                @for table in &tables {
                    @let id = table.id.as_str();
                    @let players = table.players;
                    @let free = table.free_seats;
                    @let names: Vec<&str> = table.seats.iter().filter_map(|s| s.name.as_deref()).collect();
                    li data-table=(id) {
                        strong { (game_name(&table.game, lang)) }
                        " · " (tr!(lang, "waiting-players-and-free-seats", players = players, free = free))
                        @if !names.is_empty() { " · " (names.join(", ")) }
                        " " a.button.join href={"/tables/" (id)} { (lang.text("join")) }
                    }
                }
            }
        }
    }
}
