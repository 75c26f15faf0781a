//! "Your turn" notifications: Web Push to browsers and a webhook per player.
//!
//! - A seat subscribes with its token: a browser's push subscription (`PUT
//!   /api/matches/{id}/notify/push`, the `PushSubscription` JSON the browser gives) and/or a
//!   webhook URL (`PUT .../notify/webhook`, e.g. a Discord or Slack channel's incoming webhook).
//!   Both are stored in the match's table log (events `notify.push`, `notify.push_removed`,
//!   `notify.webhook`), so they survive restarts and every node knows them.
//! - When an action is stored and the turn passes to a person (not a bot, not a seat a bot plays
//!   for, and not the same seat going on with its own turn), the live match (`app::notify`) puts
//!   one job on a bounded queue (`Notifier::announce`). Only the node that stored the action
//!   does this (a node catching up on another's action never does), so each turn is announced
//!   once. The queue never blocks a match: when it is full the notification is dropped and
//!   counted.
//! - A background worker sends the jobs, several at once, each with a timeout: Web Push messages
//!   encrypted for the subscription (RFC 8291, `aes128gcm`) and signed with the server's VAPID key
//!   (RFC 8292); a push service answering 404 or 410 has dropped the subscription, which is then
//!   removed from the table log. Webhooks get a JSON POST with `content` (Discord) and `text`
//!   (Slack).
//! - URLs are checked when given and again when sent: `https` only, no credentials, and no
//!   address on this machine, of this server, or in a private network (checked on every address
//!   the name resolves to, so a name cannot point back inside), unless `notify_allow_local`.
//!
//! This module holds the notifier (subscriptions, queue, senders) and knows nothing of the live
//! matches; the handlers of the routes are `api::notify`.

use std::collections::{BTreeMap, HashMap};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex as StdMutex, OnceLock};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use safehouse_store::{Store, TableEvent};

use safehouse_api::notify::NotifyLang;
use serde_json::{Value, json};
use tokio::sync::{Semaphore, mpsc};

use crate::clock::now_ms;
use crate::config::Config;
use crate::error::ApiError;

/// Table-log kind: a seat's push subscription (`{seat, endpoint, p256dh, auth, lang}`).
pub const EVENT_PUSH: &str = "notify.push";
/// Table-log kind: a push subscription removed (`{seat, endpoint}`), by the seat or because the
/// push service said it is gone.
pub const EVENT_PUSH_REMOVED: &str = "notify.push_removed";
/// Table-log kind: a seat's webhook set (`{seat, url, lang}`) or removed (`url: null`).
pub const EVENT_WEBHOOK: &str = "notify.webhook";

/// Whether a table-log kind is one of these (private to the seat: never shown in a log).
pub fn is_notify_event(kind: &str) -> bool {
    kind.starts_with("notify.")
}

/// Most push subscriptions kept per seat (a person's browsers); the oldest goes first.
const MAX_PUSH_PER_SEAT: usize = 4;
/// Most subscription changes one seat may store in a match (the table log is not a scratch pad).
const MAX_CHANGES_PER_SEAT: u32 = 64;
/// Longest endpoint or webhook URL.
const MAX_URL_LEN: usize = 2048;
/// Notifications sent at once.
const SENDING_AT_ONCE: usize = 16;
/// How long a push service keeps an undelivered "your turn" (seconds).
const PUSH_TTL_SECS: u32 = 7 * 24 * 3600;
/// Matches whose subscriptions are kept in memory after their last use.
const CACHE_FOR: Duration = Duration::from_secs(3600);

/// Why a URL is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UrlError {
    /// Not a URL.
    #[error("`{0}` is not a URL")]
    Malformed(String),
    /// Longer than allowed.
    #[error("the URL is longer than {MAX_URL_LEN} characters")]
    TooLong,
    /// Not `https` (or `http` where local targets are allowed).
    #[error("only https URLs are accepted")]
    Scheme,
    /// A user name or password in the URL.
    #[error("a URL with a user name or password is not accepted")]
    Credentials,
    /// Points at this machine, this server or a private network.
    #[error("the URL points at this server, this machine or a private network ({0})")]
    Local(String),
}

impl From<UrlError> for ApiError {
    fn from(error: UrlError) -> Self {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_url", error.to_string())
    }
}

/// Whether an address is on this machine, in a private or link-local network, or otherwise not
/// a public host on the Internet.
pub fn is_local_address(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || v4.is_documentation()
                || a == 0
                // Shared address space (RFC 6598) and benchmarking (RFC 2544).
                || (a == 100 && (64..128).contains(&b))
                || (a == 198 && (b == 18 || b == 19))
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_local_address(IpAddr::V4(v4));
            }
            let first = v6.segments()[0];
            v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                // Unique local fc00::/7 and link-local fe80::/10.
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
        }
    }
}

