//! Command-line flags (clap derive). The doc comments are the help text.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use sudoku::generate::{Symmetry, SymmetryChoice};

/// An example for the help and the manual page: a command line and what it does.
pub struct Example {
    /// The command line.
    pub command: &'static str,
    /// What it does, in a few words.
    pub what: &'static str,
}

const fn example(command: &'static str, what: &'static str) -> Example {
    Example { command, what }
}

/// `solve`'s examples.
pub const SOLVE_EXAMPLES: &[Example] = &[
    example(
        "sudoku solve puzzles/easy.txt",
        "solve each puzzle, show grids",
    ),
    example(
        "cat many.txt | sudoku solve --format line",
        "one solution per line, from stdin",
    ),
    example(
        "sudoku solve --all puzzles/multiple.txt",
        "every solution of each puzzle",
    ),
    example(
        "sudoku solve --count --limit 1000 puzzles/empty.txt",
        "count solutions, stop at 1000",
    ),
    example(
        "sudoku solve --format json --stats a.txt b.txt",
        "JSON Lines with search figures",
    ),
    example(
        "sudoku solve --timeout 2s --all hard.txt",
        "give each puzzle at most 2 seconds",
    ),
    example(
        "sudoku solve --method simple --stats puzzles/easy.txt",
        "the textbook search, its nodes counted",
    ),
    example(
        "sudoku solve --trace --format html --method simple a.txt > search.html",
        "a page that replays the search",
    ),
    example(
        "sudoku solve --count --limit 2 sixteen.txt",
        "16x16 puzzles, 1-9 then A-G",
    ),
    example(
        "sudoku solve --variant x,anti-knight a.txt",
        "9x9 puzzles with extra rules",
    ),
    example(
        "sudoku solve --regions regions.txt a.txt",
        "jigsaw puzzles, regions in a file",
    ),
];

/// `check`'s examples.
pub const CHECK_EXAMPLES: &[Example] = &[
    example("sudoku check mine.txt", "proper, multiple, none or invalid"),
    example("sudoku check --format line *.txt", "one word per puzzle"),
    example(
        "sudoku check --format json mine.txt",
        "one JSON record per puzzle",
    ),
    example(
        "sudoku check --box 3x2 six.txt",
        "6x6 puzzles with 3x2 boxes",
    ),
];

/// `hint`'s examples.
pub const HINT_EXAMPLES: &[Example] = &[
    example(
        "sudoku hint puzzles/easy.txt",
        "the next step of each puzzle",
    ),
    example(
        "sudoku hint --techniques singles a.txt",
        "a step with singles only",
    ),
    example(
        "sudoku hint --variant x a.txt",
        "9x9 X puzzles (any size, jigsaw, variant)",
    ),
    example(
        "sudoku hint --format json position.txt",
        "the step with its evidence, as JSON",
    ),
    example(
        "sudoku hint --format svg position.txt > hint.svg",
        "the step drawn on the board",
    ),
];

/// `explain`'s examples.
pub const EXPLAIN_EXAMPLES: &[Example] = &[
    example(
        "sudoku explain puzzles/easy.txt",
        "every step, numbered, and a summary",
    ),
    example(
        "sudoku explain --grid puzzles/hard.txt",
        "pencil marks before harder steps",
    ),
    example(
        "sudoku explain --techniques singles,intersections,subsets a.txt",
        "can it be solved with these alone?",
    ),
    example(
        "sudoku explain sixteen.txt",
        "16x16 puzzles: the techniques that hold for every shape",
    ),
    example(
        "sudoku explain --format json a.txt",
        "steps with their evidence, as JSON",
    ),
    example(
        "sudoku explain --format hodoku a.txt",
        "HoDoKu's path, as its /bs FILE /vp prints it",
    ),
    example(
        "sudoku explain --format html a.txt > a.html",
        "a page that draws every step on a board",
    ),
    example(
        "sudoku explain --format svg --step 12 a.txt > step12.svg",
        "one step drawn on the board",
    ),
];
/// `generate`'s examples.
pub const GENERATE_EXAMPLES: &[Example] = &[
    example("sudoku generate", "one minimal puzzle, symmetric"),
    example(
        "sudoku generate --size 16 -n 10",
        "ten minimal 16x16 puzzles",
    ),
    example(
        "sudoku generate --size 6 --box 3x2 --symmetry mirror",
        "a 6x6 puzzle with 3x2 boxes",
    ),
    example(
        "sudoku generate --jigsaw --variant x --symmetry none",
        "a 9x9 jigsaw X puzzle, regions printed",
    ),
    example(
        "sudoku generate --jigsaw --symmetry rot180 --seed 2",
        "regions and givens keep a half turn",
    ),
    example(
        "sudoku generate -n 1000 --seed 7 > book.txt",
        "1000 puzzles, the same ones every time",
    ),
    example(
        "sudoku generate --symmetry none --clues 21",
        "a puzzle with 21 givens, no symmetry",
    ),
    example(
        "sudoku generate --clues 30-34 --no-minimal",
        "easier puzzles with extra givens",
    ),
    example(
        "sudoku generate --format grid --solution",
        "a grid to print, and its solution",
    ),
    example(
        "sudoku generate --forever | head -n 5",
        "stream puzzles until the pipe closes",
    ),
    example(
        "sudoku generate --rating 8.0- --timeout 30s",
        "a hard puzzle (ER 8.0 or more)",
    ),
    example(
        "sudoku generate --level medium -n 10 --format json",
        "ten medium puzzles with their ratings",
    ),
    example(
        "sudoku generate --scale hodoku --level unfair",
        "a puzzle HoDoKu rates unfair",
    ),
    example(
        "sudoku generate --scale hodoku --rating 1000-1600",
        "a puzzle of HoDoKu score 1000 to 1600",
    ),
    example(
        "sudoku generate --techniques singles -n 10",
        "ten puzzles singles solve",
    ),
    example(
        "sudoku generate --solved -n 3",
        "three random complete grids",
    ),
];

/// `generate`'s exit statuses.
pub const GENERATE_EXIT: &str = "\
Exit status: 0 every puzzle meets the options; 1 some puzzle missed its
--clues, --rating, --level or --techniques target within --timeout (the
closest one found is printed, and stderr says what was reached); 2 usage or
output error; 130 interrupted.";

