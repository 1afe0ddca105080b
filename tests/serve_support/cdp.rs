//! Headless Chromium driven through the DevTools protocol (CDP) over its
//! WebSocket: tabs, script evaluation, real mouse clicks and key input
//! through Chromium's input pipeline, file inputs and screenshots. Every read
//! has a timeout and every wait a bound; the browser and its profile are
//! removed when dropped.
//!
//! Missing Chromium fails the test, unless `TILEC_SKIP_BROWSER=1` opts out
//! (not honoured when `CI=true`); a skip is printed where the user sees it.
#![allow(dead_code)]

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

/// A running Chromium and the connection to it.
pub struct Browser {
    child: Child,
    profile: PathBuf,
    socket: tungstenite::WebSocket<TcpStream>,
    next: u64,
}

/// One tab: its CDP session id.
#[derive(Clone, Debug)]
pub struct Tab(pub String);

fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("TILEC_CHROMIUM").map_or("/usr/bin/chromium".into(), PathBuf::from);
    path.exists().then_some(path)
}

impl Browser {
    /// Starts Chromium, or `None` when the test is to be skipped (said on
    /// stderr as `SKIPPED: <test> (...)`).
    pub fn launch(test: &str) -> Option<Browser> {
        let on_ci = std::env::var("CI").as_deref() == Ok("true");
        if !on_ci && std::env::var_os("TILEC_SKIP_BROWSER").is_some_and(|v| v != "0") {
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED: {test} (TILEC_SKIP_BROWSER is set)"
            );
            return None;
        }
        let Some(bin) = chromium() else {
            panic!(
                "Chromium not found (/usr/bin/chromium, or the path in TILEC_CHROMIUM): install it \
                 (apt-get install chromium), or set TILEC_SKIP_BROWSER=1 to skip this test"
            );
        };
        let profile = super::server::scratch(&format!("chromium-{test}"));
        let mut child = Command::new(bin)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--window-size=1400,1000",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start chromium");
        let stderr = child.stderr.take().expect("stderr");
        let (tx, rx) = channel();
        // Read stderr to its end, so that Chromium never blocks on a full pipe.
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(at) = line.find("ws://") {
                    let _ = tx.send(line[at..].trim().to_string());
                }
            }
        });
        let url = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("Chromium's DevTools address");
        let host = url
            .trim_start_matches("ws://")
            .split('/')
            .next()
            .expect("a host")
            .to_string();
        let stream = TcpStream::connect(&host).expect("connect to Chromium");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .expect("timeout");
        let (socket, _) = tungstenite::client(url.as_str(), stream).expect("a DevTools WebSocket");
        Some(Browser {
            child,
            profile,
            socket,
            next: 0,
        })
    }

    /// Sends a command (to a tab's session, or to the browser) and waits for
    /// its answer; events that arrive meanwhile are skipped.
    pub fn call(
        &mut self,
        tab: Option<&Tab>,
        method: &str,
        params: Value,
    ) -> Result<Value, String> {
        self.next += 1;
        let id = self.next;
        let mut msg = json!({ "id": id, "method": method, "params": params });
        if let Some(Tab(session)) = tab {
            msg["sessionId"] = json!(session);
        }
        self.socket
            .send(tungstenite::Message::Text(msg.to_string().into()))
            .map_err(|e| format!("{method}: {e}"))?;
        for _ in 0..100_000 {
            let text = match self.socket.read().map_err(|e| format!("{method}: {e}"))? {
                tungstenite::Message::Text(t) => t,
                _ => continue,
            };
            let answer: Value = serde_json::from_str(text.as_str()).map_err(|e| e.to_string())?;
            if answer["id"] == json!(id) {
                if let Some(err) = answer.get("error") {
                    return Err(format!("{method}: {err}"));
                }
                return Ok(answer["result"].clone());
            }
        }
        Err(format!("{method}: no answer"))
    }

    /// A new tab at `url`, loaded.
    pub fn open(&mut self, url: &str) -> Tab {
        let target = self
            .call(None, "Target.createTarget", json!({ "url": "about:blank" }))
            .expect("a tab");
        let attached = self
            .call(
                None,
                "Target.attachToTarget",
                json!({ "targetId": target["targetId"], "flatten": true }),
            )
            .expect("attach to the tab");
        let tab = Tab(attached["sessionId"]
            .as_str()
            .expect("a session")
            .to_string());
        self.go(&tab, url);
        tab
    }

    /// Loads `url` in `tab` and waits until it is complete.
    pub fn go(&mut self, tab: &Tab, url: &str) {
        self.call(Some(tab), "Page.navigate", json!({ "url": url }))
            .expect("navigate");
        let ready = format!(
            "document.readyState === 'complete' && location.href.startsWith({})",
            json!(url)
        );
        self.wait(tab, &ready, Duration::from_secs(60))
            .expect("the page loads");
    }

    /// The value of a script in `tab` (promises awaited); `Null` when it threw
    /// or the page was navigating.
    pub fn eval(&mut self, tab: &Tab, script: &str) -> Value {
        let params = json!({ "expression": script, "returnByValue": true, "awaitPromise": true });
        match self.call(Some(tab), "Runtime.evaluate", params) {
            Ok(r) if r.get("exceptionDetails").is_none() => r["result"]["value"].clone(),
            _ => Value::Null,
        }
    }

    /// Evaluates `script` every 10 ms until its value is truthy (at most
    /// `timeout`); the value and how long it took.
    pub fn wait(
        &mut self,
        tab: &Tab,
        script: &str,
        timeout: Duration,
    ) -> Result<(Value, Duration), String> {
        let start = Instant::now();
        loop {
            let v = self.eval(tab, script);
            let truthy =
                !matches!(&v, Value::Null | Value::Bool(false)) && v != json!(0) && v != json!("");
            if truthy {
                return Ok((v, start.elapsed()));
            }
            if start.elapsed() > timeout {
                return Err(format!("timed out waiting for `{script}` (last value {v})"));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Clicks the middle of the element `element` (a script giving one)
    /// with the mouse, after scrolling it into view; false when it does not
    /// exist.
    pub fn click(&mut self, tab: &Tab, element: &str) -> bool {
        let script = format!(
            "(() => {{ const e = {element}; if (!e) return null; e.scrollIntoView({{block: 'center', inline: 'center'}});
               const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
        );
        let Some(at) = self.eval(tab, &script).as_array().cloned() else {
            return false;
        };
        for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
            let params =
                json!({ "type": kind, "x": at[0], "y": at[1], "button": "left", "clickCount": 1 });
            self.call(Some(tab), "Input.dispatchMouseEvent", params)
                .expect("a mouse event");
        }
        true
    }

    /// Clicks the element matching a CSS selector.
    pub fn click_on(&mut self, tab: &Tab, selector: &str) -> bool {
        self.click(tab, &format!("document.querySelector({})", json!(selector)))
    }

    /// Types `text` into the focused element.
    pub fn type_text(&mut self, tab: &Tab, text: &str) {
        self.call(Some(tab), "Input.insertText", json!({ "text": text }))
            .expect("typing");
    }

    /// Gives the file input matching `selector` the file `path`.
    pub fn set_file(&mut self, tab: &Tab, selector: &str, path: &Path) {
        let doc = self
            .call(Some(tab), "DOM.getDocument", json!({}))
            .expect("the document");
        let node = self
            .call(
                Some(tab),
                "DOM.querySelector",
                json!({ "nodeId": doc["root"]["nodeId"], "selector": selector }),
            )
            .expect("the file input");
        let params = json!({ "files": [path.display().to_string()], "nodeId": node["nodeId"] });
        self.call(Some(tab), "DOM.setFileInputFiles", params)
            .expect("set the file");
    }

    /// A PNG screenshot of `tab`'s viewport, written to `path`.
    pub fn screenshot(&mut self, tab: &Tab, path: &Path) {
        let shot = self
            .call(
                Some(tab),
                "Page.captureScreenshot",
                json!({ "format": "png" }),
            )
            .expect("a screenshot");
        let bytes = base64(shot["data"].as_str().expect("base64 data"));
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("a directory for the screenshot");
        }
        std::fs::write(path, bytes).expect("write the screenshot");
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Standard base64 decoded (what CDP sends screenshots as).
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let digits: Vec<u8> = text.bytes().filter_map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk.iter().fold(0u32, |n, &d| (n << 6) | u32::from(d)) << (6 * (4 - chunk.len()));
        let bytes = n.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    out
}
