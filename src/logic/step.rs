//! A logical step: the technique, what it places or removes, and the evidence a person needs
//! to see it.

use std::fmt::{self, Write as _};

use crate::geometry::{CellSet, digits};

use super::{Family, Technique};
use crate::board::{col_of, row_of};
use crate::geometry::classic::{cell_name, house_long_name, house_name};

/// One candidate: a digit in a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Candidate {
    /// The cell, 0..81 (row-major).
    pub cell: u8,
    /// The digit, 1–9.
    pub digit: u8,
}

impl Candidate {
    /// The candidate `digit` in `cell`.
    #[inline]
    pub fn new(cell: usize, digit: u8) -> Candidate {
        Candidate {
            cell: cell as u8,
            digit,
        }
    }

    /// The cell as an index.
    #[inline]
    pub fn cell(self) -> usize {
        usize::from(self.cell)
    }

    /// Row, 1–9.
    pub fn row(self) -> usize {
        row_of(self.cell()) + 1
    }

    /// Column, 1–9.
    pub fn col(self) -> usize {
        col_of(self.cell()) + 1
    }
}

/// A node of a chain: one candidate, or one digit over a group of cells in one house (the
/// digit is in one of them), or the digit of an almost locked set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Node {
    /// The cells: one for a candidate, several for a group or an almost locked set.
    pub cells: CellSet,
    /// The digit.
    pub digit: u8,
    /// What kind of node.
    pub kind: NodeKind,
}

/// The kinds of chain node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// A single candidate.
    Candidate,
    /// A digit in a group of cells of one house.
    Group,
    /// A digit of an almost locked set.
    Als,
}

impl Node {
    /// A single-candidate node.
    pub fn candidate(cell: usize, digit: u8) -> Node {
        Node {
            cells: CellSet::single(cell),
            digit,
            kind: NodeKind::Candidate,
        }
    }

    /// A group node (several cells of one house); a one-cell group is a candidate node.
    pub fn group(cells: CellSet, digit: u8) -> Node {
        let kind = if cells.len() == 1 {
            NodeKind::Candidate
        } else {
            NodeKind::Group
        };
        Node { cells, digit, kind }
    }
}

impl fmt::Display for Node {
    /// `5r3c4`, a group `5r3c46` or `5r13c4`, an ALS `5{r1c1 r1c2}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.digit)?;
        match self.kind {
            NodeKind::Als => {
                f.write_str("{")?;
                for (i, c) in self.cells.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    f.write_str(&cell_name(c))?;
                }
                f.write_str("}")
            }
            _ => f.write_str(&compact_cells(self.cells)),
        }
    }
}

/// An inference between two nodes of a chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Link {
    /// Where the link starts.
    pub from: Node,
    /// Where it ends.
    pub to: Node,
    /// Strong (`=`: if `from` is false, `to` is true) or weak (`-`: if `from` is true, `to` is
    /// false).
    pub strong: bool,
}

/// What a person needs to see a step.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Evidence {
    /// The houses the pattern is found in: the house of a single or a subset, a fish's base
    /// sets, the box of locked candidates.
    pub houses: Vec<u8>,
    /// The houses it acts on: a fish's cover sets, the line of locked candidates.
    pub cover: Vec<u8>,
    /// The cells of the pattern.
    pub cells: CellSet,
    /// The digits of the pattern (bit `d - 1` for digit `d`).
    pub digits: u16,
    /// Extra cells: fins of a fish, the extra candidates of a uniqueness pattern.
    pub fins: CellSet,
    /// Chains, each link by link: one for a chain or loop, one per branch for a forcing chain.
    pub chains: Vec<Vec<Link>>,
}

/// One logical step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Digits it places.
    pub placements: Vec<Candidate>,
    /// Candidates it removes.
    pub eliminations: Vec<Candidate>,
    /// The pattern.
    pub evidence: Evidence,
}

