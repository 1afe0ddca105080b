//! A JCloisterZone saved game (`.jcz`) read into a checked [`Save`], every
//! problem located by its JSON path (`replay[12].payload.position`).
//!
//! The layout is the one JCloisterZone's client 5.7 and later writes (its
//! `store/game.js`, `save`): `appVersion`, `gameId`, `initialRandom`,
//! `setup` (`sets`, `elements`, `rules`, `start`), `players` (turn order),
//! `replay` (the messages, each `type` and `payload`) and, when its developer
//! tools forced the draws, `gameAnnotations.drawOrder`. Older saves (4.x:
//! `setup.expansions`, tile ids such as `BA.Rr`) are refused, as the client
//! refuses them.

use super::Problem;
use crate::limits::{MAX_SAVE_COORD as MAX_COORD, MAX_SAVE_MESSAGES as MAX_MESSAGES};
use serde_json::{Map, Value};
use tilec_runtime::Pos;

/// A checked save: what a game needs, still in JCloisterZone's words.
#[derive(Clone, Debug, PartialEq)]
pub struct Save {
    /// The players' names, in turn order.
    pub players: Vec<String>,
    /// `setup.sets`: tile-set ids with their quantity.
    pub sets: Vec<(String, i64)>,
    /// `setup.elements`: game elements with their configuration.
    pub elements: Vec<(String, Value)>,
    /// `setup.rules`: rule options (those that differ from the defaults).
    pub rules: Vec<(String, Value)>,
    /// `setup.start`: the tiles laid out before the first turn.
    pub start: Vec<Start>,
    /// The forced draw order, when the save has one.
    pub draw_order: Option<Vec<String>>,
    /// The messages, in order.
    pub messages: Vec<Message>,
}

/// A tile laid out before the first turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// JCloisterZone's tile id.
    pub tile: String,
    /// Where.
    pub at: Pos,
    /// Clockwise quarter turns.
    pub turns: u8,
}

/// A feature pointer: a square, a feature type and a location on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pointer {
    /// The square.
    pub at: Pos,
    /// The feature type (`City`, `Road`, `Field`, `Monastery`, ...).
    pub feature: String,
    /// The location (`N`, `SE`, `NL.NR`, `I`, ...).
    pub location: String,
}

/// One message of the replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// Its index in `replay`.
    pub index: usize,
    /// What it says.
    pub kind: Kind,
}

/// The messages tilec reads; any other type is kept by name for the
/// expansions' rooms to claim or refuse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `PLACE_TILE`.
    PlaceTile {
        /// JCloisterZone's tile id.
        tile: String,
        /// Where.
        at: Pos,
        /// Clockwise quarter turns.
        turns: u8,
    },
    /// `DEPLOY_MEEPLE`.
    Deploy {
        /// Where.
        to: Pointer,
        /// The meeple's id (`0.small.3`, `1.abbot.1`).
        meeple: String,
    },
    /// `RETURN_MEEPLE`.
    Return {
        /// The meeple's place (its pointer's `featurePointer`).
        from: Pointer,
        /// The meeple's id.
        meeple: String,
        /// Why (`ABBOT_RETURN`, `FESTIVAL`, `TRAP`, ...).
        source: String,
    },
    /// `PASS`.
    Pass,
    /// `COMMIT`.
    Commit,
    /// Another type, by name.
    Other(String),
}

/// A JSON value and where it lies.
#[derive(Clone, Copy)]
struct At<'v> {
    value: &'v Value,
    path: &'v str,
}

fn node<'v>(value: &'v Value, path: &'v str) -> At<'v> {
    At { value, path }
}

fn problem(path: &str, what: impl Into<String>, hint: Option<&str>) -> Problem {
    Problem {
        at: path.to_string(),
        what: what.into(),
        hint: hint.map(str::to_string),
    }
}

