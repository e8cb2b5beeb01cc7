//! `sudoku generate` from the outside: the output checked by this file's own means (the
//! reference counter of `common`, symmetry written out here), reproducibility across runs
//! and thread counts, formats, limits, errors, and a closed pipe.

mod common;

use common::{cells, check_solution, json_lines, reference_count, run};

/// Runs `sudoku generate ARGS`, expecting `code`; returns stdout.
#[track_caller]
fn generate(args: &[&str], code: i32) -> String {
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    run(&all, None).expect_code(code).stdout.clone()
}

/// The number of solutions, up to 2, by the slow reference counter (which never gives up on
/// these: generated puzzles are easy for it or it would be too slow to matter here).
fn solutions(puzzle: &[u8; 81]) -> u64 {
    reference_count(puzzle, 2, 50_000_000).expect("reference counter gave up")
}

fn givens(p: &[u8; 81]) -> usize {
    p.iter().filter(|&&v| v != 0).count()
}

#[test]
fn default_is_one_proper_minimal_rot180_line() {
    let out = generate(&["--seed", "1"], 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "{out}");
    assert_eq!(lines[0].len(), 81);
    let p = cells(lines[0]);
    assert_eq!(solutions(&p), 1);
    for c in 0..81 {
        assert_eq!(
            p[c] == 0,
            p[80 - c] == 0,
            "rot180 broken at {c}: {}",
            lines[0]
        );
    }
    // Minimal: each symmetric pair of givens taken out leaves several solutions.
    for c in 0..=40 {
        if p[c] != 0 {
            let mut q = p;
            q[c] = 0;
            q[80 - c] = 0;
            assert_eq!(solutions(&q), 2, "pair at {c} can go: {}", lines[0]);
        }
    }
}

#[test]
fn same_seed_same_bytes_whatever_the_threads() {
    let one = generate(&["-n", "300", "--seed", "42", "--threads", "1"], 0);
    let two = generate(&["-n", "300", "--seed", "42", "--threads", "2"], 0);
    let again = generate(&["-n", "300", "--seed", "42", "--threads", "3"], 0);
    assert_eq!(one.lines().count(), 300);
    assert_eq!(one, two);
    assert_eq!(one, again);
    let other = generate(&["-n", "300", "--seed", "43", "--threads", "1"], 0);
    assert_ne!(one, other);
    // The first puzzles of a longer run are the same puzzles.
    let short = generate(&["-n", "10", "--seed", "42"], 0);
    assert!(one.starts_with(&short));
    let lines: std::collections::HashSet<&str> = one.lines().collect();
    assert_eq!(lines.len(), 300, "a puzzle repeats");
}

#[test]
fn every_symmetry_from_the_command_line() {
    for sym in [
        "none",
        "rot90",
        "mirror",
        "diagonal",
        "antidiagonal",
        "dihedral",
    ] {
        let out = generate(&["-n", "20", "--seed", "5", "--symmetry", sym], 0);
        for line in out.lines() {
            let p = cells(line);
            assert_eq!(solutions(&p), 1, "{sym}: {line}");
            for c in 0..81 {
                let (r, k) = (c / 9, c % 9);
                let image = match sym {
                    "none" => c,
                    "rot90" => k * 9 + (8 - r),
                    "mirror" => r * 9 + (8 - k),
                    "diagonal" => k * 9 + r,
                    "antidiagonal" => (8 - k) * 9 + (8 - r),
                    _ => (8 - r) * 9 + k, // dihedral: the horizontal mirror is one of its maps
                };
                assert_eq!(p[c] == 0, p[image] == 0, "{sym} broken at {c}: {line}");
            }
        }
    }
}