/// Where notifications may go.
#[derive(Clone, Debug)]
pub struct TargetPolicy {
    allow_local: bool,
    /// This server's own addresses (its listener, when not a wildcard).
    own: Vec<IpAddr>,
    /// This server's own host name (from `public_url`).
    own_host: Option<String>,
}

impl TargetPolicy {
    /// The policy of a configuration.
    pub fn from_config(config: &Config) -> TargetPolicy {
        let own = if config.listen.ip().is_unspecified() { Vec::new() } else { vec![config.listen.ip()] };
        let own_host = config
            .public_url
            .as_deref()
            .and_then(|u| reqwest::Url::parse(u).ok())
            .and_then(|u| u.host_str().map(|h| h.to_ascii_lowercase()));
        TargetPolicy { allow_local: config.notify_allow_local, own, own_host }
    }

    fn address_allowed(&self, ip: IpAddr) -> bool {
        self.allow_local || (!is_local_address(ip) && !self.own.contains(&ip))
    }

    /// Checks a URL a notification would be sent to.
    pub fn check(&self, text: &str) -> Result<reqwest::Url, UrlError> {
        if text.len() > MAX_URL_LEN {
            return Err(UrlError::TooLong);
        }
        let url = reqwest::Url::parse(text.trim()).map_err(|_| UrlError::Malformed(short(text)))?;
        match url.scheme() {
            "https" => {}
            "http" if self.allow_local => {}
            _ => return Err(UrlError::Scheme),
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(UrlError::Credentials);
        }
        let host = match url.host() {
            Some(host) => host,
            None => return Err(UrlError::Malformed(short(text))),
        };
        if self.allow_local {
            return Ok(url);
        }
        match host {
            url::Host::Ipv4(ip) if !self.address_allowed(IpAddr::V4(ip)) => Err(UrlError::Local(ip.to_string())),
            url::Host::Ipv6(ip) if !self.address_allowed(IpAddr::V6(ip)) => Err(UrlError::Local(ip.to_string())),
            url::Host::Domain(name) => {
                let name = name.trim_end_matches('.').to_ascii_lowercase();
                if name == "localhost" || name.ends_with(".localhost") || self.own_host.as_deref() == Some(&name) {
                    Err(UrlError::Local(name))
                } else {
                    Ok(url)
                }
            }
            _ => Ok(url),
        }
    }
}

fn short(text: &str) -> String {
    text.chars().take(80).collect()
}

/// Resolves names for the notification client, keeping only the addresses the policy allows
/// (so a public name that resolves to 127.0.0.1 reaches nothing).
#[derive(Debug)]
struct GuardedResolver {
    policy: TargetPolicy,
}

impl reqwest::dns::Resolve for GuardedResolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let policy = self.policy.clone();
        Box::pin(async move {
            let found = tokio::net::lookup_host((name.as_str(), 0)).await?;
            let allowed: Vec<SocketAddr> = found.filter(|addr| policy.address_allowed(addr.ip())).collect();
            if allowed.is_empty() {
                let error: Box<dyn std::error::Error + Send + Sync> =
                    format!("{} resolves to no public address", name.as_str()).into();
                return Err(error);
            }
            let addrs: reqwest::dns::Addrs = Box::new(allowed.into_iter());
            Ok(addrs)
        })
    }
}

/// The server's VAPID key pair.
#[derive(Clone)]
struct Vapid {
    /// The private scalar, base64url (as `web-push` takes it).
    private_b64: String,
    /// The public key, uncompressed, base64url.
    public_b64: String,
}

impl std::fmt::Debug for Vapid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Vapid").field("public_b64", &self.public_b64).finish_non_exhaustive()
    }
}

impl Vapid {
    fn from_private(private_b64: &str) -> Result<Vapid, String> {
        let private_b64 = private_b64.trim().to_owned();
        let partial = web_push::VapidSignatureBuilder::from_base64_no_sub(&private_b64)
            .map_err(|e| format!("the VAPID private key is not a base64url P-256 key: {e}"))?;
        let public_b64 = URL_SAFE_NO_PAD.encode(partial.get_public_key());
        Ok(Vapid { private_b64, public_b64 })
    }

    fn generate() -> Vapid {
        let pair = jwt_simple::algorithms::ES256KeyPair::generate();
        let private_b64 = URL_SAFE_NO_PAD.encode(pair.to_bytes());
        // A key just generated always reads back.
        Vapid::from_private(&private_b64).unwrap_or(Vapid { private_b64, public_b64: String::new() })
    }

