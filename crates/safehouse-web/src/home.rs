//! The home page, setting up a table, joining one through an invite link, and the language switch.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use maud::{Markup, html};
use safehouse_api::matches::{CreateMatch, ListQuery, MatchCreated, MatchInfo, MatchListing};
use safehouse_api::settings::{TableSettings, Visibility};
use safehouse_api::tables::TableStatus;
use safehouse_api::{Difficulty, JoinNow, JoinRequest, Joined, SeatKind, SeatRequest};
use safehouse_engine::{DynGame, OptionDoc};
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::api::{Peer, Reply};
use crate::cookies::{self, Extra};
use crate::extract::{PageForm, PagePath, PageQuery};
use crate::forms::{self, Field};
use crate::games::game_name;
use crate::games::{has_hints, text};
use crate::i18n::{Lang, difficulty, seat_number};
use crate::layout::{self, Shell, icon};
use crate::{Web, markdown};

/// `?lang=` on any page.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct LangQuery {
    lang: Option<String>,
}

fn game_summary(game: &dyn DynGame, lang: Lang) -> &'static str {
    let info = game.info();
    text::summary(info.id, info.summary, lang)
}

fn players_text(lang: Lang, min: usize, max: usize) -> String {
    if min == max { tr!(lang, "players-min", min = min) } else { tr!(lang, "players-min-max", min = min, max = max) }
}

/// `GET /`.
pub(crate) async fn home(
    State(web): State<Web>,
    PageQuery(query): PageQuery<LangQuery>,
    headers: HeaderMap,
    peer: Peer,
) -> Response {
    let lang = Lang::of_request(&headers, query.lang.as_deref());
    let recent = web.api.get_query("/api/matches", &ListQuery { live: Some(false), limit: Some(40) }, peer).await;
    // A list that does not read (the server refused: rate limits) shows no tables, as before.
    let recent: Vec<MatchListing> = recent.read().unwrap_or_default();
    let live: Vec<&MatchListing> = recent.iter().filter(|m| !m.finished).take(8).collect();
    let done: Vec<&MatchListing> = recent.iter().filter(|m| m.finished).take(8).collect();
    let yours = crate::yours::read(&web, &headers, peer).await;
    let lobby = crate::waiting::lobby(&web, lang, peer).await;
    let main = html! {
        (yours.waiting_for_you(lang))
        (yours.tables(lang))
        // Writes a turn-based move's due moment in the reader's time zone.
        script src=(crate::assets::url("clock.js")) defer {}
        section.hero {
            h1 { (lang.text("crack-safes-with-friends-or")) }
            p { (lang.text("four-card-games-about-safes")) }
            p { a.button #tutorials-link href={"/tutorial?lang=" (lang.code())} { (lang.text("tutorial-first-games")) } }
        }
        (lobby)
        section.games aria-labelledby="games-h" {
            h2 #games-h { (lang.text("games-2")) }
            ul.game-cards {
                @for game in safehouse_games::all() {
                    @let info = game.info();
                    li.game-card {
                        h3 { (text::name(info.id, info.name, lang)) }
                        p.meta { (icon("user", "")) " " (players_text(lang, info.min_players, info.max_players)) }
                        p { (game_summary(*game, lang)) }
                        div.actions {
                            form method="post" action={"/new/" (info.id)} {
                                input type="hidden" name="quick" value="1";
                                button.primary type="submit" { (lang.text("play-now-against-bots")) }
                            }
                            a.button href={"/new/" (info.id)} { (lang.text("set-up-a-table")) }
                            @if let Some(tutorial) = crate::tutorial::for_game(info.id, lang) {
                                a.button.tutorial-link href={"/tutorial/" (tutorial) "?lang=" (lang.code())} { (lang.text("tutorial-learn")) }
                            }
                        }
                    }
                }
            }
        }
        @if !live.is_empty() || !done.is_empty() {
            section.panel.matches aria-labelledby="matches-h" {
                h2 #matches-h { (lang.text("tables")) }
                @if !live.is_empty() {
                    h3 { (lang.text("playing-now-watch")) }
                    ul.match-list {
                        @for m in &live { li { (match_link(m, lang, true)) } }
                    }
                }
                @if !done.is_empty() {
                    h3 { (lang.text("finished-replay")) }
                    ul.match-list {
                        @for m in &done { li { (match_link(m, lang, false)) } }
                    }
                }
            }
        }
    };
    let shell = Shell { lang, title: lang.text("games-2").to_owned(), path: "/", body_class: "home" };
    layout::respond(StatusCode::OK, layout::page(&shell, main))
}

fn match_link(m: &MatchListing, lang: Lang, live: bool) -> Markup {
    let id = &m.id;
    let game = game_name(&m.game, lang);
    let (players, moves) = (m.players, m.actions);
    let href = if live { format!("/play/{id}?watch=1") } else { format!("/replay/{id}") };
    html! {
        a href=(href) {
            (game) " · " (tr!(lang, "players-count", players = players)) " · " (tr!(lang, "moves-count", moves = moves))
        }
    }
}

/// The value a field shows: what was submitted, else the default.
fn submitted<'a>(fields: &'a [(String, String)], name: &str) -> Option<&'a str> {
    fields.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