/// `--timeout` of the commands that search for solutions (solve, check).
const TIMEOUT_SEARCH_HELP: &str = "Give up on a puzzle after DURATION, e.g. 500ms, 10s, 2m; 0 \
means propagation only, no guessing";

/// `--timeout` of the other commands: 0 would leave no time at all, and is refused.
const TIMEOUT_HELP: &str = "Give up on a puzzle after DURATION, e.g. 500ms, 10s, 2m (more \
than 0)";

/// `--stats` of the commands that search for solutions.
const STATS_SEARCH_HELP: &str = "Print a summary of the batch to stderr; add search figures \
(guesses, micros) to JSON records";

/// `--color` of solve.
const SOLVE_COLOR_HELP: &str = "When to colour grids: givens in bold ('auto': only when \
stdout is a terminal and NO_COLOR is not set)";

/// `--color` of generate.
const GENERATE_COLOR_HELP: &str = "When to colour: grids show the givens in bold ('auto': \
only when stdout is a terminal and NO_COLOR is not set)";

/// `--color` of hint and explain.
const LOGIC_COLOR_HELP: &str = "When to colour: the technique in bold; with --grid, the \
pattern's cells, the digit placed and the candidates removed";

/// How puzzles are written, for every command that reads them.
pub const INPUT_HELP: &str = "\
Input: one puzzle per line (81 cells; 1-9 givens, 0 . _ blanks; after a
space ; : , or # the rest of the line is ignored) or 9 lines of 9 cells
(spaces, | + - ignored); other sizes as N*N cells on a line or N lines of N
cells, as 'solve' prints them. Lines starting with #, blank lines and the
'FILE:LINE:' headers this program writes are skipped.";

/// `solve`'s exit statuses.
pub const SOLVE_EXIT: &str = "\
Exit status: 0 every puzzle solved; 1 some puzzle has no solution (or
--timeout stopped it before one was found); 2 invalid input, unreadable
file, usage error or output error; 130 interrupted.";

/// Positions, which `hint` and `explain` read besides puzzles.
pub const POSITION_HELP: &str = "\
Positions with pencil marks read too: a 9-line grid of each cell's candidates
as HoDoKu and Sudoku Explainer print it (and as 'explain --grid' does), or
729 characters (9 per cell: the digit where it is a candidate, '.' where not).";

/// `hint`'s exit statuses.
pub const HINT_EXIT: &str = "\
Exit status: 0 a step (or the solution) for every puzzle; 1 some puzzle has
no step in reach of the techniques, no solution or several; 2 invalid input
(or pencil marks that rule out the solution), unreadable file, usage error or
output error; 130 interrupted.";

/// `explain`'s exit statuses.
pub const EXPLAIN_EXIT: &str = "\
Exit status: 0 every puzzle solved by logic; 1 logic stopped before the
solution of some puzzle (no technique applies, or --timeout), or a puzzle has
no solution or several; 2 invalid input (or pencil marks that rule out the
solution), unreadable file, usage error or output error; 130 interrupted.";

/// `rate`'s examples.
pub const RATE_EXAMPLES: &[Example] = &[
    example(
        "sudoku rate puzzles.txt",
        "PUZZLE ER/EP/ED per line, as serate",
    ),
    example(
        "sudoku rate --format json a.txt",
        "ratings, hardest step, level, as JSON",
    ),
    example(
        "sudoku rate --timeout 1s -j 2 hard.txt",
        "at most 1 s a puzzle, two threads",
    ),
    example(
        "sudoku rate --scale hodoku a.txt",
        "HoDoKu's level and score: PUZZLE LEVEL SCORE",
    ),
];

/// `print`'s examples.
pub const PRINT_EXAMPLES: &[Example] = &[
    example(
        "sudoku print puzzles.txt -o book.pdf",
        "a book, 4 puzzles a page, numbered",
    ),
    example(
        "sudoku print a.txt -o book.pdf --solutions --rating",
        "with levels, and answers at the end",
    ),
    example(
        "sudoku print a.txt -o b.pdf --per-page 1 --paper letter --title 'Week 1'",
        "one large puzzle a page, on Letter",
    ),
    example(
        "sudoku generate -n 6 | sudoku print -o sheet.svg --per-page 6",
        "one SVG sheet of six new puzzles",
    ),
    example(
        "sudoku print a.txt -o puzzles.html",
        "a page to print from a browser",
    ),
    example(
        "sudoku print x.txt -o x.pdf --variant x --solutions",
        "X puzzles, diagonals drawn; any size",
    ),
    example(
        "sudoku print a.txt -o - --format pdf | lp",
        "straight to the printer",
    ),
];

/// `print`'s exit statuses.
pub const PRINT_EXIT: &str = "\
Exit status: 0 every puzzle drawn; 1 with --solutions, some puzzle has no
solution or several (its answer shows the givens, or the first solution); 2
invalid input (the other puzzles are still drawn), unreadable file, usage error
or output error (then no file is left behind); 130 interrupted (no file).";

/// `rate`'s exit statuses.
pub const RATE_EXIT: &str = "\
Exit status: 0 every puzzle rated; 1 some puzzle has no solution or several, or
its rating was cut short (--timeout) or needs a rule not reproduced; 2 invalid
input, unreadable file, usage error or output error; 130 interrupted.";

/// `check`'s exit statuses.
pub const CHECK_EXIT: &str = "\
Exit status: 0 every puzzle is proper (exactly one solution); 1 some puzzle
has none or several (or --timeout stopped it first); 2 invalid input,
unreadable file, usage error or output error; 130 interrupted.";

/// `canon`'s examples.
pub const CANON_EXAMPLES: &[Example] = &[
    example("sudoku canon puzzles.txt", "the minlex form of each puzzle"),
    example(
        "sudoku canon --dedup big.txt > unique.txt",
        "keep the first puzzle of each class",
    ),
    example(
        "sudoku canon --count-classes a.txt b.txt",
        "how many classes, how many duplicates",
    ),
    example(
        "sudoku canon --format json a.txt",
        "forms, automorphisms, transformations",
    ),
];

/// `canon`'s exit statuses.
pub const CANON_EXIT: &str = "\
Exit status: 0 every puzzle read; 2 invalid input, unreadable file, usage
error or output error; 130 interrupted.";

