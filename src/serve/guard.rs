//! Who may talk to the server: the one place that decides, before any route
//! runs or any body is read, whether a request is answered.
//!
//! - **Host.** A loopback name (`localhost`, `*.localhost`, `127.x.x.x`,
//!   `[::1]`) or the bound address, on the server's port; with `--bind
//!   0.0.0.0` (or `::`) any IP address on it; and every name given to
//!   `--allow-host` (on any port, a leading `.` allowing its subdomains too),
//!   as Vite's `server.allowedHosts` and webpack-dev-server's `allowedHosts`.
//!   Anything else is 421: a foreign page whose name resolves to this machine
//!   (DNS rebinding) reads and changes nothing.
//! - **State-changing requests** (every method but GET and HEAD, and the
//!   live-reload WebSocket's upgrade): an `Origin` that is the server's own
//!   (`http://` and the Host), and a `Sec-Fetch-Site` of `same-origin` or
//!   `none` when one is sent; a request with neither header comes from no
//!   browser (a script, `curl`) and passes, as with Go's
//!   `http.CrossOriginProtection`. A body is JSON, said by `Content-Type:
//!   application/json`, so that no cross-site form or `text/plain` post
//!   (which a browser sends without asking first) is ever taken. Else 403.
//!
//! Refusals change nothing and say why, with the option that would allow it.

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::Arc;

/// What the server answers to.
#[derive(Clone, Debug)]
pub struct Policy {
    /// The address the server listens on.
    pub bound: IpAddr,
    /// Its port.
    pub port: u16,
    /// Names allowed besides (`--allow-host`), lowercase; `.example.com`
    /// allows `example.com` and its subdomains.
    pub allowed: Vec<String>,
}

/// Why a request is not answered.
#[derive(Debug, PartialEq, Eq)]
pub struct Refusal {
    /// 421 (not our name) or 403 (not our page).
    pub status: u16,
    /// What was refused and what would allow it.
    pub message: String,
}

impl Policy {
    /// `Ok` when the request (its method, URI and headers) is answered.
    pub fn decide(&self, method: &Method, uri: &Uri, headers: &HeaderMap) -> Result<(), Refusal> {
        let host = self.host(uri, headers)?;
        let upgrade = headers.contains_key(header::UPGRADE);
        if (method == Method::GET || method == Method::HEAD) && !upgrade {
            return Ok(());
        }
        let origin = text(headers, header::ORIGIN);
        let fetch_site = text(headers, "sec-fetch-site");
        if let Some(origin) = origin {
            if authority(origin.strip_prefix("http://").unwrap_or("-")) != Some(host.clone()) {
                return Err(forbidden(format!(
                    "a request from another site (Origin `{}`) may not change anything here",
                    clip(origin)
                )));
            }
        }
        if let Some(site) = fetch_site.filter(|s| !matches!(*s, "same-origin" | "none")) {
            return Err(forbidden(format!(
                "a request from another site (Sec-Fetch-Site `{}`) may not change anything here",
                clip(site)
            )));
        }
        if !upgrade && !is_json(headers) {
            return Err(forbidden(
                "a request that changes something sends JSON (`Content-Type: application/json`)"
                    .to_string(),
            ));
        }
        Ok(())
    }

    /// The request's host and port, if they are one the server answers to.
    fn host(&self, uri: &Uri, headers: &HeaderMap) -> Result<(String, u16), Refusal> {
        let given = uri
            .authority()
            .map(|a| a.as_str())
            .or_else(|| text(headers, header::HOST));
        let Some(given) = given else {
            return Err(misdirected("a request without a Host header".to_string()));
        };
        let Some((name, port)) = authority(given) else {
            return Err(misdirected(format!(
                "Host `{}` is not a host name",
                clip(given)
            )));
        };
        if self.allows(&name, port) {
            return Ok((name, port));
        }
        let hint = match name.parse::<IpAddr>() {
            Ok(_) => String::new(),
            Err(_) => format!("; to answer to it too, start the server with `--allow-host {name}`"),
        };
        Err(misdirected(format!(
            "this server answers to this machine's own names on port {} (localhost, 127.0.0.1, [::1]{}), not to `{}`{hint}",
            self.port,
            match self.bound.is_loopback() {
                true => String::new(),
                false => format!(", {}", self.bound),
            },
            clip(given)
        )))
    }

    fn allows(&self, name: &str, port: u16) -> bool {
        let listed = self.allowed.iter().any(|a| match a.strip_prefix('.') {
            Some(domain) => name == domain || name.ends_with(a.as_str()),
            None => name == a,
        });
        if listed {
            return true;
        }
        if port != self.port {
            return false;
        }
        match name
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<IpAddr>()
        {
            Ok(ip) => ip.is_loopback() || ip == self.bound || self.bound.is_unspecified(),
            Err(_) => name == "localhost" || name.ends_with(".localhost"),
        }
    }
}

