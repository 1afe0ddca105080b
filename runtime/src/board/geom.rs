//! Board geometry: positions, rotations, directions and how ports meet across an
//! edge.
//!
//! `x` grows to the east and `y` to the south (the game-record convention).
//! Directions are numbered like edges: `N=0 E=1 S=2 W=3`.

use std::fmt;

/// A square on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pos {
    /// Column; grows to the east.
    pub x: i16,
    /// Row; grows to the south.
    pub y: i16,
}

/// Offsets of the four orthogonal neighbours, in direction order N, E, S, W.
pub const DIRS: [(i16, i16); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// Offsets of the eight squares around a tile (its neighbourhood).
pub const AROUND: [(i16, i16); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
];

impl Pos {
    /// A position from its coordinates.
    pub const fn new(x: i16, y: i16) -> Pos {
        Pos { x, y }
    }

    /// The square next to this one in direction `dir` (0=N, 1=E, 2=S, 3=W).
    pub fn step(self, dir: usize) -> Pos {
        let (dx, dy) = DIRS[dir & 3];
        self.offset(dx, dy)
    }

    /// This position moved by `(dx, dy)` (saturating at the `i16` range).
    pub fn offset(self, dx: i16, dy: i16) -> Pos {
        Pos::new(self.x.saturating_add(dx), self.y.saturating_add(dy))
    }

    /// Whether `other` is this square or one of its eight neighbours.
    pub fn near(self, other: Pos) -> bool {
        // `&`, not `&&`: one branch for the caller instead of two coin tosses.
        ((i32::from(self.x) - i32::from(other.x)).abs() <= 1)
            & ((i32::from(self.y) - i32::from(other.y)).abs() <= 1)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}]", self.x, self.y)
    }
}

/// A rotation in quarter turns clockwise (`0..4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rotation(u8);

impl Rotation {
    /// No rotation.
    pub const R0: Rotation = Rotation(0);

    /// The rotation of `quarter_turns` clockwise quarter turns (taken modulo 4).
    pub const fn new(quarter_turns: u8) -> Rotation {
        Rotation(quarter_turns % 4)
    }

    /// The rotation for clockwise `degrees`, if it is 0, 90, 180 or 270.
    pub const fn from_degrees(degrees: i64) -> Option<Rotation> {
        match degrees {
            0 | 90 | 180 | 270 => Some(Rotation((degrees / 90) as u8)),
            _ => None,
        }
    }

    /// Quarter turns clockwise, `0..4`.
    pub const fn quarter_turns(self) -> u8 {
        self.0
    }

    /// Clockwise degrees: 0, 90, 180 or 270.
    pub const fn degrees(self) -> u16 {
        self.0 as u16 * 90
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}°", self.degrees())
    }
}

/// A rotation is written as its clockwise degrees (0, 90, 180, 270).
#[cfg(feature = "serde")]
impl serde::Serialize for Rotation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u16(self.degrees())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Rotation {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Rotation, D::Error> {
        let degrees = u16::deserialize(d)?;
        Rotation::from_degrees(i64::from(degrees)).ok_or_else(|| {
            serde::de::Error::custom(format!("rotation {degrees}: write 0, 90, 180 or 270"))
        })
    }
}

/// The port of the neighbour that meets `port` across its edge.
///
/// `NL` (the west half of the north edge) meets the neighbour's `SR` (the west half
/// of its south edge): left and right swap because both are seen from their own
/// tile's centre.
pub const fn facing_port(port: usize) -> usize {
    // A table: this runs for every port of every placement.
    const FACING: [usize; 12] = [8, 7, 6, 11, 10, 9, 2, 1, 0, 5, 4, 3];
    FACING[port % 12]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facing_ports_pair_up_halves_across_the_edge() {
        assert_eq!(facing_port(0), 8); // NL meets SR
        assert_eq!(facing_port(1), 7); // N meets S
        assert_eq!(facing_port(3), 11); // EL meets WR
        for p in 0..12 {
            assert_eq!(facing_port(facing_port(p)), p);
        }
    }

    #[test]
    fn degrees_round_trip() {
        for d in [0, 90, 180, 270] {
            assert_eq!(i64::from(Rotation::from_degrees(d).unwrap().degrees()), d);
        }
        assert_eq!(Rotation::from_degrees(45), None);
    }
}
