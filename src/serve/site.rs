//! The site as served: the last good build's files, the last build's error
//! (shown over them), and a generation number that changes whenever what a
//! page shows changes. Pure: a path in, a [`Reply`] out.

use super::inject;
use std::collections::BTreeMap;
use std::sync::Arc;
use tilec::sets::Available;

/// What the server serves now. Replaced as a whole after each build.
#[derive(Clone)]
pub struct Site {
    /// The last good build's files (empty before the first good build).
    pub files: Arc<BTreeMap<String, Vec<u8>>>,
    /// The last good build's sets, with the shipped ones.
    pub available: Arc<Available>,
    /// The last build's error, when it failed.
    pub error: Option<Arc<str>>,
    /// Changes whenever `files` or `error` change; pages reload on a change.
    pub generation: u64,
}

/// An HTTP answer: status, content type, body.
#[derive(Debug, PartialEq, Eq)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The `Content-Type`.
    pub kind: &'static str,
    /// The body.
    pub body: Vec<u8>,
    /// The `ETag` of a file that is served as built (not of a page, which
    /// carries the generation).
    pub etag: Option<String>,
}

impl Reply {
    /// A plain-text answer.
    pub fn text(status: u16, text: &str) -> Reply {
        Reply {
            status,
            kind: "text/plain; charset=utf-8",
            body: text.as_bytes().to_vec(),
            etag: None,
        }
    }
}

impl Site {
    /// Nothing built yet: the shipped sets to play, no files, no error.
    pub fn empty() -> Site {
        Site {
            files: Arc::new(BTreeMap::new()),
            available: Arc::new(Available::Shipped),
            error: None,
            generation: 0,
        }
    }

    /// The site after a build: a good one replaces the files and clears the
    /// error; a failed one keeps the files and shows its error over them.
    /// The generation moves on only when something shown changed.
    pub fn after(&self, build: Result<super::build::Good, String>) -> Site {
        let next = match build {
            Ok(good) => Site {
                files: Arc::new(good.files),
                available: Arc::new(good.available),
                error: None,
                generation: self.generation,
            },
            Err(text) => Site {
                error: Some(text.into()),
                ..self.clone()
            },
        };
        let same = next.files == self.files && next.error == self.error;
        Site {
            generation: self.generation + u64::from(!same),
            ..next
        }
    }

    /// The answer to a GET of `raw` (the URL path, percent-encoded); a file
    /// whose tag is `if_none_match` (the browser has it) is a 304 without a
    /// body, so that a reload fetches only the pictures a build changed.
    pub fn get(&self, raw: &str, if_none_match: Option<&str>) -> Reply {
        let Some(path) = clean(raw) else {
            return Reply::text(400, "bad path: it must name a file of the site");
        };
        let path = if path.is_empty() || path.ends_with('/') {
            format!("{path}index.html")
        } else {
            path
        };
        match self.files.get(&path) {
            Some(bytes) if path.ends_with(".html") => Reply {
                status: 200,
                kind: content_type(&path),
                body: inject::page(bytes, self.generation, self.error.as_deref()),
                etag: None,
            },
            Some(bytes) => {
                let etag = etag(bytes);
                let fresh = if_none_match == Some(etag.as_str());
                Reply {
                    status: if fresh { 304 } else { 200 },
                    kind: content_type(&path),
                    body: if fresh { Vec::new() } else { bytes.clone() },
                    etag: Some(etag),
                }
            }
            None => self.missing(&path),
        }
    }

    /// A page that is not in the site: an HTML page (which reloads with the
    /// site, and shows the build's error) for a page, plain text otherwise.
    fn missing(&self, path: &str) -> Reply {
        if !path.ends_with(".html") {
            return Reply::text(404, "not found");
        }
        let why = match self.files.is_empty() {
            true => "nothing has been built yet",
            false => "no such page in the site",
        };
        Reply {
            status: 404,
            kind: "text/html; charset=utf-8",
            body: inject::missing(path, why, self.generation, self.error.as_deref()),
            etag: None,
        }
    }
}

/// A file's tag: a hash of its bytes, quoted.
fn etag(bytes: &[u8]) -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    format!("\"{:016x}\"", h.finish())
}

