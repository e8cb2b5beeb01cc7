//! The explain page in a real browser: headless Chromium, driven over its DevTools protocol
//! through `--remote-debugging-pipe` (JSON messages ending in a NUL byte on file descriptors
//! 3 and 4), so no client crate and no network port is needed.
//!
//! Without Chromium the tests print why they are skipped, except under CI (the `CI`
//! environment variable set), where a missing browser is a failure: `.ci/run` installs it.
//! `SUDOKU_SCREENSHOT=PATH` saves the page's screenshot there as well (the README's image is
//! made with `SUDOKU_SCREENSHOT=docs/images/explain-page.png cargo test --test browser`).

mod common;

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Stdio};
use std::time::{Duration, Instant};

use common::*;
use serde_json::{Value, json};

/// The browser's binary: `$CHROMIUM`, else the first of the usual names on the `PATH`.
fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let dirs = std::env::var_os("PATH")?;
    for name in [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ] {
        for dir in std::env::split_paths(&dirs) {
            let path = dir.join(name);
            if path.is_file() {
                return Some(path);
            }
        }
    }
    None
}

/// The browser, or `None` (with a message) when the test should be skipped.
fn browser_or_skip(test: &str) -> Option<Browser> {
    match chromium() {
        Some(path) => Some(Browser::launch(&path)),
        None if std::env::var_os("CI").is_some() => {
            panic!("{test}: chromium is not installed (CI needs it: see .ci/run)")
        }
        None => {
            eprintln!(
                "{test}: SKIPPED: no chromium on the PATH (install Debian's 'chromium', or set CHROMIUM)"
            );
            None
        }
    }
}

/// One headless Chromium with one page, and the session that talks to the page.
struct Browser {
    child: Child,
    to: ChildStdin,
    from: BufReader<ChildStdout>,
    next_id: u64,
    session: String,
    _profile: tempfile::TempDir,
}

impl Browser {
    fn launch(path: &Path) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        // The shell hands our pipes to the browser as descriptors 3 (commands in) and 4
        // (replies out), the ones --remote-debugging-pipe uses.
        let mut child = std::process::Command::new("sh")
            .arg("-c")
            .arg(r#"exec "$0" "$@" 3<&0 4>&1 </dev/null >/dev/null"#)
            .arg(path)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--hide-scrollbars",
                "--remote-debugging-pipe",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromium");
        let pid = child.id();
        // A browser that stops answering must not hang the test: kill it after a while, and
        // the read that waits on it fails.
        std::thread::spawn(move || {
            std::thread::sleep(WATCHDOG);
            // SAFETY: kill(2) on the browser's process id; at worst it no longer exists.
            unsafe {
                libc::kill(pid as libc::pid_t, libc::SIGKILL);
            }
        });
        let to = child.stdin.take().unwrap();
        let from = BufReader::new(child.stdout.take().unwrap());
        let mut browser = Browser {
            child,
            to,
            from,
            next_id: 0,
            session: String::new(),
            _profile: profile,
        };
        let target = browser.call("Target.createTarget", json!({"url": "about:blank"}));
        let target = target["targetId"].as_str().unwrap().to_string();
        let attached = browser.call(
            "Target.attachToTarget",
            json!({"targetId": target, "flatten": true}),
        );
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        browser
    }