#[test]
fn json_records_have_what_makes_them_again() {
    let out = generate(
        &[
            "-n",
            "3",
            "--seed",
            "9",
            "--format",
            "json",
            "--symmetry",
            "random",
        ],
        0,
    );
    let records = common::json_lines(&out);
    assert_eq!(records.len(), 3);
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r["index"], i as u64);
        assert_eq!(r["seed"], 9);
        let p = cells(r["puzzle"].as_str().unwrap());
        let s = cells(r["solution"].as_str().unwrap());
        check_solution(&p, &s).unwrap();
        assert_eq!(r["clues"], givens(&p) as u64);
        let sym = r["symmetry"].as_str().unwrap();
        assert!(
            [
                "rot180",
                "rot90",
                "mirror",
                "diagonal",
                "antidiagonal",
                "dihedral"
            ]
            .contains(&sym)
        );
        assert_eq!(r["minimal"], true);
    }
    // The same puzzle from the line format with the same seed.
    let lines = generate(&["-n", "3", "--seed", "9", "--symmetry", "random"], 0);
    for (r, line) in records.iter().zip(lines.lines()) {
        assert_eq!(r["puzzle"].as_str().unwrap(), line);
    }
}

#[test]
fn without_a_seed_one_is_drawn_and_shown() {
    let a = run(&["generate", "--format", "json"], None);
    let b = run(&["generate", "--format", "json"], None);
    let (a, b) = (
        &common::json_lines(&a.stdout)[0],
        &common::json_lines(&b.stdout)[0],
    );
    assert_ne!(a["seed"], b["seed"]);
    // That seed makes the same puzzle again.
    let seed = a["seed"].as_u64().unwrap().to_string();
    let again = generate(&["--seed", &seed], 0);
    assert_eq!(again.trim(), a["puzzle"].as_str().unwrap());
    // --stats names the seed on stderr.
    let five = run(&["generate", "--stats", "-n", "5"], None);
    assert!(five.stderr.contains("seed "), "{}", five.stderr);
    assert!(five.stderr.contains("clues: mean"), "{}", five.stderr);
    assert!(
        five.stderr.contains("generated 5 puzzles in "),
        "{}",
        five.stderr
    );
    let one = run(&["generate", "--stats", "--seed", "2"], None);
    assert!(
        one.stderr.contains("generated 1 puzzle in "),
        "{}",
        one.stderr
    );
    let grid = run(&["generate", "--stats", "--solved", "--seed", "2"], None);
    assert!(
        grid.stderr.contains("generated 1 grid in "),
        "{}",
        grid.stderr
    );
}

#[test]
fn grid_format_reads_back_and_shows_the_solution() {
    let out = generate(&["--seed", "3", "--format", "grid", "--solution"], 0);
    let line = generate(&["--seed", "3"], 0);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("# puzzle 0: "), "{out}");
    let puzzle = common::parse_grid(&lines[1..12]);
    assert_eq!(puzzle, cells(line.trim()));
    assert_eq!(lines[12], "# solution");
    // The solution is written as comment lines, so that the output reads back as the puzzle.
    let rows: Vec<&str> = lines[13..24]
        .iter()
        .map(|l| l.strip_prefix("# ").expect("a comment line"))
        .collect();
    let solution = common::parse_grid(&rows);
    check_solution(&puzzle, &solution).unwrap();
    // `sudoku solve` reads the grid output: one puzzle, whose solution is the one shown.
    let solved = run(&["solve", "--format", "line", "-"], Some(out.as_bytes()));
    solved.expect_code(0);
    assert_eq!(solved.stdout, format!("{}\n", common::line_of(&solution)));
}

#[test]
fn solved_grids() {
    let out = generate(&["--solved", "-n", "50", "--seed", "2"], 0);
    assert_eq!(out.lines().count(), 50);
    for line in out.lines() {
        check_solution(&[0; 81], &cells(line)).unwrap();
    }
    run(&["generate", "--solved", "--clues", "25"], None).expect_code(2);
}

