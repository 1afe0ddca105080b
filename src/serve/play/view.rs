//! A game as the Play page draws it (JSON): the board, the figures, the
//! players' scores and supplies, the event log, and for the player to act the
//! options the engine lists, each with its notation (what the page sends
//! back), where on the board it applies and the figure kind it concerns.

use super::bot::{Act, Seat};
use super::live::Live;
use super::log;
use super::points::Points;
use serde_json::{json, Value};
use tilec_runtime::{Action, Choice, FigureKind, Game, Move, Phase};

/// What every view shows: the board, the players, the log.
pub fn board(game: &Game, names: &[String], seats: &[Seat], points: &mut Points) -> Value {
    let cat = game.catalog();
    // The kinds in play: the base game's and the expansions' in play.
    let kinds = cat.figure_kinds();
    // Traders & Builders (its builder in play): each player's goods.
    let traders = kinds.contains(&FigureKind::Builder);
    // The Tower (a foundation among the tiles): pieces left and prisoners.
    let towers =
        !game.towers().is_empty() || (0..game.players()).any(|p| game.tower_pieces(p as u8) > 0);
    let players: Vec<Value> = (0..game.players())
        .map(|p| {
            let supply: Vec<Value> = kinds
                .iter()
                .map(|&k| json!([k.name(), game.supply(p as u8, k)]))
                .collect();
            json!({
                "name": names.get(p),
                "seat": seats.get(p).map(|s| s.name()),
                "score": game.scores()[p],
                "supply": supply,
                "town_hall": game.holds_town_hall(p as u8),
                "abbey": game.holds_abbey(p as u8),
                "goods": traders.then(|| {
                    let goods = game.goods(p as u8);
                    json!({"wine": goods[0], "grain": goods[1], "cloth": goods[2]})
                }),
                "tower": towers.then(|| {
                    let prisoners: Vec<Value> = game
                        .prisoners_of(p as u8)
                        .into_iter()
                        .map(|(owner, kind, n)| json!({"player": owner, "kind": kind.name(), "n": n}))
                        .collect();
                    json!({"pieces": game.tower_pieces(p as u8), "prisoners": prisoners})
                }),
            })
        })
        .collect();
    let tiles: Vec<Value> = game
        .placed_tiles()
        .iter()
        .map(|t| {
            json!({"x": t.pos.x, "y": t.pos.y, "kind": t.kind, "id": cat.kind(t.kind).id,
                   "r": t.rotation.quarter_turns()})
        })
        .collect();
    let figures: Vec<Value> = game
        .figures()
        .iter()
        .map(|f| {
            let (px, py) = match f.kind {
                FigureKind::Barn => barn_point(game, f.spot()),
                _ => None,
            }
            .unwrap_or_else(|| points.at(game, f.spot()));
            json!({"player": f.player, "kind": f.kind.name(), "x": f.pos.x, "y": f.pos.y,
                   "px": px, "py": py, "lying": f.lying})
        })
        .collect();
    let trapped: Vec<Value> = game
        .trapped()
        .iter()
        .map(|t| json!({"player": t.player, "kind": t.kind.name(), "x": t.at.x, "y": t.at.y, "trap": t.trap.name()}))
        .collect();
    let tower_list: Vec<Value> = game
        .towers()
        .iter()
        .map(|t| {
            let top = t
                .follower
                .map(|(player, kind)| json!({"player": player, "kind": kind.name()}));
            json!({"x": t.at.x, "y": t.at.y, "height": t.height, "top": top})
        })
        .collect();
    let last = game
        .placed_tiles()
        .last()
        .map(|t| json!([t.pos.x, t.pos.y]));
    // The Princess & the Dragon: the dragon, the squares of its movement,
    // the fairy beside its follower.
    let dragon = game.dragon().map(|p| json!({"x": p.x, "y": p.y}));
    let path: Vec<Value> = game
        .dragon_visited()
        .iter()
        .map(|p| json!([p.x, p.y]))
        .collect();
    let fairy = game.fairy().map(|(at, player, bound)| {
        let (px, py) = points.at(game, at);
        json!({"x": at.pos.x, "y": at.pos.y, "px": px, "py": py, "player": player,
               "bound": bound})
    });
    json!({
        "sets": cat.set_ids(),
        "players": players,
        "current": game.current_player(),
        "turn": game.turn(),
        "pile": game.pile_len(),
        "phase": phase_name(game.phase()),
        "tiles": tiles,
        "last": last,
        "figures": figures,
        "trapped": trapped,
        "dragon": dragon,
        "dragon_path": path,
        "fairy": fairy,
        "towers": tower_list,
        "log": log::lines(game, names),
        "over": game.is_over(),
    })
}

