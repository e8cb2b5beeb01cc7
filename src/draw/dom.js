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
