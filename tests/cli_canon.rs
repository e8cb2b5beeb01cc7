//! `sudoku canon` and `sudoku transform` as a user runs them: forms in input order on any
//! number of threads, JSON fields whose transformation `transform --apply` carries out,
//! deduplication, named and random transformations checked against grids moved here, input
//! errors and a closed pipe.

mod common;

use common::*;

const PUZZLES: [&str; 3] = [
    "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
    "12.74.6.94..8......89..3.1....4.2..1..........4.6..9..3...2...62....6.....8...4..",
    ".2.4.......6..913.....152......8....3.....5..8...647...147.28.5.....1.9..........",
];

fn lines(text: &str) -> Vec<String> {
    text.lines().map(str::to_owned).collect()
}

fn input() -> String {
    PUZZLES.iter().map(|p| format!("{p}\n")).collect()
}

/// The puzzle mirrored in its main diagonal, computed here.
fn transposed(p: &str) -> String {
    let b = p.as_bytes();
    (0..81).map(|i| b[(i % 9) * 9 + i / 9] as char).collect()
}

#[test]
fn forms_are_the_same_for_moved_copies_and_on_any_number_of_threads() {
    let forms = run(&["canon", "-q", "-j", "1"], Some(input().as_bytes()));
    assert_eq!(forms.code, Some(0), "{}", forms.stderr);
    let forms = lines(&forms.stdout);
    assert_eq!(forms.len(), 3);
    for f in &forms {
        assert_eq!(f.len(), 81);
        assert!(
            f.starts_with("....."),
            "a minlex form starts with blanks: {f}"
        );
    }
    let two = run(&["canon", "-q", "-j", "2"], Some(input().as_bytes()));
    assert_eq!(lines(&two.stdout), forms);
    // A transposed copy, a relabelled one and random ones have the same forms.
    let moved: String = PUZZLES.iter().map(|p| transposed(p) + "\n").collect();
    let again = run(&["canon", "-q"], Some(moved.as_bytes()));
    assert_eq!(lines(&again.stdout), forms);
    for seed in ["1", "2"] {
        let random = run(
            &["transform", "-q", "--seed", seed],
            Some(input().as_bytes()),
        );
        assert_eq!(random.code, Some(0), "{}", random.stderr);
        assert_ne!(random.stdout, input());
        let again = run(&["canon", "-q"], Some(random.stdout.as_bytes()));
        assert_eq!(lines(&again.stdout), forms);
    }
}