/// `transform`'s examples.
pub const TRANSFORM_EXAMPLES: &[Example] = &[
    example(
        "sudoku transform --seed 7 a.txt",
        "a random equivalent of each puzzle",
    ),
    example(
        "sudoku transform --transpose --relabel 987654321 a.txt",
        "mirror in the diagonal, digits reversed",
    ),
    example(
        "sudoku transform --rows 987654321 --cols 987654321 a.txt",
        "a half turn",
    ),
    example(
        "sudoku transform --apply t321456789/123456789/123456789 a.txt",
        "a transformation as 'canon --format json' prints it",
    ),
];

/// `transform`'s exit statuses.
pub const TRANSFORM_EXIT: &str = CANON_EXIT;

/// The text after `generate`'s options: examples and exit status (it reads no input).
fn generate_help() -> String {
    let help = after_help(GENERATE_EXAMPLES, GENERATE_EXIT);
    help.replace(&format!("{INPUT_HELP}\n\n"), "")
}

/// The text after a batch command's options: examples, input, exit status.
fn after_help(examples: &[Example], exit: &str) -> String {
    const COLUMN: usize = 42;
    let mut s = String::from("Examples:\n");
    for e in examples {
        if 2 + e.command.len() < COLUMN {
            s.push_str(&format!("  {:<w$}{}\n", e.command, e.what, w = COLUMN - 2));
        } else {
            s.push_str(&format!("  {}\n{:COLUMN$}{}\n", e.command, "", e.what));
        }
    }
    format!("{s}\n{INPUT_HELP}\n\n{exit}")
}

/// [`after_help`] for the commands that also read positions with pencil marks.
fn after_help_positions(examples: &[Example], exit: &str) -> String {
    after_help(examples, exit).replacen(INPUT_HELP, &format!("{INPUT_HELP}\n{POSITION_HELP}"), 1)
}

/// A fast Sudoku tool: solve, check, explain step by step, rate, generate, print and
/// canonicalise puzzles.
#[derive(Debug, Parser)]
#[command(name = "sudoku", version, about, max_term_width = 80)]
#[command(after_help = "Run 'sudoku solve --help' for input formats and examples.")]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
///
/// Deferred: each command's options and help text are built only when it is the one run,
/// not all of them at every start-up, which made start-up about 0.13 ms (10%) faster. The
/// flag structs then carry plain comments, not doc comments: clap would take a doc comment
/// there as the command's description, replacing the one given here.
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Solve puzzles: print one solution each and say whether it is the only one.
    Solve(SolveArgs),
    /// Check puzzles for authors: is each one proper (exactly one solution)?
    Check(CheckArgs),
    /// Give the easiest next logical step of each puzzle, as a person would find it.
    ///
    /// One line per puzzle: the technique, the pattern, and what it places or removes (or
    /// 'solved', 'stuck: no technique applies', 'no solution', 'multiple solutions',
    /// 'invalid: ...').
    Hint(HintArgs),
    /// Explain each puzzle step by step, from the start to the solution or to where logic
    /// stops (it never guesses).
    Explain(ExplainArgs),
    /// Make puzzles: one solution each, minimal, symmetric, reproducible from a seed.
    Generate(GenerateArgs),
    /// Rate puzzles as Sudoku Explainer 1.2.1 does: ER/EP/ED, the hardest step of its
    /// solution path, of the path up to the first placement, and the first step.
    ///
    /// One line per puzzle, 'PUZZLE ER/EP/ED' as serate prints it; a puzzle with no solution
    /// or several, or invalid, gets a word instead of a rating; a rating cut short by
    /// --timeout is printed as '>=ER/EP/ED' (lower bounds).
    Rate(RateArgs),
    /// Draw puzzles for paper: a PDF book, an SVG sheet or a printable HTML page.
    ///
    /// The format follows the output's extension (.pdf, .svg, .html) or --format. Givens are
    /// bold, a position with pencil marks shows its candidates small; each puzzle is numbered,
    /// and puzzle k is on page ceil(k/N) with N a page (no cover page). The output is written
    /// to a temporary file beside it and renamed when complete.
    Print(PrintArgs),
    /// Print the canonical (minlex) form of each puzzle, or drop puzzles equivalent to an
    /// earlier one.
    ///
    /// Two puzzles are equivalent when one turns into the other by transposing, reordering
    /// bands, rows within a band, stacks and columns within a stack, and relabelling digits.
    /// The minlex form is the smallest equivalent 81-character string (blanks counted as 0,
    /// digits in order of first appearance), the forums' standard; it is printed with '.' for
    /// blanks. Any puzzle has one: proper, with several solutions or none, a complete grid.
    Canon(CanonArgs),
    /// Turn each puzzle into an equivalent one: at random (reproducible from --seed) or by
    /// the transformations named.
    ///
    /// The named ones are applied in this order: --apply, --transpose, --bands, --rows,
    /// --stacks, --cols, --relabel.
    Transform(TransformArgs),
    /// Print a shell completion script, e.g. 'sudoku completions bash'.
    Completions {
        /// The shell to complete for.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. 'sudoku man > sudoku.1'.
    Man,
}

