//! Reading one `<tile>` (or older `<card>`) element into a [`Tile`].
//!
//! Features name the edges they touch in their text (`<city>N W</city>`);
//! fields name adjoining cities by one of the city's edges (`city="N"`);
//! wagon-move groups (the older `<wagon-move><neighbouring>` or the newer
//! `wagon-move="a"` attribute) are kept: they say where roads end.

use super::location::{self, Expect, Loc};
use super::marks;
use super::model::{Feature, Kind, Mark, RiverEnd, Tile};
use super::xml::{self, Sink};
use crate::diagnostic::Span;
use crate::message::Kind as Msg;
use crate::vocab::{Attach, Jcz, JczValue, MarkRow};
use roxmltree::{Attribute, Node};

/// Words naming features before they are resolved, with their spans.
type Refs = Vec<(String, Span)>;

/// Reads a tile element; `None` (reported) when it has no `id`.
pub fn read(node: Node<'_, '_>, sink: &mut Sink<'_>) -> Option<Tile> {
    let Some(id) = node.attribute("id") else {
        let kind = Msg::JczMissingAttribute {
            attribute: "id",
            element: node.tag_name().name().into(),
        };
        sink.push(kind, sink.tag(node));
        return None;
    };
    let tile = Tile {
        id: id.into(),
        span: sink.tag(node),
        count: None,
        start: false,
        river_end: None,
        features: Vec::new(),
        groups: Vec::new(),
        marks: Vec::new(),
        notes: Vec::new(),
    };
    let mut r = Reader {
        sink,
        tile,
        field_cities: Vec::new(),
        neighbouring: Vec::new(),
        labels: Vec::new(),
    };
    r.tile_attributes(node);
    for child in xml::children(node, r.sink) {
        r.child(child);
    }
    r.resolve();
    Some(r.tile)
}

/// A whole number from 1 to 255, as JCloisterZone writes counts.
pub fn count(text: &str) -> Option<u32> {
    text.trim().parse().ok().filter(|n| (1..=255).contains(n))
}

struct Reader<'s, 'd> {
    sink: &'s mut Sink<'d>,
    tile: Tile,
    field_cities: Vec<(usize, Refs)>,
    neighbouring: Vec<Refs>,
    labels: Vec<(String, usize)>,
}

impl Reader<'_, '_> {
    fn tile_attributes(&mut self, node: Node<'_, '_>) {
        for a in node.attributes() {
            match (a.name(), a.value()) {
                // `max` caps copies when several tile-sets add up; one tile-set is imported.
                ("id" | "max", _) => {}
                ("count", v) => match count(v) {
                    Some(n) => self.tile.count = Some(n),
                    None => {
                        let kind = Msg::JczCount { text: v.into() };
                        self.sink.push(kind, self.sink.attr(&a));
                    }
                },
                ("group", "river-spring" | "river-start") => {
                    self.tile.river_end = Some(RiverEnd::Spring);
                }
                ("group", "river-lake") => self.tile.river_end = Some(RiverEnd::Lake),
                // Draw groups that river segments already imply.
                ("group", "default" | "river" | "river-fork") => {}
                (name, v) if marks::tile_attribute(name).is_some() => {
                    let Some(row) = marks::tile_attribute(name) else {
                        continue;
                    };
                    if let Some(words) = self.mark_words(&a, row, Some(v), false) {
                        self.tile.marks.push(Mark::Vocab(words));
                    }
                }
                _ => self.left_out_attribute(node, &a),
            }
        }
    }

    fn child(&mut self, node: Node<'_, '_>) {
        match node.tag_name().name() {
            "city" => self.feature(node, Kind::City),
            "road" => self.feature(node, Kind::Road),
            "river" => self.feature(node, Kind::River),
            "farm" | "field" => self.feature(node, Kind::Field),
            "cloister" | "monastery" => self.feature(node, Kind::Monastery),
            "garden" => self.feature(node, Kind::Garden),
            "yaga-hut" => self.feature(node, Kind::Hut),
            "wagon-move" => self.wagon_move(node),
            name if marks::element(name).is_some() => self.vocab_element(node),
            "position" if node.attribute("x") == Some("0") && node.attribute("y") == Some("0") => {
                self.tile.start = true;
                self.only_attributes(node, &["x", "y"]);
            }
            _ => self.left_out(node),
        }
    }

    /// A symbol element such as `<tower/>` or `<corn-circle type="Road"/>`.
    fn vocab_element(&mut self, node: Node<'_, '_>) {
        let name = node.tag_name().name();
        let Some((row, attr)) = marks::element(name) else {
            return;
        };
        self.only_attributes(node, attr.as_slice());
        let value = match attr.map(|a| (a, node.attribute_node(a))) {
            Some((a, None)) => {
                let kind = Msg::JczMissingAttribute {
                    attribute: a,
                    element: name.into(),
                };
                self.sink.push(kind, self.sink.tag(node));
                return;
            }
            Some((_, Some(a))) => Some(a),
            None => None,
        };
        let words = match value {
            Some(a) => self.mark_words(&a, row, Some(a.value()), false),
            None => Some(row.keyword.to_string()),
        };
        let on = match row.on {
            Attach::Tile => None,
            Attach::Segment(k) => Kind::ALL.into_iter().find(|f| f.segment_kind() == k),
        };
        let mark = match (words, on) {
            (Some(words), None) => Mark::Vocab(words),
            (Some(_), Some(kind)) => Mark::OnOne {
                keyword: row.keyword,
                kind,
                element: row_element(row),
                span: self.sink.tag(node),
            },
            (None, _) => return,
        };
        self.tile.marks.push(mark);
    }

