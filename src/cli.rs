//! Command-line flags (clap derive). The doc comments are the help text.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

const SOLVE_EXAMPLES: &str = "\
Examples:
  sudoku solve puzzles/easy.txt           solve each puzzle, show grids
  cat many.txt | sudoku solve --format line
                                          one solution per line, from stdin
  sudoku solve --all puzzles/multiple.txt every solution of each puzzle
  sudoku solve --count --limit 1000 puzzles/empty.txt
                                          count solutions, stop at 1000
  sudoku solve --format json --stats a.txt b.txt
                                          JSON Lines with search figures
  sudoku solve --timeout 2s --all hard.txt
                                          give each puzzle at most 2 seconds

Input: one puzzle per line (81 cells; 1-9 givens, 0 . _ blanks; after a
space ; : , or # the rest of the line is ignored) or 9 lines of 9 cells
(spaces, | + - ignored). Lines starting with # and blank lines are skipped.

Exit status: 0 every puzzle solved; 1 some puzzle has no solution (or
--timeout stopped it before one was found); 2 invalid input, unreadable
file, usage error or output error; 130 interrupted.";

const CHECK_EXAMPLES: &str = "\
Examples:
  sudoku check mine.txt                   proper, multiple, none or invalid
  sudoku check --format json mine.txt     one JSON record per puzzle

Exit status: 0 every puzzle is proper (exactly one solution); 1 some puzzle
has none or several (or --timeout stopped it first); 2 invalid input,
unreadable file, usage error or output error; 130 interrupted.";

/// A fast Sudoku solver: solve, count and check puzzles from files or stdin.
#[derive(Debug, Parser)]
#[command(name = "sudoku", version, about, max_term_width = 80)]
#[command(after_help = "Run 'sudoku solve --help' for input formats and examples.")]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles: print one solution each and say whether it is the only one.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Check puzzles for authors: is each one proper (exactly one solution)?
    #[command(after_help = CHECK_EXAMPLES)]
    Check(CheckArgs),
    /// Give the easiest next logical step of each puzzle, as a person would find it.
    #[command(after_help = HINT_EXAMPLES)]
    Hint(HintArgs),
    /// Explain each puzzle step by step, from the start to the solution or to where logic
    /// stops.
    #[command(after_help = EXPLAIN_EXAMPLES)]
    Explain(ExplainArgs),
    /// Print a shell completion script, e.g. 'sudoku completions bash'.
    Completions {
        /// The shell to complete for.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. 'sudoku man > sudoku.1'.
    Man,
}

/// Flags of `solve` only.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("mode").args(["all", "count"]).multiple(true)))]
pub struct SolveArgs {
    /// Print every solution, then their number.
    #[arg(long)]
    pub all: bool,

    /// Print only the number of solutions of each puzzle (every solution is counted; with
    /// --all, the solutions are not printed).
    #[arg(long)]
    pub count: bool,

    /// Stop each puzzle after N solutions (with --all or --count).
    ///
    /// The count printed is then a lower bound: "at least N" in grids, "N+" in lines,
    /// "complete": false in JSON.
    #[arg(long, value_name = "N", requires = "mode", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// Print every placement and backtrack of the search to stderr.
    ///
    /// Each puzzle's part starts with a line 'FILE:LINE: trace'; each line after it gives
    /// the depth (guesses on the stack), the cell as rRcC and the digit. Implies --threads 1.
    #[arg(long)]
    pub trace: bool,

    #[command(flatten)]
    pub common: CommonArgs,
}

/// Flags of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub common: CommonArgs,
}

/// Flags shared by `solve` and `check`.
#[derive(Debug, Args)]
pub struct CommonArgs {
    /// Puzzle files; none, or '-', reads stdin. An argument that is not a file but a puzzle
    /// (81 cells) is solved as given.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Grid, value_name = "FORMAT")]
    pub format: FormatArg,

    /// Worker threads [default: all cores].
    ///
    /// Output stays in input order whatever the number. --all lists solutions as they are
    /// found, one puzzle at a time. --count shares a long count (over 10 ms) out to every
    /// thread.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,

    /// Give up on a puzzle after DURATION, e.g. 500ms, 10s, 2m.
    ///
    /// What was found so far is printed, marked as incomplete, and the next puzzle starts.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub timeout: Option<Duration>,

    /// Print a summary of the batch to stderr; add search figures to JSON records.
    #[arg(long)]
    pub stats: bool,

    /// Print only results and errors: no progress bar, no live count.
    #[arg(long, short = 'q')]
    pub quiet: bool,

    /// When to colour grids (givens in bold).
    ///
    /// 'auto' colours only when stdout is a terminal and NO_COLOR is not set.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto, value_name = "WHEN")]
    pub color: ColorArg,
}

const HINT_EXAMPLES: &str = "\
Examples:
  sudoku hint puzzles/easy.txt            the next step of each puzzle
  echo 4.....8.5.3.......... | sudoku hint
  sudoku hint --techniques singles a.txt  only full house, hidden and naked singles
  sudoku hint --format json position.txt  the step with its evidence, as JSON