// Flags of `solve` (a plain comment: see `Command`).
#[derive(Debug, Args)]
#[command(after_help = after_help(SOLVE_EXAMPLES, SOLVE_EXIT))]
#[command(mut_arg("timeout", |a| a.help(TIMEOUT_SEARCH_HELP).long_help(TIMEOUT_SEARCH_HELP)))]
#[command(mut_arg("stats", |a| a.help(STATS_SEARCH_HELP).long_help(STATS_SEARCH_HELP)))]
#[command(mut_arg("color", |a| a.help(SOLVE_COLOR_HELP).long_help(SOLVE_COLOR_HELP)))]
#[command(group(clap::ArgGroup::new("mode").args(["all", "count"]).multiple(true)))]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub shape: ShapeArgs,

    /// Print every solution, then their number.
    ///
    /// Solutions are listed as they are found, one puzzle at a time (on one thread).
    #[arg(long)]
    pub all: bool,

    /// Print only the number of solutions of each puzzle (every solution is counted; with
    /// --all, the solutions are not printed).
    ///
    /// A count that runs longer than 10 ms is shared out to every thread.
    #[arg(long)]
    pub count: bool,

    /// Stop each puzzle after N solutions (with --all or --count); a count that reaches N is a
    /// lower bound.
    ///
    /// The puzzle may have more, so such a count prints as "at least N solutions" in grids,
    /// "N+" in lines and "complete": false in JSON, even when N is all there are: --limit 1
    /// prints 1+ for a proper puzzle. To tell one solution from several, use --limit 2 or
    /// 'sudoku check'.
    #[arg(long, value_name = "N", requires = "mode", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// The search: 'fast' (ours: propagation, a careful choice of cell) or 'simple' (the
    /// textbook method: empty cells in reading order, digits 1 to 9, back up on a dead end; for
    /// teaching and checking; slow on hard puzzles; classic 9x9 puzzles only). With --stats,
    /// 'simple' reports nodes (digits written) where 'fast' reports guesses.
    #[arg(long, value_enum, default_value_t = SolveMethod::Fast, value_name = "METHOD")]
    pub method: SolveMethod,

    /// Print every placement and backtrack of the search to stderr.
    ///
    /// Each puzzle's part starts with a line 'FILE:LINE: trace'; each line after it gives
    /// the depth (guesses on the stack), the cell as rRcC and the digit (the puzzle's symbol,
    /// for other sizes). Implies --threads 1. With --format html: a self-contained page on
    /// stdout that replays the search instead, for every size, jigsaw and variant.
    #[arg(long)]
    pub trace: bool,

    /// With --trace --format html: record at most N events (placements and take-backs) of each
    /// puzzle's search; the page says when the trace was cut.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 100_000,
        requires = "trace",
        value_parser = clap::value_parser!(u64).range(1..=5_000_000)
    )]
    pub trace_limit: u64,

    /// Output format.
    #[arg(long, value_enum, default_value_t = SolveFormat::Grid, value_name = "FORMAT")]
    pub format: SolveFormat,

    #[command(flatten)]
    pub batch: BatchArgs,
}

// Flags of `check` (a plain comment: see `Command`).
#[derive(Debug, Args)]
#[command(after_help = after_help(CHECK_EXAMPLES, CHECK_EXIT))]
#[command(mut_arg("timeout", |a| a.help(TIMEOUT_SEARCH_HELP).long_help(TIMEOUT_SEARCH_HELP)))]
#[command(mut_arg("stats", |a| a.help(STATS_SEARCH_HELP).long_help(STATS_SEARCH_HELP)))]
pub struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub shape: ShapeArgs,

    /// Output format.
    #[arg(long, value_enum, default_value_t = CheckFormat::Text, value_name = "FORMAT")]
    pub format: CheckFormat,

    #[command(flatten)]
    pub batch: BatchArgs,
}

// Flags of `rate` (a plain comment: see `Command`).
#[derive(Debug, Args)]
#[command(after_help = after_help(RATE_EXAMPLES, RATE_EXIT))]
#[command(mut_arg("timeout", |a| a.help(TIMEOUT_HELP).long_help(TIMEOUT_HELP)))]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Output format.
    #[arg(long, value_enum, default_value_t = RateFormat::Line, value_name = "FORMAT")]
    pub format: RateFormat,

    /// Which scale: Sudoku Explainer's ER/EP/ED, HoDoKu's level and score ('PUZZLE LEVEL
    /// SCORE'; JSON "level", "score", "guess" when HoDoKu needs brute force), or both.
    #[arg(long, value_enum, default_value_t = Scale::Se, value_name = "SCALE")]
    pub scale: Scale,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// `--scale` values: whose difficulty scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Scale {
    /// Sudoku Explainer 1.2.1: ER/EP/ED.
    Se,
    /// HoDoKu 2.2.0 with its default settings: level (easy, medium, hard, unfair, extreme)
    /// and score.
    Hodoku,
    /// Both: SE's figures, then HoDoKu's.
    Both,
}

// Flags of `canon` (a plain comment: see `Command`).
#[derive(Debug, Args)]
#[command(after_help = after_help(CANON_EXAMPLES, CANON_EXIT))]
#[command(mut_arg("timeout", |a| a.hide(true)))]
pub struct CanonArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Output format.
    #[arg(long, value_enum, default_value_t = CanonFormat::Line, value_name = "FORMAT")]
    pub format: CanonFormat,

    /// Print each puzzle the first time its class appears (as it was read, '.' for blanks)
    /// and drop the later ones.
    ///
    /// Puzzles are compared by their whole canonical forms; memory grows with the number of
    /// classes (about 100 bytes each), not of puzzles. The first of a class is the first in
    /// input order, whatever the number of threads.
    #[arg(long)]
    pub dedup: bool,

    /// With --dedup, print the canonical form instead of the puzzle as read.
    #[arg(long, requires = "dedup")]
    pub canonical: bool,

    /// Print only the number of puzzles, classes and duplicates, on one line at the end.
    #[arg(long, conflicts_with_all = ["dedup", "format"])]
    pub count_classes: bool,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// `canon --format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CanonFormat {
    /// The minlex form, one line per puzzle ('invalid' for a line that is not a puzzle).
    Line,
    /// One JSON object per puzzle: puzzle, minlex, automorphisms (how many of the 3,359,232
    /// grid transformations, each with some relabelling, map the puzzle onto itself) and
    /// transform (one taking the puzzle to its form, for 'sudoku transform --apply').
    Json,
}

// Flags of `transform` (a plain comment: see `Command`).
#[derive(Debug, Args)]
#[command(after_help = after_help(TRANSFORM_EXAMPLES, TRANSFORM_EXIT))]
#[command(group(clap::ArgGroup::new("how").required(true).multiple(true)
    .args(["random", "seed", "apply", "transpose", "bands", "rows", "stacks", "cols", "relabel"])))]
