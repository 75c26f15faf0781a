//! Seats and authentication: the token a request carries, the seat it opens (checked against
//! the store when another node let the seat join), and joining a person's seat with its invite
//! code.

use std::sync::Arc;
use std::time::Instant;

use axum::http::{HeaderMap, StatusCode, header};
use safehouse_engine::Seat;
use safehouse_store::SeatClaim;

use super::live::CLAIMS_RECHECK;
use super::wire::SeatKind;
use super::{App, LiveMatch, Slot, now_ms};
use crate::error::ApiError;
use crate::token;

/// The token of a request: `Authorization: Bearer <token>` (the scheme in any case, RFC 9110
/// §11.1), or `?token=<token>`.
pub(crate) fn request_token(headers: &HeaderMap, query: Option<&str>) -> Option<String> {
    if let Some(value) = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()) {
        let value = value.trim();
        let token = match value.split_once(' ') {
            Some((scheme, rest)) if scheme.eq_ignore_ascii_case("bearer") => rest.trim(),
            _ => value,
        };
        return Some(token.to_owned());
    }
    query.filter(|t| !t.is_empty()).map(str::to_owned)
}

impl LiveMatch {
    /// The seat a token opens, if any (checked against the seats joined in memory).
    pub(crate) fn seat_for_token(&self, token: &str) -> Option<Seat> {
        let hash = token::hash(token);
        self.claims
            .iter()
            .enumerate()
            .find_map(|(i, c)| c.as_ref().filter(|c| token::same_hash(&c.token_hash, &hash)).map(|_| Seat(i as u8)))
    }
}

impl App {
    /// The seat `token` opens in match `id` (and the match's id as kept). A table still in its
    /// waiting room counts too: a person who took a seat there can ask to be told when the game,
    /// once started, comes to them, or carry the seat to another device.
    pub(crate) async fn seat_of_token(self: &Arc<Self>, id: &str, token: &str) -> Result<(Arc<str>, Seat), ApiError> {
        let slot = match self.get(id).await {
            Ok(slot) => slot,
            Err(error) if error.code == "table_not_started" => {
                let room_slot = self.adopt_room(id).await?;
                let mut room = room_slot.state.lock().await;
                self.reload_room(&mut room).await?;
                if room.check_waiting().is_ok() {
                    let seat = room.seat_of_token(token).ok_or_else(ApiError::bad_token)?;
                    return Ok((room.id.clone(), Seat(seat)));
                }
                // It started meanwhile: the match's own seats answer.
                drop(room);
                self.get(id).await?
            }
            Err(error) => return Err(error),
        };
        let mut lm = slot.state.lock().await;
        let seat = self.authenticate(&mut lm, token).await?;
        Ok((lm.id.clone(), seat))
    }

    /// The seat a token opens in this match, checking the store if another node let it join or
    /// gave a seat a new token (its notice may not have come yet).
    pub(crate) async fn authenticate(&self, lm: &mut LiveMatch, token: &str) -> Result<Seat, ApiError> {
        if let Some(seat) = lm.seat_for_token(token) {
            return Ok(seat);
        }
        let unjoined = lm.claims.iter().any(Option::is_none);
        if unjoined || lm.claims_rechecked.is_none_or(|at| at.elapsed() >= CLAIMS_RECHECK) {
            if !unjoined {
                lm.claims_rechecked = Some(Instant::now());
            }
            let claims = self.store.seat_claims(&lm.id).await?;
            apply_claims(lm, claims);
            if let Some(seat) = lm.seat_for_token(token) {
                return Ok(seat);
            }
        }
        metrics::counter!("safehouse_rejected_tokens_total").increment(1);
        Err(ApiError::bad_token())
    }

    /// Claims a person's seat with its invite code; returns the seat's new token.
    pub(crate) async fn join(
        self: &Arc<Self>,
        lm: &mut LiveMatch,
        seat: u8,
        invite: &str,
        name: Option<String>,
    ) -> Result<String, ApiError> {
        let index = usize::from(seat);
        let plan = lm.plan.get(index).ok_or_else(|| ApiError::not_found(format!("no seat {seat} in this match")))?;
        let invite_ok = plan.invite_hash.as_deref().is_some_and(|h| token::same_hash(h, &token::hash(invite)));
        if plan.kind != SeatKind::Person || !invite_ok {
            return Err(ApiError::new(StatusCode::FORBIDDEN, "bad_invite", "this invite code does not open that seat"));
        }
        let taken = || ApiError::new(StatusCode::CONFLICT, "seat_taken", "somebody already joined this seat");
        if lm.claims[index].is_some() {
            return Err(taken());
        }
        let name = name.map(|n| crate::names::clean(&n)).filter(|n| !n.is_empty());
        self.claim_free_seat(lm, Seat(seat), name).await?.ok_or_else(taken)
    }

    /// Stores that a person holds `seat`, which nobody holds here, under a new token and `name`,
    /// and tells the table: the token, or `None` when another node let somebody else take the
    /// seat first (then this node learns who holds which seat).
    pub(crate) async fn claim_free_seat(
        &self,
        lm: &mut LiveMatch,
        seat: Seat,
        name: Option<String>,
    ) -> Result<Option<String>, ApiError> {
        let secret = token::new_token();
        let claim =
            SeatClaim { seat: seat.0, token_hash: token::hash(&secret), name, joined_at_ms: now_ms(), away: false };
        if !self.store.claim_seat(&lm.id, &claim).await? {
            let claims = self.store.seat_claims(&lm.id).await?;
            apply_claims(lm, claims);
            lm.publish_seats();
            return Ok(None);
        }
        let index = seat.index();
        lm.claims[index] = Some(claim);
        lm.away[index] = false;
        lm.publish_seats();
        Ok(Some(secret))
    }
}

impl App {
    /// Seat `index`, which nobody joined, was handed to a bot (on another node: see
    /// `tables::kinds::SEAT_HANDED`): the server plays it here too, unless its person joined
    /// meanwhile.
    pub(crate) fn seat_handed(self: &Arc<Self>, slot: &Arc<Slot>, lm: &mut LiveMatch, index: usize) {
        let unjoined_person =
            lm.plan.get(index).is_some_and(|p| p.kind == SeatKind::Person) && lm.claims[index].is_none();
        if unjoined_person && !lm.finished && !lm.away[index] {
            lm.away[index] = true;
            lm.publish_seats();
            self.schedule_bot(slot, lm);
        }
    }
}

/// Takes in the seats the store holds as joined. A seat whose token changed (its person signed
/// out their other devices, perhaps on another node) closes the sockets opened with the old one.
pub(super) fn apply_claims(lm: &mut LiveMatch, claims: Vec<SeatClaim>) {
    for claim in claims {
        let index = usize::from(claim.seat);
        // A waiting room's bot seats hold markers, not people.
        if index < lm.claims.len() && lm.plan[index].kind == SeatKind::Person {
            let replaced =
                lm.claims[index].as_ref().is_some_and(|held| !token::same_hash(&held.token_hash, &claim.token_hash));
            lm.away[index] = claim.away;
            lm.claims[index] = Some(claim);
            if replaced {
                lm.publish_signed_out(Seat(index as u8));
            }
        }
    }
}