Input: everything 'sudoku solve' reads, and positions with pencil marks: a
9-line grid of candidates as HoDoKu and Sudoku Explainer print it, or 729
characters (9 per cell: the digit where it is a candidate, '.' where not).

Output: one line per puzzle: the step (technique, pattern, what it places or
removes), or 'solved', 'stuck: no technique applies', 'no solution',
'multiple solutions', 'invalid: ...'.

Exit status: 0 a step (or the solution) for every puzzle; 1 some puzzle has
no step in reach, no solution or several; 2 invalid input, unreadable file,
usage error or output error; 130 interrupted.";

const EXPLAIN_EXAMPLES: &str = "\
Examples:
  sudoku explain puzzles/easy.txt         every step, numbered, and a summary
  sudoku explain --grid puzzles/hard.txt  the pencil marks before each step
                                          that is not a single
  sudoku explain --techniques singles,intersections,subsets a.txt
                                          can it be solved with these alone?
  sudoku explain --format json a.txt      steps with their evidence, as JSON

Input: as for 'sudoku hint' (puzzles, or positions with pencil marks).

Exit status: 0 every puzzle solved by logic; 1 logic stopped before the
solution of some puzzle (no technique of the ladder applies, or --timeout),
or a puzzle has no solution or several; 2 invalid input, unreadable file,
usage error or output error; 130 interrupted.";

/// Flags of `hint`.
#[derive(Debug, Args)]
pub struct HintArgs {
    #[command(flatten)]
    pub logic: LogicArgs,
}

/// Flags of `explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// Print the pencil-mark grid before each step that is not a single.
    #[arg(long)]
    pub grid: bool,

    #[command(flatten)]
    pub logic: LogicArgs,
}

/// Flags shared by `hint` and `explain`.
#[derive(Debug, Args)]
pub struct LogicArgs {
    /// Puzzle or position files; none, or '-', reads stdin. An argument that is not a file
    /// but a puzzle (81 cells) is taken as given.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Output format: text, or one JSON object per puzzle and line.
    #[arg(long, value_enum, default_value_t = LogicFormatArg::Text, value_name = "FORMAT")]
    pub format: LogicFormatArg,

    /// Use only these techniques: family names (singles, intersections, subsets, fish,
    /// patterns, wings, uniqueness, chains, als, forcing), technique names (x-wing) or
    /// HoDoKu codes (0300), separated by commas [default: all].
    #[arg(long, value_name = "LIST")]
    pub techniques: Option<String>,

    /// Worker threads [default: all cores]. Output stays in input order.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,

    /// Give up on a puzzle after DURATION, e.g. 500ms, 10s, 2m.
    ///
    /// The steps found so far are printed, and the puzzle is marked as stopped.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub timeout: Option<Duration>,

    /// Print a summary of the batch to stderr.
    #[arg(long)]
    pub stats: bool,

    /// Print only results and errors: no progress bar.
    #[arg(long, short = 'q')]
    pub quiet: bool,

    /// When to colour the step's cells and candidates.
    ///
    /// 'auto' colours only when stdout is a terminal and NO_COLOR is not set.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto, value_name = "WHEN")]
    pub color: ColorArg,
}

/// `--format` values of `hint` and `explain`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogicFormatArg {
    /// Text: one line per step.
    Text,
    /// One JSON object per puzzle, one per line, with every step and its evidence.
    Json,
}

/// `--format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// Nine rows with box separators, under a FILE:LINE header.
    Grid,
    /// One line per puzzle: the solution's 81 digits.
    Line,
    /// One JSON object per puzzle, one per line.
    Json,
}

/// `--color` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// Colour when stdout is a terminal and NO_COLOR is unset.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// Adds a tip to the error for `sudoku FILE` or `sudoku PUZZLE` (no command): run `solve`.
pub fn suggest_solve(mut error: clap::Error) -> clap::Error {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::InvalidSubcommand {
        return error;
    }
    let Some(ContextValue::String(arg)) = error.get(ContextKind::InvalidSubcommand) else {
        return error;
    };
    let what = if std::path::Path::new(arg).is_file() {
        "to solve the puzzles in it"
    } else if crate::batch::source::looks_like_a_puzzle(arg) {
        "to solve it"
    } else {
        return error;
    };
    let tip = format!("{what}: 'sudoku solve {arg}'");
    error.insert(
        ContextKind::Suggested,
        ContextValue::StyledStrs(vec![tip.into()]),
    );
    error
}

/// Parses `500ms`, `10s`, `1.5s`, `2m`, `1h`; a bare number is seconds.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("'{text}' is not a duration such as 500ms, 10s or 2m"))?;
    let scale = match unit.trim() {
        "ms" => 0.001,
        "" | "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        other => return Err(format!("unknown unit '{other}': use ms, s, m or h")),
    };
    Duration::try_from_secs_f64(value * scale).map_err(|_| format!("'{text}' is out of range"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert!(parse_duration("soon").is_err());
        assert!(parse_duration("5 parsecs").is_err());
        assert!(parse_duration("").is_err());
    }
}
