//! The table of a match: the page, its live fragment, moves, and the WebSocket.
//!
//! - `GET /play/{id}` draws the table from the view the API gives this browser's seat (its
//!   token is in the seat cookie) or, without a seat or with `?watch=1`, the spectator's view.
//! - `GET /play/{id}/ws` is the API's WebSocket for the same viewer: the request is handed to
//!   the API with the seat's token added, so no script ever sees the token.
//! - `POST /play/{id}/frag` answers the script after each update: the live part of the page
//!   drawn again from the seat's current view, and log lines for the events the script received.
//! - `POST /play/{id}/act` makes a move (a form post, or the script's fetch of the same form)
//!   and explains a refused move in the viewer's language.

use axum::Json;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use maud::{Markup, html};
use safehouse_api::ActRequest;
use safehouse_engine::Outcome;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::Web;
use crate::api::{Peer, Reply, Snapshot};
use crate::cookies::{self, Extra, SeatCookie};
use crate::extract::{PageForm, PagePath, PageQuery};
use crate::forms::{FillError, fill_action};
use crate::games::{self, Ctx, game_name, seat_badge};
use crate::i18n::{Lang, place};
use crate::layout::{self, Shell, icon};
use crate::security::Forwarded;
use safehouse_api::extract::{ApiJson, ApiPath, Refusal};

/// Query of the table page.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct PlayQuery {
    /// Watch as a spectator even with a seat.
    watch: Option<String>,
    /// A refused move's explanation (after a form post without the script).
    e: Option<String>,
    lang: Option<String>,
}

/// Whether a query flag is set (`?watch`, `?watch=1`; not `?watch=0`).
fn flag(value: &Option<String>) -> bool {
    value.as_deref().is_some_and(|v| v != "0" && v != "false")
}

/// The view of match `id` for this browser: its seat's, or the spectator's. A seat cookie the
/// API no longer knows (a reset database) is dropped: the answer says so.
pub(crate) async fn load(
    web: &Web,
    id: &str,
    seat: Option<&SeatCookie>,
    peer: Peer,
) -> Result<(Snapshot, bool), Reply> {
    let path = format!("/api/matches/{id}/view");
    let mut reply = web.api.get(&path, seat.map(|s| s.token.as_str()), peer).await;
    let mut stale = false;
    if seat.is_some() && reply.code() == "bad_token" {
        stale = true;
        reply = web.api.get(&path, None, peer).await;
    }
    if !reply.ok() {
        return Err(reply);
    }
    serde_json::from_value::<Snapshot>(reply.body).map(|s| (s, stale)).map_err(|e| Reply {
        status: StatusCode::BAD_GATEWAY,
        body: json!({"error": {"code": "bad_view", "message": e.to_string()}}),
    })
}

/// Everything the live part of a table needs.
pub(crate) struct Table<'a> {
    pub(crate) snap: &'a Snapshot,
    pub(crate) lang: Lang,
    pub(crate) extra: &'a Extra,
    /// Whether the viewer may act here (false when watching).
    pub(crate) live: bool,
    /// Whether this is a replay (nobody is thinking).
    pub(crate) replay: bool,
    /// `scheme://host` for invite links.
    pub(crate) origin: String,
}

impl Table<'_> {
    fn legal(&self) -> Vec<Value> {
        self.snap.legal_actions().iter().map(|l| l.action.clone()).collect()
    }

    fn hints_on(&self) -> bool {
        self.extra.hints && self.snap.seat().is_some() && games::has_hints(&self.snap.game)
    }
}

