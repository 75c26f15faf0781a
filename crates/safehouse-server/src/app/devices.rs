//! A seat's one-time link for another device, where it meets the matches: making one for the
//! seat a token opens, and claiming one (`crate::devices` holds the link's form and sealing).

use std::net::IpAddr;
use std::sync::Arc;

use axum::http::StatusCode;
use safehouse_api::devices::{DeviceClaimed, DeviceLink, SignedOut};
use safehouse_store::Notice;
use serde_json::json;

use super::{App, now_ms};
use crate::devices::{
    SIGN_OUTS_PER_SEAT, StoredLink, is_link_kind, link_kind, new_link, seal, signed_out_kind, used_kind, valid_code,
};
use crate::error::ApiError;
use crate::limits::{DEVICE_BURST, DEVICE_PER_MINUTE};
use crate::token;

/// A link that does not open a seat, and why in words: that a code was made and then used or
/// expired tells a guesser nothing of use (codes are 128 random bits, and only the hash is kept).
fn bad_link(why: &str) -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "bad_link", format!("this link opens no seat: {why}"))
}

impl App {
    async fn admit_device_request(&self, client: Option<IpAddr>) -> Result<(), ApiError> {
        match client {
            Some(ip) => {
                let too_many = || {
                    format!("at most {DEVICE_BURST} seat links at once and {DEVICE_PER_MINUTE} a minute; wait a moment")
                };
                self.limits.devices.admit(ip, "devices", too_many).await
            }
            None => Ok(()),
        }
    }

    /// A one-time code for the seat `token` opens in match `id` (a waiting room's too).
    pub(crate) async fn make_device_link(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        client: Option<IpAddr>,
    ) -> Result<DeviceLink, ApiError> {
        self.admit_device_request(client).await?;
        let (match_id, seat) = self.seat_of_token(id, token).await?;
        let at_ms = now_ms();
        let secs = i64::try_from(self.config.device_link_secs.max(1)).unwrap_or(i64::MAX / 1000);
        let expires_at_ms = at_ms.saturating_add(secs.saturating_mul(1000));
        let (code, stored) = new_link(seat.0, token, expires_at_ms).ok_or_else(ApiError::bad_token)?;
        let data = serde_json::to_value(&stored).map_err(|e| ApiError::internal(e.to_string()))?;
        let most = self.config.device_links_per_seat;
        if self.store.append_table_event_within(&match_id, &link_kind(seat.0), &data, at_ms, most).await?.is_none() {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_links",
                format!("this seat has had {most} links for other devices; no more are made for it"),
            ));
        }
        Ok(DeviceLink { seat: seat.0, code, expires_at_ms, expires_in_secs: self.config.device_link_secs.max(1) })
    }

    /// The seat's token for the device that hands in `code`: once per code, before it expires,
    /// while the token still opens the seat it was made for.
    pub(crate) async fn claim_device_link(
        self: &Arc<Self>,
        id: &str,
        code: &str,
        client: Option<IpAddr>,
    ) -> Result<DeviceClaimed, ApiError> {
        self.admit_device_request(client).await?;
        if !valid_code(code) {
            return Err(bad_link("it is cut or mistyped"));
        }
        let code_hash = token::hash(code);
        let events = self.store.table_events(id, 0).await?;
        let link = events
            .iter()
            .filter(|e| is_link_kind(&e.kind))
            .filter_map(|e| serde_json::from_value::<StoredLink>(e.data.clone()).ok())
            .find(|link| token::same_hash(&link.code_hash, &code_hash))
            .ok_or_else(|| bad_link("no such link was made for this table"))?;
        let at_ms = now_ms();
        if at_ms >= link.expires_at_ms {
            return Err(bad_link("it has expired; make a new one on the device that plays the seat"));
        }
        let used = json!({ "seat": link.seat });
        if self.store.append_table_event_within(id, &used_kind(&code_hash), &used, at_ms, 1).await?.is_none() {
            return Err(bad_link("it was used already; make a new one on the device that plays the seat"));
        }
        let token = seal(&link.sealed, code).ok_or_else(|| bad_link("it is damaged"))?;
        match self.seat_of_token(id, &token).await {
            Ok((_, seat)) if seat.0 == link.seat => Ok(DeviceClaimed { seat: seat.0, token }),
            Ok(_) | Err(_) => Err(bad_link("the seat it was made for is no longer held by the same person")),
        }
    }

    /// Signs out every other device of the seat `token` opens in match `id` (a waiting room's
    /// too): the seat gets a new token, which only this answer holds. The old token opens
    /// nothing from then on, on this node at once and on another as soon as it hears of it
    /// (`Notice::Seats`; before that, a request there with the new token reads the claims
    /// itself). Its sockets get `signed_out` and close, the links made with it stop working
    /// (their sealed token no longer opens the seat), and the seat's Web Push subscriptions
    /// are dropped: they belong to devices, and this one can subscribe again.
    pub(crate) async fn sign_out_other_devices(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        client: Option<IpAddr>,
    ) -> Result<SignedOut, ApiError> {
        self.admit_device_request(client).await?;
        let (match_id, seat) = self.seat_of_token(id, token).await?;
        // The table log first: should the token's replacement then fail (another device of the
        // seat signed this one out meanwhile), dropping the pushes did no harm.
        let (kind, data) = (signed_out_kind(seat.0), json!({ "seat": seat.0 }));
        if self.store.append_table_event_within(&match_id, &kind, &data, now_ms(), SIGN_OUTS_PER_SEAT).await?.is_none()
        {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_sign_outs",
                format!("this seat has signed out its other devices {SIGN_OUTS_PER_SEAT} times; no more"),
            ));
        }
        self.notifier.table_changed(&match_id);
        let secret = token::new_token();
        if !self.store.replace_seat_token(&match_id, seat.0, &token::hash(token), &token::hash(&secret)).await? {
            return Err(ApiError::bad_token());
        }
        metrics::counter!("safehouse_devices_signed_out_total").increment(1);
        // This node reads the seat as another node would on the store's notice: a match closes
        // the old token's sockets, a waiting room takes in the new hash.
        self.on_notice(Notice::Seats { match_id: match_id.to_string() }).await;
        Ok(SignedOut { seat: seat.0, token: secret })
    }
}