#[command(mut_arg("timeout", |a| a.hide(true)))]
pub struct TransformArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// A random transformation for each puzzle (with a random seed unless --seed is given).
    #[arg(long)]
    pub random: bool,

    /// A random transformation for each puzzle, the same ones for the same seed and input.
    ///
    /// Each puzzle's transformation is drawn from the seed, its file name and its line.
    #[arg(long, value_name = "N", conflicts_with_all = ["apply", "transpose", "bands", "rows", "stacks", "cols", "relabel"])]
    pub seed: Option<u64>,

    /// A transformation written as 'canon --format json' prints it: [t]ROWS/COLS/DIGITS (t:
    /// transpose first; ROWS, COLS: the rows and columns in their new order; DIGITS: the new
    /// digit of each digit 1 to 9).
    #[arg(long, value_name = "SPEC", value_parser = parse_transform, conflicts_with = "random")]
    pub apply: Option<sudoku::canon::Transform>,

    /// Swap rows and columns (mirror in the main diagonal).
    #[arg(long, conflicts_with = "random")]
    pub transpose: bool,

    /// The bands in their new order, e.g. 321.
    #[arg(long, value_name = "ORDER", value_parser = parse_bands, conflicts_with = "random")]
    pub bands: Option<[u8; 9]>,

    /// The rows in their new order, each band's rows kept together, e.g. 213456789.
    #[arg(long, value_name = "ORDER", value_parser = parse_rows, conflicts_with = "random")]
    pub rows: Option<[u8; 9]>,

    /// The stacks in their new order, e.g. 132.
    #[arg(long, value_name = "ORDER", value_parser = parse_stacks, conflicts_with = "random")]
    pub stacks: Option<[u8; 9]>,

    /// The columns in their new order, each stack's columns kept together.
    #[arg(long, value_name = "ORDER", value_parser = parse_cols, conflicts_with = "random")]
    pub cols: Option<[u8; 9]>,

    /// The new digit of each digit 1 to 9, e.g. 987654321 turns 1 into 9 and 9 into 1.
    #[arg(long, value_name = "DIGITS", value_parser = parse_relabel, conflicts_with = "random")]
    pub relabel: Option<[u8; 10]>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = TransformFormat::Line, value_name = "FORMAT")]
    pub format: TransformFormat,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// `transform --format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TransformFormat {
    /// The equivalent puzzle, one line per puzzle ('invalid' for a line that is not a
    /// puzzle).
    Line,
    /// One JSON object per puzzle: puzzle, transformed, and transform (in the form --apply
    /// reads).
    Json,
}

fn parse_transform(text: &str) -> Result<sudoku::canon::Transform, String> {
    text.parse()
        .map_err(|e: sudoku::canon::TransformError| e.to_string())
}

fn parse_rows(text: &str) -> Result<[u8; 9], String> {
    sudoku::canon::Transform::parse_lines(text, "rows").map_err(|e| e.to_string())
}

fn parse_cols(text: &str) -> Result<[u8; 9], String> {
    sudoku::canon::Transform::parse_lines(text, "columns").map_err(|e| e.to_string())
}

fn parse_bands(text: &str) -> Result<[u8; 9], String> {
    sudoku::canon::Transform::parse_units(text, "bands").map_err(|e| e.to_string())
}

fn parse_stacks(text: &str) -> Result<[u8; 9], String> {
    sudoku::canon::Transform::parse_units(text, "stacks").map_err(|e| e.to_string())
}

fn parse_relabel(text: &str) -> Result<[u8; 10], String> {
    sudoku::canon::Transform::parse_digits(text).map_err(|e| e.to_string())
}

// Flags of `print` (a plain comment: see `Command`).
#[derive(Debug, Args)]
#[command(after_help = after_help_positions(PRINT_EXAMPLES, PRINT_EXIT))]
#[command(mut_arg("timeout", |a| a.help(TIMEOUT_HELP).long_help(TIMEOUT_HELP)))]
pub struct PrintArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Where to write: a .pdf, .svg or .html file, or '-' for stdout (with --format).
    #[arg(short = 'o', long = "output", value_name = "OUT", required = true)]
    pub output: PathBuf,

    /// The output format [default: from OUT's extension].
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<PrintFormat>,

    /// Puzzles on a page: 1, 2, 4 or 6.
    ///
    /// An SVG sheet is one page: more puzzles than this is an error (use .pdf or .html).
    #[arg(long, value_name = "N", default_value = "4", value_parser = ["1", "2", "4", "6"])]
    pub per_page: String,

    /// Paper size [default: letter when the locale (LC_ALL, LC_PAPER, LANG) is of a country
    /// that uses it, such as en_US; a4 otherwise].
    #[arg(long, value_enum, value_name = "PAPER")]
    pub paper: Option<PaperArg>,

    /// A heading at the top of each page, and the document's title.
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,

    /// Show each puzzle's Sudoku Explainer rating and level under it, e.g. 'ER 7.2
    /// diabolical' (none for a puzzle that cannot be rated: not one solution, or cut short by
    /// --timeout).
    #[arg(long)]
    pub rating: bool,

    /// Add answer pages at the end (12 solutions a page, numbered as the puzzles). Not with
    /// .svg.
    #[arg(long)]
    pub solutions: bool,

    #[command(flatten)]
    pub shape: ShapeArgs,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// `print --format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PrintFormat {
    /// A PDF book.
    Pdf,
    /// One SVG sheet.
    Svg,
    /// A self-contained HTML page, a sheet per printed page.
    Html,
}

/// `print --paper` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PaperArg {
    /// ISO A4 (210 x 297 mm).
    A4,
    /// US Letter (8.5 x 11 in).
    Letter,
}

/// `rate --format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RateFormat {
    /// 'PUZZLE ER/EP/ED', as serate prints it.
    Line,
    /// One JSON object per puzzle: er, ep, ed, hardest, steps, level, status.
    Json,
}

// Flags of `hint` (a plain comment: see `Command`).
#[derive(Debug, Args)]
#[command(after_help = after_help_positions(HINT_EXAMPLES, HINT_EXIT))]
#[command(mut_arg("color", |a| a.help(LOGIC_COLOR_HELP).long_help(LOGIC_COLOR_HELP)))]
#[command(mut_arg("timeout", |a| a.help(TIMEOUT_HELP).long_help(TIMEOUT_HELP)))]
pub struct HintArgs {
    #[command(flatten)]
    pub logic: LogicArgs,

    /// Print the pencil-mark grid before the step, its pattern marked (in colour on a
    /// terminal).
    #[arg(long)]
    pub grid: bool,
}

