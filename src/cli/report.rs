//! `tilec simulate --report DIR`: a balance report gathered from the random games,
//! written as `DIR/report.json` (keys sorted at every level; the same bytes for
//! the same arguments) and `DIR/report.html` (one self-contained page: charts
//! drawn with `plotters` as inline SVG, no script, no remote resource). Both files
//! are built in memory and only then written, so a failure leaves no half report.
//!
//! # `report.json`
//!
//! - `run`: the arguments (`sets`, `players`, `games`, `seed`, `figure_rate`).
//! - `tiles_drawn`: draws over all games and sets.
//! - `scores`: final scores per seat. `seats[i]`: `seat`, `count` (games),
//!   `mean`, `min`, `max`, `stddev` (population) and `histogram` (games per bin
//!   of `bin_width` points, bins shared by all seats, the first from 0);
//!   `all_seats`: the same summary over every seat's scores.
//! - `sets.ID`: per tile set in play: `name`, `draws`, `set_aside`, and
//!   - `earned`: the distribution over the games of the points that players
//!     earned from features holding at least one tile of this set, read from the
//!     engine's `Scored` events (a feature's points count once per winner, so with
//!     a single set a game's value is the sum of its final scores; a feature with
//!     tiles of several sets counts for each of them): `count` (games), `mean`,
//!     `min`, `max`, `stddev`, `bin_width`, `histogram`.
//!   - `tiles.KIND`: per tile kind: `name`, `copies`; `draws`, `set_aside`
//!     (drawn but fitting nowhere) and `set_aside_rate` = `set_aside / draws`;
//!     `legal_placements` (summed over the draws; a set-aside draw adds 0) and
//!     `mean_legal_placements` = `legal_placements / draws`; `placed` (copies on
//!     the board at the end of the games, a start tile included);
//!     `features_joined` (one per placed copy and distinct feature it is part
//!     of, rivers and figure-less features included) and `feature_points` (what
//!     those features were worth at the end of the game, by
//!     [`Game::feature_points`]: incomplete roads and cities by the final-scoring
//!     rules, fields by their completed cities, rivers 0), with
//!     `mean_feature_points` = `feature_points / features_joined`.
//!
//! Means and rates are rounded to 4 decimals; one over no case (0 draws, 0
//! features) is 0.

use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;
use tilec_runtime::{Catalog, Event, Game, GameStats, KindId, RandomPlayer, Rng, TileSet};

/// What was seen of one tile kind.
#[derive(Clone, Copy, Debug, Default)]
struct KindStats {
    draws: u64,
    set_aside: u64,
    /// Legal placements summed over the draws that were placed.
    placements: u64,
    /// Copies on the board at the ends of the games.
    placed: u64,
    /// Features a placed copy was part of (one per copy and feature).
    joined: u64,
    /// What those features were worth at the end, summed.
    joined_points: u64,
}

/// Collects the report's statistics while the games are played.
pub struct Observer {
    kinds: Vec<KindStats>,
    /// The set (index into the sets given to [`Observer::new`]) of each kind.
    kind_set: Vec<Option<usize>>,
    /// Final scores, per seat, one entry per game.
    scores: Vec<Vec<i32>>,
    /// Per set, the points earned from its features, one entry per game.
    earned: Vec<Vec<u64>>,
    /// Per set, the points earned in the game being played.
    game_earned: Vec<u64>,
    /// Per feature root, its worth at the end of the game being played.
    worth: HashMap<u16, u32>,
}

impl Observer {
    /// An observer for games with `cat` (compiled from `sets`) and `players` seats.
    pub fn new(cat: &Catalog, sets: &[&TileSet], players: usize) -> Observer {
        let mut kind_set = vec![None; cat.len()];
        for (i, set) in sets.iter().enumerate() {
            for def in set.tiles.iter() {
                if let Some(slot) = cat
                    .kind_id(&def.id)
                    .and_then(|id| kind_set.get_mut(usize::from(id)))
                {
                    *slot = Some(i);
                }
            }
        }
        Observer {
            kinds: vec![KindStats::default(); cat.len()],
            kind_set,
            scores: vec![Vec::new(); players],
            earned: vec![Vec::new(); sets.len()],
            game_earned: vec![0; sets.len()],
            worth: HashMap::new(),
        }
    }