/// The line at the top of the table: whose turn, and what is going on.
fn status(t: &Table<'_>, cx: &Ctx<'_>, doing: &str) -> (Markup, String) {
    let lang = t.lang;
    let snap = t.snap;
    let game = game_name(&snap.game, lang);
    if let Some(outcome) = &snap.outcome {
        let winners: Vec<String> = outcome.winners.iter().map(|s| cx.who(s.0)).collect();
        let line = if outcome.cooperative {
            if outcome.winners.is_empty() {
                lang.text("the-team-lost").to_owned()
            } else {
                lang.text("the-team-won").to_owned()
            }
        } else if winners.len() == 1 {
            tr!(lang, "winners-won", winners = &winners[0])
        } else {
            tr!(lang, "shared-win", winners = crate::i18n::join_list(lang, &winners))
        };
        let title = tr!(lang, "game-over-game", game = game);
        return (
            html! {
                p.turn.over { (icon("star", "")) " " (lang.text("game-over")) }
                p.doing { (line) }
            },
            title,
        );
    }
    let me = snap.seat();
    let mine = t.live && me.is_some() && me == snap.to_move;
    let title = if mine { tr!(lang, "your-turn-game", game = game) } else { game.clone() };
    let markup = html! {
        @if mine {
            p.turn.mine { (lang.text("your-turn")) }
        } @else if let Some(seat) = snap.to_move {
            @let bot = !t.replay && snap.seats.get(usize::from(seat)).is_some_and(|s| s.is_bot() || s.away);
            p.turn {
                (tr!(lang, "name-to-play", name = cx.name(seat)))
                @if bot { span.thinking aria-hidden="true" { span {} span {} span {} } }
            }
        }
        @if !doing.is_empty() { p.doing { (doing) } }
        @if !t.replay { (crate::clocks::deadline_line(lang, snap)) }
        @if t.replay {
        } @else if me.is_none() {
            p.watching { (icon("eye", "")) " " (lang.text("you-are-watching-this-table")) }
        } @else if !t.live {
            p.watching { (icon("eye", "")) " " (lang.text("you-are-watching-your-own")) }
        }
    };
    (markup, title)
}

/// The result table at the end.
fn result(t: &Table<'_>, cx: &Ctx<'_>, extra: Option<Markup>) -> Markup {
    let lang = t.lang;
    let Some(outcome) = &t.snap.outcome else { return html! {} };
    let mut order: Vec<usize> = (0..outcome.scores.len()).collect();
    order.sort_by_key(|&i| (outcome.ranks.get(i).copied().unwrap_or(u8::MAX), i));
    html! {
        section.panel.result aria-labelledby="result-h" {
            h2 #result-h { (lang.text("result")) }
            @if outcome.cooperative {
                (team_result(cx, outcome))
            } @else {
            table.scores {
                thead { tr {
                    th scope="col" { (lang.text("place-2")) }
                    th scope="col" { (lang.text("player")) }
                    th scope="col" { (lang.text("score")) }
                } }
                tbody {
                    @for i in order {
                        @let won = outcome.winners.iter().any(|s| s.index() == i);
                        tr class=(if won { "won" } else { "" }) {
                            td { @if won { (icon("star", lang.text("winner"))) " " } (place(lang, outcome.ranks.get(i).copied().unwrap_or(0))) }
                            td { (seat_badge(cx, i as u8)) }
                            td.num { (outcome.scores.get(i).copied().unwrap_or(0)) }
                        }
                    }
                }
            }
            }
            @if let Some(extra) = extra { (extra) }
            p { a.button href={"/replay/" (t.snap.match_id)} { (lang.text("watch-the-replay")) } }
        }
    }
}

/// A co-operative game's result: the team's, in one line with its players, not a ranking of
/// seats that all tie (everyone wins or loses together; the game's own line says the score).
fn team_result(cx: &Ctx<'_>, outcome: &Outcome) -> Markup {
    let lang = cx.lang;
    let won = !outcome.winners.is_empty();
    html! {
        p.teamresult class=(if won { "won" } else { "" }) {
            @if won { (icon("star", "")) " " (lang.text("the-team-won")) } @else { (lang.text("the-team-lost")) }
        }
        // Still the `scores` table the pages style and the tests find, but one list of the
        // team's players: no places, no per-seat scores.
        table.scores.team {
            caption { (lang.text("the-team")) }
            tbody {
                @for seat in 0..outcome.scores.len() {
                    tr class=(if won { "won" } else { "" }) { td { (seat_badge(cx, seat as u8)) } }
                }
            }
        }
    }
}

