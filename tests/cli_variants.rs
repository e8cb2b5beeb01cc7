//! Other sizes and shapes through the command line: reading, solving, checking and making
//! them, their errors, and the benchmark sets in puzzles/, checked by code written here (the
//! rules from the box shape, and a search of its own for uniqueness).

mod common;

use common::{run, temp_files};

const SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOP";

/// The default box of a size, computed here: the largest divisor not above the square root.
fn default_box(n: usize) -> (usize, usize) {
    let r = (1..=n)
        .filter(|r| n.is_multiple_of(*r) && r * r <= n)
        .max()
        .unwrap();
    (r, n / r)
}

fn values(line: &str) -> Vec<u8> {
    line.chars()
        .map(|c| match c {
            '.' | '_' | '0' => 0,
            c => SYMBOLS.find(c.to_ascii_uppercase()).unwrap() as u8 + 1,
        })
        .collect()
}

/// The houses of an N×N grid with R×C boxes (or jigsaw labels) and optional diagonals.
fn houses(n: usize, regions: Option<&str>, x: bool) -> Vec<Vec<usize>> {
    let mut hs = Vec::new();
    for i in 0..n {
        hs.push((0..n).map(|c| i * n + c).collect());
        hs.push((0..n).map(|r| r * n + i).collect());
    }
    match regions {
        Some(labels) => {
            let labels: Vec<char> = labels.chars().collect();
            let mut seen: Vec<char> = labels.clone();
            seen.sort_unstable();
            seen.dedup();
            for l in seen {
                hs.push((0..n * n).filter(|&c| labels[c] == l).collect());
            }
        }
        None => {
            let (br, bc) = default_box(n);
            for b in 0..n {
                let (r0, c0) = (b / (n / bc) * br, b % (n / bc) * bc);
                hs.push((0..n).map(|k| (r0 + k / bc) * n + c0 + k % bc).collect());
            }
        }
    }
    if x {
        hs.push((0..n).map(|i| i * n + i).collect());
        hs.push((0..n).map(|i| i * n + n - 1 - i).collect());
    }
    hs
}

/// Whether `solution` fills `puzzle` and every house holds every value once.
fn solves(puzzle: &[u8], solution: &[u8], hs: &[Vec<usize>]) -> bool {
    let n = hs[0].len();
    puzzle.len() == solution.len()
        && puzzle.iter().zip(solution).all(|(&p, &s)| p == 0 || p == s)
        && hs.iter().all(|h| {
            let mut seen: Vec<u8> = h.iter().map(|&c| solution[c]).collect();
            seen.sort_unstable();
            seen == (1..=n as u8).collect::<Vec<_>>()
        })
}

/// Counts solutions up to `limit` with a search of its own: at each node the cell with the
/// fewest candidates or the house value with the fewest places, whichever is fewer.
fn count(puzzle: &[u8], hs: &[Vec<usize>], limit: u32) -> u32 {
    let n = hs[0].len();
    let cells = puzzle.len();
    let mut cell_houses = vec![Vec::new(); cells];
    for (h, house) in hs.iter().enumerate() {
        for &c in house {
            cell_houses[c].push(h);
        }
    }
    fn go(
        g: &mut Vec<u8>,
        hs: &[Vec<usize>],
        ch: &[Vec<usize>],
        n: usize,
        found: &mut u32,
        limit: u32,
    ) {
        let cand = |g: &Vec<u8>, c: usize| -> u32 {
            let mut used = 0u32;
            for &h in &ch[c] {
                for &o in &hs[h] {
                    if g[o] != 0 {
                        used |= 1 << (g[o] - 1);
                    }
                }
            }
            !used & ((1u32 << n) - 1)
        };
        let mut best: Option<Vec<(usize, u8)>> = None;
        for c in 0..g.len() {
            if g[c] == 0 {
                let m = cand(g, c);
                let opts: Vec<(usize, u8)> = (0..n)
                    .filter(|d| m >> d & 1 == 1)
                    .map(|d| (c, d as u8 + 1))
                    .collect();
                if best.as_ref().is_none_or(|b| opts.len() < b.len()) {
                    best = Some(opts);
                }
                if best.as_ref().unwrap().len() <= 1 {
                    break;
                }
            }
        }
        let Some(mut opts) = best else {
            *found += 1;
            return;
        };
        if opts.len() > 1 {
            for h in hs {
                for d in 1..=n as u8 {
                    if h.iter().any(|&c| g[c] == d) {
                        continue;
                    }
                    let places: Vec<(usize, u8)> = h
                        .iter()
                        .filter(|&&c| g[c] == 0 && cand(g, c) >> (d - 1) & 1 == 1)
                        .map(|&c| (c, d))
                        .collect();
                    if places.len() < opts.len() {
                        opts = places;
                    }
                }
            }
        }
        for (c, d) in opts {
            g[c] = d;
            go(g, hs, ch, n, found, limit);
            g[c] = 0;
            if *found >= limit {
                return;
            }
        }
    }
    // Givens that clash: none.
    for h in hs {
        let mut seen = vec![false; n + 1];
        for &c in h {
            let v = usize::from(puzzle[c]);
            if v != 0 && std::mem::replace(&mut seen[v], true) {
                return 0;
            }
        }
    }
    let mut g = puzzle.to_vec();
    let mut found = 0;
    go(&mut g, hs, &cell_houses, n, &mut found, limit);
    found
}

