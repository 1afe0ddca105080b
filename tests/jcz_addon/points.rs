//! Where a figure stands in an add-on's artwork, measured on the clip paths
//! and points the add-on writes (not on the layout that made them): every
//! point is at least [`BORDER`] of the tile from its border, and well inside
//! its clip, at least [`INSIDE`] of the room the clip has at its roomiest
//! spot (the largest disc that fits in it), or [`ENOUGH`] of the tile; and
//! the clips of one tile are disjoint ([`overlaps`]).

use serde_json::Value;

/// An add-on's files: path relative to its directory → bytes.
pub type Files = std::collections::BTreeMap<String, Vec<u8>>;

/// The least distance from the tile's border (a fraction of its side).
pub const BORDER: f64 = 0.05;
/// The least distance from the clip's edge, as a fraction of the clip's
/// largest inscribed radius...
pub const INSIDE: f64 = 0.6;
/// ... or of the tile's side, whichever is less: a road's half width, so that
/// a road's centre line is inside enough even where a symbol drawn on the
/// road (a village) widens its clip.
pub const ENOUGH: f64 = 0.045;

/// One point measured: the tile, the place's key, the point, its distance
/// from the clip's edge and the clip's largest inscribed radius (pixels).
#[derive(Debug)]
pub struct Measured {
    pub tile: String,
    pub key: String,
    pub point: (f64, f64),
    pub room: f64,
    pub most: f64,
}

/// Every place of every tile of the artwork in `dir` of `files`, measured.
pub fn measure(files: &Files, dir: &str) -> Vec<Measured> {
    let json =
        |p: &str| -> Value { serde_json::from_slice(&files[&format!("{dir}/{p}")]).expect("JSON") };
    let art = json("artwork.json");
    let size = art["tileSize"].as_u64().expect("tileSize") as usize;
    let features = json("jsons/features.json");
    let tiles = json("jsons/tiles.json");
    let mut out = Vec::new();
    for (tile, entry) in tiles.as_object().expect("tiles") {
        for (key, id) in entry["features"].as_object().expect("features") {
            let f = &features[id.as_str().expect("an id")];
            let clip = f["clip"].as_str().expect("a clip");
            let p = &f["point"];
            let (x, y) = (p[0].as_f64().expect("x"), p[1].as_f64().expect("y"));
            let inside = raster(clip, size);
            let dist = distance(&inside, size);
            let most = dist.iter().copied().fold(0.0, f64::max);
            out.push(Measured {
                tile: tile.clone(),
                key: key.clone(),
                point: (x, y),
                room: room_at(&inside, size, (x, y)),
                most,
            });
        }
    }
    out
}

/// Every pair of places of one tile whose clips share a pixel, as text
/// (`tile: A and B share N pixels`). In JCloisterZone's client a click or a
/// hover on a shared pixel is ambiguous, and a figure's point may fall in
/// another place's clip. A road the engine splits at its tunnel (`Road/N`,
/// `Road/S`, with its tunnel rule on) is the engine's other reading of the
/// road it splits (`Road/NS`): the engine reports the one or the others,
/// never both, so a part (its feature id is the road's id with `:EDGE`
/// added) may share pixels with the road it is part of, and with no other.
pub fn overlaps(files: &Files, dir: &str) -> Vec<String> {
    let json =
        |p: &str| -> Value { serde_json::from_slice(&files[&format!("{dir}/{p}")]).expect("JSON") };
    let size = json("artwork.json")["tileSize"].as_u64().expect("tileSize") as usize;
    let features = json("jsons/features.json");
    let tiles = json("jsons/tiles.json");
    let mut out = Vec::new();
    for (tile, entry) in tiles.as_object().expect("tiles") {
        let places: Vec<(&str, &str, Vec<bool>)> = entry["features"]
            .as_object()
            .expect("features")
            .iter()
            .map(|(key, id)| {
                let id = id.as_str().expect("an id");
                let clip = features[id]["clip"].as_str().expect("a clip");
                (key.as_str(), id, raster(clip, size))
            })
            .collect();
        for (i, (ka, ia, a)) in places.iter().enumerate() {
            for (kb, ib, b) in &places[i + 1..] {
                let part = |x: &str, y: &str| x.strip_prefix(y).is_some_and(|r| r.starts_with(':'));
                if part(ia, ib) || part(ib, ia) {
                    continue;
                }
                let shared = a.iter().zip(b).filter(|(x, y)| **x && **y).count();
                if shared > 0 {
                    out.push(format!("{tile}: {ka} and {kb} share {shared} pixels"));
                }
            }
        }
    }
    out
}

