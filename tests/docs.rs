//! The documentation cannot drift from the program: every `console` block of README.md and
//! docs/*.md is run and compared with what it shows, and every relative link resolves.
//!
//! A `console` block holds `$ COMMAND` lines, each followed by the output it shows. Each
//! command runs under `bash -c` from the repository root, with `sudoku` on the `PATH` being
//! the binary under test; stdout and stderr are compared together (as a terminal shows them),
//! trailing blank lines aside. `$ echo $?` shows the exit status of the command before it.
//! A block whose output cannot be compared (timings, machine-dependent figures, files that are
//! not in the repository) is written as ```` ```text ```` instead, or has a
//! `<!-- not compared -->` line just before it. ```` ```sh ```` blocks show commands to type,
//! with no output, and are not run; ```` ```rust ```` blocks are doctests (src/lib.rs).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every docs/*.md, as (path relative to the root, text).
fn documents() -> Vec<(PathBuf, String)> {
    let mut paths = vec![PathBuf::from("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("a docs folder")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| p.strip_prefix(root()).unwrap().to_path_buf())
        .collect();
    docs.sort();
    paths.extend(docs);
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(root().join(&p)).unwrap();
            (p, text)
        })
        .collect()
}

/// A fenced block: its info string, its first line number (1-based, the fence's), its lines
/// with the fence's indentation removed, and whether a `<!-- not compared -->` line comes
/// just before it.
struct Block {
    info: String,
    line: usize,
    lines: Vec<String>,
    not_compared: bool,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            let indent = lines[i].len() - trimmed.len();
            let not_compared = lines[..i]
                .iter()
                .rev()
                .find(|l| !l.trim().is_empty())
                .is_some_and(|l| l.trim() == "<!-- not compared -->");
            let start = i;
            let mut body = Vec::new();
            i += 1;
            while i < lines.len() && !lines[i].trim_start().starts_with("```") {
                let l = lines[i];
                let cut = l.len() - l.trim_start().len();
                body.push(l[cut.min(indent)..].to_string());
                i += 1;
            }
            out.push(Block {
                info: info.trim().to_string(),
                line: start + 1,
                lines: body,
                not_compared,
            });
        }
        i += 1;
    }
    out
}

/// A folder holding `sudoku`, a link to the binary under test, for the front of the `PATH`.
fn bin_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let exe = env!("CARGO_BIN_EXE_sudoku");
    #[cfg(unix)]
    std::os::unix::fs::symlink(exe, dir.path().join("sudoku")).unwrap();
    #[cfg(not(unix))]
    std::fs::copy(exe, dir.path().join("sudoku.exe")).unwrap();
    dir
}

/// Runs one shown command as a shell would; returns its stdout and stderr together, and its
/// exit status.
fn run_shown(command: &str, bin: &Path) -> (String, i32) {
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!("{{ {command}\n}} 2>&1"))
        .current_dir(root())
        .stdin(Stdio::null())
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .env_remove("SUDOKU_FUZZ_CASES")
        .output()
        .expect("bash runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn trim_end_lines(s: &str) -> String {
    s.trim_end_matches(['\n', ' ']).to_string()
}

