//! Configuration: defaults, then a TOML file, then environment variables, then flags.
//!
//! Every setting has a flag (`--listen`), an environment variable (`SAFEHOUSE_LISTEN`) and a key
//! in the TOML file (`listen = "..."`) named by `--config` / `SAFEHOUSE_CONFIG`. The file may only
//! hold known keys; a typo is an error.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use ipnet::IpNet;
use serde::{Deserialize, Deserializer, Serialize};

/// A proxy address or network: `10.0.0.0/8`, or one address (`127.0.0.1`, `::1`).
pub fn parse_proxy(text: &str) -> Result<IpNet, String> {
    let text = text.trim();
    text.parse::<IpNet>()
        .or_else(|_| text.parse::<std::net::IpAddr>().map(IpNet::from))
        .map_err(|_| format!("`{text}` is not an IP address or network"))
}

fn deserialize_proxies<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<IpNet>, D::Error> {
    let texts = Vec::<String>::deserialize(deserializer)?;
    texts.iter().map(|t| parse_proxy(t).map_err(serde::de::Error::custom)).collect()
}

/// All server settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Address to listen on.
    pub listen: SocketAddr,
    /// `postgres://...` for PostgreSQL, otherwise a SQLite file (`sqlite://safehouse.db`).
    pub database_url: String,
    /// PostgreSQL schema for the tables (letters, digits, `_`); default `public`.
    pub database_schema: Option<String>,
    /// Most database connections.
    pub database_connections: Option<u32>,
    /// Most matches not yet finished (creating one more is refused with `too_many_matches`).
    pub max_matches: usize,
    /// Most unfinished matches created by one client (`too_many_matches_for_client` beyond).
    pub max_matches_per_client: usize,
    /// Matches one client may create per minute, on average (`rate_limited` beyond).
    pub creates_per_minute: u32,
    /// How many matches one client may create at once above that average.
    pub create_burst: u32,
    /// Most open WebSocket connections (one more is refused with `too_many_connections`).
    pub max_connections: usize,
    /// Most open TCP connections and most WebSockets of one client (each counted separately).
    pub max_connections_per_client: usize,
    /// Most HTTP requests handled at once, for the whole server; more are shed with 503.
    pub max_http_concurrency: usize,
    /// Most HTTP requests of one client handled at once; more are refused with 429.
    pub max_http_concurrency_per_client: usize,
    /// Largest request body or WebSocket message, in bytes.
    pub max_body_bytes: usize,
    /// Requests (HTTP) and, separately, WebSocket messages per second of one client, on average.
    pub rate_per_sec: f64,
    /// How many requests or messages may come at once above the average.
    pub rate_burst: f64,
    /// Seconds a connection may take to send a request's headers; also how long an idle
    /// keep-alive connection stays open.
    pub header_timeout_secs: u64,
    /// Seconds a request may take to send its whole body.
    pub body_timeout_secs: u64,
    /// Seconds a WebSocket may stay silent (no message, no answer to the server's pings).
    pub ws_idle_secs: u64,
    /// Proxies whose `X-Forwarded-For` / `X-Forwarded-Proto` are believed (addresses or
    /// networks, e.g. `127.0.0.1` or `10.0.0.0/8`); nobody's by default.
    #[serde(deserialize_with = "deserialize_proxies")]
    pub trusted_proxies: Vec<IpNet>,
    /// A second listener that serves only `/metrics` (none by default).
    pub metrics_listen: Option<SocketAddr>,
    /// With this token (`Authorization: Bearer ...`), `/metrics` is also served on the main
    /// listener; without it, it is not.
    pub metrics_token: Option<String>,
    /// Seconds a person may leave their decision waiting before a bot takes over the seat,
    /// while another person at the table waits for them; 0 never takes over.
    pub idle_takeover_secs: u64,
    /// Seconds before that when nobody else at the table waits (every other seat a bot's, played
    /// by one, or not joined): a person alone with bots who steps away finds their game where
    /// they left it, and a game left for good still ends and frees its place; 0 never.
    pub idle_takeover_alone_secs: u64,
    /// Milliseconds a bot waits before it moves (so people can follow); 0 moves at once.
    pub bot_delay_ms: u64,
    /// Bots thinking at once (each on a blocking thread); 0 means one per core.
    pub bot_threads: usize,
    /// Most actions of different matches stored in one transaction (group commit).
    pub write_batch: usize,
    /// Finished matches stay in memory this many seconds after their last watcher leaves.
    pub finished_linger_secs: u64,
    /// Log format: `text` or `json`.
    pub log_format: String,
    /// Seconds a waiting room may go without a change (a seat taken or left...) before it
    /// expires unstarted; 0 never expires. A turn-based table's room waits at least its move
    /// deadline.
    pub waiting_room_expiry_secs: u64,
    /// Seconds a seat's link for another device (`POST /api/matches/{id}/device`) works; it
    /// opens the seat once.
    pub device_link_secs: u64,
    /// Links for another device each seat of a match may make in all (so that one seat, however
    /// often it asks, cannot use up another's).
    pub device_links_per_seat: u32,
    /// Redis that the nodes of one database share their per-client rates through
    /// (`redis://host:6379`): requests, WebSocket messages, creations, chat lines, bot requests
    /// and links for other devices are then counted for all the nodes together, so a client
    /// spreading itself over the nodes gets one allowance, not one per node. Without it each
    /// node counts alone.
    pub limits_redis_url: Option<String>,
    /// The address people open the site at (`https://safehouse.example`), for links in "your
    /// turn" notifications; without it a notification holds the table's path only.
    pub public_url: Option<String>,
    /// The VAPID private key for Web Push (the raw P-256 scalar in base64url). Without it, the
    /// key is read from `vapid_key_file`, and generated and written there on first use. Every
    /// node of one database needs the same key (a subscription is bound to it).
    pub vapid_private_key: Option<String>,
    /// Where the generated VAPID key is kept; default: beside the SQLite file
    /// (`<file>.vapid-key`), or `safehouse-vapid.key` in the working directory for PostgreSQL.
    pub vapid_key_file: Option<PathBuf>,
    /// The contact sent to push services in the VAPID claims (`mailto:...` or `https://...`);
    /// default: `public_url`, else `mailto:admin@localhost`.
    pub vapid_subject: Option<String>,
    /// Lets push endpoints and webhooks point at this machine (loopback), this server or a
    /// private network; off by default (tests and LAN setups turn it on).
    pub notify_allow_local: bool,
    /// Seconds a push service or webhook receiver may take to answer a notification.
    pub notify_timeout_secs: u64,
    /// Most notifications waiting to be sent; more are dropped (never blocking a match).
    pub notify_queue: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database_url: safehouse_store::DEFAULT_DATABASE_URL.to_owned(),
            database_schema: None,
            database_connections: None,
            max_matches: 20_000,
            max_matches_per_client: 20,
            creates_per_minute: 30,
            create_burst: 10,
            max_connections: 20_000,
            max_connections_per_client: 64,
            max_http_concurrency: 1024,
            max_http_concurrency_per_client: 32,
            max_body_bytes: 64 * 1024,
            rate_per_sec: 50.0,
            rate_burst: 100.0,
            header_timeout_secs: 10,
            body_timeout_secs: 10,
            ws_idle_secs: 90,
            trusted_proxies: Vec::new(),
            metrics_listen: None,
            metrics_token: None,
            idle_takeover_secs: 180,
            idle_takeover_alone_secs: 1800,
            bot_delay_ms: 300,
            bot_threads: 0,
            write_batch: 256,
            finished_linger_secs: 60,
            log_format: "text".to_owned(),
            waiting_room_expiry_secs: 1800,
            device_link_secs: 600,
            device_links_per_seat: 50,
            limits_redis_url: None,
            public_url: None,
            vapid_private_key: None,
            vapid_key_file: None,
            vapid_subject: None,
            notify_allow_local: false,
            notify_timeout_secs: 10,
            notify_queue: 1024,
        }
    }
}

