// DOM helpers shared by the explain page (page.js) and the search page (trace.js); the
// pages put this file before their own script, in the same function.
var NS = "http://www.w3.org/2000/svg";
// An SVG element with these attributes, appended to `parent` if given.
function el(name, attrs, parent) {
  var e = document.createElementNS(NS, name);
  for (var k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}
// An HTML element with this class and text, appended to `parent` if given.
function h(name, cls, parent, text) {
  var e = document.createElement(name);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}
// The shape of a record's grid (classic 9x9 when the record has no `size`): its size N, its
// symbols, each cell's box or jigsaw region (`box` "RxC", or `regions`, one label a cell:
// a-z then A-Z for regions 0, 1, ...), its houses by the names the steps use (r1.., c1..,
// b1.. or g1.., d1 and d2 for `x`, w1..w4 for `hyper`) and each cell's peers (the cells of
// its houses, and those an anti-knight or anti-king move reaches).
function gridShape(rec) {
  var N = rec.size || 9, cells = N * N, i, c;
  var symbols = rec.symbols || "123456789ABCDEFGHIJKLMNOP".slice(0, N);
  var box = /^(\d+)x(\d+)$/.exec(rec.box || "");
  var br = box ? Number(box[1]) : 3, bc = box ? Number(box[2]) : 3;
  var jig = typeof rec.regions === "string" && rec.regions.length === cells ? rec.regions : null;
  var region = [], houses = {}, letter = jig ? "g" : "b";
  for (i = 1; i <= N; i++) { houses["r" + i] = []; houses["c" + i] = []; houses[letter + i] = []; }
  for (c = 0; c < cells; c++) {
    var r = Math.floor(c / N), col = c % N, k;
    if (jig) { k = jig.charCodeAt(c); k = k >= 97 ? k - 97 : k - 65 + 26; }
    else k = Math.floor(r / br) * (N / bc) + Math.floor(col / bc);
    region.push(k);
    houses["r" + (r + 1)].push(c);
    houses["c" + (col + 1)].push(c);
    if (houses[letter + (k + 1)]) houses[letter + (k + 1)].push(c);
  }
  var variants = rec.variants || [];
  if (variants.indexOf("x") >= 0) {
    houses.d1 = []; houses.d2 = [];
    for (i = 0; i < N; i++) { houses.d1.push(i * N + i); houses.d2.push(i * N + N - 1 - i); }
  }
  if (variants.indexOf("hyper") >= 0 && N === 9) {
    [[1, 1], [1, 5], [5, 1], [5, 5]].forEach(function (top, w) {
      var cellsOf = [];
      for (var j = 0; j < 9; j++) cellsOf.push((top[0] + Math.floor(j / 3)) * N + top[1] + j % 3);
      houses["w" + (w + 1)] = cellsOf;
    });
  }
  var moves = [];
  if (variants.indexOf("anti-knight") >= 0) moves = moves.concat([[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]]);
  if (variants.indexOf("anti-king") >= 0) moves = moves.concat([[1, 1], [1, -1], [-1, 1], [-1, -1]]);
  var sets = [];
  for (c = 0; c < cells; c++) sets.push({});
  Object.keys(houses).forEach(function (name) {
    var hc = houses[name];
    hc.forEach(function (a) { hc.forEach(function (b) { if (a !== b) sets[a][b] = true; }); });
  });
  for (c = 0; c < cells; c++) {
    var r0 = Math.floor(c / N), c0 = c % N;
    moves.forEach(function (m) {
      var r2 = r0 + m[0], c2 = c0 + m[1];
      if (r2 >= 0 && r2 < N && c2 >= 0 && c2 < N) sets[c][r2 * N + c2] = true;
    });
  }
  return {
    N: N, cells: cells, symbols: symbols, region: region, houses: houses, variants: variants,
    peers: sets.map(function (s) { return Object.keys(s).map(Number); }),
    // The value of a puzzle's character: 1..N, or 0 for a blank (or anything else).
    value: function (ch) { var v = symbols.toUpperCase().indexOf(String(ch).toUpperCase()); return ch && v >= 0 ? v + 1 : 0; }
  };
}
// The lines of a grid of `shape` at (x0, y0), cells of S: thin ones between cells, thick ones
// (and the frame) where a box or region ends.
function gridLines(svg, shape, x0, y0, S, thin, thick) {
  var N = shape.N, i, r, c;
  function line(x1, y1, x2, y2, a) {
    var attrs = { x1: x1, y1: y1, x2: x2, y2: y2 };
    for (var k in a) attrs[k] = a[k];
    el("line", attrs, svg);
  }
  for (i = 1; i < N; i++) {
    line(x0 + i * S, y0, x0 + i * S, y0 + N * S, thin);
    line(x0, y0 + i * S, x0 + N * S, y0 + i * S, thin);
  }
  for (r = 0; r < N; r++) {
    for (c = 0; c < N; c++) {
      var cell = r * N + c;
      if (c + 1 < N && shape.region[cell] !== shape.region[cell + 1]) line(x0 + (c + 1) * S, y0 + r * S, x0 + (c + 1) * S, y0 + (r + 1) * S, thick);
      if (r + 1 < N && shape.region[cell] !== shape.region[cell + N]) line(x0 + c * S, y0 + (r + 1) * S, x0 + (c + 1) * S, y0 + (r + 1) * S, thick);
    }
  }
  var frame = { x: x0, y: y0, width: N * S, height: N * S, fill: "none" };
  for (var k in thick) frame[k === "stroke-linecap" ? "stroke-linejoin" : k] = thick[k];
  el("rect", frame, svg);
}
// The extra houses of `x` and `hyper` drawn under a grid: faint diagonals, shaded windows.
function gridUnder(svg, shape, x0, y0, S) {
  var N = shape.N;
  if (shape.houses.w1) {
    ["w1", "w2", "w3", "w4"].forEach(function (w) {
      var first = shape.houses[w][0];
      el("rect", { x: x0 + (first % N) * S, y: y0 + Math.floor(first / N) * S, width: 3 * S, height: 3 * S, fill: "#e8eefb" }, svg);
    });
  }
  if (shape.houses.d1) {
    el("line", { x1: x0, y1: y0, x2: x0 + N * S, y2: y0 + N * S, stroke: "#9bb4e0", "stroke-width": 1.5 }, svg);
    el("line", { x1: x0 + N * S, y1: y0, x2: x0, y2: y0 + N * S, stroke: "#9bb4e0", "stroke-width": 1.5 }, svg);
  }
}
