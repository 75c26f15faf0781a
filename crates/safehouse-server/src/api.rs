//! The HTTP API, described by `/openapi.json`: every handler, each of which takes the whole
//! [`App`]. The matches' own routes are here; each feature's are in a submodule named for it
//! (`chat`, `log`, `notify`, `rematch`, `tables`), over the state and logic its feature module (`crate::log`) holds.

mod chat;
mod devices;
mod log;
mod notify;
mod rematch;
mod tables;

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::{Json, Router, routing};
use safehouse_engine::Viewer;
use serde_json::{Value, json};
use utoipa::OpenApi;

use safehouse_api::matches::{
    CreateMatch, CreatedSeat, GameSummary, ListQuery, MatchCreated, MatchInfo, MatchListing, OptionDocSchema,
    PresetSummary, RecordResponse,
};
use safehouse_api::settings::{TableSettings, Visibility};
use safehouse_api::tables::{BotSeat, SeatTaken, TableInfo, TableSeat, TableSeatState, TableStatus, TakeSeat};
use safehouse_api::{
    ActRequest, ActResponse, ClockView, Difficulty, ErrorBody, JoinNow, JoinRequest, Joined, MoveDeadline, OnTimeout,
    PresenceResponse, SeatInfo, SeatKind, SeatRequest, TimeControl, TokenQuery,
};

use crate::app::{Actor, App, SeatPlan, request_token};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery};
use crate::settings::TableSettingsExt;
use crate::token;

fn game_summary(game: &'static dyn safehouse_engine::DynGame, with_rules: bool) -> GameSummary {
    let info = game.info();
    GameSummary {
        id: info.id.to_owned(),
        aliases: info.aliases.iter().map(|a| a.id.to_owned()).collect(),
        name: info.name.to_owned(),
        summary: info.summary.to_owned(),
        min_players: info.min_players,
        max_players: info.max_players,
        default_players: info.default_players,
        cooperative: info.cooperative,
        table_talk: info.table_talk,
        options: game.option_docs(),
        default_options: game.default_options(),
        presets: game
            .presets()
            .into_iter()
            .map(|(name, help, options)| PresetSummary { name: name.to_owned(), help: help.to_owned(), options })
            .collect(),
        rules: with_rules.then(|| info.rules.to_owned()),
    }
}

/// Every game.
#[utoipa::path(get, path = "/api/games", responses((status = 200, body = Vec<GameSummary>)))]
pub(crate) async fn list_games() -> Json<Vec<GameSummary>> {
    Json(safehouse_games::all().iter().map(|g| game_summary(*g, false)).collect())
}

/// One game, with its rules.
#[utoipa::path(get, path = "/api/games/{game}", params(("game" = String, Path, description = "game id or alias")),
    responses((status = 200, body = GameSummary), (status = 404, body = ErrorBody)))]
pub(crate) async fn get_game(ApiPath(game): ApiPath<String>) -> Result<Json<GameSummary>, ApiError> {
    let found = safehouse_games::find(&game)?;
    Ok(Json(game_summary(found.game, true)))
}

/// Creates a match.
#[utoipa::path(post, path = "/api/matches", request_body = CreateMatch,
    responses((status = 201, body = MatchCreated), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody),
        (status = 503, body = ErrorBody)))]