fn option_input(game: &dyn DynGame, doc: &OptionDoc, lang: Lang, fields: &[(String, String)]) -> Markup {
    let info = game.info();
    let id = format!("opt-{}", doc.name);
    let name = format!("opt.{}", doc.name);
    let default = doc.default.clone();
    let current: Value = submitted(fields, &name)
        .map(|v| serde_json::from_str(v).unwrap_or_else(|_| Value::String(v.to_owned())))
        .unwrap_or_else(|| default.clone());
    // The players' words: the design note with its citations stays in `safehouse rules`.
    let (label, help) = players_words(doc, lang);
    let help_id = format!("{id}-help");
    html! {
        div.option {
            @match forms::field(doc, info.min_players, info.max_players) {
                Field::Bool => {
                    input type="hidden" name=(name) value="false";
                    label.check for=(id) {
                        input #(id) type="checkbox" name=(name) value="true" checked[current == Value::Bool(true)] aria-describedby=(help_id);
                        " " span.opt-name { (label) }
                    }
                }
                Field::Choice(choices) => {
                    label for=(id) { span.opt-name { (label) } }
                    select #(id) name=(name) aria-describedby=(help_id) {
                        @for choice in &choices {
                            option value=(choice.to_string()) selected[*choice == current] {
                                (text::value_label(info.id, &doc.name, choice, lang))
                                @if *choice == default { " " (lang.text("default")) }
                            }
                        }
                    }
                }
                Field::Number { min, max, nullable } => {
                    label for=(id) { span.opt-name { (label) } }
                    input #(id) type="number" name=(name) min=(min) max=(max) required[!nullable]
                        value=(if current.is_null() { String::new() } else { current.to_string() }) aria-describedby=(help_id);
                }
            }
            p.help #(help_id) { (help) }
        }
    }
}

/// A preset's name and one line for players; a preset the text table lacks shows its name
/// without dashes (a test in `games::text` keeps every preset covered).
fn preset_words(game: &str, preset: &'static str, lang: Lang) -> (String, String) {
    match text::preset_words(game, preset, lang) {
        Some((label, help)) => (label.to_owned(), help.to_owned()),
        None => (preset.replace('-', " "), String::new()),
    }
}

/// Who sits at a seat, as chosen on the setup page.
fn seat_choice(fields: &[(String, String)], seat: usize) -> &str {
    submitted(fields, &format!("seat.{seat}")).unwrap_or(if seat == 0 { "me" } else { "medium" })
}

/// An option's label and one-line help in the players' words.
fn players_words(doc: &OptionDoc, lang: Lang) -> (&str, &str) {
    // The game crates write them in every language of the table; a match on the language (not a
    // lookup by tag) makes a fourth language fail to compile until its words are chosen here.
    match lang {
        Lang::En => (&doc.label.en, &doc.help_for_players.en),
        Lang::Ko => (&doc.label.ko, &doc.help_for_players.ko),
        Lang::De => (&doc.label.de, &doc.help_for_players.de),
    }
}

/// Why the server refused a table, in the players' words: a refusal that names an option (a
/// player count only a rule allows, a rule that does not fit the table) names it by its label,
/// never by its id; any other says the server's message.
fn setup_refusal(docs: &[OptionDoc], reply: &Reply, players: usize, lang: Lang) -> String {
    let option = reply.error().and_then(|error| error.option);
    let label = option.and_then(|name| docs.iter().find(|doc| doc.name == name)).map(|doc| players_words(doc, lang).0);
    match (reply.code(), label) {
        ("bad_player_count", Some(rule)) => tr!(lang, "players-need-the-rule", players = players, rule = rule),
        ("bad_option", Some(rule)) => tr!(lang, "the-rule-does-not-fit", rule = rule),
        _ => tr!(lang, "the-table-could-not-be", message = reply.message()),
    }
}

