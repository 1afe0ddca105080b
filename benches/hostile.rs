//! The hostile inputs that once took quadratic time, at the sizes the issue
//! "hostile inputs, round two" found them at: each is generated into a
//! temporary directory and run through the release `tilec`, and its wall time
//! and CPU time (user + system, from `/proc/self/stat`: what the run itself
//! costs, whatever else the machine does) are printed with a verdict of the
//! CPU time against the goal of 1 s.
//!
//! `cargo bench --bench hostile` (Linux; release build).

use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// The goal for each case, in seconds.
const GOAL: f64 = 1.0;

fn main() {
    let dir = std::env::temp_dir().join(format!("tilec-bench-hostile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let mut slow = 0;
    for (name, args) in cases(&dir) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (start, cpu) = (Instant::now(), children_cpu());
        let out = Command::new(env!("CARGO_BIN_EXE_tilec"))
            .args(&args)
            .current_dir(&dir)
            .output()
            .expect("tilec runs");
        let secs = start.elapsed().as_secs_f64();
        let cpu = children_cpu() - cpu;
        let verdict = if cpu < GOAL { "ok" } else { "SLOW" };
        slow += usize::from(cpu >= GOAL);
        println!(
            "{name:<58} cpu {cpu:>6.2} s  wall {secs:>6.2} s  {verdict} (exit {:?}, {} bytes of stderr)",
            out.status.code(),
            out.stderr.len()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!("{slow} case(s) over {GOAL} s");
}

/// The CPU seconds (user + system) of this process's children waited for so
/// far: fields 16 and 17 of `/proc/self/stat`, in clock ticks (100 a second).
fn children_cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("Linux /proc");
    let after = &stat[stat.rfind(')').expect("stat format") + 2..];
    let fields: Vec<&str> = after.split(' ').collect();
    // `after` starts at field 3 (the state).
    let ticks = |i: usize| fields[i - 3].parse::<f64>().expect("a number");
    (ticks(16) + ticks(17)) / 100.0
}

/// (what, the arguments of `tilec`), the inputs written into `dir`.
fn cases(dir: &Path) -> Vec<(&'static str, Vec<String>)> {
    let card = |id: &str| {
        format!("<card id=\"{id}\" count=\"1\"><city>N</city><farm>EL ER SL SR WL WR</farm>")
    };
    let unknown = format!("<pack>{}{}</card></pack>", card("a"), "<x/>".repeat(64_000));
    write(dir, "unknown.xml", &unknown);
    let punct: String = (0..2_000)
        .map(|i| {
            format!(
                "{}</card>",
                card(&format!("A{}", ".".repeat(i % 200) + &"-".repeat(i / 200)))
            )
        })
        .collect();
    write(dir, "punct.xml", &format!("<pack>{punct}</pack>"));
    let mut many = vec!["import-jcz".to_string()];
    std::fs::create_dir_all(dir.join("many")).expect("directory");
    for i in 0..3_000 {
        let name = format!("many/f{i}.xml");
        write(dir, &name, &format!("<pack>{}</card></pack>", card("A")));
        many.push(name);
    }
    many.extend(["--out".into(), "many-out".into()]);
    let unclosed = |lines: usize| "tile A \"a\" {\n".repeat(lines);
    write(dir, "unclosed-1.tiles", &unclosed(100_000));
    write(dir, "unclosed-2.tiles", &unclosed(200_000));
    let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect();
    vec![
        (
            "import-jcz: 64,000 unknown elements (256 KB)",
            args(&["import-jcz", "unknown.xml"]),
        ),
        (
            "import-jcz: 2,000 card ids differing in punctuation",
            args(&["import-jcz", "punct.xml"]),
        ),
        ("import-jcz: 3,000 files --out", many),
        (
            "check: 100,000 lines of unclosed `tile A \"a\" {` (1.3 MB)",
            args(&["check", "unclosed-1.tiles"]),
        ),
        (
            "check: 200,000 lines of the same (2.6 MB)",
            args(&["check", "unclosed-2.tiles"]),
        ),
    ]
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).expect("write an input");
}
