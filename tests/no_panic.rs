//! No input makes the compiler panic: arbitrary bytes, token soup, and the shipped
//! tile files with random damage all go through `decode` → `compile` →
//! `render_plain`, and every diagnostic span must lie on char boundaries inside its
//! file. Crashers found here or by the fuzzer (`fuzz/`) are kept under
//! `tests/regressions/` and compiled by `regressions_compile_without_panic`.

mod common;

use proptest::prelude::*;
use proptest::test_runner::Config;
use tilec::diagnostic::{render_plain, Diagnostic, FileId, Sources, Span};

/// Decodes and compiles `tiles` (name, bytes) with an optional `sets.toml`, renders
/// the diagnostics and checks their spans. Returns the rendered text.
fn compile_bytes(tiles: &[(String, Vec<u8>)], toml: Option<&[u8]>) -> String {
    let mut sources = Sources::new();
    let mut decoding = Vec::new();
    let mut add = |sources: &mut Sources, name: &str, bytes: &[u8]| -> FileId {
        let id = sources.add(name, String::new());
        let (text, diag) = tilec::decode(id, bytes.to_vec());
        sources.set_text(id, text);
        decoding.extend(diag);
        id
    };
    let files: Vec<FileId> = tiles
        .iter()
        .map(|(name, bytes)| add(&mut sources, name, bytes))
        .collect();
    let config = toml.map(|bytes| add(&mut sources, "sets.toml", bytes));
    let mut compiled = tilec::compile(&sources, &files, config);
    compiled.diagnostics.extend(decoding);
    assert_spans_valid(&sources, &compiled.diagnostics);
    render_plain(&sources, &compiled.diagnostics)
}

fn assert_spans_valid(sources: &Sources, diagnostics: &[Diagnostic]) {
    for d in diagnostics {
        for span in std::iter::once(d.span).chain(d.related.iter().map(|r| r.0)) {
            assert!(span_valid(sources, span), "bad span {span:?} in {d:?}");
        }
    }
}

fn span_valid(sources: &Sources, span: Span) -> bool {
    if !sources.ids().any(|id| id == span.file) {
        return false;
    }
    let text = sources.text(span.file);
    let (start, end) = (span.start as usize, span.end as usize);
    start <= end && end <= text.len() && text.is_char_boundary(start) && text.is_char_boundary(end)
}

/// The shipped tile files and `sets.toml`, in a fixed order (sets.toml last).
fn shipped() -> Vec<(String, String)> {
    let dir = common::root().join("tiles");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("tiles/ is readable")
        .map(|e| {
            e.expect("directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".tiles"))
        .collect();
    names.sort();
    names.push("sets.toml".into());
    names
        .into_iter()
        .map(|n| {
            let text = std::fs::read_to_string(dir.join(&n)).expect("shipped file is UTF-8");
            (n, text)
        })
        .collect()
}

/// Compiles the shipped files as they would be on disk, `sets.toml` included.
fn compile_shipped(files: &[(String, String)]) -> String {
    let (toml, tiles) = files.split_last().expect("sets.toml is last");
    let tiles: Vec<_> = tiles
        .iter()
        .map(|(n, t)| (n.clone(), t.clone().into_bytes()))
        .collect();
    compile_bytes(&tiles, Some(toml.1.as_bytes()))
}

/// Words and punctuation of the language, and a few troublemakers.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "\"",
    "->",
    "=",
    ";",
    "#",
    "\n",
    "\\",
    "\"x\"",
    "\"\\q\"",
    "\"é\"",
    "é",
    "€",
    "\u{1F600}",
    "set",
    "tile",
    "s",
    "T",
    "city",
    "road",
    "river",
    "field",
    "monastery",
    "garden",
    "hut",
    "count",
    "start",
    "variant-of",
    "provenance",
    "sourced",
    "reconstructed",
    "end",
    "at",
    "arrow",
    "mark",
    "copies",
    "note",
    "edition",
    "N",
    "E",
    "S",
    "W",
    "NL",
    "NR",
    "EL",
    "ER",
    "SL",
    "SR",
    "WL",
    "WR",
    "junction",
    "village",
    "stone",
    "bank",
    "spring",
    "lake",
    "festival",
    "tree",
    "town-hall",
    "add-next-to",
    "portal",
    "pennants=1",
    "pennants=",
    "over=v",
    "on=r",
    "-",
    "farmhouse+pigsty",
    "0",
    "1",
    "255",
    "256",
    "4294967295",
    "4294967296",
    "99999999999999999999999999",
    "c",
    "r",
    "v",
    "f",
    "m",
    "g",
];

fn token_soup() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => proptest::sample::select(TOKENS).prop_map(str::to_string),
        1 => "[ \n\t]{1,3}",
    ];
    proptest::collection::vec(piece, 0..120).prop_map(|v| v.join(" "))
}