fn setup_page(game: &'static dyn DynGame, lang: Lang, fields: &[(String, String)], error: Option<&str>) -> Response {
    let info = game.info();
    let players: usize = submitted(fields, "players").and_then(|p| p.parse().ok()).unwrap_or(info.default_players);
    let docs = game.option_docs();
    let presets = game.presets();
    let hints_game = has_hints(info.id);
    let name = text::name(info.id, info.name, lang);
    let main = html! {
        h1 { (name) }
        p.lead { (game_summary(game, lang)) }
        @if let Some(error) = error {
            div.notice role="alert" { p { (error) } }
        }
        div.setup {
            form.panel.setup-form method="post" action={"/new/" (info.id)} {
                h2 { (lang.text("set-up-a-table")) }
                fieldset {
                    legend { (lang.text("who-plays")) }
                    div.option {
                        label for="players" { (lang.text("players-2")) }
                        select #players name="players" {
                            @for n in info.min_players..=info.max_players {
                                option value=(n) selected[n == players] { (n) }
                            }
                        }
                        p.help { (lang.text("seats-beyond-this-number-are")) }
                    }
                    div.option {
                        label for="my-name" { (lang.text("your-name-optional")) }
                        input #my-name type="text" name="name" maxlength="40" autocomplete="nickname" value=(submitted(fields, "name").unwrap_or(""));
                    }
                    ol.seat-setup {
                        @for seat in 0..info.max_players {
                            @let choice = seat_choice(fields, seat);
                            @let n = seat_number(seat as u8);
                            li data-seat=(seat) class=(if seat >= players { "unused" } else { "" }) {
                                label for={"seat-" (seat)} { (tr!(lang, "seat-n", n = n)) }
                                select #{"seat-" (seat)} name={"seat." (seat)} {
                                    option value="me" selected[choice == "me"] { (lang.text("me")) }
                                    option value="friend" selected[choice == "friend"] { (lang.text("a-friend-invite-link")) }
                                    @for level in ["easy", "medium", "hard"] {
                                        option value=(level) selected[choice == level] {
                                            (tr!(lang, "bot-difficulty", difficulty = difficulty(lang, level)))
                                        }
                                    }
                                }
                            }
                        }
                    }
                    p.help { (lang.text("choose-me-for-one-seat")) }
                }
                (table_fieldset(lang, fields))
                (crate::notify::pace_fieldset(lang, submitted(fields, "pace")))
                @if !presets.is_empty() {
                    fieldset {
                        legend { (lang.text("rules-edition")) }
                        div.option {
                            label for="preset" { (lang.text("preset")) }
                            select #preset name="preset" {
                                option value="" { (lang.text("defaults-no-preset")) }
                                @for (preset, _, options) in &presets {
                                    option value=(preset) selected[submitted(fields, "preset") == Some(preset)] data-options=(options.to_string()) {
                                        (preset_words(info.id, preset, lang).0)
                                    }
                                }
                            }
                            ul.help.presets {
                                @for (preset, _, _) in &presets {
                                    @let (label, help) = preset_words(info.id, preset, lang);
                                    li { strong { (label) } ": " (help) }
                                }
                            }
                        }
                    }
                }
                fieldset {
                    legend { (lang.text("options")) }
                    @for doc in docs.iter().filter(|d| !d.rare) { (option_input(game, doc, lang, fields)) }
                    @if docs.iter().any(|d| d.rare) {
                        // Rarely changed rules fold away; open when one of them was submitted changed.
                        details.more-rules open[fields.iter().any(|(k, _)| docs.iter().any(|d| d.rare && *k == format!("opt.{}", d.name))) && error.is_some()] {
                            summary { (lang.text("more-rules")) }
                            @for doc in docs.iter().filter(|d| d.rare) { (option_input(game, doc, lang, fields)) }
                        }
                    }
                    @if hints_game {
                        div.option {
                            input type="hidden" name="hints" value="0";
                            label.check for="hints" {
                                input #hints type="checkbox" name="hints" value="1" checked[submitted(fields, "hints") == Some("1")] aria-describedby="hints-help";
                                " " span.opt-name { (lang.text("hint-panel")) }
                            }
                            p.help #hints-help { (lang.text("let-players-open-a-panel")) }
                        }
                    }
                }
                (crate::clocks::setup_fields(lang, submitted(fields, "clock"), submitted(fields, "on_timeout")))
                button.primary.big type="submit" { (lang.text("start-the-game")) }
            }
            section.panel.rules aria-labelledby="rules-h" {
                h2 #rules-h { (lang.text("how-to-play-2")) }
                ol.howto { @for line in text::how_to(info.id, lang) { li { (line) } } }
                details.rulebook {
                    summary { (lang.text("the-rulebook")) }
                    div.markdown lang=(lang.code()) { (markdown::rulebook(info.id, lang, 1)) }
                }
                p.small { a href={"/rules/" (info.id) "?lang=" (lang.code())} { (lang.text("the-rulebook-on-a-page")) } }
            }
        }
    };
    let path = format!("/new/{}", info.id);
    let shell = Shell { lang, title: name.to_owned(), path: &path, body_class: "setup-page" };
    let status = if error.is_some() { StatusCode::UNPROCESSABLE_ENTITY } else { StatusCode::OK };
    layout::respond(status, layout::page(&shell, main))
}