impl Step {
    /// A step that places `digit` in `cell`.
    pub fn placement(technique: Technique, cell: usize, digit: u8, evidence: Evidence) -> Step {
        Step {
            technique,
            placements: vec![Candidate::new(cell, digit)],
            eliminations: Vec::new(),
            evidence,
        }
    }

    /// A step that removes candidates.
    pub fn elimination(
        technique: Technique,
        eliminations: Vec<Candidate>,
        evidence: Evidence,
    ) -> Step {
        Step {
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

    /// What the step does, in the usual notation: `r4c7=3`, or `r2c5,r2c8<>4, r2c5<>7`.
    pub fn actions(&self) -> String {
        let mut s = String::with_capacity(32);
        self.push_actions(&mut s);
        s
    }

    fn push_actions(&self, s: &mut String) {
        let start = s.len();
        for p in &self.placements {
            if s.len() > start {
                s.push_str(", ");
            }
            push_cell(s, p.cell());
            s.push('=');
            s.push(char::from(b'0' + p.digit));
        }
        for digit in 1..=9u8 {
            let cells: CellSet = self
                .eliminations
                .iter()
                .filter(|e| e.digit == digit)
                .map(|e| e.cell())
                .collect();
            if cells.is_empty() {
                continue;
            }
            if s.len() > start {
                s.push_str(", ");
            }
            for (i, cell) in cells.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                push_cell(s, cell);
            }
            s.push_str("<>");
            s.push(char::from(b'0' + digit));
        }
    }

    /// Where the pattern is, in words: ` in box 6`, ` 1/7 in r3`, a chain.
    pub fn pattern(&self) -> String {
        let mut s = String::with_capacity(32);
        self.push_pattern(&mut s);
        s
    }

    fn push_pattern(&self, s: &mut String) {
        let e = &self.evidence;
        if self.technique.is_single() {
            if let Some(&h) = e.houses.first() {
                s.push_str(" in ");
                s.push_str(&house_long_name(usize::from(h)));
            }
            return;
        }
        if e.digits != 0 {
            s.push(' ');
            for (i, d) in digits::iter(e.digits).enumerate() {
                if i > 0 {
                    s.push('/');
                }
                s.push(char::from(b'0' + d));
            }
        }
        let houses = |s: &mut String, list: &[u8]| {
            for (i, &h) in list.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                s.push_str(&house_name(h.into()));
            }
        };
        if !e.houses.is_empty() {
            s.push_str(" in ");
            houses(s, &e.houses);
            if !e.cover.is_empty() {
                s.push_str(" / ");
                houses(s, &e.cover);
            }
        }
        let cells = |s: &mut String, set: CellSet| {
            for (i, c) in set.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                push_cell(s, c);
            }
        };
        if !e.cells.is_empty() && e.chains.is_empty() {
            s.push_str(" (");
            cells(s, e.cells);
            s.push(')');
        }
        if !e.fins.is_empty() {
            s.push_str(" fins ");
            cells(s, e.fins);
        }
        for chain in &e.chains {
            s.push_str(": ");
            s.push_str(&chain_text(chain));
        }
    }

    /// The one-line form, appended to `s`.
    pub fn push_text(&self, s: &mut String) {
        s.push_str(self.technique.name());
        self.push_pattern(s);
        s.push_str(": ");
        self.push_actions(s);
    }
}

/// Appends `r4c7`.
fn push_cell(s: &mut String, cell: usize) {
    s.push('r');
    s.push(char::from(b'1' + row_of(cell) as u8));
    s.push('c');
    s.push(char::from(b'1' + col_of(cell) as u8));
}

/// A chain in Eureka-like notation: `5r1c2=5r1c7-5r4c7=5r4c2`.
pub fn chain_text(chain: &[Link]) -> String {
    let mut s = String::new();
    for (i, link) in chain.iter().enumerate() {
        if i == 0 {
            let _ = write!(s, "{}", link.from);
        } else if chain[i - 1].to != link.from {
            let _ = write!(s, " / {}", link.from);
        }
        s.push(if link.strong { '=' } else { '-' });
        let _ = write!(s, "{}", link.to);
    }
    s
}