    /// The tile-language words of a mark read from attribute `a`, or `None`
    /// (reported) when its value cannot be said.
    fn mark_words(
        &mut self,
        a: &Attribute<'_, '_>,
        row: &MarkRow,
        value: Option<&str>,
        on_segment: bool,
    ) -> Option<String> {
        match marks::words(row, value, on_segment) {
            Ok(w) => Some(w),
            Err(expected) => self.bad_value(a, expected),
        }
    }

    /// Reports a mark's value the tile language cannot say, and notes it.
    fn bad_value(&mut self, a: &Attribute<'_, '_>, expected: String) -> Option<String> {
        let (k, v) = (a.name(), a.value());
        self.tile
            .notes
            .push(format!("Not imported from JCloisterZone: {k}=\"{v}\"."));
        let kind = Msg::JczMarkValue {
            attribute: format!("{k}=\"{v}\""),
            expected,
        };
        self.sink.push(kind, self.sink.attr(a));
        None
    }

    /// A feature attribute that is a mark (`inn="true"`, `resource="wine"`).
    fn feature_mark(
        &mut self,
        a: &Attribute<'_, '_>,
        row: &MarkRow,
        how: JczValue,
        f: &mut Feature,
    ) {
        let words = match (how, a.value().trim()) {
            // JCloisterZone reads `yes` as `true`, as it does for pennants.
            (JczValue::True, "true" | "yes") | (JczValue::False, "false" | "no") => {
                Some(row.keyword.to_string())
            }
            (JczValue::True, "false" | "no") | (JczValue::False, "true" | "yes") => return,
            (JczValue::Text, v) => self.mark_words(a, row, Some(v), true),
            _ => self.bad_value(a, "true or false".into()),
        };
        f.marks.extend(words);
    }

    fn left_out(&mut self, node: Node<'_, '_>) {
        self.sink.element(node);
        let name = node.tag_name().name();
        self.tile
            .notes
            .push(format!("Not imported from JCloisterZone: <{name}>."));
    }

    fn left_out_attribute(&mut self, node: Node<'_, '_>, a: &Attribute<'_, '_>) {
        self.sink.attribute(node, a);
        let (k, v, e) = (a.name(), a.value(), node.tag_name().name());
        self.tile.notes.push(format!(
            "Not imported from JCloisterZone: {k}=\"{v}\" on <{e}>."
        ));
    }

    /// Reports every attribute not in `known`, and every child element.
    fn only_attributes(&mut self, node: Node<'_, '_>, known: &[&str]) {
        for a in node.attributes().filter(|a| !known.contains(&a.name())) {
            self.left_out_attribute(node, &a);
        }
        for c in node.children().filter(|c| c.is_element()) {
            self.left_out(c);
        }
    }

    fn feature(&mut self, node: Node<'_, '_>, kind: Kind) {
        let mut f = Feature::new(kind);
        let (text, start) = xml::text(node);
        let expect = match kind {
            Kind::City | Kind::Road | Kind::River => Some(Expect::Edges),
            Kind::Field => Some(Expect::Halves),
            _ => None,
        };
        let before = self.sink.count();
        match expect {
            Some(expect) => self.locations(node, &text, start, expect, &mut f),
            None if !text.trim().is_empty() => {
                let parent = node.tag_name().name().into();
                self.sink.push(Msg::JczText { parent }, self.sink.tag(node));
            }
            None => {}
        }
        if expect == Some(Expect::Edges) && f.edges == 0 {
            return self.left_out(node);
        }
        if self.sink.count() != before {
            // A location that cannot be read (reported): writing the feature
            // without it would forge a different tile.
            let name = node.tag_name().name();
            let text = text.trim();
            self.tile.notes.push(format!(
                "Not imported from JCloisterZone: <{name}>{text}</{name}>, whose location cannot be read."
            ));
            return;
        }
        let index = self.tile.features.len();
        for a in node.attributes() {
            match (kind, a.name()) {
                (_, "wagon-move") => {
                    let labels = a.value().split_whitespace();
                    self.labels.extend(labels.map(|l| (l.to_string(), index)));
                }
                (Kind::Road, "tunnel") => match a.value().trim() {
                    // As JCloisterZone reads it, and as pennants and marks are read here.
                    "true" | "yes" => f.tunnel = true,
                    "false" | "no" => {}
                    _ => {
                        self.bad_value(&a, "true or false".into());
                    }
                },
                (Kind::City, "pennant" | "pennants") => match pennants(a.value()) {
                    Some(n) => f.pennants = n,
                    None => self.left_out_attribute(node, &a),
                },
                (kind, name) if marks::feature_attribute(kind, name).is_some() => {
                    if let Some((row, how)) = marks::feature_attribute(kind, name) {
                        self.feature_mark(&a, row, how, &mut f);
                    }
                }
                (Kind::Field, "city") => {
                    let refs = location::words(a.value())
                        .map(|(off, w)| (w.to_string(), self.sink.in_value(&a, off, w.len())))
                        .collect();
                    self.field_cities.push((index, refs));
                }
                _ => self.left_out_attribute(node, &a),
            }
        }
        for c in node.children().filter(|c| c.is_element()) {
            self.left_out(c);
        }
        self.tile.features.push(f);
    }

