//! A logical step on a grid of any shape, and how it is written: the classic engine's words
//! (`hidden single in box 6: r4c7=3`), with cells numbered from 1 however large the grid and
//! digits written with the puzzle's alphabet.

use std::fmt::Write as _;

use super::grid::symbol;
use crate::format::write_json_string;
use crate::geometry::Geometry;
use crate::logic::{Family, Technique};

/// One candidate: a digit in a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Candidate {
    /// The cell (row-major, from 0).
    pub cell: usize,
    /// The digit, 1..=N.
    pub digit: u8,
}

impl Candidate {
    /// The candidate `digit` in `cell`.
    pub fn new(cell: usize, digit: u8) -> Candidate {
        Candidate { cell, digit }
    }
}

/// An inference between two candidates of a chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Link {
    /// Where the link starts.
    pub from: Candidate,
    /// Where it ends.
    pub to: Candidate,
    /// Strong (`=`: if `from` is false, `to` is true) or weak (`-`: if `from` is true, `to`
    /// is false).
    pub strong: bool,
}

/// What a person needs to see a step. Houses are numbered as [`Geometry::houses`] numbers
/// them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GeneralEvidence {
    /// The houses the pattern is found in: the house of a single or a subset, a fish's base
    /// lines, the house whose digit is locked in an intersection.
    pub houses: Vec<usize>,
    /// The houses it acts on: a fish's cover lines, the other house of an intersection.
    pub cover: Vec<usize>,
    /// The cells of the pattern, in increasing order.
    pub cells: Vec<usize>,
    /// The digits of the pattern (bit `d - 1` for digit `d`).
    pub digits: u32,
    /// Fins (none of the techniques on general grids has them yet; kept for the same form as
    /// the classic evidence).
    pub fins: Vec<usize>,
    /// Chains, link by link.
    pub chains: Vec<Vec<Link>>,
}

/// One logical step on a grid of any shape.
///
/// The classic [`crate::logic::Step`] cannot carry these: its cells are `u8` indexes into 81,
/// its cell sets one `u128`, its digit masks `u16`, and its house numbers and names come from
/// the 9×9 tables. Widening them would slow and change the classic path, which must stay as
/// it is, so general grids have this type; the [`Technique`] (and so the names and HoDoKu
/// codes) is shared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneralStep {
    /// The technique.
    pub technique: Technique,
    /// Digits it places.
    pub placements: Vec<Candidate>,
    /// Candidates it removes, sorted by digit then cell.
    pub eliminations: Vec<Candidate>,
    /// The pattern.
    pub evidence: GeneralEvidence,
}

impl GeneralStep {
    /// A step that places `digit` in `cell`.
    pub fn placement(
        technique: Technique,
        cell: usize,
        digit: u8,
        evidence: GeneralEvidence,
    ) -> GeneralStep {
        GeneralStep {
            technique,
            placements: vec![Candidate::new(cell, digit)],
            eliminations: Vec::new(),
            evidence,
        }
    }

    /// A step that removes candidates (sorted here by digit, then cell).
    pub fn elimination(
        technique: Technique,
        mut eliminations: Vec<Candidate>,
        evidence: GeneralEvidence,
    ) -> GeneralStep {
        eliminations.sort_unstable_by_key(|c| (c.digit, c.cell));
        eliminations.dedup();
        GeneralStep {
            technique,
            placements: Vec::new(),
            eliminations,
            evidence,
        }
    }

    /// Whether the step places a digit.
    pub fn places(&self) -> bool {
        !self.placements.is_empty()
    }

    /// What the step does: `r4c7=3`, or `r2c5,r2c8<>4, r2c5<>7`.
    pub fn actions(&self, geometry: &Geometry, symbols: &[char]) -> String {
        let n = geometry.size();
        let mut s = String::new();
        for p in &self.placements {
            if !s.is_empty() {
                s.push_str(", ");
            }
            push_cell(&mut s, n, p.cell);
            s.push('=');
            s.push(symbol(symbols, p.digit));
        }
        let mut i = 0;
        while i < self.eliminations.len() {
            let digit = self.eliminations[i].digit;
            if !s.is_empty() {
                s.push_str(", ");
            }
            let mut first = true;
            while i < self.eliminations.len() && self.eliminations[i].digit == digit {
                if !first {
                    s.push(',');
                }
                first = false;
                push_cell(&mut s, n, self.eliminations[i].cell);
                i += 1;
            }
            s.push_str("<>");
            s.push(symbol(symbols, digit));
        }
        s
    }

