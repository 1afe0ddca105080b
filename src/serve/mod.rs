//! `tilec serve [--tiles DIR] [--port N] [--open]`: the reference site of DIR
//! built in memory and served on 127.0.0.1, rebuilt on every save, every open
//! page reloading itself; a failed build shows its diagnostics over the last
//! good site. The Play page plays the sets served through the runtime.
//!
//! A room of its own beside the CLI (`src/cli/`): it reads the tiles as the
//! CLI does and writes nothing. The HTTP handlers ([`http`]) are thin over a
//! pure core that tests call without sockets: the site as served ([`site`])
//! and the game sessions ([`play`]). No rule lives here: every move is the
//! runtime's.
//!
//! Threads: the main thread watches the directory and rebuilds ([`watch`],
//! [`build`]); a second runs the HTTP server (tokio, one thread, with a pool
//! for the bots' thinking). They share [`State`]: the current [`site::Site`],
//! swapped whole after a build, and a channel that tells every open page.
//!
//! Who may talk to the server is decided in one place ([`guard`]); what a
//! connection, a request and a session may hold is bounded ([`conn`],
//! [`http`], [`play`]).

mod build;
mod conn;
mod guard;
mod http;
mod inject;
mod play;
mod site;
mod watch;

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tilec::emit::html::Pictures;

/// Arguments of `tilec serve`.
#[derive(clap::Args)]
pub struct ServeArgs {
    /// Directory of `.tiles` files and `sets.toml` to serve and watch.
    #[arg(long, default_value = "tiles")]
    pub tiles: PathBuf,
    /// Port to listen on (0: any free port, printed at start).
    #[arg(long, default_value_t = 1111)]
    pub port: u16,
    /// Address to listen on. The default is this machine only; another
    /// (`0.0.0.0`) lets other machines play and read, with no password.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,
    /// Open the site in the default browser once it is served.
    #[arg(long)]
    pub open: bool,
    /// Scan the files for changes instead of the system's notifications
    /// (for network or container file systems).
    #[arg(long)]
    pub poll: bool,
    /// Quiet time, in milliseconds, after a change before rebuilding.
    #[arg(long, default_value_t = 30, value_name = "MS")]
    pub debounce: u64,
    /// Answer to this host name too (repeatable; `.example.com` allows it
    /// and its subdomains), e.g. a name in /etc/hosts or a tunnel's. The
    /// server answers only to this machine's own names otherwise.
    #[arg(long = "allow-host", value_name = "NAME", value_parser = host_name)]
    pub allow_host: Vec<String>,
}

/// An `--allow-host` value: a host name, lowercase, without port or
/// trailing dot.
fn host_name(text: &str) -> Result<String, String> {
    let name = text.trim_end_matches('.').to_ascii_lowercase();
    let fine = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '.';
    if name.trim_start_matches('.').is_empty() || !name.chars().all(fine) {
        return Err(format!(
            "`{}` is not a host name (letters, digits, `-` and `.`; no port)",
            tilec::diagnostic::terminal::escape(text)
        ));
    }
    Ok(name)
}

/// What the server threads share.
pub struct State {
    /// The site served now (swapped whole after each build).
    pub site: Mutex<site::Site>,
    /// The site's generation, to every open page.
    pub live: tokio::sync::watch::Sender<u64>,
    /// The games being played or replayed.
    pub games: play::Sessions,
    /// Pictures drawn so far, shared by the builds and the Play page.
    pub pictures: Mutex<Pictures>,
}

impl State {
    /// The site served now.
    pub fn site(&self) -> site::Site {
        self.site
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

/// Serves until killed; 2 when the directory or the address cannot be used.
pub fn run(args: &ServeArgs) -> u8 {
    if !args.tiles.is_dir() {
        eprintln!(
            "error: `{}` is not a directory of tiles",
            args.tiles.display()
        );
        eprintln!("hint: name one with `tilec serve --tiles DIR` (the default `tiles` is the directory of a tilec checkout)");
        return 2;
    }
    // Bound before the first build, so that a busy port is said at once.
    let addr = SocketAddr::new(args.bind, args.port);
    let listener = match TcpListener::bind(addr) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: cannot listen on {addr}: {e}");
            eprintln!("hint: another server may hold the port: try `--port 0` for any free one");
            return 2;
        }
    };
    let state = Arc::new(State {
        site: Mutex::new(site::Site::empty()),
        live: tokio::sync::watch::channel(0).0,
        games: play::Sessions::new(),
        pictures: Mutex::new(Pictures::new()),
    });
    let options = watch::Options {
        dir: args.tiles.clone(),
        poll: args.poll,
        debounce: Duration::from_millis(args.debounce.max(1)),
    };
    let watch = match watch::Watch::start(&options) {
        Ok(w) => w,
        Err(msg) => {
            eprintln!("{msg}");
            return 2;
        }
    };
    rebuild(&state, &args.tiles);
    let local = match listener.local_addr() {
        Ok(a) => a,
        Err(e) => return io_failure(&e),
    };
    let url = format!("http://{local}/");
    let policy = guard::Policy {
        bound: local.ip(),
        port: local.port(),
        allowed: args.allow_host.clone(),
    };
    let server = {
        let state = Arc::clone(&state);
        std::thread::spawn(move || http::serve(listener, state, policy))
    };
    say(&format!(
        "serving {} on {url} (Play: {url}play/); Ctrl-C stops",
        args.tiles.display()
    ));
    if !args.bind.is_loopback() {
        eprintln!(
            "warning: listening on {}: other machines can reach it",
            args.bind
        );
    }
    if args.open {
        open(&url);
    }
    watch.run(|| rebuild(&state, &args.tiles));
    match server.join() {
        Ok(Err(e)) => io_failure(&e),
        _ => 2,
    }
}

/// Builds, swaps the site in, tells the pages, and says so on stdout.
fn rebuild(state: &State, dir: &std::path::Path) {
    let (result, ms) = build::timed(dir, &state.pictures);
    match &result {
        Ok(good) => say(&format!("built {} in {ms} ms", good.summary)),
        Err(text) => eprintln!("build failed in {ms} ms; serving the last good site:\n{text}"),
    }
    let generation = {
        let mut site = state.site.lock().unwrap_or_else(PoisonError::into_inner);
        *site = site.after(result);
        site.generation
    };
    state.live.send_replace(generation);
}

/// A line on stdout, through the CLI's one stdout.
fn say(line: &str) {
    crate::cli::stdout::write_fmt(format_args!("{line}\n"));
}

fn io_failure(e: &std::io::Error) -> u8 {
    eprintln!("error: the server stopped: {e}");
    2
}

/// Opens `url` in the default browser; a failure is only a warning.
fn open(url: &str) {
    let program = match std::env::consts::OS {
        "macos" => "open",
        "windows" => "explorer",
        _ => "xdg-open",
    };
    match std::process::Command::new(program).arg(url).spawn() {
        // Waited for on a thread of its own, so that it leaves no zombie.
        Ok(mut child) => drop(std::thread::spawn(move || child.wait())),
        Err(e) => eprintln!("warning: cannot open a browser ({program}: {e}); open {url} yourself"),
    }
}
