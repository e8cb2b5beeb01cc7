//! `sudoku hint` and `sudoku explain` as a user runs them: every step checked against the
//! puzzle's unique solution (found here by the tests' own reference solver), the statuses and
//! exit codes, input errors, threads and a closed pipe.

mod common;

use common::*;

const EASY: &str =
    ".15...836.2368.7...87.3.1.45...97..31...53647..2..6..8.3.4.89658.451.3....9.62...";
/// Needs more than singles, intersections and subsets.
const HARD: &str =
    ".....86..3...2...7..76....197....4...3....1..24.....5...539..8........1.....74..5";
/// Two solutions.
const TWO: &str =
    "3...8...4489.13..767..24.8.2...458....4..93....82..645..73.6.2.13.4..95.9..1.2.38";

fn unique_solution(puzzle: &str) -> [u8; 81] {
    let solutions = reference_solutions(&cells(puzzle), 2);
    assert_eq!(solutions.len(), 1, "{puzzle}");
    solutions[0]
}

/// `[row, col, digit]` triples of a JSON array, as (cell, digit).
fn triples(v: &serde_json::Value) -> Vec<(usize, u8)> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|t| {
            let n: Vec<u64> = t
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap())
                .collect();
            (((n[0] - 1) * 9 + n[1] - 1) as usize, n[2] as u8)
        })
        .collect()
}

/// Checks every step of a JSON record against the solution, applies the placements to the
/// puzzle, and returns the grid reached.
fn check_steps(record: &serde_json::Value, solution: &[u8; 81]) -> [u8; 81] {
    let mut grid = cells(record["puzzle"].as_str().unwrap());
    for step in record["steps"].as_array().unwrap() {
        let text = step["text"].as_str().unwrap();
        let places = triples(&step["placements"]);
        let elims = triples(&step["eliminations"]);
        assert!(!places.is_empty() || !elims.is_empty(), "{text}");
        for (cell, d) in places {
            assert_eq!(solution[cell], d, "wrong placement: {text}");
            grid[cell] = d;
        }
        for (cell, d) in elims {
            assert_ne!(solution[cell], d, "eliminates the solution: {text}");
        }
        assert!(step["technique"].as_str().unwrap().len() == 4, "{step}");
    }
    grid
}

#[test]
fn explain_json_steps_agree_with_the_solution_and_reach_it() {
    let run = run(
        &["explain", "--format", "json", "-"],
        Some(format!("{EASY}\n{HARD}\n").as_bytes()),
    );
    run.no_panic();
    let records = json_lines(&run.stdout);
    assert_eq!(records.len(), 2);
    let easy = &records[0];
    assert_eq!(easy["status"], "solved");
    assert_eq!(easy["solved"], true);
    assert_eq!(easy["line"], 1);
    let solution = unique_solution(EASY);
    assert_eq!(check_steps(easy, &solution), solution, "the steps solve it");
    assert!(easy["hardest"]["name"].is_string());
    // The hard one: sound whether or not logic gets to the end.
    let hard = &records[1];
    let reached = check_steps(hard, &unique_solution(HARD));
    if hard["status"] == "solved" {
        assert_eq!(reached, unique_solution(HARD));
        run.expect_code(0);
    } else {
        assert_eq!(hard["status"], "stuck");
        assert_eq!(hard["position"].as_str().unwrap().len(), 729);
        run.expect_code(1);
    }
}

#[test]
fn explain_text_numbers_the_steps_and_sums_up() {
    let run = run(
        &["explain", "--color", "never", "-"],
        Some(format!("{EASY}\n").as_bytes()),
    );
    run.expect_code(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], format!("<stdin>:1: {EASY}"));
    let steps: Vec<&str> = lines[1..lines.len() - 2].to_vec();
    for (i, line) in steps.iter().enumerate() {
        assert!(line.starts_with(&format!("{:>3}. ", i + 1)), "{line}");
    }
    let summary = lines[lines.len() - 2];
    assert!(
        summary.starts_with(&format!("solved in {} steps; hardest: ", steps.len())),
        "{summary}"
    );
    assert_eq!(lines[lines.len() - 1], "");
    // 81 - givens placements, each one line.
    let givens = EASY.bytes().filter(|b| b.is_ascii_digit()).count();
    let placements = steps
        .iter()
        .filter(|l| l.contains('=') && !l.contains("<>"))
        .count();
    assert_eq!(placements, 81 - givens);
}

