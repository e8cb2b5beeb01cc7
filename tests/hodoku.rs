//! Agreement with HoDoKu 2.2.0 (default settings) on `../shared/ratings/hodoku_sample.txt` and
//! its solving paths `hodoku_sample_paths.txt` (ignored unless asked for, as every test that
//! needs `../shared`), per level: exact level, exact score, the same path step for step.
//! `cargo test --test hodoku -- --ignored --nocapture` prints the table.

use std::collections::{BTreeMap, BTreeSet};

use sudoku::board::Board;
use sudoku::logic::hodoku::{self, Level};

fn board(line: &str) -> Board {
    let cells: [u8; 81] = std::array::from_fn(|i| match line.as_bytes()[i] {
        b @ b'1'..=b'9' => b - b'0',
        _ => 0,
    });
    Board::from_cells(cells).expect("digits")
}

/// A step reduced to what it does: its name and its placements and eliminations, as sets
/// (`r4c1=5`, `r4c2<>5`).
type Effect = (String, BTreeSet<String>);

/// Expands HoDoKu's compact effects (`r1c13,r2c1<>2, r5c1<>1`, `r3c4=2`).
fn expand(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for item in text.split(", ") {
        let (cells, op, digit) = if let Some((c, d)) = item.split_once("<>") {
            (c, "<>", d)
        } else if let Some((c, d)) = item.split_once('=') {
            (c, "=", d)
        } else {
            continue;
        };
        for group in cells.split(',') {
            let Some((rows, cols)) = group.trim_start_matches('r').split_once('c') else {
                continue;
            };
            for r in rows.chars() {
                for c in cols.chars() {
                    out.insert(format!("r{r}c{c}{op}{}", digit.trim()));
                }
            }
        }
    }
    out
}

/// One `/vp` line as an effect.
fn parse_step(line: &str) -> Effect {
    let line = line.trim();
    let (name, rest) = line.split_once(':').unwrap_or((line, ""));
    let (name, rest) = match line.split_once(" => ") {
        Some((_, effect)) if !name.contains(" => ") => (name, effect.to_string()),
        Some((head, effect)) => (head, effect.to_string()),
        None => (name, rest.trim().to_string()),
    };
    let name = name.split(" in ").next().unwrap_or(name).trim().to_string();
    (name, expand(&rest))
}

/// HoDoKu's path for each puzzle of the sample.
fn reference_paths(text: &str) -> BTreeMap<String, Vec<Effect>> {
    let mut paths = BTreeMap::new();
    let mut current: Option<(String, Vec<Effect>)> = None;
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
        if line.len() > 81 && !line.starts_with(' ') {
            if let Some((p, steps)) = current.take() {
                paths.insert(p, steps);
            }
            current = Some((line[..81].to_string(), Vec::new()));
        } else if line.starts_with("   ")
            && let Some((_, steps)) = current.as_mut()
        {
            steps.push(parse_step(line));
        }
    }
    if let Some((p, steps)) = current.take() {
        paths.insert(p, steps);
    }
    paths
}

/// `PUZZLE LEVEL SCORE` lines from the headers `PUZZLE #N Level (SCORE)` of a `/vp` output.
fn headers(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines().filter(|l| l.len() > 81 && !l.starts_with(' ')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() >= 4 {
            let score = f[3].trim_matches(|c| c == '(' || c == ')');
            out.push_str(&format!("{} {} {score}\n", f[0], f[2].to_lowercase()));
        }
    }
    out
}

#[derive(Default)]
struct Row {
    total: u32,
    level: u32,
    score: u32,
    path: u32,
}