/// Cells written compactly when they share a row or column: `r3c46`, `r13c4`; else joined.
fn compact_cells(cells: CellSet) -> String {
    let rows: Vec<usize> = cells.iter().map(|c| row_of(c) + 1).collect();
    let cols: Vec<usize> = cells.iter().map(|c| col_of(c) + 1).collect();
    let digits = |v: &[usize]| {
        let mut v = v.to_vec();
        v.sort_unstable();
        v.dedup();
        v.iter().map(|n| n.to_string()).collect::<String>()
    };
    if rows.windows(2).all(|w| w[0] == w[1]) {
        format!("r{}c{}", rows.first().copied().unwrap_or(0), digits(&cols))
    } else if cols.windows(2).all(|w| w[0] == w[1]) {
        format!("r{}c{}", digits(&rows), cols[0])
    } else {
        let names: Vec<String> = cells.iter().map(cell_name).collect();
        names.join(",")
    }
}

/// One line: `hidden single in box 6: r4c7=3`.
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(64);
        self.push_text(&mut s);
        f.write_str(&s)
    }
}

fn json_cells(out: &mut Vec<u8>, cells: CellSet) {
    out.push(b'[');
    for (i, c) in cells.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(&[
            b'[',
            b'1' + row_of(c) as u8,
            b',',
            b'1' + col_of(c) as u8,
            b']',
        ]);
    }
    out.push(b']');
}

fn json_candidates(out: &mut Vec<u8>, cands: &[Candidate]) {
    out.push(b'[');
    for (i, c) in cands.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        let (r, col) = (row_of(c.cell()) as u8, col_of(c.cell()) as u8);
        out.extend_from_slice(&[b'[', b'1' + r, b',', b'1' + col, b',', b'0' + c.digit, b']']);
    }
    out.push(b']');
}

fn json_houses(out: &mut Vec<u8>, houses: &[u8]) {
    out.push(b'[');
    for (i, &h) in houses.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.push(b'"');
        out.extend_from_slice(house_name(h.into()).as_bytes());
        out.push(b'"');
    }
    out.push(b']');
}

fn json_node(out: &mut Vec<u8>, node: &Node) {
    out.extend_from_slice(b"{\"cells\":");
    json_cells(out, node.cells);
    let kind = match node.kind {
        NodeKind::Candidate => "candidate",
        NodeKind::Group => "group",
        NodeKind::Als => "als",
    };
    let _ = write!(
        Bytes(out),
        ",\"digit\":{},\"kind\":\"{kind}\"}}",
        node.digit
    );
}

/// `fmt::Write` over a byte buffer, for `write!` of ASCII.
struct Bytes<'a>(&'a mut Vec<u8>);

impl fmt::Write for Bytes<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