#[test]
fn hint_gives_the_easiest_step_that_is_right() {
    let run = run(&["hint", "-"], Some(format!("{EASY}\n").as_bytes()));
    run.expect_code(0);
    let line = run.stdout.trim_end();
    assert!(
        line.starts_with("full house") || line.starts_with("hidden single"),
        "{line}"
    );
    // `... rRcC=D`
    let (_, action) = line.rsplit_once(": ").unwrap();
    let b = action.as_bytes();
    let cell = usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1');
    assert_eq!(unique_solution(EASY)[cell], b[5] - b'0', "{line}");
}

#[test]
fn several_solutions_none_and_invalid_are_said_before_any_logic() {
    let none = "11".to_string() + &".".repeat(79);
    let mut solved = unique_solution(EASY).map(|d| b'0' + d).to_vec();
    solved.push(b'\n');
    let input = format!(
        "{TWO}\n{}\n{}\n{}",
        &EASY[..80],
        none,
        String::from_utf8(solved).unwrap()
    );
    let run = run(&["hint", "-"], Some(input.as_bytes()));
    run.expect_code(2);
    assert_text_eq(
        &run.stdout,
        "multiple solutions\ninvalid: expected 81 cells, found 80\ninvalid: digit 1 appears twice in row 1\nsolved\n",
    );
    assert!(
        run.stderr
            .contains("<stdin>:2:81: expected 81 cells, found 80"),
        "{}",
        run.stderr
    );
    // No invalid line: 1 for the puzzle with several solutions.
    let run = run_json_hint(TWO);
    assert_eq!(run.0["status"], "multiple");
    assert_eq!(run.1, Some(1));
    // A puzzle with no solution whose givens keep the rules.
    let no_solution = "12345678.........9".to_string() + &".".repeat(63);
    let run = run_json_hint(&no_solution);
    assert_eq!(run.0["status"], "none");
    assert_eq!(run.1, Some(1));
}

fn run_json_hint(puzzle: &str) -> (serde_json::Value, Option<i32>) {
    let run = run(
        &["hint", "--format", "json", "-"],
        Some(format!("{puzzle}\n").as_bytes()),
    );
    let records = json_lines(&run.stdout);
    assert_eq!(records.len(), 1);
    (records[0].clone(), run.code)
}

#[test]
fn techniques_limit_the_ladder() {
    let run = run(
        &[
            "explain",
            "--techniques",
            "singles",
            "--format",
            "json",
            "-",
        ],
        Some(format!("{HARD}\n").as_bytes()),
    );
    run.expect_code(1);
    let record = &json_lines(&run.stdout)[0];
    assert_eq!(record["status"], "stuck");
    for step in record["steps"].as_array().unwrap() {
        assert!(
            ["0000", "0002", "0003"].contains(&step["technique"].as_str().unwrap()),
            "{step}"
        );
    }
    check_steps(record, &unique_solution(HARD));

    let bad = run_in(
        std::path::Path::new("."),
        &["hint", "--techniques", "singles,guessing", "-"],
        Some(b""),
    );
    bad.expect_code(2);
    assert!(
        bad.stderr
            .contains("unknown technique or family 'guessing'"),
        "{}",
        bad.stderr
    );
}

#[test]
fn grid_shows_pencil_marks_before_each_step_that_is_not_a_single() {
    let run = run(
        &["explain", "--grid", "--color", "never", "-"],
        Some(format!("{HARD}\n").as_bytes()),
    );
    run.no_panic();
    let lines: Vec<&str> = run.stdout.lines().collect();
    let mut non_singles = 0;
    for (i, line) in lines.iter().enumerate() {
        let Some((_, rest)) = line.split_once(". ") else {
            continue;
        };
        if !line.trim_start().chars().next().unwrap().is_ascii_digit() || !line.contains(": ") {
            continue;
        }
        let single = ["full house", "hidden single", "naked single"]
            .iter()
            .any(|s| rest.starts_with(s));
        let after_grid = i >= 11 && lines[i - 1].contains('|') && lines[i - 4].contains('+');
        assert_eq!(after_grid, !single, "{line}");
        non_singles += usize::from(!single);
    }
    assert!(non_singles > 0, "{}", run.stdout);
}

#[test]
fn colour_marks_the_step_on_request() {
    let run = run(
        &["explain", "--grid", "--color", "always", "-"],
        Some(format!("{HARD}\n").as_bytes()),
    );
    assert!(
        run.stdout.contains("\x1b[9;31m"),
        "removed candidates in red"
    );
    assert!(run.stdout.contains("\x1b[1m"), "bold");
    let plain = run_cmd(
        {
            let mut c = sudoku();
            c.args(["explain", "--grid", "-"]).env("NO_COLOR", "1");
            c
        },
        Some(format!("{HARD}\n").as_bytes()),
    );
    assert!(!plain.stdout.contains('\x1b'));
}