    /// Where the pattern is, in words: ` in box 6`, ` 1/7 in r3 (r3c1,r3c5)`, a chain.
    pub fn pattern(&self, geometry: &Geometry, symbols: &[char]) -> String {
        let n = geometry.size();
        let e = &self.evidence;
        let mut s = String::new();
        if self.technique.is_single() {
            if let Some(&h) = e.houses.first() {
                let house = geometry.house(h);
                let _ = write!(s, " in {} {}", house.kind.word(), house.number + 1);
            }
            return s;
        }
        if e.digits != 0 {
            s.push(' ');
            for (i, d) in super::digits(e.digits).enumerate() {
                if i > 0 {
                    s.push('/');
                }
                s.push(symbol(symbols, d));
            }
        }
        let houses = |s: &mut String, list: &[usize]| {
            for (i, &h) in list.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                s.push_str(&geometry.house(h).name());
            }
        };
        if !e.houses.is_empty() {
            s.push_str(" in ");
            houses(&mut s, &e.houses);
            if !e.cover.is_empty() {
                s.push_str(" / ");
                houses(&mut s, &e.cover);
            }
        }
        let cells = |s: &mut String, list: &[usize]| {
            for (i, &c) in list.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                push_cell(s, n, c);
            }
        };
        if !e.cells.is_empty() && e.chains.is_empty() {
            s.push_str(" (");
            cells(&mut s, &e.cells);
            s.push(')');
        }
        if !e.fins.is_empty() {
            s.push_str(" fins ");
            cells(&mut s, &e.fins);
        }
        for chain in &e.chains {
            s.push_str(": ");
            s.push_str(&chain_text(chain, n, symbols));
        }
        s
    }

    /// The one-line form: `hidden single in box 6: r4c7=3`; `symbols[d - 1]` writes digit
    /// `d` (`123456789ABCDEFG` for 16×16).
    pub fn text(&self, geometry: &Geometry, symbols: &[char]) -> String {
        format!(
            "{}{}: {}",
            self.technique.name(),
            self.pattern(geometry, symbols),
            self.actions(geometry, symbols)
        )
    }

    /// Appends the step as a JSON object, in the classic form (see
    /// [`crate::logic::Step::write_json`]): `technique`, `name`, `text`, `placements` and
    /// `eliminations` as `[row, column, digit]` (numbered from 1; digits as numbers, the text
    /// has the symbols), and `evidence` with `houses`, `cover`, `cells`, `digits`, `fins`
    /// and `chains`.
    pub fn write_json(&self, out: &mut Vec<u8>, geometry: &Geometry, symbols: &[char]) {
        let n = geometry.size();
        let mut s = String::new();
        let _ = write!(
            s,
            "{{\"technique\":\"{}\",\"name\":\"{}\",\"text\":",
            self.technique.code(),
            self.technique.name()
        );
        out.extend_from_slice(s.as_bytes());
        write_json_string(out, &self.text(geometry, symbols));
        let mut s = String::new();
        let cands = |s: &mut String, list: &[Candidate]| {
            s.push('[');
            for (i, c) in list.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                let _ = write!(s, "[{},{},{}]", c.cell / n + 1, c.cell % n + 1, c.digit);
            }
            s.push(']');
        };
        let cells = |s: &mut String, list: &[usize]| {
            s.push('[');
            for (i, c) in list.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                let _ = write!(s, "[{},{}]", c / n + 1, c % n + 1);
            }
            s.push(']');
        };
        let houses = |s: &mut String, list: &[usize]| {
            s.push('[');
            for (i, &h) in list.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                let _ = write!(s, "\"{}\"", geometry.house(h).name());
            }
            s.push(']');
        };
        s.push_str(",\"placements\":");
        cands(&mut s, &self.placements);
        s.push_str(",\"eliminations\":");
        cands(&mut s, &self.eliminations);
        let e = &self.evidence;
        s.push_str(",\"evidence\":{\"houses\":");
        houses(&mut s, &e.houses);
        s.push_str(",\"cover\":");
        houses(&mut s, &e.cover);
        s.push_str(",\"cells\":");
        cells(&mut s, &e.cells);
        s.push_str(",\"digits\":[");
        for (i, d) in super::digits(e.digits).enumerate() {
            if i > 0 {
                s.push(',');
            }
            let _ = write!(s, "{d}");
        }
        s.push_str("],\"fins\":");
        cells(&mut s, &e.fins);
        s.push_str(",\"chains\":[");
        for (i, chain) in e.chains.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            s.push('[');
            for (j, link) in chain.iter().enumerate() {
                if j > 0 {
                    s.push(',');
                }
                for (k, node) in [link.from, link.to].iter().enumerate() {
                    s.push_str(if k == 0 { "{\"from\":" } else { ",\"to\":" });
                    s.push_str("{\"cells\":");
                    cells(&mut s, &[node.cell]);
                    let _ = write!(s, ",\"digit\":{},\"kind\":\"candidate\"}}", node.digit);
                }
                let _ = write!(s, ",\"strong\":{}}}", link.strong);
            }
            s.push(']');
        }
        s.push_str("]}}");
        out.extend_from_slice(s.as_bytes());
    }

    /// Whether the step belongs to `family`.
    pub fn is(&self, family: Family) -> bool {
        self.technique.family() == family
    }
}

/// Appends `r4c7` (`r12c10` on a large grid).
fn push_cell(s: &mut String, n: usize, cell: usize) {
    let _ = write!(s, "r{}c{}", cell / n + 1, cell % n + 1);
}

/// A chain in Eureka-like notation: `5r1c2=5r1c7-5r4c7=5r4c2`.
pub fn chain_text(chain: &[Link], n: usize, symbols: &[char]) -> String {
    let mut s = String::new();
    let node = |s: &mut String, c: Candidate| {
        s.push(symbol(symbols, c.digit));
        push_cell(s, n, c.cell);
    };
    for (i, link) in chain.iter().enumerate() {
        if i == 0 {
            node(&mut s, link.from);
        } else if chain[i - 1].to != link.from {
            s.push_str(" / ");
            node(&mut s, link.from);
        }
        s.push(if link.strong { '=' } else { '-' });
        node(&mut s, link.to);
    }
    s
}
