//! Engine speed: complete random 2-player base games (figures 30% of turns, full
//! final scoring), and legal-placement generation on mid-game boards.
//!
//! `cargo bench -p tilec-runtime --bench engine`. The same game rate can be read
//! from the CLI: `cargo run --release -- simulate --sets base --players 2 --games 100000`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::sync::Arc;
use tilec_runtime::*;

fn base_catalog() -> Arc<Catalog> {
    let shipped = tables::SETS
        .iter()
        .find(|s| s.id == "base")
        .map(|s| (*s).clone());
    let set = shipped.unwrap_or_else(testkit::base_set);
    Arc::new(Catalog::new(&[&set]).expect("base set"))
}

/// Complete random games with `players` players: one game reset for each run,
/// as `tilec simulate` does (the setup is part of the timing, the allocations
/// are not).
fn bench_games(c: &mut Criterion, name: &str, cat: Arc<Catalog>, players: usize) {
    let setup = Setup::new(players);
    let mut player = RandomPlayer::new(0.3);
    let mut seed = 0;
    let mut game = Game::new(cat, setup).expect("setup");
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(1));
    group.bench_function(name, |b| {
        b.iter(|| {
            seed += 1;
            game.reset(setup).expect("setup");
            player.play(&mut game, &mut Rng::new(seed));
            black_box(game.scores()[0])
        })
    });
    group.finish();
}

fn games(c: &mut Criterion) {
    bench_games(c, "complete 2-player base game", base_catalog(), 2);
}

/// Boards after 10, 35 and 60 random turns, each with a tile drawn.
fn boards(cat: &Arc<Catalog>) -> Vec<Game> {
    let mut out = Vec::new();
    for (seed, turns) in [(1, 10), (2, 35), (3, 60)] {
        let mut game = Game::new(cat.clone(), Setup::new(2)).expect("setup");
        let mut rng = Rng::new(seed);
        let mut player = RandomPlayer::new(0.3);
        for _ in 0..turns {
            player.turn(&mut game, &mut rng);
        }
        if game.draw_random(&mut rng).is_ok() {
            out.push(game);
        }
    }
    out
}

fn placements(c: &mut Criterion) {
    let cat = base_catalog();
    let boards = boards(&cat);
    let mut buf = Vec::new();
    let mut group = c.benchmark_group("engine");
    let listed: usize = boards.iter().map(|g| g.legal_placements().len()).sum();
    group.throughput(Throughput::Elements(listed as u64));
    group.bench_function("legal placements (3 boards)", |b| {
        b.iter(|| {
            for g in &boards {
                buf.clear();
                g.legal_placements_into(&mut buf);
            }
            black_box(buf.len())
        })
    });
    group.finish();
}

/// What an AI's search pays per node: cloning a mid-game position, and
/// listing its moves (a drawn tile's placements).
fn clone_and_moves(c: &mut Criterion) {
    let cat = base_catalog();
    let boards = boards(&cat);
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("clone (3 boards)", |b| {
        b.iter(|| {
            for g in &boards {
                black_box(g.clone());
            }
        })
    });
    let mut moves = Vec::new();
    group.bench_function("legal_moves_into (3 boards)", |b| {
        b.iter(|| {
            for g in &boards {
                moves.clear();
                g.legal_moves_into(&mut moves);
            }
            black_box(moves.len())
        })
    });
    group.bench_function("position_key (3 boards)", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|g| black_box(g).position_key())
                .sum::<u64>()
        })
    });
    group.finish();
}

/// Random 4-player games with every shipped set the engine plays, every
/// decision random (town halls, arrows, festival returns, traps, mayors,
/// scarecrows, messengers, ...). A set whose marks it does not play would be
/// left out (`Catalog::new` refuses it; no shipped set now): the same sets as
/// `tilec simulate --compare`'s all-sets games.
fn all_sets_games(c: &mut Criterion) {
    let base = tables::SETS.iter().copied().find(|s| s.id == "base");
    let base = base.expect("the base game is shipped");
    let played = |s: &&TileSet| s.id == base.id || Catalog::new(&[base, *s]).is_ok();
    let sets: Vec<&TileSet> = tables::SETS.iter().copied().filter(played).collect();
    let cat = Arc::new(Catalog::new(&sets).expect("all played sets"));
    bench_games(c, "complete 4-player all-sets game", cat, 4);
}

criterion_group!(benches, games, placements, clone_and_moves, all_sets_games);
criterion_main!(benches);
