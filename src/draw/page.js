// The explain page: each puzzle section (section.puzzle) carries one record of
// `sudoku explain --format json` in a <script type="application/json">; everything shown is
// drawn from it. View 0 is the start position, view k (1..n) step k on the board before it,
// view n+1 the position after the last step. The fragment #K (first puzzle) or #P-K keeps it.
(function () {
  "use strict";
  var M = 22; // margin for the row and column labels
  var ALS_COLOURS = ["#cdeec6", "#f9cfe0", "#cbeef3", "#f3e3c0", "#e0d7f7"];

  function bit(d) { return 1 << (d - 1); }

  // How a shape is drawn: cells of S (60 px up to 9x9, smaller for larger grids), each
  // cell's candidates on a sub-grid of k columns and `rows` rows of cells `sub` wide, the
  // board W wide. The 9x9 layout: 3 x 3 candidates of 20 px.
  function layoutOf(shape) {
    var N = shape.N, S = N <= 9 ? 60 : Math.max(26, Math.floor(540 / N));
    var k = Math.ceil(Math.sqrt(N)), sub = S / k;
    return { N: N, S: S, k: k, rows: Math.ceil(N / k), sub: sub, W: M + N * S + 4 };
  }

  function cellOf(lay, rc) { return (rc[0] - 1) * lay.N + rc[1] - 1; }

  function place(shape, st, cell, d) {
    st.values[cell] = d;
    st.cands[cell] = 0;
    shape.peers[cell].forEach(function (p) { st.cands[p] &= ~bit(d); });
  }
  // The start position: the puzzle's values, and the candidates of the pencil marks when the
  // record has them ("marks": N x N x N characters), else every value no peer holds.
  function start(shape, rec) {
    var N = shape.N, cells = shape.cells;
    var st = { values: new Array(cells).fill(0), cands: new Array(cells).fill((1 << N) - 1) };
    var p = rec.puzzle || "", c, d;
    for (c = 0; c < cells; c++) {
      d = shape.value(p.charAt(c));
      if (d) place(shape, st, c, d);
    }
    if (rec.marks && rec.marks.length === cells * N) {
      for (c = 0; c < cells; c++) {
        if (st.values[c]) continue;
        var m = 0;
        for (d = 1; d <= N; d++) if (shape.value(rec.marks.charAt(c * N + d - 1)) === d) m |= bit(d);
        st.cands[c] &= m;
      }
    }
    st.given = st.values.map(function (v) { return v !== 0; });
    return st;
  }
  function apply(shape, lay, st, step) {
    var next = { values: st.values.slice(), cands: st.cands.slice(), given: st.given };
    step.placements.forEach(function (p) {
      var c = cellOf(lay, p);
      if (!next.values[c]) place(shape, next, c, p[2]);
    });
    step.eliminations.forEach(function (e) { next.cands[cellOf(lay, e)] &= ~bit(e[2]); });
    return next;
  }

  function candXY(lay, cell, d) {
    var r = Math.floor(cell / lay.N), c = cell % lay.N, sub = lay.sub;
    var top = (lay.S - lay.rows * sub) / 2;
    return [M + c * lay.S + sub / 2 + ((d - 1) % lay.k) * sub,
      M + r * lay.S + top + sub / 2 + Math.floor((d - 1) / lay.k) * sub];
  }
  function nodeXY(lay, node) {
    var x = 0, y = 0;
    node.cells.forEach(function (rc) {
      var p = candXY(lay, cellOf(lay, rc), node.digit);
      x += p[0]; y += p[1];
    });
    return [x / node.cells.length, y / node.cells.length];
  }

  function Puzzle(section, index, rec) {
    this.section = section;
    this.index = index;
    this.rec = rec;
    this.shape = gridShape(rec);
    this.lay = layoutOf(this.shape);
    this.steps = rec.steps || [];
    this.states = null;
    this.last = this.steps.length ? this.steps.length + 1 : 0;
    this.view = 0;
    this.build();
  }

  // The positions before each step, worked out when the board is first drawn (a page of a
  // thousand puzzles draws only those scrolled into view).
  Puzzle.prototype.ready = function () {
    if (this.states) return;
    this.states = [start(this.shape, this.rec)];
    for (var i = 0; i < this.steps.length; i++) {
      this.states.push(apply(this.shape, this.lay, this.states[i], this.steps[i]));
    }
  };

  Puzzle.prototype.build = function () {
    var self = this, rec = this.rec, sec = this.section;
    sec.id = "p" + this.index;
    h("h2", null, sec, this.index + ". " + rec.file + ":" + rec.line);
    h("p", "summary", sec, this.summaryText());
    var layout = h("div", "layout", sec);
    var side = h("div", "boardside", layout);
    var W = this.lay.W;
    this.svg = el("svg", { "class": "board", viewBox: "0 0 " + W + " " + W, role: "img",
      "aria-label": "board" }, side);
    var controls = h("div", "controls", side);
    var buttons = [["\u00ab", "start (Home)", function () { return 0; }],
      ["\u2039 back", "previous step (left arrow, k)", function () { return self.view - 1; }],
      ["next \u203a", "next step (right arrow, j)", function () { return self.view + 1; }],
      ["\u00bb", "end (End)", function () { return self.last; }]];
    this.buttons = buttons.map(function (b) {
      var btn = h("button", null, controls, b[0]);
      btn.type = "button";
      btn.title = b[1];
      btn.setAttribute("aria-label", b[1]);
      btn.addEventListener("click", function () { active = self; self.go(b[2](), true); });
      return btn;
    });
    this.counter = h("span", "counter", controls, "start");
    this.counter.setAttribute("aria-live", "polite");
    this.text = h("div", "current-text", side);
    var legend = h("div", "legend", side);
    [["#fff1b8", "houses"], ["#e4dafc", "cover sets"], ["#cfe3ff", "pattern cells"],
      ["#ffd6a8", "fins"], ["#cdeec6", "ALS"], ["#d01818", "removed"], ["#0c8a2a", "placed"]]
      .forEach(function (l) { h("span", null, legend, l[1]).style.setProperty("--c", l[0]); });
    this.list = h("ol", "steps", layout);
    var frag = document.createDocumentFragment();
    this.items = this.steps.map(function (step, i) {
      var li = h("li", null, frag);
      h("a", null, li, step.text).href = "#" + self.fragment(i + 1);
      return li;
    });
    this.list.appendChild(frag);
    // One listener for the list: a click on step k goes there.
    this.list.addEventListener("click", function (ev) {
      var li = ev.target.closest && ev.target.closest("li");
      var k = self.items.indexOf(li);
      if (k < 0) return;
      ev.preventDefault();
      active = self;
      self.go(k + 1, true);
    });
    sec.addEventListener("pointerdown", function () { active = self; });
  };

  Puzzle.prototype.summaryText = function () {
    var r = this.rec, n = this.steps.length, s = (r.puzzle || "") + " \u2014 ";
    var steps = n + (n === 1 ? " step" : " steps");
    var hardest = r.hardest ? r.hardest.name : "none";
    switch (r.status) {
      case "solved": return s + "solved in " + steps + "; hardest: " + hardest;
      case "stuck": return s + "stuck after " + steps + "; hardest: " + hardest + "; no technique applies";
      case "step": return s + "the next step";
      case "none": return s + "no solution";
      case "multiple": return s + "multiple solutions";
      case "invalid": return s + "invalid: " + (r.error || "");
      default: return s + "stopped after " + steps + " (timeout)";
    }
  };

  Puzzle.prototype.fragment = function (k) { return this.index === 1 ? String(k) : this.index + "-" + k; };

  Puzzle.prototype.go = function (k, record) {
    this.ready();
    k = Math.max(0, Math.min(this.last, k | 0));
    if (this.items[this.view - 1]) this.items[this.view - 1].className = "";
    this.view = k;
    var li = this.items[k - 1];
    if (li) {
      li.className = "current";
      var box = this.list.getBoundingClientRect(), at = li.getBoundingClientRect();
      if (at.top < box.top || at.bottom > box.bottom) this.list.scrollTop += at.top - box.top - box.height / 3;
    }
    this.buttons[0].disabled = this.buttons[1].disabled = k === 0;
    this.buttons[2].disabled = this.buttons[3].disabled = k === this.last;
    var n = this.steps.length;
    this.counter.textContent = k === 0 ? "start" : k > n ? "end" : "step " + k + " of " + n;
    this.section.setAttribute("data-view", String(k));
    var step = k >= 1 && k <= n ? this.steps[k - 1] : null;
    this.text.textContent = step ? step.text : k === 0 ? "the puzzle" : this.summaryText().split(" \u2014 ")[1];
    this.draw(k > n ? this.states[n] : this.states[Math.max(0, k - 1)], step);
    if (record) setFragment(this.fragment(k));
  };

  Puzzle.prototype.draw = function (st, step) {
    var svg = this.svg, shape = this.shape, lay = this.lay, N = lay.N, S = lay.S;
    var sub = lay.sub, classic = N === 9;
    function houseCells(name) { return shape.houses[name] || []; }
    function cellAt(rc) { return cellOf(lay, rc); }
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    var defs = el("defs", {}, svg);
    var mk = el("marker", { id: "arrow" + this.index, viewBox: "0 0 10 10", refX: "9", refY: "5",
      markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse" }, defs);
    el("path", { d: "M0,0 L10,5 L0,10 z", fill: "#1f5fbf" }, mk);
    el("rect", { x: M, y: M, width: N * S, height: N * S, fill: "#fff" }, svg);
    gridUnder(svg, shape, M, M, S);
    var shade = {}, i;
    function fill(cell, colour) { shade[cell] = colour; }
    var ev = step ? step.evidence : null;
    if (ev) {
      ev.houses.forEach(function (hn) { houseCells(hn).forEach(function (c) { fill(c, "#fff1b8"); }); });
      ev.cover.forEach(function (hn) { houseCells(hn).forEach(function (c) { fill(c, shade[c] ? "#f4dcc8" : "#e4dafc"); }); });
      ev.cells.forEach(function (rc) { fill(cellAt(rc), "#cfe3ff"); });
      ev.fins.forEach(function (rc) { fill(cellAt(rc), "#ffd6a8"); });
      var als = {}, alsCount = 0;
      ev.chains.forEach(function (chain) {
        chain.forEach(function (link) {
          [link.from, link.to].forEach(function (node) {
            if (node.kind === "als") {
              var id = JSON.stringify(node.cells);
              if (!als[id]) als[id] = ALS_COLOURS[alsCount++ % ALS_COLOURS.length];
              node.cells.forEach(function (rc) { fill(cellAt(rc), als[id]); });
            } else if (node.kind !== "als") {
              node.cells.forEach(function (rc) { if (!shade[cellAt(rc)]) fill(cellAt(rc), "#eaf2ff"); });
            }
          });
        });
      });
    }
    for (var cell in shade) {
      el("rect", { x: M + (cell % N) * S, y: M + Math.floor(cell / N) * S, width: S, height: S,
        fill: shade[cell], "class": "shade" }, svg);
    }
    // Candidates marked by the step.
    var marks = {};
    function key(cell, d) { return cell * 32 + d; }
    if (step) {
      if (ev) {
        var digits = {};
        ev.digits.forEach(function (d) { digits[d] = true; });
        ev.cells.concat(ev.fins).forEach(function (rc) {
          for (var d = 1; d <= N; d++) if (digits[d]) marks[key(cellAt(rc), d)] = "pattern";
        });
        ev.chains.forEach(function (chain) {
          chain.forEach(function (link) {
            [link.from, link.to].forEach(function (node) {
              node.cells.forEach(function (rc) { marks[key(cellAt(rc), node.digit)] = "pattern"; });
            });
          });
        });
      }
      step.eliminations.forEach(function (e) { marks[key(cellAt(e), e[2])] = "elim"; });
      step.placements.forEach(function (p) { marks[key(cellAt(p), p[2])] = "place"; });
    }
    var g = el("g", {}, svg);
    // Larger grids have smaller cells: their text is scaled to fit (9x9 keeps the style's).
    var valueSize = classic ? null : Math.round(S * 0.57) + "px";
    var candSize = classic ? null : Math.max(6, Math.round(sub * 0.75)) + "px";
    var disc = classic ? 9 : sub * 0.45, strike = classic ? 7 : sub * 0.35;
    for (var c = 0; c < shape.cells; c++) {
      var r = Math.floor(c / N), col = c % N;
      if (st.values[c]) {
        var v = el("text", { x: M + col * S + S / 2, y: M + r * S + S / 2 + 1,
          "class": st.given[c] ? "value given" : "value", "data-r": r + 1, "data-c": col + 1 }, g);
        v.textContent = shape.symbols.charAt(st.values[c] - 1);
        if (valueSize) v.style.fontSize = valueSize;
        continue;
      }
      for (var d = 1; d <= N; d++) {
        if (!(st.cands[c] & bit(d))) continue;
        var p = candXY(lay, c, d), m = marks[key(c, d)];
        if (m === "place") el("circle", { cx: p[0], cy: p[1], r: disc, fill: "#c9f0cf", stroke: "#0c8a2a" }, g);
        // A pale disc behind a removed candidate, as behind a placed one: the strike alone
        // hid the small digit it crosses.
        if (m === "elim") el("circle", { cx: p[0], cy: p[1], r: disc, fill: "#fcd9d9" }, g);
        var t = el("text", { x: p[0], y: p[1] + 1, "class": m ? "cand " + m : "cand",
          "data-r": r + 1, "data-c": col + 1, "data-d": d }, g);
        t.textContent = shape.symbols.charAt(d - 1);
        if (candSize) t.style.fontSize = candSize;
        if (m === "elim") el("line", { x1: p[0] - strike, y1: p[1] + strike, x2: p[0] + strike, y2: p[1] - strike,
          stroke: "#d01818", "stroke-width": 1.2 }, g);
      }
    }
    gridLines(svg, shape, M, M, S, { stroke: "#999", "stroke-width": 1 }, { stroke: "#222", "stroke-width": 3, "stroke-linecap": "square" });
    for (i = 0; i < N; i++) {
      el("text", { x: M + i * S + S / 2, y: M / 2, "class": "label" }, svg).textContent = "c" + (i + 1);
      el("text", { x: M / 2, y: M + i * S + S / 2, "class": "label" }, svg).textContent = "r" + (i + 1);
    }
    if (ev) this.arrows(ev.chains);
  };

  // Chains: one arrow per link, bent a little so links along one line stay apart; strong
  // links solid, weak links dashed.
  Puzzle.prototype.arrows = function (chains) {
    var svg = this.svg, id = "arrow" + this.index, lay = this.lay;
    var g = el("g", { "class": "chains", fill: "none" }, svg);
    chains.forEach(function (chain) {
      chain.forEach(function (link) {
        var a = nodeXY(lay, link.from), b = nodeXY(lay, link.to);
        var dx = b[0] - a[0], dy = b[1] - a[1], len = Math.sqrt(dx * dx + dy * dy);
        if (len < 1) return;
        var ux = dx / len, uy = dy / len, cut = 8;
        var x1 = a[0] + ux * cut, y1 = a[1] + uy * cut, x2 = b[0] - ux * cut, y2 = b[1] - uy * cut;
        var bend = Math.min(30, len * 0.15);
        var cx = (x1 + x2) / 2 - uy * bend, cy = (y1 + y2) / 2 + ux * bend;
        var attrs = { d: "M" + x1.toFixed(1) + "," + y1.toFixed(1) + " Q" + cx.toFixed(1) + "," + cy.toFixed(1) +
          " " + x2.toFixed(1) + "," + y2.toFixed(1), stroke: "#1f5fbf", "stroke-width": 2,
          "marker-end": "url(#" + id + ")", "class": link.strong ? "link strong" : "link weak" };
        if (!link.strong) attrs["stroke-dasharray"] = "6 4";
        el("path", attrs, g);
      });
    });
  };

  function setFragment(f) {
    if (location.hash === "#" + f) return;
    try { history.replaceState(null, "", "#" + f); } catch (e) { location.replace("#" + f); }
  }

  var puzzles = [];
  var active = null;

  function fromFragment() {
    var m = /^#(?:(\d+)-)?(\d+)$/.exec(location.hash);
    if (!m) return false;
    var p = puzzles[(m[1] ? Number(m[1]) : 1) - 1];
    if (!p) return false;
    active = p;
    p.go(Number(m[2]), false);
    if (p.index > 1 || m[1]) p.section.scrollIntoView();
    return true;
  }

  function init() {
    var sections = document.querySelectorAll("section.puzzle");
    for (var i = 0; i < sections.length; i++) {
      var data = sections[i].querySelector("script[type='application/json']");
      var rec;
      try { rec = JSON.parse(data.textContent); } catch (e) { continue; }
      puzzles.push(new Puzzle(sections[i], puzzles.length + 1, rec));
    }
    if (puzzles.length > 1) {
      var nav = document.querySelector("nav.toc");
      var ol = h("ol", null, nav);
      puzzles.forEach(function (p) {
        var a = h("a", null, h("li", null, ol), p.rec.file + ":" + p.rec.line + " \u2014 " + p.summaryText().split(" \u2014 ")[1]);
        a.href = "#" + p.index + "-0";
      });
    }
    active = puzzles[0] || null;
    if (!fromFragment() && active) active.go(0, false);
    // Each other board is drawn when it comes into view, or before printing.
    var drawLater = function (p) { if (!p.states) p.go(0, false); };
    if (window.IntersectionObserver) {
      var seen = new IntersectionObserver(function (entries) {
        entries.forEach(function (en) {
          if (en.isIntersecting) { drawLater(puzzles[Number(en.target.id.slice(1)) - 1]); seen.unobserve(en.target); }
        });
      }, { rootMargin: "400px" });
      puzzles.forEach(function (p) { seen.observe(p.section); });
    } else {
      puzzles.forEach(drawLater);
    }
    window.addEventListener("beforeprint", function () { puzzles.forEach(drawLater); });
    window.addEventListener("hashchange", fromFragment);
    document.addEventListener("keydown", function (ev) {
      if (!active || ev.altKey || ev.ctrlKey || ev.metaKey) return;
      var t = ev.target && ev.target.tagName;
      if (t === "INPUT" || t === "TEXTAREA" || t === "SELECT") return;
      var k = ev.key, to = null;
      if (k === "ArrowRight" || k === "j") to = active.view + 1;
      else if (k === "ArrowLeft" || k === "k") to = active.view - 1;
      else if (k === "Home") to = 0;
      else if (k === "End") to = active.last;
      if (to === null) return;
      ev.preventDefault();
      active.go(to, true);
    });
  }
  init();
})();