#[test]
#[ignore = "needs ../shared"]
fn shared_hodoku_sample_agreement() {
    // HODOKU_PATHS: another file of HoDoKu's `/bs FILE /vp` output to compare with (its
    // headers give the levels and scores).
    let (sample, paths) = match std::env::var("HODOKU_PATHS") {
        Ok(file) => {
            let text = std::fs::read_to_string(&file).expect("HODOKU_PATHS");
            (headers(&text), text)
        }
        Err(_) => (
            std::fs::read_to_string("../shared/ratings/hodoku_sample.txt")
                .expect("needs ../shared/ratings/hodoku_sample.txt"),
            std::fs::read_to_string("../shared/ratings/hodoku_sample_paths.txt")
                .expect("needs ../shared/ratings/hodoku_sample_paths.txt"),
        ),
    };
    let paths = reference_paths(&paths);
    let mut rows: BTreeMap<Level, Row> = BTreeMap::new();
    let mut wrong = Vec::new();
    let mut first_diff: BTreeMap<String, u32> = BTreeMap::new();
    for line in sample.lines().filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let want_level = Level::from_name(f[1]).expect("level");
        let want_score: u32 = f[2].parse().expect("score");
        let puzzle = board(f[0]);
        let solution = sudoku::solver::solve_first(&puzzle).expect("a solution");
        let r = hodoku::rate(&puzzle, &solution, None);
        let ours: Vec<Effect> = r
            .steps
            .iter()
            .map(|s| parse_step(&s.hodoku_text()))
            .collect();
        let want_path = paths.get(f[0]).cloned().unwrap_or_default();
        let same_path = ours == want_path;
        let row = rows.entry(want_level).or_default();
        row.total += 1;
        row.level += u32::from(r.level == want_level);
        row.score += u32::from(r.score == want_score);
        row.path += u32::from(same_path);
        if !same_path {
            let i = ours
                .iter()
                .zip(&want_path)
                .take_while(|(a, b)| a == b)
                .count();
            let w = want_path.get(i).map_or("-".into(), |e| e.0.clone());
            let o = ours.get(i).map_or("-".into(), |e| e.0.clone());
            *first_diff
                .entry(format!("HoDoKu {w} / ours {o}"))
                .or_default() += 1;
            wrong.push(format!(
                "{} {} {} ours {} {} step {}: HoDoKu {:?} ours {:?}",
                f[0],
                f[1],
                f[2],
                r.level,
                r.score,
                i + 1,
                want_path.get(i),
                ours.get(i)
            ));
        }
    }
    let sum = |f: fn(&Row) -> u32| rows.values().map(f).sum::<u32>();
    println!("level     puzzles  exact level  exact score  same path");
    for (k, r) in &rows {
        println!(
            "{:<9} {:7}  {:11}  {:11}  {:9}",
            k.name(),
            r.total,
            r.level,
            r.score,
            r.path
        );
    }
    let n = sum(|r| r.total);
    println!(
        "all       {n:7}  {:11}  {:11}  {:9}",
        sum(|r| r.level),
        sum(|r| r.score),
        sum(|r| r.path)
    );
    let mut diffs: Vec<_> = first_diff.into_iter().collect();
    diffs.sort_by_key(|d| std::cmp::Reverse(d.1));
    println!("first difference of the path, by technique:");
    for (k, v) in diffs.iter().take(30) {
        println!("  {v:4}  {k}");
    }
    let show: usize = std::env::var("HODOKU_SHOW")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    for w in wrong.iter().take(show) {
        println!("{w}");
    }
    // Floors a little under what the sample gives today (599 levels, 584 scores and 583
    // paths of 600), so that a change that loses agreement fails here.
    if std::env::var("HODOKU_PATHS").is_err() {
        assert!(
            sum(|r| r.level) * 1000 >= n * 995,
            "exact level below 99.5%"
        );
        assert!(sum(|r| r.score) * 100 >= n * 97, "exact score below 97%");
        assert!(sum(|r| r.path) * 100 >= n * 96, "same path below 96%");
    }
}

/// The techniques whose pattern we spell in HoDoKu's words from our finders' steps.
const SPELLED: [&str; 20] = [
    "2-String Kite",
    "Empty Rectangle",
    "Turbot Fish",
    "Simple Colors Trap",
    "Simple Colors Wrap",
    "Multi Colors 1",
    "Multi Colors 2",
    "X-Chain",
    "Remote Pair",
    "Discontinuous Nice Loop",
    "Continuous Nice Loop",
    "AIC",
    "Grouped Discontinuous Nice Loop",
    "Grouped Continuous Nice Loop",
    "Grouped AIC",
    "Sue de Coq",
    "Almost Locked Set XZ-Rule",
    "Almost Locked Set XY-Wing",
    "Almost Locked Set Chain",
    "XY-Chain",
];

/// Our `/vp` text of the sample's paths against HoDoKu's, line for line, for the steps that do
/// the same as HoDoKu's (same technique and effect) in the techniques of [`SPELLED`]:
/// identical lines per technique. `--nocapture` prints the table and the lines that differ.
#[test]
#[ignore = "needs ../shared"]
fn shared_hodoku_sample_text() {
    let Ok(text) = std::fs::read_to_string("../shared/ratings/hodoku_sample_paths.txt") else {
        println!("skipped: no ../shared/ratings/hodoku_sample_paths.txt");
        return;
    };
    // HoDoKu's step lines per puzzle (not the detail lines of forcing chains, which have a
    // two-space indent).
    let mut want: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut current = None;
    for line in text.lines().map(|l| l.trim_end_matches('\r')) {
        if line.len() > 81 && !line.starts_with(' ') {
            current = Some(line[..81].to_string());
            want.entry(line[..81].to_string()).or_default();
        } else if let (Some(p), Some(step)) = (&current, line.strip_prefix("   ")) {
            want.get_mut(p).expect("entered").push(step.to_string());
        }
    }
    let mut rows: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    let mut differ = Vec::new();
    for (puzzle, lines) in &want {
        let board = board(puzzle);
        let solution = sudoku::solver::solve_first(&board).expect("a solution");
        let r = hodoku::rate(&board, &solution, None);
        for (step, theirs) in r.steps.iter().zip(lines) {
            let ours = step.hodoku_text();
            let (effect, name) = (parse_step(&ours), step.kind.hodoku_name(&step.step));
            if !SPELLED.contains(&name) || effect != parse_step(theirs) {
                continue;
            }
            let row = rows.entry(name.to_string()).or_default();
            row.0 += 1;
            if &ours == theirs {
                row.1 += 1;
            } else {
                differ.push(format!("ours   {ours}\nHoDoKu {theirs}"));
            }
        }
    }
    println!("technique                         steps  identical text");
    for (name, (n, same)) in &rows {
        println!("{name:<32} {n:6}  {same:14}");
    }
    for d in &differ {
        println!("{d}");
    }
    let compared: u32 = rows.values().map(|r| r.0).sum();
    // Today 499 of 503 (three Sue de Coq where our finder takes another pattern with the same
    // eliminations, one remote pair through other cells of the same length); a little slack.
    assert!(compared >= 480, "only {compared} steps compared");
    assert!(differ.len() <= 8, "{} lines differ", differ.len());
}