/// A live game's view: the board, and the options of the player to act.
pub fn live(id: &str, live: &Live, points: &mut Points) -> Value {
    let game = &live.game;
    let mut view = board(game, &live.names, &live.seats, points);
    let acts = live.acts();
    let (places, choices) = options(live, &acts, points);
    let hand = match game.phase() {
        Phase::Place(kind) => {
            let k = game.catalog().kind(kind);
            json!({"kind": kind, "id": k.id, "name": k.name})
        }
        _ => Value::Null,
    };
    let acting = live.acting();
    extend(
        &mut view,
        json!({
            "id": id,
            "mode": "live",
            "img": format!("/play/img/{id}/"),
            "acting": acting,
            "acting_seat": acting.map(|p| live.seats[usize::from(p)].name()),
            "hand": hand,
            "places": places,
            "choices": choices,
            "question": super::words::question(live),
        }),
    );
    view
}

/// The placements grouped by square, and every other option with its words.
fn options(live: &Live, acts: &[Act], points: &mut Points) -> (Vec<Value>, Vec<Value>) {
    let game = &live.game;
    let mut squares: Vec<(i16, i16, Vec<Value>)> = Vec::new();
    let mut choices = Vec::new();
    for &act in acts {
        let text = live.act_text(act);
        if let Act::Move(Move::Place { placement, .. }) = act {
            let (x, y) = (placement.pos.x, placement.pos.y);
            let r = json!({"r": placement.rotation.quarter_turns(), "move": text});
            match squares.iter_mut().find(|s| s.0 == x && s.1 == y) {
                Some(s) => s.2.push(r),
                None => squares.push((x, y, vec![r])),
            }
            continue;
        }
        let (label, spot) = super::words::option(game, &live.names, act);
        let spot = spot.map(|s| {
            let barn = figure(act) == Some(FigureKind::Barn.name());
            let (px, py) = barn
                .then(|| barn_point(game, s))
                .flatten()
                .unwrap_or_else(|| points.at(game, s));
            let what = game
                .tile_at(s.pos)
                .and_then(|t| {
                    game.catalog()
                        .kind(t.kind)
                        .segments
                        .get(usize::from(s.segment))
                })
                .map(|seg| seg.kind.name());
            json!({"x": s.pos.x, "y": s.pos.y, "px": px, "py": py, "what": what})
        });
        choices.push(json!({"move": text, "label": label, "spot": spot, "figure": figure(act)}));
    }
    let places = squares
        .into_iter()
        .map(|(x, y, r)| json!({"x": x, "y": y, "r": r}))
        .collect();
    (places, choices)
}

/// The figure kind an option puts, moves or takes back (`None` for the
/// others), so that the page tells the options at one spot apart.
fn figure(act: Act) -> Option<&'static str> {
    match act {
        Act::Move(Move::Figure(
            Action::Place { figure, .. }
            | Action::Return { figure, .. }
            | Action::Free { figure, .. }
            | Action::Portal { figure, .. }
            | Action::AddNextTo { figure, .. }
            | Action::TowerFollower { figure, .. },
        ))
        | Act::Move(Move::Decide(Choice::Capture { figure, .. })) => Some(figure.name()),
        _ => None,
    }
}

/// Where a barn on `spot` is drawn (Abbey & Mayor): near the corner of its
/// tile where four fields meet, in hundredths of the tile.
fn barn_point(game: &Game, spot: tilec_runtime::Spot) -> Option<(u32, u32)> {
    let corner = game.barn_corner_of(spot.pos, spot.segment)?;
    Some([(88, 12), (88, 88), (12, 88), (12, 12)][corner])
}

/// Adds the fields of `more` (an object) to `view` (an object).
pub fn extend(view: &mut Value, more: Value) {
    if let (Value::Object(v), Value::Object(m)) = (view, more) {
        v.extend(m);
    }
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Draw => "draw",
        Phase::Place(_) => "place",
        Phase::Figure => "figure",
        Phase::Decide => "decide",
        Phase::Over => "over",
    }
}