    /// Plays `game` to its end exactly as [`RandomPlayer::play`] does (same
    /// moves for the same `rng`), reading the events after every turn, then
    /// walks the final board. The game must record events.
    pub fn play(&mut self, player: &mut RandomPlayer, game: &mut Game, rng: &mut Rng) -> GameStats {
        let mut stats = GameStats::default();
        let mut seen = game.events().len();
        self.game_earned.fill(0);
        loop {
            let n = player.turn(game, rng);
            seen = self.observe(game, seen, n.unwrap_or(0));
            let Some(n) = n else { break };
            stats.turns += 1;
            stats.placements += n as u64;
        }
        game.finish();
        self.observe(game, seen, 0);
        // Final scoring returns the figures but leaves the features as they are.
        self.walk_board(game);
        for (seat, &s) in self.scores.iter_mut().zip(game.scores()) {
            seat.push(s);
        }
        for (set, &p) in self.earned.iter_mut().zip(&self.game_earned) {
            set.push(p);
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
                    let mut touched = vec![false; self.game_earned.len()];
                    for &pos in &s.tiles {
                        let set = game
                            .tile_at(pos)
                            .and_then(|t| self.kind_set.get(usize::from(t.kind)))
                            .copied()
                            .flatten();
                        if let Some(flag) = set.and_then(|i| touched.get_mut(i)) {
                            *flag = true;
                        }
                    }
                    let points = u64::from(s.points) * s.winners.len() as u64;
                    for (total, _) in self.game_earned.iter_mut().zip(&touched).filter(|t| *t.1) {
                        *total += points;
                    }
                }
                _ => {}
            }
        }
        events.len()
    }

    /// Every placed copy: the distinct features it is part of and their worth.
    fn walk_board(&mut self, game: &Game) {
        self.worth.clear();
        let mut roots: Vec<u16> = Vec::new();
        for tile in game.placed_tiles() {
            let Some(k) = self.kinds.get_mut(usize::from(tile.kind)) else {
                continue;
            };
            k.placed += 1;
            roots.clear();
            let segments = game.catalog().kind(tile.kind).segments.len();
            for seg in (0..segments).filter_map(|s| u8::try_from(s).ok()) {
                let Some(feature) = game.feature(tile.pos, seg) else {
                    continue;
                };
                if roots.contains(&feature.id) {
                    continue;
                }
                roots.push(feature.id);
                let points = *self
                    .worth
                    .entry(feature.id)
                    .or_insert_with(|| game.feature_points(tile.pos, seg).unwrap_or(0));
                k.joined += 1;
                k.joined_points += u64::from(points);
            }
        }
    }

    /// The report as JSON (keys sorted at every level).
    pub fn to_json(&self, cat: &Catalog, sets: &[&TileSet], run: Value) -> Value {
        let mut sets_out = Map::new();
        let mut total_draws = 0;
        for (i, set) in sets.iter().enumerate() {
            let mut tiles = Map::new();
            let (mut draws, mut aside) = (0, 0);
            for def in set.tiles.iter() {
                let Some(k) = cat
                    .kind_id(&def.id)
                    .and_then(|id: KindId| self.kinds.get(usize::from(id)))
                else {
                    continue;
                };
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
                        "legal_placements": k.placements,
                        "mean_legal_placements": ratio(k.placements, k.draws),
                        "placed": k.placed,
                        "features_joined": k.joined,
                        "feature_points": k.joined_points,
                        "mean_feature_points": ratio(k.joined_points, k.joined),
                    }),
                );
            }
            total_draws += draws;
            let earned = self.earned.get(i).map_or(&[][..], Vec::as_slice);
            let mut dist = summary(earned);
            let width = bin_width(earned.iter().copied().max().unwrap_or(0));
            dist["bin_width"] = json!(width);
            dist["histogram"] = json!(histogram(earned, width, 0));
            sets_out.insert(
                set.id.to_string(),
                json!({
                    "name": &*set.name,
                    "draws": draws,
                    "set_aside": aside,
                    "earned": dist,
                    "tiles": tiles,
                }),
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

    /// Final scores per seat. A score can be negative (Vodyanoy's -2 per trapped
    /// figure): the summaries use the true values, the histograms count negative
    /// scores in their first bin and report how many there were (`negative`).
    fn scores_json(&self) -> Value {
        let clamp = |s: &[i32]| -> Vec<u64> { s.iter().map(|&x| x.max(0) as u64).collect() };
        let all_true: Vec<i32> = self.scores.iter().flatten().copied().collect();
        let all = clamp(&all_true);
        let max = all.iter().copied().max().unwrap_or(0);
        let width = bin_width(max);
        let bins = (max / width + 1) as usize;
        let seats: Vec<Value> = self
            .scores
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let mut v = summary(s);
                v["seat"] = json!(i);
                v["histogram"] = json!(histogram(&clamp(s), width, bins));
                v["negative"] = json!(s.iter().filter(|&&x| x < 0).count());
                v
            })
            .collect();
        json!({ "all_seats": summary(&all_true), "bin_width": width, "seats": seats })
    }
}