#[test]
fn generated_puzzles_of_every_small_size_solve_by_the_rules() {
    for n in [4usize, 6, 8, 10, 12] {
        let size = n.to_string();
        let made = run(
            &["generate", "--size", &size, "-n", "3", "--seed", "11"],
            None,
        );
        made.expect_code(0);
        let solved = run(
            &["solve", "--format", "line", "--threads", "1"],
            Some(made.stdout.as_bytes()),
        );
        solved.expect_code(0);
        let hs = houses(n, None, false);
        for (p, s) in made.stdout.lines().zip(solved.stdout.lines()) {
            assert_eq!(p.len(), n * n, "{p}");
            assert!(solves(&values(p), &values(s), &hs), "{p} -> {s}");
            assert_eq!(count(&values(p), &hs, 2), 1, "{p} is proper");
        }
        assert_eq!(solved.stdout.lines().count(), 3);
    }
}

#[test]
fn the_benchmark_sets_are_proper_by_a_second_search() {
    for (file, n) in [("puzzles/sixteen.txt", 16), ("puzzles/twentyfive.txt", 25)] {
        let text = std::fs::read_to_string(file).unwrap();
        let hs = houses(n, None, false);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() >= 10);
        // A few of each: the search here is simple, and tests run unoptimised (some 25x25
        // ones take our search ~100,000 guesses; `check` on the whole set is in the README).
        let few: &[usize] = if n == 16 { &[0, 1, 2, 3, 4] } else { &[0] };
        for &i in few {
            let p = lines[i].split_whitespace().next().unwrap();
            assert_eq!(count(&values(p), &hs, 2), 1, "{file}: {p}");
            let r = run(&["check", "--format", "line", p], None);
            r.expect_code(0);
            assert_eq!(r.stdout, "proper\n");
        }
    }
}

#[test]
fn counts_match_the_second_search_on_small_puzzles() {
    // Sparse 4x4 and 6x6 puzzles with many solutions, and an X 6x6 one.
    let cases = [
        ("1...............", None, false),
        ("12..............", None, false),
        ("1.....2.........3.......4...........", None, false),
        ("1.....2.........3.......4...........", Some("x"), true),
    ];
    for (puzzle, variant, x) in cases {
        let n = (puzzle.len() as f64).sqrt() as usize;
        let mut args = vec!["solve", "--count", "--format", "line"];
        if let Some(v) = variant {
            args.extend(["--variant", v]);
        }
        args.push(puzzle);
        let r = run(&args, None);
        r.expect_code(0);
        let expected = count(&values(puzzle), &houses(n, None, x), u32::MAX);
        assert_eq!(
            r.stdout.trim(),
            expected.to_string(),
            "{puzzle} {variant:?}"
        );
    }
}