pub(crate) async fn create_match(
    State(app): State<Arc<App>>,
    peer: Option<axum::Extension<axum::extract::ConnectInfo<std::net::SocketAddr>>>,
    ApiJson(request): ApiJson<CreateMatch>,
) -> Result<(StatusCode, Json<MatchCreated>), ApiError> {
    let found = safehouse_games::find(&request.game)?;
    let game = found.game;
    let info = game.info();
    let players = request.seats.len();
    if !(info.min_players..=info.max_players).contains(&players) {
        return Err(safehouse_engine::SetupError::PlayerCount {
            players,
            min: info.min_players,
            max: info.max_players,
            allowed_by: None,
        }
        .into());
    }
    let preset = request.preset.as_deref().or(found.preset);
    let options = game.resolve_options(players, preset, request.options.as_ref())?;
    request.settings.validate(info.id)?;
    let settings = request.settings;
    // A table of bots only gets the ending rule its game needs (Safe Breaker's question limit);
    // a table with a person plays exactly what was chosen.
    let bots_only = request.seats.iter().all(|seat| matches!(seat.kind, SeatKind::Bot));
    let options = if bots_only { game.for_bots_only(&options) } else { options };
    let mut invites = Vec::with_capacity(players);
    let plan: Vec<SeatPlan> = request
        .seats
        .into_iter()
        .map(|seat| {
            let name = seat.name.map(|n| crate::names::clean(&n)).filter(|n| !n.is_empty());
            match seat.kind {
                SeatKind::Person => {
                    let invite = token::new_invite();
                    let plan = SeatPlan {
                        kind: SeatKind::Person,
                        difficulty: None,
                        name,
                        invite_hash: Some(token::hash(&invite)),
                    };
                    invites.push(Some(invite));
                    plan
                }
                SeatKind::Bot => {
                    invites.push(None);
                    SeatPlan {
                        kind: SeatKind::Bot,
                        difficulty: Some(seat.difficulty.unwrap_or_default()),
                        name,
                        invite_hash: None,
                    }
                }
            }
        })
        .collect();
    if let Some(join) = &request.join
        && invites.get(usize::from(join.seat)).is_none_or(Option::is_none)
    {
        return Err(ApiError::bad_request(format!("seat {} is not a person's seat", join.seat)));
    }
    let creator = peer.map(|axum::Extension(axum::extract::ConnectInfo(addr))| addr.ip());
    if request.waiting_room {
        let join = request.join.map(|j| (j.seat, j.name));
        let settings = TableSettings { visibility: request.visibility.unwrap_or_default(), ..settings };
        let request =
            crate::app::tables::WaitingRequest { id: None, game, options: options.clone(), plan, settings, join };
        let created = app.create_waiting(request, creator).await?;
        let table = created.table;
        let seats = table
            .seats
            .iter()
            .map(|s| CreatedSeat {
                info: SeatInfo {
                    seat: s.seat,
                    kind: if s.state == TableSeatState::Bot { SeatKind::Bot } else { SeatKind::Person },
                    difficulty: s.difficulty,
                    name: s.name.clone(),
                    joined: s.state == TableSeatState::Person,
                    away: false,
                },
                invite: None,
            })
            .collect();
        let body = MatchCreated {
            id: created.id,
            game: info.id.to_owned(),
            players,
            options,
            seats,
            joined: created.joined.map(|(seat, token)| Joined { seat, token }),
            creator_token: Some(created.creator_token),
            table_invite: created.invite,
            table: Some(table),
        };
        return Ok((StatusCode::CREATED, Json(body)));
    }
    let slot = app.create(game, options.clone(), plan, settings, creator).await?;
    let mut lm = slot.state.lock().await;
    let joined = match request.join {
        Some(join) => {
            let invite = invites[usize::from(join.seat)].clone().unwrap_or_default();
            let token = app.join(&mut lm, join.seat, &invite, join.name).await?;
            Some(Joined { seat: join.seat, token })
        }
        None => None,
    };
    let seats = lm.seats().into_iter().zip(invites).map(|(info, invite)| CreatedSeat { info, invite }).collect();
    let created = MatchCreated {
        id: lm.id.to_string(),
        game: info.id.to_owned(),
        players,
        options,
        seats,
        joined,
        creator_token: None,
        table_invite: None,
        table: None,
    };
    Ok((StatusCode::CREATED, Json(created)))
}

/// The API's listing of a match from the store's.
fn listing(summary: safehouse_store::MatchSummary) -> MatchListing {
    let safehouse_store::MatchSummary { id, game, players, finished, actions, created_at_ms } = summary;
    MatchListing { id, game, players, finished, actions, created_at_ms }
}

