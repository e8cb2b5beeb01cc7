//! The pictures as files: `hint` and `explain --format svg` (well-formed XML, the step's
//! candidates marked as the JSON says), and the explain page as written (self-contained, the
//! JSON records embedded unchanged). The page in a real browser: tests/browser.rs.

mod common;

use std::collections::BTreeSet;

use common::*;
use serde_json::Value;

/// An element: its name, attributes, and the text directly inside it.
type Element = (String, Vec<(String, String)>, String);

/// A small XML well-formedness check, enough for the SVG we write: tags nest and close,
/// attributes are quoted, `&` starts only the four entities we use, `<` never stands in text.
/// Returns the elements as (name, attributes, text directly inside).
fn parse_xml(text: &str) -> Vec<Element> {
    let mut elements = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    let mut rest = text;
    let check_text = |t: &str| {
        let mut s = t;
        while let Some(at) = s.find('&') {
            let after = &s[at..];
            assert!(
                ["&lt;", "&gt;", "&amp;", "&quot;"]
                    .iter()
                    .any(|e| after.starts_with(e)),
                "bad entity: {}",
                &after[..after.len().min(10)]
            );
            s = &after[1..];
        }
    };
    while let Some(open) = rest.find('<') {
        let before = &rest[..open];
        check_text(before);
        if let Some(&top) = stack.last() {
            let el: &mut Element = &mut elements[top];
            el.2.push_str(before);
        } else {
            assert!(
                before.trim().is_empty(),
                "text outside the root: {before:?}"
            );
        }
        let close = rest[open..].find('>').expect("a tag ends") + open;
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let top = stack.pop().expect("a closing tag closes an open one");
            assert_eq!(elements[top].0, name, "tags nest");
            continue;
        }
        let empty = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let (name, mut attrs_text) = tag.split_once(char::is_whitespace).unwrap_or((tag, ""));
        assert!(
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
            "tag name {name:?}"
        );
        let mut attrs = Vec::new();
        loop {
            attrs_text = attrs_text.trim_start();
            if attrs_text.is_empty() {
                break;
            }
            let (key, after) = attrs_text.split_once("=\"").expect("attribute=\"value\"");
            let end = after.find('"').expect("closing quote");
            let value = &after[..end];
            check_text(value);
            assert!(!value.contains('<'));
            attrs.push((key.trim().to_string(), value.to_string()));
            attrs_text = &after[end + 1..];
        }
        elements.push((name.to_string(), attrs, String::new()));
        if !empty {
            stack.push(elements.len() - 1);
        }
    }
    assert!(stack.is_empty(), "every element closed");
    assert!(rest.trim().is_empty());
    elements
}

fn attr<'a>(el: &'a Element, key: &str) -> Option<&'a str> {
    el.1.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// The candidates drawn with this class, as `(row, column, digit)`.
fn marked(elements: &[Element], class: &str) -> BTreeSet<(u64, u64, u64)> {
    elements
        .iter()
        .filter(|e| e.0 == "text" && attr(e, "class") == Some(class))
        .map(|e| {
            let n = |k| attr(e, k).unwrap().parse::<u64>().unwrap();
            (n("data-r"), n("data-c"), n("data-d"))
        })
        .collect()
}

fn triples(v: &Value) -> BTreeSet<(u64, u64, u64)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t[0].as_u64().unwrap(),
                t[1].as_u64().unwrap(),
                t[2].as_u64().unwrap(),
            )
        })
        .collect()
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// The caption's lines joined (a long step is wrapped over several), without blanks.
fn caption(elements: &[Element]) -> String {
    elements
        .iter()
        .filter(|e| e.0 == "text" && attr(e, "font-weight") == Some("700"))
        .map(|e| unescape(&e.2))
        .collect::<String>()
        .replace(' ', "")
}

fn text_of(step: &Value) -> String {
    step["text"].as_str().unwrap().replace(' ', "")
}

