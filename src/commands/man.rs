//! `sudoku man`: the manual page, in roff, on stdout.

use std::io::{self, Write};

use anyhow::{Context as _, Result};
use clap::CommandFactory;

use crate::cli::Cli;

/// Prints the manual page.
pub fn run() -> Result<()> {
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
    write_stdout(&out)
}

/// Writes `bytes` to stdout, all at once.
pub fn write_stdout(bytes: &[u8]) -> Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .context("cannot write output")
}