#[test]
fn json_transformation_reaches_the_form_and_counts_automorphisms() {
    let r = run(
        &["canon", "-q", "--format", "json"],
        Some(input().as_bytes()),
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(json_lines(&r.stdout).len(), PUZZLES.len(), "{}", r.stdout);
    for (v, p) in json_lines(&r.stdout).iter().zip(PUZZLES) {
        assert_eq!(v["puzzle"].as_str(), Some(p));
        assert_eq!(v["automorphisms"].as_u64(), Some(1));
        let spec = v["transform"].as_str().unwrap();
        let moved = run(&["transform", "-q", "--apply", spec, p], None);
        assert_eq!(moved.code, Some(0), "{}", moved.stderr);
        assert_eq!(moved.stdout.trim(), v["minlex"].as_str().unwrap());
    }
    let empty = ".".repeat(81);
    let r = run(&["canon", "-q", "--format", "json", &empty], None);
    let v = &json_lines(&r.stdout)[0];
    assert_eq!(v["automorphisms"].as_u64(), Some(3_359_232));
    assert_eq!(v["minlex"].as_str(), Some(empty.as_str()));
}

#[test]
fn dedup_keeps_the_first_of_each_class_in_input_order() {
    // Each puzzle, then moved copies of all three, then the first again.
    let moved = run(
        &["transform", "-q", "--seed", "5"],
        Some(input().as_bytes()),
    )
    .stdout;
    let moved = lines(&moved);
    let text = format!(
        "{}\n{}\n{}\n{}\n{}\n{}\n{}\n",
        moved[1], PUZZLES[0], moved[0], PUZZLES[2], moved[2], PUZZLES[1], PUZZLES[0]
    );
    for threads in ["1", "2"] {
        let r = run(
            &["canon", "-q", "--dedup", "-j", threads],
            Some(text.as_bytes()),
        );
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        assert_eq!(
            lines(&r.stdout),
            vec![moved[1].clone(), PUZZLES[0].into(), PUZZLES[2].into()]
        );
    }
    let forms = run(&["canon", "-q"], Some(text.as_bytes())).stdout;
    let r = run(
        &["canon", "-q", "--dedup", "--canonical"],
        Some(text.as_bytes()),
    );
    let forms = lines(&forms);
    assert_eq!(
        lines(&r.stdout),
        vec![forms[0].clone(), forms[1].clone(), forms[3].clone()]
    );
    let r = run(&["canon", "-q", "--count-classes"], Some(text.as_bytes()));
    assert_eq!(r.stdout, "7 puzzles, 3 classes, 4 duplicates\n");
    let r = run(
        &["canon", "-q", "--dedup", "--stats"],
        Some(text.as_bytes()),
    );
    assert!(r.stderr.contains("3 classes, 4 duplicates"), "{}", r.stderr);
    // Many chunks: the same choice on one thread and on three.
    let many: String = (0..3000)
        .map(|i| {
            format!(
                "{}\n",
                if i % 7 == 3 {
                    &moved[i % 3]
                } else {
                    PUZZLES[(i / 5) % 3]
                }
            )
        })
        .collect();
    let one = run(
        &["canon", "-q", "--dedup", "-j", "1"],
        Some(many.as_bytes()),
    );
    let three = run(
        &["canon", "-q", "--dedup", "-j", "3"],
        Some(many.as_bytes()),
    );
    assert_eq!(one.stdout, three.stdout);
    assert_eq!(lines(&one.stdout).len(), 3);
}

#[test]
fn named_transformations_move_the_grid_as_said() {
    let p = PUZZLES[0];
    let r = run(&["transform", "-q", "--transpose", p], None);
    assert_eq!(r.stdout, transposed(p) + "\n");
    let r = run(&["transform", "-q", "--relabel", "987654321", p], None);
    let relabelled: String = p
        .bytes()
        .map(|b| {
            if b == b'.' {
                '.'
            } else {
                (b'9' - (b - b'1')) as char
            }
        })
        .collect();
    assert_eq!(r.stdout, relabelled + "\n");
    // Bands 3, 2, 1: the last three rows come first.
    let r = run(&["transform", "-q", "--bands", "321", p], None);
    let rows: Vec<&str> = (0..9).map(|i| &p[i * 9..i * 9 + 9]).collect();
    let expected: String = [6, 7, 8, 3, 4, 5, 0, 1, 2]
        .iter()
        .map(|&i| rows[i])
        .collect();
    assert_eq!(r.stdout, expected + "\n");
    // The same random transformations every time, on any number of threads.
    let many: String = (0..200).map(|i| format!("{}\n", PUZZLES[i % 3])).collect();
    let a = run(
        &["transform", "-q", "--seed", "9", "-j", "1"],
        Some(many.as_bytes()),
    );
    let b = run(
        &["transform", "-q", "--seed", "9", "-j", "2"],
        Some(many.as_bytes()),
    );
    assert_eq!(a.stdout, b.stdout);
    let c = run(&["transform", "-q", "--seed", "10"], Some(many.as_bytes()));
    assert_ne!(a.stdout, c.stdout);
}

#[test]
fn a_random_transformation_in_json_can_be_applied_again() {
    let r = run(
        &["transform", "-q", "--seed", "3", "--format", "json"],
        Some(input().as_bytes()),
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(json_lines(&r.stdout).len(), PUZZLES.len(), "{}", r.stdout);
    for (v, p) in json_lines(&r.stdout).iter().zip(PUZZLES) {
        assert_eq!(v["puzzle"].as_str(), Some(p));
        let spec = v["transform"].as_str().unwrap();
        let again = run(&["transform", "-q", "--apply", spec, p], None);
        assert_eq!(again.stdout.trim(), v["transformed"].as_str().unwrap());
    }
}

#[test]
fn bad_transformations_and_missing_ones_are_usage_errors() {
    let p = PUZZLES[0];
    let r = run(&["transform", "--rows", "124356789", p], None);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("splits a band"), "{}", r.stderr);
    let r = run(&["transform", "--relabel", "12345678", p], None);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("not a permutation"), "{}", r.stderr);
    let r = run(&["transform", p], None);
    assert_eq!(r.code, Some(2));
    let r = run(&["transform", "--seed", "1", "--transpose", p], None);
    assert_eq!(r.code, Some(2));
}

#[test]
fn a_bad_line_is_reported_where_it_is_and_the_rest_goes_on() {
    let text = format!("{}\nnot a puzzle\n{}\n", PUZZLES[0], PUZZLES[1]);
    let dir = temp_files(&[("in.txt", text.as_bytes())]);
    let r = run_in(dir.path(), &["canon", "-q", "in.txt"], None);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("in.txt:2:"), "{}", r.stderr);
    let out = lines(&r.stdout);
    assert_eq!(out.len(), 3);
    assert_eq!(out[1], "invalid");
    // Givens that break the rules still have a form.
    let bad = format!("11{}", &".".repeat(79));
    let r = run(&["canon", "-q", &bad], None);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout, format!("{}11\n", ".".repeat(79)));
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let many: String = (0..20_000)
        .map(|i| format!("{}\n", PUZZLES[i % 3]))
        .collect();
    for args in [
        &["canon", "-q"][..],
        &["canon", "-q", "--dedup"],
        &["transform", "-q", "--seed", "1"],
    ] {
        let (read, code, err) =
            read_lines_then_close(None, args, Some(many.clone().into_bytes()), 1);
        assert_eq!(read.len(), 1);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(!err.contains("panic"), "{err}");
    }
}

#[test]
fn puzzles_given_as_arguments_each_get_their_own_random_move() {
    let p = PUZZLES[0];
    let r = run(
        &[
            "transform",
            "-q",
            "--seed",
            "1",
            "--format",
            "json",
            p,
            p,
            p,
        ],
        None,
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let specs: Vec<String> = json_lines(&r.stdout)
        .iter()
        .map(|v| v["transform"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(specs.len(), 3);
    assert!(
        specs[0] != specs[1] && specs[1] != specs[2] && specs[0] != specs[2],
        "{specs:?}"
    );
    // And the same again with the same seed.
    let again = run(
        &[
            "transform",
            "-q",
            "--seed",
            "1",
            "--format",
            "json",
            p,
            p,
            p,
        ],
        None,
    );
    assert_eq!(again.stdout, r.stdout);
}