#[test]
fn bad_lines_are_located_and_the_batch_goes_on() {
    let sixteen_bad = format!("{}H{}", ".".repeat(20), ".".repeat(235));
    let clash = format!("1{}1{}", ".".repeat(3), ".".repeat(11));
    let text = format!("{sixteen_bad}\n{clash}\n1234341221434321\n");
    let dir = temp_files(&[("p.txt", text.as_bytes())]);
    let path = dir.path().join("p.txt");
    let path = path.to_str().unwrap();
    let r = run(&["solve", "--format", "line", path], None);
    r.expect_code(2);
    assert_eq!(r.stdout, "invalid\ninvalid\n1234341221434321\n");
    assert!(
        r.stderr
            .contains("p.txt:1:21: 'H' is not a symbol of a 16x16 grid"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains("p.txt:2:5: symbol 1 appears twice in column 1"),
        "{}",
        r.stderr
    );
    // hyper needs 9x9; a box that does not divide the size.
    let r = run(
        &["solve", "--variant", "hyper", "--format", "line", path],
        None,
    );
    r.expect_code(2);
    assert!(
        r.stderr.contains("the hyper variant needs a 9x9 grid"),
        "{}",
        r.stderr
    );
    let r = run(&["check", "--box", "3x2", "1234341221434321"], None);
    r.expect_code(2);
    assert!(
        r.stderr.contains("3x2 boxes do not tile a 4x4 grid"),
        "{}",
        r.stderr
    );
    let r = run(&["solve", "--variant", "knight", "1234341221434321"], None);
    r.expect_code(2);
    let r = run(
        &["solve", "--regions", "aabbaabbccddccde", "1234341221434321"],
        None,
    );
    r.expect_code(2);
}

#[test]
fn classic_lines_stay_classic_and_variants_take_them_over() {
    let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let plain = run(&["solve", "--format", "json", p], None);
    plain.expect_code(0);
    assert!(!plain.stdout.contains("\"size\""), "{}", plain.stdout);
    let boxed = run(&["solve", "--format", "json", "--box", "3x3", p], None);
    boxed.expect_code(0);
    assert!(
        boxed
            .stdout
            .contains("\"size\":9,\"box\":\"3x3\",\"variants\":[]")
    );
    // The same solution either way.
    let sol = |s: &str| s.split("\"solution\":\"").nth(1).unwrap()[..81].to_string();
    assert_eq!(sol(&plain.stdout), sol(&boxed.stdout));
    let x = run(&["solve", "--format", "json", "--variant", "x", p], None);
    assert!(x.stdout.contains("\"variants\":[\"x\"]"), "{}", x.stdout);
}

#[test]
fn other_symbols_are_read_and_written() {
    let r = run(
        &[
            "solve",
            "--symbols",
            "ABCD",
            "--format",
            "line",
            "ABCDCDAB........",
        ],
        None,
    );
    r.expect_code(0);
    let hs = houses(4, None, false);
    // Several solutions: the first, then the word.
    let (line, word) = r.stdout.trim().split_once(' ').unwrap();
    assert_eq!(word, "multiple");
    assert_eq!(line.replace(['A', 'B', 'C', 'D'], ""), "", "{}", r.stdout);
    let v: Vec<u8> = line.bytes().map(|b| b - b'A' + 1).collect();
    assert!(solves(
        &[1, 2, 3, 4, 3, 4, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0],
        &v,
        &hs
    ));
}

#[test]
fn generation_is_seeded_symmetric_and_refuses_broken_symmetries() {
    let args = [
        "generate", "--size", "6", "-n", "6", "--seed", "3", "--format", "json",
    ];
    let one = run(&[&args[..], &["--threads", "1"]].concat(), None);
    let two = run(&[&args[..], &["--threads", "2"]].concat(), None);
    one.expect_code(0);
    assert_eq!(one.stdout, two.stdout);
    assert!(
        one.stdout
            .contains("\"symmetry\":\"rot180\",\"minimal\":true")
    );
    for line in one.stdout.lines() {
        let p = line.split("\"puzzle\":\"").nth(1).unwrap().as_bytes()[..36].to_vec();
        for c in 0..36 {
            assert_eq!(p[c] == b'.', p[35 - c] == b'.', "{line}");
        }
    }
    let r = run(&["generate", "--size", "6", "--symmetry", "rot90"], None);
    r.expect_code(2);
    assert!(r.stderr.contains("2x3 boxes do not keep"), "{}", r.stderr);
    // Jigsaw regions keep every symmetry that can hold; a quarter turn cannot on 6x6.
    let r = run(
        &["generate", "--jigsaw", "--size", "6", "--symmetry", "rot90"],
        None,
    );
    r.expect_code(2);
    assert!(r.stderr.contains("keeps a quarter turn"), "{}", r.stderr);
    let r = run(
        &[
            "generate",
            "--jigsaw",
            "--size",
            "6",
            "--symmetry",
            "diagonal",
        ],
        None,
    );
    r.expect_code(2);
    assert!(r.stderr.contains("2x3 boxes"), "{}", r.stderr);
    // 25x25 jigsaw regions are drawn around a random grid, which keeps no symmetry.
    let r = run(
        &[
            "generate",
            "--jigsaw",
            "--size",
            "25",
            "--symmetry",
            "rot180",
        ],
        None,
    );
    r.expect_code(2);
    assert!(
        r.stderr.contains("drawn around a random grid"),
        "{}",
        r.stderr
    );
}

/// Whether each region of the labels is connected (side neighbours).
fn regions_connected(n: usize, labels: &str) -> bool {
    let labels: Vec<char> = labels.chars().collect();
    (0..n * n).all(|start| {
        let cells: Vec<usize> = (0..n * n).filter(|&c| labels[c] == labels[start]).collect();
        let mut reached = vec![start];
        let mut i = 0;
        while i < reached.len() {
            let c = reached[i];
            i += 1;
            for &m in &cells {
                let near = (c / n).abs_diff(m / n) + (c % n).abs_diff(m % n) == 1;
                if near && !reached.contains(&m) {
                    reached.push(m);
                }
            }
        }
        reached.len() == cells.len()
    })
}

#[test]
fn a_25x25_jigsaw_is_made_and_solves_uniquely_with_its_regions() {
    // Regions drawn around the solution grid: N connected regions of N cells, the solution
    // fits them (checked here), and there is no second one.
    let r = run(
        &["generate", "--jigsaw", "--size", "25", "--seed", "1", "-j1"],
        None,
    );
    r.expect_code(0);
    let line = r.stdout.trim();
    let (puzzle, regions) = line.split_once(' ').unwrap();
    assert_eq!((puzzle.len(), regions.len()), (625, 625));
    assert!(regions_connected(25, regions), "{regions}");
    let hs = houses(25, Some(regions), false);
    assert_eq!(hs.len(), 75, "{regions}");
    assert!(hs.iter().all(|h| h.len() == 25), "{regions}");
    // Not just the boxes.
    assert_ne!(hs[50..], houses(25, None, false)[50..]);
    let s = run(&["solve", "--format", "line"], Some(line.as_bytes()));
    s.expect_code(0);
    assert!(solves(&values(puzzle), &values(s.stdout.trim()), &hs));
    // The search written here takes minutes on this one: the tool's count (the lib's test
    // checks the drawing on small grids).
    let c = run(&["solve", "--count", "--limit", "2"], Some(line.as_bytes()));
    c.expect_code(0);
    assert!(c.stdout.contains(": 1 solution"), "{}", c.stdout);
    // The same seed, the same puzzle, whatever the threads.
    let again = run(
        &["generate", "--jigsaw", "--size", "25", "--seed", "1", "-j2"],
        None,
    );
    assert_eq!(again.stdout, r.stdout);
}

/// The images of cell `c` of an N×N grid under each element of the symmetry's group
/// (written here: rotations and mirrors of (row, column)).
fn group_images(symmetry: &str, n: usize, c: usize) -> Vec<usize> {
    let m = n - 1;
    let (r, col) = (c / n, c % n);
    let turn = |(r, c): (usize, usize)| (c, m - r);
    let flip = |(r, c): (usize, usize)| (r, m - c);
    let mut out = vec![(r, col)];
    match symmetry {
        "rot180" => out.push(turn(turn((r, col)))),
        "mirror" => out.push(flip((r, col))),
        "diagonal" => out.push((col, r)),
        "antidiagonal" => out.push((m - col, m - r)),
        "rot90" | "dihedral" => {
            for _ in 0..3 {
                out.push(turn(*out.last().unwrap()));
            }
            if symmetry == "dihedral" {
                for k in 0..4 {
                    out.push(flip(out[k]));
                }
            }
        }
        _ => {}
    }
    out.into_iter().map(|(r, c)| r * n + c).collect()
}

#[test]
fn symmetric_jigsaws_keep_their_symmetry_in_regions_and_givens() {
    for (n, symmetry) in [
        (6, "rot180"),
        (6, "mirror"),
        (8, "rot180"),
        (9, "rot90"),
        (9, "diagonal"),
        (9, "antidiagonal"),
    ] {
        let size = n.to_string();
        let r = run(
            &[
                "generate",
                "--jigsaw",
                "--size",
                &size,
                "--symmetry",
                symmetry,
                "-n",
                "3",
                "--seed",
                "5",
            ],
            None,
        );
        r.expect_code(0);
        let mut maps_moved = 0;
        for line in r.stdout.lines() {
            let (puzzle, regions) = line.split_once(' ').unwrap();
            let labels: Vec<char> = regions.chars().collect();
            assert_eq!(labels.len(), n * n, "{line}");
            let mut ids = labels.clone();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), n, "{n} regions: {line}");
            for &id in &ids {
                // N cells, connected through side neighbours.
                let members: Vec<usize> = (0..n * n).filter(|&c| labels[c] == id).collect();
                assert_eq!(members.len(), n, "{id}: {line}");
                let mut seen = vec![members[0]];
                let mut i = 0;
                while i < seen.len() {
                    let c = seen[i];
                    i += 1;
                    for m in members.iter().copied() {
                        let near = (c / n).abs_diff(m / n) + (c % n).abs_diff(m % n) == 1;
                        if near && !seen.contains(&m) {
                            seen.push(m);
                        }
                    }
                }
                assert_eq!(seen.len(), n, "{id} is connected: {line}");
            }
            let givens = values(puzzle);
            let group = group_images(symmetry, n, 0).len();
            for k in 1..group {
                // Each element maps every region onto one region, and givens onto givens.
                let mut to: Vec<(char, char)> = Vec::new();
                for c in 0..n * n {
                    let image = group_images(symmetry, n, c)[k];
                    let pair = (labels[c], labels[image]);
                    assert!(
                        to.iter().all(|&(a, b)| (a == pair.0) == (b == pair.1)),
                        "{symmetry}: region map not kept: {line}"
                    );
                    if !to.contains(&pair) {
                        to.push(pair);
                    }
                    assert_eq!(givens[c] == 0, givens[image] == 0, "{symmetry}: {line}");
                }
            }
            let hs = houses(n, Some(regions), false);
            let boxes = houses(n, None, false);
            maps_moved += usize::from(hs != boxes);
            assert_eq!(count(&givens, &hs, 2), 1, "unique: {line}");
        }
        assert!(
            maps_moved > 0,
            "{n} {symmetry}: the regions are not just the boxes"
        );
    }
}