/// The waiting room and visibility choices of the setup form.
fn table_fieldset(lang: Lang, fields: &[(String, String)]) -> Markup {
    let waiting = submitted(fields, "waiting_room") == Some("1");
    let public = submitted(fields, "visibility") == Some("public");
    html! {
        fieldset.table-kind {
            legend { (lang.text("the-table")) }
            div.option {
                input type="hidden" name="waiting_room" value="0";
                label.check for="waiting-room" {
                    input #waiting-room type="checkbox" name="waiting_room" value="1" checked[waiting] aria-describedby="waiting-help";
                    " " span.opt-name { (lang.text("waiting-room")) }
                }
                p.help #waiting-help { (lang.text("friends-take-the-seats-you")) }
            }
            div.option role="radiogroup" aria-labelledby="visibility-h" {
                span #visibility-h .opt-name { (lang.text("who-can-find-it")) }
                label.check for="visibility-private" {
                    input #visibility-private type="radio" name="visibility" value="private" checked[!public];
                    " " (lang.text("private-only-with-the-invite"))
                }
                label.check for="visibility-public" {
                    input #visibility-public type="radio" name="visibility" value="public" checked[public];
                    " " (lang.text("public-listed-on-the-home"))
                }
            }
        }
    }
}

/// `GET /new/{game}`: the game's rules and the form to set up a table.
pub(crate) async fn new_page(
    PagePath(game): PagePath<String>,
    PageQuery(query): PageQuery<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = Lang::of_request(&headers, query.lang.as_deref());
    // The name this browser's person picked before.
    let remembered: Vec<(String, String)> =
        cookies::name(&headers).map(|name| vec![("name".to_owned(), name)]).unwrap_or_default();
    match safehouse_games::find(&game) {
        Ok(found) => setup_page(found.game, lang, &remembered, None),
        Err(_) => layout::error_page(
            lang,
            StatusCode::NOT_FOUND,
            lang.text("no-such-game"),
            lang.text("pick-one-of-the-games"),
        ),
    }
}

/// `GET /rules/{game}`: the game's rulebook for players, in the page's language.
pub(crate) async fn rules_page(
    PagePath(game): PagePath<String>,
    PageQuery(query): PageQuery<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = Lang::of_request(&headers, query.lang.as_deref());
    let Ok(found) = safehouse_games::find(&game) else {
        return layout::error_page(
            lang,
            StatusCode::NOT_FOUND,
            lang.text("no-such-game"),
            lang.text("pick-one-of-the-games"),
        );
    };
    let info = found.game.info();
    let name = text::name(info.id, info.name, lang);
    let title = tr!(lang, "name-how-to-play", name = name);
    let main = html! {
        article.panel.rulebook-page {
            h1 { (title) }
            div.markdown lang=(lang.code()) { (markdown::rulebook(info.id, lang, 0)) }
            p {
                a.button.primary href={"/new/" (info.id)} { (lang.text("set-up-a-table")) }
                @if let Some(tutorial) = crate::tutorial::for_game(info.id, lang) {
                    " " a.button.tutorial-link href={"/tutorial/" (tutorial) "?lang=" (lang.code())} { (lang.text("tutorial-learn")) }
                }
            }
        }
    };
    let path = format!("/rules/{}", info.id);
    let shell = Shell { lang, title, path: &path, body_class: "rules-page" };
    layout::respond(StatusCode::OK, layout::page(&shell, main))
}