    /// The key of a configuration: given, read from the key file, or generated and written
    /// there (a file another node wrote first wins).
    fn load(config: &Config) -> Result<Vapid, String> {
        if let Some(key) = &config.vapid_private_key {
            return Vapid::from_private(key);
        }
        let Some(path) = key_file(config) else {
            tracing::warn!(
                "no place to keep a VAPID key (in-memory database): push subscriptions end with this process"
            );
            return Ok(Vapid::generate());
        };
        match std::fs::read_to_string(&path) {
            Ok(text) => return Vapid::from_private(&text),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
            Err(error) => return Err(format!("cannot read the VAPID key file {}: {error}", path.display())),
        }
        let vapid = Vapid::generate();
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        match options.open(&path) {
            Ok(mut file) => {
                use std::io::Write as _;
                file.write_all(format!("{}\n", vapid.private_b64).as_bytes())
                    .map_err(|e| format!("cannot write the VAPID key file {}: {e}", path.display()))?;
                tracing::info!(path = %path.display(), "generated a VAPID key for Web Push");
                Ok(vapid)
            }
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("cannot read the VAPID key file {}: {e}", path.display()))?;
                Vapid::from_private(&text)
            }
            Err(error) => Err(format!("cannot create the VAPID key file {}: {error}", path.display())),
        }
    }
}

/// Where a generated VAPID key is kept for a configuration (None: nowhere, an in-memory
/// database).
pub fn key_file(config: &Config) -> Option<PathBuf> {
    if let Some(path) = &config.vapid_key_file {
        return Some(path.clone());
    }
    let url = config.database_url.as_str();
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return Some(PathBuf::from("safehouse-vapid.key"));
    }
    let path = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:")).unwrap_or(url);
    let path = path.split('?').next().unwrap_or("");
    if path.is_empty() || path.contains(":memory:") || url.contains("mode=memory") {
        return None;
    }
    Some(PathBuf::from(format!("{path}.vapid-key")))
}

/// One push subscription as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PushTarget {
    pub(crate) endpoint: String,
    pub(crate) p256dh: String,
    pub(crate) auth: String,
    pub(crate) lang: NotifyLang,
}

/// A webhook as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct WebhookTarget {
    pub(crate) url: String,
    pub(crate) lang: NotifyLang,
}

/// Where one seat is told.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SeatTargets {
    pub(crate) push: Vec<PushTarget>,
    pub(crate) webhook: Option<WebhookTarget>,
    /// Subscription changes stored for this seat.
    changes: u32,
}

/// What is known of a match's subscriptions: the table log folded up to event `known_n`.
#[derive(Debug, Default)]
struct MatchTargets {
    known_n: u64,
    /// Bumped whenever the table log may have grown (a local append, another node's notice).
    generation: u64,
    /// The generation the fold is up to date with.
    fresh: Option<u64>,
    seats: BTreeMap<u8, SeatTargets>,
    used: Option<Instant>,
}

impl MatchTargets {
    fn apply(&mut self, event: &TableEvent) {
        self.known_n = self.known_n.max(event.n);
        if event.kind == crate::tables::kinds::SEAT_TAKEN {
            // A person took this seat of a waiting room: whatever an earlier holder asked to be
            // told by is theirs, not the newcomer's (the budget of changes stays the seat's).
            let seat = event.data["seat"].as_u64().and_then(|s| u8::try_from(s).ok());
            if let Some(targets) = seat.and_then(|seat| self.seats.get_mut(&seat)) {
                targets.push.clear();
                targets.webhook = None;
            }
            return;
        }
        if crate::devices::is_signed_out_kind(&event.kind) {
            // The seat signed out its other devices: their push subscriptions go with them (a
            // webhook is a channel its person set, not a device, and stays).
            let seat = event.data["seat"].as_u64().and_then(|s| u8::try_from(s).ok());
            if let Some(targets) = seat.and_then(|seat| self.seats.get_mut(&seat)) {
                targets.push.clear();
            }
            return;
        }
        if !is_notify_event(&event.kind) {
            return;
        }
        let Some(seat) = event.data["seat"].as_u64().and_then(|s| u8::try_from(s).ok()) else { return };
        let targets = self.seats.entry(seat).or_default();
        targets.changes += 1;
        let lang = serde_json::from_value(event.data["lang"].clone()).unwrap_or_default();
        let text = |field: &str| event.data[field].as_str().map(str::to_owned);
        match event.kind.as_str() {
            EVENT_PUSH => {
                let (Some(endpoint), Some(p256dh), Some(auth)) = (text("endpoint"), text("p256dh"), text("auth"))
                else {
                    return;
                };
                targets.push.retain(|p| p.endpoint != endpoint);
                targets.push.push(PushTarget { endpoint, p256dh, auth, lang });
                if targets.push.len() > MAX_PUSH_PER_SEAT {
                    targets.push.remove(0);
                }
            }
            EVENT_PUSH_REMOVED => {
                if let Some(endpoint) = text("endpoint") {
                    targets.push.retain(|p| p.endpoint != endpoint);
                }
            }
            EVENT_WEBHOOK => targets.webhook = text("url").map(|url| WebhookTarget { url, lang }),
            _ => {}
        }
    }
}