#[test]
fn compact_cells_follow_hodoku() {
    assert_eq!(hodoku::compact_cells(&[1, 3, 9]), "r1c24,r2c1");
    assert_eq!(hodoku::compact_cells(&[2, 11, 20]), "r123c3");
}

/// Every path of the project's sample puzzles: each step is legal for the solution (places
/// its digit, removes other digits), the path ends with the solution, the score is the sum of
/// the steps' scores, the level is at least the hardest step's and fits the score, and
/// `guess` says whether brute force was used.
#[test]
fn paths_are_consistent() {
    let mut rated = 0;
    for file in ["puzzles/easy.txt", "puzzles/hard.txt"] {
        let text = std::fs::read_to_string(file).expect("sample puzzles");
        for line in text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        {
            let puzzle = board(line);
            let solution = sudoku::solver::solve_first(&puzzle).expect("a solution");
            let r = hodoku::rate(&puzzle, &solution, None);
            assert!(r.complete, "{line}");
            let mut cells = *puzzle.cells();
            let mut sum = 0;
            for s in &r.steps {
                sum += s.score;
                assert!(s.level <= r.level, "{line}: {}", s.hodoku_text());
                for p in &s.step.placements {
                    assert_eq!(
                        solution.get(p.cell()),
                        p.digit,
                        "{line}: {}",
                        s.hodoku_text()
                    );
                    cells[p.cell()] = p.digit;
                }
                for e in &s.step.eliminations {
                    assert_ne!(
                        solution.get(e.cell()),
                        e.digit,
                        "{line}: {}",
                        s.hodoku_text()
                    );
                }
            }
            assert_eq!(cells, *solution.cells(), "{line}: the path ends solved");
            assert_eq!(sum, r.score, "{line}");
            let by_score = [800, 1000, 1600, 1800]
                .iter()
                .filter(|&&max| r.score > max)
                .count();
            assert!(r.level as usize >= by_score, "{line}");
            let brute = r.steps.iter().any(|s| s.kind == hodoku::Kind::BruteForce);
            assert_eq!(brute, r.guess, "{line}");
            rated += 1;
        }
    }
    assert!(rated >= 10, "only {rated} puzzles");
}

#[test]
fn forcing_chains_and_nets_are_sound() {
    // Two hard puzzles whose HoDoKu paths use forcing chains (the first) and forcing nets
    // (the second): every such step must agree with the solution, and both kinds must occur.
    let (mut chains, mut nets) = (0, 0);
    for line in [
        ".2.3.......6..8.9.83.5........2...8.7.9..5........6..4.......1...1...4.22..7..8.9",
        "3...6.1..65.29............881..7.5....43..9....5..2..7...43..9......7..64.....8..",
    ] {
        let puzzle = board(line);
        let solution = sudoku::solver::solve_first(&puzzle).expect("a solution");
        let r = hodoku::rate(&puzzle, &solution, None);
        assert!(r.complete, "{line}");
        for s in &r.steps {
            match s.kind {
                hodoku::Kind::ForcingChain => chains += 1,
                hodoku::Kind::ForcingNet => nets += 1,
                _ => continue,
            }
            assert_eq!(s.step.placements.len() + s.step.eliminations.len(), 1);
            for p in &s.step.placements {
                assert_eq!(
                    solution.get(p.cell()),
                    p.digit,
                    "{line}: {}",
                    s.hodoku_text()
                );
            }
            for e in &s.step.eliminations {
                assert_ne!(
                    solution.get(e.cell()),
                    e.digit,
                    "{line}: {}",
                    s.hodoku_text()
                );
            }
            assert!(
                s.hodoku_text().starts_with("Forcing "),
                "{}",
                s.hodoku_text()
            );
        }
    }
    assert!(chains > 0 && nets > 0, "chains {chains}, nets {nets}");
}
