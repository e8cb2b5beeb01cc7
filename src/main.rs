//! `sudoku`: the command-line front end. Parses flags, runs the command, maps the result to an
//! exit status. The work is in the library (`sudoku::board`, `solver`, `format`, `input`) and in
//! `app`, which drives a batch.

mod app;
mod cli;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::Ordering;

use anyhow::{Context as _, Result};
use clap::{CommandFactory, Parser};
use sudoku::format::{Format, Mode};

use crate::app::{Ending, Settings};
use crate::cli::{Cli, ColorArg, Command, CommonArgs, FormatArg};

/// Exit statuses, as documented in the README.
mod exit {
    /// Every puzzle solved (or, for `check`, proper).
    pub const SUCCESS: u8 = 0;
    /// Some valid puzzle has no solution (or, for `check`, is not proper).
    pub const UNSOLVED: u8 = 1;
    /// Invalid input, an unreadable file, a usage error or a write error.
    pub const ERROR: u8 = 2;
    /// Interrupted by Ctrl-C (128 + SIGINT).
    pub const INTERRUPTED: u8 = 130;
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with status 0; usage errors to stderr with 2.
            let code = if e.use_stderr() { exit::ERROR } else { 0 };
            if e.print().is_err() {
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
    let (mode, limit, trace, common) = match cli.command {
        Command::Solve(args) => {
            let mode = if args.count {
                Mode::Count
            } else if args.all {
                Mode::All
            } else {
                Mode::Solve
            };
            (mode, args.limit, args.trace, args.common)
        }
        Command::Check(common) => (Mode::Check, None, false, common),
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "sudoku", &mut out);
            write_stdout(&out)?;
            return Ok(exit::SUCCESS);
        }
        Command::Man => {
            // One page: the top-level sections, then each subcommand's synopsis, options and
            // examples, so that every flag is documented.
            let mut out = Vec::new();
            let cmd = Cli::command();
            clap_mangen::Man::new(cmd.clone()).render(&mut out)?;
            for sub in cmd.get_subcommands() {
                let name = format!("sudoku {}", sub.get_name());
                let page = clap_mangen::Man::new(sub.clone().bin_name(name));
                page.render_synopsis_section(&mut out)?;
                page.render_description_section(&mut out)?;
                page.render_options_section(&mut out)?;
                page.render_extra_section(&mut out)?;
            }
            write_stdout(&out)?;
            return Ok(exit::SUCCESS);
        }
    };
    let settings = settings(mode, limit, trace, &common);
    install_interrupt_handler();
    let ending = app::run(&settings, common.files)?;
    Ok(match ending {
        Ending::Success => exit::SUCCESS,
        Ending::Unsolved => exit::UNSOLVED,
        Ending::BadInput => exit::ERROR,
        Ending::Interrupted => exit::INTERRUPTED,
    })
}

fn write_stdout(bytes: &[u8]) -> Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .context("cannot write output")
}

fn settings(mode: Mode, limit: Option<u64>, trace: bool, common: &CommonArgs) -> Settings {
    let color = match common.color {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    };
    let threads = common.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    Settings {
        mode,
        format: match common.format {
            FormatArg::Grid => Format::Grid,
            FormatArg::Line => Format::Line,
            FormatArg::Json => Format::Json,
        },
        color,
        stats: common.stats,
        quiet: common.quiet,
        trace,
        limit,
        timeout: common.timeout,
        threads,
    }
}

/// Ctrl-C stops the searches, lets the output produced so far be written, and exits with 130.
/// A second Ctrl-C exits at once, and so does the program if it has not finished two seconds
/// later (for instance while it waits for a line typed on a terminal).
///
/// On Unix this is a signal handler that only flips a flag and arms an alarm: no thread is
/// started, which saves a twentieth of a millisecond on every run.
#[cfg(unix)]
fn install_interrupt_handler() {
    use signal_hook::low_level::{exit as exit_now, register};
    // SAFETY: both actions are async-signal-safe, as `register` requires: a lock-free atomic
    // swap, `alarm(2)` and `_exit(2)` (which `exit_now` calls) are all allowed in a handler.
    let result = unsafe {
        register(libc::SIGINT, || {
            if app::INTERRUPTED.swap(true, Ordering::SeqCst) {
                exit_now(exit::INTERRUPTED.into());
            }
            libc::alarm(2);
        })
        .and_then(|_| register(libc::SIGALRM, || exit_now(exit::INTERRUPTED.into())))
    };
    // Without a handler Ctrl-C still stops the program, only less gracefully.
    let _ = result;
}

/// See the Unix version; elsewhere the `ctrlc` crate's handler thread does the same.
#[cfg(not(unix))]
fn install_interrupt_handler() {
    let result = ctrlc::set_handler(|| {
        if app::INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(exit::INTERRUPTED.into());
        }
        std::thread::spawn(|| {
            std::thread::sleep(std::time::Duration::from_secs(2));
            std::process::exit(exit::INTERRUPTED.into());
        });
    });
    // Without a handler Ctrl-C still stops the program, only less gracefully.
    let _ = result;
}