/// One notification to send to a seat's subscriptions.
#[derive(Clone, Debug)]
pub(crate) struct Job {
    pub(crate) match_id: Arc<str>,
    pub(crate) seat: u8,
    /// The match's sequence number when the turn began (for a rematch, at its end).
    pub(crate) seq: u64,
    pub(crate) game: &'static str,
    pub(crate) game_name: &'static str,
    pub(crate) seat_name: Option<String>,
    pub(crate) kind: JobKind,
}

/// What a notification says.
#[derive(Clone, Debug)]
pub(crate) enum JobKind {
    /// "Your turn" (`type: "your_turn"`): the seat is to move; at a turn-based table, with the
    /// time it has for the move.
    YourTurn(Option<MoveTime>),
    /// "Play again?" (`type: "rematch"`): somebody started the finished match's rematch, in
    /// whose waiting room this seat is kept for its person.
    Rematch {
        /// The rematch's id.
        new_match: Arc<str>,
        /// The name of whoever started it, if they gave one.
        by: Option<String>,
    },
}

/// A turn-based move's time: the table's hours per move and when this move is due
/// (milliseconds since 1970, `due_ms` of the notification's JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MoveTime {
    pub(crate) hours: u32,
    pub(crate) due_ms: i64,
}

/// " You have 2 days." in the notification's language: the time for a move, in whole days where
/// the table counts in days (a notification knows no time zone to say when it is due).
fn move_time_words(lang: NotifyLang, hours: u32) -> String {
    let (days, whole_days) = (hours / 24, hours.is_multiple_of(24));
    match (lang, whole_days) {
        (NotifyLang::En, true) => format!(" You have {days} {}.", if days == 1 { "day" } else { "days" }),
        (NotifyLang::En, false) => format!(" You have {hours} {}.", if hours == 1 { "hour" } else { "hours" }),
        (NotifyLang::Ko, true) => format!(" {days}일 안에 두세요."),
        (NotifyLang::Ko, false) => format!(" {hours}시간 안에 두세요."),
        (NotifyLang::De, true) => format!(" Du hast {days} {} Zeit.", if days == 1 { "Tag" } else { "Tage" }),
        (NotifyLang::De, false) => format!(" Du hast {hours} {} Zeit.", if hours == 1 { "Stunde" } else { "Stunden" }),
    }
}

/// Sends "your turn" notifications (one per server).
pub struct Notifier {
    config: Config,
    store: Arc<dyn Store>,
    pub(crate) policy: TargetPolicy,
    vapid: OnceLock<Result<Vapid, String>>,
    queue: mpsc::Sender<Job>,
    targets: StdMutex<HashMap<Arc<str>, MatchTargets>>,
    client: reqwest::Client,
}

impl std::fmt::Debug for Notifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Notifier").field("policy", &self.policy).finish_non_exhaustive()
    }
}

impl Notifier {
    /// The notifier of a server, with its worker running (needs a Tokio runtime).
    pub(crate) fn start(config: &Config, store: Arc<dyn Store>) -> Arc<Notifier> {
        let policy = TargetPolicy::from_config(config);
        let timeout = Duration::from_secs(config.notify_timeout_secs.max(1));
        let client = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(timeout)
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .user_agent(concat!("safehouse/", env!("CARGO_PKG_VERSION")))
            .dns_resolver(Arc::new(GuardedResolver { policy: policy.clone() }))
            .build()
            .unwrap_or_default();
        let (queue, jobs) = mpsc::channel(config.notify_queue.max(1));
        let notifier = Arc::new(Notifier {
            config: config.clone(),
            store,
            policy,
            vapid: OnceLock::new(),
            queue,
            targets: StdMutex::new(HashMap::new()),
            client,
        });
        // The worker holds the notifier weakly: it ends with the server.
        tokio::spawn(work(Arc::downgrade(&notifier), jobs));
        notifier
    }