#[test]
fn hint_svg_is_well_formed_and_marks_the_step_of_the_json() {
    for sample in samples("hard.txt").iter().take(6) {
        let line = format!("{}\n", sample.puzzle);
        let json = run(&["hint", "--format", "json", "-q"], Some(line.as_bytes()));
        json.expect_code(0);
        let record: Value = serde_json::from_str(json.stdout.trim()).unwrap();
        let step = &record["steps"][0];
        let svg = run(&["hint", "--format", "svg", "-q"], Some(line.as_bytes()));
        svg.expect_code(0);
        assert!(
            svg.stdout
                .starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"")
        );
        let elements = parse_xml(&svg.stdout);
        assert_eq!(elements[0].0, "svg");
        assert_eq!(marked(&elements, "c x"), triples(&step["eliminations"]));
        assert_eq!(marked(&elements, "c o"), triples(&step["placements"]));
        // Every cell of the pattern shows the pattern's digits it still holds as marked.
        let pattern = marked(&elements, "c p");
        for cell in step["evidence"]["cells"].as_array().unwrap() {
            let (r, c) = (cell[0].as_u64().unwrap(), cell[1].as_u64().unwrap());
            let removed_or_placed = triples(&step["eliminations"])
                .union(&triples(&step["placements"]))
                .any(|t| (t.0, t.1) == (r, c));
            assert!(
                removed_or_placed || pattern.iter().any(|t| (t.0, t.1) == (r, c)),
                "r{r}c{c} of {}",
                step["text"]
            );
        }
        assert_eq!(caption(&elements), text_of(step));
    }
}

#[test]
fn explain_svg_draws_the_chosen_step_or_the_hardest() {
    let line = format!("{}\n", samples("hard.txt")[0].puzzle);
    let json = run(
        &["explain", "--format", "json", "-q"],
        Some(line.as_bytes()),
    );
    let record: Value = serde_json::from_str(json.stdout.trim()).unwrap();
    let steps = record["steps"].as_array().unwrap();
    let n = steps.len();
    for k in [1, n / 2, n] {
        let r = run(
            &["explain", "--format", "svg", "--step", &k.to_string(), "-q"],
            Some(line.as_bytes()),
        );
        r.expect_code(0);
        let elements = parse_xml(&r.stdout);
        assert_eq!(caption(&elements), text_of(&steps[k - 1]));
        assert_eq!(
            marked(&elements, "c x"),
            triples(&steps[k - 1]["eliminations"])
        );
    }
    // By default the first step of the hardest technique; its chain drawn link by link.
    let hardest = record["hardest"]["name"].as_str().unwrap();
    let first = steps.iter().find(|s| s["name"] == hardest).unwrap();
    let r = run(&["explain", "--format", "svg", "-q"], Some(line.as_bytes()));
    let elements = parse_xml(&r.stdout);
    assert_eq!(caption(&elements), text_of(first));
    let links: usize = first["evidence"]["chains"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_array().unwrap().len())
        .sum();
    let paths = elements
        .iter()
        .filter(|e| attr(e, "class").is_some_and(|c| c.starts_with("link")))
        .count();
    assert_eq!(paths, links);
    // A step past the end: nothing drawn, a note, exit status 1.
    let r = run(
        &["explain", "--format", "svg", "--step", "999", "-q"],
        Some(line.as_bytes()),
    );
    r.expect_code(1);
    assert!(r.stdout.is_empty());
    assert!(
        r.stderr
            .contains(&format!("no step 999: {n} steps, nothing drawn")),
        "{}",
        r.stderr
    );
}

#[test]
fn explain_page_is_self_contained_and_embeds_the_json_records() {
    let path = puzzle_path("easy.txt");
    let path = path.to_str().unwrap();
    let json = run(&["explain", "--format", "json", "-q", path], None);
    let page = run(&["explain", "--format", "html", "-q", path], None);
    page.expect_code(0);
    let html = &page.stdout;
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.trim_end().ends_with("</html>"));
    // Nothing from the network: no address but the SVG namespace's name, no src attribute,
    // no link element, no @import.
    let without_ns = html.replace("\"http://www.w3.org/2000/svg\"", "");
    assert!(!without_ns.contains("http:") && !without_ns.contains("https:"));
    assert!(!html.contains(" src=") && !html.contains("<link") && !html.contains("@import"));
    // One section per record, holding it unchanged but for '<' written as \u003c.
    let records: Vec<&str> = json.stdout.lines().collect();
    assert_eq!(
        html.matches("<section class=\"puzzle\">").count(),
        records.len()
    );
    for record in records {
        let embedded = record.replace('<', "\\u003c");
        assert!(html.contains(&format!(
            "<script type=\"application/json\">{embedded}</script>"
        )));
        let a: Value = serde_json::from_str(record).unwrap();
        let b: Value = serde_json::from_str(&embedded).unwrap();
        assert_eq!(a, b);
    }
}