#[test]
fn clue_targets_and_extra_givens() {
    let out = generate(
        &[
            "-n",
            "5",
            "--seed",
            "4",
            "--symmetry",
            "none",
            "--clues",
            "21",
        ],
        0,
    );
    for line in out.lines() {
        let p = cells(line);
        assert_eq!(givens(&p), 21, "{line}");
        assert_eq!(solutions(&p), 1, "{line}");
    }
    let out = generate(
        &[
            "-n",
            "20",
            "--seed",
            "4",
            "--no-minimal",
            "--clues",
            "36-38",
        ],
        0,
    );
    for line in out.lines() {
        let p = cells(line);
        assert!((36..=38).contains(&givens(&p)), "{line}");
        assert_eq!(solutions(&p), 1, "{line}");
    }
}

#[test]
fn a_target_missed_in_time_is_reported() {
    let run = run(
        &[
            "generate",
            "--seed",
            "1",
            "--symmetry",
            "dihedral",
            "--clues",
            "17",
            "--timeout",
            "50ms",
        ],
        None,
    );
    run.expect_code(1);
    assert!(run.stderr.contains("reached"), "{}", run.stderr);
    let p = cells(run.stdout.trim());
    assert_eq!(solutions(&p), 1);
}

#[test]
fn usage_errors() {
    for args in [
        &["generate", "--clues", "16"][..],
        &["generate", "--clues", "abc"],
        &["generate", "--clues", "30-20"],
        &["generate", "--symmetry", "spiral"],
        &["generate", "--forever", "-n", "3"],
    ] {
        let run = run(args, None);
        run.expect_code(2);
        assert!(!run.stderr.is_empty());
    }
    // A count no rot90 puzzle can have is refused before any work.
    let run = run(
        &["generate", "--symmetry", "rot90", "--clues", "22-23"],
        None,
    );
    run.expect_code(2);
    assert!(run.stderr.contains("rot90"), "{}", run.stderr);
    // So are minimal puzzles with more givens than any known, which would only run until
    // stopped.
    let refused = common::run(&["generate", "--clues", "45"], None);
    refused.expect_code(2);
    assert!(
        refused.stderr.contains("--no-minimal"),
        "{}",
        refused.stderr
    );
}

#[test]
fn help_has_examples() {
    let help = generate(&["--help"], 0);
    for word in [
        "--seed",
        "--symmetry",
        "--clues",
        "--no-minimal",
        "--solved",
        "Examples:",
    ] {
        assert!(help.contains(word), "{word} missing from help:\n{help}");
    }
}

#[test]
fn forever_ends_quietly_when_the_pipe_closes() {
    for args in [
        &["generate", "--forever"][..],
        &["generate", "-n", "0", "--threads", "2"],
    ] {
        let (lines, code, err) = common::read_lines_then_close(None, args, None, 5);
        for line in &lines {
            assert_eq!(line.trim().len(), 81);
        }
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert_eq!(err, "");
    }
}

/// Solves with naked and hidden singles only (an independent, deliberately plain solver);
/// true when that fills the grid.
fn singles_solve(puzzle: &[u8; 81]) -> bool {
    let mut g = *puzzle;
    let units = common::units();
    loop {
        let mut progress = false;
        let cands = |g: &[u8; 81], i: usize| -> Vec<u8> {
            (1..=9)
                .filter(|&d| {
                    units
                        .iter()
                        .filter(|u| u.contains(&i))
                        .all(|u| u.iter().all(|&j| g[j] != d))
                })
                .collect()
        };
        for i in 0..81 {
            if g[i] == 0 {
                let c = cands(&g, i);
                if c.len() == 1 {
                    g[i] = c[0];
                    progress = true;
                }
            }
        }
        for u in &units {
            for d in 1..=9 {
                if u.iter().any(|&j| g[j] == d) {
                    continue;
                }
                let places: Vec<usize> = u
                    .iter()
                    .copied()
                    .filter(|&j| g[j] == 0 && cands(&g, j).contains(&d))
                    .collect();
                if places.len() == 1 {
                    g[places[0]] = d;
                    progress = true;
                }
            }
        }
        if g.iter().all(|&v| v != 0) {
            return true;
        }
        if !progress {
            return false;
        }
    }
}