    fn vapid(&self) -> Result<&Vapid, ApiError> {
        self.vapid.get_or_init(|| Vapid::load(&self.config)).as_ref().map_err(|error| {
            tracing::error!(%error, "Web Push is not available");
            ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "push_unavailable", "Web Push is not set up on this server")
        })
    }

    fn targets(&self) -> std::sync::MutexGuard<'_, HashMap<Arc<str>, MatchTargets>> {
        self.targets.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The match's table log may have grown (another node's notice, or a local append).
    pub(crate) fn table_changed(&self, match_id: &str) {
        if let Some(entry) = self.targets().get_mut(match_id) {
            entry.generation += 1;
        }
    }

    /// Notices may have been missed (the database connection was lost): every match's
    /// subscriptions are read again before they are next used.
    pub(crate) fn resync(&self) {
        for entry in self.targets().values_mut() {
            entry.generation += 1;
        }
    }

    /// Puts a "your turn" on the queue (never waits: a full queue drops it and counts it).
    pub(crate) fn announce(&self, job: Job) {
        let match_id = job.match_id.clone();
        if self.queue.try_send(job).is_err() {
            metrics::counter!("safehouse_notifications_dropped_total").increment(1);
            tracing::warn!(%match_id, "the notification queue is full; a notification was dropped");
        }
    }

    /// The server's VAPID public key (base64url), for browsers to subscribe with.
    pub(crate) fn public_key(&self) -> Result<String, ApiError> {
        Ok(self.vapid()?.public_b64.clone())
    }

    /// The current subscriptions of a match (read from the table log when it may have grown).
    pub(crate) async fn seat_targets(&self, match_id: &Arc<str>, seat: u8) -> Result<SeatTargets, ApiError> {
        let (after, generation) = {
            let mut targets = self.targets();
            let entry = targets.entry(match_id.clone()).or_default();
            entry.used = Some(Instant::now());
            if entry.fresh == Some(entry.generation) {
                return Ok(entry.seats.get(&seat).cloned().unwrap_or_default());
            }
            (entry.known_n, entry.generation)
        };
        let events = self.store.table_events(match_id, after).await?;
        let mut targets = self.targets();
        let entry = targets.entry(match_id.clone()).or_default();
        if entry.known_n == after {
            for event in &events {
                entry.apply(event);
            }
            if entry.generation == generation {
                entry.fresh = Some(generation);
            }
        }
        Ok(entry.seats.get(&seat).cloned().unwrap_or_default())
    }

    pub(crate) async fn append(&self, match_id: &Arc<str>, kind: &str, data: Value) -> Result<(), ApiError> {
        self.store.append_table_event(match_id, kind, &data, now_ms()).await?;
        self.table_changed(match_id);
        Ok(())
    }

    /// Refuses a change when the seat has stored too many.
    pub(crate) async fn check_budget(&self, match_id: &Arc<str>, seat: u8) -> Result<SeatTargets, ApiError> {
        let targets = self.seat_targets(match_id, seat).await?;
        if targets.changes >= MAX_CHANGES_PER_SEAT {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_changes",
                format!("a seat may change its notifications at most {MAX_CHANGES_PER_SEAT} times per match"),
            ));
        }
        Ok(targets)
    }

    fn drop_idle_cache(&self) {
        self.targets().retain(|_, entry| entry.used.is_some_and(|used| used.elapsed() < CACHE_FOR));
    }

    async fn send(self: Arc<Self>, job: Job) {
        let targets = match self.seat_targets(&job.match_id, job.seat).await {
            Ok(targets) => targets,
            Err(error) => {
                tracing::warn!(match_id = %job.match_id, %error, "cannot read the subscriptions");
                return;
            }
        };
        for push in &targets.push {
            self.send_push(&job, push).await;
        }
        if let Some(webhook) = &targets.webhook {
            self.send_webhook(&job, webhook).await;
        }
    }

    fn link(&self, job: &Job) -> String {
        let path = format!("/play/{}", job.match_id);
        match &self.config.public_url {
            Some(base) => format!("{}{path}", base.trim_end_matches('/')),
            None => path,
        }
    }

    /// "Your turn" in the notification's language.
    fn turn_words(game: &str, seat_name: Option<&str>, lang: NotifyLang) -> (String, String) {
        match (lang, seat_name) {
            (NotifyLang::En, Some(name)) => {
                (format!("Your turn: {game}"), format!("{name}, it is your move at the {game} table."))
            }
            (NotifyLang::En, None) => (format!("Your turn: {game}"), format!("It is your move at the {game} table.")),
            (NotifyLang::Ko, Some(name)) => {
                (format!("내 차례: {game}"), format!("{name} 님, {game} 테이블에서 둘 차례입니다."))
            }
            (NotifyLang::Ko, None) => (format!("내 차례: {game}"), format!("{game} 테이블에서 둘 차례입니다.")),
            (NotifyLang::De, Some(name)) => {
                (format!("Du bist dran: {game}"), format!("{name}, du bist am {game}-Tisch am Zug."))
            }
            (NotifyLang::De, None) => (format!("Du bist dran: {game}"), format!("Du bist am {game}-Tisch am Zug.")),
        }
    }

    fn words(job: &Job, lang: NotifyLang) -> (String, String) {
        let game = job.game_name;
        match &job.kind {
            JobKind::YourTurn(time) => {
                let (title, body) = Notifier::turn_words(game, job.seat_name.as_deref(), lang);
                let time = time.map(|t| move_time_words(lang, t.hours)).unwrap_or_default();
                (title, body + &time)
            }
            JobKind::Rematch { by, .. } => match (lang, by) {
                (NotifyLang::En, Some(by)) => (
                    format!("Play again? {game}"),
                    format!("{by} wants a rematch at the {game} table: your seat is kept for you."),
                ),
                (NotifyLang::En, None) => (
                    format!("Play again? {game}"),
                    format!("There is a rematch at the {game} table: your seat is kept for you."),
                ),
                (NotifyLang::Ko, Some(by)) => (
                    format!("다시 한 판? {game}"),
                    format!("{by} 님이 {game} 테이블에서 다시 한 판을 원합니다. 내 자리는 비워 두었습니다."),
                ),
                (NotifyLang::Ko, None) => (
                    format!("다시 한 판? {game}"),
                    format!("{game} 테이블에서 다시 한 판이 열렸습니다. 내 자리는 비워 두었습니다."),
                ),
                (NotifyLang::De, Some(by)) => (
                    format!("Noch eine Runde? {game}"),
                    format!("{by} möchte am {game}-Tisch noch eine Runde spielen: dein Platz ist freigehalten."),
                ),
                (NotifyLang::De, None) => (
                    format!("Noch eine Runde? {game}"),
                    format!("Am {game}-Tisch gibt es noch eine Runde: dein Platz ist freigehalten."),
                ),
            },
        }
    }

    /// The JSON every notification carries. Its `url` is the match's page: for a rematch, the
    /// old match's, whose "Join: take my seat" takes the seat kept for this person.
    fn payload(&self, job: &Job, lang: NotifyLang) -> Value {
        let (title, body) = Notifier::words(job, lang);
        let mut payload = json!({
            "type": match job.kind { JobKind::YourTurn(_) => "your_turn", JobKind::Rematch { .. } => "rematch" },
            "match": &*job.match_id,
            "game": job.game,
            "seat": job.seat,
            "seq": job.seq,
            "title": title,
            "body": body,
            "url": self.link(job),
        });
        match &job.kind {
            JobKind::Rematch { new_match, .. } => payload["rematch"] = Value::String(new_match.to_string()),
            JobKind::YourTurn(Some(time)) => payload["due_ms"] = json!(time.due_ms),
            JobKind::YourTurn(None) => {}
        }
        payload
    }

    async fn send_push(&self, job: &Job, target: &PushTarget) {
        let vapid = match self.vapid() {
            Ok(vapid) => vapid.clone(),
            Err(_) => return,
        };
        let url = match self.policy.check(&target.endpoint) {
            Ok(url) => url,
            Err(error) => {
                tracing::warn!(match_id = %job.match_id, %error, "a push endpoint is refused");
                return;
            }
        };
        let payload = self.payload(job, target.lang).to_string();
        let subject = self.subject();
        let audience = url.origin().ascii_serialization();
        let message = (|| {
            let info = web_push::SubscriptionInfo::new(url.as_str(), &target.p256dh, &target.auth);
            let mut signature = web_push::VapidSignatureBuilder::from_base64(&vapid.private_b64, &info)?;
            signature.add_claim("sub", subject.as_str());
            // The push service's origin, port included (RFC 8292 §2; the crate leaves the port out).
            signature.add_claim("aud", audience.as_str());
            let mut builder = web_push::WebPushMessageBuilder::new(&info);
            builder.set_payload(web_push::ContentEncoding::Aes128Gcm, payload.as_bytes());
            builder.set_vapid_signature(signature.build()?);
            builder.set_ttl(PUSH_TTL_SECS);
            builder.set_urgency(web_push::Urgency::High);
            // A newer "your turn" of the same table replaces one not yet delivered.
            builder.set_topic(job.match_id.chars().take(32).collect());
            builder.build()
        })();
        let message = match message {
            Ok(message) => message,
            Err(error) => {
                tracing::warn!(match_id = %job.match_id, %error, "a push message could not be built");
                return;
            }
        };
        let mut request = self.client.post(url).header("TTL", message.ttl.to_string());
        if let Some(urgency) = message.urgency {
            request = request.header("Urgency", urgency.to_string());
        }
        if let Some(topic) = message.topic {
            request = request.header("Topic", topic);
        }
        if let Some(payload) = message.payload {
            request = request
                .header("Content-Encoding", payload.content_encoding.to_str())
                .header("Content-Type", "application/octet-stream");
            for (name, value) in payload.crypto_headers {
                request = request.header(name, value);
            }
            request = request.body(payload.content);
        }
        match request.send().await {
            Ok(response) if response.status().is_success() => {
                metrics::counter!("safehouse_notifications_total", "via" => "push", "result" => "sent").increment(1);
            }
            Ok(response) if matches!(response.status().as_u16(), 404 | 410) => {
                metrics::counter!("safehouse_notifications_total", "via" => "push", "result" => "gone").increment(1);
                tracing::info!(match_id = %job.match_id, seat = job.seat, "a push subscription is gone; removing it");
                let data = json!({ "seat": job.seat, "endpoint": target.endpoint, "reason": "gone" });
                if let Err(error) = self.append(&job.match_id, EVENT_PUSH_REMOVED, data).await {
                    tracing::warn!(match_id = %job.match_id, %error, "could not remove a push subscription");
                }
            }
            Ok(response) => {
                metrics::counter!("safehouse_notifications_total", "via" => "push", "result" => "refused").increment(1);
                tracing::warn!(match_id = %job.match_id, status = %response.status(), "a push service refused a notification");
            }
            Err(error) => {
                metrics::counter!("safehouse_notifications_total", "via" => "push", "result" => "failed").increment(1);
                tracing::warn!(match_id = %job.match_id, %error, "a push service could not be reached");
            }
        }
    }

    async fn send_webhook(&self, job: &Job, target: &WebhookTarget) {
        let url = match self.policy.check(&target.url) {
            Ok(url) => url,
            Err(error) => {
                tracing::warn!(match_id = %job.match_id, %error, "a webhook URL is refused");
                return;
            }
        };
        let mut body = self.payload(job, target.lang);
        let line = format!("{} {}", body["body"].as_str().unwrap_or(""), body["url"].as_str().unwrap_or(""));
        // Discord reads `content`, Slack reads `text`; both ignore the rest.
        body["content"] = Value::String(line.clone());
        body["text"] = Value::String(line);
        let result =
            self.client.post(url).header("Content-Type", "application/json").body(body.to_string()).send().await;
        let outcome = match &result {
            Ok(response) if response.status().is_success() => "sent",
            Ok(_) => "refused",
            Err(_) => "failed",
        };
        metrics::counter!("safehouse_notifications_total", "via" => "webhook", "result" => outcome).increment(1);
        if outcome != "sent" {
            let status = result.as_ref().map(|r| r.status().to_string()).unwrap_or_else(|e| e.to_string());
            tracing::warn!(match_id = %job.match_id, %status, "a webhook did not take a notification");
        }
    }

    fn subject(&self) -> String {
        self.config
            .vapid_subject
            .clone()
            .or_else(|| self.config.public_url.clone())
            .unwrap_or_else(|| "mailto:admin@localhost".to_owned())
    }
}