/// The invite links of the friends' seats nobody has joined yet (for whoever created the table).
fn invites(t: &Table<'_>) -> Markup {
    let lang = t.lang;
    let open: Vec<&(u8, String)> = t
        .extra
        .invites
        .iter()
        .filter(|(seat, _)| t.snap.seats.get(usize::from(*seat)).is_some_and(|s| !s.joined))
        .collect();
    if open.is_empty() || t.snap.finished {
        return html! {};
    }
    html! {
        section.panel.invites aria-labelledby="invites-h" {
            h2 #invites-h { (lang.text("invite-friends")) }
            p.small { (lang.text("send-each-friend-the-link")) }
            ul.invite-list {
                @for (seat, code) in open {
                    @let n = crate::i18n::seat_number(*seat);
                    @let link = format!("{}/join/{}?seat={seat}&code={code}{}", t.origin, t.snap.match_id, if t.extra.hints { "&hints=1" } else { "" });
                    li {
                        label for={"invite-" (seat)} { (tr!(lang, "seat-n", n = n)) }
                        input.invite-link #{"invite-" (seat)} type="text" readonly value=(link);
                        button.copy type="button" data-copy={"invite-" (seat)} { (lang.text("copy")) }
                    }
                }
            }
        }
    }
}

/// The live part of the table (everything the script replaces after an update).
pub(crate) fn live(t: &Table<'_>) -> (Markup, String) {
    let lang = t.lang;
    let snap = t.snap;
    let legal = t.legal();
    let cx = Ctx {
        lang,
        me: snap.seat(),
        seats: &snap.seats,
        to_move: snap.to_move,
        legal: &legal,
        live: t.live && !snap.finished,
        hints: t.hints_on(),
    };
    let drawn = games::draw(&snap.game, &snap.view, snap.outcome.as_ref(), &cx);
    let doing = drawn.as_ref().map(|d| d.doing.clone()).unwrap_or_default();
    let (status_markup, title) = status(t, &cx, &doing);
    let markup = html! {
        section #status .status aria-live="polite" { (status_markup) }
        div.board {
            form #act-form method="post" action={"/play/" (snap.match_id) "/act"} {
                input type="hidden" name="seq" value=(snap.seq);
                @match &drawn {
                    Some(drawn) => { (drawn.table) }
                    None => { pre.fallback { (snap.text.as_deref().unwrap_or_default()) } }
                }
                @if cx.my_turn() && !legal.is_empty() {
                    details #all-moves .moves {
                        summary { (tr!(lang, "all-your-legal-moves-legal", legal_count = legal.len())) }
                        ul {
                            @for action in &legal {
                                li { (cx.act(action, "move", html! {
                                    (games::action_text(&snap.game, action, &snap.view, &cx).unwrap_or_else(|| action.to_string()))
                                })) }
                            }
                        }
                    }
                }
            }
        }
        aside.side {
            section.panel.players aria-labelledby="players-h" {
                h2 #players-h { (lang.text("players")) }
                ul.seat-list {
                    @for (i, seat) in snap.seats.iter().enumerate() {
                        @let turn = snap.to_move == Some(seat.seat);
                        li class={"seat" @if turn { " to-move" } @if cx.me == Some(seat.seat) { " me" }} {
                            div.seat-head {
                                (seat_badge(&cx, seat.seat))
                                @if turn { span.tag.turn-tag { (lang.text("to-play")) } }
                                @if !seat.is_bot() && !seat.joined { span.tag.wait { (lang.text("not-joined-yet")) } }
                                @if seat.away { span.tag.wait { (tr!(lang, "a-bot-plays-for-name", name = cx.name(seat.seat))) } }
                                @if let Some(clock) = snap.clock.as_ref().filter(|_| !seat.is_bot()) { (crate::clocks::seat_clock(lang, clock, seat.seat)) }
                            }
                            @if seat.away && cx.me == Some(seat.seat) && t.live && !snap.finished {
                                // Only this (or a move) takes the seat back: an open page does not.
                                form.back method="post" action={"/play/" (snap.match_id) "/back"} {
                                    button.primary type="submit" { (lang.text("im-back")) }
                                }
                            } @else if cx.me == Some(seat.seat) && t.live && !snap.finished {
                                // For a person who must leave: the others need not wait out the
                                // idle time or the clock.
                                form.away method="post" action={"/play/" (snap.match_id) "/away"} {
                                    button type="submit" title=(lang.text("a-bot-plays-your-seat-until")) { (lang.text("let-a-bot-play-for-me")) }
                                }
                            }
                            @if !seat.is_bot() && !seat.joined && !seat.away && cx.me.is_some() && t.live && !snap.finished {
                                // Nobody came to this seat: the table need not wait out the idle
                                // time for them (they still join with their invite).
                                form.bot-for method="post" action={"/play/" (snap.match_id) "/seats/" (seat.seat) "/bot"} {
                                    button type="submit" title=(lang.text("a-bot-plays-this-seat-until")) { (lang.text("let-a-bot-play-this-seat")) }
                                }
                            }
                            @if let Some(line) = drawn.as_ref().and_then(|d| d.seat_lines.get(i)) {
                                div.seat-line { (line) }
                            }
                        }
                    }
                }
                (crate::clocks::rule_line(lang, snap))
            }
            @if snap.finished { (result(t, &cx, drawn.as_ref().and_then(|d| d.result.clone()))) }
            @if t.hints_on() {
                details #hints .panel.hints {
                    summary { (lang.text("hints-what-you-can-deduce")) }
                    @match drawn.as_ref().and_then(|d| d.hints.clone()) {
                        Some(hints) => { (hints) }
                        None => { p { (lang.text("no-hints-right-now")) } }
                    }
                }
            }
            (invites(t))
        }
    };
    (markup, title)
}

