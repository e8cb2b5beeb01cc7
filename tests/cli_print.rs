//! `sudoku print` as a user runs it: the PDF read back with poppler's `pdftotext -bbox` (which
//! puzzle on which page, each digit in its cell by position, page counts, answer pages, page
//! numbers), checked by `qpdf --check`; SVG sheets and HTML pages; errors and exit codes.
//!
//! The PDF tests need poppler-utils and qpdf. Without them they fail when `CI` is set, and
//! otherwise print "skipped: needs ..." and pass. The test of the HTML page's print style
//! prints it with headless Chromium when one is installed, and says it skips otherwise.

mod common;

use std::path::Path;
use std::process::Command;

use common::*;
use sudoku::draw::sheet::{ANSWERS_PER_PAGE, Layout, Paper, Slot};

/// Whether `tool` runs; when it does not, fails under CI and says it skips otherwise.
fn have(tool: &str) -> bool {
    let ok = Command::new(tool)
        .arg(if tool == "qpdf" { "--version" } else { "-v" })
        .output()
        .is_ok_and(|o| o.status.success() || !o.stderr.is_empty());
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "needs {tool} (apt-get install poppler-utils qpdf)"
        );
        eprintln!("skipped: needs {tool} (apt-get install poppler-utils qpdf)");
    }
    ok
}

fn have_tools() -> bool {
    have("pdftotext") && have("qpdf")
}

/// A word of `pdftotext -bbox`: its box (points, from the top-left) and text.
#[derive(Debug, Clone)]
struct Word {
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
    text: String,
}

impl Word {
    fn height(&self) -> f32 {
        self.y1 - self.y0
    }
}

/// A page as `pdftotext -bbox` reads it.
#[derive(Debug)]
struct PdfPage {
    width: f32,
    height: f32,
    words: Vec<Word>,
}

fn attr(tag: &str, name: &str) -> f32 {
    let at = tag
        .find(&format!("{name}=\""))
        .unwrap_or_else(|| panic!("no {name} in {tag}"));
    let rest = &tag[at + name.len() + 2..];
    rest[..rest.find('"').unwrap()].parse().unwrap()
}

/// The pages of a PDF file, read back by poppler.
fn read_pdf(path: &Path) -> Vec<PdfPage> {
    let out = Command::new("pdftotext")
        .arg("-bbox")
        .arg(path)
        .arg("-")
        .output()
        .expect("pdftotext");
    assert!(
        out.status.success(),
        "pdftotext: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let mut pages: Vec<PdfPage> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with("<page ") {
            pages.push(PdfPage {
                width: attr(line, "width"),
                height: attr(line, "height"),
                words: Vec::new(),
            });
        } else if line.starts_with("<word ") {
            let start = line.find('>').unwrap() + 1;
            let end = line.rfind("</word>").unwrap();
            pages
                .last_mut()
                .expect("a word outside a page")
                .words
                .push(Word {
                    x0: attr(line, "xMin"),
                    y0: attr(line, "yMin"),
                    x1: attr(line, "xMax"),
                    y1: attr(line, "yMax"),
                    text: line[start..end]
                        .replace("&amp;", "&")
                        .replace("&lt;", "<")
                        .replace("&gt;", ">"),
                });
        }
    }
    pages
}

