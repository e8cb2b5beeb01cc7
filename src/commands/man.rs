//! `sudoku man`: the manual page, in roff, on stdout.
//!
//! One page for the whole program: each command's synopsis, options and examples under
//! COMMANDS, then the input format and the exit statuses once. The options come from the
//! clap definitions (the same text as `--help`); examples are set as tagged paragraphs, so
//! roff never reflows them into broken columns, and the page is set ragged-right without
//! hyphenation, so a command line or flag is never split.

use std::fmt::Write as _;
use std::io::{self, Write};

use anyhow::{Context as _, Result};
use clap::CommandFactory;

use crate::cli::{self, Cli, Example};

/// Prints the manual page.
pub fn run() -> Result<()> {
    write_stdout(page().as_bytes())
}

/// Writes `bytes` to stdout, all at once.
pub fn write_stdout(bytes: &[u8]) -> Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .context("cannot write output")
}

/// The whole page.
pub fn page() -> String {
    let mut cmd = Cli::command();
    // The subcommands' options are deferred (see `cli::Command`): build them all.
    cmd.build();
    let version = cmd.get_version().unwrap_or_default();
    let mut s = String::new();
    let _ = writeln!(
        s,
        ".TH SUDOKU 1 \"\" \"sudoku {version}\" \"User Commands\""
    );
    // Ragged right, no hyphenation: flags and puzzle lines stay whole.
    s.push_str(".ad l\n.nh\n");

    s.push_str(".SH NAME\n");
    let about = cmd.get_about().map(|a| a.to_string()).unwrap_or_default();
    let _ = writeln!(s, "sudoku \\- {}", text(&lowercase_first(&about)));

    s.push_str(".SH SYNOPSIS\n");
    for sub in cmd.get_subcommands().filter(|c| c.get_name() != "help") {
        let _ = writeln!(
            s,
            "\\fBsudoku {}\\fR {}\n.br",
            sub.get_name(),
            text(&usage(sub))
        );
    }

    s.push_str(".SH DESCRIPTION\n");
    let _ = writeln!(s, "{}", text(&about));
    s.push_str(
        ".PP\nBad input is reported on stderr with its file, line and column, and the batch \
         goes on. Output keeps input order whatever the number of threads. Output into a \
         closed pipe ends quietly.\n",
    );

    s.push_str(".SH OPTIONS\n");
    s.push_str(".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nPrint help; \\fBsudoku \\fICOMMAND\\fB \\-\\-help\\fR \
                prints a command's.\n");
    s.push_str(".TP\n\\fB\\-V\\fR, \\fB\\-\\-version\\fR\nPrint the version.\n");

    s.push_str(".SH COMMANDS\n");
    for sub in cmd.get_subcommands().filter(|c| c.get_name() != "help") {
        let _ = writeln!(s, ".SS \"sudoku {} {}\"", sub.get_name(), text(&usage(sub)));
        if let Some(about) = sub.get_long_about().or(sub.get_about()) {
            let _ = writeln!(s, "{}", text(&about.to_string()));
        }
        for arg in sub
            .get_arguments()
            .filter(|a| !a.is_hide_set() && !is_help(a))
        {
            option(&mut s, arg);
        }
        let examples = match sub.get_name() {
            "solve" => cli::SOLVE_EXAMPLES,
            "check" => cli::CHECK_EXAMPLES,
            "hint" => cli::HINT_EXAMPLES,
            "explain" => cli::EXPLAIN_EXAMPLES,
            "generate" => cli::GENERATE_EXAMPLES,
            "rate" => cli::RATE_EXAMPLES,
            "print" => cli::PRINT_EXAMPLES,
            "canon" => cli::CANON_EXAMPLES,
            "transform" => cli::TRANSFORM_EXAMPLES,
            _ => &[],
        };
        examples_of(&mut s, examples);
    }

    s.push_str(".SH INPUT\n");
    let input = cli::INPUT_HELP.trim_start_matches("Input: ");
    let _ = writeln!(s, "{}", text(&uppercase_first(input)));
    s.push_str(
        ".PP\nAn argument that is not a file but a puzzle (81 cells) is read as that puzzle.\n",
    );

    s.push_str(".SH EXIT STATUS\n");
    for (status, meaning) in [
        (
            "0",
            "Every puzzle solved (check: every puzzle proper, with exactly one solution).",
        ),
        (
            "1",
            "Some valid puzzle has no solution, or --timeout stopped it before one was found \
             (check: some puzzle has none or several, or was stopped before a verdict).",
        ),
        (
            "2",
            "Invalid input, an unreadable file, a usage error, or output that could not be \
             written.",
        ),
        (
            "130",
            "Interrupted by Ctrl-C: the records before it are printed first.",
        ),
    ] {
        let _ = writeln!(s, ".TP\n.B {status}\n{}", text(meaning));
    }
    s.push_str(
        ".PP\nWhen several apply, the highest of 2, 1, 0 wins. After a closed pipe, the \
                status is that of the records written before it closed.\n",
    );

    s.push_str(".SH ENVIRONMENT\n.TP\n.B NO_COLOR\n");
    s.push_str("When set and not empty, --color auto does not colour.\n");
    s
}