#[test]
fn jigsaw_puzzles_come_with_their_regions_and_solve_with_them() {
    let r = run(
        &[
            "generate", "--jigsaw", "--size", "6", "-n", "3", "--seed", "8",
        ],
        None,
    );
    r.expect_code(0);
    for line in r.stdout.lines() {
        let (puzzle, regions) = line.split_once(' ').unwrap();
        let hs = houses(6, Some(regions), false);
        assert_eq!(count(&values(puzzle), &hs, 2), 1, "{line}");
        let s = run(
            &["solve", "--format", "line", "--regions", regions, puzzle],
            None,
        );
        s.expect_code(0);
        assert!(
            solves(&values(puzzle), &values(s.stdout.trim()), &hs),
            "{line}"
        );
    }
}

#[test]
fn jigsaw_lines_as_generate_prints_them_read_back_with_their_regions() {
    // `generate --jigsaw` prints `PUZZLE REGIONS`; piped to `solve` with no `--regions`, the
    // regions on the line make the puzzle a jigsaw (as boxes it has several solutions).
    for size in ["6", "9"] {
        let n: usize = size.parse().unwrap();
        let made = run(
            &[
                "generate", "--jigsaw", "--size", size, "-n", "2", "--seed", "8",
            ],
            None,
        );
        made.expect_code(0);
        let solved = run(&["solve", "--format", "line"], Some(made.stdout.as_bytes()));
        solved.expect_code(0);
        for (line, solution) in made.stdout.lines().zip(solved.stdout.lines()) {
            let (puzzle, regions) = line.split_once(' ').unwrap();
            let hs = houses(n, Some(regions), false);
            assert_eq!(count(&values(puzzle), &hs, 2), 1, "{line}");
            assert!(solves(&values(puzzle), &values(solution), &hs), "{line}");
        }
        // Commands that take classic puzzles only say it is a jigsaw.
        if n == 9 {
            let r = run(&["rate"], Some(made.stdout.as_bytes()));
            r.expect_code(2);
            assert!(r.stderr.contains("a 9x9 jigsaw puzzle"), "{}", r.stderr);
        }
    }
    // A solution written after its puzzle is no region map (its values never touch).
    let puzzle =
        "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....";
    let solution = run(&["solve", "--format", "line", puzzle], None);
    solution.expect_code(0);
    let line = format!("{puzzle} {}", solution.stdout.trim());
    let again = run(&["rate", &line], None);
    again.expect_code(0);
}

