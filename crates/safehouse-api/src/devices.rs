//! A seat carried to another device (`/api/matches/{id}/device`): a link that opens the seat
//! once, within minutes, instead of the seat's token itself.

use serde::{Deserialize, Serialize};

/// The answer to `POST /api/matches/{id}/device`: a one-time code for the asker's seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct DeviceLink {
    /// The seat the code opens.
    pub seat: u8,
    /// The code (128 bits, hex): put it in the link for the other device. It opens the seat once.
    pub code: String,
    /// When the code stops working, milliseconds since the Unix epoch.
    pub expires_at_ms: i64,
    /// The seconds it works from now (for people: "for 10 minutes").
    pub expires_in_secs: u64,
}

/// `POST /api/matches/{id}/device/claim`: the other device hands in the code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct DeviceClaim {
    /// The code of `POST /api/matches/{id}/device`.
    pub code: String,
}

/// The answer to a claimed code: the seat's token, for this device to keep.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct DeviceClaimed {
    /// The seat.
    pub seat: u8,
    /// The seat's token (the same as the first device's: both play the seat).
    pub token: String,
}

/// The answer to `POST /api/matches/{id}/device/sign-out`: the seat's new token. Every other
/// device that held the seat is signed out: the old token opens nothing, its WebSockets get
/// `signed_out` and close, its unused links stop working, and the seat's Web Push
/// subscriptions are dropped (a webhook, which is a channel and not a device, stays).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct SignedOut {
    /// The seat.
    pub seat: u8,
    /// The seat's new token: only the device that asked holds it.
    pub token: String,
}