    /// Sends a command (to the page once attached) and waits for its result; events on the
    /// way are passed over.
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.to.write_all(&bytes).expect("write to chromium");
        self.to.flush().unwrap();
        loop {
            let mut buf = Vec::new();
            let n = self
                .from
                .read_until(0, &mut buf)
                .expect("read from chromium");
            assert!(
                n > 0,
                "chromium closed the pipe (crashed or killed after {WATCHDOG:?})"
            );
            buf.pop();
            let reply: Value = serde_json::from_slice(&buf).expect("a JSON message");
            if reply["id"].as_u64() != Some(id) {
                continue;
            }
            if let Some(err) = reply.get("error") {
                panic!("{method}: {err}");
            }
            return reply["result"].clone();
        }
    }

    /// The value of a JavaScript expression in the page.
    fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        if let Some(e) = r.get("exceptionDetails") {
            panic!("{expression}: {e}");
        }
        r["result"]["value"].clone()
    }

    fn viewport(&mut self, width: u32, height: u32, mobile: bool) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
        );
    }

    /// Opens `url` and waits until the page's script has drawn the boards.
    fn open(&mut self, url: &str) {
        self.open_with(url, "svg.board text");
    }

    /// Opens `url` and waits until the page is loaded and `selector` matches.
    fn open_with(&mut self, url: &str, selector: &str) {
        self.call("Page.navigate", json!({"url": url}));
        let start = Instant::now();
        let check = format!(
            "document.readyState === 'complete' && document.querySelectorAll('{selector}').length > 0"
        );
        loop {
            let ready = self.eval(&check);
            if ready == json!(true) {
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "{url} never drew its board"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Presses and releases a key.
    fn key(&mut self, key: &str) {
        let (code, vk, text) = match key {
            "ArrowRight" => ("ArrowRight", 39, ""),
            "ArrowLeft" => ("ArrowLeft", 37, ""),
            "j" => ("KeyJ", 74, "j"),
            "k" => ("KeyK", 75, "k"),
            _ => panic!("no key {key}"),
        };
        for kind in ["keyDown", "keyUp"] {
            let mut params = json!({"type": kind, "key": key, "code": code,
                "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk});
            if kind == "keyDown" && !text.is_empty() {
                params["text"] = json!(text);
            }
            self.call("Input.dispatchKeyEvent", params);
        }
    }

    fn screenshot(&mut self) -> Vec<u8> {
        // At three quarters of the size: small enough for the repository, still readable.
        let size = self.eval("[innerWidth, innerHeight]");
        let clip = json!({"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": 0.75});
        let r = self.call(
            "Page.captureScreenshot",
            json!({"format": "png", "clip": clip}),
        );
        base64(r["data"].as_str().unwrap())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let mut out = Vec::new();
    let mut acc = 0u32;
    let mut bits = 0;
    for &c in text.as_bytes().iter().filter(|&&c| c != b'=') {
        acc = (acc << 6) | u32::from(value(c));
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

/// Runs `sudoku explain` with these arguments on `input`; stdout.
fn explain(args: &[&str], input: &Path) -> String {
    // From the file's folder, so the page names it as a user would see it.
    let mut cmd = sudoku();
    if let (Some(dir), Some(name)) = (input.parent(), input.file_name()) {
        cmd.current_dir(dir)
            .arg("explain")
            .args(args)
            .arg("-q")
            .arg(name);
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `[row, column, digit]` triples as a set.
fn triple_set(v: &Value) -> BTreeSet<(u64, u64, u64)> {
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

/// The candidates of the board drawn with this class (`elim`, `place`), as a set.
fn drawn(browser: &mut Browser, section: usize, class: &str) -> BTreeSet<(u64, u64, u64)> {
    let js = format!(
        "Array.from(document.querySelectorAll('section.puzzle')[{section}].querySelectorAll('svg text.cand.{class}'))
           .map(t => [+t.dataset.r, +t.dataset.c, +t.dataset.d])"
    );
    triple_set(&browser.eval(&js))
}

fn counter(browser: &mut Browser, section: usize) -> String {
    let js = format!(
        "document.querySelectorAll('section.puzzle')[{section}].querySelector('.counter').textContent"
    );
    browser.eval(&js).as_str().unwrap().to_string()
}

/// A hard puzzle of the repository's collection (its explanation has chains, fish and fins).
fn hard_puzzle(dir: &Path) -> PathBuf {
    let line = &samples("hard.txt")[0].puzzle;
    let path = dir.join("hard.txt");
    std::fs::write(&path, format!("{line}\n")).unwrap();
    path
}

#[test]
fn explain_page_steps_keys_and_board_match_the_json() {
    let Some(mut browser) = browser_or_skip("explain_page_steps_keys_and_board_match_the_json")
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let input = hard_puzzle(dir.path());
    let text = explain(&[], &input);
    let record: Value =
        serde_json::from_str(explain(&["--format", "json"], &input).trim()).unwrap();
    let steps = record["steps"].as_array().unwrap().clone();
    assert!(steps.len() > 10, "a puzzle with many steps");
    let page = dir.path().join("explain.html");
    std::fs::write(&page, explain(&["--format", "html"], &input)).unwrap();
    let url = format!("file://{}", page.display());

    browser.viewport(1000, 720, false);
    browser.open(&url);

    // Every numbered line of the text format is in the page, in order, as one list item.
    let lines: Vec<String> = text
        .lines()
        .filter_map(|l| {
            let (n, rest) = l.trim_start().split_once(". ")?;
            n.parse::<u32>().ok()?;
            Some(rest.to_string())
        })
        .collect();
    assert_eq!(lines.len(), steps.len());
    let items = browser
        .eval("Array.from(document.querySelectorAll('ol.steps li')).map(li => li.textContent)");
    let items: Vec<String> = serde_json::from_value(items).unwrap();
    assert_eq!(items, lines);
    let body = browser.eval("document.body.innerText");
    for line in &lines {
        assert!(body.as_str().unwrap().contains(line.as_str()), "{line}");
    }

    // Step by step with the right arrow and j; at each step the counter, the fragment and
    // the struck and placed candidates on the board are those of the JSON step.
    assert_eq!(counter(&mut browser, 0), "start");
    for (i, step) in steps.iter().enumerate() {
        browser.key(if i % 2 == 0 { "ArrowRight" } else { "j" });
        let k = i + 1;
        assert_eq!(
            counter(&mut browser, 0),
            format!("step {k} of {}", steps.len())
        );
        assert_eq!(browser.eval("location.hash"), json!(format!("#{k}")));
        assert_eq!(
            drawn(&mut browser, 0, "elim"),
            triple_set(&step["eliminations"]),
            "step {k}: {}",
            step["text"]
        );
        assert_eq!(
            drawn(&mut browser, 0, "place"),
            triple_set(&step["placements"]),
            "step {k}: {}",
            step["text"]
        );
        let shown = browser.eval("document.querySelector('.current-text').textContent");
        assert_eq!(shown, step["text"]);
    }
    browser.key("ArrowRight");
    assert_eq!(counter(&mut browser, 0), "end");
    browser.key("k");
    browser.key("ArrowLeft");
    assert_eq!(
        counter(&mut browser, 0),
        format!("step {} of {}", steps.len() - 1, steps.len())
    );

    // A link with a fragment opens at that step: the first step with a chain, drawn as
    // arrows (solid for strong links, dashed for weak ones).
    let chained = steps
        .iter()
        .position(|s| !s["evidence"]["chains"].as_array().unwrap().is_empty())
        .expect("a step with a chain")
        + 1;
    browser.open(&format!("{url}#{chained}"));
    assert_eq!(
        counter(&mut browser, 0),
        format!("step {chained} of {}", steps.len())
    );
    let links: usize = steps[chained - 1]["evidence"]["chains"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_array().unwrap().len())
        .sum();
    let strong = steps[chained - 1]["evidence"]["chains"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c.as_array().unwrap())
        .filter(|l| l["strong"] == json!(true))
        .count();
    assert_eq!(
        browser.eval("document.querySelectorAll('path.link').length"),
        json!(links)
    );
    assert_eq!(
        browser
            .eval("document.querySelectorAll('path.link.strong:not([stroke-dasharray])').length"),
        json!(strong)
    );

    let png = browser.screenshot();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("explain-page.png");
    std::fs::write(&target, &png).unwrap();
    if let Some(path) = std::env::var_os("SUDOKU_SCREENSHOT") {
        std::fs::write(root().join(path), &png).unwrap();
    }

    // On a phone-sized screen nothing is wider than the screen.
    browser.viewport(390, 844, true);
    browser.open(&url);
    let width = browser.eval(
        "[document.documentElement.scrollWidth, document.querySelector('svg.board').getBoundingClientRect().right]",
    );
    assert!(width[0].as_f64().unwrap() <= 390.0, "{width}");
    assert!(width[1].as_f64().unwrap() <= 390.0, "{width}");
}

#[test]
fn explain_page_of_several_puzzles_has_a_list_and_one_section_each() {
    let Some(mut browser) =
        browser_or_skip("explain_page_of_several_puzzles_has_a_list_and_one_section_each")
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("easy.html");
    let input = puzzle_path("easy.txt");
    let records = explain(&["--format", "json"], &input);
    let records: Vec<Value> = records
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(records.len() >= 2);
    std::fs::write(&page, explain(&["--format", "html"], &input)).unwrap();
    browser.viewport(1000, 720, false);
    browser.open(&format!("file://{}#2-3", page.display()));
    assert_eq!(
        browser.eval("document.querySelectorAll('section.puzzle').length"),
        json!(records.len())
    );
    assert_eq!(
        browser.eval("document.querySelectorAll('nav.toc li a').length"),
        json!(records.len())
    );
    // The fragment #2-3 opened the second puzzle at its third step; the keys now move it.
    let n = records[1]["steps"].as_array().unwrap().len();
    assert_eq!(counter(&mut browser, 1), format!("step 3 of {n}"));
    assert_eq!(counter(&mut browser, 0), "start");
    browser.key("ArrowRight");
    assert_eq!(counter(&mut browser, 1), format!("step 4 of {n}"));
    assert_eq!(browser.eval("location.hash"), json!("#2-4"));
    // A click on a step of the first puzzle's list goes there.
    browser.eval(
        "document.querySelectorAll('section.puzzle')[0].querySelectorAll('ol.steps a')[4].click()",
    );
    let first = records[0]["steps"].as_array().unwrap().len();
    assert_eq!(counter(&mut browser, 0), format!("step 5 of {first}"));
    assert_eq!(browser.eval("location.hash"), json!("#5"));
    assert_eq!(
        drawn(&mut browser, 1, "place"),
        triple_set(&records[1]["steps"][3]["placements"])
    );
}

#[test]
fn search_page_replays_to_the_solution_with_its_counts() {
    let Some(mut browser) = browser_or_skip("search_page_replays_to_the_solution_with_its_counts")
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let input = hard_puzzle(dir.path());
    let out = sudoku()
        .current_dir(dir.path())
        .args(["solve", "--trace", "--format", "html", "-q", "hard.txt"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let page = dir.path().join("search.html");
    std::fs::write(&page, &out.stdout).unwrap();
    let html = String::from_utf8(out.stdout).unwrap();
    let json = html
        .split("<script type=\"application/json\">")
        .nth(1)
        .unwrap()
        .split("</script>")
        .next()
        .unwrap();
    let record: Value = serde_json::from_str(json).unwrap();
    let events: Vec<u64> = record["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_u64().unwrap())
        .collect();
    // Backtracks: guesses taken back, matched through the stack of placements.
    let mut stack = Vec::new();
    let mut backtracks = 0;
    for &e in &events {
        if e / 1000 == 2 {
            backtracks += u64::from(stack.pop() == Some(1));
        } else {
            stack.push(e / 1000);
        }
    }
    assert!(backtracks > 0, "a puzzle that needs guesses");
    let solution = sudoku()
        .args(["solve", "--format", "line", "-q"])
        .arg(&input)
        .output()
        .unwrap();
    let solution = String::from_utf8(solution.stdout).unwrap()[..81].to_string();

    browser.viewport(1000, 800, false);
    let url = format!("file://{}", page.display());
    browser.open_with(&url, "section.trace .counter");
    // A step forward with the arrow key moves one event.
    let before = browser.eval("document.querySelector('.counter').textContent");
    browser.key("ArrowRight");
    let after = browser.eval("document.querySelector('.counter').textContent");
    assert_ne!(before, after);
    // Full speed and play: it pauses on the solution, shown on the board.
    let play = "(() => { const s = document.querySelector('input[type=range]'); s.value = '100';
                  document.querySelector('.controls button').click(); return true; })()";
    let wait_for = |browser: &mut Browser, what: &dyn Fn(&str) -> bool| {
        let start = Instant::now();
        loop {
            let text = browser.eval("document.querySelector('.counter').textContent");
            let text = text.as_str().unwrap().to_string();
            let playing = browser.eval("document.querySelector('.controls button').textContent");
            if what(&text) && playing != json!("pause") {
                return text;
            }
            assert!(start.elapsed() < Duration::from_secs(30), "{text}");
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    browser.eval(play);
    let counter = wait_for(&mut browser, &|t| t.contains("solutions 1 "));
    let board = browser.eval(
        "Array.from(document.querySelectorAll('svg.trace text.v')).map(t => t.textContent || '.').join('')",
    );
    assert_eq!(board.as_str().unwrap(), solution, "{counter}");
    // Play on to the end of the search (which proves the solution is the only one).
    browser.eval(play);
    let n = events.len();
    let counter = wait_for(&mut browser, &|t| {
        t.starts_with(&format!("event {n} of {n}"))
    });
    assert!(
        counter.contains(&format!("backtracks {backtracks} ")),
        "{counter}"
    );
    assert!(counter.contains("solutions 1 "), "{counter}");
    // No cut notice when nothing was cut.
    assert_eq!(
        browser.eval("document.querySelectorAll('.cut').length"),
        json!(0)
    );
}

#[test]
fn search_page_of_other_shapes_replays_to_their_solution() {
    let Some(mut browser) =
        browser_or_skip("search_page_of_other_shapes_replays_to_their_solution")
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let sixteen = std::fs::read_to_string(root().join("puzzles/sixteen.txt")).unwrap();
    let sixteen = sixteen.lines().next().unwrap().to_string();
    // A 16x16 puzzle (symbols 1-9, A-G) and a 6x6 jigsaw (regions after the cells).
    let jigsaw = "43..............5.....32.......21..5 abbcccabdddcabbbdcaeeddcaeeeffaeffff";
    for (i, puzzle) in [sixteen.as_str(), jigsaw].into_iter().enumerate() {
        let out = sudoku()
            .args(["solve", "--trace", "--format", "html", "-q", puzzle])
            .output()
            .unwrap();
        assert!(out.status.success());
        let page = dir.path().join(format!("search{i}.html"));
        std::fs::write(&page, &out.stdout).unwrap();
        let solution = sudoku()
            .args(["solve", "--format", "line", "-q", puzzle])
            .output()
            .unwrap();
        let solution = String::from_utf8(solution.stdout)
            .unwrap()
            .trim()
            .to_string();
        browser.viewport(1000, 800, false);
        browser.open_with(
            &format!("file://{}", page.display()),
            "section.trace .counter",
        );
        // Every cell drawn, with the puzzle's givens in its symbols.
        let cells = browser.eval("document.querySelectorAll('svg.trace text.v').length");
        assert_eq!(cells, json!(solution.len()));
        let play =
            "(() => { const s = document.querySelector('input[type=range]'); s.value = '100';
                      document.querySelector('.controls button').click(); return true; })()";
        browser.eval(play);
        let start = Instant::now();
        loop {
            let text = browser.eval("document.querySelector('.counter').textContent");
            let playing = browser.eval("document.querySelector('.controls button').textContent");
            if text.as_str().unwrap().contains("solutions 1 ") && playing != json!("pause") {
                break;
            }
            assert!(start.elapsed() < Duration::from_secs(30), "{text}");
            std::thread::sleep(Duration::from_millis(50));
        }
        let board = browser.eval(
            "Array.from(document.querySelectorAll('svg.trace text.v')).map(t => t.textContent || '.').join('')",
        );
        assert_eq!(board.as_str().unwrap(), solution, "{puzzle}");
        if i == 1 {
            // The jigsaw's region borders: thick lines inside the grid, more than the boxes'.
            let thick = browser
                .eval("document.querySelectorAll('svg.trace line[stroke-width=\"2.5\"]').length");
            assert!(thick.as_u64().unwrap() > 8, "{thick}");
        }
    }
}

#[test]
fn explain_page_of_other_shapes_draws_their_path() {
    let Some(mut browser) = browser_or_skip("explain_page_of_other_shapes_draws_their_path") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let sixteen = std::fs::read_to_string(root().join("puzzles/sixteen.txt")).unwrap();
    let sixteen = sixteen.lines().next().unwrap().to_string();
    // A 6x6 jigsaw, an X puzzle and a 16x16 one (the last two stop where logic does).
    let cases: [(&str, &[&str], usize); 3] = [
        (
            "43..............5.....32.......21..5 abbcccabdddcabbbdcaeeddcaeeeffaeffff",
            &[],
            6,
        ),
        (
            "..7...58.....6...2...82.1........79...........98........2.38...4...1.....63...9..",
            &["--variant", "x"],
            9,
        ),
        (&sixteen, &[], 16),
    ];
    let symbols: Vec<char> = "123456789ABCDEFG".chars().collect();
    for (i, (puzzle, flags, n)) in cases.into_iter().enumerate() {
        let run = |format: &str| {
            let out = sudoku()
                .args(["explain", "--format", format, "-q"])
                .args(flags)
                .arg(puzzle)
                .output()
                .unwrap();
            assert!(out.status.code().unwrap() <= 1, "{puzzle}");
            String::from_utf8(out.stdout).unwrap()
        };
        let record: Value = serde_json::from_str(run("json").trim()).unwrap();
        let page = dir.path().join(format!("explain{i}.html"));
        std::fs::write(&page, run("html")).unwrap();
        // The end: the givens and every placement of the path, each in its cell.
        let mut expected: Vec<(u64, u64, String)> = Vec::new();
        for (cell, ch) in puzzle.chars().take(n * n).enumerate() {
            if ch != '.' {
                expected.push(((cell / n) as u64 + 1, (cell % n) as u64 + 1, ch.to_string()));
            }
        }
        for step in record["steps"].as_array().unwrap() {
            for p in step["placements"].as_array().unwrap() {
                let v = p[2].as_u64().unwrap() as usize;
                expected.push((
                    p[0].as_u64().unwrap(),
                    p[1].as_u64().unwrap(),
                    symbols[v - 1].to_string(),
                ));
            }
        }
        expected.sort();
        browser.viewport(1200, 900, false);
        browser.open_with(
            &format!(
                "file://{}#{}",
                page.display(),
                record["steps"].as_array().unwrap().len() + 1
            ),
            "section.puzzle svg text",
        );
        let drawn = browser.eval(
            "Array.from(document.querySelectorAll('svg text.value')).map(t => [+t.dataset.r, +t.dataset.c, t.textContent])",
        );
        let mut drawn: Vec<(u64, u64, String)> = drawn
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                (
                    t[0].as_u64().unwrap(),
                    t[1].as_u64().unwrap(),
                    t[2].as_str().unwrap().to_string(),
                )
            })
            .collect();
        drawn.sort();
        assert_eq!(drawn, expected, "{puzzle}");
        // Every empty cell shows candidates, each one of the shape's symbols.
        let cands = browser.eval(
            "Array.from(document.querySelectorAll('svg text.cand')).map(t => t.textContent).join('')",
        );
        let cands = cands.as_str().unwrap();
        assert!(cands.chars().all(|c| symbols[..n].contains(&c)), "{cands}");
        assert_eq!(cands.is_empty(), record["status"] == "solved", "{puzzle}");
    }
}

#[test]
fn explain_page_of_a_position_starts_from_its_pencil_marks() {
    let Some(mut browser) =
        browser_or_skip("explain_page_of_a_position_starts_from_its_pencil_marks")
    else {
        return;
    };
    // The pencil marks of a puzzle, less one candidate (not the solution's) of an open cell.
    let puzzle = samples("hard.txt")[0].puzzle.clone();
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("puzzle.txt");
    std::fs::write(&plain, format!("{puzzle}\n")).unwrap();
    let record: Value =
        serde_json::from_str(explain(&["--format", "json"], &plain).trim()).unwrap();
    let first = &record["steps"][0];
    // The cell of the first step keeps its digit; drop another candidate there.
    let (r, c, d) = (
        first["placements"][0][0].as_u64().unwrap(),
        first["placements"][0][1].as_u64().unwrap(),
        first["placements"][0][2].as_u64().unwrap(),
    );
    let cell = ((r - 1) * 9 + c - 1) as usize;
    // The candidates of that cell on the plain page, from the board the browser draws.
    let page = dir.path().join("plain.html");
    std::fs::write(&page, explain(&["--format", "html"], &plain)).unwrap();
    browser.viewport(1000, 720, false);
    browser.open(&format!("file://{}", page.display()));
    let js = format!(
        "Array.from(document.querySelectorAll('svg text.cand[data-r=\"{r}\"][data-c=\"{c}\"]')).map(t => +t.dataset.d)"
    );
    let before: Vec<u64> = serde_json::from_value(browser.eval(&js)).unwrap();
    let dropped = *before.iter().find(|&&x| x != d).expect("another candidate");
    let mut marks = String::new();
    for (i, ch) in puzzle.bytes().enumerate() {
        for digit in b'1'..=b'9' {
            let keep = if ch == b'.' {
                !(i == cell && u64::from(digit - b'0') == dropped)
            } else {
                ch == digit
            };
            marks.push(if keep { digit as char } else { '.' });
        }
    }
    let position = dir.path().join("position.txt");
    std::fs::write(&position, format!("{marks}\n")).unwrap();
    let page = dir.path().join("position.html");
    std::fs::write(&page, explain(&["--format", "html"], &position)).unwrap();
    browser.open(&format!("file://{}", page.display()));
    let after: Vec<u64> = serde_json::from_value(browser.eval(&js)).unwrap();
    let expected: Vec<u64> = before.iter().copied().filter(|&x| x != dropped).collect();
    assert_eq!(after, expected);
}
