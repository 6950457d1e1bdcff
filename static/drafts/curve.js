// What the draft pages share: a card's face (the site's card faces when static/js/cards.js is on
// the page, a plain tile otherwise), the pack order (class, then cost, then name), class groups and
// the light-cost curve drawn as SVG bars. Loaded before draft.js and pool.js.
(function () {
  "use strict";
  var el = window.Fett.el;
  var SVG = "http://www.w3.org/2000/svg";
  var catalog = null;

  function data() {
    if (!catalog) {
      var node = document.getElementById("draft-catalog");
      catalog = node ? JSON.parse(node.textContent) : { cards: {}, classes: [], class_names: {} };
    }
    return catalog;
  }

  function card(slug) {
    return data().cards[slug] || { name: "Unknown card", cost: 0, class: "", type: "", x: false };
  }

  function faceData(slug) {
    var faces = window.FettCards && window.FettCards.faces ? window.FettCards.faces() : null;
    return faces && faces[slug] ? faces[slug] : null;
  }

  function className(cls) { return (data().class_names || {})[cls] || cls; }

  // A small face for `slug`; options as FettCards.face ({tag, className, note}).
  function face(slug, options) {
    options = options || {};
    var f = faceData(slug);
    if (f && window.FettCards.face) return window.FettCards.face(f, { size: "small", tag: options.tag || "div", className: options.className || "", note: options.note });
    var c = card(slug);
    var node = el(options.tag || "div", { class: "face face-small tile class-" + c.class + " " + (options.className || ""), "data-face-id": slug }, [
      el("span", { class: "card-name" }, c.name),
      el("span", { class: "card-meta" }, (c.x ? "X" : c.cost) + " · " + className(c.class) + " · " + (c.type_name || c.type)),
      c.text ? el("span", { class: "card-text" }, c.text) : null,
      options.note ? el("span", { class: "card-note" }, options.note) : null,
    ]);
    if (node.tagName === "BUTTON") node.type = "button";
    return node;
  }

  function classRank(cls) {
    var order = data().classes || [];
    var i = order.indexOf(cls);
    return i < 0 ? order.length : i;
  }

  // By class (the catalog's order), then cost, then name: how Draftmancer lays a pack out.
  function compare(a, b) {
    var x = card(a), y = card(b);
    return classRank(x.class) - classRank(y.class) || x.cost - y.cost || x.name.localeCompare(y.name) || (a < b ? -1 : a > b ? 1 : 0);
  }
  function sorted(slugs) { return slugs.slice().sort(compare); }

  // [{cls, name, slugs}] in class order, each sorted by cost.
  function groups(slugs) {
    var by = {};
    sorted(slugs).forEach(function (slug) { var cls = card(slug).class; (by[cls] = by[cls] || []).push(slug); });
    return Object.keys(by).sort(function (a, b) { return classRank(a) - classRank(b); })
      .map(function (cls) { return { cls: cls, name: className(cls), slugs: by[cls] }; });
  }

  // Counts of cards by light cost 0..6+ (X cards at their base cost).
  function curveCounts(slugs) {
    var counts = [0, 0, 0, 0, 0, 0, 0];
    slugs.forEach(function (slug) { counts[Math.min(6, Math.max(0, card(slug).cost || 0))] += 1; });
    return counts.map(function (n, i) { return { label: i === 6 ? "6+" : String(i), count: n }; });
  }

  function svg(tag, attrs, text) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // An SVG bar chart of [{label, count}]: the count above each bar, the cost below.
  function curve(bars, title) {
    var width = 28 * bars.length, height = 90, top = 1;
    bars.forEach(function (b) { top = Math.max(top, b.count); });
    var root = svg("svg", { viewBox: "0 0 " + width + " " + height, class: "curve-svg", role: "img",
      "aria-label": (title || "Light-cost curve") + ": " + bars.map(function (b) { return b.count + " at " + b.label; }).join(", ") });
    bars.forEach(function (b, i) {
      var h = Math.round(56 * b.count / top), x = i * 28 + 4;
      root.appendChild(svg("rect", { x: x, y: 72 - h, width: 20, height: h, rx: 3, class: "curve-rect" }));
      if (b.count) root.appendChild(svg("text", { x: x + 10, y: 68 - h, "text-anchor": "middle", class: "curve-count" }, String(b.count)));
      root.appendChild(svg("text", { x: x + 10, y: 86, "text-anchor": "middle", class: "curve-label" }, b.label));
    });
    return root;
  }

  // Cards as overlapping stacks, Draftmancer's way: one stack per group ([{name, slugs}]), each
  // card showing its name strip, the last one whole; `make(slug)` draws a card.
  function stacks(groupsList, make) {
    return el("div", { class: "stacks" }, groupsList.map(function (g) {
      var stack = el("div", { class: "stack" + (g.cls ? " class-" + g.cls : "") }, [el("h3", { class: "stack-head" }, g.name + " · " + g.slugs.length)]);
      g.slugs.forEach(function (slug) { stack.appendChild(make(slug)); });
      return stack;
    }));
  }

  // [{name, slugs}] by light cost (0 … 6+), each sorted by class then name.
  function costGroups(slugs) {
    var by = {};
    sorted(slugs).forEach(function (slug) { var k = Math.min(6, Math.max(0, card(slug).cost || 0)); (by[k] = by[k] || []).push(slug); });
    return Object.keys(by).sort().map(function (k) { return { name: (k === "6" ? "6+" : k) + " light", slugs: by[k] }; });
  }

  window.FettDraft = { stacks: stacks, costGroups: costGroups, card: card, face: face, sorted: sorted, groups: groups, curveCounts: curveCounts, curve: curve, className: className };
})();