/// One piece of damage to a file.
#[derive(Clone, Debug)]
enum Mutation {
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    FlipChar(usize, char),
    Insert(usize, &'static str),
    /// Many port-less segments at once (tiles have a segment limit).
    ManySegments(usize, u8),
    /// Every number in the file becomes this one (counts, pennants, totals).
    Numbers(&'static str),
}

/// Numbers at and past the limits of the language and of its integer types.
const NUMBERS: &[&str] = &[
    "0",
    "255",
    "256",
    "65536",
    "4294967295",
    "4294967296",
    "99999999999999999999999999",
];

fn mutation() -> impl Strategy<Value = Mutation> {
    let flip = prop_oneof![
        proptest::char::range(' ', '~'),
        Just('\n'),
        Just('é'),
        Just('\u{1F600}'),
        any::<char>()
    ];
    prop_oneof![
        2 => any::<usize>().prop_map(Mutation::DeleteLine),
        2 => any::<usize>().prop_map(Mutation::DuplicateLine),
        2 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        3 => (any::<usize>(), flip).prop_map(|(i, c)| Mutation::FlipChar(i, c)),
        4 => (any::<usize>(), proptest::sample::select(TOKENS)).prop_map(|(i, t)| Mutation::Insert(i, t)),
        1 => (any::<usize>(), 20u8..=255).prop_map(|(i, n)| Mutation::ManySegments(i, n)),
        1 => proptest::sample::select(NUMBERS).prop_map(Mutation::Numbers),
    ]
}

fn apply(text: &str, m: &Mutation) -> String {
    let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
    let line = |i: &usize| i % lines.len().max(1);
    let boundary = |i: &usize| {
        let cuts: Vec<usize> = text
            .char_indices()
            .map(|(at, _)| at)
            .chain([text.len()])
            .collect();
        cuts[i % cuts.len()]
    };
    match m {
        Mutation::DeleteLine(i) if !lines.is_empty() => {
            let at = line(i);
            lines.remove(at);
        }
        Mutation::DuplicateLine(i) if !lines.is_empty() => {
            let at = line(i);
            lines.insert(at, lines[at]);
        }
        Mutation::SwapLines(a, b) if !lines.is_empty() => {
            let (a, b) = (line(a), line(b));
            lines.swap(a, b);
        }
        Mutation::FlipChar(i, c) => {
            let at = boundary(i);
            let next = text[at..].chars().next().map_or(0, char::len_utf8);
            return format!("{}{c}{}", &text[..at], &text[at + next..]);
        }
        Mutation::Insert(i, token) => {
            let at = boundary(i);
            return format!("{}{token}{}", &text[..at], &text[at..]);
        }
        Mutation::ManySegments(i, n) => {
            let at = line(i);
            let extra: String = (0..*n)
                .map(|k| format!("  field z{k}\n  monastery y{k}\n"))
                .collect();
            let mut out: String = lines[..at.min(lines.len())].concat();
            out.push_str(&extra);
            out.push_str(&lines[at.min(lines.len())..].concat());
            return out;
        }
        Mutation::Numbers(n) => return replace_numbers(text, n),
        _ => {}
    }
    lines.concat()
}

/// `cases` by default (the suite stays fast in debug); `PROPTEST_CASES=N` for a
/// longer hunt.
fn replace_numbers(text: &str, number: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_number = false;
    for c in text.chars() {
        let digit = c.is_ascii_digit();
        if !digit {
            out.push(c);
        } else if !in_number {
            out.push_str(number);
        }
        in_number = digit;
    }
    out
}

fn config(cases: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(cases);
    Config {
        cases,
        // Crashers are kept by hand under tests/regressions/, not in proptest's files.
        failure_persistence: None,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn arbitrary_bytes_do_not_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        compile_bytes(&[("fuzz.tiles".into(), bytes)], None);
    }

    #[test]
    fn arbitrary_text_does_not_panic(text in any::<String>()) {
        compile_bytes(&[("fuzz.tiles".into(), text.into_bytes())], None);
    }

    #[test]
    fn token_soup_does_not_panic(soup in token_soup(), header in any::<bool>()) {
        let text = if header { format!("set s \"S\" {{ provenance sourced }}\ntile T \"t\" {{\n{soup}\n}}\n") } else { soup };
        compile_bytes(&[("soup.tiles".into(), text.into_bytes())], None);
    }

    #[test]
    fn arbitrary_sets_toml_does_not_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let tile = b"set s \"S\" { provenance sourced }\ntile T \"t\" { count 1; city c N E S W }\n".to_vec();
        compile_bytes(&[("s.tiles".into(), tile)], Some(&bytes));
    }
}

proptest! {
    #![proptest_config(config(500))]

    #[test]
    fn damaged_shipped_files_do_not_panic(
        file in any::<usize>(),
        damage in proptest::collection::vec(mutation(), 1..6),
    ) {
        let mut files = shipped();
        let f = file % files.len();
        for m in &damage {
            files[f].1 = apply(&files[f].1, m);
        }
        compile_shipped(&files);
    }
}

#[test]
fn the_shipped_files_undamaged_check_clean() {
    // The baseline the damage starts from: no diagnostics at all.
    assert_eq!(compile_shipped(&shipped()), "");
}

#[test]
fn damage_is_applied() {
    let text = "a\nb\nc\n";
    let first = 0;
    assert_eq!(apply(text, &Mutation::DeleteLine(first)), "b\nc\n");
    assert_eq!(apply(text, &Mutation::Insert(first, "{")), "{a\nb\nc\n");
    assert_eq!(apply(text, &Mutation::FlipChar(first, 'é')), "é\nb\nc\n");
    assert_eq!(
        apply("count 4 x=12\n", &Mutation::Numbers("256")),
        "count 256 x=256\n"
    );
}

/// Every file under `tests/regressions/` (a crasher once) compiles alone, and in
/// place of one shipped file, without a panic.
#[test]
fn regressions_compile_without_panic() {
    let dir = common::root().join("tests/regressions");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/regressions/ exists")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "tiles"))
        .collect();
    paths.sort();
    assert!(
        !paths.is_empty(),
        "no regression files in {}",
        dir.display()
    );
    for path in paths {
        let bytes = std::fs::read(&path).expect("readable regression file");
        let name = path.display().to_string();
        compile_bytes(&[(name.clone(), bytes.clone())], None);
        let mut files = shipped();
        let toml = files.pop().expect("sets.toml");
        let mut tiles: Vec<_> = files
            .into_iter()
            .map(|(n, t)| (n, t.into_bytes()))
            .collect();
        tiles[0] = (name, bytes);
        compile_bytes(&tiles, Some(toml.1.as_bytes()));
    }
}
