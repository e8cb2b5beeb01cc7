//! `sudoku check`: is each puzzle proper (exactly one solution)? The search is `solve`'s
//! ([`Search`]); only the verdict differs: anything but one solution is a failure.

use std::time::Duration;

use anyhow::Result;
use sudoku::format::{Mode, Status};
use sudoku::solver::NoObserver;
use sudoku::variant::Spec;

use super::solve::{Search, SearchTally};
use crate::batch::{self, Ending, Puzzle, Puzzles, Record, Verdict};
use crate::cli::{CheckArgs, SolveMethod};

/// Runs `sudoku check`.
pub fn run(args: CheckArgs) -> Result<Ending> {
    let spec = super::shapes::spec(&args.shape)?;
    let batch = args.batch;
    let search = Search {
        mode: Mode::Check,
        format: args.format.into(),
        color: false,
        stats: batch.stats,
        limit: None,
        timeout: batch.timeout,
        threads: super::threads(batch.threads),
        method: SolveMethod::Fast,
    };
    let options = super::options(&batch);
    let spec_set = spec.is_set();
    let puzzles = Puzzles::new(args.input.files, batch.quiet).with_spec(&spec);
    batch::run(
        &Check {
            search,
            spec,
            spec_set,
        },
        puzzles,
        &options,
    )
}

/// The `check` command.
struct Check {
    search: Search,
    /// The shape of puzzles other than the classic 9x9.
    spec: Spec,
    /// Whether a shape flag was given: every puzzle takes the other shapes' path.
    spec_set: bool,
}

impl batch::SimpleCommand for Check {
    type Job = Puzzle;

    fn run(&self, job: &Puzzle, record: &mut Record<'_>, tally: &mut SearchTally) -> Verdict {
        let outcome = if super::shapes::is_other_shape(&job.entry, self.spec_set) {
            super::shapes::entry(&self.search, &self.spec, job, record, tally, None)
        } else {
            self.search.entry(job, &mut NoObserver, record, tally)
        };
        match outcome {
            None => Verdict::Invalid,
            Some(outcome) if outcome.status() == Status::Unique => Verdict::Success,
            // None, several, or stopped by --timeout before the verdict.
            Some(_) => Verdict::Failure,
        }
    }
}

impl batch::Frame for Check {
    type Tally = SearchTally;

    fn summary(&self, tally: &SearchTally, elapsed: Duration) -> String {
        tally.summary(elapsed, "guesses")
    }
}