#[test]
fn explain_json_of_a_position_gives_its_starting_marks() {
    // A position: the pencil marks of the puzzle, less one candidate of an open cell that
    // is not in its solution.
    let line = samples("easy.txt")[0].puzzle.clone();
    let solved = run(
        &["solve", "--format", "line", "-q"],
        Some(format!("{line}\n").as_bytes()),
    );
    let solution: Vec<u8> = solved.stdout.trim().bytes().take(81).collect();
    let cells: Vec<u8> = line.bytes().collect();
    let open = cells.iter().position(|&c| c == b'.').unwrap();
    let dropped = other(solution[open]);
    let mut marks = String::new();
    for (i, &c) in cells.iter().enumerate() {
        for d in b'1'..=b'9' {
            let keep = if c == b'.' {
                !(i == open && d == dropped)
            } else {
                c == d
            };
            marks.push(if keep { d as char } else { '.' });
        }
    }
    let r = run(
        &["explain", "--format", "json", "-q"],
        Some(format!("{marks}\n").as_bytes()),
    );
    let record: Value = serde_json::from_str(r.stdout.trim()).unwrap();
    let start = record["marks"].as_str().expect("marks for a position");
    assert_eq!(start.len(), 729);
    assert_eq!(start.as_bytes()[open * 9 + (dropped - b'1') as usize], b'.');
    // The solution's digit is still there.
    assert_eq!(
        start.as_bytes()[open * 9 + (solution[open] - b'1') as usize],
        solution[open]
    );
    // A plain puzzle has none.
    let r = run(
        &["explain", "--format", "json", "-q"],
        Some(format!("{line}\n").as_bytes()),
    );
    let record: Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert!(record.get("marks").is_none());
}

/// A digit other than `d`.
fn other(d: u8) -> u8 {
    if d == b'1' { b'2' } else { b'1' }
}

/// The JSON record in each section of a page with this section class.
fn page_records(html: &str, class: &str) -> Vec<Value> {
    let open = format!("<section class=\"{class}\">\n<script type=\"application/json\">");
    html.split(&open)
        .skip(1)
        .map(|part| {
            let json = part.split("</script>").next().unwrap();
            serde_json::from_str(json).unwrap()
        })
        .collect()
}

/// The `--trace` text lines of one puzzle as events: (kind, cell, digit), kind 0 forced,
/// 1 guess, 2 undo.
fn text_trace(stderr: &str) -> Vec<(u64, u64, u64)> {
    stderr
        .lines()
        .filter_map(|l| {
            let (_, rest) = l.split_once(": ")?;
            let mut words = rest.split(' ');
            let kind = match words.next()? {
                "place" => 0,
                "guess" => 1,
                "undo" => 2,
                _ => return None,
            };
            let cell = words.next()?;
            let (r, c) = cell.strip_prefix('r')?.split_once('c')?;
            let digit = words.nth(1)?.parse().ok()?;
            let cell = (r.parse::<u64>().ok()? - 1) * 9 + c.parse::<u64>().ok()? - 1;
            Some((kind, cell, digit))
        })
        .collect()
}