/// The `--help` flag clap adds to each command when it is built: the page gives it once,
/// under OPTIONS.
fn is_help(arg: &clap::Arg) -> bool {
    arg.get_id() == "help"
}

/// `[OPTIONS] [FILE]...` and the like, from the command's arguments.
fn usage(cmd: &clap::Command) -> String {
    let mut parts = Vec::new();
    if cmd
        .get_arguments()
        .any(|a| !a.is_positional() && !a.is_hide_set() && !is_help(a))
    {
        parts.push("[OPTIONS]".to_string());
    }
    for arg in cmd.get_positionals() {
        let name = arg.get_value_names().and_then(|n| n.first()).map_or_else(
            || arg.get_id().to_string().to_uppercase(),
            |n| n.to_string(),
        );
        let many = arg.get_num_args().is_some_and(|n| n.max_values() > 1);
        let dots = if many { "..." } else { "" };
        parts.push(if arg.is_required_set() {
            format!("{name}{dots}")
        } else {
            format!("[{name}]{dots}")
        });
    }
    parts.join(" ")
}

/// One option (or positional argument) as a tagged paragraph: the flags in bold, then the
/// long help, the possible values and the default.
fn option(s: &mut String, arg: &clap::Arg) {
    let value = arg
        .get_value_names()
        .and_then(|n| n.first())
        .map(|n| n.to_string());
    let takes_value = arg.get_action().takes_values();
    let mut tag = Vec::new();
    if let Some(short) = arg.get_short() {
        tag.push(format!("\\fB\\-{short}\\fR"));
    }
    if let Some(long) = arg.get_long() {
        tag.push(format!("\\fB\\-\\-{}\\fR", text(long)));
    }
    let mut tag = tag.join(", ");
    match (&value, arg.is_positional()) {
        (Some(v), true) => tag = format!("\\fI{}\\fR", text(v)),
        (Some(v), false) if takes_value => tag.push_str(&format!(" \\fI{}\\fR", text(v))),
        _ => {}
    }
    let _ = writeln!(s, ".TP\n{tag}");
    let help = arg
        .get_long_help()
        .or(arg.get_help())
        .map(|h| h.to_string())
        .unwrap_or_default();
    for (i, paragraph) in help.split("\n\n").enumerate() {
        if i > 0 {
            s.push_str(".IP\n");
        }
        let _ = writeln!(s, "{}", text(paragraph));
    }
    let values: Vec<_> = arg
        .get_possible_values()
        .into_iter()
        .filter(|v| !v.is_hide_set())
        .collect();
    if !values.is_empty() && values.iter().all(|v| v.get_help().is_none()) {
        let names: Vec<String> = values.iter().map(|v| text(v.get_name())).collect();
        let _ = writeln!(s, ".IP\nOne of: {}.", names.join(", "));
    } else if !values.is_empty() {
        for v in &values {
            let help = v.get_help().map(|h| h.to_string()).unwrap_or_default();
            let _ = writeln!(
                s,
                ".IP\n\\fB{}\\fR: {}",
                text(v.get_name()),
                text(&lowercase_first(&help))
            );
        }
    }
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|d| d.to_string_lossy().into_owned())
        .collect();
    if takes_value && !defaults.is_empty() {
        let _ = writeln!(s, ".IP\nDefault: {}.", text(&defaults.join(", ")));
    }
}

/// A command's examples: each command line in bold on a line of its own, what it does
/// indented below.
fn examples_of(s: &mut String, examples: &[Example]) {
    if examples.is_empty() {
        return;
    }
    s.push_str(".PP\nExamples:\n");
    for e in examples {
        let _ = writeln!(s, ".TP\n\\fB{}\\fR\n{}", text(e.command), text(e.what));
    }
}

/// Text for roff: backslashes and hyphens escaped, and no line taken for a request.
fn text(s: &str) -> String {
    let mut out = String::new();
    for (i, line) in s.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let line = line.trim_start();
        if line.starts_with(['.', '\'']) {
            out.push_str("\\&");
        }
        for c in line.chars() {
            match c {
                '\\' => out.push_str("\\e"),
                '-' => out.push_str("\\-"),
                c => out.push(c),
            }
        }
    }
    out
}

fn lowercase_first(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_lowercase().chain(chars).collect::<String>()
    })
}

fn uppercase_first(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().chain(chars).collect::<String>()
    })
}
