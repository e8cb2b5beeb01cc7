// The search page: each puzzle section (section.trace) carries one JSON record of
// `sudoku solve --trace --format html`: the puzzle, the method, and the search's events, each
// one number: kind * 1000 + cell * 10 + digit, kind 0 a forced placement (a given, or what
// propagation fixes), 1 a guess, 2 a placement taken back. The page replays them; playing
// pauses on each solution found. A puzzle of another shape has its shape in its record
// (`size`, `box` or `regions`, `variants`, `symbols`, as `solve --format json` writes them),
// and its events are kind * 100000 + cell * 100 + value.
(function () {
  "use strict";
  var M = 4;

  function Replay(section, index, rec) {
    var self = this;
    this.rec = rec;
    this.index = index;
    var shape = gridShape(rec), N = shape.N, cells = shape.cells;
    var wide = !!rec.size;
    // The cell size: 40 px up to 9x9, smaller for larger grids (at least 18 px).
    var S = N <= 9 ? 40 : Math.max(18, Math.floor(400 / N)), W = 2 * M + N * S;
    this.N = N;
    this.symbols = shape.symbols;
    this.kindOf = function (e) { return wide ? Math.floor(e / 100000) : Math.floor(e / 1000); };
    this.cellOf = function (e) { return wide ? Math.floor(e / 100) % 1000 : Math.floor(e / 10) % 100; };
    this.valueOf = function (e) { return wide ? e % 100 : e % 10; };
    var ev = rec.events || [], n = ev.length;
    this.ev = ev;
    var given = [], puzzle = rec.puzzle || "";
    for (var c = 0; c < cells; c++) given.push(shape.value(puzzle.charAt(c)) > 0);
    this.given = given;
    // Counts after each event, and for each undo the kind of the placement it takes back.
    this.places = new Int32Array(n + 1);
    this.backs = new Int32Array(n + 1);
    this.sols = new Int32Array(n + 1);
    this.undoneKind = new Int8Array(n);
    var stack = [], filled = 0, i;
    var board = new Int8Array(cells);
    for (i = 0; i < n; i++) {
      var kind = this.kindOf(ev[i]), cell = this.cellOf(ev[i]), dg = this.valueOf(ev[i]);
      var p = this.places[i], b = this.backs[i], s = this.sols[i];
      if (kind === 2) {
        var top = stack.pop();
        this.undoneKind[i] = top === undefined ? 0 : top;
        if (board[cell]) filled--;
        board[cell] = 0;
        if (top === 1) b++;
      } else {
        stack.push(kind);
        if (!board[cell]) filled++;
        board[cell] = dg;
        if (!given[cell]) p++; // a given cell is only ever placed as the given
        if (filled === cells) s++;
      }
      this.places[i + 1] = p; this.backs[i + 1] = b; this.sols[i + 1] = s;
    }

    section.id = "t" + index;
    h("h2", null, section, index + ". " + rec.file + ":" + rec.line + " \u2014 " +
      (rec.method === "simple" ? "the textbook search" : "our search"));
    if (rec.error) { h("p", "summary", section, rec.error); }
    if (rec.cut) {
      h("p", "cut", section, "The trace was cut: only the first " + n.toLocaleString("en") +
        " events were recorded (--trace-limit " + rec.limit + "); the search went on to the result below.");
    }
    var layout = h("div", "layout", section);
    var side = h("div", "boardside", layout);
    this.svg = el("svg", { "class": "board trace", viewBox: "0 0 " + W + " " + W, role: "img", "aria-label": "board" }, side);
    var controls = h("div", "controls", side);
    this.play = h("button", null, controls, "play");
    this.play.type = "button";
    var back = h("button", null, controls, "\u2039 step");
    back.type = "button";
    var fwd = h("button", null, controls, "step \u203a");
    fwd.type = "button";
    var label = h("label", "speed", controls, "speed ");
    this.speed = h("input", null, label);
    this.speed.type = "range"; this.speed.min = "0"; this.speed.max = "100"; this.speed.value = "40";
    this.speed.setAttribute("aria-label", "speed");
    this.counter = h("div", "counter", side);
    this.counter.setAttribute("aria-live", "off");
    h("h3", null, side, "Trail of choices");
    this.trail = h("ol", "trail", side);
    var result = h("pre", "result", layout, rec.result || "");
    result.setAttribute("aria-label", "result");

    this.cells = [];
    el("rect", { x: M, y: M, width: N * S, height: N * S, fill: "#fff" }, this.svg);
    gridUnder(this.svg, shape, M, M, S);
    var fontSize = N <= 9 ? null : Math.round(S * 0.6) + "px";
    for (c = 0; c < cells; c++) {
      var r = Math.floor(c / N), col = c % N;
      var bg = el("rect", { x: M + col * S, y: M + r * S, width: S, height: S, fill: "none", "class": "cellbg" }, this.svg);
      var t = el("text", { x: M + col * S + S / 2, y: M + r * S + S / 2 + 1, "class": "v", "data-cell": c }, this.svg);
      if (fontSize) t.style.fontSize = fontSize;
      this.cells.push([bg, t]);
    }
    // Thin lines between cells, thick ones between boxes (or jigsaw regions).
    gridLines(this.svg, shape, M, M, S, { stroke: "#aaa", "stroke-width": 1 },
      { stroke: "#222", "stroke-width": 2.5, "stroke-linecap": "square" });
    this.board = new Int8Array(cells);
    this.kind = new Int8Array(cells);
    this.guesses = [];
    this.pos = 0;
    this.timer = null;
    this.play.addEventListener("click", function () { active = self; self.toggle(); });
    fwd.addEventListener("click", function () { active = self; self.pause(); self.seek(self.pos + 1); });
    back.addEventListener("click", function () { active = self; self.pause(); self.seek(self.pos - 1); });
    section.addEventListener("pointerdown", function () { active = self; });
    // Skip the givens: start where the search starts.
    var first = 0;
    while (first < n && this.kindOf(ev[first]) === 0 && given[this.cellOf(ev[first])]) first++;
    this.seek(first);
    this.last = -1;
    this.draw();
  }

  Replay.prototype.name = function (cell) {
    return "r" + (Math.floor(cell / this.N) + 1) + "c" + (cell % this.N + 1);
  };

  Replay.prototype.apply = function (i, forward) {
    var e = this.ev[i], kind = this.kindOf(e), cell = this.cellOf(e), d = this.valueOf(e);
    var placing = forward ? kind !== 2 : kind === 2;
    var k = kind === 2 ? this.undoneKind[i] : kind;
    if (placing) {
      this.board[cell] = d; this.kind[cell] = k;
      if (k === 1) this.guesses.push([cell, d]);
    } else {
      this.board[cell] = 0;
      if (k === 1) this.guesses.pop();
    }
    this.last = cell;
  };

  Replay.prototype.seek = function (to) {
    to = Math.max(0, Math.min(this.ev.length, to));
    while (this.pos < to) this.apply(this.pos++, true);
    while (this.pos > to) this.apply(--this.pos, false);
    this.draw();
  };

  Replay.prototype.draw = function () {
    for (var c = 0; c < this.board.length; c++) {
      var v = this.board[c], t = this.cells[c][1], cls = "v";
      if (v) cls += this.given[c] ? " given" : this.kind[c] === 1 ? " guess" : " forced";
      t.setAttribute("class", cls);
      t.textContent = v ? this.symbols.charAt(v - 1) : "";
      this.cells[c][0].setAttribute("fill", c === this.last && this.pos > 0 ? "#ffe9a8" : "none");
    }
    var n = this.ev.length, p = this.pos;
    this.counter.textContent = "event " + p + " of " + n + " \u00b7 placements " + this.places[p] +
      " \u00b7 backtracks " + this.backs[p] + " \u00b7 solutions " + this.sols[p] + " \u00b7 depth " + this.guesses.length;
    var trail = this.trail;
    while (trail.firstChild) trail.removeChild(trail.firstChild);
    var self = this;
    this.guesses.forEach(function (g) { h("li", null, trail, self.name(g[0]) + "=" + self.symbols.charAt(g[1] - 1)); });
    this.play.textContent = this.timer ? "pause" : p >= n ? "replay" : "play";
  };

  // Speed: 0..100 on the slider, 1 to 5,000 events a second.
  Replay.prototype.rate = function () { return Math.pow(5000, Number(this.speed.value) / 100); };

  Replay.prototype.toggle = function () {
    if (this.timer) { this.pause(); return; }
    var self = this;
    if (this.pos >= this.ev.length) this.seek(0);
    var then = performance.now(), owed = 0;
    this.timer = setInterval(function () {
      var now = performance.now();
      owed += (now - then) / 1000 * self.rate();
      then = now;
      var k = Math.floor(owed);
      owed -= k;
      if (k <= 0) return;
      // Play pauses on each solution found, so it can be seen.
      var n = self.ev.length, to = Math.min(n, self.pos + k), found = self.sols[self.pos];
      for (var j = self.pos + 1; j <= to; j++) if (self.sols[j] > found) { to = j; break; }
      self.seek(to);
      if (self.pos >= n || self.sols[self.pos] > found) self.pause();
    }, 30);
    this.draw();
  };

  Replay.prototype.pause = function () {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.draw();
  };

  var replays = [], active = null;
  var sections = document.querySelectorAll("section.trace");
  for (var i = 0; i < sections.length; i++) {
    var data = sections[i].querySelector("script[type='application/json']");
    try { replays.push(new Replay(sections[i], replays.length + 1, JSON.parse(data.textContent))); } catch (e) { }
  }
  active = replays[0] || null;
  document.addEventListener("keydown", function (ev) {
    if (!active || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var k = ev.key;
    if (k === " " && ev.target === document.body) { ev.preventDefault(); active.toggle(); }
    else if (k === "ArrowRight" || k === "j") { ev.preventDefault(); active.pause(); active.seek(active.pos + 1); }
    else if (k === "ArrowLeft" || k === "k") { ev.preventDefault(); active.pause(); active.seek(active.pos - 1); }
  });
})();
