//! Play again in a live match: starting (or joining) a finished match's rematch, which creates a
//! match, and telling the old match's watchers of it (`crate::rematch` holds the link's form).

use std::sync::Arc;

use axum::http::StatusCode;
use safehouse_api::rematch::RematchJoined;
use safehouse_api::settings::Visibility;
use safehouse_api::tables::TableStatus;
use safehouse_api::{Notice, SeatKind};
use safehouse_engine::Seat;
use safehouse_store::TableEvent;
use serde_json::json;

use super::tables::WaitingRequest;
use super::{App, LiveMatch, SeatPlan, now_ms};
use crate::error::ApiError;
use crate::rematch::{KIND, from_event, rematch_id};
use crate::tables;
use crate::token;

/// The rematch of a match, if one was started (the last `rematch` event of its log: a rematch
/// whose room expired unstarted is followed by a fresh one).
pub(crate) async fn find(app: &App, match_id: &str) -> Result<Option<String>, ApiError> {
    let events = app.store.table_events(match_id, 0).await?;
    Ok(events.iter().rev().find_map(from_event))
}

/// Tells every watcher of the old match here that its rematch exists (`type: "rematch"`).
pub(crate) fn publish(lm: &mut LiveMatch, new_id: &str) {
    let message: Arc<str> = Arc::from(Notice::Rematch { match_id: new_id.to_owned() }.to_text());
    lm.publish_with(|_| Some(message.clone()));
}

/// A `rematch` event another node stored: sent to the watchers here.
pub(crate) fn on_table_event(lm: &mut LiveMatch, event: &TableEvent) {
    if let Some(new_id) = from_event(event) {
        publish(lm, &new_id);
    }
}

/// The seats of the rematch: the same kinds, bots with their levels, people's seats kept for
/// their people (each with a fresh invite code nobody is told: they are taken with the old seats'
/// tokens) and named as the old seats were.
pub(crate) fn rematch_plan(old: &LiveMatch) -> Vec<SeatPlan> {
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

/// Creates the rematch of finished match `id` (or joins the one already created) and takes the
/// seat that `token` opened in it, with a new token of its own (see `crate::rematch`).
///
/// The rematch opens in a private waiting room, each person's seat kept for them: it starts when
/// the last of them is back, or when its creator (whoever pressed first) starts it, a bot then
/// playing each seat whose person has not come back, until they do.
pub(crate) async fn start_or_join(
    app: &Arc<App>,
    id: &str,
    token: &str,
    client: Option<std::net::IpAddr>,
) -> Result<RematchJoined, ApiError> {
    let old_slot = app.get(id).await?;
    let mut old = old_slot.state.lock().await;
    let seat = app.authenticate(&mut old, token).await?;
    if !old.finished {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "match_not_finished",
            "a rematch can be started once the match has ended",
        ));
    }
    let name = old.seats().get(seat.index()).and_then(|s| s.name.clone());
    // Requests on this node wait for each other on the old match's lock; across nodes the
    // database decides (the derived id can be inserted once).
    let linked = find(app, &old.id).await?;
    let expired = match &linked {
        Some(linked) => app.adopt_room(linked).await?.state.lock().await.status == TableStatus::Expired,
        None => false,
    };
    let (new_id, created) = match linked {
        Some(new_id) if !expired => (new_id, None),
        linked => {
            // The first rematch, or a fresh one after a room that expired unstarted (somebody came
            // back after the room's expiry): its id derived from the last one, so that requests
            // racing on any node agree on it too.
            let new_id = rematch_id(linked.as_deref().unwrap_or(&old.id));
            let mut settings = old.settings.clone();
            settings.rematch_of = Some(old.id.to_string());
            settings.visibility = Visibility::Private;
            let request = WaitingRequest {
                id: Some(new_id.clone()),
                game: old.game,
                options: old.record().options,
                plan: rematch_plan(&old),
                settings,
                join: Some((seat.0, name.clone())),
            };
            let created = match app.create_waiting(request, client).await {
                Ok(created) => Some(created),
                Err(error) if error.code == "duplicate_match" => None,
                Err(error) => return Err(error),
            };
            // Also when another node created it first and has not linked it yet (or stopped
            // before it did): a second link names the same match.
            app.store.append_table_event(&old.id, KIND, &json!({ "match": new_id }), now_ms()).await?;
            publish(&mut old, &new_id);
            if created.is_some() {
                metrics::counter!("safehouse_rematches_total").increment(1);
                app.notifier.after_rematch(&old, &new_id, seat);
            }
            (new_id, created)
        }
    };
    drop(old);
    if let Some(created) = created {
        let token =
            created.joined.map(|(_, token)| token).ok_or_else(|| ApiError::internal("the seat was not taken"))?;
        return Ok(RematchJoined {
            match_id: new_id,
            created: true,
            seat: seat.0,
            token,
            creator_token: Some(created.creator_token),
            table_invite: created.invite,
        });
    }
    let token = take_seat(app, &new_id, seat, name).await?;
    Ok(RematchJoined { match_id: new_id, created: false, seat: seat.0, token, creator_token: None, table_invite: None })
}

/// Takes `seat` of the rematch `new_id` for the person who sat there in the old match: in its
/// waiting room, or in the match once started (a bot played it meanwhile).
async fn take_seat(app: &Arc<App>, new_id: &str, seat: Seat, name: Option<String>) -> Result<String, ApiError> {
    let room_slot = app.adopt_room(new_id).await?;
    let mut room = room_slot.state.lock().await;
    app.reload_room(&mut room).await?;
    match room.status {
        TableStatus::Waiting => Ok(app.take_free_seat(&room_slot, &mut room, seat.0, name).await?.0),
        TableStatus::Expired => Err(tables::expired_error()),
        TableStatus::Started => {
            drop(room);
            let new_slot = app.get(new_id).await?;
            let mut new = new_slot.state.lock().await;
            claim(app, &mut new, seat).await
        }
    }
}

fn seat_taken_error() -> ApiError {
    ApiError::new(StatusCode::CONFLICT, "seat_taken", "this seat of the rematch was already taken")
}

/// Takes `seat` of the started rematch for the person who sat there in the old match (a bot
/// played it until now).
async fn claim(app: &Arc<App>, lm: &mut LiveMatch, seat: Seat) -> Result<String, ApiError> {
    let index = seat.index();
    let kept = lm.plan.get(index).is_some_and(|p| p.kind == SeatKind::Person);
    if !kept || lm.claims.get(index).is_none_or(Option::is_some) {
        return Err(seat_taken_error());
    }
    let name = lm.plan.get(index).and_then(|p| p.name.clone());
    app.claim_free_seat(lm, seat, name).await?.ok_or_else(seat_taken_error)
}