// Flags of `explain` (a plain comment: see `Command`).
#[derive(Debug, Args)]
#[command(after_help = after_help_positions(EXPLAIN_EXAMPLES, EXPLAIN_EXIT))]
#[command(mut_arg("color", |a| a.help(LOGIC_COLOR_HELP).long_help(LOGIC_COLOR_HELP)))]
#[command(mut_arg("timeout", |a| a.help(TIMEOUT_HELP).long_help(TIMEOUT_HELP)))]
pub struct ExplainArgs {
    #[command(flatten)]
    pub logic: LogicArgs,

    /// Print the pencil-mark grid before each step that is not a single.
    #[arg(long)]
    pub grid: bool,

    /// With --format svg: draw step N [default: the first step of the hardest technique].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub step: Option<u64>,

    /// Whose path: our ladder of techniques (se, the default), or HoDoKu 2.2.0's solving
    /// path with its scores and level (hodoku; --format text, json or hodoku).
    #[arg(long, value_enum, default_value_t = Scale::Se, value_name = "SCALE")]
    pub scale: Scale,
}

// Flags shared by `hint` and `explain` (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct LogicArgs {
    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub shape: ShapeArgs,

    /// Use only these techniques: family names (singles, intersections, subsets, fish,
    /// patterns, wings, uniqueness, chains, als, forcing), technique names (x-wing) or
    /// HoDoKu codes (0300), separated by commas [default: all]; --list-techniques lists them.
    #[arg(long, value_name = "LIST", value_hint = clap::ValueHint::Other)]
    pub techniques: Option<String>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = LogicFormat::Text, value_name = "FORMAT")]
    pub format: LogicFormat,

    /// List the techniques, easiest first: HoDoKu code, family and name, one per line;
    /// then exit.
    #[arg(long, exclusive = true)]
    pub list_techniques: bool,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// `hint` and `explain --format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogicFormat {
    /// Text: one line per step.
    Text,
    /// One JSON object per puzzle, one per line, with every step and its evidence.
    Json,
    /// One self-contained HTML page (no network needed) that draws each step on a board from
    /// the JSON records: the step list beside it, arrow keys or j/k to move, #N in the address
    /// keeps the step.
    Html,
    /// An SVG picture of the board with the step drawn on it, one document per puzzle (give
    /// one puzzle for one file), on every shape (its regions, diagonals, windows, symbols):
    /// hint's step; for explain, --step N or the first step of the hardest technique.
    Svg,
    /// explain only: HoDoKu's batch output ('/bs FILE /vp'), 'PUZZLE #N Level (SCORE)' and
    /// one indented line a step of HoDoKu's path (implies --scale hodoku).
    Hodoku,
}

// Flags of `generate` (a plain comment: see `Command`).
#[derive(Debug, Args)]
#[command(after_help = generate_help())]
#[command(mut_arg("color", |a| a.help(GENERATE_COLOR_HELP).long_help(GENERATE_COLOR_HELP)))]
#[command(mut_arg("timeout", |a| a.help(TIMEOUT_HELP).long_help(TIMEOUT_HELP)))]
pub struct GenerateArgs {
    /// How many puzzles to make; 0 makes them until stopped or the output closes.
    ///
    /// (`--count` is accepted too, as in earlier versions; `solve --count` counts solutions.)
    #[arg(
        short = 'n',
        long = "number",
        alias = "count",
        value_name = "N",
        default_value_t = 1
    )]
    pub number: u64,

    /// Make puzzles until stopped (Ctrl-C) or the output closes; same as -n 0.
    #[arg(long, conflicts_with = "number")]
    pub forever: bool,

    /// The index of the first puzzle (from 0): with the same seed and options,
    /// '--from 500 -n 100' prints exactly lines 501 to 600 of '-n 600', so that many machines
    /// can share one job.
    #[arg(long, value_name = "INDEX", default_value_t = 0)]
    pub from: u64,

    /// The random seed: the same seed and options give the same puzzles, byte for byte,
    /// whatever --threads is.
    ///
    /// Without it a random seed is drawn; --stats and JSON records show it.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// The symmetry of the givens' pattern [default: rot180; none with --jigsaw or --regions].
    /// 'random' draws one (never 'none') for each puzzle.
    ///
    /// Other shapes refuse a symmetry that does not map their houses onto houses (a quarter
    /// turn of 2x3 boxes, most --regions); --jigsaw draws regions that keep it, and refuses
    /// only what no jigsaw of that size can keep (a quarter turn on 6x6, 10x10, 15x15) or
    /// its starting boxes break (a diagonal of 2x3 boxes); 25x25 jigsaws, drawn around a
    /// random grid, keep none.
    #[arg(long, value_name = "SYMMETRY", value_parser = symmetry_parser())]
    pub symmetry: Option<SymmetryChoice>,

    /// Allow extra givens: removal stops at the first given (or group) that cannot go, or,
    /// with --clues, as soon as the count is in range.
    ///
    /// By default puzzles are minimal: no given, or symmetric group of givens, can be taken
    /// out without losing the single solution.
    #[arg(long)]
    pub no_minimal: bool,

    /// The number of givens: N or MIN-MAX, from 17 to 81 (other sizes: up to N*N).
    ///
    /// Counts far from the usual (about 24 without symmetry, 28 with rot180) are searched
    /// for; --timeout bounds that search, and a puzzle that misses is reported. Minimal
    /// puzzles have 40 givens at most (--no-minimal allows more).
    #[arg(long, value_name = "N|MIN-MAX", value_parser = parse_clues)]
    pub clues: Option<sudoku::generate::ClueRange>,

    /// Only puzzles that these techniques solve, without guessing: family names (singles,
    /// intersections, subsets, fish, patterns, wings, uniqueness, chains, als, forcing),
    /// technique names or HoDoKu codes, comma-separated; e.g. 'singles' for beginners.
    ///
    /// Puzzles are made one after another from each index's random stream until one passes;
    /// --timeout bounds that, and a puzzle that misses is reported.
    #[arg(long, value_name = "LIST", value_hint = clap::ValueHint::Other)]
    pub techniques: Option<String>,

    /// Only puzzles whose Sudoku Explainer rating (ER) is in this range: MIN-MAX, MIN- or
    /// one value, e.g. 2.0-3.9, 8.0-, 7.2; with --scale hodoku, HoDoKu's score (1000-1600,
    /// 2000-).
    ///
    /// Easy ranges come by making puzzles until one fits; for an ER of 6.0 and up (HoDoKu
    /// score 2000 and up) a search climbs from each puzzle toward harder neighbours.
    /// --timeout bounds both, and a puzzle that misses is reported.
    #[arg(long, value_name = "MIN-MAX", conflicts_with = "level")]
    pub rating: Option<String>,

    /// Only puzzles of this level: the ER ranges of `sudoku rate`, or with --scale hodoku
    /// HoDoKu's levels (easy, medium, hard, unfair, extreme).
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub level: Option<LevelArg>,

    /// Which scale --level and --rating use: Sudoku Explainer's ER or HoDoKu's level and
    /// score (JSON then has "level" and "score").
    #[arg(long, value_enum, default_value_t = Scale::Se, value_name = "SCALE")]
    pub scale: Scale,

    /// Make NxN puzzles (4, 6, 8, 9, 10, 12, 15, 16, 20, 25) with the general generator;
    /// --box, --variant, --regions, --jigsaw and --symbols choose the shape (any of them
    /// alone makes 9x9 ones).
    ///
    /// Minimal by default; for 20x20 and 25x25 each uniqueness check has a budget, and a
    /// puzzle is proper but may not be minimal (JSON says "minimal": false).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(4..=25))]
    pub size: Option<u8>,

    /// Jigsaw puzzles: random connected regions for each puzzle (from the seed), printed
    /// with it; with --symmetry the regions keep the symmetry too.
    #[arg(long, conflicts_with = "regions")]
    pub jigsaw: bool,

    #[command(flatten)]
    pub shape: ShapeArgs,

    /// Print random complete grids instead of puzzles.
    #[arg(long, conflicts_with_all = ["clues", "no_minimal", "solution", "techniques", "rating", "level"])]
    pub solved: bool,

    /// Output format.
    #[arg(long, value_enum, default_value_t = GenerateFormat::Line, value_name = "FORMAT")]
    pub format: GenerateFormat,

    /// Also print each puzzle's solution (after the puzzle; JSON always has it).
    #[arg(long)]
    pub solution: bool,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// `generate --symmetry` values: the library's symmetries by name, and `random`, with help
