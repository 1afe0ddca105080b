//! A river that forks and ends one branch at a city (River II): the fork is
//! drawn right after the spring, every river tile continues the river, and the
//! branch that ends at the city is closed (no river tile is set aside).

use std::borrow::Cow;
use std::sync::Arc;
use tilec_runtime::*;

/// A River II–shaped set: spring, fork, straight pieces and curves, a river
/// ending at a city, and the lake.
fn forked_river() -> TileSet {
    let mut city_end = testkit::kind(
        "r2/city-end",
        1,
        &[
            "city E",
            "river W",
            "field NL NR WR >0",
            "field SL SR WL >0",
        ],
    );
    city_end.ends.to_mut().push(RoadEnd {
        kind: EndKind::Segment,
        segments: 1 << 1,
        touches: 1 << 0,
    });
    let tiles = vec![
        testkit::kind("r2/spring", 1, &["river S @spring", "field N E W SL SR"]),
        testkit::kind(
            "r2/fork",
            1,
            &["river W N E", "field WR NL", "field NR EL", "field ER S WL"],
        ),
        city_end,
        testkit::kind(
            "r2/straight",
            4,
            &["river N S", "field E NR SL", "field W NL SR"],
        ),
        testkit::kind(
            "r2/curve",
            2,
            &["river W S", "field N E WR SL", "field SR WL"],
        ),
        testkit::kind("r2/lake", 1, &["river N @lake", "field E S W NL NR"]),
    ];
    TileSet {
        id: Cow::Borrowed("r2"),
        name: Cow::Borrowed("River II shape"),
        river: true,
        tiles: Cow::Owned(tiles),
    }
}

fn catalog() -> Arc<Catalog> {
    let river = forked_river();
    Arc::new(Catalog::new(&[&testkit::base_set(), &river]).expect("catalog"))
}

#[test]
fn the_fork_is_drawn_right_after_the_spring() {
    let cat = catalog();
    let fork = cat.kind_id("r2/fork").expect("fork");
    assert_eq!(cat.pile_class(fork), PileClass::Fork);
    let city_end = cat.kind_id("r2/city-end").expect("city end");
    assert_eq!(cat.pile_class(city_end), PileClass::River);
    for seed in 0..20 {
        let mut game = Game::new(cat.clone(), Setup::new(2)).expect("setup");
        assert_eq!(
            game.draw_random(&mut Rng::new(seed)),
            Ok(fork),
            "seed {seed}"
        );
    }
}

/// Random play keeps the River's rules: the city end closes the branch it
/// ends (its one river side meets a river side), and two branches never head
/// into one square. A branch may still run into a corner where no tile left
/// fits: the tiles are then set aside, as the rules say of any tile; that
/// stays rare.
#[test]
fn the_city_closes_its_branch_and_the_branches_stay_apart() {
    let cat = catalog();
    let river_copies: usize = cat
        .kind_ids()
        .filter(|&k| cat.pile_class(k) != PileClass::Land)
        .map(|k| usize::from(cat.kind(k).count))
        .sum();
    let city_end = cat.kind_id("r2/city-end").expect("city end");
    let mut player = RandomPlayer::new(0.3);
    let side = |t: &PlacedTile, d: usize| {
        cat.kind(t.kind).edges[usize::from(t.rotation.quarter_turns())][d]
    };
    let mut whole = 0;
    const GAMES: u64 = 300;
    for seed in 0..GAMES {
        let mut game = Game::new(cat.clone(), Setup::new(3)).expect("setup");
        player.play(&mut game, &mut Rng::new(seed));
        let placed = game.placed_tiles();
        let river = placed
            .iter()
            .filter(|t| cat.pile_class(t.kind) != PileClass::Land)
            .count();
        whole += usize::from(river == river_copies);
        let Some(end) = placed.iter().find(|t| t.kind == city_end) else {
            continue;
        };
        let rivers: Vec<usize> = (0..4).filter(|&d| side(end, d) == Edge::River).collect();
        assert_eq!(rivers.len(), 1, "seed {seed}");
        let n = game
            .tile_at(end.pos.step(rivers[0]))
            .expect("the river it ends");
        assert_eq!(side(n, (rivers[0] + 2) % 4), Edge::River, "seed {seed}");
    }
    eprintln!("{whole} of {GAMES} games placed every river tile");
    assert!(whole * 100 >= 95 * GAMES as usize, "{whole} of {GAMES}");
}

/// Places the next tile, which must be `id`, at `(x, y)` turned `quarter_turns`.
fn lay(game: &mut Game, id: &str, x: i16, y: i16, quarter_turns: u8) {
    let kind = game.catalog().kind_id(id).expect("kind");
    assert_eq!(game.draw(kind), Ok(Drawn::Place(kind)), "{id}");
    let placement = Placement {
        pos: Pos::new(x, y),
        rotation: Rotation::new(quarter_turns),
    };
    assert_eq!(game.place(placement), Ok(()), "{id}");
    game.play(Move::Figure(Action::Pass)).expect("pass");
}

#[test]
fn two_branches_may_not_head_into_one_square() {
    let mut game = Game::new(catalog(), Setup::new(2)).expect("setup");
    // The fork below the spring sends its branches west and south.
    lay(&mut game, "r2/fork", 0, 1, 3);
    // West branch: a curve turning south, heading into (-1, 2).
    lay(&mut game, "r2/curve", -1, 1, 3);
    // South branch: a curve turning west would head into (-1, 2) too.
    let curve = game.catalog().kind_id("r2/curve").expect("curve");
    assert_eq!(game.draw(curve), Ok(Drawn::Place(curve)));
    let turned = |quarter_turns| Placement {
        pos: Pos::new(0, 2),
        rotation: Rotation::new(quarter_turns),
    };
    assert_eq!(game.place(turned(1)), Err(PlaceError::RiverBranchesMeet));
    // Turning east instead is fine.
    assert_eq!(game.place(turned(2)), Ok(()));
}