/// The most recent matches.
#[utoipa::path(get, path = "/api/matches", params(ListQuery), responses((status = 200, body = Vec<MatchListing>)))]
pub(crate) async fn list_matches(
    State(app): State<Arc<App>>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Vec<MatchListing>>, ApiError> {
    let list = app.store.list_matches(query.limit.unwrap_or(50).min(500), query.live.unwrap_or(true)).await?;
    let mut shown = Vec::with_capacity(list.len());
    for summary in list {
        // A waiting room that has not started (or expired unstarted) is no match to watch or
        // replay, and a private one is nobody's to find: the lobby lists the public ones. Only
        // a match without actions can be one, so only those are looked up.
        if summary.actions == 0
            && !app.store.load_match(&summary.id).await?.as_ref().is_some_and(crate::tables::is_started)
        {
            continue;
        }
        shown.push(listing(summary));
    }
    Ok(Json(shown))
}

/// A match's public facts.
#[utoipa::path(get, path = "/api/matches/{id}", params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = MatchInfo), (status = 404, body = ErrorBody)))]
pub(crate) async fn get_match(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<MatchInfo>, ApiError> {
    let slot = app.get(&id).await?;
    let lm = slot.state.lock().await;
    let record = lm.record();
    Ok(Json(MatchInfo {
        id: lm.id.to_string(),
        game: lm.game.info().id.to_owned(),
        players: lm.players(),
        options: record.options,
        seats: lm.seats(),
        seq: lm.seq,
        to_move: lm.game_match.to_move().map(|s| s.0),
        finished: lm.finished,
        outcome: lm.outcome_json(),
        clock: lm.clock_view(),
        deadline: lm.deadline_view(),
    }))
}

/// Joins a person's seat with its invite code; the answer holds the seat's token.
#[utoipa::path(post, path = "/api/matches/{id}/join", params(("id" = String, Path, description = "match id")),
    request_body = JoinRequest,
    responses((status = 200, body = Joined), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub(crate) async fn join_match(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    ApiJson(request): ApiJson<JoinRequest>,
) -> Result<Json<Joined>, ApiError> {
    let slot = app.get(&id).await?;
    let mut lm = slot.state.lock().await;
    let token = app.join(&mut lm, request.seat, &request.invite, request.name).await?;
    Ok(Json(Joined { seat: request.seat, token }))
}

/// What a seat (with its token) or a spectator (without) may see now.
#[utoipa::path(get, path = "/api/matches/{id}/view", params(("id" = String, Path, description = "match id"), TokenQuery),
    responses((status = 200, description = "seq, viewer, view, text, to_move, legal (when it is your move), seats, outcome", body = Object),
        (status = 401, body = ErrorBody)))]
pub(crate) async fn get_view(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<TokenQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let slot = app.get(&id).await?;
    let mut lm = slot.state.lock().await;
    app.ensure_sound(&mut lm).await?;
    let viewer = match request_token(&headers, query.token.as_deref()) {
        Some(token) => {
            // Looking is not presence: an open page fetches this after every move.
            Viewer::Seat(app.authenticate(&mut lm, &token).await?)
        }
        None => Viewer::Spectator,
    };
    Ok(Json(lm.view_response(viewer)?))
}

/// Acts for the seat the token opens. Answered only once the action is stored.
#[utoipa::path(post, path = "/api/matches/{id}/actions", params(("id" = String, Path, description = "match id")),
    request_body = ActRequest,
    responses((status = 200, body = ActResponse), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)),
    security(("seat_token" = [])))]
pub(crate) async fn act(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    ApiJson(request): ApiJson<ActRequest>,
) -> Result<Json<ActResponse>, ApiError> {
    let token = request_token(&headers, None).ok_or_else(ApiError::no_token)?;
    let slot = app.get(&id).await?;
    let mut lm = slot.state.lock().await;
    let seat = app.authenticate(&mut lm, &token).await?;
    app.seat_active(&mut lm, seat).await;
    let expected_seq = request.seq.ok_or_else(|| ApiError::missing_seq(lm.seq))?;
    let acted = app.act_locked(&slot, &mut lm, seat, &request.action, expected_seq, Actor::Person).await?;
    Ok(Json(ActResponse { seq: acted.seq, events: acted.events }))
}

/// "I'm back": the person of the seat the token opens takes it back from the bot that played
/// for them (after they went idle, their time ran out or they asked for it: `away`). Only this
/// and acting count as being present; fetching the view or holding the WebSocket open does not.
#[utoipa::path(post, path = "/api/matches/{id}/back", params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = PresenceResponse), (status = 401, body = ErrorBody)),
    security(("seat_token" = [])))]
pub(crate) async fn come_back(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
) -> Result<Json<PresenceResponse>, ApiError> {
    presence(&app, &id, &headers, Presence::Back).await
}