/// text for each.
fn symmetry_parser() -> impl clap::builder::TypedValueParser<Value = SymmetryChoice> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let values = Symmetry::ALL
        .into_iter()
        .map(|s| PossibleValue::new(s.name()).help(s.description()))
        .chain([PossibleValue::new("random")
            .help("One of the others (not none), drawn for each puzzle")]);
    PossibleValuesParser::new(values).try_map(|name| name.parse::<SymmetryChoice>())
}

/// `generate --format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenerateFormat {
    /// One puzzle per line: 81 characters, '.' for blanks (with --solution, a space and the
    /// solution).
    Line,
    /// Nine rows with box separators under a '# puzzle N' line; reads back as input.
    Grid,
    /// One JSON object per puzzle per line: index, seed, puzzle, solution, clues, symmetry,
    /// minimal.
    Json,
}

/// `generate --level` values, with their ER ranges (and HoDoKu's levels for --scale hodoku).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    /// ER below 2.0 (HoDoKu: easy).
    Easy,
    /// ER 2.0 to 3.9 (HoDoKu: medium).
    Medium,
    /// ER 4.0 to 5.9 (HoDoKu: hard).
    Hard,
    /// ER 6.0 to 6.9.
    Fiendish,
    /// ER 7.0 to 8.9.
    Diabolical,
    /// HoDoKu's unfair (--scale hodoku only).
    Unfair,
    /// ER 9.0 and up (HoDoKu: extreme).
    Extreme,
}

impl LevelArg {
    /// The ER range, in tenths, both ends included (none for HoDoKu's unfair).
    pub fn range(self) -> Option<(u16, u16)> {
        Some(match self {
            LevelArg::Easy => (0, 19),
            LevelArg::Medium => (20, 39),
            LevelArg::Hard => (40, 59),
            LevelArg::Fiendish => (60, 69),
            LevelArg::Diabolical => (70, 89),
            LevelArg::Unfair => return None,
            LevelArg::Extreme => (90, u16::MAX),
        })
    }

    /// HoDoKu's level of the same name (none for fiendish and diabolical).
    pub fn hodoku(self) -> Option<sudoku::logic::hodoku::Level> {
        use sudoku::logic::hodoku::Level;
        Some(match self {
            LevelArg::Easy => Level::Easy,
            LevelArg::Medium => Level::Medium,
            LevelArg::Hard => Level::Hard,
            LevelArg::Unfair => Level::Unfair,
            LevelArg::Extreme => Level::Extreme,
            LevelArg::Fiendish | LevelArg::Diabolical => return None,
        })
    }
}

/// Parses a HoDoKu score range: `1000-1600`, `2000-`, `1200`.
pub fn parse_score(text: &str) -> Result<(u32, u32), String> {
    let score = |t: &str| -> Result<u32, String> {
        t.trim()
            .parse()
            .map_err(|_| format!("'{t}' is not a HoDoKu score such as 1200"))
    };
    let (min, max) = match text.split_once('-') {
        Some((a, "")) => (score(a)?, u32::MAX),
        Some((a, b)) => (score(a)?, score(b)?),
        None => {
            let v = score(text)?;
            (v, v)
        }
    };
    if min > max {
        return Err(format!("the range {text} is reversed"));
    }
    Ok((min, max))
}

/// The lowest ER of any puzzle (a full house), in tenths.
pub const LOWEST_ER: u16 = 10;
/// The highest ER of any puzzle known (11.9, a handful of the forum's hardest), in tenths.
pub const HIGHEST_ER: u16 = 119;