#[test]
fn threads_keep_input_order() {
    let mut text = String::new();
    for _ in 0..50 {
        text.push_str(EASY);
        text.push('\n');
        text.push_str(HARD);
        text.push('\n');
    }
    let one = run(
        &["explain", "--format", "json", "-j1", "-"],
        Some(text.as_bytes()),
    );
    let two = run(
        &["explain", "--format", "json", "-j2", "-"],
        Some(text.as_bytes()),
    );
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.code, two.code);
    assert_eq!(json_lines(&one.stdout).len(), text.lines().count());
}

#[test]
fn a_closed_pipe_ends_explain_quietly() {
    let mut text = String::new();
    for _ in 0..2000 {
        text.push_str(EASY);
        text.push('\n');
    }
    let (first, code, err) =
        read_lines_then_close(None, &["explain", "-"], Some(text.into_bytes()), 1);
    assert!(first[0].starts_with("<stdin>:1:"));
    assert!(err.is_empty(), "{err}");
    assert_eq!(code, Some(0));
}

/// The position where singles alone get stuck on HARD, as the 729-character line.
fn stuck_position() -> String {
    let run = run(
        &[
            "explain",
            "--techniques",
            "singles",
            "--format",
            "json",
            "-",
        ],
        Some(format!("{HARD}\n").as_bytes()),
    );
    let record = &json_lines(&run.stdout)[0];
    record["position"].as_str().unwrap().to_string()
}

#[test]
fn a_position_with_pencil_marks_gets_a_hint_where_the_person_is() {
    let position = stuck_position();
    assert_eq!(position.len(), 729);
    let solution = unique_solution(HARD);
    let run = run(
        &["hint", "--format", "json", "-"],
        Some(format!("{position}\n").as_bytes()),
    );
    run.expect_code(0);
    let record = &json_lines(&run.stdout)[0];
    assert_eq!(record["status"], "step");
    let step = &record["steps"][0];
    // Singles are exhausted there, so the hint is something else, and it is right.
    assert!(
        !["0000", "0002", "0003"].contains(&step["technique"].as_str().unwrap()),
        "{step}"
    );
    for (cell, d) in triples(&step["eliminations"]) {
        assert_ne!(solution[cell], d);
        // It removes a candidate the position still has.
        assert_eq!(
            &position[cell * 9 + usize::from(d) - 1..][..1],
            d.to_string()
        );
    }

    // The same position as the pencil-mark grid explain prints when it is stuck.
    let text = run_explain_text(&format!("{HARD}\n"), &["--techniques", "singles"]);
    let grid: Vec<&str> = text
        .lines()
        .rev()
        .skip(1)
        .take(11)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    assert!(grid[3].contains('+'), "{text}");
    let again = common::run(
        &["hint", "--format", "json", "-"],
        Some((grid.join("\n") + "\n").as_bytes()),
    );
    again.expect_code(0);
    assert_eq!(json_lines(&again.stdout)[0]["steps"][0], *step);
}

fn run_explain_text(input: &str, flags: &[&str]) -> String {
    let mut args = vec!["explain", "--color", "never"];
    args.extend_from_slice(flags);
    args.push("-");
    run(&args, Some(input.as_bytes())).stdout
}

#[test]
fn pencil_marks_that_rule_out_the_solution_are_invalid() {
    let solution = unique_solution(HARD);
    let mut position = stuck_position().into_bytes();
    // Remove the solution's digit from the first open cell.
    let cell = (0..81)
        .find(|&c| {
            position[c * 9..c * 9 + 9]
                .iter()
                .filter(|&&b| b != b'.')
                .count()
                > 2
        })
        .unwrap();
    position[cell * 9 + usize::from(solution[cell]) - 1] = b'.';
    let position = String::from_utf8(position).unwrap();
    let run = run(&["hint", "-"], Some(format!("{position}\n").as_bytes()));
    run.expect_code(2);
    let message = format!(
        "the pencil marks rule out {} in r{}c{}, which the only solution needs",
        solution[cell],
        cell / 9 + 1,
        cell % 9 + 1
    );
    assert_eq!(run.stdout, format!("invalid: {message}\n"));
    assert!(
        run.stderr.contains(&format!("<stdin>:1: {message}")),
        "{}",
        run.stderr
    );
}