/// `POST /new/{game}`: creates the match, joins "my" seat, and goes to the table.
pub(crate) async fn create(
    State(web): State<Web>,
    PagePath(game): PagePath<String>,
    headers: HeaderMap,
    peer: Peer,
    PageForm(fields): PageForm<Vec<(String, String)>>,
) -> Response {
    let lang = Lang::of_request(&headers, None);
    let Ok(found) = safehouse_games::find(&game) else {
        return layout::error_page(lang, StatusCode::NOT_FOUND, lang.text("no-such-game"), "");
    };
    let game = found.game;
    let info = game.info();
    let quick = submitted(&fields, "quick") == Some("1");
    let players: usize = if quick {
        info.default_players
    } else {
        match submitted(&fields, "players").and_then(|p| p.parse().ok()) {
            Some(n) if (info.min_players..=info.max_players).contains(&n) => n,
            _ => return setup_page(game, lang, &fields, Some(lang.text("choose-how-many-play"))),
        }
    };
    let name = submitted(&fields, "name").map(str::trim).filter(|n| !n.is_empty()).map(str::to_owned);
    let mut seats = Vec::with_capacity(players);
    let mut me = None;
    for seat in 0..players {
        let choice = if quick { if seat == 0 { "me" } else { "medium" } } else { seat_choice(&fields, seat) };
        match choice {
            "me" if me.is_some() => {
                let error = lang.text("choose-me-for-one-seat-only");
                return setup_page(game, lang, &fields, Some(error));
            }
            "me" => {
                me = Some(seat);
                seats.push(SeatRequest { kind: SeatKind::Person, difficulty: None, name: name.clone() });
            }
            "friend" => seats.push(SeatRequest { kind: SeatKind::Person, difficulty: None, name: None }),
            level => match Difficulty::ALL.into_iter().find(|d| d.name() == level) {
                Some(difficulty) => {
                    seats.push(SeatRequest { kind: SeatKind::Bot, difficulty: Some(difficulty), name: None })
                }
                None => return setup_page(game, lang, &fields, Some(lang.text("choose-who-sits-at-each"))),
            },
        }
    }
    let docs = game.option_docs();
    let changes = if quick {
        Map::new()
    } else {
        match forms::option_changes(&docs, &game.default_options(), &fields) {
            Ok(changes) => changes,
            Err(option) => {
                let error = tr!(lang, "the-option-option-is-not", option = option);
                return setup_page(game, lang, &fields, Some(&error));
            }
        }
    };
    let time_control = match crate::clocks::time_control(submitted(&fields, "clock"), submitted(&fields, "on_timeout"))
    {
        Ok(time_control) => time_control.filter(|_| !quick),
        Err(()) => {
            let error = lang.text("choose-one-of-the-clocks");
            return setup_page(game, lang, &fields, Some(error));
        }
    };
    let turn_based = crate::notify::turn_based_setting(submitted(&fields, "pace")).filter(|_| !quick);
    let waiting = !quick && submitted(&fields, "waiting_room") == Some("1");
    let public = submitted(&fields, "visibility") == Some("public");
    let body = CreateMatch {
        game: info.id.to_owned(),
        preset: submitted(&fields, "preset").filter(|p| !p.is_empty() && !quick).map(str::to_owned),
        options: Some(Value::Object(changes)),
        seats,
        join: me.map(|seat| JoinNow { seat: u8::try_from(seat).unwrap_or(u8::MAX), name }),
        settings: TableSettings { time_control, turn_based, ..TableSettings::default() },
        waiting_room: waiting,
        visibility: waiting.then_some(if public { Visibility::Public } else { Visibility::Private }),
    };
    let reply = web.api.post_typed("/api/matches", None, &body, peer).await;
    if !reply.ok() {
        let error = setup_refusal(&docs, &reply, players, lang);
        return setup_page(game, lang, &fields, Some(&error));
    }
    let Some(created) = reply.read::<MatchCreated>().filter(|created| cookies::valid_id(&created.id)) else {
        return layout::error_page(lang, StatusCode::BAD_GATEWAY, lang.text("something-went-wrong"), "");
    };
    let id = created.id.clone();
    let invites: Vec<(u8, String)> = created
        .seats
        .iter()
        .filter(|s| me.is_none_or(|m| usize::from(s.info.seat) != m))
        .filter_map(|s| Some((s.info.seat, s.invite.clone()?)))
        .collect();
    let extra = Extra { hints: submitted(&fields, "hints") == Some("1"), invites };
    let started = !waiting || created.table.as_ref().is_some_and(|t| t.status == TableStatus::Started);
    let location = match (started, me.is_some()) {
        (false, _) => format!("/tables/{id}"),
        (true, true) => format!("/play/{id}"),
        (true, false) => format!("/play/{id}?watch=1"),
    };
    let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response();
    let headers = response.headers_mut();
    if let (Some(Joined { token, .. }), Some(seat)) = (&created.joined, me) {
        headers.append(header::SET_COOKIE, cookies::seat_value(&id, seat as u8, token));
    }
    if let Some(creator) = &created.creator_token {
        headers.append(header::SET_COOKIE, cookies::creator_value(&id, creator, created.table_invite.as_deref()));
    }
    if let Some(name) = me.and_then(|seat| created.seats.get(seat)?.info.name.as_deref()) {
        headers.append(header::SET_COOKIE, cookies::name_value(name));
    }
    headers.append(header::SET_COOKIE, cookies::set(&cookies::extra_name(&id), &extra.encode()));
    response
}