impl<'v> At<'v> {
    fn object(self) -> Result<&'v Map<String, Value>, Problem> {
        self.value.as_object().ok_or_else(|| {
            problem(
                self.path,
                format!("expected an object, found {}", what(self.value)),
                None,
            )
        })
    }

    fn array(self) -> Result<&'v Vec<Value>, Problem> {
        self.value.as_array().ok_or_else(|| {
            problem(
                self.path,
                format!("expected a list, found {}", what(self.value)),
                None,
            )
        })
    }

    fn string(self) -> Result<&'v str, Problem> {
        self.value.as_str().ok_or_else(|| {
            problem(
                self.path,
                format!("expected a string, found {}", what(self.value)),
                None,
            )
        })
    }

    /// A whole number in `lo..=hi`.
    fn int(self, lo: i64, hi: i64) -> Result<i64, Problem> {
        let n = match self.value {
            Value::Number(n) => n.as_i64().or_else(|| {
                n.as_f64()
                    .filter(|f| f.fract() == 0.0 && f.abs() < 1e15)
                    .map(|f| f as i64)
            }),
            _ => None,
        };
        match n {
            Some(n) if (lo..=hi).contains(&n) => Ok(n),
            _ => Err(problem(
                self.path,
                format!(
                    "expected a whole number from {lo} to {hi}, found {}",
                    clip(&self.value.to_string())
                ),
                None,
            )),
        }
    }
}

/// A value's key, with its path.
fn field<'v>(obj: &'v Map<String, Value>, parent: &str, key: &str) -> Option<(&'v Value, String)> {
    obj.get(key).map(|v| (v, join(parent, key)))
}

fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_string()
    } else {
        format!("{parent}.{key}")
    }
}

fn what(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// A value as text, cut short: a hostile file's megabyte string is not
/// printed back.
pub fn clip(s: &str) -> String {
    tilec_runtime::notation::clip(s, 60).to_string()
}

/// Reads a key that must be there.
fn need<'v>(
    obj: &'v Map<String, Value>,
    parent: &str,
    key: &str,
    hint: Option<&str>,
) -> Result<(&'v Value, String), Problem> {
    field(obj, parent, key).ok_or_else(|| problem(&join(parent, key), "missing".to_string(), hint))
}

/// Parses and checks a save's text.
pub fn read(text: &str) -> Result<Save, Vec<Problem>> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        vec![problem(
            &format!("line {}, column {}", e.line(), e.column()),
            format!("not JSON: {}", clip(&e.to_string())),
            Some("a JCloisterZone save is the JSON its client writes (Save Game)"),
        )]
    })?;
    let root = node(&value, "");
    let obj = root.object().map_err(|e| vec![e])?;
    refuse_old(obj).map_err(|e| vec![e])?;
    let mut problems = Vec::new();
    let mut keep = |r: Result<(), Problem>| {
        if let Err(p) = r {
            problems.push(p);
        }
    };
    let mut save = Save {
        players: Vec::new(),
        sets: Vec::new(),
        elements: Vec::new(),
        rules: Vec::new(),
        start: Vec::new(),
        draw_order: None,
        messages: Vec::new(),
    };
    keep(players(obj, &mut save));
    keep(setup(obj, &mut save));
    keep(draw_order(obj, &mut save));
    if let Err(mut more) = replay(obj, &mut save) {
        problems.append(&mut more);
    }
    if problems.is_empty() {
        Ok(save)
    } else {
        Err(problems)
    }
}

/// A 4.x save (the engine's own test games): refused as the client refuses it.
fn refuse_old(obj: &Map<String, Value>) -> Result<(), Problem> {
    let old = obj
        .get("setup")
        .and_then(Value::as_object)
        .is_some_and(|s| s.contains_key("expansions") || s.contains_key("capabilities"));
    if old {
        let version = obj.get("appVersion").and_then(Value::as_str).unwrap_or("?");
        return Err(problem(
            "setup",
            format!(
                "a save of JCloisterZone {} (its setup names `expansions` and `capabilities`): saves before 5.7.0 are read by neither JCloisterZone's client nor tilec",
                clip(version)
            ),
            Some("open it in an older JCloisterZone and save it again from 5.7 or later"),
        ));
    }
    Ok(())
}