/// `GET /play/{id}`.
pub(crate) async fn page(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    PageQuery(query): PageQuery<PlayQuery>,
    headers: HeaderMap,
    forwarded: Forwarded,
    peer: Peer,
) -> Response {
    let lang = Lang::of_request(&headers, query.lang.as_deref());
    if !cookies::valid_id(&id) {
        return not_found(lang);
    }
    let watch = flag(&query.watch);
    let seat = if watch { None } else { cookies::seat(&headers, &id) };
    let (snap, stale) = match load(&web, &id, seat.as_ref(), peer).await {
        Ok(loaded) => loaded,
        Err(reply) if reply.status == StatusCode::NOT_FOUND => return not_found(lang),
        // Still in its waiting room: nothing is dealt yet.
        Err(reply) if reply.code() == "table_not_started" => {
            return (StatusCode::SEE_OTHER, [(header::LOCATION, format!("/tables/{id}"))]).into_response();
        }
        Err(reply) => {
            return layout::error_page(
                lang,
                StatusCode::BAD_GATEWAY,
                lang.text("the-table-is-not-available"),
                reply.message(),
            );
        }
    };
    let extra = cookies::extra(&headers, &id);
    // The chat as this browser's seat reads it, even when it watches (a player never reads the
    // spectators' chat during play), and the links to a rematch.
    let held = if stale { None } else { cookies::seat(&headers, &id) };
    let chat = crate::chat::history(&web, &id, held.as_ref(), peer).await;
    let links = crate::chat::links(&web, &id, peer).await;
    let table =
        Table { snap: &snap, lang, extra: &extra, live: !watch, replay: false, origin: forwarded.origin(&headers) };
    let (live_markup, title) = live(&table);
    // "Tell me when it is my turn", for the seat this browser holds (not while watching).
    let notify = crate::notify::panel(&web, &id, seat.as_ref(), snap.finished, lang, peer).await;
    // The whole game log as this viewer may see it, from the server (the browser keeps none).
    let log_token = snap.seat().and(seat.as_ref()).map(|s| s.token.as_str());
    let game_log = crate::game_log::fetch(&web, &id, log_token, 0, peer).await.unwrap_or_default();
    let log_cx =
        Ctx { lang, me: snap.seat(), seats: &snap.seats, to_move: snap.to_move, legal: &[], live: false, hints: false };
    let log_lines = crate::game_log::lines(&snap.game, &game_log, &snap.view, &log_cx);
    let path = format!("/play/{id}{}", if watch { "?watch=1" } else { "" });
    let shell = Shell { lang, title, path: &path, body_class: &snap.game };
    // Only a fixed text chosen by its code: the query is anybody's to write.
    // "Signed out" is for a browser that lost its seat: another tab of the browser that signed
    // the others out was told too, but loads with the new seat cookie and plays on.
    let notice = query
        .e
        .as_deref()
        .filter(|code| *code != "signed_out" || snap.seat().is_none())
        .and_then(|code| notice_text(lang, code));
    let viewer = match snap.seat() {
        Some(seat) => format!("seat{seat}"),
        None => "spectator".to_owned(),
    };
    let main = html! {
        div #play class={"play" @if !log_lines.is_empty() { " has-log" }} data-match=(snap.match_id) data-log-seq=(game_log.seq) data-seq=(snap.seq) data-watch=(if watch { "1" } else { "0" })
            data-viewer=(viewer) data-lang=(lang.code()) data-finished=(if snap.finished { "1" } else { "0" }) {
            h1.sr { (game_name(&snap.game, lang)) }
            div #live .live { (live_markup) }
            div #notice .notice role="alert" {
                @if let Some(notice) = &notice { p { (notice) } }
            }
            (crate::chat::rematch_panel(&snap.match_id, &links, snap.finished, held.is_some(), lang))
            section #log .panel.log aria-labelledby="log-h" {
                h2 #log-h { (lang.text("game-log")) }
                p.small.log-empty { (lang.text("what-happens-at-the-table")) }
                ol #log-list aria-live="polite" { @for line in &log_lines { (line) } }
            }
            script src=(crate::assets::url("log.js")) defer {}
            (crate::chat::panel(&snap.match_id, chat.as_ref(), &snap.seats, lang))
            script src=(crate::assets::url("chat.js")) defer {}
            (notify)
            details #rules-help .panel.rules-help {
                summary { (lang.text("how-to-play")) }
                div.markdown lang=(lang.code()) { (crate::markdown::rulebook(&snap.game, lang, 1)) }
                p.small { a href={"/rules/" (snap.game) "?lang=" (lang.code())} target="_blank" { (lang.text("the-rulebook-on-a-page")) } }
            }
            noscript { p.small { (lang.text("without-javascript-the-table-does")) } }
            script src=(crate::assets::url("clock.js")) defer {}
            p.conn #conn aria-live="polite" data-offline=(lang.text("connection-lost-reconnecting")) {}
        }
    };
    let mut response = layout::respond(StatusCode::OK, layout::page(&shell, main));
    if stale {
        response.headers_mut().append(header::SET_COOKIE, cookies::clear(&cookies::seat_name(&id)));
    }
    response
}

