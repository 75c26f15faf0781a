//! "Play again": a finished match's rematch, a new match linked to it.
//!
//! The rematch has the same game, options, table settings and seats as the old match: each bot
//! seat keeps its bot and level, each person's seat is offered to the person who sat there. A
//! person accepts by asking for the rematch with their old seat's token
//! (`POST /api/matches/{old}/rematch`): the first to ask creates the new match, everyone gets
//! *their own* new seat token for *their own* seat (tokens are never shared or carried over).
//!
//! The link goes both ways: the new match's settings hold `rematch_of` (the old id), and the old
//! match's table log gets a `rematch` event naming the new id, which every page and every
//! WebSocket of the old match shows (`type: "rematch"`), on every node (`Notice::Table`).
//!
//! One rematch per match, however many people press at once and on however many nodes: the new
//! match's id is derived from the old one ([`rematch_id`]), so when two requests race, the
//! database lets exactly one of them create it (the other's insert is a duplicate, and that
//! request joins the match the first created).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::{Json, Router, routing};
use safehouse_api::rematch::{RematchJoined, RematchLinks};
use safehouse_engine::Seat;
use safehouse_store::{SeatClaim, TableEvent};
use serde_json::{Value, json};
use utoipa::OpenApi;

use crate::app::request_token;
use crate::app::{App, LiveMatch, SeatKind, SeatPlan};
use crate::error::ApiError;
use crate::token;
use safehouse_api::ErrorBody;

/// The table-log kind of the link from an old match to its rematch.
pub const KIND: &str = "rematch";

/// The id of `old`'s rematch: the same on every node, so that only one can be created.
pub fn rematch_id(old: &str) -> String {
    token::hash(&format!("safehouse-rematch:{old}"))[..20].to_owned()
}

/// The rematch a table-log event names (None for another kind).
pub fn from_event(event: &TableEvent) -> Option<String> {
    if event.kind != KIND {
        return None;
    }
    event.data.get("match").and_then(Value::as_str).map(str::to_owned)
}

/// The rematch of a match, if one was started (the first `rematch` event of its log).
pub(crate) async fn find(app: &App, match_id: &str) -> Result<Option<String>, ApiError> {
    let events = app.store.table_events(match_id, 0).await?;
    Ok(events.iter().find_map(from_event))
}

/// Tells every watcher of the old match here that its rematch exists (`type: "rematch"`).
fn publish(lm: &mut LiveMatch, new_id: &str) {
    let message: Arc<str> = Arc::from(json!({ "type": "rematch", "match": new_id }).to_string());
    lm.publish_with(|_| Some(message.clone()));
}

/// A `rematch` event another node stored: sent to the watchers here.
pub(crate) fn on_table_event(lm: &mut LiveMatch, event: &TableEvent) {
    if let Some(new_id) = from_event(event) {
        publish(lm, &new_id);
    }
}

/// The seats of the rematch: the same kinds, bots with their levels, people's seats open (each
/// with a fresh invite code nobody is told: they are taken with the old seats' tokens) and named
/// as the old seats were.
fn rematch_plan(old: &LiveMatch) -> Vec<SeatPlan> {
    let seats = old.seats();
    old.plan
        .iter()
        .zip(seats)
        .map(|(plan, seat)| match plan.kind {
            SeatKind::Bot => plan.clone(),
            SeatKind::Person => SeatPlan {
                kind: SeatKind::Person,
                difficulty: None,
                name: seat.name,
                invite_hash: Some(token::hash(&token::new_invite())),
            },
        })
        .collect()
}

/// Creates the rematch of a finished match (or joins the one already created) and takes the
/// asker's seat in it: the same seat as in the old match, with a new token of its own. Asked with
/// an old seat's token; each seat may take its new seat once (`seat_taken` after).
#[utoipa::path(post, path = "/api/matches/{id}/rematch", params(("id" = String, Path, description = "the finished match")),
    responses((status = 200, body = RematchJoined), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 429, body = ErrorBody), (status = 503, body = ErrorBody)),
    security(("seat_token" = [])), tag = "rematch")]
