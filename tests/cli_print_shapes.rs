//! `sudoku print` on other shapes: every symbol of a 6×6 and a 16×16 puzzle (and of its
//! answer) read back from the PDF in its cell by position with `pdftotext -bbox`, and the
//! lines of the SVG sheet: thick lines exactly where two regions meet (boxes of their R×C
//! shape, jigsaw pieces), the X rule's two diagonals, the hyper windows' shaded cells; and a
//! 16×16 position's pencil marks, each candidate small in its place in its cell.
//!
//! The PDF test needs poppler-utils: without it, it fails when `CI` is set and otherwise
//! says it skips.

mod common;

use std::process::Command;

use common::{run, temp_files};
use sudoku::draw::sheet::{ANSWERS_PER_PAGE, Layout, Paper, Slot};

fn have_pdftotext() -> bool {
    let ok = Command::new("pdftotext").arg("-v").output().is_ok();
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "needs pdftotext (apt-get install poppler-utils)"
        );
        eprintln!("skipped: needs pdftotext (apt-get install poppler-utils)");
    }
    ok
}

/// The words of each page of a PDF: centre (points from the top-left) and text.
fn pdf_words(path: &std::path::Path) -> Vec<Vec<(f32, f32, String)>> {
    pdf_boxes(path)
        .into_iter()
        .map(|page| {
            page.into_iter()
                .map(|w| ((w.x0 + w.x1) / 2.0, (w.y0 + w.y1) / 2.0, w.text))
                .collect()
        })
        .collect()
}

/// A word of a PDF page: its box (points from the top-left) and text.
struct WordBox {
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
    text: String,
}

/// The words of each page of a PDF with their boxes.
fn pdf_boxes(path: &std::path::Path) -> Vec<Vec<WordBox>> {
    let out = Command::new("pdftotext")
        .arg("-bbox")
        .arg(path)
        .arg("-")
        .output()
        .expect("pdftotext");
    let text = String::from_utf8_lossy(&out.stdout);
    let attr = |tag: &str, name: &str| -> f32 {
        let at = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        tag[at..].split('"').next().unwrap().parse().unwrap()
    };
    let mut pages = Vec::new();
    for page in text.split("<page ").skip(1) {
        let mut words = Vec::new();
        for word in page.split("<word ").skip(1) {
            let (tag, rest) = word.split_once('>').unwrap();
            words.push(WordBox {
                x0: attr(tag, "xMin"),
                y0: attr(tag, "yMin"),
                x1: attr(tag, "xMax"),
                y1: attr(tag, "yMax"),
                text: rest.split("</word>").next().unwrap().to_string(),
            });
        }
        pages.push(words);
    }
    pages
}

/// The symbols in the cells of an N×N grid in `slot`, as a line (`.` for an empty cell).
fn grid_in(words: &[(f32, f32, String)], slot: &Slot, n: usize) -> String {
    let cell = slot.size / n as f32;
    let mut cells = vec!['.'; n * n];
    for (x, y, text) in words {
        let (c, r) = ((x - slot.x) / cell, (y - slot.y) / cell);
        if (0.0..n as f32).contains(&c) && (0.0..n as f32).contains(&r) && text.len() == 1 {
            cells[r as usize * n + c as usize] = text.chars().next().unwrap();
        }
    }
    cells.into_iter().collect()
}

fn solution_of(args: &[&str], puzzle: &str) -> String {
    let mut all = vec!["solve", "--format", "line"];
    all.extend_from_slice(args);
    all.push(puzzle);
    let r = run(&all, None);
    r.expect_code(0);
    r.stdout.trim().to_string()
}

#[test]
fn symbols_of_other_sizes_sit_in_their_cells_with_answers_after() {
    if !have_pdftotext() {
        return;
    }
    let six = run(&["generate", "--size", "6", "-n", "1", "--seed", "4"], None);
    let six = six.stdout.split_whitespace().next().unwrap().to_string();
    let sixteen = first_sixteen();
    let (_dir, book) = book_of(&format!("{six}\n{sixteen}\n"));
    let pages = pdf_words(&book);
    assert_eq!(pages.len(), 3, "two puzzle pages and one answer page");
    let slot = Layout::new(Paper::A4, 1).slots[0];
    assert_eq!(grid_in(&pages[0], &slot, 6), six);
    assert_eq!(grid_in(&pages[1], &slot, 16), sixteen);
    let answers = Layout::new(Paper::A4, ANSWERS_PER_PAGE);
    assert_eq!(
        grid_in(&pages[2], &answers.slots[0], 6),
        solution_of(&[], &six)
    );
    assert_eq!(
        grid_in(&pages[2], &answers.slots[1], 16),
        solution_of(&[], &sixteen)
    );
}