/// "A bot plays for me": the person of the seat the token opens must leave for a while, and a
/// bot (medium) plays the seat from now on, its actions stored with actor `takeover`, until they
/// act or say they are back. The others need not wait out the idle time or the seat's clock.
#[utoipa::path(post, path = "/api/matches/{id}/away", params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = PresenceResponse), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 429, body = ErrorBody)),
    security(("seat_token" = [])))]
pub(crate) async fn step_away(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    extensions: axum::http::Extensions,
) -> Result<Json<PresenceResponse>, ApiError> {
    presence(&app, &id, &headers, Presence::Away(crate::limits::request_client(&extensions))).await
}

/// "Let a bot play this seat until its person joins": with the token of any seat of the match, a
/// seat that nobody has joined (an invite never used, a rematch seat whose person has not come
/// back) is played by a bot (medium) from now on, its actions stored with actor `takeover`, so
/// the table need not wait out the idle time. Its person may still join with their invite (or
/// take their rematch seat): the seat is theirs from then on. A joined seat is refused
/// (`seat_taken`: only its person may hand it over); a bot's seat, or one a bot already plays,
/// changes nothing. The answer's `seat` is the seat handed over.
#[utoipa::path(post, path = "/api/matches/{id}/seats/{seat}/bot",
    params(("id" = String, Path, description = "match id"), ("seat" = u8, Path, description = "the seat nobody joined", maximum = 255)),
    responses((status = 200, body = PresenceResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 429, body = ErrorBody)),
    security(("seat_token" = [])))]
pub(crate) async fn hand_to_bot(
    State(app): State<Arc<App>>,
    ApiPath((id, seat)): ApiPath<(String, u8)>,
    headers: HeaderMap,
    extensions: axum::http::Extensions,
) -> Result<Json<PresenceResponse>, ApiError> {
    let token = request_token(&headers, None).ok_or_else(ApiError::no_token)?;
    let slot = app.get(&id).await?;
    let mut lm = slot.state.lock().await;
    let by = app.authenticate(&mut lm, &token).await?;
    app.hand_to_bot(&slot, &mut lm, by, seat, crate::limits::request_client(&extensions)).await?;
    Ok(Json(PresenceResponse { seat, seq: lm.seq, away: true }))
}

/// What a person says of their presence.
#[derive(Clone, Copy)]
enum Presence {
    /// "I'm back".
    Back,
    /// "A bot plays for me", asked by this client (limited per client).
    Away(Option<std::net::IpAddr>),
}

/// Says `presence` for the seat the request's token opens.
async fn presence(
    app: &Arc<App>,
    id: &str,
    headers: &HeaderMap,
    presence: Presence,
) -> Result<Json<PresenceResponse>, ApiError> {
    let token = request_token(headers, None).ok_or_else(ApiError::no_token)?;
    let slot = app.get(id).await?;
    let mut lm = slot.state.lock().await;
    let seat = app.authenticate(&mut lm, &token).await?;
    match presence {
        Presence::Away(client) => app.step_away(&slot, &mut lm, seat, client).await?,
        Presence::Back => app.seat_active(&mut lm, seat).await,
    }
    let away = matches!(presence, Presence::Away(_));
    Ok(Json(PresenceResponse { seat: seat.0, seq: lm.seq, away }))
}

/// The record of a finished match (refused with `match_not_finished` before the end: the seed
/// would reveal every hidden card).
#[utoipa::path(get, path = "/api/matches/{id}/record", params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = RecordResponse), (status = 409, body = ErrorBody)))]
pub(crate) async fn get_record(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<RecordResponse>, ApiError> {
    let slot = app.get(&id).await?;
    let lm = slot.state.lock().await;
    if !lm.finished {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "match_not_finished",
            "the record is available once the match has ended",
        ));
    }
    Ok(Json(RecordResponse {
        record: lm.record(),
        outcome: lm.outcome_json().unwrap_or(Value::Null),
        seats: lm.seats(),
    }))
}

/// Liveness and the database.
#[utoipa::path(get, path = "/healthz", responses((status = 200, body = Object), (status = 503, body = Object)))]
pub(crate) async fn healthz(State(app): State<Arc<App>>) -> Response {
    match app.store.ping().await {
        Ok(()) => Json(json!({ "status": "ok", "database": format!("{:?}", app.store.backend()).to_lowercase() }))
            .into_response(),
        Err(error) => (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({ "status": "database_unavailable", "error": error.to_string() })),
        )
            .into_response(),
    }
}

