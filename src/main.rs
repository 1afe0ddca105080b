//! The `tilec` command line: reads files, runs the library's pipeline, writes
//! outputs. The only part of tilec that touches the file system.

mod cli;
#[cfg(feature = "serve")]
mod serve;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Check Carcassonne-style tile definitions and build tables, previews and a site.
#[derive(Parser)]
#[command(name = "tilec", version, about)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check tile files (or directories of them) and report every problem.
    Check(cli::check::CheckArgs),
    /// Print the compiled tiles (JSON per docs/export-json.md, or one tile's graph as DOT).
    Export(cli::export::ExportArgs),
    /// Start a new tile set: a commented tile file and its sets.toml entry.
    New(cli::new::NewArgs),
    /// Rewrite tile files in the canonical layout (comments kept).
    Fmt(cli::fmt::FmtArgs),
    /// Check the tiles, then write the engine tables, previews and the reference site.
    Build(cli::build::BuildArgs),
    /// Render previews of one tile file or directory, for a designer.
    Render(cli::render::RenderArgs),
    /// Import JCloisterZone tile XML files: one set as tile text on stdout, or
    /// with --out DIR a new directory of every set and its sets.toml.
    ImportJcz(cli::import_jcz::ImportJczArgs),
    /// Read a game JCloisterZone saved (.jcz) as a game record.
    ImportJczGame(cli::jcz_game::ImportArgs),
    /// Write a game record as a game JCloisterZone's client opens and replays.
    ExportGame(cli::jcz_game::ExportArgs),
    /// Replay a game record and print the scores and scoring events.
    Play(cli::play::PlayArgs),
    /// Play random legal games and report speed and average scores.
    Simulate(cli::simulate::SimulateArgs),
    /// Serve the site from memory, rebuilt on every save, with a Play page.
    #[cfg(feature = "serve")]
    Serve(serve::ServeArgs),
}

fn main() -> ExitCode {
    let args = Args::parse();
    let code = match args.command {
        Command::Check(a) => cli::check::run(&a),
        Command::Export(a) => cli::export::run(&a),
        Command::New(a) => cli::new::run(&a),
        Command::Fmt(a) => cli::fmt::run(&a),
        Command::Build(a) => cli::build::run(&a),
        Command::Render(a) => cli::render::run(&a),
        Command::ImportJcz(a) => cli::import_jcz::run(&a),
        Command::ImportJczGame(a) => cli::jcz_game::import(&a),
        Command::ExportGame(a) => cli::jcz_game::export(&a),
        Command::Play(a) => cli::play::run(&a),
        Command::Simulate(a) => cli::simulate::run(&a),
        #[cfg(feature = "serve")]
        Command::Serve(a) => serve::run(&a),
    };
    ExitCode::from(cli::stdout::finish(code))
}
