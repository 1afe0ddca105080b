//! Pictures already drawn, kept between builds: `tilec serve` rebuilds the
//! site on every save, and a kind (or a set) unchanged since the last build
//! reuses its previews (or its sheet) instead of drawing them again. A kind is
//! looked up by id and reused only when its whole definition is equal, so the
//! output is the same bytes as a build from nothing.

use super::png;
use image::RgbaImage;
use std::collections::HashMap;
use std::sync::Arc;
use tilec_runtime::{TileKind, TileSet};

/// One kind's previews: the PNG bytes at each rotation, and the picture at
/// rotation 0 (for its set's sheet).
#[derive(Debug)]
pub struct Previews {
    /// PNG bytes at 0°, 90°, 180° and 270°.
    pub png: [Vec<u8>; 4],
    /// The preview at rotation 0, decoded.
    pub upright: RgbaImage,
}

/// A cache of previews by tile kind and of sheets by set (see the module).
#[derive(Debug, Default)]
pub struct Pictures {
    kinds: HashMap<String, (TileKind, Arc<Previews>)>,
    sheets: HashMap<String, (TileSet, Arc<Vec<u8>>)>,
}

impl Pictures {
    /// An empty cache.
    pub fn new() -> Pictures {
        Pictures::default()
    }

    /// The previews of `kind`, drawn now unless an equal kind was drawn before.
    pub fn previews(&mut self, kind: &TileKind) -> Arc<Previews> {
        if let Some((known, drawn)) = self.kinds.get(&*kind.id) {
            if known == kind {
                return Arc::clone(drawn);
            }
        }
        let pictures = png::render_rotations(kind);
        let drawn = Arc::new(Previews {
            png: [0, 1, 2, 3].map(|r| png::encode_png(&pictures[r])),
            upright: pictures.into_iter().next().unwrap_or_default(),
        });
        let entry = (kind.clone(), Arc::clone(&drawn));
        self.kinds.insert(kind.id.to_string(), entry);
        drawn
    }

    /// The PNG bytes of `set`'s sheet (its kinds' previews drawn as needed).
    pub fn sheet(&mut self, set: &TileSet) -> Arc<Vec<u8>> {
        if let Some((known, bytes)) = self.sheets.get(&*set.id) {
            if known == set {
                return Arc::clone(bytes);
            }
        }
        let previews: Vec<Arc<Previews>> = set.tiles.iter().map(|t| self.previews(t)).collect();
        let upright: Vec<RgbaImage> = previews.iter().map(|p| p.upright.clone()).collect();
        let bytes = Arc::new(png::encode_png(&png::sheet_from(set, &upright)));
        let entry = (set.clone(), Arc::clone(&bytes));
        self.sheets.insert(set.id.to_string(), entry);
        bytes
    }

    /// Forgets every kind and set not in `sets`, so that a long session of
    /// renames does not grow the cache without end.
    pub fn retain(&mut self, sets: &[&TileSet]) {
        let kind_kept = |id: &str| sets.iter().any(|s| s.tiles.iter().any(|t| t.id == id));
        self.kinds.retain(|id, _| kind_kept(id));
        self.sheets
            .retain(|id, _| sets.iter().any(|s| s.id == id.as_str()));
    }
}
