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
