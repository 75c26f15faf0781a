//! Where a server is, read from a link a person copies (`http://127.0.0.1:8080/tables/…`, or
//! behind a TLS proxy `https://safehouse.example/play/…`), and the connection to it: plain TCP,
//! or TLS checked against the system's certificates (OpenSSL's store on Linux; `SSL_CERT_FILE`
//! names another, such as a private CA's).

use std::net::{IpAddr, SocketAddr};

use anyhow::{Context, anyhow, bail};
use tokio::net::TcpStream;
use tokio_tungstenite::MaybeTlsStream;
use url::Url;

use crate::connect_from;

/// How long connecting (and the TLS handshake) may take before the server counts as unreachable.
pub const CONNECT_WITHIN: std::time::Duration = std::time::Duration::from_secs(20);

/// A server: the addresses to connect to, the name it is known by (the `Host` header, and behind
/// TLS the name its certificate must be for), and whether it speaks TLS.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Endpoint {
    /// Every address the host resolved to, tried in order (`localhost` may be `::1` first, with
    /// the server on 127.0.0.1 only).
    addrs: Vec<SocketAddr>,
    /// `host[:port]` as the link writes it (the port only where it is not the scheme's own).
    authority: String,
    /// The host alone, for TLS.
    host: String,
    tls: bool,
}

impl Endpoint {
    /// A server on plain HTTP at `addr` (the tests' servers).
    pub fn plain(addr: SocketAddr) -> Endpoint {
        Endpoint { addrs: vec![addr], authority: addr.to_string(), host: addr.ip().to_string(), tls: false }
    }

    /// The server a link points at, its host name resolved: `http://` or `https://` (WebSocket
    /// links, `ws://` and `wss://`, too).
    pub async fn of_link(link: &Url) -> anyhow::Result<Endpoint> {
        let tls = match link.scheme() {
            "http" | "ws" => false,
            "https" | "wss" => true,
            other => bail!("a server's link starts with http:// or https://, not {other}://"),
        };
        let host = link.host_str().ok_or_else(|| anyhow!("the link {link} names no server"))?;
        let port = link.port().unwrap_or(if tls { 443 } else { 80 });
        // An IPv6 literal is written in brackets in a link and bare in an address.
        let bare = host.trim_start_matches('[').trim_end_matches(']');
        let addrs: Vec<SocketAddr> = match bare.parse::<IpAddr>() {
            Ok(ip) => vec![SocketAddr::new(ip, port)],
            Err(_) => tokio::net::lookup_host((bare, port)).await.with_context(|| format!("resolve {bare}"))?.collect(),
        };
        if addrs.is_empty() {
            bail!("{bare} resolves to no address");
        }
        let authority = match link.port() {
            Some(port) => format!("{host}:{port}"),
            None => host.to_owned(),
        };
        Ok(Endpoint { addrs, authority, host: bare.to_owned(), tls })
    }

    /// The addresses tried, in order.
    pub fn addrs(&self) -> &[SocketAddr] {
        &self.addrs
    }

    /// `host[:port]`, the `Host` header.
    pub fn authority(&self) -> &str {
        &self.authority
    }

    /// Whether connections are TLS.
    pub fn is_tls(&self) -> bool {
        self.tls
    }

    /// The WebSocket URL of `path_and_query` on this server.
    pub fn ws_url(&self, path_and_query: &str) -> String {
        let scheme = if self.tls { "wss" } else { "ws" };
        format!("{scheme}://{}{path_and_query}", self.authority)
    }

    /// A connection, from the local address `source` if given, with TLS where the server speaks
    /// it; within [`CONNECT_WITHIN`].
    pub async fn connect(&self, source: Option<IpAddr>) -> anyhow::Result<MaybeTlsStream<TcpStream>> {
        tokio::time::timeout(CONNECT_WITHIN, self.connect_now(source))
            .await
            .map_err(|_| anyhow!("no connection to {} within {CONNECT_WITHIN:?}", self.authority))?
    }

    async fn connect_now(&self, source: Option<IpAddr>) -> anyhow::Result<MaybeTlsStream<TcpStream>> {
        let mut tcp = Err(anyhow!("no address"));
        for &addr in &self.addrs {
            tcp = connect_from(addr, source).await;
            if tcp.is_ok() {
                break;
            }
        }
        let tcp = tcp?;
        if !self.tls {
            return Ok(MaybeTlsStream::Plain(tcp));
        }
        let connector = tokio_native_tls::TlsConnector::from(native_tls::TlsConnector::new()?);
        let stream = connector
            .connect(&self.host, tcp)
            .await
            .with_context(|| format!("TLS with {} (is its certificate for {}?)", self.authority, self.host))?;
        Ok(MaybeTlsStream::NativeTls(stream))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn of(link: &str) -> Endpoint {
        Endpoint::of_link(&Url::parse(link).expect("a link")).await.expect("an endpoint")
    }

    #[tokio::test]
    async fn a_link_names_the_address_the_host_header_and_tls() {
        let local = of("http://127.0.0.1:8080/tables/abc?invite=x").await;
        assert_eq!(
            (local.addrs(), local.authority(), local.is_tls()),
            (&[([127, 0, 0, 1], 8080).into()][..], "127.0.0.1:8080", false)
        );
        assert_eq!(local.ws_url("/api/tables/abc/ws"), "ws://127.0.0.1:8080/api/tables/abc/ws");
        let proxied = of("https://127.0.0.1/play/abc").await;
        assert_eq!((proxied.addrs[0].port(), proxied.authority(), proxied.is_tls()), (443, "127.0.0.1", true));
        assert_eq!(proxied.ws_url("/x"), "wss://127.0.0.1/x");
        let v6 = of("http://[::1]:9000/").await;
        assert_eq!(
            (v6.addrs[0], v6.authority(), v6.host.as_str()),
            (([0u16, 0, 0, 0, 0, 0, 0, 1], 9000).into(), "[::1]:9000", "::1")
        );
        let named = of("https://localhost:8443/").await;
        assert_eq!(
            (named.addrs[0].port(), named.authority(), named.host.as_str()),
            (8443, "localhost:8443", "localhost")
        );
        let error = Endpoint::of_link(&Url::parse("ftp://x/").expect("a link")).await.expect_err("not http");
        assert!(error.to_string().contains("http://"), "{error}");
    }
}