/// Query of an invite link.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct JoinQuery {
    seat: Option<u8>,
    code: Option<String>,
    hints: Option<String>,
    lang: Option<String>,
}

/// `GET /join/{id}?seat=&code=`: the invite link's page.
pub(crate) async fn join_page(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    PageQuery(query): PageQuery<JoinQuery>,
    headers: HeaderMap,
    peer: Peer,
) -> Response {
    let lang = Lang::of_request(&headers, query.lang.as_deref());
    let (Some(seat), Some(code)) = (query.seat, query.code.clone()) else {
        return bad_invite(lang);
    };
    if !cookies::valid_id(&id) {
        return bad_invite(lang);
    }
    let Some(info) = web.api.get(&format!("/api/matches/{id}"), None, peer).await.read::<MatchInfo>() else {
        return bad_invite(lang);
    };
    let game = game_name(&info.game, lang);
    let taken = info.seats.get(usize::from(seat)).is_some_and(|s| s.joined);
    let mine = cookies::seat(&headers, &id);
    let n = seat_number(seat);
    let main = html! {
        section.panel.narrow {
            h1 { (tr!(lang, "join-a-table-of-game", game = game)) }
            @if let Some(mine) = mine {
                p { (tr!(lang, "this-browser-already-sits-at", seat = seat_number(mine.seat))) }
                p { a.button.primary href={"/play/" (id)} { (lang.text("go-to-the-table")) } }
            } @else if taken {
                p { (tr!(lang, "seat-n-is-already-taken", n = n)) }
                p { a.button href={"/play/" (id) "?watch=1"} { (lang.text("watch-the-table")) } }
            } @else {
                p { (tr!(lang, "you-are-invited-to-seat", n = n)) }
                form method="post" action={"/join/" (id)} {
                    input type="hidden" name="seat" value=(seat);
                    input type="hidden" name="code" value=(code);
                    input type="hidden" name="hints" value=(if query.hints.as_deref() == Some("1") { "1" } else { "0" });
                    div.option {
                        label for="join-name" { (lang.text("your-name-optional")) }
                        input #join-name type="text" name="name" maxlength="40" autocomplete="nickname" value=(cookies::name(&headers).unwrap_or_default());
                    }
                    button.primary.big type="submit" { (lang.text("take-the-seat")) }
                }
            }
        }
    };
    let path = format!("/join/{id}?seat={seat}&code={code}");
    let shell = Shell { lang, title: lang.text("join-2").to_owned(), path: &path, body_class: "join" };
    layout::respond(StatusCode::OK, layout::page(&shell, main))
}

fn bad_invite(lang: Lang) -> Response {
    layout::error_page(
        lang,
        StatusCode::NOT_FOUND,
        lang.text("this-invite-link-does-not"),
        lang.text("ask-whoever-invited-you-for"),
    )
}

/// Form of `POST /join/{id}`.
#[derive(Debug, Deserialize)]
pub(crate) struct JoinForm {
    seat: u8,
    code: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    hints: String,
}