impl Config {
    /// Reads a TOML file over the defaults.
    pub fn from_toml_file(path: &std::path::Path) -> anyhow::Result<Config> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("cannot read config file {}: {e}", path.display()))?;
        Config::from_toml(&text).map_err(|e| anyhow::anyhow!("config file {}: {e}", path.display()))
    }

    /// Parses TOML over the defaults.
    pub fn from_toml(text: &str) -> Result<Config, toml::de::Error> {
        toml::from_str(text)
    }

    /// The idle takeover delay, if enabled: `idle_takeover_secs` when somebody else at the table
    /// waits for the idle person, else `idle_takeover_alone_secs`.
    pub fn idle_takeover(&self, somebody_waits: bool) -> Option<Duration> {
        let secs = if somebody_waits { self.idle_takeover_secs } else { self.idle_takeover_alone_secs };
        (self.idle_takeover_secs > 0 && secs > 0).then(|| Duration::from_secs(secs))
    }

    /// Number of bot threads to use.
    pub fn bot_threads(&self) -> usize {
        if self.bot_threads > 0 {
            self.bot_threads
        } else {
            std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2)
        }
    }
}

/// The flags of `safehouse serve` (each also read from its environment variable).
#[derive(Clone, Debug, Default, clap::Args)]
pub struct ServeArgs {
    /// A TOML file with settings (flags and environment variables override it).
    #[arg(long, env = "SAFEHOUSE_CONFIG")]
    pub config: Option<PathBuf>,
    /// Address to listen on [default: 127.0.0.1:8080].
    #[arg(long, env = "SAFEHOUSE_LISTEN")]
    pub listen: Option<SocketAddr>,
    /// Database: a `postgres://` URL, or a SQLite file [default: sqlite://safehouse.db].
    #[arg(long, env = "SAFEHOUSE_DATABASE_URL")]
    pub database_url: Option<String>,
    /// PostgreSQL schema for the tables [default: public].
    #[arg(long, env = "SAFEHOUSE_DATABASE_SCHEMA")]
    pub database_schema: Option<String>,
    /// Most database connections.
    #[arg(long, env = "SAFEHOUSE_DATABASE_CONNECTIONS")]
    pub database_connections: Option<u32>,
    /// Most unfinished matches [default: 20000].
    #[arg(long, env = "SAFEHOUSE_MAX_MATCHES")]
    pub max_matches: Option<usize>,
    /// Most unfinished matches created by one client [default: 20].
    #[arg(long, env = "SAFEHOUSE_MAX_MATCHES_PER_CLIENT")]
    pub max_matches_per_client: Option<usize>,
    /// Matches one client may create per minute [default: 30].
    #[arg(long, env = "SAFEHOUSE_CREATES_PER_MINUTE")]
    pub creates_per_minute: Option<u32>,
    /// Matches one client may create at once above that [default: 10].
    #[arg(long, env = "SAFEHOUSE_CREATE_BURST")]
    pub create_burst: Option<u32>,
    /// Most open WebSocket connections [default: 20000].
    #[arg(long, env = "SAFEHOUSE_MAX_CONNECTIONS")]
    pub max_connections: Option<usize>,
    /// Most TCP connections, and most WebSockets, of one client [default: 64].
    #[arg(long, env = "SAFEHOUSE_MAX_CONNECTIONS_PER_CLIENT")]
    pub max_connections_per_client: Option<usize>,
    /// Most HTTP requests handled at once by the whole server [default: 1024].
    #[arg(long, env = "SAFEHOUSE_MAX_HTTP_CONCURRENCY")]
    pub max_http_concurrency: Option<usize>,
    /// Most HTTP requests of one client handled at once [default: 32].
    #[arg(long, env = "SAFEHOUSE_MAX_HTTP_CONCURRENCY_PER_CLIENT")]
    pub max_http_concurrency_per_client: Option<usize>,
    /// Largest request body or WebSocket message in bytes [default: 65536].
    #[arg(long, env = "SAFEHOUSE_MAX_BODY_BYTES")]
    pub max_body_bytes: Option<usize>,
    /// Requests, and WebSocket messages, per second of one client [default: 50].
    #[arg(long, env = "SAFEHOUSE_RATE_PER_SEC")]
    pub rate_per_sec: Option<f64>,
    /// Burst above the rate [default: 100].
    #[arg(long, env = "SAFEHOUSE_RATE_BURST")]
    pub rate_burst: Option<f64>,
    /// Seconds to send a request's headers; also the idle keep-alive timeout [default: 10].
    #[arg(long, env = "SAFEHOUSE_HEADER_TIMEOUT_SECS")]
    pub header_timeout_secs: Option<u64>,
    /// Seconds to send a request's whole body [default: 10].
    #[arg(long, env = "SAFEHOUSE_BODY_TIMEOUT_SECS")]
    pub body_timeout_secs: Option<u64>,
    /// Seconds a WebSocket may stay silent (it is pinged meanwhile) [default: 90].
    #[arg(long, env = "SAFEHOUSE_WS_IDLE_SECS")]
    pub ws_idle_secs: Option<u64>,
    /// Proxies whose X-Forwarded-For/-Proto are believed, comma-separated addresses or
    /// networks (e.g. 127.0.0.1,10.0.0.0/8) [default: none].
    #[arg(long, env = "SAFEHOUSE_TRUSTED_PROXIES", value_delimiter = ',', value_parser = parse_proxy)]
    pub trusted_proxies: Option<Vec<IpNet>>,
    /// A second listener serving only /metrics [default: none].
    #[arg(long, env = "SAFEHOUSE_METRICS_LISTEN")]
    pub metrics_listen: Option<SocketAddr>,
    /// Serve /metrics on the main listener too, to `Authorization: Bearer <token>` only.
    #[arg(long, env = "SAFEHOUSE_METRICS_TOKEN", hide_env_values = true)]
    pub metrics_token: Option<String>,
    /// Seconds before a bot takes over an idle person's seat while another person waits; 0 never [default: 180].
    #[arg(long, env = "SAFEHOUSE_IDLE_TAKEOVER_SECS")]
    pub idle_takeover_secs: Option<u64>,
    /// Seconds before that when nobody else at the table waits (only bots, or people away); 0 never [default: 1800].
    #[arg(long, env = "SAFEHOUSE_IDLE_TAKEOVER_ALONE_SECS")]
    pub idle_takeover_alone_secs: Option<u64>,
    /// Milliseconds a bot waits before moving [default: 300].
    #[arg(long, env = "SAFEHOUSE_BOT_DELAY_MS")]
    pub bot_delay_ms: Option<u64>,
    /// Bots thinking at once; 0 = one per core [default: 0].
    #[arg(long, env = "SAFEHOUSE_BOT_THREADS")]
    pub bot_threads: Option<usize>,
    /// Most actions per storage transaction [default: 256].
    #[arg(long, env = "SAFEHOUSE_WRITE_BATCH")]
    pub write_batch: Option<usize>,
    /// Seconds a finished match stays in memory after its last watcher leaves [default: 60].
    #[arg(long, env = "SAFEHOUSE_FINISHED_LINGER_SECS")]
    pub finished_linger_secs: Option<u64>,
    /// Log format: text or json [default: text]. Filter with RUST_LOG.
    #[arg(long, env = "SAFEHOUSE_LOG_FORMAT")]
    pub log_format: Option<String>,
    /// Seconds a waiting room may go unchanged before it expires (a turn-based table's: at least its move deadline); 0 never [default: 1800].
    #[arg(long, env = "SAFEHOUSE_WAITING_ROOM_EXPIRY_SECS")]
    pub waiting_room_expiry_secs: Option<u64>,
    /// Seconds a seat's one-time link for another device works [default: 600].
    #[arg(long, env = "SAFEHOUSE_DEVICE_LINK_SECS")]
    pub device_link_secs: Option<u64>,
    /// Links for another device each seat of a match may make [default: 50].
    #[arg(long, env = "SAFEHOUSE_DEVICE_LINKS_PER_SEAT")]
    pub device_links_per_seat: Option<u32>,
    /// Redis the nodes share their per-client rates through (redis://host:6379) [default: none, each node counts alone].
    #[arg(long, env = "SAFEHOUSE_LIMITS_REDIS_URL", hide_env_values = true)]
    pub limits_redis_url: Option<String>,
    /// The site's address for links in notifications (https://safehouse.example).
    #[arg(long, env = "SAFEHOUSE_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// The VAPID private key for Web Push (base64url) [default: generated into vapid_key_file].
    #[arg(long, env = "SAFEHOUSE_VAPID_PRIVATE_KEY", hide_env_values = true)]
    pub vapid_private_key: Option<String>,
    /// Where a generated VAPID key is kept [default: beside the SQLite file].
    #[arg(long, env = "SAFEHOUSE_VAPID_KEY_FILE")]
    pub vapid_key_file: Option<PathBuf>,
    /// The VAPID contact (mailto:... or https://...) [default: public_url].
    #[arg(long, env = "SAFEHOUSE_VAPID_SUBJECT")]
    pub vapid_subject: Option<String>,
    /// Let push endpoints and webhooks reach loopback, this server and private networks.
    #[arg(long, env = "SAFEHOUSE_NOTIFY_ALLOW_LOCAL")]
    pub notify_allow_local: Option<bool>,
    /// Seconds a push service or webhook may take to answer [default: 10].
    #[arg(long, env = "SAFEHOUSE_NOTIFY_TIMEOUT_SECS")]
    pub notify_timeout_secs: Option<u64>,
    /// Most notifications waiting to be sent [default: 1024].
    #[arg(long, env = "SAFEHOUSE_NOTIFY_QUEUE")]
    pub notify_queue: Option<usize>,
}

