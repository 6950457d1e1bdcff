// The pool page: choose a deck from the pool with live legality and the light-cost curve
// (checked by the server against the pool), then register it.
(function () {
  "use strict";
  var app = document.getElementById("pool-app");
  if (!app) return;
  var catalog = JSON.parse(document.getElementById("draft-catalog").textContent);
  var poolCards = JSON.parse(document.getElementById("pool-cards").textContent);
  var owner = app.dataset.owner === "1";
  var have = {}, deck = {}, timer = null;
  poolCards.forEach(function (slug) { have[slug] = (have[slug] || 0) + 1; });
  var $ = function (sel) { return app.querySelector(sel); };
  function card(slug) { return catalog.cards[slug] || { name: slug, cost: 0, class: "", type: "" }; }
  var el = window.Fett.el;
  function post(url, body) { return window.Fett.request(url, body, app.dataset.csrf); }
  function size() { return Object.keys(deck).reduce(function (n, k) { return n + deck[k]; }, 0); }
  function body() {
    var equips = [document.getElementById("equip-1"), document.getElementById("equip-2")]
      .filter(Boolean).map(function (s) { return s.value; }).filter(Boolean);
    var slinger = document.getElementById("runeslinger");
    return { runeslinger: slinger ? slinger.value : "", equips: equips, cards: deck };
  }

  function drawTable() {
    var tbody = $("[data-testid=pool-table] tbody");
    tbody.replaceChildren();
    Object.keys(have).sort(function (a, b) { return card(a).cost - card(b).cost || card(a).name.localeCompare(card(b).name); })
      .forEach(function (slug) {
        var c = card(slug), tr = el("tr", { "data-slug": slug });
        tr.appendChild(el("td", {}, c.name));
        tr.appendChild(el("td", { class: "num" }, String(c.cost)));
        tr.appendChild(el("td", {}, c.class));
        tr.appendChild(el("td", { class: "num" }, String(have[slug])));
        var cell = el("td", { class: "num deck-count" });
        if (owner) {
          var minus = el("button", { type: "button", class: "small secondary", "aria-label": "Remove " + c.name }, "−");
          var plus = el("button", { type: "button", class: "small", "aria-label": "Add " + c.name, "data-testid": "add-" + slug }, "+");
          minus.addEventListener("click", function () { change(slug, -1); });
          plus.addEventListener("click", function () { change(slug, 1); });
          cell.append(minus, el("span", {}, " " + (deck[slug] || 0) + " "), plus);
        } else {
          cell.textContent = String(deck[slug] || 0);
        }
        tr.appendChild(cell);
        tbody.appendChild(tr);
      });
    $("[data-testid=deck-count]").textContent = String(size());
  }

  function change(slug, by) {
    var n = Math.max(0, Math.min(have[slug], (deck[slug] || 0) + by));
    if (n) deck[slug] = n; else delete deck[slug];
    drawTable();
    scheduleCheck();
  }

  function scheduleCheck() { clearTimeout(timer); timer = setTimeout(check, 250); }
  function check() {
    if (!owner) return;
    post(app.dataset.checkUrl, body()).then(function (res) {
      var list = $("[data-testid=violations]");
      list.replaceChildren();
      if (res.status !== 200) { list.appendChild(el("li", {}, res.data.detail || "Check failed.")); return; }
      if (res.data.legal) list.appendChild(el("li", { class: "ok" }, "Legal deck."));
      res.data.violations.forEach(function (v) { list.appendChild(el("li", {}, v.message)); });
      var curve = $("[data-testid=curve]");
      curve.replaceChildren();
      var top = Math.max(1, Math.max.apply(null, res.data.curve.map(function (b) { return b.count; })));
      res.data.curve.forEach(function (b) {
        var bar = el("div", { class: "curve-bar", title: b.count + " at " + b.label });
        var column = bar.appendChild(el("span"));
        column.style.height = (100 * b.count / top) + "%";  // through the CSSOM: the CSP refuses style attributes
        bar.appendChild(el("small", {}, b.label));
        curve.appendChild(bar);
      });
    });
  }

  function fillLoadout() {
    var slinger = document.getElementById("runeslinger");
    if (!slinger) return;
    slinger.appendChild(el("option", { value: "" }, "Choose…"));
    catalog.runeslingers.forEach(function (r) { slinger.appendChild(el("option", { value: r.id }, r.name + " (" + r.class + ")")); });
    slinger.addEventListener("change", function () { fillEquips(); scheduleCheck(); });
    ["equip-1", "equip-2"].forEach(function (id) { document.getElementById(id).addEventListener("change", scheduleCheck); });
    fillEquips();
  }
  function fillEquips(chosen) {
    var slinger = catalog.runeslingers.filter(function (r) { return r.id === document.getElementById("runeslinger").value; })[0];
    ["equip-1", "equip-2"].forEach(function (id, i) {
      var select = document.getElementById(id);
      select.replaceChildren(el("option", { value: "" }, "Choose…"));
      catalog.equips.filter(function (e) { return !slinger || e.class === slinger.class; }).forEach(function (e) {
        select.appendChild(el("option", { value: e.id }, e.name + " (" + e.kind + ")"));
      });
      if (chosen && chosen[i]) select.value = chosen[i];
    });
  }

  function suggest() {
    post(app.dataset.suggestUrl).then(function (res) {
      if (res.status !== 200) { $("[data-testid=deck-message]").textContent = res.data.detail || "No suggestion."; return; }
      deck = Object.assign({}, res.data.cards);
      document.getElementById("runeslinger").value = res.data.runeslinger;
      fillEquips(res.data.equips);
      drawTable();
      check();
    });
  }

  function submit() {
    var msg = $("[data-testid=deck-message]");
    msg.textContent = "Registering…";
    post(app.dataset.deckUrl, body()).then(function (res) {
      msg.textContent = res.status === 201 ? "Deck registered." : (res.data.detail || "Not registered.");
      if (res.status === 201) app.dataset.submitted = res.data.deck_submitted_at || "yes";
    });
  }

  if (owner) {
    fillLoadout();
    document.getElementById("suggest").addEventListener("click", suggest);
    document.getElementById("submit-deck").addEventListener("click", submit);
  }
  drawTable();
})();
