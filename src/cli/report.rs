//! `tilec simulate --report DIR`: a balance report gathered from the random games
//! through the engine's events, written as `DIR/report.json` (sorted keys, the
//! same bytes for the same run) and `DIR/report.html` (self-contained, inline SVG
//! charts).
//!
//! Per tile kind: draws, how many copies were set aside (fit nowhere), the mean
//! number of legal placements when drawn (a set-aside draw counts 0), and the
//! features its placed copies joined that scored (the engine scores features that
//! hold a figure, on completion or at the end) with their mean points. For the
//! games: final scores per seat (mean, min, max, standard deviation) and a
//! histogram.

use serde_json::{json, Map, Value};
use std::fmt::Write as _;
use std::path::Path;
use tilec_runtime::{Catalog, Event, Game, GameStats, RandomPlayer, Rng, TileSet};

/// What was seen of one tile kind.
#[derive(Clone, Copy, Debug, Default)]
struct KindStats {
    draws: u64,
    set_aside: u64,
    /// Legal placements summed over the draws that were placed.
    placements: u64,
    /// Scored features a placed copy belonged to (one per copy and feature).
    joined: u64,
    /// Their points, summed.
    joined_points: u64,
}

/// Collects the report's statistics while the games are played.
pub struct Observer {
    kinds: Vec<KindStats>,
    /// Final scores, per seat, one entry per game.
    scores: Vec<Vec<u32>>,
}

impl Observer {
    /// An observer for games with `cat` and `players` seats.
    pub fn new(cat: &Catalog, players: usize) -> Observer {
        Observer {
            kinds: vec![KindStats::default(); cat.len()],
            scores: vec![Vec::new(); players],
        }
    }

    /// Plays `game` to its end exactly as [`RandomPlayer::play`] does (same
    /// moves for the same `rng`), reading the events after every turn. The game
    /// must record events.
    pub fn play(&mut self, player: &mut RandomPlayer, game: &mut Game, rng: &mut Rng) -> GameStats {
        let mut stats = GameStats::default();
        let mut seen = game.events().len();
        loop {
            let n = player.turn(game, rng);
            seen = self.observe(game, seen, n.unwrap_or(0));
            let Some(n) = n else { break };
            stats.turns += 1;
            stats.placements += n as u64;
        }
        game.finish();
        self.observe(game, seen, 0);
        for (seat, &s) in self.scores.iter_mut().zip(game.scores()) {
            seat.push(s);
        }
        stats
    }

    /// Reads the events from index `seen` on; `legal` is the number of legal
    /// placements of the tile placed in this turn. Returns the new index.
    fn observe(&mut self, game: &Game, seen: usize, legal: usize) -> usize {
        let events = game.events();
        for e in events.get(seen..).unwrap_or(&[]) {
            match e {
                Event::TilePlaced { kind, .. } => {
                    if let Some(k) = self.kinds.get_mut(usize::from(*kind)) {
                        k.draws += 1;
                        k.placements += legal as u64;
                    }
                }
                Event::SetAside { kind, .. } => {
                    if let Some(k) = self.kinds.get_mut(usize::from(*kind)) {
                        k.draws += 1;
                        k.set_aside += 1;
                    }
                }
                Event::Scored(s) => {
                    for &pos in &s.tiles {
                        let kind = game.tile_at(pos).map(|t| usize::from(t.kind));
                        if let Some(k) = kind.and_then(|k| self.kinds.get_mut(k)) {
                            k.joined += 1;
                            k.joined_points += u64::from(s.points);
                        }
                    }
                }
                _ => {}
            }
        }
        events.len()
    }

