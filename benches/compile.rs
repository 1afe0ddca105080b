//! Throughput and peak memory of the whole pipeline (`tilec::compile`: parse →
//! lower → graph → check) on generated corpora of 1k, 10k and 100k tiles.
//!
//! `cargo bench --bench compile` first prints, per size, the peak heap per tile
//! (measured by a counting global allocator, with and without the input text) and
//! the best rate of several runs, then lets criterion measure tiles/s
//! (`cargo bench --bench compile -- none` prints the figures only). Targets:
//! ≥ 200,000 tiles/s on one core, flat cost per tile from 1k to 100k, under 1 KiB
//! of heap per tile.

use criterion::{BatchSize, BenchmarkId, Criterion, Throughput};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};
use tilec::diagnostic::{render_plain, FileId, Sources};

/// Counts live heap bytes and their high-water mark.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to `System` unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            grow(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        LIVE.fetch_sub(layout.size(), Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Relaxed);
            grow(new_size);
        }
        p
    }
}

fn grow(bytes: usize) {
    let live = LIVE.fetch_add(bytes, Relaxed) + bytes;
    PEAK.fetch_max(live, Relaxed);
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Tiles per generated file (one set each).
const TILES_PER_SET: usize = 100;
const SIZES: [usize; 3] = [1_000, 10_000, 100_000];

/// A tiny deterministic generator (xorshift64*), so the corpus is the same on
/// every run without a `rand` dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Tile bodies modelled on the shipped sets, at rotation 0. `{P}` is replaced by a
/// pennant attribute (or nothing); port words are rotated per tile.
const TEMPLATES: &[(&str, &[&str])] = &[
    (
        "Monastery with road",
        &[
            "monastery m",
            "road r S",
            "end r at m",
            "field f NL NR EL ER SL SR WL WR",
        ],
    ),
    (
        "Monastery",
        &["monastery m", "field f NL NR EL ER SL SR WL WR"],
    ),
    ("Four-sided city", &["city c N E S W{P}"]),
    (
        "City cap with straight road",
        &[
            "city c N",
            "road r W E",
            "field f1 EL WR -> c",
            "field f2 ER SL SR WL",
        ],
    ),
    (
        "City cap",
        &["city c N{P}", "field f EL ER SL SR WL WR -> c"],
    ),
    (
        "City across the middle",
        &[
            "city c W E{P}",
            "field f1 NL NR -> c",
            "field f2 SL SR -> c",
        ],
    ),
    (
        "Two opposite city caps",
        &["city cn N", "city cs S", "field f EL ER WL WR -> cn cs"],
    ),
    (
        "Two adjacent city caps",
        &["city cn N", "city cw W{P}", "field f EL ER SL SR -> cn cw"],
    ),
    (
        "Road curve",
        &["road r S W", "field f1 WR N E SL", "field f2 SR WL"],
    ),
    (
        "Straight road",
        &["road r N S", "field f1 NR E SL", "field f2 SR W NL"],
    ),
    (
        "Three-way crossroads",
        &[
            "road r1 W",
            "road r2 S",
            "road r3 E",
            "end r1 r2 r3 at junction",
            "field f1 WR N EL",
            "field f2 ER SL",
            "field f3 SR WL",
        ],
    ),
    (
        "Crossroads",
        &[
            "road r1 N",
            "road r2 E",
            "road r3 S",
            "road r4 W",
            "end r1 r2 r3 r4 at village",
            "field f1 NR EL",
            "field f2 ER SL",
            "field f3 SR WL",
            "field f4 WR NL",
        ],
    ),
    (
        "City with a road to its gate",
        &[
            "city c N{P}",
            "road r S",
            "end r at c",
            "field f1 E SL -> c",
            "field f2 SR W -> c",
        ],
    ),
    (
        "Enclosed field between cities",
        &[
            "city cn N pennants=1",
            "city cwe W E",
            "field f1 -> cn cwe",
            "field f2 SL SR -> cwe",
        ],
    ),
];

const PORTS: [&str; 12] = [
    "NL", "N", "NR", "EL", "E", "ER", "SL", "S", "SR", "WL", "W", "WR",
];

/// A statement line with its port words turned `quarter_turns` clockwise.
fn rotate(line: &str, quarter_turns: usize) -> String {
    let words = line
        .split(' ')
        .map(|w| match PORTS.iter().position(|p| *p == w) {
            Some(i) => PORTS[(i + 3 * quarter_turns) % 12],
            None => w,
        });
    words.collect::<Vec<_>>().join(" ")
}

/// One set's file: 100 tiles (variants included) and the set's total of copies.
fn set_file(set: usize, rng: &mut Rng) -> (String, u32) {
    let mut out = format!("# Generated set {set}.\nset s{set} \"Set {set}\" {{\n  edition \"bench\"\n  provenance sourced\n}}\n");
    let (mut tiles, mut total) = (0, 0);
    while tiles < TILES_PER_SET {
        let (name, body) = TEMPLATES[rng.below(TEMPLATES.len())];
        let (turns, count) = (rng.below(4), 1 + rng.below(4) as u32);
        out.push_str(&format!("\ntile T{tiles} \"{name}\" {{\n  count {count}\n"));
        for line in body.iter() {
            let pennants = ["", "", " pennants=1", " pennants=2"][rng.below(4)];
            out.push_str(&format!(
                "  {}\n",
                rotate(&line.replace("{P}", pennants), turns)
            ));
        }
        match rng.below(8) {
            0 => out.push_str(&format!(
                "  arrow portal {}\n",
                ["N", "E", "S", "W"][rng.below(4)]
            )),
            1 => out.push_str("  mark festival\n"),
            2 => out.push_str("  provenance reconstructed \"layout inferred\"\n"),
            3 => {
                let copies: Vec<&str> = (0..count)
                    .map(|i| if i == 0 { "-" } else { "farmhouse+pigsty" })
                    .collect();
                out.push_str(&format!("  copies {}\n", copies.join(" ")));
            }
            4 => out.push_str("  note \"generated\"  # with a comment\n"),
            _ => {}
        }
        out.push_str("}\n");
        (tiles, total) = (tiles + 1, total + count);
        if tiles < TILES_PER_SET && rng.below(6) == 0 {
            out.push_str(&format!("\ntile T{tiles} \"{name} with garden\" {{\n  variant-of T{}\n  garden g\n  count 1\n}}\n", tiles - 1));
            (tiles, total) = (tiles + 1, total + 1);
        }
    }
    (out, total)
}

/// A corpus of `tiles` tiles (a multiple of 100) and its `sets.toml`, in which
/// every set requires the first (as the shipped expansions require `base`).
fn corpus(tiles: usize) -> Sources {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut sources = Sources::new();
    let mut toml = String::new();
    for set in 0..tiles / TILES_PER_SET {
        let (text, total) = set_file(set, &mut rng);
        sources.add(format!("s{set}.tiles"), text);
        let requires = if set == 0 {
            String::new()
        } else {
            "requires = [\"s0\"]\n".into()
        };
        toml.push_str(&format!(
            "[[set]]\nid = \"s{set}\"\ntotal = {total}\n{requires}\n"
        ));
    }
    sources.add("sets.toml", toml);
    sources
}

fn ids(sources: &Sources) -> (Vec<FileId>, Option<FileId>) {
    let mut files: Vec<FileId> = sources.ids().collect();
    let config = files.pop();
    (files, config)
}

fn compile(sources: &Sources) -> tilec::Compiled {
    let (files, config) = ids(sources);
    tilec::compile(sources, &files, config)
}

/// Prints peak heap bytes per tile (without and with the input text), after
/// checking that the corpus is clean, and the best rate of a few timed runs (the
/// best is the least disturbed on a shared machine).
fn report(tiles: usize) {
    let before = LIVE.load(Relaxed);
    PEAK.store(before, Relaxed);
    let sources = corpus(tiles);
    let with_input = LIVE.load(Relaxed);
    PEAK.store(with_input, Relaxed);
    let compiled = compile(&sources);
    let peak = PEAK.load(Relaxed);
    assert!(
        compiled.diagnostics.is_empty(),
        "the generated corpus must check clean:\n{}",
        render_plain(
            &sources,
            &compiled.diagnostics[..compiled.diagnostics.len().min(20)]
        )
    );
    let tiles_seen: usize = compiled.model.sets.iter().map(|s| s.tiles.len()).sum();
    assert_eq!(tiles_seen, tiles);
    drop(compiled);
    let best = (0..1_000_000 / tiles + 2)
        .map(|_| {
            let start = Instant::now();
            let compiled = compile(&sources);
            let elapsed = start.elapsed();
            drop(compiled);
            elapsed
        })
        .min()
        .unwrap_or_default();
    println!(
        "compile/{tiles}: peak heap {} B/tile without the input, {} B/tile with it (input {} B/tile); best run {:.0} tiles/s",
        (peak - with_input) / tiles,
        (peak - before) / tiles,
        (with_input - before) / tiles,
        tiles as f64 / best.as_secs_f64()
    );
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("compile");
    for tiles in SIZES {
        let sources = corpus(tiles);
        group.throughput(Throughput::Elements(tiles as u64));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(if tiles >= 100_000 { 10 } else { 3 }));
        // Each result is dropped right after its run, outside the timing: freeing
        // the model is not compiling, and its memory serves the next run.
        group.bench_with_input(BenchmarkId::from_parameter(tiles), &sources, |b, s| {
            b.iter_batched(|| (), |()| compile(s), BatchSize::PerIteration)
        });
    }
    group.finish();
}