#[test]
fn search_page_is_self_contained_and_holds_the_trace_events() {
    for method in ["fast", "simple"] {
        let input = format!("{}\n", samples("easy.txt")[0].puzzle);
        let page = run(
            &[
                "solve", "--trace", "--format", "html", "--method", method, "-q",
            ],
            Some(input.as_bytes()),
        );
        page.expect_code(0);
        let html = &page.stdout;
        assert!(html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"));
        let without_ns = html.replace("\"http://www.w3.org/2000/svg\"", "");
        assert!(!without_ns.contains("http:") && !without_ns.contains("https:"));
        assert!(!html.contains(" src=") && !html.contains("<link") && !html.contains("@import"));
        let records = page_records(html, "trace");
        assert_eq!(records.len(), 1);
        let record = &records[0];
        assert_eq!(record["method"], method);
        assert_eq!(record["cut"], false);
        // The events are the text trace's, one for one.
        let text = run(
            &["solve", "--trace", "--method", method, "-q"],
            Some(input.as_bytes()),
        );
        let expected = text_trace(&text.stderr);
        let events: Vec<(u64, u64, u64)> = record["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                let e = e.as_u64().unwrap();
                (e / 1000, e / 10 % 100, e % 10)
            })
            .collect();
        assert!(!events.is_empty());
        assert_eq!(events, expected, "{method}");
        // The result under the replay is the grid record solve prints.
        let grid = run(&["solve", "--method", method, "-q"], Some(input.as_bytes()));
        assert_eq!(record["result"], grid.stdout.as_str());
    }
}

#[test]
fn search_page_says_when_the_trace_was_cut() {
    let input = format!("{}\n", samples("hard.txt")[0].puzzle);
    let page = run(
        &[
            "solve",
            "--trace",
            "--format",
            "html",
            "--method",
            "simple",
            "--trace-limit",
            "500",
            "-q",
        ],
        Some(input.as_bytes()),
    );
    page.expect_code(0);
    let record = &page_records(&page.stdout, "trace")[0];
    assert_eq!(record["cut"], true);
    assert_eq!(record["limit"], 500);
    assert_eq!(record["events"].as_array().unwrap().len(), 500);
    // The page's script words the notice.
    assert!(page.stdout.contains("The trace was cut"));
    // --format html without --trace, or with --all, is a usage error.
    let r = run(&["solve", "--format", "html", "-q"], Some(input.as_bytes()));
    r.expect_code(2);
    assert!(r.stderr.contains("add --trace"), "{}", r.stderr);
    let r = run(
        &["solve", "--trace", "--all", "--format", "html", "-q"],
        Some(input.as_bytes()),
    );
    r.expect_code(2);
}

/// A picture of another shape read back from its SVG: the board's margin and cell size (from
/// the column and row labels), and each cell's symbols by where they are drawn.
struct Board {
    n: usize,
    margin: f64,
    cell: f64,
}

impl Board {
    fn read(elements: &[Element], n: usize) -> Board {
        let label = |text: &str, key: &str| -> f64 {
            let e = elements
                .iter()
                .find(|e| e.0 == "text" && attr(e, "class") == Some("l") && e.2 == text)
                .unwrap_or_else(|| panic!("label {text}"));
            attr(e, key).unwrap().parse().unwrap()
        };
        let cell = label("c2", "x") - label("c1", "x");
        assert_eq!(label("r2", "y") - label("r1", "y"), cell);
        let margin = label("c1", "x") - cell / 2.0;
        assert_eq!(label("r1", "y") - cell / 2.0, margin);
        assert_eq!(
            label(&format!("c{n}"), "x"),
            margin + (n as f64 - 0.5) * cell
        );
        Board { n, margin, cell }
    }

    /// The cell (row, column from 0) a point is in, and where in it.
    fn at(&self, x: f64, y: f64) -> ((usize, usize), (f64, f64)) {
        let (c, r) = ((x - self.margin) / self.cell, (y - self.margin) / self.cell);
        assert!(
            (0.0..self.n as f64).contains(&c) && (0.0..self.n as f64).contains(&r),
            "({x}, {y}) off the board"
        );
        let (r0, c0) = (r.floor(), c.floor());
        let tenths = |v: f64| (v * self.cell * 10.0).round() / 10.0;
        ((r0 as usize, c0 as usize), (tenths(c - c0), tenths(r - r0)))
    }

    /// The shaded cells of one colour, as (row, column) from 1.
    fn shaded(&self, elements: &[Element], fill: &str) -> BTreeSet<(u64, u64)> {
        elements
            .iter()
            .filter(|e| e.0 == "rect" && attr(e, "fill") == Some(fill))
            .map(|e| {
                let v = |k| attr(e, k).unwrap().parse::<f64>().unwrap();
                assert_eq!(v("width"), self.cell);
                let ((r, c), (dx, dy)) = self.at(v("x") + 0.5, v("y") + 0.5);
                assert_eq!((dx, dy), (0.5, 0.5), "a shaded cell is a whole cell");
                (r as u64 + 1, c as u64 + 1)
            })
            .collect()
    }
}