fn not_found(lang: Lang) -> Response {
    layout::error_page(lang, StatusCode::NOT_FOUND, lang.text("no-such-table"), lang.text("this-match-does-not-exist"))
}

/// Body of `POST /play/{id}/frag`.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct FragRequest {
    /// Watch as a spectator.
    #[serde(default)]
    watch: bool,
    /// The `seq` of the last log entry the page shows: the answer holds the log lines after it.
    #[serde(default)]
    log_after: Option<u64>,
}

/// `POST /play/{id}/frag`: the live part drawn again, and log lines for the events given.
pub(crate) async fn frag(
    State(web): State<Web>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    forwarded: Forwarded,
    peer: Peer,
    ApiJson(request): ApiJson<FragRequest>,
) -> Response {
    let lang = Lang::of_request(&headers, None);
    if !cookies::valid_id(&id) {
        return Refusal::new(StatusCode::NOT_FOUND, "not_found", "no such match").into_response();
    }
    let seat = if request.watch { None } else { cookies::seat(&headers, &id) };
    let (snap, _) = match load(&web, &id, seat.as_ref(), peer).await {
        Ok(loaded) => loaded,
        Err(reply) => return reply.into_response(),
    };
    let extra = cookies::extra(&headers, &id);
    let table = Table {
        snap: &snap,
        lang,
        extra: &extra,
        live: !request.watch,
        replay: false,
        origin: forwarded.origin(&headers),
    };
    let (markup, title) = live(&table);
    let cx =
        Ctx { lang, me: snap.seat(), seats: &snap.seats, to_move: snap.to_move, legal: &[], live: false, hints: false };
    // The log after what the page shows, from the server, as this viewer may see it.
    let (log, log_seq) = match request.log_after {
        Some(after) => {
            let token = snap.seat().and(seat.as_ref()).map(|s| s.token.as_str());
            match crate::game_log::fetch(&web, &id, token, after, peer).await {
                Some(found) => (
                    crate::game_log::lines(&snap.game, &found, &snap.view, &cx)
                        .into_iter()
                        .map(|line| line.into_string())
                        .collect(),
                    Some(found.seq),
                ),
                None => (Vec::new(), None),
            }
        }
        None => (Vec::new(), None),
    };
    let mut response = Json(json!({
        "seq": snap.seq,
        "finished": snap.finished,
        "title": format!("{title} · Safehouse"),
        // The live part holds the move form: it carries the session's token like every page.
        "live": match crate::security::request_token(&headers) {
            Some(token) => crate::security::insert_token(&markup.into_string(), &token),
            None => markup.into_string(),
        },
        "log": log,
        "log_seq": log_seq,
    }))
    .into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
    response
}