    /// The report as JSON (keys sorted at every level).
    pub fn to_json(&self, cat: &Catalog, sets: &[&TileSet], run: Value) -> Value {
        let mut sets_out = Map::new();
        let mut total_draws = 0;
        for set in sets {
            let mut tiles = Map::new();
            let (mut draws, mut aside) = (0, 0);
            for def in set.tiles.iter() {
                let Some(id) = cat.kind_id(&def.id) else {
                    continue;
                };
                let k = self.kinds[usize::from(id)];
                draws += k.draws;
                aside += k.set_aside;
                tiles.insert(
                    def.id.to_string(),
                    json!({
                        "name": &*def.name,
                        "copies": def.count,
                        "draws": k.draws,
                        "set_aside": k.set_aside,
                        "set_aside_rate": ratio(k.set_aside, k.draws),
                        "mean_legal_placements": ratio(k.placements, k.draws),
                        "features_joined": k.joined,
                        "mean_feature_points": ratio(k.joined_points, k.joined),
                    }),
                );
            }
            total_draws += draws;
            sets_out.insert(
                set.id.to_string(),
                json!({ "name": &*set.name, "draws": draws, "set_aside": aside, "tiles": tiles }),
            );
        }
        let report = json!({
            "run": run,
            "tiles_drawn": total_draws,
            "sets": sets_out,
            "scores": self.scores_json(),
        });
        sorted(report)
    }

    fn scores_json(&self) -> Value {
        let all: Vec<u32> = self.scores.iter().flatten().copied().collect();
        let max = all.iter().copied().max().unwrap_or(0);
        let width = bin_width(max);
        let bins = (max / width + 1) as usize;
        let seats: Vec<Value> = self
            .scores
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let mut counts = vec![0u64; bins];
                for &x in s {
                    counts[(x / width) as usize] += 1;
                }
                let mut v = summary(s);
                v["seat"] = json!(i);
                v["histogram"] = json!(counts);
                v
            })
            .collect();
        json!({ "all_seats": summary(&all), "bin_width": width, "seats": seats })
    }
}

/// Mean, min, max and (population) standard deviation.
fn summary(xs: &[u32]) -> Value {
    let n = xs.len().max(1) as f64;
    let mean = xs.iter().map(|&x| f64::from(x)).sum::<f64>() / n;
    let var = xs
        .iter()
        .map(|&x| (f64::from(x) - mean).powi(2))
        .sum::<f64>()
        / n;
    json!({
        "count": xs.len(),
        "mean": round(mean),
        "min": xs.iter().min().copied().unwrap_or(0),
        "max": xs.iter().max().copied().unwrap_or(0),
        "stddev": round(var.sqrt()),
    })
}

/// A histogram bin width from 1, 2, 5, 10, 20, 50, ... giving at most 25 bins.
fn bin_width(max: u32) -> u32 {
    let mut w = 1u32;
    for step in [2, 5, 2].iter().cycle() {
        if max / w < 25 {
            break;
        }
        w = if *step == 5 { w / 2 * 5 } else { w * 2 };
    }
    w
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        round(a as f64 / b as f64)
    }
}

fn round(x: f64) -> f64 {
    // `+ 0.0` turns -0.0 (the sum of no scores) into 0.0.
    (x * 10_000.0).round() / 10_000.0 + 0.0
}

/// The same value with every object's keys in sorted order.
fn sorted(v: Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut entries: Vec<(String, Value)> = m.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(entries.into_iter().map(|(k, v)| (k, sorted(v))).collect())
        }
        Value::Array(a) => Value::Array(a.into_iter().map(sorted).collect()),
        v => v,
    }
}

/// Writes the report of a finished `tilec simulate` run into `dir`; the exit code.
pub fn finish(
    args: &super::simulate::SimulateArgs,
    available: &super::sets::Available,
    cat: &Catalog,
    observer: &super::report::Observer,
    dir: &std::path::Path,
) -> u8 {
    let sets = available.select(&args.sets).unwrap_or_default();
    let run = serde_json::json!({
        "sets": args.sets,
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "figure_rate": args.figure_rate,
    });
    let json = observer.to_json(cat, &sets, run);
    match write(dir, &json) {
        Ok(()) => {
            println!("wrote {}/report.json and report.html", dir.display());
            0
        }
        Err(m) => {
            eprintln!("{m}");
            2
        }
    }
}