/// The counts a summary is taken of, as floating point for the mean.
trait Float {
    fn float(self) -> f64;
}

impl Float for u64 {
    fn float(self) -> f64 {
        self as f64
    }
}

impl Float for i32 {
    fn float(self) -> f64 {
        f64::from(self)
    }
}

/// Count, mean, min, max and (population) standard deviation (of scores or
/// points; a score may be negative).
fn summary<T: Copy + Ord + Default + Float + serde::Serialize>(xs: &[T]) -> Value {
    let n = xs.len().max(1) as f64;
    let value = |x: T| x.float();
    let mean = xs.iter().map(|&x| value(x)).sum::<f64>() / n;
    let var = xs.iter().map(|&x| (value(x) - mean).powi(2)).sum::<f64>() / n;
    json!({
        "count": xs.len(),
        "mean": round(mean),
        "min": xs.iter().min().copied().unwrap_or_default(),
        "max": xs.iter().max().copied().unwrap_or_default(),
        "stddev": round(var.sqrt()),
    })
}

/// Values per bin of `width` from 0, at least `bins` bins and up to the largest.
fn histogram(xs: &[u64], width: u64, bins: usize) -> Vec<u64> {
    let width = width.max(1);
    let top = xs
        .iter()
        .map(|&x| (x / width) as usize + 1)
        .max()
        .unwrap_or(1);
    let mut counts = vec![0u64; top.max(bins)];
    for &x in xs {
        counts[(x / width) as usize] += 1;
    }
    counts
}

/// A histogram bin width from 1, 2, 5, 10, 20, 50, ... giving at most 25 bins.
fn bin_width(max: u64) -> u64 {
    let mut w = 1u64;
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
    sets: &[&TileSet],
    cat: &Catalog,
    observer: &Observer,
    dir: &Path,
) -> u8 {
    let run = json!({
        "sets": args.sets,
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "figure_rate": args.figure_rate,
    });
    let json = observer.to_json(cat, sets, run);
    match write(dir, &json) {
        Ok(()) => {
            outln!("wrote {}/report.json and report.html", dir.display());
            0
        }
        Err(m) => {
            eprintln!("{m}");
            2
        }
    }
}

/// Checks before the games that the report can go into `dir` (created if
/// missing), so that a bad `--report` fails at once.
pub fn prepare(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| {
        format!(
            "error: cannot create the report directory `{}`: {e}",
            dir.display()
        )
    })
}

/// Writes `report.json` and `report.html` into `dir` (created if missing). Both
/// are built first and written as hidden siblings, then renamed into place: an
/// error leaves no partial file behind.
pub fn write(dir: &Path, report: &Value) -> Result<(), String> {
    let mut json = serde_json::to_string_pretty(report)
        .map_err(|e| format!("error: cannot serialise the report: {e}"))?;
    json.push('\n');
    let html = html(report)?;
    prepare(dir)?;
    let files = [("report.json", json), ("report.html", html)];
    let tmp = |name: &str| dir.join(format!(".{name}.tmp"));
    let clean = || {
        for (name, _) in &files {
            let _ = std::fs::remove_file(tmp(name));
        }
    };
    for (name, text) in &files {
        if let Err(e) = std::fs::write(tmp(name), text) {
            clean();
            return Err(format!(
                "error: cannot write `{}`: {e}",
                dir.join(name).display()
            ));
        }
    }
    for (name, _) in &files {
        if let Err(e) = std::fs::rename(tmp(name), dir.join(name)) {
            clean();
            return Err(format!(
                "error: cannot write `{}`: {e}",
                dir.join(name).display()
            ));
        }
    }
    Ok(())
}