fn qpdf_check(path: &Path) {
    let out = Command::new("qpdf")
        .arg("--check")
        .arg(path)
        .output()
        .expect("qpdf");
    assert!(
        out.status.success(),
        "qpdf --check: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The digits drawn in a slot: each single-digit word whose height is more than `min` of a
/// cell (the big digits) or less (candidates), placed in the cell under its centre. A word of
/// several digits (candidates set close together) is split evenly across its width.
fn digits_in(page: &PdfPage, slot: &Slot, big: bool) -> Vec<(usize, u8)> {
    let mut found = Vec::new();
    for w in &page.words {
        if !w.text.bytes().all(|b| b.is_ascii_digit()) || (w.height() > 0.4 * slot.cell()) != big {
            continue;
        }
        let n = w.text.len() as f32;
        for (k, b) in w.text.bytes().enumerate() {
            let x = w.x0 + (w.x1 - w.x0) * (k as f32 + 0.5) / n;
            let y = (w.y0 + w.y1) / 2.0;
            if let Some(cell) = slot.cell_at(x, y) {
                found.push((cell, b - b'0'));
            }
        }
    }
    found
}

/// The grid drawn in a slot; panics if a cell holds two big digits.
fn grid_in(page: &PdfPage, slot: &Slot) -> [u8; 81] {
    let mut cells = [0u8; 81];
    for (cell, d) in digits_in(page, slot, true) {
        assert_eq!(cells[cell], 0, "two digits in cell {cell}");
        cells[cell] = d;
    }
    cells
}

/// The number printed just above a slot's top-left corner.
fn label_of(page: &PdfPage, slot: &Slot) -> Option<u64> {
    page.words
        .iter()
        .find(|w| (w.x0 - slot.x).abs() < 2.0 && w.y1 <= slot.y + 1.0 && w.y1 > slot.y - 20.0)
        .and_then(|w| w.text.parse().ok())
}

fn paper_of(page: &PdfPage) -> Paper {
    if (page.width - 612.0).abs() < 1.0 {
        Paper::Letter
    } else {
        assert!((page.width - 595.28).abs() < 1.0 && (page.height - 841.89).abs() < 1.0);
        Paper::A4
    }
}

/// The page number at the bottom: the lowest word on the page.
fn page_number(page: &PdfPage) -> String {
    let w = page
        .words
        .iter()
        .max_by(|a, b| a.y0.total_cmp(&b.y0))
        .expect("an empty page");
    w.text.clone()
}

/// `count` random puzzles (not necessarily proper: print does not care), as lines.
fn random_puzzles(count: usize, seed: u64) -> Vec<String> {
    let mut rng = Rng(seed);
    (0..count)
        .map(|_| {
            let grid = random_grid(&mut rng);
            line_of(&blank_cells(&grid, 50, &mut rng))
        })
        .collect()
}

#[test]
fn each_page_holds_its_puzzles_in_order_with_every_given_in_its_cell() {
    if !have_tools() {
        return;
    }
    let puzzles = random_puzzles(11, 7);
    let input = puzzles.join("\n") + "\n";
    let dir = temp_files(&[("in.txt", input.as_bytes())]);
    for (per_page, paper) in [(1, "a4"), (2, "letter"), (4, "a4"), (6, "letter")] {
        let out = dir.path().join(format!("book{per_page}.pdf"));
        let pp = per_page.to_string();
        let args = [
            "print",
            "in.txt",
            "-o",
            out.to_str().unwrap(),
            "--per-page",
            &pp,
        ];
        run_in(dir.path(), &[&args[..], &["--paper", paper]].concat(), None).expect_code(0);
        qpdf_check(&out);
        let pages = read_pdf(&out);
        assert_eq!(
            pages.len(),
            puzzles.len().div_ceil(per_page),
            "{per_page} a page"
        );
        for (p, page) in pages.iter().enumerate() {
            let layout = Layout::new(paper_of(page), per_page);
            assert_eq!(paper_of(page) == Paper::Letter, paper == "letter");
            assert_eq!(page_number(page), (p + 1).to_string());
            for (s, slot) in layout.slots.iter().enumerate() {
                let k = p * per_page + s;
                let Some(puzzle) = puzzles.get(k) else {
                    assert_eq!(grid_in(page, slot), [0; 81], "an empty slot");
                    continue;
                };
                assert_eq!(label_of(page, slot), Some(k as u64 + 1));
                assert_eq!(
                    line_of(&grid_in(page, slot)),
                    *puzzle,
                    "puzzle {} on page {} of {per_page} a page",
                    k + 1,
                    p + 1
                );
            }
        }
    }
}

#[test]
fn answer_pages_follow_the_puzzles_numbered_to_match() {
    if !have_tools() {
        return;
    }
    let puzzles: Vec<String> = samples("easy.txt").into_iter().map(|s| s.puzzle).collect();
    let n = puzzles.len();
    assert!(n > ANSWERS_PER_PAGE, "two answer pages wanted");
    let dir = temp_files(&[]);
    let out = dir.path().join("answers.pdf");
    let easy = puzzle_path("easy.txt");
    let args = [
        "print",
        easy.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--solutions",
        "--paper",
        "a4",
        "--title",
        "Easy (1)",
    ];
    run(&args, None).expect_code(0);
    qpdf_check(&out);
    let pages = read_pdf(&out);
    let puzzle_pages = n.div_ceil(4);
    assert_eq!(pages.len(), puzzle_pages + n.div_ceil(ANSWERS_PER_PAGE));
    let layout = Layout::new(Paper::A4, ANSWERS_PER_PAGE);
    let mut seen = 0;
    for (a, page) in pages[puzzle_pages..].iter().enumerate() {
        let words: Vec<&str> = page.words.iter().map(|w| w.text.as_str()).collect();
        assert!(
            words.starts_with(&["Easy", "(1):", "solutions"]),
            "{words:?}"
        );
        assert_eq!(page_number(page), (puzzle_pages + a + 1).to_string());
        for (s, slot) in layout.slots.iter().enumerate() {
            let k = a * ANSWERS_PER_PAGE + s;
            let Some(puzzle) = puzzles.get(k) else {
                continue;
            };
            assert_eq!(label_of(page, slot), Some(k as u64 + 1));
            assert_solves(
                &cells(puzzle),
                &grid_in(page, slot),
                &format!("answer {}", k + 1),
            );
            seen += 1;
        }
    }
    assert_eq!(seen, n);
    // The title heads the puzzle pages too.
    let first: Vec<&str> = pages[0].words.iter().map(|w| w.text.as_str()).collect();
    assert!(first.starts_with(&["Easy", "(1)"]), "{first:?}");
}

#[test]
fn a_position_shows_its_candidates_small_in_their_cells() {
    if !have_tools() {
        return;
    }
    // A puzzle's candidates, worked out here: the digits no peer holds.
    let puzzle = cells(&samples("easy.txt")[0].puzzle);
    let mut marks = [0u16; 81];
    for (i, m) in marks.iter_mut().enumerate() {
        *m = if puzzle[i] != 0 {
            1 << (puzzle[i] - 1)
        } else {
            let peers = units()
                .into_iter()
                .filter(|u| u.contains(&i))
                .flatten()
                .filter(|&j| puzzle[j] != 0)
                .fold(0u16, |m, j| m | 1 << (puzzle[j] - 1));
            0x1ff & !peers
        };
    }
    let line: String = marks
        .iter()
        .flat_map(|&m| {
            (1..=9u8).map(move |d| {
                if m >> (d - 1) & 1 == 1 {
                    (b'0' + d) as char
                } else {
                    '.'
                }
            })
        })
        .collect();
    let dir = temp_files(&[("pos.txt", format!("{line}\n").as_bytes())]);
    let out = dir.path().join("pos.pdf");
    let args = [
        "print",
        "pos.txt",
        "-o",
        out.to_str().unwrap(),
        "--per-page",
        "1",
        "--paper",
        "a4",
    ];
    run_in(dir.path(), &args, None).expect_code(0);
    let pages = read_pdf(&out);
    let slot = Layout::new(Paper::A4, 1).slots[0];
    // A cell with one candidate is filled: a digit; the others show their candidates.
    let single = |m: u16| m.count_ones() == 1;
    let filled: [u8; 81] = std::array::from_fn(|i| {
        if single(marks[i]) {
            marks[i].trailing_zeros() as u8 + 1
        } else {
            0
        }
    });
    assert!(
        filled.iter().filter(|&&d| d != 0).count() > puzzle.iter().filter(|&&d| d != 0).count()
    );
    assert_eq!(grid_in(&pages[0], &slot), filled);
    let mut drawn = [0u16; 81];
    for (cell, d) in digits_in(&pages[0], &slot, false) {
        drawn[cell] |= 1 << (d - 1);
    }
    for i in 0..81 {
        let expected = if single(marks[i]) { 0 } else { marks[i] };
        assert_eq!(
            drawn[i],
            expected,
            "candidates of r{}c{}",
            i / 9 + 1,
            i % 9 + 1
        );
    }
}

#[test]
fn ratings_show_under_the_puzzles_that_have_one() {
    if !have_tools() {
        return;
    }
    const EASY: &str =
        ".15...836.2368.7...87.3.1.45...97..31...53647..2..6..8.3.4.89658.451.3....9.62...";
    const HARD: &str =
        ".....86..3...2...7..76....197....4...3....1..24.....5...539..8........1.....74..5";
    const TWO: &str =
        "3...8...4489.13..767..24.8.2...458....4..93....82..645..73.6.2.13.4..95.9..1.2.38";
    let dir = temp_files(&[]);
    let out = dir.path().join("r.pdf");
    let input = format!("{HARD}\n{TWO}\n{EASY}\n");
    let args = [
        "print",
        "-o",
        out.to_str().unwrap(),
        "--rating",
        "--paper",
        "a4",
    ];
    run(&args, Some(input.as_bytes())).expect_code(0);
    let page = &read_pdf(&out)[0];
    let layout = Layout::new(Paper::A4, 4);
    // The caption is the line of words just under each grid.
    let caption = |slot: &Slot| -> String {
        let bottom = slot.y + slot.size;
        page.words
            .iter()
            .filter(|w| {
                w.y0 > bottom
                    && w.y1 < bottom + 20.0
                    && w.x0 >= slot.x - 1.0
                    && w.x1 <= slot.x + slot.size
            })
            .map(|w| w.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(caption(&layout.slots[0]), "ER 7.1 diabolical");
    assert_eq!(caption(&layout.slots[1]), "", "two solutions: no rating");
    assert_eq!(caption(&layout.slots[2]), "ER 1.2 easy");
}

#[test]
fn stdout_gets_the_same_pdf_as_a_file() {
    let input = random_puzzles(5, 3).join("\n");
    let dir = temp_files(&[]);
    let out = dir.path().join("f.pdf");
    let file = run(
        &["print", "-o", out.to_str().unwrap(), "--paper", "a4"],
        Some(input.as_bytes()),
    );
    file.expect_code(0);
    let piped = run(
        &["print", "-o", "-", "--format", "pdf", "--paper", "a4"],
        Some(input.as_bytes()),
    );
    piped.expect_code(0);
    assert!(piped.raw_stdout.starts_with(b"%PDF-"));
    assert!(piped.raw_stdout.ends_with(b"%%EOF\n"));
    assert_eq!(piped.raw_stdout, std::fs::read(&out).unwrap());
}

#[test]
fn bad_lines_are_reported_where_they_are_and_the_others_are_printed() {
    if !have_tools() {
        return;
    }
    let puzzles = random_puzzles(3, 11);
    let input = format!(
        "{}\n{}x\n{}\n.5...5{}\n{}\n",
        puzzles[0],
        &puzzles[1][..80],
        puzzles[1],
        ".".repeat(75),
        puzzles[2]
    );
    let dir = temp_files(&[("in.txt", input.as_bytes())]);
    let r = run_in(dir.path(), &["print", "in.txt", "-o", "out.pdf"], None);
    r.expect_code(2);
    assert!(
        r.stderr.contains("in.txt:2:81: invalid character 'x'"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains("in.txt:4:6: digit 5 appears twice in row 1"),
        "{}",
        r.stderr
    );
    let pages = read_pdf(&dir.path().join("out.pdf"));
    let layout = Layout::new(paper_of(&pages[0]), 4);
    let drawn: Vec<String> = layout.slots[..3]
        .iter()
        .map(|s| line_of(&grid_in(&pages[0], s)))
        .collect();
    assert_eq!(drawn, puzzles);
    assert_eq!(grid_in(&pages[0], &layout.slots[3]), [0; 81]);
}

/// The files in `dir`, sorted.
fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn usage_errors_say_what_is_accepted() {
    let dir = temp_files(&[("in.txt", random_puzzles(2, 5).join("\n").as_bytes())]);
    let r = run_in(
        dir.path(),
        &["print", "in.txt", "-o", "a.pdf", "--per-page", "5"],
        None,
    );
    r.expect_code(2);
    assert!(r.stderr.contains("1, 2, 4, 6"), "{}", r.stderr);
    let r = run_in(dir.path(), &["print", "in.txt", "-o", "a.png"], None);
    r.expect_code(2);
    assert!(r.stderr.contains(".pdf, .svg or .html"), "{}", r.stderr);
    let r = run_in(dir.path(), &["print", "in.txt", "-o", "-"], None);
    r.expect_code(2);
    assert!(r.stderr.contains("--format"), "{}", r.stderr);
    let r = run_in(
        dir.path(),
        &["print", "in.txt", "-o", "a.pdf", "--paper", "a5"],
        None,
    );
    r.expect_code(2);
    assert!(
        r.stderr.contains("a4") && r.stderr.contains("letter"),
        "{}",
        r.stderr
    );
    assert_eq!(files_in(dir.path()), ["in.txt"]);
}

#[test]
fn an_unwritable_output_is_an_error_and_leaves_nothing_behind() {
    let dir = temp_files(&[("in.txt", random_puzzles(2, 5).join("\n").as_bytes())]);
    let r = run_in(
        dir.path(),
        &["print", "in.txt", "-o", "no/such/dir/a.pdf"],
        None,
    );
    r.expect_code(2);
    assert!(
        r.stderr
            .starts_with("sudoku: cannot write no/such/dir/a.pdf: "),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains(".tmp"), "{}", r.stderr);
    // A directory in the way of the file.
    std::fs::create_dir(dir.path().join("d.pdf")).unwrap();
    let r = run_in(dir.path(), &["print", "in.txt", "-o", "d.pdf"], None);
    r.expect_code(2);
    assert!(r.stderr.contains("cannot write d.pdf"), "{}", r.stderr);
    // An SVG sheet that would overflow is refused whole, and no temporary file stays.
    let many = random_puzzles(3, 9).join("\n");
    let r = run_in(
        dir.path(),
        &["print", "-o", "s.svg", "--per-page", "2"],
        Some(many.as_bytes()),
    );
    r.expect_code(2);
    assert!(
        r.stderr.contains("SVG sheet holds 2 puzzles"),
        "{}",
        r.stderr
    );
    // No input puzzle: nothing to write.
    let r = run_in(dir.path(), &["print", "-o", "e.pdf"], Some(b"# nothing\n"));
    r.expect_code(2);
    assert_eq!(files_in(dir.path()), ["d.pdf", "in.txt"]);
}

#[test]
fn an_existing_file_is_replaced_only_when_the_new_one_is_complete() {
    let dir = temp_files(&[("in.txt", random_puzzles(2, 5).join("\n").as_bytes())]);
    std::fs::write(dir.path().join("s.svg"), "old").unwrap();
    // Too many puzzles for the sheet: the old file stays as it was.
    let many = random_puzzles(3, 9).join("\n");
    let r = run_in(
        dir.path(),
        &["print", "-o", "s.svg", "--per-page", "1"],
        Some(many.as_bytes()),
    );
    r.expect_code(2);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("s.svg")).unwrap(),
        "old"
    );
    run_in(dir.path(), &["print", "in.txt", "-o", "s.svg"], None).expect_code(0);
    assert!(
        std::fs::read_to_string(dir.path().join("s.svg"))
            .unwrap()
            .starts_with("<?xml")
    );
    assert_eq!(files_in(dir.path()), ["in.txt", "s.svg"]);
}

/// The big digits of an SVG sheet: `<text>` elements whose size is over half a cell, with
/// their x and y.
fn svg_digits(svg: &str, slot: &Slot) -> [u8; 81] {
    let mut cells = [0u8; 81];
    for part in svg.split("<text ").skip(1) {
        let (tag, rest) = part.split_once('>').unwrap();
        let text = &rest[..rest.find("</text>").unwrap()];
        if text.len() != 1 || !text.as_bytes()[0].is_ascii_digit() {
            continue;
        }
        let size = attr(tag, "font-size");
        if size < 0.4 * slot.cell() {
            continue;
        }
        // x is the middle of the digit, y its baseline: the cell is above the baseline.
        let (x, y) = (attr(tag, "x"), attr(tag, "y") - 0.3 * size);
        if let Some(cell) = slot.cell_at(x, y) {
            cells[cell] = text.as_bytes()[0] - b'0';
        }
    }
    cells
}

#[test]
fn an_svg_sheet_is_one_page_of_the_book() {
    let puzzles = random_puzzles(2, 21);
    let input = puzzles.join("\n");
    let r = run(
        &[
            "print",
            "-o",
            "-",
            "--format",
            "svg",
            "--per-page",
            "2",
            "--paper",
            "letter",
        ],
        Some(input.as_bytes()),
    );
    r.expect_code(0);
    let svg = &r.stdout;
    assert!(svg.starts_with("<?xml"));
    assert!(svg.contains("width=\"612pt\" height=\"792pt\""));
    let layout = Layout::new(Paper::Letter, 2);
    // Each puzzle's part of the file: from its grid's <use> to the next one.
    let parts: Vec<&str> = svg.split("<use ").skip(1).collect();
    assert_eq!(parts.len(), 2);
    for (k, part) in parts.iter().enumerate() {
        let cells = svg_digits(part, &layout.slots[k]);
        assert_eq!(line_of(&cells), puzzles[k]);
    }
}

#[test]
fn an_html_page_is_self_contained_with_a_sheet_per_printed_page() {
    let puzzles = random_puzzles(7, 4);
    let dir = temp_files(&[("in.txt", puzzles.join("\n").as_bytes())]);
    let r = run_in(
        dir.path(),
        &[
            "print",
            "in.txt",
            "-o",
            "p.html",
            "--per-page",
            "2",
            "--solutions",
            "--title",
            "A & B",
            "--paper",
            "a4",
        ],
        None,
    );
    // Random puzzles may have several solutions: status 1 then, and the page still written.
    assert!(matches!(r.code, Some(0 | 1)), "{}", r.stderr);
    let html = std::fs::read_to_string(dir.path().join("p.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.trim_end().ends_with("</html>"));
    assert!(html.contains("<title>A &amp; B</title>"));
    assert!(html.contains("@media print") && html.contains("break-after: page"));
    for outside in ["<script", "<link", "src=", "url(", "@import"] {
        assert!(!html.contains(outside), "{outside}");
    }
    // 4 sheets of puzzles, 1 of answers.
    assert_eq!(
        html.matches("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"sheet\"")
            .count(),
        5
    );
    let layout = Layout::new(Paper::A4, 2);
    let first = html.split("class=\"sheet\"").nth(1).unwrap();
    let part = first.split("<use ").nth(1).unwrap();
    assert!(html.contains("size: A4"));
    assert_eq!(line_of(&svg_digits(part, &layout.slots[0])), puzzles[0]);
}

/// Starts `sudoku print -o book.pdf` in `dir` reading stdin, which stays open, and waits until
/// its temporary file is there (so its Ctrl-C handler is in place).
#[cfg(unix)]
fn printing_from_open_stdin(dir: &Path) -> (std::process::Child, std::process::ChildStdin) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = sudoku()
        .args(["print", "-q", "-o", "book.pdf", "-"])
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(random_puzzles(9, 2).join("\n").as_bytes())
        .unwrap();
    stdin.write_all(b"\n").unwrap();
    stdin.flush().unwrap();
    let start = std::time::Instant::now();
    while !files_in(dir)
        .iter()
        .any(|f| f.starts_with(".sudoku-print-"))
    {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(30),
            "no temporary file"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    (child, stdin)
}

#[cfg(unix)]
fn interrupt(child: &std::process::Child) {
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
}

#[cfg(unix)]
#[test]
fn ctrl_c_leaves_no_file_even_when_it_ends_the_program_at_once() {
    // A second Ctrl-C exits at once; the first one alone, two seconds later (stdin stays
    // open, so the run cannot end by itself).
    for twice in [true, false] {
        let dir = temp_files(&[]);
        let (mut child, _stdin) = printing_from_open_stdin(dir.path());
        let _dog = Watchdog::new(&child);
        interrupt(&child);
        if twice {
            std::thread::sleep(std::time::Duration::from_millis(50));
            interrupt(&child);
        }
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(130), "{status:?}");
        assert_eq!(files_in(dir.path()), Vec::<String>::new(), "twice: {twice}");
    }
}

/// The browser for the print-CSS test, if one is installed.
fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| {
            Command::new(b)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
}

#[test]
fn a_browser_prints_the_html_page_one_sheet_a_page() {
    if !have_tools() {
        return;
    }
    let Some(browser) = chromium() else {
        skip_or_fail("needs chromium to print the HTML page");
        return;
    };
    let puzzles = random_puzzles(9, 13);
    let dir = temp_files(&[("in.txt", puzzles.join("\n").as_bytes())]);
    let args = [
        "print",
        "in.txt",
        "-o",
        "p.html",
        "--per-page",
        "2",
        "--paper",
        "a4",
    ];
    run_in(dir.path(), &args, None).expect_code(0);
    let page = dir.path().join("p.html");
    let pdf = dir.path().join("p.pdf");
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-pdf-header-footer",
        ])
        .arg(format!("--print-to-pdf={}", pdf.display()))
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium");
    assert!(pdf.exists(), "{}", String::from_utf8_lossy(&out.stderr));
    let pages = read_pdf(&pdf);
    // 9 puzzles, 2 a sheet: 5 printed pages, A4, each with its puzzles in order.
    assert_eq!(pages.len(), 5);
    for (p, page) in pages.iter().enumerate() {
        assert_eq!(paper_of(page), Paper::A4);
        let layout = Layout::new(Paper::A4, 2);
        for (s, slot) in layout.slots.iter().enumerate() {
            if let Some(puzzle) = puzzles.get(2 * p + s) {
                assert_eq!(line_of(&grid_in(page, slot)), *puzzle, "page {}", p + 1);
            }
        }
    }
}