/// The codes a refused move's redirect may carry (`/play/{id}?e=code`), for moves sent
/// without the script.
const NOTICE_CODES: &[&str] = &[
    "watching",
    "choose",
    "missing_card",
    "missing_colour",
    "missing_number",
    "missing_choice",
    "malformed_action",
    "illegal_action",
    "not_your_turn",
    "stale",
    "game_over",
    "bad_token",
    "signed_out",
    "rate_limited",
    "refused",
];

/// The page's code for an API error code.
fn notice_code(api_code: &str) -> &'static str {
    match api_code {
        "stale_seq" | "missing_seq" | "conflict" => "stale",
        other => NOTICE_CODES.iter().copied().find(|c| *c == other).unwrap_or("refused"),
    }
}

/// The fixed text of a notice code (None for any other text).
fn notice_text(lang: Lang, code: &str) -> Option<String> {
    let text = match code {
        "watching" => lang.text("you-are-watching-only-players"),
        "choose" => lang.text("choose-a-move"),
        "missing_card" => return Some(missing_choice(lang, "card")),
        "missing_colour" => return Some(missing_choice(lang, "colour")),
        "missing_number" => return Some(missing_choice(lang, "number")),
        "missing_choice" => return Some(missing_choice(lang, "")),
        "malformed_action" => lang.text("that-move-is-not-understood"),
        "illegal_action" => lang.text("not-allowed-that-move-breaks"),
        "not_your_turn" => lang.text("it-is-not-your-turn"),
        "stale" => lang.text("the-table-moved-on-before"),
        "game_over" => lang.text("the-game-is-over"),
        "bad_token" => lang.text("this-browser-does-not-hold"),
        "signed_out" => lang.text("device-signed-out-here"),
        "rate_limited" => lang.text("too-many-clicks-at-once"),
        "refused" => lang.text("the-move-was-not-accepted"),
        _ => return None,
    };
    Some(text.to_owned())
}

/// Words for a move the API refused.
pub(crate) async fn explain_refusal(
    web: &Web,
    id: &str,
    seat: &SeatCookie,
    reply: &Reply,
    action: Option<&Value>,
    lang: Lang,
    peer: Peer,
) -> String {
    let loaded = load(web, id, Some(seat), peer).await.ok().map(|(s, _)| s);
    let seats = loaded.as_ref().map(|s| s.seats.clone()).unwrap_or_default();
    let legal: Vec<Value> =
        loaded.as_ref().map(|s| s.legal_actions().iter().map(|l| l.action.clone()).collect()).unwrap_or_default();
    let cx = Ctx {
        lang,
        me: Some(seat.seat),
        seats: &seats,
        to_move: loaded.as_ref().and_then(|s| s.to_move),
        legal: &legal,
        live: true,
        hints: false,
    };
    match reply.code() {
        "illegal_action" => {
            let table = loaded.as_ref().map(|snap| (snap.game.as_str(), &snap.view));
            illegal_move_words(table, reply.rule(), reply.message(), action, &cx)
        }
        "not_your_turn" => match cx.to_move {
            Some(seat) => tr!(lang, "it-is-not-your-turn-name-is", name = cx.name(seat)),
            None => lang.text("it-is-not-your-turn").to_owned(),
        },
        "stale_seq" | "missing_seq" | "conflict" => lang.text("the-table-moved-on-before").to_owned(),
        "game_over" => lang.text("the-game-is-over").to_owned(),
        "malformed_action" => lang.text("that-move-is-not-understood").to_owned(),
        "bad_token" => lang.text("this-browser-does-not-hold").to_owned(),
        "rate_limited" => lang.text("too-many-clicks-at-once").to_owned(),
        _ => reply.message().to_owned(),
    }
}