/// The CPU time this thread has run, from Linux's `/proc/thread-self/schedstat`
/// (nanoseconds on the CPU, first field): unlike wall time, it does not grow
/// while other processes of a shared machine hold the CPU.
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// `TILEC_BENCH_ONCE=N`: compiles the corpus of `N` tiles once and exits, for
/// instruction counts per tile that a shared machine cannot disturb:
/// `valgrind --tool=callgrind --toggle-collect='tilec::compile' target/release/deps/compile-* none`
/// counts the compile alone (the corpus generation is left out). Without
/// valgrind it prints the rate by the compile's CPU time (Linux).
fn once(tiles: usize) {
    let sources = corpus(tiles);
    let before = cpu_time();
    let compiled = compile(&sources);
    let cpu = cpu_time().zip(before).map(|(after, before)| after - before);
    assert!(
        compiled.diagnostics.is_empty(),
        "the corpus must check clean"
    );
    let seen: usize = compiled.model.sets.iter().map(|s| s.tiles.len()).sum();
    match cpu {
        Some(cpu) => println!(
            "compile/{tiles}: compiled once, {seen} tiles in {:.1} ms of CPU time, {:.0} tiles/s",
            cpu.as_secs_f64() * 1e3,
            seen as f64 / cpu.as_secs_f64()
        ),
        None => println!("compile/{tiles}: compiled once, {seen} tiles"),
    }
}

fn main() {
    if let Some(n) = std::env::var("TILEC_BENCH_ONCE")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        return once(n);
    }
    for tiles in SIZES {
        report(tiles);
    }
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    c.final_summary();
}