/// The PDF book of `input` on A4, a puzzle a page, with answers: a temporary directory (the
/// book goes when it is dropped) and the book's path in it.
fn book_of(input: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = temp_files(&[("in.txt", input.as_bytes())]);
    let book = dir.path().join("book.pdf");
    let input = dir.path().join("in.txt");
    let args = [
        "print",
        "--paper",
        "a4",
        "--per-page",
        "1",
        "--solutions",
        "-o",
        book.to_str().unwrap(),
        input.to_str().unwrap(),
    ];
    run(&args, None).expect_code(0);
    (dir, book)
}

/// The first puzzle of the bundled 16x16 set.
fn first_sixteen() -> String {
    let sixteen = common::read_puzzles("sixteen.txt");
    let line = sixteen.lines().find(|l| !l.starts_with('#')).unwrap();
    line.split_whitespace().next().unwrap().to_string()
}

/// The SVG sheet of one puzzle printed with `args`.
fn svg_of(args: &[&str], puzzle: &str) -> String {
    let mut all = vec!["print", "--paper", "a4", "-o", "-", "--format", "svg"];
    all.extend_from_slice(args);
    let r = run(&all, Some(format!("{puzzle}\n").as_bytes()));
    r.expect_code(0);
    r.stdout
}

/// The lines of an SVG sheet drawn with `stroke` (the grid's own lines, not the 9x9 sheet's
/// `<use>`), as (x1, y1, x2, y2, width).
fn paths(svg: &str, stroke: &str) -> Vec<(f32, f32, f32, f32, f32)> {
    svg.lines()
        .filter(|l| l.starts_with("<path d=\"M") && l.contains(&format!("stroke=\"{stroke}\"")))
        .map(|l| {
            let d = l.split('"').nth(1).unwrap();
            let (from, to) = d[1..].split_once('L').unwrap();
            let p = |s: &str| -> (f32, f32) {
                let (a, b) = s.split_once(' ').unwrap();
                (a.parse().unwrap(), b.parse().unwrap())
            };
            let width: f32 = l
                .split("stroke-width=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            let (f, t) = (p(from), p(to));
            (f.0, f.1, t.0, t.1, width)
        })
        .collect()
}

/// How many unit edges between two cells of different regions the thick lines of a sheet
/// cover, and how many the labels have: they must be the same, edge by edge.
fn region_edges(svg: &str, labels: &[u8], n: usize) {
    let lines = paths(svg, "#000000");
    let thick = lines.iter().map(|l| l.4).fold(0.0, f32::max);
    let slot = Layout::new(Paper::A4, 4).slots[0];
    let cell = slot.size / n as f32;
    let near = |a: f32, b: f32| (a - b).abs() < 0.05;
    let has = |x1: f32, y1: f32, x2: f32, y2: f32| {
        lines.iter().any(|l| {
            near(l.4, thick)
                && (near(l.0, x1) && near(l.1, y1) && near(l.2, x2) && near(l.3, y2)
                    || near(l.0, x2) && near(l.1, y2) && near(l.2, x1) && near(l.3, y1))
        })
    };
    for r in 0..n {
        for c in 0..n {
            let (x, y) = (slot.x + c as f32 * cell, slot.y + r as f32 * cell);
            if c + 1 < n {
                let differ = labels[r * n + c] != labels[r * n + c + 1];
                assert_eq!(
                    has(x + cell, y, x + cell, y + cell),
                    differ,
                    "edge right of r{}c{}",
                    r + 1,
                    c + 1
                );
            }
            if r + 1 < n {
                let differ = labels[r * n + c] != labels[(r + 1) * n + c];
                assert_eq!(
                    has(x, y + cell, x + cell, y + cell),
                    differ,
                    "edge below r{}c{}",
                    r + 1,
                    c + 1
                );
            }
        }
    }
}

#[test]
fn thick_lines_part_the_regions_boxes_of_their_shape_and_jigsaw_pieces() {
    let p6 = run(
        &["generate", "--size", "6", "--box", "3x2", "-n", "1"],
        None,
    );
    let p6 = p6.stdout.split_whitespace().next().unwrap().to_string();
    // 3x2 boxes: labels computed here.
    let labels: Vec<u8> = (0..36)
        .map(|i| ((i / 6) / 3 * 3 + (i % 6) / 2) as u8)
        .collect();
    region_edges(&svg_of(&["--box", "3x2"], &p6), &labels, 6);
    let r = run(
        &[
            "generate", "--jigsaw", "--size", "6", "-n", "1", "--seed", "5",
        ],
        None,
    );
    let mut words = r.stdout.split_whitespace();
    let puzzle = words.next().unwrap().to_string();
    let regions = words.next().unwrap().to_string();
    assert_eq!(regions.len(), 36);
    region_edges(
        &svg_of(&["--regions", &regions], &puzzle),
        regions.as_bytes(),
        6,
    );
}

#[test]
fn x_diagonals_and_hyper_windows_are_drawn() {
    let x = run(
        &["generate", "--variant", "x", "-n", "1", "--seed", "2"],
        None,
    );
    let x = x.stdout.split_whitespace().next().unwrap().to_string();
    let svg = svg_of(&["--variant", "x"], &x);
    let slot = Layout::new(Paper::A4, 4).slots[0];
    let diagonals = paths(&svg, "#999999");
    assert_eq!(diagonals.len(), 2, "{svg}");
    for (x1, y1, x2, y2, _) in diagonals {
        assert!((x2 - x1).abs() > slot.size * 0.99 && (y2 - y1).abs() > slot.size * 0.99);
    }
    assert!(!svg.contains("fill=\"#d9d9d9\""));
    let h = run(
        &["generate", "--variant", "hyper", "-n", "1", "--seed", "2"],
        None,
    );
    let h = h.stdout.split_whitespace().next().unwrap().to_string();
    let svg = svg_of(&["--variant", "hyper"], &h);
    let shaded: Vec<(usize, usize)> = svg
        .lines()
        .filter(|l| l.starts_with("<rect x=") && l.contains("fill=\"#d9d9d9\""))
        .map(|l| {
            let v = |name: &str| -> f32 {
                l.split(&format!("{name}=\""))
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap()
            };
            let cell = slot.size / 9.0;
            (
                ((v("y") - slot.y) / cell).round() as usize,
                ((v("x") - slot.x) / cell).round() as usize,
            )
        })
        .collect();
    // The four windows: rows and columns 2-4 and 6-8 (from 1).
    let mut expected = Vec::new();
    for r in 0..9 {
        for c in 0..9 {
            let inside = |i: usize| (1..=3).contains(&i) || (5..=7).contains(&i);
            if inside(r) && inside(c) {
                expected.push((r, c));
            }
        }
    }
    let mut shaded = shaded;
    shaded.sort_unstable();
    assert_eq!(shaded, expected);
    assert!(paths(&svg, "#999999").is_empty());
}

/// The candidates of a 16×16 position, worked out here: the symbols no peer (row, column, 4×4
/// box) holds, less the lowest candidate of every fifth blank cell where that is not the
/// solution's symbol. As a line of N³ characters (a cell's 16 places, `.` where a symbol is
/// not a candidate) and as masks (bit `v` for the `v`-th symbol; a filled cell's own).
fn position_16(puzzle: &str, solution: &str) -> (String, Vec<u32>) {
    const SYMBOLS: &str = "123456789ABCDEFG";
    let value = |c: char| SYMBOLS.find(c.to_ascii_uppercase());
    let cells: Vec<Option<usize>> = puzzle.chars().map(value).collect();
    let answer: Vec<usize> = solution.chars().map(|c| value(c).unwrap()).collect();
    let sees = |a: usize, b: usize| {
        let (ra, ca, rb, cb) = (a / 16, a % 16, b / 16, b % 16);
        a != b && (ra == rb || ca == cb || (ra / 4 == rb / 4 && ca / 4 == cb / 4))
    };
    let mut blanks = 0;
    let masks: Vec<u32> = (0..256)
        .map(|i| match cells[i] {
            Some(v) => 1 << v,
            None => {
                let held = (0..256)
                    .filter(|&j| sees(i, j))
                    .filter_map(|j| cells[j])
                    .fold(0u32, |m, v| m | 1 << v);
                let mut m = 0xffff & !held;
                blanks += 1;
                let lowest = m.trailing_zeros() as usize;
                if blanks % 5 == 0 && lowest != answer[i] && m.count_ones() > 2 {
                    m &= m - 1;
                }
                m
            }
        })
        .collect();
    let line = masks
        .iter()
        .flat_map(|&m| {
            SYMBOLS
                .chars()
                .enumerate()
                .map(move |(v, c)| if m >> v & 1 == 1 { c } else { '.' })
        })
        .collect();
    (line, masks)
}

#[test]
fn a_16x16_position_shows_each_candidate_small_in_its_place() {
    if !have_pdftotext() {
        return;
    }
    let puzzle = first_sixteen();
    let solution = solution_of(&[], &puzzle);
    let (line, masks) = position_16(&puzzle, &solution);
    let (_dir, book) = book_of(&format!("{line}\n"));
    let pages = pdf_boxes(&book);
    assert_eq!(pages.len(), 2, "a puzzle page and an answer page");
    let slot = Layout::new(Paper::A4, 1).slots[0];
    let cell = slot.size / 16.0;
    // Candidates are drawn 4 to a row in a square of 0.9 of the cell.
    let pitch = cell * 0.9 / 4.0;
    let mut big = vec!['.'; 256];
    let mut drawn = vec![0u32; 256];
    for w in &pages[0] {
        let chars: Vec<char> = w.text.chars().collect();
        for (k, ch) in chars.iter().enumerate() {
            let x = w.x0 + (w.x1 - w.x0) * (k as f32 + 0.5) / chars.len() as f32;
            let y = (w.y0 + w.y1) / 2.0;
            let (c, r) = ((x - slot.x) / cell, (y - slot.y) / cell);
            if !(0.0..16.0).contains(&c) || !(0.0..16.0).contains(&r) {
                continue;
            }
            let i = r as usize * 16 + c as usize;
            if w.y1 - w.y0 > 0.4 * cell {
                assert_eq!(big[i], '.', "two symbols in cell {i}");
                big[i] = *ch;
                continue;
            }
            let v = "123456789ABCDEFG".find(*ch).expect("a symbol") as u32;
            // Its place in the cell's 4x4 square of candidates.
            let (cx, cy) = (
                slot.x + cell * (c.floor() + 0.5),
                slot.y + cell * (r.floor() + 0.5),
            );
            let place = (
                ((x - cx) / pitch + 1.5).round() as u32,
                ((y - cy) / pitch + 1.5).round() as u32,
            );
            assert_eq!(place, (v % 4, v / 4), "{ch} in cell {i}");
            drawn[i] |= 1 << v;
        }
    }
    // Cells with one candidate are filled: the puzzle's givens and no more here.
    let filled: String = masks
        .iter()
        .map(|&m| {
            if m.count_ones() == 1 {
                "123456789ABCDEFG".as_bytes()[m.trailing_zeros() as usize] as char
            } else {
                '.'
            }
        })
        .collect();
    assert_eq!(big.iter().collect::<String>(), filled);
    assert!(masks.iter().any(|&m| m.count_ones() > 1));
    for i in 0..256 {
        let expected = if masks[i].count_ones() == 1 {
            0
        } else {
            masks[i]
        };
        assert_eq!(
            drawn[i],
            expected,
            "candidates of r{}c{}",
            i / 16 + 1,
            i % 16 + 1
        );
    }
    // The answer page shows the solution, without marks.
    let answers = Layout::new(Paper::A4, ANSWERS_PER_PAGE);
    let words: Vec<(f32, f32, String)> = pages[1]
        .iter()
        .map(|w| ((w.x0 + w.x1) / 2.0, (w.y0 + w.y1) / 2.0, w.text.clone()))
        .collect();
    assert_eq!(grid_in(&words, &answers.slots[0], 16), solution);
}

#[test]
fn a_position_whose_marks_rule_out_the_solution_is_an_error_naming_the_cell() {
    let puzzle = first_sixteen();
    let solution = solution_of(&[], &puzzle);
    let (line, masks) = position_16(&puzzle, &solution);
    // Take the solution's symbol out of the first cell with several candidates.
    let cell = (0..256).find(|&i| masks[i].count_ones() > 1).unwrap();
    let symbol = solution.as_bytes()[cell] as char;
    let at = cell * 16 + "123456789ABCDEFG".find(symbol).unwrap();
    let mut wrong = line.into_bytes();
    wrong[at] = b'.';
    let wrong = String::from_utf8(wrong).unwrap();
    let dir = temp_files(&[("pos.txt", format!("{wrong}\n").as_bytes())]);
    let book = dir.path().join("pos.pdf");
    let input = dir.path().join("pos.txt");
    let args = [
        "print",
        "--solutions",
        "-o",
        book.to_str().unwrap(),
        input.to_str().unwrap(),
    ];
    let r = run(&args, None);
    r.expect_code(2);
    let name = format!("r{}c{}", cell / 16 + 1, cell % 16 + 1);
    assert!(
        r.stderr.contains(&format!("rule out {symbol} in {name}")),
        "{}",
        r.stderr
    );
}