/// Each cell's symbols in the grid of pencil marks a `--grid` output prints before the line
/// `before`: the value, or the candidates.
fn marks_grid(text: &str, before: &str, n: usize) -> Vec<BTreeSet<char>> {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| l.starts_with(before)).unwrap();
    let rows: Vec<&str> = lines[..at]
        .iter()
        .rev()
        .filter(|l| !l.starts_with('-'))
        .take(n)
        .copied()
        .collect();
    let mut cells = Vec::new();
    for row in rows.iter().rev() {
        let tokens: Vec<&str> = row.split_whitespace().filter(|t| *t != "|").collect();
        assert_eq!(tokens.len(), n, "{row}");
        cells.extend(tokens.iter().map(|t| t.chars().collect::<BTreeSet<char>>()));
    }
    cells
}

/// The cells of each region: the jigsaw's labels, or boxes `RxC`.
fn regions_of(record: &Value, n: usize) -> Vec<u8> {
    if let Some(labels) = record["regions"].as_str() {
        return labels.bytes().collect();
    }
    let (br, bc) = record["box"].as_str().unwrap().split_once('x').unwrap();
    let (br, bc): (usize, usize) = (br.parse().unwrap(), bc.parse().unwrap());
    (0..n * n)
        .map(|i| ((i / n / br) * (n / bc) + (i % n) / bc) as u8)
        .collect()
}

/// The straight lines drawn with this stroke width, as `(x1, y1, x2, y2)`.
fn strokes(elements: &[Element], width: &str) -> Vec<(f64, f64, f64, f64)> {
    elements
        .iter()
        .filter(|e| e.0 == "path" && attr(e, "stroke-width") == Some(width))
        .filter(|e| attr(e, "class").is_none())
        .map(|e| {
            let d = attr(e, "d").unwrap();
            let nums: Vec<f64> = d
                .trim_start_matches('M')
                .split(['L', ' '])
                .map(|v| v.parse().unwrap())
                .collect();
            (nums[0], nums[1], nums[2], nums[3])
        })
        .collect()
}

