//! A game record loaded to step through: replayed once by the runtime
//! (`record::replay_each`), keeping the game before the first turn, after
//! every turn, and after final scoring. A record the runtime refuses gives
//! its message, as `tilec play` prints it.

use super::points::Points;
use super::view;
use serde_json::{json, Value};
use tilec::record;
use tilec::sets::Available;
use tilec_runtime::catalog::CatalogOptions;
use tilec_runtime::Game;

/// The most record errors shown at once.
const MAX_ERRORS: usize = 20;

/// A record being stepped through.
pub struct Replay {
    /// The players' names.
    pub names: Vec<String>,
    /// The game at each step: the start, after each turn, the final scoring.
    pub steps: Vec<Game>,
}

impl Replay {
    /// Replays the record `text` with the sets `available`.
    pub fn load(text: &str, available: &Available, topology_only: bool) -> Result<Replay, String> {
        let record = record::parse(text).map_err(|errors| {
            let mut lines: Vec<String> = errors
                .iter()
                .take(MAX_ERRORS)
                .map(|e| e.to_string())
                .collect();
            if errors.len() > MAX_ERRORS {
                lines.push(format!("... and {} more errors", errors.len() - MAX_ERRORS));
            }
            lines.join("\n")
        })?;
        if let Some((id, missing)) = available.missing_requirement(&record.sets) {
            return Err(tilec::sets::requires_text(&id, &missing));
        }
        let sets = available.sets_for(&record.sets);
        let sets: Vec<&tilec_runtime::TileSet> = sets.iter().map(|s| &**s).collect();
        let options = CatalogOptions { topology_only };
        let mut steps = Vec::new();
        let last = record::replay_each(&record, &sets, options, |g| steps.push(g.clone()))
            .map_err(|e| e.to_string())?;
        steps.push(last);
        Ok(Replay {
            names: record.players,
            steps,
        })
    }

    /// The view of step `at` (clamped to the last).
    pub fn view(&self, id: &str, at: usize, points: &mut Points) -> Value {
        let at = at.min(self.steps.len() - 1);
        let mut v = view::board(&self.steps[at], &self.names, &[], points);
        view::extend(
            &mut v,
            json!({
                "id": id,
                "mode": "replay",
                "img": format!("/play/img/{id}/"),
                "step": at,
                "steps": self.steps.len(),
                "places": [],
                "choices": [],
                "question": step_words(at, self.steps.len()),
            }),
        );
        v
    }
}

fn step_words(at: usize, steps: usize) -> String {
    match at {
        0 => "the start".into(),
        a if a + 1 == steps => "after final scoring".into(),
        a => format!("after turn {a}"),
    }
}