#[test]
fn techniques_singles_makes_puzzles_singles_solve() {
    let out = generate(&["--techniques", "singles", "-n", "20", "--seed", "5"], 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 20);
    for line in lines {
        let puzzle = cells(line);
        assert_eq!(solutions(&puzzle), 1, "{line}");
        assert!(singles_solve(&puzzle), "singles do not solve {line}");
    }
    // Without the filter, some default puzzles of the same seed need more than singles.
    let plain = generate(&["-n", "20", "--seed", "5"], 0);
    assert!(
        plain.lines().any(|l| !singles_solve(&cells(l))),
        "the filter must be able to fail"
    );
    let bad = run(&["generate", "--techniques", "guessing"], None);
    bad.expect_code(2);
    assert!(
        bad.stderr
            .contains("unknown technique or family 'guessing'"),
        "{}",
        bad.stderr
    );
}

#[test]
fn rating_and_level_give_puzzles_rated_in_range() {
    // The ratings are checked with `sudoku rate`, which is tested against Sudoku Explainer's
    // own ratings in tests/rating.rs.
    let medium = generate(&["--level", "medium", "-n", "8", "--seed", "11"], 0);
    let hard = generate(
        &[
            "--rating",
            "6.5-",
            "-n",
            "2",
            "--seed",
            "11",
            "--timeout",
            "60s",
        ],
        0,
    );
    // A bounded range high enough to be climbed to: a climb must not end above it.
    let bounded = generate(
        &[
            "--rating",
            "7.5-7.9",
            "-n",
            "5",
            "--seed",
            "3",
            "--timeout",
            "60s",
        ],
        0,
    );
    assert_eq!(bounded.lines().count(), 5);
    for (text, min, max) in [
        (&medium, 2.0, 3.95),
        (&hard, 6.5, 20.0),
        (&bounded, 7.5, 7.95),
    ] {
        let rated = run(&["rate", "--format", "json", "-"], Some(text.as_bytes()));
        rated.expect_code(0);
        for line in rated.stdout.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let er = v["er"].as_f64().unwrap();
            assert!(
                (min..=max).contains(&er),
                "ER {er} out of {min}-{max}: {line}"
            );
            assert_eq!(solutions(&cells(v["puzzle"].as_str().unwrap())), 1);
        }
    }
    let json = generate(&["--level", "easy", "--seed", "3", "--format", "json"], 0);
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["level"], "easy");
    assert!(v["er"].as_f64().unwrap() < 2.0);
    let bad = run(&["generate", "--rating", "5.0-3.0"], None);
    bad.expect_code(2);
    assert!(
        bad.stderr.contains("the range 5.0-3.0 is reversed"),
        "{}",
        bad.stderr
    );
}

/// HoDoKu's level and score of a generated puzzle, by the library's HoDoKu rater (tested
/// against HoDoKu's own output in tests/hodoku.rs), after checking it has one solution.
fn hodoku_rating(line: &str) -> (String, u32) {
    let p = cells(line);
    assert_eq!(solutions(&p), 1, "{line}");
    let board = sudoku::board::Board::from_cells(p).expect("digits");
    let solution = sudoku::solver::solve_first(&board).expect("a solution");
    let r = sudoku::logic::hodoku::rate(&board, &solution, None);
    assert!(r.complete, "{line}");
    (r.level.name().to_string(), r.score)
}