/// The site path of a URL path: percent-decoded, without the leading `/`;
/// `None` for anything that is not a plain relative path (`..`, `.`, `//`,
/// a backslash, a control character, invalid UTF-8 or escapes).
pub fn clean(raw: &str) -> Option<String> {
    let raw = raw.split(['?', '#']).next().unwrap_or("");
    let path = decode(raw.strip_prefix('/')?)?;
    let segments: Vec<&str> = path.split('/').collect();
    let last = segments.len() - 1;
    for (i, s) in segments.iter().enumerate() {
        let bad_char = s.chars().any(|c| c == '\\' || c.is_control());
        if bad_char || *s == "." || *s == ".." || (s.is_empty() && i != last) {
            return None;
        }
    }
    Some(path)
}

/// `%XX` escapes decoded; `None` for a bad escape or bytes that are not UTF-8.
fn decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The content type of a site file by its extension.
pub fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("png") => "image/png",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::build::Good;

    fn good(pages: &[(&str, &str)]) -> Good {
        Good {
            files: pages
                .iter()
                .map(|(p, t)| (p.to_string(), t.as_bytes().to_vec()))
                .collect(),
            available: Available::Shipped,
            summary: String::new(),
        }
    }

    fn body(r: &Reply) -> String {
        String::from_utf8_lossy(&r.body).into_owned()
    }

    #[test]
    fn only_plain_relative_paths_are_site_paths() {
        assert_eq!(clean("/").as_deref(), Some(""));
        assert_eq!(
            clean("/sets/base.html?x=1").as_deref(),
            Some("sets/base.html")
        );
        assert_eq!(clean("/img/a%20b.png").as_deref(), Some("img/a b.png"));
        for bad in [
            "/../etc/passwd",
            "/sets/../../x",
            "/%2e%2e/x",
            "/a/%2E%2E/b",
            "/a//b",
            "/a\\b",
            "/a%5c..%5cb",
            "/%00",
            "/%zz",
            "/%ff",
            "/./x",
            "x",
        ] {
            assert_eq!(clean(bad), None, "{bad}");
        }
    }

    #[test]
    fn pages_get_the_script_and_files_come_as_they_are() {
        let site = Site::empty().after(Ok(good(&[
            ("index.html", "<html><body>hi</body></html>"),
            ("style.css", "body{}"),
        ])));
        let index = site.get("/", None);
        assert_eq!(index.status, 200);
        let text = body(&index);
        assert!(
            text.contains("/__tilec/live.js\" data-generation=\"1\"></script></body>"),
            "{text}"
        );
        assert!(!text.contains("tilec-overlay"));
        assert_eq!(body(&site.get("/style.css", None)), "body{}");
        let css = site.get("/style.css", None);
        assert_eq!(css.kind, "text/css; charset=utf-8");
        let again = site.get("/style.css", css.etag.as_deref());
        assert_eq!(
            (again.status, again.body.len()),
            (304, 0),
            "the browser has it"
        );
        assert_eq!(
            index.etag, None,
            "a page carries the generation: always sent"
        );
        assert_eq!(site.get("/nope.png", None).status, 404);
        let missing = site.get("/sets/nope.html", None);
        assert_eq!(missing.status, 404);
        assert!(
            body(&missing).contains("live.js"),
            "a missing page reloads too"
        );
        assert_eq!(site.get("/../x", None).status, 400);
    }

    #[test]
    fn a_failed_build_shows_its_error_over_the_last_good_site() {
        let first = Site::empty().after(Ok(good(&[("index.html", "<body>old</body>")])));
        let failed = first.after(Err("error[E006]: unclosed `{` <here>".into()));
        assert_eq!(failed.generation, first.generation + 1);
        let text = body(&failed.get("/index.html", None));
        assert!(text.contains("old"), "the last good page stays");
        assert!(
            text.contains("tilec-overlay") && text.contains("unclosed `{` &lt;here&gt;"),
            "{text}"
        );
        let same = failed.after(Err("error[E006]: unclosed `{` <here>".into()));
        assert_eq!(same.generation, failed.generation, "nothing shown changed");
        let fixed = same.after(Ok(good(&[("index.html", "<body>new</body>")])));
        assert_eq!(fixed.generation, same.generation + 1);
        let text = body(&fixed.get("/index.html", None));
        assert!(text.contains("new") && !text.contains("tilec-overlay"));
    }

    #[test]
    fn before_any_good_build_every_page_shows_the_error() {
        let site = Site::empty().after(Err("error: cannot read `x`".into()));
        let page = site.get("/index.html", None);
        assert_eq!(page.status, 404);
        let text = body(&page);
        assert!(text.contains("nothing has been built yet") && text.contains("cannot read"));
    }
}