/// The search page's record of a `solve --trace --format html` run.
fn page_record(html: &str) -> serde_json::Value {
    let json = html
        .split("<script type=\"application/json\">")
        .nth(1)
        .unwrap()
        .split("</script>")
        .next()
        .unwrap();
    serde_json::from_str(json).unwrap()
}

#[test]
fn the_search_of_other_shapes_can_be_traced_and_replayed() {
    // A 16x16 puzzle, a 6x6 jigsaw and an X puzzle: replaying the page's events (placements
    // and take-backs, which must nest) ends on the solution `solve` prints, which keeps the
    // rules checked here; the text trace names cells and symbols of the shape.
    let sixteen = std::fs::read_to_string("puzzles/sixteen.txt").unwrap();
    let sixteen = sixteen.lines().next().unwrap().to_string();
    let jigsaw = "43..............5.....32.......21..5 abbcccabdddcabbbdcaeeddcaeeeffaeffff";
    let x = "..7...58.....6...2...82.1........79...........98........2.38...4...1.....63...9..";
    /// A puzzle, its flags, its size, its regions and whether its diagonals are houses.
    type Case<'a> = (&'a str, &'a [&'a str], usize, Option<&'a str>, bool);
    let cases: [Case<'_>; 3] = [
        (&sixteen, &[], 16, None, false),
        (
            jigsaw,
            &[],
            6,
            Some("abbcccabdddcabbbdcaeeddcaeeeffaeffff"),
            false,
        ),
        (x, &["--variant", "x"], 9, None, true),
    ];
    for (puzzle, flags, n, regions, diagonals) in cases {
        let mut args = vec!["solve", "--trace", "--format", "html"];
        args.extend_from_slice(flags);
        args.push(puzzle);
        let page = run(&args, None);
        page.expect_code(0);
        let record = page_record(&page.stdout);
        assert_eq!(record["size"], n, "{puzzle}");
        if let Some(regions) = regions {
            assert_eq!(record["regions"].as_str().unwrap().len(), regions.len());
        }
        let symbols: Vec<char> = SYMBOLS.chars().take(n).collect();
        let mut board = vec![0u8; n * n];
        let mut stack = Vec::new();
        let mut solutions = Vec::new();
        for e in record["events"].as_array().unwrap() {
            let e = e.as_u64().unwrap();
            let (kind, cell, value) = (e / 100_000, (e / 100 % 1000) as usize, (e % 100) as u8);
            assert!(cell < n * n && (1..=n as u8).contains(&value), "{e}");
            if kind == 2 {
                assert_eq!(
                    stack.pop(),
                    Some((cell, value)),
                    "an undo takes back the last"
                );
                board[cell] = 0;
            } else {
                assert_eq!(board[cell], 0, "a placement in an empty cell");
                board[cell] = value;
                stack.push((cell, value));
                if board.iter().all(|&v| v != 0) {
                    solutions.push(board.clone());
                }
            }
        }
        assert_eq!(solutions.len(), 1, "{puzzle}");
        let mut line_args = vec!["solve", "--format", "line"];
        line_args.extend_from_slice(flags);
        line_args.push(puzzle);
        let solved = run(&line_args, None);
        solved.expect_code(0);
        let printed: String = solutions[0]
            .iter()
            .map(|&v| symbols[usize::from(v) - 1])
            .collect();
        assert_eq!(printed, solved.stdout.trim(), "{puzzle}");
        let cells = puzzle.split(' ').next().unwrap();
        let hs = houses(n, regions, diagonals);
        assert!(solves(&values(cells), &solutions[0], &hs), "{puzzle}");
        // The text trace: one line an event, in the puzzle's names and symbols.
        let mut trace_args = vec!["solve", "--trace"];
        trace_args.extend_from_slice(flags);
        trace_args.push(puzzle);
        let traced = run(&trace_args, None);
        traced.expect_code(0);
        let lines: Vec<&str> = traced.stderr.lines().collect();
        assert_eq!(lines[0], "<argument>:1: trace");
        assert_eq!(
            lines.len() - 1,
            record["events"].as_array().unwrap().len(),
            "{puzzle}"
        );
        let (first_kind, cell, value) = {
            let e = record["events"][0].as_u64().unwrap();
            (e / 100_000, (e / 100 % 1000) as usize, (e % 100) as usize)
        };
        assert_eq!(first_kind, 0);
        assert_eq!(
            lines[1],
            format!(
                "depth 0: place r{}c{} = {}",
                cell / n + 1,
                cell % n + 1,
                symbols[value - 1]
            )
        );
    }
}