/// What is wrong with a measured point of a tile `size` wide, if anything.
pub fn fault(m: &Measured, size: f64) -> Option<String> {
    let (x, y) = m.point;
    let edge = x.min(y).min(size - x).min(size - y);
    if edge < BORDER * size {
        return Some(format!(
            "{} {}: ({x}, {y}) is {edge} from the tile's border",
            m.tile, m.key
        ));
    }
    let want = (INSIDE * m.most).min(ENOUGH * size);
    (m.room < want).then(|| {
        format!(
            "{} {}: ({x}, {y}) is {:.1} from its clip's edge, the clip has room {:.1}",
            m.tile, m.key, m.room, m.most
        )
    })
}

/// The pixels of a `size` × `size` tile inside a clip made of tilec's
/// `M x0 y0 H x1 V y1 H x0 Z` rectangles.
fn raster(clip: &str, size: usize) -> Vec<bool> {
    let mut inside = vec![false; size * size];
    for r in clip.split('Z').filter(|r| !r.trim().is_empty()) {
        let n: Vec<usize> = r
            .split(|c: char| c.is_ascii_alphabetic() || c == ' ')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().expect("a number"))
            .collect();
        assert_eq!(n.len(), 5, "a rectangle: {r}");
        for y in n[1]..n[3].min(size) {
            for x in n[0]..n[2].min(size) {
                inside[y * size + x] = true;
            }
        }
    }
    inside
}

/// How far `p` is from the nearest pixel outside the clip (or the tile).
fn room_at(inside: &[bool], size: usize, p: (f64, f64)) -> f64 {
    let border = p.0.min(p.1).min(size as f64 - p.0).min(size as f64 - p.1);
    let out = (0..inside.len()).filter(|&i| !inside[i]).map(|i| {
        let (cx, cy) = ((i % size) as f64 + 0.5, (i / size) as f64 + 0.5);
        ((cx - p.0).powi(2) + (cy - p.1).powi(2)).sqrt()
    });
    out.fold(border, f64::min)
}

/// The exact Euclidean distance from each pixel inside to the nearest pixel
/// outside (the tile's surroundings counting as outside), by Felzenszwalb and
/// Huttenlocher's separable transform of squared distances.
fn distance(inside: &[bool], size: usize) -> Vec<f64> {
    // A frame of outside pixels round the tile.
    let n = size + 2;
    let far = 1e12;
    let mut f: Vec<f64> = (0..n * n)
        .map(|i| {
            let (x, y) = (i % n, i / n);
            let at = |x: usize, y: usize| inside[(y - 1) * size + (x - 1)];
            let frame = x == 0 || y == 0 || x == n - 1 || y == n - 1;
            if !frame && at(x, y) {
                far
            } else {
                0.0
            }
        })
        .collect();
    for x in 0..n {
        let col: Vec<f64> = (0..n).map(|y| f[y * n + x]).collect();
        for (y, v) in lower_envelope(&col).into_iter().enumerate() {
            f[y * n + x] = v;
        }
    }
    for y in 0..n {
        let row = lower_envelope(&f[y * n..(y + 1) * n]);
        f[y * n..(y + 1) * n].copy_from_slice(&row);
    }
    (0..size * size)
        .map(|i| f[(i / size + 1) * n + i % size + 1].sqrt())
        .collect()
}

/// The 1-D squared distance transform of `f` (the lower envelope of parabolas).
fn lower_envelope(f: &[f64]) -> Vec<f64> {
    let n = f.len();
    let (mut v, mut z) = (vec![0usize; n], vec![0.0f64; n + 1]);
    let mut k = 0;
    z[0] = f64::NEG_INFINITY;
    z[1] = f64::INFINITY;
    let cross = |q: usize, p: usize| {
        let (q2, p2) = ((q * q) as f64, (p * p) as f64);
        ((f[q] + q2) - (f[p] + p2)) / (2.0 * (q as f64 - p as f64))
    };
    for q in 1..n {
        let mut s = cross(q, v[k]);
        while s <= z[k] {
            k -= 1;
            s = cross(q, v[k]);
        }
        k += 1;
        v[k] = q;
        z[k] = s;
        z[k + 1] = f64::INFINITY;
    }
    k = 0;
    (0..n)
        .map(|q| {
            while z[k + 1] < q as f64 {
                k += 1;
            }
            let d = q as f64 - v[k] as f64;
            d * d + f[v[k]]
        })
        .collect()
}