/// Seat and series colours.
const COLOURS: [RGBColor; 6] = [
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x8c, 0x56, 0x4b),
];

/// The HTML page: the run, the final-score histogram, then per set its earned
/// points histogram, a chart of its tile kinds and a table.
pub fn html(report: &Value) -> Result<String, String> {
    let mut out = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>tilec balance report</title>\n<style>\n\
         body{font-family:sans-serif;margin:2em;max-width:60em}\
         table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}\
         th:first-child,td:first-child{text-align:left}svg{display:block;max-width:100%;height:auto}\n\
         </style>\n</head>\n<body>\n<h1>Balance report</h1>\n",
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
    scores_html(&mut out, &report["scores"])?;
    if let Some(sets) = report["sets"].as_object() {
        for (id, set) in sets {
            let _ = writeln!(
                out,
                "<h2>Set {} ({})</h2>",
                esc(id),
                esc(set["name"].as_str().unwrap_or(""))
            );
            set_html(&mut out, id, set)?;
        }
    }
    out += "</body>\n</html>\n";
    Ok(out)
}

fn scores_html(out: &mut String, scores: &Value) -> Result<(), String> {
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
    let series: Vec<(String, Vec<u64>)> = seats
        .iter()
        .map(|s| (format!("seat {}", s["seat"]), counts(&s["histogram"])))
        .collect();
    let width = scores["bin_width"].as_u64().unwrap_or(1);
    out.push_str(&histogram_svg(
        "Final scores per seat",
        "final score",
        width,
        &series,
    )?);
    Ok(())
}

/// One set: the distribution of the points earned from its features, a chart
/// of its kinds (mean feature points, mean legal placements, set-aside rate),
/// then the table.
fn set_html(out: &mut String, id: &str, set: &Value) -> Result<(), String> {
    let earned = &set["earned"];
    let _ = writeln!(
        out,
        "<p>Points earned per game from features with a tile of this set: mean {}, \
         min {}, max {}, standard deviation {}.</p>",
        earned["mean"], earned["min"], earned["max"], earned["stddev"]
    );
    out.push_str(&histogram_svg(
        &format!("Points earned from set {id}, per game"),
        "points earned",
        earned["bin_width"].as_u64().unwrap_or(1),
        &[(id.to_string(), counts(&earned["histogram"]))],
    )?);
    let tiles: Vec<(&String, &Value)> = set["tiles"]
        .as_object()
        .map(|m| m.iter().collect())
        .unwrap_or_default();
    if !tiles.is_empty() {
        out.push_str(&kinds_svg(&tiles)?);
    }
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
    Ok(())
}

fn counts(v: &Value) -> Vec<u64> {
    v.as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default()
}

fn chart_error(e: impl std::fmt::Display) -> String {
    format!("error: cannot draw a report chart: {e}")
}

/// An SVG drawn by `plotters` into a string, ready to sit inline in HTML: the
/// `xmlns` attribute (which HTML does not need) is dropped so that the page
/// holds no URL at all.
fn svg(
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend, plotters::coord::Shift>) -> Result<(), String>,
) -> Result<String, String> {
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, size).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        draw(&root)?;
        root.present().map_err(chart_error)?;
    }
    Ok(text.replacen(" xmlns=\"http://www.w3.org/2000/svg\"", "", 1))
}