/// The worker: sends jobs, a few at once, and forgets idle matches now and then.
async fn work(notifier: std::sync::Weak<Notifier>, mut jobs: mpsc::Receiver<Job>) {
    let at_once = Arc::new(Semaphore::new(SENDING_AT_ONCE));
    let mut last_sweep = Instant::now();
    while let Some(job) = jobs.recv().await {
        let Some(notifier) = notifier.upgrade() else { return };
        if last_sweep.elapsed() > CACHE_FOR / 4 {
            notifier.drop_idle_cache();
            last_sweep = Instant::now();
        }
        let Ok(permit) = at_once.clone().acquire_owned().await else { return };
        tokio::spawn(async move {
            notifier.send(job).await;
            drop(permit);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(allow_local: bool) -> TargetPolicy {
        let config = Config {
            notify_allow_local: allow_local,
            public_url: Some("https://play.example.org".into()),
            ..Config::default()
        };
        TargetPolicy::from_config(&config)
    }

    #[test]
    fn local_and_own_targets_are_refused_unless_allowed() {
        let strict = policy(false);
        assert!(strict.check("https://discord.com/api/webhooks/1/abc").is_ok());
        for bad in [
            "http://discord.com/api/webhooks/1/abc",
            "https://127.0.0.1/x",
            "https://[::1]/x",
            "https://localhost:8080/x",
            "https://a.localhost/x",
            "https://10.1.2.3/x",
            "https://192.168.0.1/x",
            "https://169.254.169.254/latest/meta-data",
            "https://[::ffff:127.0.0.1]/x",
            "https://[fd00::1]/x",
            "https://play.example.org/api",
            "https://user:pw@discord.com/x",
            "ftp://discord.com/x",
            "not a url",
        ] {
            assert!(strict.check(bad).is_err(), "{bad} is refused");
        }
        let loose = policy(true);
        assert!(loose.check("http://127.0.0.1:9/x").is_ok());
        assert!(loose.check("ftp://127.0.0.1/x").is_err());
    }

    #[test]
    fn a_turn_based_your_turn_says_how_long_the_move_may_take_in_each_language() {
        let job = |time| Job {
            match_id: Arc::from("m"),
            seat: 1,
            seq: 3,
            game: "explosiv",
            game_name: "Explosiv",
            seat_name: Some("Bo".to_owned()),
            kind: JobKind::YourTurn(time),
        };
        let two_days = Some(MoveTime { hours: 48, due_ms: 1 });
        let said = |time, lang| Notifier::words(&job(time), lang).1;
        assert_eq!(said(None, NotifyLang::En), "Bo, it is your move at the Explosiv table.");
        assert_eq!(said(two_days, NotifyLang::En), "Bo, it is your move at the Explosiv table. You have 2 days.");
        assert_eq!(said(two_days, NotifyLang::De), "Bo, du bist am Explosiv-Tisch am Zug. Du hast 2 Tage Zeit.");
        assert_eq!(said(two_days, NotifyLang::Ko), "Bo 님, Explosiv 테이블에서 둘 차례입니다. 2일 안에 두세요.");
        let twelve_hours = Some(MoveTime { hours: 12, due_ms: 1 });
        assert!(said(twelve_hours, NotifyLang::En).ends_with(" You have 12 hours."));
        assert!(said(Some(MoveTime { hours: 24, due_ms: 1 }), NotifyLang::En).ends_with(" You have 1 day."));
        assert!(said(twelve_hours, NotifyLang::De).ends_with(" Du hast 12 Stunden Zeit."));
    }

    #[test]
    fn the_fold_keeps_the_latest_subscriptions() {
        let event = |n, kind: &str, data: Value| TableEvent { n, kind: kind.into(), data, at_ms: 0 };
        let mut targets = MatchTargets::default();
        let push = |e: &str| json!({"seat": 1, "endpoint": e, "p256dh": "k", "auth": "a"});
        for (n, e) in ["a", "b", "c", "d", "e"].iter().enumerate() {
            targets.apply(&event(n as u64 + 1, EVENT_PUSH, push(e)));
        }
        targets.apply(&event(6, "chat", json!({"seat": 1, "text": "hi"})));
        targets.apply(&event(7, EVENT_PUSH_REMOVED, json!({"seat": 1, "endpoint": "c"})));
        targets.apply(&event(8, EVENT_WEBHOOK, json!({"seat": 1, "url": "https://x.example/h", "lang": "ko"})));
        let seat = &targets.seats[&1];
        let endpoints: Vec<&str> = seat.push.iter().map(|p| p.endpoint.as_str()).collect();
        assert_eq!(endpoints, ["b", "d", "e"], "at most four, the oldest dropped, removals applied");
        assert_eq!(
            seat.webhook.as_ref().map(|w| (w.url.as_str(), w.lang)),
            Some(("https://x.example/h", NotifyLang::Ko))
        );
        assert_eq!(targets.known_n, 8);
        targets.apply(&event(9, &crate::devices::signed_out_kind(1), json!({"seat": 1})));
        assert!(targets.seats[&1].push.is_empty(), "signing out the other devices drops their pushes");
        assert!(targets.seats[&1].webhook.is_some(), "...not the seat's webhook");
        targets.apply(&event(10, EVENT_WEBHOOK, json!({"seat": 1, "url": null})));
        assert_eq!(targets.seats[&1].webhook, None);
    }

    #[test]
    fn every_language_of_the_table_can_ask_for_notifications() {
        // A page asks for notifications in its own language: each must be one the server speaks
        // (a German page's webhook was refused before German notifications existed).
        for lang in safehouse_web::Lang::ALL {
            let parsed = serde_json::from_value::<NotifyLang>(json!(lang.code()));
            assert!(parsed.is_ok(), "a {} page's notifications are refused: {parsed:?}", lang.code());
        }
    }

    #[test]
    fn a_key_file_sits_beside_the_sqlite_file() {
        let config = |url: &str| Config { database_url: url.into(), ..Config::default() };
        assert_eq!(key_file(&config("sqlite://data/s.db")), Some(PathBuf::from("data/s.db.vapid-key")));
        assert_eq!(key_file(&config("sqlite::memory:")), None);
        assert_eq!(key_file(&config("postgres://h/db")), Some(PathBuf::from("safehouse-vapid.key")));
    }

    #[test]
    fn a_generated_key_reads_back() {
        let vapid = Vapid::generate();
        let again = Vapid::from_private(&vapid.private_b64).expect("reads back");
        assert_eq!(again.public_b64, vapid.public_b64);
        assert_eq!(URL_SAFE_NO_PAD.decode(&vapid.public_b64).map(|k| k.len()).ok(), Some(65));
        assert!(Vapid::from_private("not a key").is_err());
    }
}