fn players(obj: &Map<String, Value>, save: &mut Save) -> Result<(), Problem> {
    let (v, path) = need(
        obj,
        "",
        "players",
        Some("a save written by Save Game lists its players"),
    )?;
    let list = node(v, &path).array()?;
    if !(2..=6).contains(&list.len()) {
        return Err(problem(
            &path,
            format!("{} players; tilec plays 2 to 6", list.len()),
            None,
        ));
    }
    for (i, p) in list.iter().enumerate() {
        let path = format!("players[{i}]");
        let obj = node(p, &path).object()?;
        let (name, npath) = need(obj, &path, "name", None)?;
        let name = node(name, &npath).string()?;
        save.players.push(name.to_string());
    }
    Ok(())
}

fn setup(obj: &Map<String, Value>, save: &mut Save) -> Result<(), Problem> {
    let (v, path) = need(obj, "", "setup", None)?;
    let setup = node(v, &path).object()?;
    let (sets, spath) = need(setup, &path, "sets", None)?;
    for (id, n) in node(sets, &spath).object()? {
        let npath = format!("{spath}.\"{}\"", clip(id));
        let n = node(n, &npath).int(0, 99)?;
        save.sets.push((id.clone(), n));
    }
    if let Some((elements, epath)) = field(setup, &path, "elements") {
        for (id, v) in node(elements, &epath).object()? {
            save.elements.push((id.clone(), v.clone()));
        }
    }
    if let Some((rules, rpath)) = field(setup, &path, "rules") {
        if !rules.is_null() {
            for (id, v) in node(rules, &rpath).object()? {
                save.rules.push((id.clone(), v.clone()));
            }
        }
    }
    let (start, stpath) = need(setup, &path, "start", None)?;
    for (i, s) in node(start, &stpath).array()?.iter().enumerate() {
        let path = format!("{stpath}[{i}]");
        let obj = node(s, &path).object()?;
        let (tile, tpath) = need(obj, &path, "tile", None)?;
        let tile = node(tile, &tpath).string()?.to_string();
        let coord = |key: &str| -> Result<i64, Problem> {
            let (v, p) = need(obj, &path, key, None)?;
            node(v, &p).int(-MAX_COORD, MAX_COORD)
        };
        let at = Pos::new(coord("x")? as i16, coord("y")? as i16);
        let (r, rpath) = need(obj, &path, "rotation", None)?;
        let r = node(r, &rpath).int(0, 270)?;
        if r % 90 != 0 {
            return Err(problem(
                &rpath,
                format!("rotation {r} is no quarter turn"),
                None,
            ));
        }
        save.start.push(Start {
            tile,
            at,
            turns: (r / 90) as u8,
        });
    }
    Ok(())
}

fn draw_order(obj: &Map<String, Value>, save: &mut Save) -> Result<(), Problem> {
    let Some((ann, path)) = field(obj, "", "gameAnnotations") else {
        return Ok(());
    };
    let ann = node(ann, &path).object()?;
    let Some((order, opath)) = field(ann, &path, "drawOrder") else {
        return Ok(());
    };
    let list = node(order, &opath).array()?;
    if list.len() > MAX_MESSAGES {
        return Err(problem(
            &opath,
            format!("{} tiles; at most {MAX_MESSAGES}", list.len()),
            None,
        ));
    }
    let mut ids = Vec::with_capacity(list.len());
    for (i, id) in list.iter().enumerate() {
        let path = format!("{opath}[{i}]");
        ids.push(node(id, &path).string()?.to_string());
    }
    save.draw_order = Some(ids);
    Ok(())
}