/// A histogram of games per bin of `width`: one bar per series in each bin.
fn histogram_svg(
    caption: &str,
    x_desc: &str,
    width: u64,
    series: &[(String, Vec<u64>)],
) -> Result<String, String> {
    let width = width.max(1);
    let bins = series.iter().map(|s| s.1.len()).max().unwrap_or(0).max(1);
    let top = series.iter().flat_map(|s| &s.1).copied().max().unwrap_or(0);
    let x_max = (bins as u64 * width) as f64;
    svg((720, 300), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(caption, ("sans-serif", 20))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(0f64..x_max, 0u64..top + top / 10 + 1)
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc(x_desc)
            .y_desc("games")
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 14))
            .x_label_formatter(&|x| format!("{x}"))
            .draw()
            .map_err(chart_error)?;
        let bar = width as f64 / series.len().max(1) as f64;
        for (i, (name, counts)) in series.iter().enumerate() {
            let colour = COLOURS[i % COLOURS.len()];
            let bars = counts.iter().enumerate().map(move |(b, &c)| {
                let x0 = (b as u64 * width) as f64 + i as f64 * bar;
                let mut r = Rectangle::new([(x0, 0), (x0 + bar, c)], colour.filled());
                r.set_margin(0, 0, 1, 1);
                r
            });
            chart
                .draw_series(bars)
                .map_err(chart_error)?
                .label(name.as_str())
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 10, y + 5)], colour.filled())
                });
        }
        if series.len() < 2 {
            return Ok(());
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .label_font(("sans-serif", 14))
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(chart_error)
    })
}

/// Three bar charts side by side, one row per tile kind: mean points of the
/// features joined, mean legal placements, set-aside rate.
fn kinds_svg(tiles: &[(&String, &Value)]) -> Result<String, String> {
    let n = tiles.len();
    let label_width = tiles
        .iter()
        .map(|(id, _)| id.chars().count())
        .max()
        .unwrap_or(4) as u32
        * 8
        + 16;
    let height = 70 + 18 * n.max(1) as u32;
    let panels: [(&str, &str, RGBColor); 3] = [
        (
            "mean points of features joined",
            "mean_feature_points",
            COLOURS[1],
        ),
        ("mean legal placements", "mean_legal_placements", COLOURS[2]),
        ("set-aside rate", "set_aside_rate", COLOURS[0]),
    ];
    let value = |t: &Value, key: &str| t[key].as_f64().unwrap_or(0.0).max(0.0);
    svg((label_width + 3 * 220, height), |root| {
        let (first, rest) = root.split_horizontally(label_width + 220);
        let mut areas = vec![first];
        areas.extend(rest.split_evenly((1, 2)));
        for (p, ((title, key, colour), area)) in panels.iter().zip(&areas).enumerate() {
            let top = if *key == "set_aside_rate" {
                1.0
            } else {
                tiles
                    .iter()
                    .map(|(_, t)| value(t, key))
                    .fold(0.0, f64::max)
                    .max(1.0)
                    * 1.05
            };
            let mut chart = ChartBuilder::on(area)
                .caption(*title, ("sans-serif", 16))
                .margin(6)
                .x_label_area_size(25)
                .y_label_area_size(if p == 0 { label_width } else { 0 })
                .build_cartesian_2d(0f64..top, (0..n as i32).into_segmented())
                .map_err(chart_error)?;
            let label = |v: &SegmentValue<i32>| match v {
                SegmentValue::CenterOf(i) => usize::try_from(*i)
                    .ok()
                    .and_then(|i| n.checked_sub(i + 1))
                    .and_then(|row| tiles.get(row))
                    .map_or(String::new(), |(id, _)| id.to_string()),
                _ => String::new(),
            };
            chart
                .configure_mesh()
                .disable_y_mesh()
                .y_labels(n + 1)
                .x_labels(5)
                .max_light_lines(1)
                .label_style(("sans-serif", 13))
                .y_label_formatter(&label)
                .x_label_formatter(&|x| format!("{x}"))
                .draw()
                .map_err(chart_error)?;
            let bars = tiles.iter().enumerate().map(|(row, (_, t))| {
                let y = (n - 1 - row) as i32;
                let mut r = Rectangle::new(
                    [
                        (0.0, SegmentValue::Exact(y)),
                        (value(t, key), SegmentValue::Exact(y + 1)),
                    ],
                    colour.filled(),
                );
                r.set_margin(3, 3, 0, 0);
                r
            });
            chart.draw_series(bars).map_err(chart_error)?;
        }
        Ok(())
    })
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