/// `POST /join/{id}`: takes the seat and goes to the table.
pub(crate) async fn join(
    State(web): State<Web>,
    PagePath(id): PagePath<String>,
    headers: HeaderMap,
    peer: Peer,
    PageForm(form): PageForm<JoinForm>,
) -> Response {
    let lang = Lang::of_request(&headers, None);
    if !cookies::valid_id(&id) {
        return bad_invite(lang);
    }
    let name = form.name.trim();
    let body = JoinRequest { seat: form.seat, invite: form.code, name: (!name.is_empty()).then(|| name.to_owned()) };
    let reply = web.api.post_typed(&format!("/api/matches/{id}/join"), None, &body, peer).await;
    let Some(Joined { token, .. }) = reply.read::<Joined>() else {
        let message = match reply.code() {
            "seat_taken" => lang.text("somebody-already-took-this-seat"),
            "bad_invite" => lang.text("this-invite-code-does-not"),
            _ => lang.text("the-seat-could-not-be"),
        };
        return layout::error_page(lang, StatusCode::CONFLICT, lang.text("could-not-join"), message);
    };
    let extra = Extra { hints: form.hints == "1", invites: Vec::new() };
    let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, format!("/play/{id}"))]).into_response();
    response.headers_mut().append(header::SET_COOKIE, cookies::seat_value(&id, form.seat, &token));
    response.headers_mut().append(header::SET_COOKIE, cookies::set(&cookies::extra_name(&id), &extra.encode()));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refusal as the server sends it (`ApiError::from(SetupError)`): code, message, option.
    fn refusal(code: &str, message: &str, option: Option<&str>) -> Reply {
        let mut error = serde_json::json!({ "code": code, "message": message });
        if let Some(option) = option {
            error["option"] = option.into();
        }
        Reply { status: StatusCode::UNPROCESSABLE_ENTITY, body: serde_json::json!({ "error": error }) }
    }

    /// Safe Breaker's two-player refusal names the rule that allows two by its label, in every
    /// language, never by its id; a refusal without an option keeps the server's message.
    #[test]
    fn a_refused_table_names_the_rule_in_the_players_words() {
        let Ok(found) = safehouse_games::find("safe-breaker") else { panic!("Safe Breaker is registered") };
        let docs = found.game.option_docs();
        let Some(two) = docs.iter().find(|doc| doc.name == "allow_two_players") else { panic!("the option") };
        let english = "this game takes 3 to 6 players, not 2 (the option `allow_two_players` allows 2)";
        for lang in [Lang::En, Lang::Ko, Lang::De] {
            let label = players_words(two, lang).0;
            let said = setup_refusal(&docs, &refusal("bad_player_count", english, Some("allow_two_players")), 2, lang);
            assert!(said.contains(label) && said.contains('2'), "{lang:?}: {said}");
            assert!(!said.contains("allow_two_players"), "{lang:?}: the option's id is shown: {said}");
            let said = setup_refusal(
                &docs,
                &refusal("bad_option", "option `allow_two_players`: no", Some("allow_two_players")),
                3,
                lang,
            );
            assert!(said.contains(label) && !said.contains("allow_two_players"), "{lang:?}: {said}");
        }
        let plain = setup_refusal(
            &docs,
            &refusal("bad_player_count", "this game takes 3 to 6 players, not 9", None),
            9,
            Lang::En,
        );
        assert!(plain.contains("not 9"), "{plain}");
        let unknown = setup_refusal(&docs, &refusal("bad_option", "option `nope`: no", Some("nope")), 3, Lang::En);
        assert!(unknown.contains("option `nope`"), "an option the page does not know keeps the message: {unknown}");
    }
}

/// Query of `/lang/{code}`.
#[derive(Debug, Deserialize)]
pub(crate) struct SwitchQuery {
    back: Option<String>,
}

/// `GET /lang/{code}?back=/path`: remembers the language and goes back to the page.
pub(crate) async fn switch(
    PagePath(code): PagePath<String>,
    PageQuery(query): PageQuery<SwitchQuery>,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    let Some(lang) = Lang::parse(&code) else {
        return crate::extract::not_found(&headers, &uri);
    };
    // Only paths of this site, never another site (`//host` or `/\host`).
    let back = query.back.as_deref().and_then(crate::security::same_origin_path).unwrap_or("/").to_owned();
    let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, back)]).into_response();
    let cookie = cookies::set("lang", lang.code());
    response.headers_mut().append(header::SET_COOKIE, cookie);
    response
}
