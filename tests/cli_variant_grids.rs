//! Grids of N lines for the other sizes: what `solve` prints reads back as input (the grid of
//! a solution, and a puzzle's grid made from it here), pencil-mark grids as `hint --grid`
//! prints them and N³-character positions read back for `hint`, and bad grids give located
//! errors while the batch goes on.

mod common;

use common::{read_puzzles, run, temp_files};

/// The first puzzle of a generated batch of the shape `args`.
fn generate(args: &[&str]) -> String {
    let mut all = vec!["generate", "-n", "1", "--seed", "3"];
    all.extend_from_slice(args);
    let r = run(&all, None);
    r.expect_code(0);
    r.stdout
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string()
}

/// The first puzzle of a bundled file.
fn first_of(name: &str) -> String {
    let text = read_puzzles(name);
    let line = text
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .unwrap();
    line.split_whitespace().next().unwrap().to_string()
}

/// The grid lines of a `solve` record (its header and the blank line after it dropped).
fn grid_of(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

/// `grid` (a solution as `solve` prints it) with the cells that are blank in `puzzle` blanked:
/// the puzzle's own grid, separators and rulers kept.
fn blank_like(grid: &[String], puzzle: &str) -> String {
    let blanks: Vec<bool> = puzzle.chars().map(|c| c == '.').collect();
    let mut k = 0;
    let mut out = String::new();
    for line in grid {
        let is_ruler = line.chars().all(|c| c == '-' || c == '+');
        for c in line.chars() {
            if !is_ruler && c.is_ascii_alphanumeric() {
                out.push(if blanks[k] { '.' } else { c });
                k += 1;
            } else {
                out.push(c);
            }
        }
        out.push('\n');
    }
    assert_eq!(k, puzzle.len(), "the grid has every cell");
    out
}

fn solve_line(args: &[&str], input: &str) -> String {
    let mut all = vec!["solve", "--format", "line"];
    all.extend_from_slice(args);
    let r = run(&all, Some(input.as_bytes()));
    r.expect_code(0);
    r.stdout
}

/// Solves `puzzle` in shape `args`, reads its solution grid back, and the puzzle's grid.
fn round_trip(args: &[&str], puzzle: &str) {
    let mut solve = vec!["solve"];
    solve.extend_from_slice(args);
    let r = run(&solve, Some(format!("{puzzle}\n").as_bytes()));
    r.expect_code(0);
    let grid = grid_of(&r.stdout);
    let n = puzzle.len().isqrt();
    assert_eq!(
        grid.iter().filter(|l| !l.starts_with('-')).count(),
        n,
        "{}",
        r.stdout
    );
    let expected = solve_line(args, &format!("{puzzle}\n"));
    // The whole output, its header included, reads back: the solution, solved already.
    let again = solve_line(args, &r.stdout);
    assert_eq!(again, expected, "{args:?}: the solution grid reads back");
    // The puzzle's grid.
    let puzzle_grid = blank_like(&grid, puzzle);
    let from_grid = solve_line(args, &puzzle_grid);
    assert_eq!(
        from_grid, expected,
        "{args:?}: the puzzle grid reads\n{puzzle_grid}"
    );
    // Two grids back to back and a one-line puzzle after them: three records, in order.
    let three = format!("{puzzle_grid}{puzzle_grid}{puzzle}\n");
    assert_eq!(solve_line(args, &three), expected.repeat(3));
}

#[test]
fn grids_of_every_shape_read_back() {
    for args in [
        &["--size", "4"][..],
        &["--size", "6"],
        &["--size", "8"],
        &["--size", "12"],
    ] {
        let puzzle = generate(args);
        round_trip(&[], &puzzle);
    }
    let p6 = generate(&["--size", "6", "--box", "3x2"]);
    round_trip(&["--box", "3x2"], &p6);
    let sixteen = read_puzzles("sixteen.txt");
    let p16 = sixteen.lines().find(|l| !l.starts_with('#')).unwrap();
    round_trip(&[], p16);
    let twentyfive = read_puzzles("twentyfive.txt");
    let p25 = twentyfive.lines().find(|l| !l.starts_with('#')).unwrap();
    round_trip(&[], p25);
}

#[test]
fn the_boxes_a_grid_draws_are_its_boxes() {
    // A 6x6 grid printed with 3x2 boxes reads as 3x2 without --box: the same solution as the
    // one-line puzzle with --box 3x2.
    let p6 = generate(&["--size", "6", "--box", "3x2"]);
    let boxed = run(
        &["solve", "--box", "3x2"],
        Some(format!("{p6}\n").as_bytes()),
    );
    let grid = blank_like(&grid_of(&boxed.stdout), &p6);
    assert_eq!(
        solve_line(&[], &grid),
        solve_line(&["--box", "3x2"], &format!("{p6}\n"))
    );
    let json = run(&["solve", "--format", "json"], Some(grid.as_bytes()));
    assert!(json.stdout.contains("\"box\":\"3x2\""), "{}", json.stdout);
}

#[test]
fn jigsaw_grids_read_back_with_their_regions() {
    let r = run(
        &[
            "generate", "--jigsaw", "--size", "6", "-n", "1", "--seed", "5",
        ],
        None,
    );
    r.expect_code(0);
    let line = r
        .stdout
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .unwrap();
    let mut words = line.split_whitespace();
    let puzzle = words.next().unwrap().to_string();
    let regions = r
        .stdout
        .split(|c: char| c.is_whitespace() || c == '=')
        .find(|w| w.len() == 36 && w.chars().all(|c| c.is_ascii_lowercase()))
        .unwrap_or_else(|| panic!("no regions in {}", r.stdout))
        .to_string();
    round_trip(&["--regions", &regions], &puzzle);
}

#[test]
fn pencil_mark_grids_and_lines_read_back() {
    for (args, puzzle) in [
        (
            vec!["--box", "3x2"],
            generate(&["--size", "6", "--box", "3x2"]),
        ),
        (vec![], generate(&["--size", "6"])),
        (vec![], generate(&["--size", "12"])),
        // 64 characters are an 8×8 puzzle unless the options say 4×4.
        (
            vec!["--box", "2x2"],
            generate(&["--size", "4", "--box", "2x2"]),
        ),
        // The longest lines: 8,000 and 15,625 characters.
        (vec![], generate(&["--size", "20"])),
        (vec![], first_of("twentyfive.txt")),
    ] {
        let input = format!("{puzzle}\n");
        let mut hint = vec!["hint"];
        hint.extend_from_slice(&args);
        let plain = run(&hint, Some(input.as_bytes()));
        plain.expect_code(0);
        let mut with_grid = hint.clone();
        with_grid.push("--grid");
        let r = run(&with_grid, Some(input.as_bytes()));
        r.expect_code(0);
        // The marks grid, then the step on the last line.
        let lines: Vec<&str> = r.stdout.lines().collect();
        let (step, grid) = lines.split_last().unwrap();
        let marks = format!("{}\n", grid.join("\n"));
        let again = run(&hint, Some(marks.as_bytes()));
        again.expect_code(0);
        assert_eq!(plain.stdout.trim(), *step);
        // A cell with one candidate reads as placed, which may bring an easier step forward;
        // any step is one the solution agrees with.
        let solution = solve_line(&args, &input);
        let found = again.stdout.trim();
        let (cell, symbol) = found.rsplit_once(' ').unwrap().1.split_once('=').unwrap();
        let (r, c) = cell[1..].split_once('c').unwrap();
        let at = (r.parse::<usize>().unwrap() - 1) * puzzle.len().isqrt()
            + c.parse::<usize>().unwrap()
            - 1;
        assert_eq!(
            solution.chars().nth(at).unwrap().to_string(),
            symbol,
            "{found}\n{marks}"
        );
        // The same position as N³ characters, N per cell (`.` where not a candidate).
        let n = puzzle.len().isqrt();
        let symbols = &"123456789ABCDEFGHIJKLMNOP"[..n];
        let mut cube = String::new();
        for row in grid.iter().filter(|l| !l.starts_with('-')) {
            for word in row.split([' ', '|']).filter(|w| !w.is_empty()) {
                for s in symbols.chars() {
                    cube.push(if word.contains(s) { s } else { '.' });
                }
            }
        }
        assert_eq!(cube.len(), n * n * n);
        let line = run(&hint, Some(format!("{cube}\n").as_bytes()));
        line.expect_code(0);
        assert_eq!(line.stdout, again.stdout, "{cube}");
    }
}

#[test]
fn marks_that_rule_out_the_solution_are_invalid() {
    let puzzle = generate(&["--size", "6"]);
    let r = run(&["hint", "--grid"], Some(format!("{puzzle}\n").as_bytes()));
    let lines: Vec<&str> = r.stdout.lines().collect();
    let grid = &lines[..lines.len() - 1];
    // Drop, in the first open cell, the candidate the solution needs.
    let solution = solve_line(&[], &format!("{puzzle}\n"));
    let cell = puzzle.find('.').unwrap();
    let needed = solution.chars().nth(cell).unwrap();
    let (row, col) = (cell / 6, cell % 6);
    let rows: Vec<&str> = grid
        .iter()
        .copied()
        .filter(|l| !l.starts_with('-'))
        .collect();
    let mut edited = Vec::new();
    for (r, line) in rows.iter().enumerate() {
        if r != row {
            edited.push(line.to_string());
            continue;
        }
        let mut words: Vec<String> = line
            .split([' ', '|'])
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect();
        words[col] = words[col].replace(needed, "");
        edited.push(words.join(" "));
    }
    let text = format!("{}\n", edited.join("\n"));
    let out = run(&["hint"], Some(text.as_bytes()));
    out.expect_code(2);
    let cell_name = format!("r{}c{}", row + 1, col + 1);
    assert!(
        out.stderr.contains(&format!(
            "rule out {needed} in {cell_name}, which the only solution needs"
        )),
        "{}",
        out.stderr
    );
}

#[test]
fn bad_grids_are_located_and_the_batch_goes_on() {
    let puzzle = generate(&["--size", "6"]);
    let r = run(&["solve"], Some(format!("{puzzle}\n").as_bytes()));
    let grid = blank_like(&grid_of(&r.stdout), &puzzle);
    let rows: Vec<&str> = grid.lines().collect();
    // Row 4 of the grid (line 5, after a ruler) gets a 7, no symbol of a 6x6 grid.
    let bad_symbol = grid.replacen(rows[4], &rows[4].replacen(['.', '1'], "7", 1), 1);
    let col = rows[4].find(['.', '1']).unwrap() + 1;
    // A row one cell short.
    let short = grid.replacen(rows[1], &rows[1][..rows[1].len() - 2], 1);
    // A grid cut short by a blank line.
    let cut = format!("{}\n\n", rows[..3].join("\n"));
    let dir = temp_files(&[
        ("sym.txt", format!("{bad_symbol}{puzzle}\n").as_bytes()),
        ("short.txt", short.as_bytes()),
        ("cut.txt", cut.as_bytes()),
    ]);
    let expected = solve_line(&[], &format!("{puzzle}\n"));
    let out = common::run_in(
        dir.path(),
        &[
            "solve",
            "--format",
            "line",
            "sym.txt",
            "short.txt",
            "cut.txt",
        ],
        None,
    );
    out.expect_code(2);
    assert!(
        out.stderr.contains(&format!(
            "sym.txt:5:{col}: '7' is not a symbol of a 6x6 grid (symbols: 123456)"
        )),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("short.txt:2:")
            && out
                .stderr
                .contains("expected 6 cells in a grid row, found 5"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("cut.txt:1:1: incomplete grid: expected 6 rows, found 2"),
        "{}",
        out.stderr
    );
    // The good puzzle after the bad grid is solved, in its place.
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", out.stdout);
    assert_eq!(lines[0], "invalid");
    assert_eq!(format!("{}\n", lines[1]), expected);
}

#[test]
fn a_bad_symbols_flag_is_one_usage_error() {
    let puzzle = generate(&["--size", "4"]);
    let input = format!("{puzzle}\n{puzzle}\n{puzzle}\n");
    for bad in ["1123", "12.4", "123"] {
        let r = run(&["solve", "--symbols", bad], Some(input.as_bytes()));
        r.expect_code(2);
        assert_eq!(r.stderr.lines().count(), 1, "{bad}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{}", r.stdout);
    }
    // Symbols a grid's cells are read with.
    let r = run(&["solve"], Some(format!("{puzzle}\n").as_bytes()));
    let grid = blank_like(&grid_of(&r.stdout), &puzzle);
    let wxyz: String = grid
        .chars()
        .map(|c| match c {
            '1' => 'w',
            '2' => 'x',
            '3' => 'y',
            '4' => 'z',
            c => c,
        })
        .collect();
    let out = solve_line(&["--symbols", "WXYZ"], &wxyz);
    let expected: String = solve_line(&[], &format!("{puzzle}\n"))
        .chars()
        .map(|c| match c {
            '1' => 'W',
            '2' => 'X',
            '3' => 'Y',
            '4' => 'Z',
            c => c,
        })
        .collect();
    assert_eq!(out, expected);
}

#[test]
fn nine_only_commands_say_what_takes_the_puzzle() {
    let puzzle = generate(&["--size", "4"]);
    let r = run(&["explain", "--scale", "hodoku", &puzzle], None);
    r.expect_code(2);
    assert!(
        r.stderr.contains(
            "a 4x4 puzzle: explain --scale hodoku takes 9x9 puzzles only; plain 'explain' \
             (without --scale hodoku) takes it"
        ),
        "{}",
        r.stderr
    );
    run(&["explain", &puzzle], None).expect_code(0);
}
