//! A small line diff for `tilec fmt --check`: unified format, 3 lines of context.
//! The common head and tail are skipped first; what is left is compared by a
//! longest-common-subsequence table, or, past [`MAX_CELLS`], shown as one
//! replaced block (still a correct diff, only less tight).

/// Largest table compared line by line (old lines × new lines).
const MAX_CELLS: usize = 4_000_000;
const CONTEXT: usize = 3;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Same,
    Del,
    Add,
}

/// One step of the edit script: what, and the index of the next old and new line.
type Step = (Op, usize, usize);

/// The unified diff turning `old` into `new`, headed `--- path` / `+++ path
/// (formatted)`; empty when the texts have the same lines.
pub fn unified(path: &str, old: &str, new: &str) -> String {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    let steps = script(&a, &b);
    let changes: Vec<usize> = (0..steps.len())
        .filter(|&k| steps[k].0 != Op::Same)
        .collect();
    if changes.is_empty() {
        return String::new();
    }
    let mut out = format!("--- {path}\n+++ {path} (formatted)\n");
    let mut k = 0;
    while k < changes.len() {
        let mut last = k;
        while last + 1 < changes.len() && changes[last + 1] - changes[last] <= 2 * CONTEXT {
            last += 1;
        }
        let from = changes[k].saturating_sub(CONTEXT);
        let to = (changes[last] + CONTEXT + 1).min(steps.len());
        hunk(&mut out, &steps[from..to], &a, &b);
        k = last + 1;
    }
    out
}

fn hunk(out: &mut String, steps: &[Step], a: &[&str], b: &[&str]) {
    let olds = steps.iter().filter(|s| s.0 != Op::Add).count();
    let news = steps.iter().filter(|s| s.0 != Op::Del).count();
    // A range of no lines is numbered by the line before it.
    let start = |at: usize, n: usize| if n == 0 { at } else { at + 1 };
    let (_, i, j) = steps[0];
    out.push_str(&format!(
        "@@ -{},{olds} +{},{news} @@\n",
        start(i, olds),
        start(j, news)
    ));
    for &(op, i, j) in steps {
        let line = match op {
            Op::Same => format!(" {}", a[i]),
            Op::Del => format!("-{}", a[i]),
            Op::Add => format!("+{}", b[j]),
        };
        out.push_str(&line);
        out.push('\n');
    }
}

/// The edit script from `a` to `b`.
fn script(a: &[&str], b: &[&str]) -> Vec<Step> {
    let head = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (am, bm) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    let mut steps: Vec<Step> = (0..head).map(|i| (Op::Same, i, i)).collect();
    let middle = if am.len().saturating_mul(bm.len()) <= MAX_CELLS {
        lcs_script(am, bm)
    } else {
        let dels = (0..am.len()).map(|i| (Op::Del, i, 0));
        dels.chain((0..bm.len()).map(|j| (Op::Add, am.len(), j)))
            .collect()
    };
    steps.extend(
        middle
            .into_iter()
            .map(|(op, i, j)| (op, i + head, j + head)),
    );
    let (a_end, b_end) = (a.len() - tail, b.len() - tail);
    steps.extend((0..tail).map(|k| (Op::Same, a_end + k, b_end + k)));
    steps
}

/// An edit script with the fewest changes, from a table of the longest common
/// subsequence of each pair of suffixes.
fn lcs_script(a: &[&str], b: &[&str]) -> Vec<Step> {
    let w = b.len() + 1;
    let mut len = vec![0u32; (a.len() + 1) * w];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            len[i * w + j] = if a[i] == b[j] {
                len[(i + 1) * w + j + 1] + 1
            } else {
                len[(i + 1) * w + j].max(len[i * w + j + 1])
            };
        }
    }
    let (mut i, mut j, mut steps) = (0, 0, Vec::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            steps.push((Op::Same, i, j));
            (i, j) = (i + 1, j + 1);
        } else if j == b.len() || (i < a.len() && len[(i + 1) * w + j] >= len[i * w + j + 1]) {
            steps.push((Op::Del, i, j));
            i += 1;
        } else {
            steps.push((Op::Add, i, j));
            j += 1;
        }
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::unified;

    #[test]
    fn same_lines_give_no_diff() {
        assert_eq!(unified("f", "a\nb\n", "a\nb\n"), "");
    }

    #[test]
    fn a_change_is_shown_with_its_context() {
        let old = "1\n2\n3\n4\nx\n6\n7\n8\n9\n";
        let new = "1\n2\n3\n4\ny\n6\n7\n8\n9\n";
        let want = "--- f\n+++ f (formatted)\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-x\n+y\n 6\n 7\n 8\n";
        assert_eq!(unified("f", old, new), want);
    }

    #[test]
    fn far_apart_changes_are_separate_hunks_and_insertions_count_right() {
        let old: String = (1..=20).map(|n| format!("{n}\n")).collect();
        let new = old.replacen("2\n", "2\nnew\n", 1).replacen("19\n", "", 1);
        let diff = unified("f", &old, &new);
        assert!(
            diff.contains("@@ -1,5 +1,6 @@\n 1\n 2\n+new\n 3\n 4\n 5\n"),
            "{diff}"
        );
        assert!(
            diff.contains("@@ -16,5 +17,4 @@\n 16\n 17\n 18\n-19\n 20\n"),
            "{diff}"
        );
    }

    #[test]
    fn a_new_file_end_is_numbered_by_the_line_before() {
        assert_eq!(
            unified("f", "", "a\n"),
            "--- f\n+++ f (formatted)\n@@ -0,0 +1,1 @@\n+a\n"
        );
    }
}
