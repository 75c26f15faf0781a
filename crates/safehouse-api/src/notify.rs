//! "Your turn" notifications (`/api/matches/{id}/notify/...`, `/api/push/key`): a browser's push
//! subscription, a webhook, their removal, what a seat has subscribed, and the server's key.

use serde::{Deserialize, Serialize};

/// The language of a notification.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum NotifyLang {
    /// English (the default).
    #[default]
    En,
    /// Korean.
    Ko,
    /// German (the browser table's third language: a German page asks for German words).
    De,
}

/// A browser's push subscription (what `PushSubscription.toJSON()` gives).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct PushSubscription {
    /// The push service's URL for this browser.
    #[cfg_attr(feature = "schema", schema(format = "uri"))]
    pub endpoint: String,
    /// The browser's keys.
    pub keys: PushKeys,
    /// The language of the notifications (default `en`).
    #[serde(default)]
    pub lang: NotifyLang,
}

/// The keys of a push subscription, base64url.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct PushKeys {
    /// The browser's P-256 public key (65 bytes, uncompressed).
    pub p256dh: String,
    /// The browser's authentication secret (16 bytes).
    pub auth: String,
}

/// `DELETE /api/matches/{id}/notify/push`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct PushRemoval {
    /// The endpoint of the subscription to remove (any text: one the seat does not have,
    /// a URL or not, removes nothing).
    pub endpoint: String,
}

/// `PUT /api/matches/{id}/notify/webhook`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct WebhookRequest {
    /// Where to POST: an `https` URL (a Discord or Slack incoming webhook, or anything that
    /// takes a JSON POST).
    #[cfg_attr(feature = "schema", schema(format = "uri"))]
    pub url: String,
    /// The language of the messages (default `en`).
    #[serde(default)]
    pub lang: NotifyLang,
}

/// What a seat has asked to be told by.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct NotifyState {
    /// The seat.
    pub seat: u8,
    /// The endpoints of its push subscriptions.
    pub push: Vec<String>,
    /// Its webhook URL, if any.
    pub webhook: Option<String>,
}

/// `GET /api/push/key`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct PushKey {
    /// The server's VAPID public key (uncompressed P-256 point, base64url): the
    /// `applicationServerKey` of `pushManager.subscribe`.
    pub public_key: String,
}
