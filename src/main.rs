//! `sudoku`: the command-line front end. Parses flags, runs the command, maps the result to an
//! exit status. The work is in the library (`sudoku::board`, `solver`, `format`, `input`), in
//! `commands` (what each command does to one puzzle) and in `batch` (the driver they share).

mod batch;
mod cli;
mod commands;
mod stdio;

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::Parser;

use crate::batch::{Ending, Verdict};
use crate::cli::{Cli, Command};

/// Exit statuses, as documented in docs/guide.md.
mod exit {
    /// Every puzzle solved (or, for `check`, proper).
    pub const SUCCESS: u8 = 0;
    /// Some valid puzzle has no solution (or, for `check`, is not proper).
    pub const FAILURE: u8 = 1;
    /// Invalid input, an unreadable file, a usage error or a write error.
    pub const ERROR: u8 = 2;
    /// Interrupted by Ctrl-C (128 + SIGINT).
    pub const INTERRUPTED: u8 = crate::batch::interrupt::EXIT_STATUS;
}

fn main() -> ExitCode {
    if stdio::stdout_was_closed() {
        let _ = writeln!(
            io::stderr(),
            "sudoku: cannot write output: stdout is closed"
        );
        return ExitCode::from(exit::ERROR);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let e = cli::suggest_solve(e);
            // Help and version go to stdout with status 0; usage errors to stderr with 2.
            let code = if e.use_stderr() { exit::ERROR } else { 0 };
            if let Err(err) = e.print() {
                if err.kind() == io::ErrorKind::BrokenPipe {
                    return ExitCode::from(code);
                }
                let _ = writeln!(io::stderr(), "sudoku: cannot write output: {err}");
                return ExitCode::from(exit::ERROR);
            }
            return ExitCode::from(code);
        }
    };
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(err) => {
            if is_broken_pipe(&err) {
                return ExitCode::from(exit::SUCCESS);
            }
            // If stderr is gone too there is no one left to tell: no panic over it.
            let _ = writeln!(io::stderr(), "sudoku: {err:#}");
            ExitCode::from(exit::ERROR)
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

fn run(cli: Cli) -> Result<u8> {
    // Every command but these two runs a batch, which Ctrl-C stops cleanly.
    if !matches!(cli.command, Command::Completions { .. } | Command::Man) {
        batch::interrupt::install_handler();
    }
    let ending = match cli.command {
        Command::Solve(args) => commands::solve::run(args)?,
        Command::Check(args) => commands::check::run(args)?,
        Command::Hint(args) => commands::explain::run_hint(args)?,
        Command::Explain(args) => commands::explain::run(args)?,
        Command::Generate(args) => commands::generate::run(args)?,
        Command::Rate(args) => commands::rate::run(args)?,
        Command::Print(args) => commands::print::run(args)?,
        Command::Canon(args) => commands::canon::run(args)?,
        Command::Transform(args) => commands::transform::run(args)?,
        Command::Completions { shell } => {
            commands::completions::run(shell)?;
            return Ok(exit::SUCCESS);
        }
        Command::Man => {
            commands::man::run()?;
            return Ok(exit::SUCCESS);
        }
    };
    Ok(match ending {
        Ending::Done(Verdict::Success) => exit::SUCCESS,
        Ending::Done(Verdict::Failure) => exit::FAILURE,
        Ending::Done(Verdict::Invalid) => exit::ERROR,
        Ending::Interrupted => exit::INTERRUPTED,
    })
}