/// The home page: what this server is, and where its API is described.
pub(crate) async fn home() -> Html<&'static str> {
    Html(HOME)
}

const HOME: &str = r#"<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Safehouse</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}code{background:#eee;padding:0 .2em}</style>
</head>
<body>
<h1>Safehouse</h1>
<p>This is a Safehouse table server: it runs matches of the Safehouse safe-cracking card games for people and bots,
stores every move, and keeps each player's hidden cards to that player.</p>
<ul>
<li><a href="/openapi.json">/openapi.json</a>: the HTTP API (create a match, join a seat, see your view, act, fetch a finished match's record)</li>
<li><a href="/api/games">/api/games</a>: the games and their options</li>
<li><code>/api/matches/{id}/ws</code>: a WebSocket per seat or spectator that pushes each move as it happens</li>
<li><a href="/healthz">/healthz</a>: for operators (and <code>/metrics</code>, on its own listener or behind a token)</li>
</ul>
</body>
</html>
"#;

/// Unknown paths.
pub(crate) async fn not_found() -> ApiError {
    ApiError::not_found("no such endpoint; see /openapi.json")
}

#[derive(OpenApi)]
#[openapi(
    info(title = "Safehouse table server", description = "Matches of the Safehouse games for people and bots. Errors are `{\"error\": {\"code\", \"message\"}}` with stable codes. Each seat also has a WebSocket at `/api/matches/{id}/ws?token=...` (see docs/server.md)."),
    paths(list_games, get_game, create_match, list_matches, get_match, join_match, get_view, act, come_back, step_away, hand_to_bot, get_record, healthz,
        tables::list_tables, tables::get_table, tables::take_seat, tables::leave_seat, tables::remove_seat,
        tables::bot_seat, tables::free_seat, tables::start_table),
    components(schemas(ErrorBody, GameSummary, OptionDocSchema, PresetSummary, CreateMatch, SeatRequest, JoinNow, MatchCreated, CreatedSeat,
        Joined, MatchInfo, SeatInfo, SeatKind, Difficulty, JoinRequest, ActRequest, ActResponse, RecordResponse,
        PresenceResponse, ClockView, MoveDeadline, TableSettings, TimeControl, OnTimeout,
        TableInfo, TableSeat, TableSeatState, TableStatus, Visibility, TakeSeat, BotSeat, SeatTaken)),
    modifiers(&SecurityAddon)
)]
struct ApiDoc;

struct SecurityAddon;

impl utoipa::Modify for SecurityAddon {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "seat_token",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("the token from joining a seat"))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "creator_token",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("the creator_token from creating a waiting room"))
                    .build(),
            ),
        );
    }
}

/// The OpenAPI document.
pub fn openapi_json() -> String {
    let mut doc = ApiDoc::openapi()
        .merge_from(chat::ChatApi::openapi())
        .merge_from(rematch::RematchApi::openapi())
        .merge_from(devices::DevicesApi::openapi())
        .merge_from(log::LogDoc::openapi())
        .merge_from(<notify::NotifyDoc as OpenApi>::openapi());
    document_shared_errors(&mut doc);
    doc.to_pretty_json().unwrap_or_else(|_| "{}".to_owned())
}