pub(crate) async fn post_rematch(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    extensions: axum::http::Extensions,
) -> Result<Json<RematchJoined>, ApiError> {
    let token = request_token(&headers, None).ok_or_else(ApiError::bad_token)?;
    let old_slot = app.get(&id).await?;
    let mut old = old_slot.state.lock().await;
    let seat = app.authenticate(&mut old, &token).await?;
    if !old.finished {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "match_not_finished",
            "a rematch can be started once the match has ended",
        ));
    }
    // Requests on this node wait for each other on the old match's lock; across nodes the
    // database decides (the derived id can be inserted once).
    let (new_id, created) = match find(&app, &old.id).await? {
        Some(new_id) => (new_id, false),
        None => {
            let new_id = rematch_id(&old.id);
            let mut settings = old.settings.clone();
            settings.rematch_of = Some(old.id.to_string());
            let client = crate::limits::request_client(&extensions);
            let created = match app
                .create_as(new_id.clone(), old.game, old.record().options, rematch_plan(&old), settings, client)
                .await
            {
                Ok(_) => true,
                Err(error) if error.code == "duplicate_match" => false,
                Err(error) => return Err(error),
            };
            // Also when another node created it first and has not linked it yet (or stopped
            // before it did): a second link names the same match.
            app.store.append_table_event(&old.id, KIND, &json!({ "match": new_id }), crate::app::now_ms()).await?;
            publish(&mut old, &new_id);
            if created {
                metrics::counter!("safehouse_rematches_total").increment(1);
            }
            (new_id, created)
        }
    };
    drop(old);
    let new_slot = app.get(&new_id).await?;
    let mut new = new_slot.state.lock().await;
    let token = claim(&app, &mut new, seat).await?;
    Ok(Json(RematchJoined { match_id: new_id, created, seat: seat.0, token }))
}

/// Takes `seat` of the rematch for the person who sat there in the old match.
async fn claim(app: &Arc<App>, lm: &mut LiveMatch, seat: Seat) -> Result<String, ApiError> {
    let index = seat.index();
    let taken = || ApiError::new(StatusCode::CONFLICT, "seat_taken", "this seat of the rematch was already taken");
    if lm.claims.get(index).is_none_or(Option::is_some) {
        return Err(taken());
    }
    let name = lm.plan.get(index).and_then(|p| p.name.clone());
    let secret = token::new_token();
    let claim = SeatClaim {
        seat: seat.0,
        token_hash: token::hash(&secret),
        name,
        joined_at_ms: crate::app::now_ms(),
        away: false,
    };
    if !app.store.claim_seat(&lm.id, &claim).await? {
        // Taken through another node: learn who holds it.
        for stored in app.store.seat_claims(&lm.id).await? {
            let i = usize::from(stored.seat);
            if i < lm.claims.len() {
                lm.away[i] = stored.away;
                lm.claims[i] = Some(stored);
            }
        }
        lm.publish_seats();
        return Err(taken());
    }
    lm.claims[index] = Some(claim);
    lm.away[index] = false;
    lm.publish_seats();
    Ok(secret)
}

/// The links of a match: its rematch (once started) and the match it is a rematch of.
#[utoipa::path(get, path = "/api/matches/{id}/rematch", params(("id" = String, Path, description = "match id")),
    responses((status = 200, body = RematchLinks), (status = 404, body = ErrorBody)), tag = "rematch")]
pub(crate) async fn get_rematch(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<RematchLinks>, ApiError> {
    let slot = app.get(&id).await?;
    let rematch_of = slot.state.lock().await.settings.rematch_of.clone();
    let rematch = find(&app, &id).await?;
    Ok(Json(RematchLinks { rematch, rematch_of }))
}

/// The rematch routes.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new().route("/api/matches/{id}/rematch", routing::get(get_rematch).post(post_rematch))
}

/// The rematch part of `/openapi.json`.
#[derive(OpenApi)]
#[openapi(paths(post_rematch, get_rematch), components(schemas(RematchJoined, RematchLinks)))]
pub(crate) struct RematchApi;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rematch_id_is_fixed_by_the_old_id_and_looks_like_a_match_id() {
        let id = rematch_id("0123456789abcdef0123");
        assert_eq!(id, rematch_id("0123456789abcdef0123"));
        assert_ne!(id, rematch_id("0123456789abcdef0124"));
        assert_eq!(id.len(), token::match_id().len());
        assert!(id.chars().all(|c| c.is_ascii_hexdigit()));
    }
}
