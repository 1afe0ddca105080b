//! Headless Chromium against the built site, served from memory by a tiny
//! std-only HTTP server on 127.0.0.1. A check page embeds the index and every
//! set page in iframes (which hold up its load event until their images are in),
//! then writes what it found into its own DOM; `--dump-dom` returns that.
//!
//! Fails when Chromium is missing, unless `TILEC_SKIP_BROWSER=1` opts out (not
//! honoured when `CI=true`); a skip is then printed where the user sees it. A
//! screenshot of a set page is kept under `target/`.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Duration;

type Site = BTreeMap<String, Vec<u8>>;

/// `TILEC_CHROMIUM` when set (then the only candidate, so that a missing browser
/// can be tried out), else `/usr/bin/chromium`; `None` when it does not exist.
fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("TILEC_CHROMIUM").map_or("/usr/bin/chromium".into(), PathBuf::from);
    path.exists().then_some(path)
}

/// Serves `site` plus `/__check.html` until the test process ends; returns the
/// port and the list of paths that were requested but missing.
fn serve(site: &'static Site, check: String) -> (u16, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
    let port = listener.local_addr().expect("local address").port();
    let missing = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&missing);
    std::thread::spawn(move || {
        // Bounded: a site load needs a few hundred requests.
        for stream in listener.incoming().take(20_000).flatten() {
            let _ = answer(stream, site, &check, &seen);
        }
    });
    (port, missing)
}

fn answer(
    mut stream: TcpStream,
    site: &Site,
    check: &str,
    missing: &Mutex<Vec<String>>,
) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    let mut line = String::new();
    while reader.read_line(&mut line)? > 2 {
        line.clear();
    }
    let raw = request.split_whitespace().nth(1).unwrap_or("/");
    let path = raw
        .split(['?', '#'])
        .next()
        .unwrap_or("")
        .trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    let body: Option<&[u8]> = if path == "__check.html" {
        Some(check.as_bytes())
    } else {
        site.get(path).map(Vec::as_slice)
    };
    let (status, body) = match body {
        Some(b) => ("200 OK", b),
        None => {
            missing.lock().expect("lock").push(path.to_string());
            ("404 Not Found", &b"not found"[..])
        }
    };
    let kind = match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    };
    write!(stream, "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", body.len())?;
    stream.write_all(body)?;
    stream.flush()
}

fn check_page(pages: &[String]) -> String {
    let frames: String = pages
        .iter()
        .map(|p| format!("<iframe src=\"/{p}\" title=\"{p}\" style=\"width:1200px;height:30000px\"></iframe>\n"))
        .collect();
    format!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8"><title>check</title><link rel="icon" href="data:,"></head>
<body><pre id="result">PENDING</pre>
{frames}<script>
window.addEventListener('load', () => {{
  const lines = [];
  for (const f of document.querySelectorAll('iframe')) {{
    const d = f.contentDocument;
    if (!d) {{ lines.push('FAIL ' + f.title + ' not loaded'); continue; }}
    const imgs = [...d.images];
    const broken = imgs.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.getAttribute('src'));
    const bg = f.contentWindow.getComputedStyle(d.body).backgroundColor;
    const ok = broken.length === 0 && (imgs.length > 0 || f.title === 'index.html') && bg === 'rgb(250, 248, 242)';
    lines.push((ok ? 'OK ' : 'FAIL ') + f.title + ' images=' + imgs.length + ' broken=' + JSON.stringify(broken) + ' background=' + bg);
  }}
  document.getElementById('result').textContent = 'DONE\n' + lines.join('\n');
}});
</script></body></html>"#
    )
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"),
        PathBuf::from,
    )
}

fn run_chromium(bin: &Path, profile: &Path, extra: &[String]) -> std::process::Output {
    let mut cmd = Command::new(bin);
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--enable-logging=stderr",
        "--v=0",
    ]);
    cmd.arg(format!("--user-data-dir={}", profile.display()));
    cmd.args(extra);
    cmd.output().expect("run chromium")
}

/// Console messages Chromium logged at error level, or uncaught exceptions.
fn console_errors(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter(|l| {
            l.contains("CONSOLE")
                && (l.contains("ERROR") || l.contains("Uncaught") || l.contains("Failed"))
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn chromium_loads_the_index_and_every_set_page() {
    let on_ci = std::env::var("CI").as_deref() == Ok("true");
    if !on_ci && std::env::var_os("TILEC_SKIP_BROWSER").is_some_and(|v| v != "0") {
        super::common::skip(
            "chromium_loads_the_index_and_every_set_page",
            "TILEC_SKIP_BROWSER is set",
        );
        return;
    }
    let Some(bin) = chromium() else {
        panic!(
            "Chromium not found (/usr/bin/chromium, or the path in TILEC_CHROMIUM): \
             ./test.sh installs it (as root, or with sudo), or apt-get install chromium; \
             or set TILEC_SKIP_BROWSER=1 to skip this test{}",
            if on_ci {
                "; on CI the opt-out is ignored"
            } else {
                ""
            }
        );
    };
    let site = super::site();
    let mut pages = vec!["index.html".to_string()];
    pages.extend(site.keys().filter(|p| p.starts_with("sets/")).cloned());
    let (port, missing) = serve(site, check_page(&pages));
    let profile = target_dir().join(format!("chromium-profile-{}", std::process::id()));
    let url = format!("http://127.0.0.1:{port}/__check.html");
    let out = run_chromium(
        &bin,
        &profile,
        &[
            "--virtual-time-budget=20000".into(),
            "--dump-dom".into(),
            url,
        ],
    );
    let dom = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let shot = target_dir().join("site-screenshot.png");
    let set_url = format!("http://127.0.0.1:{port}/sets/base.html");
    let shot_arg = format!("--screenshot={}", shot.display());
    let _ = run_chromium(
        &bin,
        &profile,
        &[
            "--window-size=1200,1600".into(),
            "--hide-scrollbars".into(),
            shot_arg,
            set_url,
        ],
    );
    let _ = std::fs::remove_dir_all(&profile);
    assert!(
        dom.contains("DONE"),
        "the check page did not finish:\n{dom}\n{stderr}"
    );
    let failed: Vec<&str> = dom.lines().filter(|l| l.starts_with("FAIL")).collect();
    assert!(
        failed.is_empty(),
        "pages with problems:\n{}",
        failed.join("\n")
    );
    let ok = dom.lines().filter(|l| l.starts_with("OK ")).count();
    assert_eq!(ok, pages.len(), "not every page was checked:\n{dom}");
    assert!(
        missing.lock().expect("lock").is_empty(),
        "requests for missing files: {:?}",
        missing.lock()
    );
    let errors = console_errors(&stderr);
    assert!(errors.is_empty(), "console errors:\n{}", errors.join("\n"));
    eprintln!(
        "checked {ok} pages in Chromium; screenshot kept at {}",
        shot.display()
    );
}
