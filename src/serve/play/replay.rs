//! A game record loaded to step through: replayed once by the runtime to
//! check it, then kept as the record and three games ([`record::Steps`]),
//! not a game per step; a step shown is played on from the one shown before.
//! A record the runtime refuses gives its message, as `tilec play` prints it.

use super::points::Points;
use super::view;
use serde_json::{json, Value};
use tilec::record;
use tilec::sets::Available;
use tilec_runtime::catalog::CatalogOptions;

/// The most record errors shown at once.
const MAX_ERRORS: usize = 20;

/// A record being stepped through.
pub struct Replay {
    /// The record and the games stepping needs.
    pub steps: record::Steps,
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
        let steps = record::Steps::new(record, &sets, options).map_err(|e| e.to_string())?;
        Ok(Replay { steps })
    }

    /// The view of step `at` (clamped to the last).
    pub fn view(&mut self, id: &str, at: usize, points: &mut Points) -> Value {
        let steps = self.steps.len();
        let at = at.min(steps - 1);
        let names = self.steps.record().players.clone();
        let mut v = view::board(self.steps.at(at), &names, &[], points);
        view::extend(
            &mut v,
            json!({
                "id": id,
                "mode": "replay",
                "img": format!("/play/img/{id}/"),
                "step": at,
                "steps": steps,
                "places": [],
                "choices": [],
                "question": step_words(at, steps),
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