/// Parses an ER range into tenths: `2.0-3.9`, `8.0-`, `7.2`. A range that no puzzle's rating
/// can fall in (below 1.0 or above 11.9) is refused, since a search for it would never end.
pub fn parse_rating(text: &str) -> Result<(u16, u16), String> {
    let tenths = |t: &str| -> Result<u16, String> {
        let v: f64 = t
            .trim()
            .parse()
            .map_err(|_| format!("'{t}' is not a rating such as 7.2"))?;
        if !(0.0..=100.0).contains(&v) {
            return Err(format!(
                "'{t}' is not a rating: ratings run from 1.0 to 11.9"
            ));
        }
        Ok((v * 10.0).round() as u16)
    };
    let (min, max) = match text.split_once('-') {
        Some((a, "")) => (tenths(a)?, u16::MAX),
        Some((a, b)) => (tenths(a)?, tenths(b)?),
        None => {
            let v = tenths(text)?;
            (v, v)
        }
    };
    if min > max {
        return Err(format!(
            "the range {text} is reversed: did you mean {}-{}?",
            text.split_once('-').map_or("", |p| p.1.trim()),
            text.split_once('-').map_or("", |p| p.0.trim())
        ));
    }
    if max < LOWEST_ER || min > HIGHEST_ER {
        return Err(format!(
            "no puzzle rates {text}: Sudoku Explainer ratings run from 1.0 (a full house) to \
             11.9 (the hardest known)"
        ));
    }
    Ok((min, max))
}

/// The most givens any puzzle has: a 25x25 grid's cells.
pub const MOST_CLUES: usize = 625;

/// `--clues`: the syntax, and a range within 1-625 (the size is not known yet: 9x9 puzzles
/// check 17-81 in `generate`, other sizes their own cell count).
fn parse_clues(text: &str) -> Result<sudoku::generate::ClueRange, String> {
    use sudoku::generate::{ClueRange, GenerateError};
    match text.parse::<ClueRange>() {
        Ok(range) => Ok(range),
        Err(GenerateError::ClueRange { .. }) => {
            let num = |t: &str| t.trim().parse::<usize>().unwrap_or(0);
            let (min, max) = match text.split_once('-') {
                Some((a, b)) => (num(a), num(b)),
                None => (num(text), num(text)),
            };
            if (1..=MOST_CLUES).contains(&min) && (1..=MOST_CLUES).contains(&max) {
                Ok(ClueRange { min, max })
            } else {
                Err(format!(
                    "clue count {} is out of range: puzzles have 17 to 81 givens (other sizes: \
                     up to their number of cells)",
                    text.trim()
                ))
            }
        }
        Err(e) => Err(e.to_string()),
    }
}

// The inputs of a command that reads puzzles (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Puzzle files; none, or '-', reads stdin. An argument that is not a file but a puzzle
    /// (81 cells) is read as that puzzle.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

// The shape of puzzles other than the classic 9x9 (a plain comment: see `Command`).
#[derive(Debug, Args, Clone, Default)]
pub struct ShapeArgs {
    /// Boxes of R rows and C columns, e.g. 3x2 (6x6 puzzles) or 4x3 (12x12); by default the
    /// squarest with R <= C. A one-line puzzle of N*N cells is an NxN puzzle (N = 4, 6, 8, 9,
    /// 10, 12, 15, 16, 20, 25); this, --variant, --regions and --symbols make 9x9 ones
    /// follow the same path.
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<(usize, usize)>,

    /// Extra rules, comma-separated: x (both main diagonals), hyper (9x9: four extra 3x3
    /// windows), anti-knight, anti-king (no equal symbols a knight's or king's move apart).
    #[arg(long, value_name = "LIST", value_hint = clap::ValueHint::Other)]
    pub variant: Option<String>,

    /// Jigsaw regions instead of boxes: N*N labels, one per cell, row by row (any
    /// characters, white space ignored; N regions of N cells), or a file holding them.
    #[arg(long, value_name = "STRING|FILE")]
    pub regions: Option<String>,

    /// The symbols, in order [default: 1-9 then A-Z, letters in either case]; e.g.
    /// 0123456789ABCDEF, then 0 is a symbol and '.' or '_' a blank.
    #[arg(long, value_name = "STRING")]
    pub symbols: Option<String>,
}

/// `--box` values: `RxC`.
fn parse_box(text: &str) -> Result<(usize, usize), String> {
    let (r, c) = text
        .split_once(['x', 'X', '*'])
        .ok_or_else(|| format!("expected RxC, e.g. 3x2, found {text:?}"))?;
    let num = |s: &str| {
        s.trim()
            .parse::<usize>()
            .ok()
            .filter(|&v| (1..=25).contains(&v))
            .ok_or_else(|| format!("expected RxC with R and C from 1 to 25, found {text:?}"))
    };
    Ok((num(r)?, num(c)?))
}

// How a batch runs: flags every batch command shares (a plain comment: see `Command`).
#[derive(Debug, Args)]
pub struct BatchArgs {
    /// Worker threads [default: all cores].
    ///
    /// Output stays in input order whatever the number.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,

    /// Give up on a puzzle after DURATION, e.g. 500ms, 10s, 2m; more than 0.
    ///
    /// What was found so far is reported, marked as incomplete, and the next puzzle starts.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub timeout: Option<Duration>,

    /// Print a summary of the batch to stderr.
    #[arg(long)]
    pub stats: bool,

    /// When to colour ('auto': only when stdout is a terminal and NO_COLOR is not set).
    ///
    /// Every command takes it; those whose output has no colour (check, rate, and the line
    /// and JSON formats) ignore it.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto, value_name = "WHEN")]
    pub color: ColorArg,

    /// Print only results and errors: no progress display, no note when reading from a
    /// terminal.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// `solve --format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// Nine rows with box separators, under a FILE:LINE header.
    Grid,
    /// One line per puzzle: the solution's 81 digits.
    Line,
    /// One JSON object per puzzle, one per line.
    Json,
    /// With --trace: a self-contained page that replays each puzzle's search (play, pause,
    /// speed, step), with the result in grid form.
    Html,
}

/// `solve --method` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolveMethod {
    /// Ours: propagation of singles and locked candidates, branching on a well-chosen cell.
    Fast,
    /// The textbook backtracking search, without propagation.
    Simple,
}

/// `check --format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// 'FILE:LINE: proper' for each puzzle, or why not (multiple solutions, no solution,
    /// invalid: ...), then a blank line. ('grid', its name in earlier versions, still works.)
    #[value(alias = "grid")]
    Text,
    /// One word per puzzle: proper, multiple, none, invalid (or unknown).
    Line,
    /// One JSON object per puzzle, one per line, with "proper": true or false.
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