impl ServeArgs {
    /// The configuration: defaults, then the TOML file, then these flags / environment variables.
    pub fn resolve(&self) -> anyhow::Result<Config> {
        let mut config = match &self.config {
            Some(path) => Config::from_toml_file(path)?,
            None => Config::default(),
        };
        macro_rules! over {
            ($($field:ident),*) => {
                $(if let Some(value) = &self.$field { config.$field = value.clone(); })*
            };
        }
        over!(
            listen,
            database_url,
            max_matches,
            max_matches_per_client,
            creates_per_minute,
            create_burst,
            max_connections,
            max_connections_per_client,
            max_http_concurrency,
            max_http_concurrency_per_client,
            max_body_bytes,
            rate_per_sec,
            rate_burst,
            header_timeout_secs,
            body_timeout_secs,
            ws_idle_secs,
            trusted_proxies,
            idle_takeover_secs,
            idle_takeover_alone_secs,
            bot_delay_ms,
            bot_threads,
            write_batch,
            finished_linger_secs,
            log_format,
            waiting_room_expiry_secs,
            device_link_secs,
            device_links_per_seat,
            notify_allow_local,
            notify_timeout_secs,
            notify_queue
        );
        for (given, field) in [
            (&self.limits_redis_url, &mut config.limits_redis_url),
            (&self.public_url, &mut config.public_url),
            (&self.vapid_private_key, &mut config.vapid_private_key),
            (&self.vapid_subject, &mut config.vapid_subject),
        ] {
            if given.is_some() {
                field.clone_from(given);
            }
        }
        if self.vapid_key_file.is_some() {
            config.vapid_key_file.clone_from(&self.vapid_key_file);
        }
        if config.notify_queue == 0 || config.notify_timeout_secs == 0 {
            anyhow::bail!("notify_queue and notify_timeout_secs must be at least 1");
        }
        if self.database_schema.is_some() {
            config.database_schema = self.database_schema.clone();
        }
        if self.metrics_listen.is_some() {
            config.metrics_listen = self.metrics_listen;
        }
        if self.metrics_token.is_some() {
            config.metrics_token = self.metrics_token.clone();
        }
        if config.metrics_token.as_deref().is_some_and(|t| t.len() < 16) {
            anyhow::bail!("metrics_token must have at least 16 characters");
        }
        if config.creates_per_minute == 0 || config.create_burst == 0 {
            anyhow::bail!("creates_per_minute and create_burst must be at least 1");
        }
        if self.database_connections.is_some() {
            config.database_connections = self.database_connections;
        }
        if !matches!(config.log_format.as_str(), "text" | "json") {
            anyhow::bail!("log format must be `text` or `json`, not `{}`", config.log_format);
        }
        if !(config.rate_per_sec > 0.0 && config.rate_burst >= 1.0) {
            anyhow::bail!("rate_per_sec must be > 0 and rate_burst >= 1");
        }
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toml_then_flags() {
        let config = Config::from_toml("listen = \"127.0.0.1:9000\"\nbot_delay_ms = 5\n").expect("toml");
        assert_eq!(config.listen.port(), 9000);
        assert_eq!(config.bot_delay_ms, 5);
        assert_eq!(config.max_matches, Config::default().max_matches);
        assert!(Config::from_toml("lsten = \"x\"").is_err(), "unknown keys are errors");

        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("c.toml");
        std::fs::write(&path, "bot_delay_ms = 5\nmax_matches = 7\n").expect("write");
        let args = ServeArgs { config: Some(path), max_matches: Some(9), ..ServeArgs::default() };
        let config = args.resolve().expect("resolve");
        assert_eq!((config.bot_delay_ms, config.max_matches), (5, 9), "flags override the file");
    }

    #[test]
    fn the_idle_time_is_longer_when_nobody_waits_and_zero_turns_both_off() {
        let config = Config::default();
        assert_eq!(config.idle_takeover(true), Some(Duration::from_secs(180)));
        assert_eq!(config.idle_takeover(false), Some(Duration::from_secs(1800)));
        let never_alone = Config { idle_takeover_alone_secs: 0, ..Config::default() };
        assert_eq!(
            (never_alone.idle_takeover(true), never_alone.idle_takeover(false)),
            (Some(Duration::from_secs(180)), None)
        );
        let never = Config { idle_takeover_secs: 0, ..Config::default() };
        assert_eq!((never.idle_takeover(true), never.idle_takeover(false)), (None, None));
    }
}