/// "Not allowed: ..." for an action that broke `rule`: the game's own explanation of the rule
/// from the viewer's `view` (`table`: the game's id and that view), else the engine's `message`.
/// The table (a move the API refused) and the first games (a learner's try) both say it so.
pub(crate) fn illegal_move_words(
    table: Option<(&str, &Value)>,
    rule: &str,
    message: &str,
    action: Option<&Value>,
    cx: &Ctx<'_>,
) -> String {
    let lang = cx.lang;
    let from_game = table.and_then(|(game, view)| games::explain(game, rule, action, view, cx));
    // The engine's own words are English: English shows them as a sentence, the other
    // languages say the move breaks a rule and quote them.
    let why = from_game
        .unwrap_or_else(|| tr!(lang, "illegal-move-engine-words", sentence = capitalise(message), message = message));
    tr!(lang, "not-allowed-why", why = why)
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// What the form was missing, in words (the table's and the first games' forms).
pub(crate) fn missing_choice(lang: Lang, field: &str) -> String {
    match field {
        "card" => lang.text("pick-a-card-from-your"),
        "colour" => lang.text("choose-a-colour-first"),
        "number" => lang.text("choose-a-number-first"),
        _ => lang.text("make-every-choice-of-the"),
    }
    .to_owned()
}

/// `POST /play/{id}/act`: a form with `action` (JSON or a template), `seq` and the choices.
pub(crate) async fn act(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    headers: HeaderMap,
    peer: Peer,
    PageForm(fields): PageForm<Vec<(String, String)>>,
) -> Response {
    let lang = Lang::of_request(&headers, None);
    let script = headers.get("x-requested-with").and_then(|v| v.to_str().ok()) == Some("safehouse");
    if !cookies::valid_id(&id) {
        return not_found(lang);
    }
    // The script gets the words; a plain form post is sent back to the table with a code
    // (the page shows that code's fixed text, never text from the address).
    let answer = |code: Option<&'static str>, message: String| -> Response {
        match (script, code) {
            (true, code) => Json(json!({"ok": code.is_none(), "message": message})).into_response(),
            (false, None) => (StatusCode::SEE_OTHER, [(header::LOCATION, format!("/play/{id}"))]).into_response(),
            (false, Some(code)) => {
                (StatusCode::SEE_OTHER, [(header::LOCATION, format!("/play/{id}?e={code}"))]).into_response()
            }
        }
    };
    let Some(seat) = cookies::seat(&headers, &id) else {
        return answer(Some("watching"), lang.text("you-are-watching-only-players").to_owned());
    };
    let field = |name: &str| fields.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    let Some(template) = field("action") else {
        return answer(Some("choose"), lang.text("choose-a-move").to_owned());
    };
    let action = match fill_action(template, &fields) {
        Ok(action) => action,
        Err(FillError::Missing(name)) => {
            let code = match name.as_str() {
                "card" => "missing_card",
                "colour" => "missing_colour",
                "number" => "missing_number",
                _ => "missing_choice",
            };
            return answer(Some(code), missing_choice(lang, &name));
        }
        Err(FillError::Malformed) => {
            return answer(Some("malformed_action"), lang.text("that-move-is-not-understood").to_owned());
        }
    };
    let seq = field("seq").and_then(|s| s.parse::<u64>().ok());
    let body = ActRequest { action, seq };
    let reply = web.api.post_typed(&format!("/api/matches/{id}/actions"), Some(&seat.token), &body, peer).await;
    if reply.ok() {
        answer(None, String::new())
    } else {
        let message = explain_refusal(&web, &id, &seat, &reply, Some(&body.action), lang, peer).await;
        answer(Some(notice_code(reply.code())), message)
    }
}

/// `POST /play/{id}/back`: "I'm back", the seat taken back from the bot that played for it.
pub(crate) async fn back(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    headers: HeaderMap,
    peer: Peer,
) -> Response {
    presence(&web, &id, &headers, peer, "back").await
}

/// `POST /play/{id}/away`: "a bot plays for me", for a person who must leave for a while.
pub(crate) async fn away(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    headers: HeaderMap,
    peer: Peer,
) -> Response {
    presence(&web, &id, &headers, peer, "away").await
}

/// `POST /play/{id}/seats/{seat}/bot`: a bot plays a seat nobody joined, asked by this
/// browser's seat.
pub(crate) async fn bot_for(
    State(web): State<Web>,
    PagePath((id, seat)): PagePath<(String, u8)>,
    headers: HeaderMap,
    peer: Peer,
) -> Response {
    presence(&web, &id, &headers, peer, &format!("seats/{seat}/bot")).await
}

