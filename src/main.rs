//! The `tilec` command line. The only place that touches the file system.

fn main() {
    std::process::exit(0);
}