#[test]
fn a_bad_regions_flag_says_why_once() {
    let r = run(
        &["solve", "--regions", "aabbaabbccddccdc", "1..............."],
        None,
    );
    r.expect_code(2);
    assert_eq!(
        r.stderr.matches("each region needs 4").count(),
        1,
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("--regions"), "{}", r.stderr);
}

#[test]
fn rate_refuses_other_shapes_clearly() {
    let r = run(&["rate", "1234341221434321"], None);
    r.expect_code(2);
    assert!(
        r.stderr
            .contains("a 4x4 puzzle: rate takes 9x9 puzzles only; 'explain' solves it"),
        "{}",
        r.stderr
    );
}

#[test]
fn clue_counts_and_no_minimal_follow_the_size() {
    // --clues with a count only other sizes can have, and --no-minimal alone (removal stops
    // at the first group that cannot go): proper puzzles, by the search written here.
    let hs = houses(6, None, false);
    for args in [
        &["--clues", "20-24", "--no-minimal"][..],
        &["--no-minimal"][..],
        &["--clues", "30"][..],
    ] {
        let mut full = vec!["generate", "--size", "6", "-n", "3", "--seed", "4"];
        full.extend_from_slice(args);
        let made = run(&full, None);
        if args == ["--clues", "30"] {
            // 30 of 36 givens: not minimal, so no puzzle meets it; each miss is reported.
            assert_ne!(made.code, Some(0), "{args:?}");
            continue;
        }
        made.expect_code(0);
        for p in made.stdout.lines() {
            let givens = values(p).iter().filter(|&&v| v != 0).count();
            if args[0] == "--clues" {
                assert!((20..=24).contains(&givens), "{p}: {givens}");
            }
            assert_eq!(count(&values(p), &hs, 2), 1, "{p} is proper");
        }
        assert_eq!(made.stdout.lines().count(), 3);
    }
    // Counts beyond the grid are refused, for each size its own.
    run(&["generate", "--size", "6", "--clues", "37"], None).expect_code(2);
    run(&["generate", "--clues", "82"], None).expect_code(2);
    run(
        &[
            "generate",
            "--size",
            "16",
            "--clues",
            "200",
            "--no-minimal",
            "--seed",
            "1",
        ],
        None,
    )
    .expect_code(0);
}