/// Says `back` or `away` for this browser's seat, or hands a seat nobody joined to a bot (`POST
/// /api/matches/{id}/{what}`), and shows the table again.
async fn presence(web: &Web, id: &str, headers: &HeaderMap, peer: Peer, what: &str) -> Response {
    if !cookies::valid_id(id) {
        return not_found(Lang::of_request(headers, None));
    }
    if let Some(seat) = cookies::seat(headers, id) {
        // A refusal (a stale seat cookie, a finished match) leaves the table as it is.
        let _ = web.api.post_empty(&format!("/api/matches/{id}/{what}"), Some(&seat.token), peer).await;
    }
    (StatusCode::SEE_OTHER, [(header::LOCATION, format!("/play/{id}"))]).into_response()
}

/// Query of the WebSocket.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct SocketQuery {
    watch: Option<String>,
}

/// `GET /play/{id}/ws`: the API's WebSocket for this browser's seat (or a spectator's).
pub(crate) async fn socket(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    PageQuery(query): PageQuery<SocketQuery>,
    request: Request,
) -> Response {
    if !cookies::valid_id(&id) {
        return (StatusCode::NOT_FOUND, "no such match").into_response();
    }
    let watch = flag(&query.watch);
    let token = if watch { None } else { cookies::seat(request.headers(), &id).map(|s| s.token) };
    forward_socket(&web, request, &format!("/api/matches/{id}/ws"), token).await
}

/// Forwards a WebSocket upgrade to the API's socket at `path`, with a seat token if any.
pub(crate) async fn forward_socket(web: &Web, request: Request, path: &str, token: Option<String>) -> Response {
    let (mut parts, body) = request.into_parts();
    // A fresh request: the router's own bookkeeping (path parameters) must not leak into the
    // API's routing; only the connection upgrade and the peer's address go along.
    let Ok(uri) = path.parse::<Uri>() else {
        return (StatusCode::BAD_REQUEST, "bad match id").into_response();
    };
    let mut forwarded = Request::new(body);
    *forwarded.method_mut() = Method::GET;
    *forwarded.uri_mut() = uri;
    *forwarded.version_mut() = parts.version;
    *forwarded.headers_mut() = std::mem::take(&mut parts.headers);
    forwarded.headers_mut().remove(header::COOKIE);
    forwarded.headers_mut().remove(header::AUTHORIZATION);
    if let Some(token) = token
        && let Ok(value) = header::HeaderValue::from_str(&format!("Bearer {token}"))
    {
        forwarded.headers_mut().insert(header::AUTHORIZATION, value);
    }
    if let Some(upgrade) = parts.extensions.remove::<hyper::upgrade::OnUpgrade>() {
        forwarded.extensions_mut().insert(upgrade);
    }
    if let Some(peer) = parts.extensions.remove::<axum::extract::ConnectInfo<std::net::SocketAddr>>() {
        forwarded.extensions_mut().insert(peer);
    }
    web.api.forward(forwarded).await
}

#[cfg(test)]
mod result_tests {
    use safehouse_engine::Seat;

    use super::*;
    use crate::api::SeatInfo;

    /// A co-operative result reads as the team's, in every language: one line for the team and
    /// its players, no places ("1st") that every tied seat would share.
    #[test]
    fn a_cooperative_result_is_the_teams() {
        let seats: Vec<SeatInfo> = (0..3).map(|s| SeatInfo { seat: s, ..SeatInfo::default() }).collect();
        for won in [true, false] {
            let outcome = Outcome {
                scores: vec![5; 3],
                ranks: vec![1; 3],
                winners: if won { Seat::all(3).collect() } else { Vec::new() },
                cooperative: true,
                reason: String::new(),
                detail: String::new(),
            };
            for lang in Lang::ALL {
                let cx = Ctx { lang, me: Some(1), seats: &seats, to_move: None, legal: &[], live: false, hints: false };
                let html = team_result(&cx, &outcome).into_string();
                let line = lang.text(if won { "the-team-won" } else { "the-team-lost" });
                assert!(html.contains(line), "{lang:?}: {html}");
                assert!(!html.contains(&place(lang, 1)), "{lang:?}: no shared first place: {html}");
                for seat in 0..3 {
                    assert!(html.contains(&cx.name(seat)), "{lang:?}: the team lists seat {seat}: {html}");
                }
            }
        }
    }
}