impl Step {
    /// Appends the step as a JSON object: `technique` (HoDoKu's code), `name`, `text` (the
    /// one-line form), `placements` and `eliminations` as `[row, column, digit]` triples
    /// (numbered from 1), and `evidence`: `houses` and `cover` (`r1`, `c5`, `b9`), `cells`
    /// and `fins` as `[row, column]` pairs, `digits`, and `chains`, each a list of links
    /// `{"from": node, "to": node, "strong": bool}` with nodes `{"cells", "digit", "kind"}`.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        let _ = write!(
            Bytes(out),
            "{{\"technique\":\"{}\",\"name\":\"{}\",\"text\":",
            self.technique.code(),
            self.technique.name()
        );
        // The text holds letters, digits, blanks and `=<>,/(){}:+-` only: nothing to escape.
        let mut text = String::with_capacity(64);
        self.push_text(&mut text);
        debug_assert!(!text.contains(['"', '\\']) && text.is_ascii());
        out.push(b'"');
        out.extend_from_slice(text.as_bytes());
        out.push(b'"');
        out.extend_from_slice(b",\"placements\":");
        json_candidates(out, &self.placements);
        out.extend_from_slice(b",\"eliminations\":");
        json_candidates(out, &self.eliminations);
        let e = &self.evidence;
        out.extend_from_slice(b",\"evidence\":{\"houses\":");
        json_houses(out, &e.houses);
        out.extend_from_slice(b",\"cover\":");
        json_houses(out, &e.cover);
        out.extend_from_slice(b",\"cells\":");
        json_cells(out, e.cells);
        out.extend_from_slice(b",\"digits\":[");
        for (i, d) in digits::iter(e.digits).enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.push(b'0' + d);
        }
        out.extend_from_slice(b"],\"fins\":");
        json_cells(out, e.fins);
        out.extend_from_slice(b",\"chains\":[");
        for (i, chain) in e.chains.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.push(b'[');
            for (j, link) in chain.iter().enumerate() {
                if j > 0 {
                    out.push(b',');
                }
                out.extend_from_slice(b"{\"from\":");
                json_node(out, &link.from);
                out.extend_from_slice(b",\"to\":");
                json_node(out, &link.to);
                let _ = write!(Bytes(out), ",\"strong\":{}}}", link.strong);
            }
            out.push(b']');
        }
        out.extend_from_slice(b"]}}");
    }

    /// Whether candidate `digit` of `cell` belongs to the pattern: a digit of the pattern in
    /// one of its cells (every digit, when the pattern names none), a fish's fin of its
    /// digit, any candidate of another pattern's extra cells, or a node of a chain.
    pub fn pattern_has(&self, cell: usize, digit: u8) -> bool {
        let e = &self.evidence;
        let bit = 1u16 << (digit - 1);
        let of_pattern = e.digits == 0 || e.digits & bit != 0;
        if e.cells.contains(cell) && of_pattern {
            return true;
        }
        if e.fins.contains(cell) && (of_pattern || self.technique.family() != Family::Fish) {
            return true;
        }
        e.chains.iter().flatten().any(|link| {
            [&link.from, &link.to]
                .iter()
                .any(|n| n.digit == digit && n.cells.contains(cell))
        })
    }

    /// Every cell the pattern involves: its cells, fins and chain nodes.
    pub fn pattern_cells(&self) -> CellSet {
        let e = &self.evidence;
        let mut cells = e.cells | e.fins;
        for chain in &e.chains {
            for link in chain {
                cells |= link.from.cells | link.to.cells;
            }
        }
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Step {
        let a = Node::candidate(1, 5);
        let b = Node::group([10, 11].into_iter().collect(), 5);
        Step {
            technique: Technique::XChain,
            placements: Vec::new(),
            eliminations: vec![
                Candidate::new(20, 5),
                Candidate::new(2, 5),
                Candidate::new(2, 7),
            ],
            evidence: Evidence {
                houses: vec![0, 18],
                digits: digits::bit(5),
                chains: vec![vec![Link {
                    from: a,
                    to: b,
                    strong: true,
                }]],
                ..Evidence::default()
            },
        }
    }

    #[test]
    fn one_line_and_json() {
        let step = sample();
        assert_eq!(
            step.to_string(),
            "x-chain 5 in r1,b1: 5r1c2=5r2c23: r1c3,r3c3<>5, r1c3<>7"
        );
        let mut out = Vec::new();
        step.write_json(&mut out);
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.starts_with("{\"technique\":\"0701\",\"name\":\"x-chain\",\"text\":\"x-chain")
        );
        assert!(text.contains("\"eliminations\":[[3,3,5],[1,3,5],[1,3,7]]"));
        assert!(text.contains("\"chains\":[[{\"from\":{\"cells\":[[1,2]],\"digit\":5,\"kind\":\"candidate\"},\"to\":{\"cells\":[[2,2],[2,3]],\"digit\":5,\"kind\":\"group\"},\"strong\":true}]]"));
        assert_eq!(step.pattern_cells().len(), 3);
    }
}