    fn locations(
        &mut self,
        node: Node<'_, '_>,
        text: &str,
        start: Option<usize>,
        expect: Expect,
        f: &mut Feature,
    ) {
        for (off, w) in location::words(text) {
            match location::word(w, expect) {
                Some(Loc::Edge(e)) => f.edges |= 1 << e,
                Some(Loc::Half(h)) => f.halves |= 1 << h,
                Some(Loc::Inner) => {}
                None => {
                    let span = match start {
                        Some(s) => Span::new(self.sink.file, s + off, s + off + w.len()),
                        None => self.sink.tag(node),
                    };
                    let kind = Msg::JczLocation {
                        token: w.into(),
                        expected: expect.describe(),
                    };
                    self.sink.push(kind, span);
                }
            }
        }
    }

    /// The older form: `<wagon-move><neighbouring>CLOISTER S</neighbouring></wagon-move>`.
    fn wagon_move(&mut self, node: Node<'_, '_>) {
        for a in node.attributes() {
            self.left_out_attribute(node, &a);
        }
        for n in xml::children(node, self.sink) {
            if n.tag_name().name() != "neighbouring" {
                self.left_out(n);
                continue;
            }
            let (text, start) = xml::text(n);
            let refs = location::words(&text)
                .map(|(off, w)| {
                    let span = match start {
                        Some(s) => Span::new(self.sink.file, s + off, s + off + w.len()),
                        None => self.sink.tag(n),
                    };
                    (w.to_string(), span)
                })
                .collect();
            self.neighbouring.push(refs);
        }
    }

    /// Resolves field–city references and wagon-move groups to feature indices.
    fn resolve(&mut self) {
        for (field, refs) in std::mem::take(&mut self.field_cities) {
            for (w, span) in refs {
                let Some(city) = self.by_edge(&w, &[Kind::City]) else {
                    let expected = "the edge of a city on this tile";
                    self.sink
                        .push(Msg::JczLocation { token: w, expected }, span);
                    continue;
                };
                if !self.tile.features[field].cities.contains(&city) {
                    self.tile.features[field].cities.push(city);
                }
            }
        }
        for refs in std::mem::take(&mut self.neighbouring) {
            let mut group = Vec::new();
            for (w, span) in refs {
                let found = match w.as_str() {
                    "CLOISTER" | "MONASTERY" => self
                        .tile
                        .features
                        .iter()
                        .position(|f| f.kind == Kind::Monastery),
                    _ => self.by_edge(&w, &[Kind::City, Kind::Road, Kind::River]),
                };
                match found {
                    Some(i) => group.push(i),
                    None => {
                        let expected = "a feature of this tile (CLOISTER for its monastery, or an edge of its city, road or river)";
                        self.sink
                            .push(Msg::JczLocation { token: w, expected }, span);
                    }
                }
            }
            self.tile.groups.push(group);
        }
        let mut labels: Vec<(String, Vec<usize>)> = Vec::new();
        for (label, index) in std::mem::take(&mut self.labels) {
            match labels.iter_mut().find(|(l, _)| *l == label) {
                Some((_, group)) => group.push(index),
                None => labels.push((label, vec![index])),
            }
        }
        self.tile.groups.extend(labels.into_iter().map(|(_, g)| g));
    }

    /// The feature of one of `kinds` that runs to edge `word`.
    fn by_edge(&self, word: &str, kinds: &[Kind]) -> Option<usize> {
        let Some(Loc::Edge(e)) = location::word(word, Expect::Edges) else {
            return None;
        };
        let fs = &self.tile.features;
        fs.iter()
            .position(|f| kinds.contains(&f.kind) && f.edges & (1 << e) != 0)
    }
}

/// The element name of a row read from an element.
fn row_element(row: &MarkRow) -> &'static str {
    match row.jcz {
        Jcz::Element { name, .. } => name,
        _ => row.keyword,
    }
}

/// A pennant count: a number, or `yes`/`true` for one (as JCloisterZone reads it).
fn pennants(v: &str) -> Option<u32> {
    match v {
        "yes" | "true" => Some(1),
        _ => v.trim().parse().ok().filter(|&n: &u32| n <= 255),
    }
}