/// Checks every request against the policy before it is routed.
pub async fn check(State(policy): State<Arc<Policy>>, request: Request, next: Next) -> Response {
    match policy.decide(request.method(), request.uri(), request.headers()) {
        Ok(()) => next.run(request).await,
        Err(refusal) => {
            let status = StatusCode::from_u16(refusal.status).unwrap_or(StatusCode::FORBIDDEN);
            let body = format!("refused: {}\n", refusal.message);
            // Nothing more is taken from a refused connection.
            let headers = [
                (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
                (header::CONNECTION, "close"),
            ];
            (status, headers, body).into_response()
        }
    }
}

fn misdirected(message: String) -> Refusal {
    Refusal {
        status: 421,
        message,
    }
}

fn forbidden(message: String) -> Refusal {
    Refusal {
        status: 403,
        message,
    }
}

fn text(headers: &HeaderMap, name: impl header::AsHeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// `host[:port]` as (lowercase host, port): IPv6 addresses in brackets (kept),
/// port 80 when none is written, a trailing dot dropped. `None` when it is
/// not one.
fn authority(text: &str) -> Option<(String, u16)> {
    let (name, port) = match text.strip_prefix('[') {
        Some(rest) => {
            let (inside, after) = rest.split_once(']')?;
            (format!("[{inside}]"), after)
        }
        None => match text.split_once(':') {
            Some((name, _)) => (name.to_string(), &text[name.len()..]),
            None => (text.to_string(), ""),
        },
    };
    let port = match port {
        "" => 80,
        p => p.strip_prefix(':')?.parse().ok()?,
    };
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    let fine = |c: char| c.is_ascii_alphanumeric() || "-._[]:".contains(c);
    (!name.is_empty() && name.chars().all(fine)).then_some((name, port))
}

fn is_json(headers: &HeaderMap) -> bool {
    text(headers, header::CONTENT_TYPE).is_some_and(|t| {
        let kind = t.split(';').next().unwrap_or("").trim();
        kind.eq_ignore_ascii_case("application/json")
    })
}

/// A header value as a message quotes it: at most 100 characters.
fn clip(text: &str) -> std::borrow::Cow<'_, str> {
    tilec_runtime::notation::clip(text, 100)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn policy() -> Policy {
        Policy {
            bound: IpAddr::from([127, 0, 0, 1]),
            port: 1111,
            allowed: vec!["dev.example".into(), ".tunnel.test".into()],
        }
    }

    fn decide(method: Method, pairs: &[(&'static str, &str)]) -> Result<(), u16> {
        let mut headers = HeaderMap::new();
        for (name, value) in pairs {
            headers.insert(*name, HeaderValue::from_str(value).unwrap());
        }
        policy()
            .decide(&method, &Uri::from_static("/play/api/games"), &headers)
            .map_err(|r| r.status)
    }

    #[test]
    fn hosts_are_the_machines_own_names_on_its_port_or_allowed_ones() {
        for host in [
            "localhost:1111",
            "LocalHost.:1111",
            "app.localhost:1111",
            "127.0.0.1:1111",
            "127.1.2.3:1111",
            "[::1]:1111",
            "dev.example",
            "dev.example:8080",
            "tunnel.test:443",
            "a.b.tunnel.test",
        ] {
            assert_eq!(decide(Method::GET, &[("host", host)]), Ok(()), "{host}");
        }
        for host in [
            "evil.example:1111",
            "localhost:1112",
            "localhost",
            "127.0.0.1",
            "10.0.0.5:1111",
            "localhost.evil.example:1111",
            "evil-tunnel.test",
            "dev.example.evil",
            "",
            "a b:1111",
            "localhost:x",
            "[::1:1111",
        ] {
            assert_eq!(decide(Method::GET, &[("host", host)]), Err(421), "{host}");
        }
        assert_eq!(decide(Method::GET, &[]), Err(421), "no Host");
    }

    #[test]
    fn an_unspecified_bind_answers_to_any_address_but_no_foreign_name() {
        let open = Policy {
            bound: "0.0.0.0".parse().unwrap(),
            ..policy()
        };
        let ok = |host: &str| {
            let mut headers = HeaderMap::new();
            headers.insert("host", HeaderValue::from_str(host).unwrap());
            open.decide(&Method::GET, &Uri::from_static("/"), &headers)
        };
        assert!(ok("192.168.1.20:1111").is_ok() && ok("[fe80::1]:1111").is_ok());
        let refused = ok("rebound.example:1111").unwrap_err();
        assert!(
            refused.message.contains("`--allow-host rebound.example`"),
            "{}",
            refused.message
        );
    }

    #[test]
    fn changes_need_the_servers_own_origin_and_json() {
        let host = ("host", "127.0.0.1:1111");
        let json = ("content-type", "application/json; charset=utf-8");
        let own = ("origin", "http://127.0.0.1:1111");
        assert_eq!(decide(Method::POST, &[host, json, own]), Ok(()));
        assert_eq!(
            decide(
                Method::POST,
                &[host, json, ("sec-fetch-site", "same-origin")]
            ),
            Ok(())
        );
        assert_eq!(decide(Method::POST, &[host, json]), Ok(()), "no browser");
        for origin in [
            "http://evil.example",
            "null",
            "http://127.0.0.1:1112",
            "https://127.0.0.1:1111",
            "http://localhost:1111",
        ] {
            let foreign = ("origin", origin);
            assert_eq!(
                decide(Method::POST, &[host, json, foreign]),
                Err(403),
                "{origin}"
            );
        }
        for site in ["cross-site", "same-site"] {
            let fetch = ("sec-fetch-site", site);
            assert_eq!(
                decide(Method::POST, &[host, json, fetch]),
                Err(403),
                "{site}"
            );
            assert_eq!(decide(Method::POST, &[host, json, own, fetch]), Err(403));
        }
        for kind in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
        ] {
            let body = ("content-type", kind);
            assert_eq!(decide(Method::POST, &[host, own, body]), Err(403), "{kind}");
        }
        assert_eq!(
            decide(Method::POST, &[host, own]),
            Err(403),
            "no Content-Type"
        );
        assert_eq!(decide(Method::DELETE, &[host, own]), Err(403));
        // The live-reload socket: a GET, but it opens a channel.
        let upgrade = ("upgrade", "websocket");
        assert_eq!(decide(Method::GET, &[host, upgrade, own]), Ok(()));
        let foreign = ("origin", "http://evil.example");
        assert_eq!(decide(Method::GET, &[host, upgrade, foreign]), Err(403));
        assert_eq!(decide(Method::GET, &[host, foreign]), Ok(()), "a read");
    }
}