/// The replay's messages; each is checked on its own, so that one run
/// reports every malformed one.
fn replay(obj: &Map<String, Value>, save: &mut Save) -> Result<(), Vec<Problem>> {
    let (v, path) = need(obj, "", "replay", None).map_err(|p| vec![p])?;
    let list = node(v, &path).array().map_err(|p| vec![p])?;
    if list.len() > MAX_MESSAGES {
        return Err(vec![problem(
            &path,
            format!(
                "{} messages; a game sends at most {MAX_MESSAGES}",
                list.len()
            ),
            None,
        )]);
    }
    let mut problems = Vec::new();
    for (i, m) in list.iter().enumerate() {
        let path = format!("replay[{i}]");
        match message(node(m, &path)) {
            Ok(kind) => save.messages.push(Message { index: i, kind }),
            Err(p) => problems.push(p),
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

fn message(m: At) -> Result<Kind, Problem> {
    let obj = m.object()?;
    let (t, tpath) = need(obj, m.path, "type", None)?;
    let t = node(t, &tpath).string()?;
    let (p, ppath) = match field(obj, m.path, "payload") {
        Some(v) => v,
        None if matches!(t, "PASS" | "COMMIT") => return Ok(simple(t)),
        None => return Err(problem(&join(m.path, "payload"), "missing", None)),
    };
    let payload = node(p, &ppath).object()?;
    Ok(match t {
        "PLACE_TILE" => {
            let (tile, tpath) = need(payload, &ppath, "tileId", None)?;
            let tile = node(tile, &tpath).string()?.to_string();
            let (r, rpath) = need(payload, &ppath, "rotation", None)?;
            let turns = rotation(node(r, &rpath))?;
            let (pos, apath) = need(payload, &ppath, "position", None)?;
            let at = position(node(pos, &apath))?;
            Kind::PlaceTile { tile, at, turns }
        }
        "DEPLOY_MEEPLE" => {
            let (ptr, path) = need(payload, &ppath, "pointer", None)?;
            let to = pointer(node(ptr, &path))?;
            let (id, ipath) = need(payload, &ppath, "meepleId", None)?;
            let meeple = node(id, &ipath).string()?.to_string();
            Kind::Deploy { to, meeple }
        }
        "RETURN_MEEPLE" => {
            let (ptr, path) = need(payload, &ppath, "pointer", None)?;
            // A meeple pointer: `featurePointer` and `meepleId`.
            let mp = node(ptr, &path).object()?;
            let (fp, fpath) = need(mp, &path, "featurePointer", None)?;
            let from = pointer(node(fp, &fpath))?;
            let (id, ipath) = need(mp, &path, "meepleId", None)?;
            let meeple = node(id, &ipath).string()?.to_string();
            let (s, spath) = need(payload, &ppath, "source", None)?;
            let source = node(s, &spath).string()?.to_string();
            Kind::Return {
                from,
                meeple,
                source,
            }
        }
        "PASS" | "COMMIT" => simple(t),
        other => Kind::Other(clip(other)),
    })
}

fn simple(t: &str) -> Kind {
    if t == "PASS" {
        Kind::Pass
    } else {
        Kind::Commit
    }
}

fn rotation(r: At) -> Result<u8, Problem> {
    match r.string()? {
        "R0" => Ok(0),
        "R90" => Ok(1),
        "R180" => Ok(2),
        "R270" => Ok(3),
        other => Err(problem(
            r.path,
            format!("`{}` is no rotation", clip(other)),
            Some("JCloisterZone writes R0, R90, R180 or R270"),
        )),
    }
}

fn position(p: At) -> Result<Pos, Problem> {
    let list = p.array()?;
    if list.len() != 2 {
        return Err(problem(
            p.path,
            format!("expected [x, y], found {} numbers", list.len()),
            None,
        ));
    }
    let (xp, yp) = (format!("{}[0]", p.path), format!("{}[1]", p.path));
    let x = node(&list[0], &xp).int(-MAX_COORD, MAX_COORD)?;
    let y = node(&list[1], &yp).int(-MAX_COORD, MAX_COORD)?;
    Ok(Pos::new(x as i16, y as i16))
}

fn pointer(p: At) -> Result<Pointer, Problem> {
    let obj = p.object()?;
    let (pos, apath) = need(obj, p.path, "position", None)?;
    let at = position(node(pos, &apath))?;
    let (l, lpath) = need(obj, p.path, "location", None)?;
    let location = clip(node(l, &lpath).string()?);
    // Saves before 5.x had no feature type: a location alone.
    let feature = match field(obj, p.path, "feature") {
        Some((f, fpath)) => clip(node(f, &fpath).string()?),
        None => String::new(),
    };
    Ok(Pointer {
        at,
        feature,
        location,
    })
}