#[test]
fn hodoku_scale_levels_and_scores_are_hodokus() {
    for level in ["easy", "medium", "hard", "unfair", "extreme"] {
        let out = generate(
            &[
                "--scale", "hodoku", "--level", level, "-n", "3", "--seed", "5",
            ],
            0,
        );
        assert_eq!(out.lines().count(), 3, "{out}");
        for line in out.lines() {
            assert_eq!(hodoku_rating(line).0, level, "{line}");
        }
    }
    // A score range, and one high enough to be climbed to.
    for (range, min, max, n) in [
        ("1000-1600", 1000, 1600, "4"),
        ("2200-2600", 2200, 2600, "2"),
    ] {
        let out = generate(
            &[
                "--scale",
                "hodoku",
                "--rating",
                range,
                "-n",
                n,
                "--seed",
                "7",
                "--timeout",
                "60s",
            ],
            0,
        );
        assert_eq!(out.lines().count(), n.parse::<usize>().unwrap(), "{out}");
        for line in out.lines() {
            let score = hodoku_rating(line).1;
            assert!(
                (min..=max).contains(&score),
                "{score} out of {range}: {line}"
            );
        }
    }
    // JSON carries HoDoKu's level and score, not the ER.
    let json = generate(
        &[
            "--scale", "hodoku", "--level", "hard", "--seed", "3", "--format", "json",
        ],
        0,
    );
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    let (level, score) = hodoku_rating(v["puzzle"].as_str().unwrap());
    assert_eq!(v["level"], level.as_str());
    assert_eq!(v["score"].as_u64(), Some(u64::from(score)));
    assert!(v.get("er").is_none(), "{json}");
    for (args, message) in [
        (&["--level", "unfair"][..], "--scale hodoku --level unfair"),
        (
            &["--scale", "hodoku", "--level", "diabolical"][..],
            "not one of HoDoKu's levels",
        ),
        (&["--scale", "hodoku"][..], "neither is given"),
        (&["--scale", "both", "--level", "easy"][..], "one scale"),
        (
            &["--scale", "hodoku", "--rating", "2.0-3.0"][..],
            "not a HoDoKu score",
        ),
        (
            &["--scale", "hodoku", "--rating", "1600-1000"][..],
            "reversed",
        ),
    ] {
        let mut all = vec!["generate"];
        all.extend_from_slice(args);
        let bad = run(&all, None);
        bad.expect_code(2);
        assert!(bad.stderr.contains(message), "{args:?}: {}", bad.stderr);
    }
}

// ---------------------------------------------------------------------------------------------
// Index ranges: --from.

#[test]
fn ranges_put_together_are_the_single_run_byte_for_byte() {
    let cases: &[&[&str]] = &[
        &["--format", "line"],
        &["--format", "json", "--symmetry", "random"],
        &[
            "--format",
            "grid",
            "--solution",
            "--clues",
            "26-28",
            "--symmetry",
            "none",
        ],
        &["--techniques", "singles", "--format", "json"],
        &["--level", "medium"],
        &["--rating", "6.0-", "--format", "json"],
        &["--solved", "--format", "json"],
    ];
    for extra in cases {
        let mut whole_args = vec!["generate", "-q", "--seed", "11", "-n", "7"];
        whole_args.extend_from_slice(extra);
        let whole = run(&whole_args, None);
        whole.expect_code(0);
        for threads in ["1", "2"] {
            let mut joined = String::new();
            for (from, n) in [("0", "2"), ("2", "1"), ("3", "4")] {
                let mut a = vec!["generate", "-q", "--seed", "11", "-j", threads];
                a.extend(["--from", from, "-n", n]);
                a.extend_from_slice(extra);
                let part = run(&a, None);
                part.expect_code(0);
                joined.push_str(&part.stdout);
            }
            assert_eq!(joined, whole.stdout, "{extra:?}, {threads} threads");
        }
    }
}

#[test]
fn json_records_keep_their_global_index() {
    let r = run(
        &[
            "generate", "-q", "--seed", "5", "--from", "40", "-n", "2", "--format", "json",
        ],
        None,
    );
    r.expect_code(0);
    let v = json_lines(&r.stdout);
    assert_eq!(v[0]["index"], 40);
    assert_eq!(v[1]["index"], 41);
}

#[test]
fn a_bad_first_index_is_a_usage_error() {
    for from in ["-1", "x", "1.5", ""] {
        let r = run(&["generate", "--from", from], None);
        r.expect_code(2);
    }
    let r = run(
        &["generate", "--from", "18446744073709551614", "-n", "2"],
        None,
    );
    r.expect_code(2);
    assert!(r.stderr.contains("past the last index"), "{}", r.stderr);
}