/// Writes `report.json` and `report.html` into `dir` (created if missing).
pub fn write(dir: &Path, report: &Value) -> Result<(), String> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("error: cannot create `{}`: {e}", dir.display()))?;
    let mut json = serde_json::to_string_pretty(report).unwrap_or_default();
    json.push('\n');
    super::output::replace_file(&dir.join("report.json"), json.as_bytes())?;
    super::output::replace_file(&dir.join("report.html"), html(report).as_bytes())
}

const COLOURS: [&str; 6] = [
    "#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
];

/// The HTML page: the run, the score histogram, then per set a chart and a table.
pub fn html(report: &Value) -> String {
    let mut out = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>tilec balance report</title>\n<style>\n\
         body{font-family:sans-serif;margin:2em;max-width:60em}\
         table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}\
         th:first-child,td:first-child{text-align:left}\n</style>\n</head>\n<body>\n\
         <h1>Balance report</h1>\n",
    );
    let run = &report["run"];
    let _ = writeln!(
        out,
        "<p>Sets {}; {} players; {} random games, seed {}, figure rate {}; {} tiles drawn.</p>",
        esc(&run["sets"].as_array().map_or(String::new(), |a| {
            a.iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(", ")
        })),
        run["players"],
        run["games"],
        run["seed"],
        run["figure_rate"],
        report["tiles_drawn"]
    );
    out += "<h2>Final scores</h2>\n";
    scores_html(&mut out, &report["scores"]);
    if let Some(sets) = report["sets"].as_object() {
        for (id, set) in sets {
            let _ = writeln!(
                out,
                "<h2>Set {} ({})</h2>",
                esc(id),
                esc(set["name"].as_str().unwrap_or(""))
            );
            set_html(&mut out, set);
        }
    }
    out += "</body>\n</html>\n";
    out
}

fn scores_html(out: &mut String, scores: &Value) {
    let all = &scores["all_seats"];
    let _ = writeln!(
        out,
        "<p>All seats: mean {}, min {}, max {}, standard deviation {}.</p>",
        all["mean"], all["min"], all["max"], all["stddev"]
    );
    out.push_str(
        "<table>\n<tr><th>seat</th><th>mean</th><th>min</th><th>max</th><th>stddev</th></tr>\n",
    );
    let seats = scores["seats"].as_array().cloned().unwrap_or_default();
    for s in &seats {
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            s["seat"], s["mean"], s["min"], s["max"], s["stddev"]
        );
    }
    out.push_str("</table>\n");
    let width = scores["bin_width"].as_u64().unwrap_or(1).max(1);
    let hist: Vec<Vec<u64>> = seats
        .iter()
        .map(|s| {
            s["histogram"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_u64).collect())
                .unwrap_or_default()
        })
        .collect();
    histogram_svg(out, &hist, width);
}

