// The deck builder.
//
// 1. The result panel checks the deck as it is edited, except while a card is being picked in the
//    "Add a card" box (that has its own button). htmx's trigger filters would do this with eval,
//    which the Content-Security-Policy refuses, so this script tells the result panel instead.
// 2. The visual builder: the catalog as card faces with filters; a click adds a copy, − removes
//    one; the Runeslinger and equips are chosen from their faces. The text box stays the deck's
//    one source of truth for the server: every click rewrites it and asks for a check, and every
//    check answers with the deck it read (#deck-state), which the faces and the list then follow,
//    so a pasted list shows up in the faces too.
(function () {
  "use strict";

  function relay(name) {
    return function (event) {
      var form = event.target.closest && event.target.closest("#builder-form");
      if (!form || event.target.closest(".add-card")) return;
      var result = form.querySelector("#deck-result");
      if (result) result.dispatchEvent(new CustomEvent(name));
    };
  }
  document.addEventListener("input", relay("deck-input"));
  document.addEventListener("change", relay("deck-change"));

  var COST_TOP = 6; // the curve's last bar is "6+"

  function start() {
    var layout = document.getElementById("builder-layout");
    var browser = document.getElementById("catalog-browser");
    if (!layout || !browser || !window.FettCards || !window.Fett) return;
    var el = window.Fett.el;
    var faces = window.FettCards.faces();
    var sizes = readJson("format-sizes") || {};
    var all = Object.keys(faces).map(function (id) { return faces[id]; });
    var cards = all.filter(function (f) { return f.kind === "card"; });
    var slingers = all.filter(function (f) { return f.kind === "runeslinger"; });
    var equips = all.filter(function (f) { return f.kind === "stance" || f.kind === "ability"; });
    var state = { runeslinger: null, equips: [], cards: {} };
    var tab = "cards";
    var stale = false;

    var grid = document.getElementById("face-grid");
    var filters = {
      q: document.getElementById("f-q"),
      cls: document.getElementById("f-class"),
      type: document.getElementById("f-type"),
      cost: document.getElementById("f-cost"),
      keyword: document.getElementById("f-keyword"),
    };

    function readJson(id) {
      var node = document.getElementById(id);
      if (!node) return null;
      try { return JSON.parse(node.textContent); } catch (e) { return null; }
    }
    function byName(a, b) { return a.name.localeCompare(b.name); }
    function byCost(a, b) { return (a.cost - b.cost) || byName(a, b); }
    function capital(word) { return word.charAt(0).toUpperCase() + word.slice(1); }
    function keywordName(label) { return label.replace(/\s+[-+]?\d+$/, ""); }
    function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

    // --- filters ----------------------------------------------------------------------------

    function fillSelect(select, pairs) {
      pairs.forEach(function (p) { select.appendChild(el("option", { value: p[0] }, p[1])); });
    }
    function distinct(list, key, label) {
      var seen = {};
      list.forEach(function (f) { var k = key(f); if (k !== null && !(k in seen)) seen[k] = label(f); });
      return Object.keys(seen).sort().map(function (k) { return [k, seen[k]]; });
    }
    fillSelect(filters.cls, distinct(all, function (f) { return f["class"]; }, function (f) { return f.class_name; }));
    fillSelect(filters.type, distinct(cards, function (f) { return f.type; }, function (f) { return capital(f.type); }));
    var costs = [];
    for (var c = 0; c < COST_TOP; c++) costs.push([String(c), String(c)]);
    costs.push([String(COST_TOP), COST_TOP + " or more"]);
    fillSelect(filters.cost, costs);
    var keywords = {};
    cards.forEach(function (f) { (f.keywords || []).forEach(function (k) { keywords[keywordName(k.label)] = true; }); });
    fillSelect(filters.keyword, Object.keys(keywords).sort().map(function (k) { return [k, k]; }));

    function matches(face) {
      var q = filters.q.value.trim().toLowerCase();
      if (filters.cls.value && face["class"] !== filters.cls.value) return false;
      if (tab === "cards") {
        if (filters.type.value && face.type !== filters.type.value) return false;
        var cost = filters.cost.value;
        if (cost !== "" && (Number(cost) === COST_TOP ? face.cost < COST_TOP : face.cost !== Number(cost))) return false;
        if (filters.keyword.value && !(face.keywords || []).some(function (k) {
          return keywordName(k.label) === filters.keyword.value;
        })) return false;
      }
      if (!q) return true;
      var words = [face.name, face.text, face.type_line, face.inherent ? face.inherent.text : ""].join(" ");
      return words.toLowerCase().indexOf(q) !== -1;
    }

    // --- the catalog grid ----------------------------------------------------------------------

    function shown() {
      if (tab === "runeslingers") return slingers.filter(matches).sort(byName);
      if (tab === "equips") {
        var cls = state.runeslinger && faces[state.runeslinger] ? faces[state.runeslinger]["class"] : null;
        return equips.filter(function (f) { return (!cls || f["class"] === cls) && matches(f); }).sort(byName);
      }
      return cards.filter(matches).sort(byCost);
    }

    function cardTile(face) {
      var count = state.cards[face.id] || 0;
      var tile = el("li", { className: "tile" + (count ? " in-deck" : "") }, [
        window.FettCards.face(face, { size: "small", tag: "button", className: "add-face" }),
        el("div", { className: "tile-controls" }, [
          el("button", { type: "button", className: "small secondary remove-one", "data-remove": face.id,
            "aria-label": "Remove one " + face.name }, "−"),
          el("span", { className: "tile-count", "data-testid": "count" }, count ? count + " in deck" : ""),
        ]),
      ]);
      if (!count) tile.querySelector(".remove-one").setAttribute("disabled", "disabled");
      else tile.querySelector(".remove-one").removeAttribute("disabled");
      return tile;
    }

    function choiceTile(face) {
      var chosen = face.kind === "runeslinger" ? state.runeslinger === face.id : state.equips.indexOf(face.id) !== -1;
      return el("li", { className: "tile" + (chosen ? " in-deck chosen" : "") }, [
        window.FettCards.face(face, { size: "small", tag: "button", className: "add-face" }),
        el("div", { className: "tile-controls" }, [
          el("span", { className: "tile-count" }, chosen ? "Chosen" : (face.kind === "runeslinger" ? "" : capital(face.kind))),
        ]),
      ]);
    }

    function drawGrid() {
      var list = shown();
      grid.textContent = "";
      list.forEach(function (face) { grid.appendChild(tab === "cards" ? cardTile(face) : choiceTile(face)); });
      var what = tab === "cards" ? "card" : tab === "runeslingers" ? "Runeslinger" : "stance or ability";
      var countText = list.length + " " + (list.length === 1 ? what : what === "stance or ability" ? "stances and abilities" : what + "s");
      document.getElementById("browser-count").textContent = list.length ? countText : "No " + (what === "card" ? "cards" : what === "Runeslinger" ? "Runeslingers" : "stances or abilities") + " match the filters.";
      var active = [filters.q, filters.cls, filters.type, filters.cost, filters.keyword].filter(function (f) { return f.value; }).length;
      document.getElementById("filter-summary").textContent = active ? "(" + active + " on)" : "";
      if (tab === "equips" && state.runeslinger && faces[state.runeslinger]) {
        document.getElementById("browser-count").textContent += " for " + faces[state.runeslinger].name;
      }
    }

    // --- the deck list -----------------------------------------------------------------------

    function size() {
      return Object.keys(state.cards).reduce(function (n, id) { return n + state.cards[id]; }, 0);
    }
    function target() {
      var format = document.getElementById("id_format");
      return format ? sizes[format.value] : null;
    }

    function drawDeck() {
      var n = size();
      var goal = target();
      document.getElementById("deck-size").textContent = goal ? n + " / " + goal + " cards" : plural(n, "card");
      var chosen = document.getElementById("deck-chosen");
      chosen.textContent = "";
      var slinger = state.runeslinger && faces[state.runeslinger];
      chosen.appendChild(el("p", {}, [
        el("strong", {}, "Runeslinger: "),
        slinger ? el("button", { type: "button", className: "linkish", "data-zoom": slinger.id }, slinger.name)
          : el("button", { type: "button", className: "linkish", "data-goto": "runeslingers" }, "choose one"),
      ]));
      var named = state.equips.filter(function (id) { return faces[id]; });
      var equipLine = [el("strong", {}, "Stance & abilities: ")];
      named.forEach(function (id, i) {
        if (i) equipLine.push(document.createTextNode(", "));
        equipLine.push(el("button", { type: "button", className: "linkish", "data-zoom": id }, faces[id].name));
      });
      if (named.length < 2) {
        if (named.length) equipLine.push(document.createTextNode(" · "));
        equipLine.push(el("button", { type: "button", className: "linkish", "data-goto": "equips" },
          named.length ? "choose another" : "choose two"));
      }
      chosen.appendChild(el("p", {}, equipLine));
      var rows = document.getElementById("deck-rows");
      rows.textContent = "";
      Object.keys(state.cards).map(function (id) { return faces[id]; }).filter(Boolean).sort(byCost).forEach(function (face) {
        rows.appendChild(el("li", { className: "deck-row", "data-card": face.id }, [
          el("span", { className: "row-cost", "aria-label": "costs " + face.cost }, face.x ? "X" : String(face.cost)),
          el("button", { type: "button", className: "linkish row-name", "data-zoom": face.id }, face.name),
          el("span", { className: "row-count" }, "× " + state.cards[face.id]),
          el("button", { type: "button", className: "small secondary", "data-remove": face.id, "aria-label": "Remove one " + face.name }, "−"),
          el("button", { type: "button", className: "small secondary", "data-add": face.id, "aria-label": "Add one " + face.name }, "+"),
        ]));
      });
      if (!n) rows.appendChild(el("li", { className: "muted" }, "No cards yet: click cards on the left (or above) to add them."));
      document.getElementById("deck-stale").hidden = !stale;
      drawBar(n, goal);
    }

    function drawBar(n, goal) {
      var bar = document.getElementById("deck-bar");
      var verdict = document.querySelector("#deck-result [data-testid=verdict]");
      var legal = verdict && verdict.classList.contains("legal");
      var line = document.getElementById("deck-verdict");
      if (line) {
        line.textContent = verdict ? verdict.textContent : "";
        line.className = "deck-verdict" + (verdict ? (legal ? " legal" : " illegal") : "");
      }
      bar.textContent = "Deck: " + (goal ? n + "/" + goal : n) + " cards · " + (legal ? "legal" : "not legal yet") + " ↓";
      bar.classList.toggle("legal", !!legal);
    }

    function draw() { drawGrid(); drawDeck(); }

    // --- text <-> state ----------------------------------------------------------------------

    function writeText() {
      var lines = [];
      if (state.runeslinger && faces[state.runeslinger]) lines.push("Runeslinger: " + faces[state.runeslinger].name);
      state.equips.forEach(function (id) { if (faces[id]) lines.push(capital(faces[id].kind) + ": " + faces[id].name); });
      if (lines.length) lines.push("");
      Object.keys(state.cards).map(function (id) { return faces[id]; }).filter(Boolean).sort(byName).forEach(function (face) {
        lines.push(state.cards[face.id] + " " + face.name);
      });
      var text = document.getElementById("id_decklist");
      if (!text) return;
      text.value = lines.join("\n") + "\n";
      ["id_runeslinger", "id_equip_1", "id_equip_2"].forEach(function (id) {
        var select = document.getElementById(id);
        if (select) select.value = "";  // the text now names them
      });
      stale = false;
      text.dispatchEvent(new Event("change", { bubbles: true }));  // the result panel checks it
    }

    function readState() {
      var read = readJson("deck-state");
      var errors = document.querySelector("#deck-result [data-testid=deck-errors]");
      stale = !!errors;
      if (read) {
        state = { runeslinger: read.runeslinger || null, equips: read.equips || [], cards: read.cards || {} };
      } else if (!errors && !(document.getElementById("id_decklist") || {}).value) {
        state = { runeslinger: null, equips: [], cards: {} };
      }
      draw();
    }

    // --- actions -----------------------------------------------------------------------------

    function add(id) {
      state.cards[id] = (state.cards[id] || 0) + 1;
      writeText();
      draw();
    }
    function remove(id) {
      if (!state.cards[id]) return;
      state.cards[id] -= 1;
      if (!state.cards[id]) delete state.cards[id];
      writeText();
      draw();
    }
    function choose(face) {
      if (face.kind === "runeslinger") {
        state.runeslinger = state.runeslinger === face.id ? null : face.id;
        if (state.runeslinger) {  // equips must share the Runeslinger's class
          state.equips = state.equips.filter(function (id) { return faces[id] && faces[id]["class"] === face["class"]; });
        }
      } else if (state.equips.indexOf(face.id) !== -1) {
        state.equips = state.equips.filter(function (id) { return id !== face.id; });
      } else {
        state.equips = state.equips.concat([face.id]).slice(-2);
      }
      writeText();
      draw();
    }
    function showTab(name) {
      tab = name;
      Array.prototype.forEach.call(browser.querySelectorAll(".tab"), function (b) {
        b.setAttribute("aria-pressed", b.getAttribute("data-tab") === name ? "true" : "false");
      });
      browser.classList.toggle("choosing", name !== "cards");
      document.getElementById("browser-help").textContent = name === "cards"
        ? "Click a card to add a copy; − removes one. Hover, long-press or the magnifier shows the full card."
        : name === "runeslingers" ? "Click a Runeslinger to choose it (click again to clear it)."
        : "Click a stance or an ability to equip it (click again to take it off). A deck equips two, of its Runeslinger's class.";
      drawGrid();
    }

    browser.addEventListener("click", function (event) {
      var tabButton = event.target.closest(".tab");
      if (tabButton) { showTab(tabButton.getAttribute("data-tab")); return; }
      var removeButton = event.target.closest("[data-remove]");
      if (removeButton) { remove(removeButton.getAttribute("data-remove")); return; }
      var faceButton = event.target.closest(".add-face");
      if (!faceButton) return;
      var face = faces[faceButton.getAttribute("data-face-id")];
      if (!face) return;
      if (face.kind === "card") add(face.id); else choose(face);
    });
    document.getElementById("deck-visual").addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      if (button.hasAttribute("data-add")) add(button.getAttribute("data-add"));
      else if (button.hasAttribute("data-remove")) remove(button.getAttribute("data-remove"));
      else if (button.hasAttribute("data-zoom")) window.FettCards.zoom(faces[button.getAttribute("data-zoom")]);
      else if (button.hasAttribute("data-goto")) { showTab(button.getAttribute("data-goto")); browser.scrollIntoView({ block: "start" }); }
    });
    Object.keys(filters).forEach(function (k) {
      filters[k].addEventListener(k === "q" ? "input" : "change", drawGrid);
    });
    document.getElementById("f-clear").addEventListener("click", function () {
      Object.keys(filters).forEach(function (k) { filters[k].value = ""; });
      drawGrid();
    });
    document.body.addEventListener("htmx:afterSettle", readState);
    document.addEventListener("change", function (event) {
      if (event.target && event.target.id === "id_format") drawDeck();
    });

    // --- start ----------------------------------------------------------------------------

    if (window.matchMedia && window.matchMedia("(max-width: 40rem)").matches) {
      document.getElementById("browser-filters").open = false;  // a phone: filters fold away
    }
    browser.hidden = false;
    document.getElementById("deck-visual").hidden = false;
    document.getElementById("deck-bar").hidden = false;
    layout.classList.add("visual-on");
    readState();
    var text = document.getElementById("id_decklist");
    if (text && text.value.trim() && !document.getElementById("deck-state")) {
      // a list given with the page (a starter) but not checked yet: check it once htmx listens
      var check = function () { document.getElementById("deck-result").dispatchEvent(new CustomEvent("deck-change")); };
      if (document.readyState === "complete") check(); else window.addEventListener("load", check);
    }
  }

  // Deferred scripts run before DOMContentLoaded; start after it, once htmx has wired the page.
  if (document.readyState === "complete") start();
  else document.addEventListener("DOMContentLoaded", start);
})();