/// Adds to every operation the errors that the layers every request passes through can give,
/// besides the operation's own answers (which keep their descriptions): the client's rate and
/// share of requests in flight (429) and the server's load or database (503) for every request;
/// a parameter that does not read (400: a seat that is no number, a query field twice); for a
/// body, its size (413), its time to arrive (408) and, for a JSON body the request needs, its
/// form and content type (400, 415); and a match that does not exist (404) under `{id}`.
/// Without them a client reading the document met statuses it did not list (schemathesis found
/// 33 such answers).
fn document_shared_errors(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::path::{Operation, ParameterIn};
    use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
    for (path, item) in &mut doc.paths.paths {
        let in_match = path.contains("{id}");
        let path_parameters: Vec<_> = item.parameters.iter().flatten().cloned().collect();
        let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
        for operation in operations.into_iter().flatten() {
            let operation: &mut Operation = operation;
            // A parameter may fail to read unless it is a path segment read as text.
            let parameter_may_fail = operation.parameters.iter().flatten().chain(&path_parameters).any(|p| match p {
                RefOr::T(p) => {
                    let text = serde_json::to_value(&p.schema).ok().is_some_and(|s| s["type"] == "string");
                    p.parameter_in == ParameterIn::Query || !text
                }
                RefOr::Ref(_) => true,
            });
            let body = operation.request_body.as_ref().map(|body| match body {
                RefOr::T(body) => body.required == Some(utoipa::openapi::Required::True),
                RefOr::Ref(_) => true,
            });
            let mut errors: Vec<(&str, String)> = vec![
                (
                    "429",
                    "Over the client's rate (`rate_limited`) or its share of requests in flight \
                     (`too_many_requests_in_flight`); `Retry-After` says when to come back."
                        .into(),
                ),
                ("503", "The server is busy (`overloaded`) or its database failed (`storage_error`).".into()),
            ];
            let mut bad = Vec::new();
            if parameter_may_fail {
                bad.push("a parameter that does not read (`bad_request`)");
            }
            if body == Some(true) {
                bad.push("a body that is not JSON of this request (`malformed_json`)");
                errors
                    .push(("415", "A body sent without `Content-Type: application/json` (`bad_content_type`).".into()));
            }
            if !bad.is_empty() {
                let mut text = bad.join(", or ");
                text[..1].make_ascii_uppercase();
                errors.push(("400", format!("{text}.")));
            }
            if body.is_some() {
                errors.push(("408", "The body did not arrive in time (`body_timeout`).".into()));
                errors.push(("413", "The body is over the server's limit (`payload_too_large`).".into()));
            }
            if in_match {
                errors.push(("404", "No such match (`not_found`).".into()));
            }
            for (status, description) in errors {
                operation.responses.responses.entry(status.to_owned()).or_insert_with(|| {
                    let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build();
                    RefOr::T(
                        ResponseBuilder::new().description(description).content("application/json", content).build(),
                    )
                });
            }
        }
    }
}

pub(crate) async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], openapi_json()).into_response()
}

/// The API routes (without the middleware, added in `lib.rs`).
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/games", routing::get(list_games))
        .route("/api/games/{game}", routing::get(get_game))
        .route("/api/matches", routing::get(list_matches).post(create_match))
        .route("/api/matches/{id}", routing::get(get_match))
        .route("/api/matches/{id}/join", routing::post(join_match))
        .route("/api/matches/{id}/view", routing::get(get_view))
        .route("/api/matches/{id}/actions", routing::post(act))
        .route("/api/matches/{id}/back", routing::post(come_back))
        .route("/api/matches/{id}/away", routing::post(step_away))
        .route("/api/matches/{id}/seats/{seat}/bot", routing::post(hand_to_bot))
        .route("/api/matches/{id}/record", routing::get(get_record))
        .route("/api/matches/{id}/ws", routing::get(crate::ws::upgrade))
        .merge(chat::routes())
        .merge(rematch::routes())
        .merge(devices::routes())
        .merge(notify::routes())
        .merge(tables::routes())
        .merge(log::routes())
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    #[test]
    fn the_published_api_requires_seq_on_actions() {
        let api: Value = serde_json::from_str(&super::openapi_json()).expect("OpenAPI is JSON");
        let act = &api["components"]["schemas"]["ActRequest"];
        let required: Vec<&str> =
            act["required"].as_array().expect("required fields").iter().filter_map(Value::as_str).collect();
        assert!(required.contains(&"action") && required.contains(&"seq"), "{act}");
    }

    #[test]
    fn the_published_option_doc_has_the_fields_the_engine_serves() {
        let api: Value = serde_json::from_str(&super::openapi_json()).expect("OpenAPI is JSON");
        let schema = &api["components"]["schemas"]["OptionDoc"]["properties"];
        let mut published: Vec<&str> =
            schema.as_object().expect("OptionDoc properties").keys().map(String::as_str).collect();
        let doc = safehouse_engine::OptionDoc::new("x", &true, safehouse_engine::OptionDomain::Bool, "");
        let served = serde_json::to_value(&doc).expect("OptionDoc serialises");
        let mut served: Vec<&str> = served.as_object().expect("an object").keys().map(String::as_str).collect();
        published.sort_unstable();
        served.sort_unstable();
        assert_eq!(published, served);
    }
}
