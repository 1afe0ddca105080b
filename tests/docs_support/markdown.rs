//! The fenced blocks of a Markdown file, with the `<!-- doc-test: ... -->`
//! directives on the lines just above each.

/// One fenced block.
pub struct Block {
    /// `README.md:42`: the file and the line of the opening fence.
    pub place: String,
    /// What follows the opening fence (`console`, `toml`, `text`, ...).
    pub lang: String,
    /// The lines between the fences.
    pub body: String,
    /// The directives above it: (key, value), in order.
    pub directives: Vec<(String, String)>,
}

impl Block {
    /// The value of the first directive `key`, if any.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.directives
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

const OPEN: &str = "<!-- doc-test:";

/// Every fenced block of `text` (the file `name`). A directive line is
/// `<!-- doc-test: KEY VALUE -->`; a block takes those right above its fence.
pub fn blocks(name: &str, text: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(lang) = lines[i].strip_prefix("```") else {
            i += 1;
            continue;
        };
        let end = (i + 1..lines.len())
            .find(|&j| lines[j].trim_end() == "```")
            .unwrap_or_else(|| panic!("{name}:{}: a fence that never closes", i + 1));
        let mut directives = Vec::new();
        let mut above = i;
        while above > 0 && lines[above - 1].starts_with(OPEN) {
            above -= 1;
            directives.insert(0, directive(name, above + 1, lines[above]));
        }
        out.push(Block {
            place: format!("{name}:{}", i + 1),
            lang: lang.trim().to_string(),
            body: lines[i + 1..end].iter().map(|l| format!("{l}\n")).collect(),
            directives,
        });
        i = end + 1;
    }
    out
}

fn directive(name: &str, line: usize, text: &str) -> (String, String) {
    let inner = text
        .strip_prefix(OPEN)
        .and_then(|t| t.trim_end().strip_suffix("-->"))
        .unwrap_or_else(|| panic!("{name}:{line}: a directive is `{OPEN} KEY VALUE -->`"));
    let inner = inner.trim();
    let (key, value) = inner.split_once(' ').unwrap_or((inner, ""));
    (key.to_string(), value.trim().to_string())
}

/// A `$ COMMAND` of a console block, with the output the doc shows for it.
pub struct Step {
    /// The command, as written after `$ `.
    pub command: String,
    /// The lines shown after it, up to the next command.
    pub expected: Vec<String>,
}

/// The commands of a console block.
pub fn steps(body: &str) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for line in body.lines() {
        match (line.strip_prefix("$ "), steps.last_mut()) {
            (Some(command), _) => steps.push(Step {
                command: command.to_string(),
                expected: Vec::new(),
            }),
            (None, Some(step)) => step.expected.push(line.to_string()),
            (None, None) => panic!("a console block starts with `$ `: {line}"),
        }
    }
    steps
}

/// Whether `actual` is what `expected` shows: line by line, trailing spaces
/// aside; a line `...` stands for any lines (none too), and `[...]` within a
/// line for any text (a time, a rate).
pub fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((e, rest)) if e.trim() == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((e, rest)) => match actual.split_first() {
            Some((a, more)) => line_matches(e.trim_end(), a.trim_end()) && matches(rest, more),
            None => false,
        },
    }
}

fn line_matches(expected: &str, actual: &str) -> bool {
    let mut parts = expected.split("[...]");
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        match (last, rest.find(part)) {
            (true, _) => return rest.ends_with(part),
            (false, Some(at)) => rest = &rest[at + part.len()..],
            (false, None) => return false,
        }
    }
    rest.is_empty()
}

#[test]
fn wildcards_stand_for_lines_and_for_text_within_a_line() {
    let e = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(matches(&e(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&e(&["a", "...", "b"]), &["a", "b"]));
    assert!(!matches(&e(&["a", "...", "d"]), &["a", "b"]));
    assert!(matches(&e(&["built in [...] ms"]), &["built in 65 ms"]));
    assert!(matches(
        &e(&["t [...] s: [...] games/s"]),
        &["t 0.1 s: 9 games/s"]
    ));
    assert!(!matches(&e(&["built in [...] ms"]), &["built in 65 s"]));
    assert!(!matches(&e(&["a"]), &["a", "b"]));
    assert!(matches(&e(&["a  "]), &["a"]));
}