/// Grouped bars: one group per bin, one bar per seat.
fn histogram_svg(out: &mut String, hist: &[Vec<u64>], width: u64) {
    let bins = hist.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let top = hist.iter().flatten().copied().max().unwrap_or(0).max(1);
    let (w, h, left, bottom) = (720.0, 260.0, 40.0, 30.0);
    let group = (w - left - 10.0) / bins as f64;
    let bar = group * 0.8 / hist.len().max(1) as f64;
    let _ = writeln!(
        out,
        "<svg class=\"chart\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" role=\"img\"><title>Final scores per seat</title>"
    );
    let base = h - bottom;
    let _ = writeln!(
        out,
        "<line x1=\"{left}\" y1=\"{base}\" x2=\"{}\" y2=\"{base}\" stroke=\"#333\"/>\
         <text x=\"4\" y=\"14\" font-size=\"11\">{top}</text>\
         <text x=\"4\" y=\"{base}\" font-size=\"11\">0</text>",
        w - 10.0
    );
    for b in 0..bins {
        let x0 = left + b as f64 * group;
        if bins <= 12 || b % 2 == 0 {
            let _ = writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\">{}</text>",
                x0,
                base + 14.0,
                b as u64 * width
            );
        }
        for (seat, counts) in hist.iter().enumerate() {
            let c = counts.get(b).copied().unwrap_or(0);
            let bh = (base - 20.0) * c as f64 / top as f64;
            let _ = writeln!(
                out,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{}\">\
                 <title>seat {seat}, scores {}-{}: {c} games</title></rect>",
                x0 + seat as f64 * bar,
                base - bh,
                bar,
                bh,
                COLOURS[seat % COLOURS.len()],
                b as u64 * width,
                (b as u64 + 1) * width - 1
            );
        }
    }
    let _ = writeln!(
        out,
        "<text x=\"{:.0}\" y=\"{:.0}\" font-size=\"11\">score</text></svg>",
        w / 2.0,
        h - 2.0
    );
    out.push_str("<p>");
    for seat in 0..hist.len() {
        let _ = write!(
            out,
            "<span style=\"color:{}\">&#9632; seat {seat}</span> ",
            COLOURS[seat % COLOURS.len()]
        );
    }
    out.push_str("</p>\n");
}

/// One set: a bar chart of set-aside rate and mean legal placements per kind
/// (horizontal bars), then the table.
fn set_html(out: &mut String, set: &Value) {
    let tiles: Vec<(&String, &Value)> = set["tiles"]
        .as_object()
        .map(|m| m.iter().collect())
        .unwrap_or_default();
    let num = |v: &Value, k: &str| v[k].as_f64().unwrap_or(0.0);
    let top = tiles
        .iter()
        .map(|(_, t)| num(t, "mean_feature_points"))
        .fold(1.0f64, f64::max);
    let (row, left, w) = (16.0, 160.0, 720.0);
    let h = row * tiles.len() as f64 + 30.0;
    let _ = writeln!(
        out,
        "<svg class=\"chart\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" role=\"img\"><title>Mean points of the scored features joined, \
         per tile kind</title>"
    );
    let _ = writeln!(
        out,
        "<text x=\"{left}\" y=\"12\" font-size=\"11\">mean points of scored features joined \
         (0 to {top:.1}); red: set aside</text>"
    );
    for (i, (id, t)) in tiles.iter().enumerate() {
        let y = 20.0 + row * i as f64;
        let pts = num(t, "mean_feature_points");
        let aside = num(t, "set_aside_rate");
        let len = (w - left - 10.0) * pts / top;
        let _ = writeln!(
            out,
            "<text x=\"0\" y=\"{:.1}\" font-size=\"11\">{}</text>\
             <rect x=\"{left}\" y=\"{y:.1}\" width=\"{len:.1}\" height=\"{:.1}\" fill=\"#1f77b4\">\
             <title>{}: {pts} points</title></rect>\
             <rect x=\"{left}\" y=\"{:.1}\" width=\"{:.1}\" height=\"3\" fill=\"#d62728\">\
             <title>{}: {:.1}% set aside</title></rect>",
            y + 11.0,
            esc(id),
            row - 5.0,
            esc(id),
            y + row - 5.0,
            (w - left - 10.0) * aside,
            esc(id),
            aside * 100.0
        );
    }
    out.push_str("</svg>\n");
    out.push_str(
        "<table>\n<tr><th>tile</th><th>copies</th><th>draws</th><th>set aside</th>\
         <th>mean legal placements</th><th>features joined</th><th>mean feature points</th></tr>\n",
    );
    for (id, t) in &tiles {
        let _ = writeln!(
            out,
            "<tr><td>{} {}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(id),
            esc(t["name"].as_str().unwrap_or("")),
            t["copies"],
            t["draws"],
            t["set_aside"],
            t["mean_legal_placements"],
            t["features_joined"],
            t["mean_feature_points"]
        );
    }
    out.push_str("</table>\n");
}

/// HTML-escapes text (tile ids and names are designers' text).
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
