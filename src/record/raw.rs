//! Text → raw serde structure → checked [`Record`].

use super::{Record, RecordError, Step, Turn};
use serde::Deserialize;
use tilec_runtime::{FigureKind, Pos, Rotation};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRecord {
    players: Vec<String>,
    sets: Vec<String>,
    start: RawStart,
    #[serde(default, rename = "turn")]
    turns: Vec<RawTurn>,
    expect: Option<RawExpect>,
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
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFigure {
    kind: String,
    on: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExpect {
    scores: Option<Vec<i64>>,
}

/// Parses and checks a game record, reporting every problem at once.
pub fn parse(text: &str) -> Result<Record, Vec<RecordError>> {
    let raw: RawRecord =
        toml::from_str(text).map_err(|e| vec![RecordError::Toml(e.to_string())])?;
    let mut errors = Vec::new();
    let mut bad =
        |turn, key, message: String| errors.push(RecordError::Invalid { turn, key, message });
    if !(2..=6).contains(&raw.players.len()) {
        bad(
            None,
            "players",
            format!("{} players: a game has 2 to 6", raw.players.len()),
        );
    }
    for (i, p) in raw.players.iter().enumerate() {
        if p.trim().is_empty() {
            bad(
                None,
                "players",
                format!("player {} has an empty name", i + 1),
            );
        } else if raw.players[..i].contains(p) {
            bad(None, "players", format!("player name `{p}` is used twice"));
        }
    }
    if raw.sets.is_empty() {
        bad(None, "sets", "no tile set given".into());
    }
    let turns: Vec<Turn> = raw
        .turns
        .iter()
        .enumerate()
        .filter_map(|(i, t)| check_turn(i + 1, t, &mut bad))
        .collect();
    let expect_scores = raw.expect.and_then(|e| e.scores).and_then(|s| {
        if s.len() != raw.players.len() {
            let msg = format!("{} scores for {} players", s.len(), raw.players.len());
            bad(None, "expect.scores", msg);
            return None;
        }
        let ok: Option<Vec<u32>> = s.iter().map(|&v| u32::try_from(v).ok()).collect();
        if ok.is_none() {
            bad(
                None,
                "expect.scores",
                "scores are whole numbers from 0".into(),
            );
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
        expect_scores,
    })
}

fn check_turn(
    n: usize,
    t: &RawTurn,
    bad: &mut impl FnMut(Option<usize>, &'static str, String),
) -> Option<Turn> {
    let at = match t.at[..] {
        [x, y] => match (i16::try_from(x), i16::try_from(y)) {
            (Ok(x), Ok(y)) => Some(Pos::new(x, y)),
            _ => {
                bad(Some(n), "at", format!("[{x}, {y}] is off any board"));
                None
            }
        },
        _ => {
            bad(
                Some(n),
                "at",
                format!("expected [x, y], found {} numbers", t.at.len()),
            );
            None
        }
    };
    let rotation = Rotation::from_degrees(t.rotation);
    if rotation.is_none() {
        bad(
            Some(n),
            "rotation",
            format!("{} is not 0, 90, 180 or 270", t.rotation),
        );
    }
    let step = check_step(n, t, bad);
    Some(Turn {
        tile: t.tile.clone(),
        at: at?,
        rotation: rotation?,
        step: step?,
    })
}

fn check_step(
    n: usize,
    t: &RawTurn,
    bad: &mut impl FnMut(Option<usize>, &'static str, String),
) -> Option<Step> {
    match (&t.figure, &t.recall) {
        (Some(_), Some(_)) => {
            bad(
                Some(n),
                "recall",
                "a turn takes either a figure or a recall, not both".into(),
            );
            None
        }
        (None, Some(r)) if r == "abbot" => Some(Step::RecallAbbot),
        (None, Some(r)) => {
            bad(
                Some(n),
                "recall",
                format!("`{r}` cannot be recalled (only `abbot`)"),
            );
            None
        }
        (None, None) => Some(Step::Pass),
        (Some(f), None) => {
            let Some(kind) = FigureKind::from_name(&f.kind) else {
                let names: Vec<_> = FigureKind::ALL.iter().map(|k| k.name()).collect();
                let msg = format!("unknown figure `{}` (known: {})", f.kind, names.join(", "));
                bad(Some(n), "figure.kind", msg);
                return None;
            };
            let Some(on) = f.on.clone() else {
                bad(
                    Some(n),
                    "figure.on",
                    "missing: name the segment (a port such as `N`, or `monastery`)".into(),
                );
                return None;
            };
            Some(Step::Figure { kind, on })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str =
        "players = [\"a\", \"b\"]\nsets = [\"base\"]\nstart = { tile = \"base/D\" }\n";

    #[test]
    fn every_problem_is_reported_at_once_with_its_turn_and_key() {
        let text = format!(
            "{HEAD}[[turn]]\ntile = \"base/U\"\nat = [1]\nrotation = 45\n\
             [[turn]]\ntile = \"base/U\"\nat = [1, 0]\nrotation = 0\nfigure = {{ kind = \"wizard\", on = \"N\" }}\n"
        );
        let errors: Vec<String> = parse(&text)
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(
            errors,
            [
                "turn 1, key `at`: expected [x, y], found 1 numbers",
                "turn 1, key `rotation`: 45 is not 0, 90, 180 or 270",
                "turn 2, key `figure.kind`: unknown figure `wizard` (known: follower, abbot)",
            ]
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
    fn players_and_expect_are_checked() {
        let text = "players = [\"a\", \"a\"]\nsets = []\nstart = { tile = \"base/D\" }\n[expect]\nscores = [1]\n";
        let errors: Vec<String> = parse(text)
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(
            errors,
            [
                "key `players`: player name `a` is used twice",
                "key `sets`: no tile set given",
                "key `expect.scores`: 1 scores for 2 players",
            ]
        );
    }
}
