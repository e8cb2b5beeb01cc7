//! `sudoku completions SHELL`: a shell completion script on stdout.

use anyhow::Result;
use clap::CommandFactory;

use crate::cli::Cli;

/// Prints the completion script for `shell`.
pub fn run(shell: clap_complete::Shell) -> Result<()> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "sudoku", &mut out);
    super::man::write_stdout(&out)
}