/// Checks the SVG of a step on a grid of another shape against the JSON record and the
/// `--grid` text of the same command: the grid before the step with its symbols in their
/// places, the step's marks, shading and caption, the regions' lines and the diagonals.
fn check_shape_svg(args: &[&str], input: &str, before: impl Fn(&Value) -> (usize, String)) {
    let stdin = Some(input.as_bytes());
    let with = |extra: &[&str]| {
        let mut all = args.to_vec();
        all.extend_from_slice(extra);
        all.push("-q");
        run(&all, stdin)
    };
    let json = with(&["--format", "json"]);
    let record: Value = serde_json::from_str(json.stdout.trim()).unwrap();
    let n = record["size"].as_u64().unwrap() as usize;
    let alphabet: Vec<char> = record["symbols"]
        .as_str()
        .unwrap_or("123456789ABCDEFGHIJKLMNOP")
        .chars()
        .take(n)
        .collect();
    let (k, line) = before(&record);
    let step = &record["steps"][k];
    let svg = with(&["--format", "svg"]);
    assert!(svg.stdout.starts_with("<svg xmlns="), "{}", svg.stderr);
    let elements = parse_xml(&svg.stdout);
    let board = Board::read(&elements, n);
    // Every symbol drawn where it belongs: values in the middle of their cells, candidates
    // in their cells at one place per value, in reading order on a square of ⌈√N⌉ a row.
    let grid = marks_grid(&with(&["--grid"]).stdout, &line, n);
    let mut drawn = vec![BTreeSet::new(); n * n];
    let mut places: Vec<BTreeSet<(i64, i64)>> = vec![BTreeSet::new(); n + 1];
    for e in elements.iter().filter(|e| e.0 == "text") {
        let class = attr(e, "class").unwrap_or("");
        let first = class.split(' ').next().unwrap();
        if first != "v" && first != "c" {
            continue;
        }
        let v = |k| attr(e, k).unwrap().parse::<f64>().unwrap();
        let ((r, c), (dx, dy)) = board.at(v("x"), v("y"));
        let symbol: Vec<char> = e.2.chars().collect();
        assert_eq!(symbol.len(), 1, "{}", e.2);
        drawn[r * n + c].insert(symbol[0]);
        if first == "v" {
            assert_eq!((dx, dy), (board.cell / 2.0, board.cell / 2.0 + 1.0));
            continue;
        }
        let d = v("data-d") as usize;
        assert_eq!((v("data-r"), v("data-c")), (r as f64 + 1.0, c as f64 + 1.0));
        assert_eq!(symbol[0], alphabet[d - 1], "the symbol of value {d}");
        places[d].insert(((dx * 10.0).round() as i64, (dy * 10.0).round() as i64));
    }
    assert_eq!(drawn, grid, "the grid before the step");
    let side = (1..=n).find(|k| k * k >= n).unwrap();
    let place = |d: usize| {
        assert!(places[d].len() <= 1, "value {d} drawn at {:?}", places[d]);
        places[d].iter().next().copied()
    };
    for a in 1..=n {
        for b in a + 1..=n {
            let (Some(pa), Some(pb)) = (place(a), place(b)) else {
                continue;
            };
            let ((ra, ca), (rb, cb)) = (
                ((a - 1) / side, (a - 1) % side),
                ((b - 1) / side, (b - 1) % side),
            );
            assert_eq!(ra.cmp(&rb), pa.1.cmp(&pb.1), "rows of {a} and {b}");
            assert_eq!(ca.cmp(&cb), pa.0.cmp(&pb.0), "columns of {a} and {b}");
        }
    }
    // The step: its marks, its pattern cells shaded, its text.
    assert_eq!(marked(&elements, "c x"), triples(&step["eliminations"]));
    assert_eq!(marked(&elements, "c o"), triples(&step["placements"]));
    let cells: BTreeSet<(u64, u64)> = step["evidence"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_u64().unwrap(), c[1].as_u64().unwrap()))
        .collect();
    assert_eq!(board.shaded(&elements, "#cfe3ff"), cells);
    assert_eq!(caption(&elements), text_of(step));
    let links: usize = step["evidence"]["chains"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_array().unwrap().len())
        .sum();
    let arrows = elements
        .iter()
        .filter(|e| attr(e, "class").is_some_and(|c| c.starts_with("link")))
        .count();
    assert_eq!(arrows, links);
    // The thick lines inside the frame part two regions, and every two regions are parted.
    let regions = regions_of(&record, n);
    let (m, s, end) = (
        board.margin,
        board.cell,
        board.margin + n as f64 * board.cell,
    );
    let mut parted = BTreeSet::new();
    for (x1, y1, x2, y2) in strokes(&elements, "3") {
        let frame = [x1, x2].iter().all(|&x| x == m || x == end) && x1 == x2
            || [y1, y2].iter().all(|&y| y == m || y == end) && y1 == y2;
        if frame {
            continue;
        }
        let ((r, c), _) = board.at(x1.min(x2) + 1.0, y1.min(y2) + 1.0);
        let cell = r * n + c;
        let (a, b) = if x1 == x2 {
            assert_eq!((x1 - m) / s, (c as f64), "a thick line between cells");
            (cell - 1, cell)
        } else {
            (cell - n, cell)
        };
        assert_ne!(regions[a], regions[b], "a thick line inside a region");
        parted.insert((a, b));
    }
    let borders = (0..n * n)
        .flat_map(|i| [(i, i + 1), (i, i + n)])
        .filter(|&(a, b)| b < n * n && (b != a + 1 || b % n != 0) && regions[a] != regions[b])
        .count();
    assert_eq!(parted.len(), borders);
    // The X diagonals, corner to corner.
    let x = record["variants"]
        .as_array()
        .unwrap()
        .iter()
        .any(|v| v == "x");
    let diagonals = strokes(&elements, "2");
    assert_eq!(
        diagonals.contains(&(m, m, end, end)) && diagonals.contains(&(end, m, m, end)),
        x,
        "{diagonals:?}"
    );
}