#[test]
fn every_console_block_prints_what_it_shows() {
    if Command::new("bash").arg("-c").arg("true").status().is_err() {
        eprintln!("no bash: console blocks not run");
        return;
    }
    let bin = bin_dir();
    let mut commands = 0;
    let mut failures = Vec::new();
    for (path, text) in documents() {
        for block in blocks(&text) {
            if block.info != "console" || block.not_compared {
                continue;
            }
            let mut previous_status = None;
            let mut k = 0;
            while k < block.lines.len() {
                let Some(command) = block.lines[k].strip_prefix("$ ") else {
                    failures.push(format!(
                        "{}:{}: console block does not start with `$ `: {:?}",
                        path.display(),
                        block.line + 1 + k,
                        block.lines[k]
                    ));
                    break;
                };
                let at = block.line + 1 + k;
                k += 1;
                let mut shown = String::new();
                while k < block.lines.len() && !block.lines[k].starts_with("$ ") {
                    shown.push_str(&block.lines[k]);
                    shown.push('\n');
                    k += 1;
                }
                let printed = if command.trim() == "echo $?" {
                    match previous_status {
                        Some(status) => format!("{status}\n"),
                        None => {
                            failures.push(format!(
                                "{}:{at}: `echo $?` with no command before it",
                                path.display()
                            ));
                            continue;
                        }
                    }
                } else {
                    let (printed, status) = run_shown(command, bin.path());
                    previous_status = Some(status);
                    printed
                };
                commands += 1;
                if trim_end_lines(&printed) != trim_end_lines(&shown) {
                    failures.push(format!(
                        "{}:{at}: $ {command}\n--- shown:\n{shown}--- printed:\n{printed}",
                        path.display()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The README's and the guide's examples are there to be run: a parser that finds none
    // would pass by checking nothing.
    assert!(commands >= 20, "only {commands} commands found");
}

/// GitHub's anchor for a heading: lower case, backticks and punctuation dropped, spaces to
/// hyphens; a repeated heading gets `-1`, `-2`, ...
fn anchors(text: &str) -> HashSet<String> {
    let mut seen = HashSet::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code || !line.starts_with('#') {
            continue;
        }
        let title = line.trim_start_matches('#').trim();
        let slug: String = title
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let mut candidate = slug.clone();
        let mut n = 0;
        while seen.contains(&candidate) {
            n += 1;
            candidate = format!("{slug}-{n}");
        }
        seen.insert(candidate);
    }
    seen
}

/// Every `](target)` of a text outside code blocks and inline code.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut in_code = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        // Inline code may hold `](`: drop it first.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let end = rest.find(')').unwrap_or(rest.len());
            out.push((n + 1, rest[..end].trim().to_string()));
            rest = &rest[end..];
        }
    }
    out
}

#[test]
fn every_relative_link_resolves() {
    let documents = documents();
    let mut checked = 0;
    let mut failures = Vec::new();
    for (path, text) in &documents {
        let folder = path.parent().unwrap_or(Path::new(""));
        for (line, target) in links(text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = match target.split_once('#') {
                Some((file, anchor)) => (file, Some(anchor)),
                None => (target.as_str(), None),
            };
            let file_path = if file.is_empty() {
                path.clone()
            } else {
                folder.join(file)
            };
            checked += 1;
            if !root().join(&file_path).exists() {
                failures.push(format!(
                    "{}:{line}: {target}: no file {}",
                    path.display(),
                    file_path.display()
                ));
                continue;
            }
            if let Some(anchor) = anchor
                && file_path.extension().is_some_and(|x| x == "md")
            {
                let text = std::fs::read_to_string(root().join(&file_path)).unwrap();
                if !anchors(&text).contains(anchor) {
                    failures.push(format!(
                        "{}:{line}: {target}: no heading #{anchor} in {}",
                        path.display(),
                        file_path.display()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 10, "only {checked} links found");
}

#[test]
fn the_link_checker_sees_headings_and_links_as_github_does() {
    let text = "# Human-style solving: `hint` and `explain`\n```sh\n# not a heading\n```\n\
                ## Speed\n### Speed\nSee [a](docs/guide.md#input) and `[b](nowhere)`.\n";
    let a = anchors(text);
    assert!(a.contains("human-style-solving-hint-and-explain"), "{a:?}");
    assert!(a.contains("speed") && a.contains("speed-1"), "{a:?}");
    assert!(!a.contains("not-a-heading"), "{a:?}");
    assert_eq!(links(text), vec![(7, "docs/guide.md#input".to_string())]);
}

#[test]
fn console_blocks_are_split_into_commands_and_output() {
    let text =
        "x\n<!-- not compared -->\n```console\n$ a\n```\n  ```console\n  $ b\n    c\n  ```\n";
    let b = blocks(text);
    assert_eq!(b.len(), 2);
    assert!(b[0].not_compared && !b[1].not_compared);
    assert_eq!(b[1].lines, vec!["$ b".to_string(), "  c".to_string()]);
    assert_eq!(b[1].line, 6);
}
