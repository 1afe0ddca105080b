//! Text → raw serde structure → checked [`Record`].

use super::{
    Answer, AnswerKind, Capture, InvalidKind, Ransom, Record, RecordError, Step, Turn, Waiting,
};
use crate::{ArrowKind, FigureKind, Pos, Rotation};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRecord {
    players: Vec<String>,
    sets: Vec<String>,
    start: RawStart,
    #[serde(default, rename = "turn")]
    turns: Vec<RawTurn>,
    expect: Option<RawExpect>,
    #[serde(default)]
    set_aside: Vec<String>,
    seed: Option<i64>,
    drawn: Option<String>,
    waiting: Option<String>,
    ransom: Option<RawRansom>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStart {
    tile: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTurn {
    tile: String,
    at: Vec<i64>,
    rotation: i64,
    figure: Option<RawFigure>,
    recall: Option<String>,
    arrow: Option<String>,
    add: Option<RawSpot>,
    #[serde(rename = "return")]
    give_back: Option<RawSpot>,
    free: Option<RawSpot>,
    tower: Option<RawTower>,
    capture: Option<RawCaptureKey>,
    ransom: Option<RawRansom>,
    #[serde(default)]
    then: Vec<RawAnswer>,
    #[serde(default)]
    set_aside: Vec<String>,
    #[serde(default)]
    dragon: Vec<String>,
    fairy: Option<RawSpot>,
    princess: Option<RawSpot>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFigure {
    kind: String,
    on: Option<String>,
    at: Option<Vec<i64>>,
    portal: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpot {
    at: Vec<i64>,
    on: Option<String>,
    kind: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTower {
    at: Vec<i64>,
}

/// `capture = { ... }`, or `capture = false` (asked and declined).
#[derive(Deserialize)]
#[serde(untagged)]
enum RawCaptureKey {
    Declined(bool),
    Figure(RawCapture),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCapture {
    at: Vec<i64>,
    on: String,
    kind: Option<String>,
    of: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRansom {
    player: String,
    kind: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAnswer {
    mayor: Option<String>,
    scarecrow: Option<String>,
    messenger: Option<String>,
    wagon: Option<String>,
    player: Option<String>,
    at: Option<Vec<i64>>,
    on: Option<String>,
    of: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExpect {
    scores: Option<Vec<i64>>,
}

/// The longest player name a record holds, in characters.
pub const MAX_PLAYER_NAME: usize = 100;

/// The TOML library's message with each line it quotes clipped: a 5 MB line
/// is not printed back.
fn clip_lines(message: &str) -> String {
    let lines: Vec<_> = message
        .lines()
        .map(|l| crate::notation::clip(l, 200))
        .collect();
    lines.join("\n")
}

/// The longest record text [`parse`] reads, in bytes (1 MiB). A 6-player
/// game of every shipped set is about 12 KiB.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// The most values (keys, array items, tables) a record's text may hold,
/// counted before it is parsed: the TOML library holds a tree of up to some
/// 400 bytes a value while it parses, so this bounds what any record costs
/// to read (about 25 MiB: 65,000 keys of one line each peaked at 30 MiB in
/// all), whatever its shape. A 6-player game of every shipped set holds
/// about 1,500.
pub const MAX_RECORD_VALUES: usize = 1 << 16;

/// Parses and checks a game record, reporting every problem at once; a text
/// over [`MAX_RECORD_BYTES`] or [`MAX_RECORD_VALUES`] is refused unparsed.
pub fn parse(text: &str) -> Result<Record, Vec<RecordError>> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(vec![RecordError::TooLarge { bytes: text.len() }]);
    }
    let values = values(text.as_bytes());
    if values > MAX_RECORD_VALUES {
        return Err(vec![RecordError::TooManyValues { values }]);
    }
    let raw: RawRecord =
        toml::from_str(text).map_err(|e| vec![RecordError::Toml(clip_lines(&e.to_string()))])?;
    let mut errors = Vec::new();
    let mut bad = |turn, key, kind| errors.push(RecordError::Invalid { turn, key, kind });
    if !(2..=6).contains(&raw.players.len()) {
        bad(
            None,
            "players",
            InvalidKind::PlayerCount {
                count: raw.players.len(),
            },
        );
    }
    // The names are checked only when their count is right: a list of
    // thousands says nothing more name by name (and is checked in one pass).
    let mut seen = std::collections::HashSet::new();
    for (i, p) in raw.players.iter().enumerate().take(6) {
        let chars = p.chars().count();
        if p.trim().is_empty() {
            bad(
                None,
                "players",
                InvalidKind::EmptyPlayerName { number: i + 1 },
            );
        } else if chars > MAX_PLAYER_NAME {
            let kind = InvalidKind::LongPlayerName {
                number: i + 1,
                chars,
            };
            bad(None, "players", kind);
        } else if !seen.insert(p.as_str()) {
            let name = p.clone();
            bad(None, "players", InvalidKind::DuplicatePlayer { name });
        }
    }
    if raw.sets.is_empty() {
        bad(None, "sets", InvalidKind::NoSets);
    }
    let waiting = check_waiting(&raw, &mut bad);
    let n = raw.turns.len() + 1;
    let ransom = raw.ransom.as_ref().and_then(|r| {
        let kind = check_kind(n, "ransom.kind", r.kind.as_deref(), None, &mut bad)?;
        Some(Ransom {
            player: r.player.clone(),
            kind: kind.unwrap_or(FigureKind::Follower),
        })
    });
    let turns: Vec<Turn> = raw
        .turns
        .iter()
        .enumerate()
        .filter_map(|(i, t)| check_turn(i + 1, t, &mut bad))
        .collect();
    let expect_scores = raw.expect.and_then(|e| e.scores).and_then(|s| {
        if s.len() != raw.players.len() {
            let (scores, players) = (s.len(), raw.players.len());
            bad(
                None,
                "expect.scores",
                InvalidKind::ScoreCount { scores, players },
            );
            return None;
        }
        // Negative only through Vodyanoy's -2 per trapped figure.
        let ok: Option<Vec<i32>> = s.iter().map(|&v| i32::try_from(v).ok()).collect();
        if ok.is_none() {
            bad(None, "expect.scores", InvalidKind::ScoreRange);
        }
        ok
    });
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Record {
        players: raw.players,
        sets: raw.sets,
        start: raw.start.tile,
        turns,
        set_aside: raw.set_aside,
        expect_scores,
        // 64 bits: a seed of 2^63 or more is written as its two's complement.
        seed: raw.seed.map(|s| s as u64),
        drawn: raw.drawn,
        waiting,
        ransom,
    })
}

/// `waiting`: a known value, not beside `drawn`, and (but for `draw`) after
/// a last turn that writes nothing of what it says is still to come.
fn check_waiting(
    raw: &RawRecord,
    bad: &mut impl FnMut(Option<usize>, &'static str, InvalidKind),
) -> Option<Waiting> {
    let name = raw.waiting.as_deref()?;
    let Some(waiting) = Waiting::ALL.into_iter().find(|w| w.name() == name) else {
        let name = name.to_string();
        bad(None, "waiting", InvalidKind::UnknownWaiting { name });
        return None;
    };
    if raw.drawn.is_some() {
        bad(None, "waiting", InvalidKind::DrawnAndWaiting);
        return None;
    }
    if waiting == Waiting::Draw {
        return Some(waiting);
    }
    let Some(last) = raw.turns.last().filter(|_| raw.set_aside.is_empty()) else {
        bad(None, "waiting", InvalidKind::NoTurnWaits { waiting });
        return None;
    };
    let written = [
        ("arrow", last.arrow.is_some() && waiting == Waiting::Arrow),
        ("figure", last.figure.is_some()),
        ("recall", last.recall.is_some()),
        ("add", last.add.is_some()),
        ("return", last.give_back.is_some()),
        ("free", last.free.is_some()),
        ("princess", last.princess.is_some()),
        ("fairy", last.fairy.is_some()),
        ("dragon", !last.dragon.is_empty()),
        ("tower", last.tower.is_some()),
        ("then", !last.then.is_empty()),
    ];
    // An answer waits after the figure step and the answers written.
    let late = written.into_iter().find(|&(_, on)| on).map(|(key, _)| key);
    if let Some(key) = late.filter(|_| waiting != Waiting::Answer) {
        let turn = raw.turns.len();
        bad(
            Some(turn),
            "waiting",
            InvalidKind::WrittenBeforeWaiting { waiting, key },
        );
        return None;
    }
    Some(waiting)
}

/// An upper bound on the values of TOML text: the bytes that can start a
/// value, key part or table (`=`, `,`, `.`, `[`, `{`) outside strings and
/// comments. A lexer of strings and comments only, one pass, no allocation.
fn values(text: &[u8]) -> usize {
    #[derive(Clone, Copy, PartialEq)]
    enum In {
        Code,
        Comment,
        /// A string closed by `quotes` of `close` (escapes when `"`).
        Str {
            close: u8,
            quotes: usize,
        },
    }
    let (mut state, mut count, mut i) = (In::Code, 0, 0);
    while i < text.len() {
        let b = text[i];
        let run = |q: u8, n: usize| text[i..].iter().take(n).filter(|&&c| c == q).count() == n;
        match state {
            In::Code => match b {
                b'=' | b',' | b'.' | b'[' | b'{' => count += 1,
                b'#' => state = In::Comment,
                b'"' | b'\'' => {
                    let quotes = if run(b, 3) { 3 } else { 1 };
                    state = In::Str { close: b, quotes };
                    i += quotes - 1;
                }
                _ => {}
            },
            In::Comment if b == b'\n' => state = In::Code,
            In::Comment => {}
            // A one-line string ends with its line (unclosed: an error the
            // TOML library reports).
            In::Str { quotes: 1, .. } if b == b'\n' => state = In::Code,
            In::Str { close: b'"', .. } if b == b'\\' => i += 1,
            In::Str { close, quotes } if b == close && run(close, quotes) => {
                state = In::Code;
                i += quotes - 1;
            }
            In::Str { .. } => {}
        }
        i += 1;
    }
    count
}

/// A square `[x, y]` written under `key`.
fn check_pos(
    n: usize,
    key: &'static str,
    at: &[i64],
    bad: &mut impl FnMut(Option<usize>, &'static str, InvalidKind),
) -> Option<Pos> {
    match at[..] {
        [x, y] => match (i16::try_from(x), i16::try_from(y)) {
            (Ok(x), Ok(y)) => Some(Pos::new(x, y)),
            _ => {
                bad(Some(n), key, InvalidKind::OffBoard { x, y });
                None
            }
        },
        _ => {
            bad(Some(n), key, InvalidKind::NotAPair { found: at.len() });
            None
        }
    }
}

/// A figure kind written under `key` (`default` when absent).
fn check_kind(
    n: usize,
    key: &'static str,
    kind: Option<&str>,
    default: Option<FigureKind>,
    bad: &mut impl FnMut(Option<usize>, &'static str, InvalidKind),
) -> Option<Option<FigureKind>> {
    let Some(kind) = kind else {
        return Some(default);
    };
    match FigureKind::from_name(kind) {
        Some(k) => Some(Some(k)),
        None => {
            let name = kind.to_string();
            bad(Some(n), key, InvalidKind::UnknownFigure { name });
            None
        }
    }
}

/// The parts of an `add`, `return` or `free` table: its figure kind (`default`
/// when absent), its square, and its segment name (required unless `keys[2]`
/// is empty). `None` when a part is invalid (reported through `bad`).
fn check_spot(
    n: usize,
    s: &RawSpot,
    keys: [&'static str; 3],
    default: Option<FigureKind>,
    bad: &mut impl FnMut(Option<usize>, &'static str, InvalidKind),
) -> Option<(Option<FigureKind>, Pos, Option<String>)> {
    let kind = check_kind(n, keys[0], s.kind.as_deref(), default, bad);
    let at = check_pos(n, keys[1], &s.at, bad);
    if !keys[2].is_empty() && s.on.is_none() {
        bad(Some(n), keys[2], InvalidKind::SpotSegment);
        return None;
    }
    Some((kind?, at?, s.on.clone()))
}

fn check_turn(
    n: usize,
    t: &RawTurn,
    bad: &mut impl FnMut(Option<usize>, &'static str, InvalidKind),
) -> Option<Turn> {
    let at = check_pos(n, "at", &t.at, bad);
    let arrow = match t.arrow.as_deref() {
        None => Some(None),
        Some(a) => {
            let all = [
                ArrowKind::AddNextTo,
                ArrowKind::Portal,
                ArrowKind::ExtraTurn,
            ];
            match all.into_iter().find(|k| k.name() == a) {
                Some(k) => Some(Some(k)),
                None => {
                    let name = a.to_string();
                    bad(Some(n), "arrow", InvalidKind::UnknownArrow { name });
                    None
                }
            }
        }
    };
    let then: Vec<Option<Answer>> = t.then.iter().map(|a| check_answer(n, a, bad)).collect();
    let rotation = Rotation::from_degrees(t.rotation);
    if rotation.is_none() {
        let degrees = t.rotation;
        bad(Some(n), "rotation", InvalidKind::Rotation { degrees });
    }
    let step = check_step(n, t, bad);
    let mut dragon = Some(Vec::new());
    for d in &t.dragon {
        match ["N", "E", "S", "W"].iter().position(|x| x == d) {
            Some(dir) => {
                if let Some(v) = dragon.as_mut() {
                    v.push(dir as u8);
                }
            }
            None => {
                let name = d.clone();
                bad(Some(n), "dragon", InvalidKind::DragonDirection { name });
                dragon = None;
            }
        }
    }
    let ransom = match &t.ransom {
        None => Some(None),
        Some(r) => check_kind(
            n,
            "ransom.kind",
            r.kind.as_deref(),
            Some(FigureKind::Follower),
            bad,
        )
        .map(|k| {
            Some(Ransom {
                player: r.player.clone(),
                kind: k.unwrap_or(FigureKind::Follower),
            })
        }),
    };
    Some(Turn {
        tile: t.tile.clone(),
        at: at?,
        rotation: rotation?,
        arrow: arrow?,
        step: step?,
        then: then.into_iter().collect::<Option<Vec<_>>>()?,
        set_aside: t.set_aside.clone(),
        dragon: dragon?,
        ransom: ransom?,
    })
}

fn check_answer(
    n: usize,
    a: &RawAnswer,
    bad: &mut impl FnMut(Option<usize>, &'static str, InvalidKind),
) -> Option<Answer> {
    let mut spot = |answer: &'static str| -> Option<(Pos, String)> {
        let (Some(at), Some(on)) = (&a.at, &a.on) else {
            bad(Some(n), "then", InvalidKind::AnswerSpot { answer });
            return None;
        };
        Some((check_pos(n, "then.at", at, bad)?, on.clone()))
    };
    let others = a.mayor.is_some() || a.scarecrow.is_some() || a.messenger.is_some();
    let what = match (
        a.mayor.as_deref(),
        a.scarecrow.as_deref(),
        a.messenger.as_deref(),
    ) {
        _ if others && a.wagon.is_some() => {
            bad(Some(n), "then", InvalidKind::UnknownAnswer);
            return None;
        }
        (None, None, None) if a.wagon.as_deref() == Some("move") => {
            let (at, on) = spot("wagon = \"move\"")?;
            AnswerKind::WagonMove { at, on }
        }
        (None, None, None) if a.wagon.as_deref() == Some("return") => AnswerKind::WagonReturn,
        (Some("swap"), None, None) => {
            let (at, on) = spot("mayor = \"swap\"")?;
            AnswerKind::MayorSwap {
                at,
                on,
                of: a.of.clone(),
            }
        }
        (Some("decline"), None, None) => AnswerKind::MayorDecline,
        (None, Some("hand-over"), None) => AnswerKind::HandOver,
        (None, Some("lie-down"), None) => AnswerKind::LieDown,
        (None, Some("return"), None) => AnswerKind::ScarecrowReturn,
        (None, None, Some("move")) => {
            let (at, on) = spot("messenger = \"move\"")?;
            AnswerKind::MessengerMove { at, on }
        }
        (None, None, Some("return")) => AnswerKind::MessengerReturn,
        _ => {
            bad(Some(n), "then", InvalidKind::UnknownAnswer);
            return None;
        }
    };
    Some(Answer {
        player: a.player.clone(),
        what,
    })
}

fn check_step(
    n: usize,
    t: &RawTurn,
    bad: &mut impl FnMut(Option<usize>, &'static str, InvalidKind),
) -> Option<Step> {
    let given: Vec<&'static str> = [
        ("figure", t.figure.is_some()),
        ("recall", t.recall.is_some()),
        ("add", t.add.is_some()),
        ("return", t.give_back.is_some()),
        ("free", t.free.is_some()),
        ("princess", t.princess.is_some()),
        ("fairy", t.fairy.is_some()),
        ("tower", t.tower.is_some()),
    ]
    .iter()
    .filter(|(_, on)| *on)
    .map(|(k, _)| *k)
    .collect();
    if given.len() > 1 {
        bad(
            Some(n),
            "figure",
            InvalidKind::SeveralSteps { steps: given },
        );
        return None;
    }
    if t.capture.is_some() && t.tower.is_none() {
        bad(Some(n), "capture", InvalidKind::CaptureWithoutTower);
        return None;
    }
    if let Some(tw) = &t.tower {
        let at = check_pos(n, "tower.at", &tw.at, bad);
        let declined = matches!(t.capture, Some(RawCaptureKey::Declined(false)));
        let capture = match &t.capture {
            None | Some(RawCaptureKey::Declined(false)) => Some(None),
            Some(RawCaptureKey::Declined(true)) => {
                bad(Some(n), "capture", InvalidKind::CaptureWithoutTower);
                None
            }
            Some(RawCaptureKey::Figure(c)) => {
                let kind = check_kind(n, "capture.kind", c.kind.as_deref(), None, bad);
                let cat = check_pos(n, "capture.at", &c.at, bad);
                match (kind, cat) {
                    (Some(kind), Some(at)) => Some(Some(Capture {
                        at,
                        on: c.on.clone(),
                        kind,
                        of: c.of.clone(),
                    })),
                    _ => None,
                }
            }
        };
        return Some(Step::Tower {
            at: at?,
            capture: capture?,
            declined,
        });
    }
    if let Some(r) = &t.recall {
        if r == "abbot" {
            return Some(Step::RecallAbbot);
        }
        let name = r.clone();
        bad(Some(n), "recall", InvalidKind::Recall { name });
        return None;
    }
    if let Some(s) = &t.add {
        let keys = ["add.kind", "add.at", "add.on"];
        let (kind, at, on) = check_spot(n, s, keys, Some(FigureKind::Follower), bad)?;
        return Some(Step::Add {
            kind: kind?,
            at,
            on: on?,
        });
    }
    if let Some(s) = &t.give_back {
        let keys = ["return.kind", "return.at", "return.on"];
        let (kind, at, on) = check_spot(n, s, keys, None, bad)?;
        return Some(Step::Return { kind, at, on: on? });
    }
    if let Some(s) = &t.free {
        // `on` is not asked for: a trapped figure lies on its trap's tile.
        let keys = ["free.kind", "free.at", ""];
        let (kind, at, _) = check_spot(n, s, keys, Some(FigureKind::Follower), bad)?;
        return Some(Step::Free { kind: kind?, at });
    }
    if let Some(s) = &t.princess {
        let keys = ["princess.kind", "princess.at", "princess.on"];
        let (_, at, on) = check_spot(n, s, keys, None, bad)?;
        return Some(Step::Princess { at, on: on? });
    }
    if let Some(s) = &t.fairy {
        let keys = ["fairy.kind", "fairy.at", "fairy.on"];
        let (_, at, on) = check_spot(n, s, keys, None, bad)?;
        return Some(Step::Fairy { at, on: on? });
    }
    let Some(f) = &t.figure else {
        return Some(Step::Pass);
    };
    let kind = check_kind(n, "figure.kind", Some(&f.kind), None, bad)??;
    let Some(on) = f.on.clone() else {
        bad(Some(n), "figure.on", InvalidKind::FigureSegment);
        return None;
    };
    let at = match &f.at {
        Some(at) => Some(check_pos(n, "figure.at", at, bad)?),
        None => None,
    };
    if f.portal == Some(true) && at.is_none() {
        bad(Some(n), "figure.portal", InvalidKind::PortalSquare);
        return None;
    }
    Some(Step::Figure {
        kind,
        on,
        at,
        portal: f.portal == Some(true),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str =
        "players = [\"a\", \"b\"]\nsets = [\"base\"]\nstart = { tile = \"base/D\" }\n";

    /// Every error `parse` reports for `text`, as text.
    fn errors(text: &str) -> Vec<String> {
        parse(text)
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect()
    }

    #[test]
    fn values_are_counted_outside_strings_and_comments() {
        assert_eq!(values(HEAD.as_bytes()), 8);
        let quoted = r#"a = "=,.[{\"" # =,.[{
b = '=,' c = """=
""=""" d = '''
=''' e = 1.5"#;
        assert_eq!(values(quoted.as_bytes()), 6);
        assert_eq!(values(b"x = \"unclosed\n[t]"), 2);
    }

    #[test]
    fn a_text_of_too_many_values_is_refused_unparsed() {
        let many = format!("{HEAD}{}", "[[turn]]\n".repeat(MAX_RECORD_VALUES));
        assert_eq!(
            errors(&many),
            ["more than 65536 values (keys, array items, tables; 131080 here): a game record holds far fewer (a game of every shipped set about 1,500)"]
        );
    }

    #[test]
    fn a_text_over_the_limit_is_refused_unparsed() {
        let long = format!("{HEAD}{}", "#".repeat(MAX_RECORD_BYTES));
        assert_eq!(
            errors(&long),
            [format!(
                "{} bytes: a game record holds at most 1048576 bytes (1 MiB)",
                long.len()
            )]
        );
        let at_limit = format!("{HEAD}{}", "#".repeat(MAX_RECORD_BYTES - HEAD.len()));
        assert!(parse(&at_limit).is_ok());
    }

    #[test]
    fn every_problem_is_reported_at_once_with_its_turn_and_key() {
        let text = format!(
            "{HEAD}[[turn]]\ntile = \"base/U\"\nat = [1]\nrotation = 45\n\
             [[turn]]\ntile = \"base/U\"\nat = [1, 0]\nrotation = 0\nfigure = {{ kind = \"wizard\", on = \"N\" }}\n"
        );
        assert_eq!(
            errors(&text),
            [
                "turn 1, key `at`: expected [x, y], found 1 numbers",
                "turn 1, key `rotation`: 45 is not 0, 90, 180 or 270",
                "turn 2, key `figure.kind`: unknown figure `wizard` (known: follower, abbot, mayor, messenger, scarecrow, big-follower, builder, pig, am-mayor, wagon, barn)",
            ]
        );
    }

    #[test]
    fn expansion_keys_are_checked_with_their_turn_and_key() {
        let turn = "[[turn]]\ntile = \"base/U\"\nat = [1, 0]\nrotation = 0\n";
        let text = format!(
            "{HEAD}{turn}arrow = \"sideways\"\n\
             {turn}free = {{ at = [1, 1] }}\nrecall = \"abbot\"\n\
             {turn}then = [{{ mayor = \"swap\" }}]\n\
             {turn}then = [{{ scarecrow = \"dance\" }}]\n\
             {turn}add = {{ at = [0, 0] }}\n\
             {turn}return = {{ at = [0, 0], on = \"N\", kind = \"wizard\" }}\n"
        );
        assert_eq!(
            errors(&text),
            [
                "turn 1, key `arrow`: unknown arrow `sideways` (known: add-next-to, portal, extra-turn)",
                "turn 2, key `figure`: a turn takes one figure step, not several (recall, free)",
                "turn 3, key `then`: `mayor = \"swap\"` needs `at = [x, y]` and `on` (the segment)",
                "turn 4, key `then`: each answer is one of mayor = \"swap\"|\"decline\", scarecrow = \"hand-over\"|\"lie-down\"|\"return\", messenger = \"move\"|\"return\", wagon = \"move\"|\"return\"",
                "turn 5, key `add.on`: missing `on`: name the segment (a port such as `N`, or `monastery`)",
                "turn 6, key `return.kind`: unknown figure `wizard` (known: follower, abbot, mayor, messenger, scarecrow, big-follower, builder, pig, am-mayor, wagon, barn)",
            ]
        );
        let ok = format!(
            "{HEAD}{turn}figure = {{ kind = \"mayor\", at = [2, 0], on = \"N\" }}\n\
             then = [{{ messenger = \"move\", at = [3, 0], on = \"E\", player = \"b\" }}, {{ scarecrow = \"lie-down\" }}]\n\
             {turn}free = {{ at = [1, 1], kind = \"abbot\" }}\n"
        );
        let record = parse(&ok).expect("valid");
        assert_eq!(
            record.turns[0].step,
            Step::Figure {
                kind: FigureKind::Mayor,
                on: "N".into(),
                at: Some(Pos::new(2, 0)),
                portal: false,
            }
        );
        assert_eq!(
            record.turns[0].then[0],
            Answer {
                player: Some("b".into()),
                what: AnswerKind::MessengerMove {
                    at: Pos::new(3, 0),
                    on: "E".into()
                }
            }
        );
        assert_eq!(record.turns[0].then[1].what, AnswerKind::LieDown);
        assert_eq!(
            record.turns[1].step,
            Step::Free {
                kind: FigureKind::Abbot,
                at: Pos::new(1, 1)
            }
        );
    }

    #[test]
    fn unknown_keys_and_bad_types_name_the_key() {
        let err = parse(&format!("{HEAD}colour = 3\n")).unwrap_err();
        assert!(
            err[0].to_string().contains("unknown field `colour`"),
            "{}",
            err[0]
        );
        let err = parse(&format!(
            "{HEAD}[[turn]]\ntile = 3\nat = [0, 1]\nrotation = 0\n"
        ))
        .unwrap_err();
        assert!(err[0].to_string().contains("tile"), "{}", err[0]);
    }

    #[test]
    fn waiting_is_checked_against_drawn_and_the_last_turn() {
        let turn = "[[turn]]\ntile = \"base/U\"\nat = [1, 0]\nrotation = 0\n";
        let figure = "figure = { kind = \"follower\", on = \"E\" }\n";
        assert_eq!(
            errors(&format!("{HEAD}waiting = \"lunch\"\n")),
            ["key `waiting`: unknown `lunch` (known: draw, arrow, figure, answer)"]
        );
        assert_eq!(
            errors(&format!("{HEAD}drawn = \"base/U\"\nwaiting = \"draw\"\n")),
            ["key `waiting`: not with `drawn`: a drawn tile waits for its placement, and `waiting` says what waits after it"]
        );
        assert_eq!(
            errors(&format!("{HEAD}waiting = \"figure\"\n")),
            ["key `waiting`: `waiting = \"figure\"` waits in the last turn, and the record ends after no turn (or after tiles set aside)"]
        );
        assert_eq!(
            errors(&format!("{HEAD}waiting = \"figure\"\n{turn}{figure}")),
            ["turn 1, key `waiting`: `waiting = \"figure\"` says the turn stops before that, and it writes `figure`"]
        );
        assert_eq!(
            errors(&format!("{HEAD}waiting = \"arrow\"\n{turn}arrow = \"portal\"\n")),
            ["turn 1, key `waiting`: `waiting = \"arrow\"` says the turn stops before that, and it writes `arrow`"]
        );
        // An answer waits after the figure step and the answers written.
        let answer = parse(&format!(
            "{HEAD}waiting = \"answer\"\n{turn}{figure}then = [{{ mayor = \"decline\" }}]\n"
        ))
        .expect("valid");
        assert_eq!(answer.waiting, Some(Waiting::Answer));
        let drawn = parse(&format!("{HEAD}drawn = \"base/U\"\n")).expect("valid");
        assert_eq!(
            (drawn.drawn.as_deref(), drawn.waiting),
            (Some("base/U"), None)
        );
    }

    #[test]
    fn players_and_expect_are_checked() {
        let text = "players = [\"a\", \"a\"]\nsets = []\nstart = { tile = \"base/D\" }\n[expect]\nscores = [1]\n";
        assert_eq!(
            errors(text),
            [
                "key `players`: player name `a` is used twice",
                "key `sets`: no tile set given",
                "key `expect.scores`: 1 scores for 2 players",
            ]
        );
    }

    #[test]
    fn the_remaining_value_errors_show_their_text() {
        let turn = "[[turn]]\ntile = \"base/U\"\nat = [1, 0]\nrotation = 0\n";
        let text = format!(
            "players = [\"a\", \" \"]\nsets = [\"base\"]\nstart = {{ tile = \"base/D\" }}\n\
             [[turn]]\ntile = \"base/U\"\nat = [40000, 0]\nrotation = 0\n\
             {turn}recall = \"mayor\"\n\
             {turn}figure = {{ kind = \"follower\" }}\n\
             {turn}figure = {{ kind = \"follower\", on = \"N\", portal = true }}\n\
             [expect]\nscores = [1, 3000000000]\n"
        );
        assert_eq!(
            errors(&text),
            [
                "key `players`: player 2 has an empty name",
                "turn 1, key `at`: [40000, 0] is off any board",
                "turn 2, key `recall`: `mayor` cannot be recalled (only `abbot`)",
                "turn 3, key `figure.on`: missing: name the segment (a port such as `N`, or `monastery`)",
                "turn 4, key `figure.portal`: a portal needs `at`: the square of the tile it places on",
                "key `expect.scores`: scores are whole numbers within ±2147483647",
            ]
        );
    }
}