const JIGSAW: &str = "1..85....329........8......8....................7.41......7..6.2....9....5......9 \
                      aabbbbbbbaabacbcddaaaacccddeeeccccdfeeeeddddfgeehhhhhfggghihhhfggiiiiiifgggiiffff";

/// The step `hint` draws, and the line after the grid it prints before it.
fn hint_step(record: &Value) -> (usize, String) {
    (0, record["steps"][0]["text"].as_str().unwrap().to_string())
}

/// The step `explain --format svg` draws by default (the first of the hardest technique), and
/// its numbered line, which `--grid` prints after the grid before it.
fn hardest_step(record: &Value) -> (usize, String) {
    let steps = record["steps"].as_array().unwrap();
    let k = steps
        .iter()
        .position(|s| s["name"] == record["hardest"]["name"])
        .unwrap();
    (k, format!("{:>3}. ", k + 1))
}

#[test]
fn svg_of_other_shapes_draws_the_position_and_the_step_in_place() {
    let sixteen = read_puzzles("sixteen.txt");
    let sixteen = format!("{}\n", sixteen.lines().next().unwrap());
    assert!(sixteen.contains('G'));
    let six = "..6.......546...1..4...352.......1..\n";
    check_shape_svg(&["hint"], six, hint_step);
    check_shape_svg(
        &["hint", "--box", "3x2"],
        "1....43......621....654......35....6\n",
        hint_step,
    );
    check_shape_svg(&["hint"], &sixteen, hint_step);
    check_shape_svg(&["explain"], &sixteen, hardest_step);
    check_shape_svg(&["explain"], &format!("{JIGSAW}\n"), hardest_step);
    let x = "...97..24.5...6...9......3.......76.....2.....85.......1......2...1...7.82..47...\n";
    check_shape_svg(&["explain", "--variant", "x"], x, hardest_step);
    check_shape_svg(
        &["hint", "--symbols", "abcdef"],
        "..f.......edf...a..d...ceb.......a..\n",
        hint_step,
    );
}

#[test]
fn svg_of_other_shapes_keeps_errors_notes_and_order() {
    let six = "..6.......546...1..4...352.......1..";
    let clash = "11..................................";
    let dir = temp_files(&[("six.txt", format!("{six}\n{clash}\n{six}\n").as_bytes())]);
    let path = dir.path().join("six.txt");
    let path = path.to_str().unwrap();
    // A clash is a located error with status 2, and the puzzles around it are drawn, in order,
    // on one thread or two.
    for threads in ["-j1", "-j2"] {
        let r = run(&["hint", "--format", "svg", "-q", threads, path], None);
        r.expect_code(2);
        assert!(
            r.stderr
                .contains(&format!("{path}:2:2: symbol 1 appears twice in row 1")),
            "{}",
            r.stderr
        );
        let titles: Vec<&str> = r
            .stdout
            .split("<title>")
            .skip(1)
            .map(|t| t.split('<').next().unwrap())
            .collect();
        assert_eq!(titles, [format!("{path}:1"), format!("{path}:3")]);
        for doc in r.stdout.split_inclusive("</svg>\n") {
            parse_xml(doc);
        }
    }
    // A shape that does not fit the puzzle: the same located error, nothing drawn.
    let r = run(
        &["explain", "--format", "svg", "--box", "3x3", "-q", path],
        None,
    );
    r.expect_code(2);
    assert!(
        r.stderr
            .contains(&format!("{path}:1:1: 3x3 boxes do not tile a 6x6 grid")),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    // Nothing to draw: a note and status 1, as for a classic puzzle.
    let r = run(
        &["explain", "--format", "svg", "--step", "999", "-q"],
        Some(format!("{six}\n").as_bytes()),
    );
    r.expect_code(1);
    assert!(r.stdout.is_empty());
    assert!(
        r.stderr.contains("<stdin>:1: no step 999: "),
        "{}",
        r.stderr
    );
    let r = run(
        &["hint", "--format", "svg", "-q"],
        Some(b"................\n"),
    );
    r.expect_code(1);
    assert!(
        r.stderr
            .contains("<stdin>:1: multiple solutions, nothing drawn"),
        "{}",
        r.stderr
    );
}
