// The pool page: build a deck from the pool as Draftmancer does. The pool's cards are faces in two
// columns, deck and sideboard; a click (or a drag) moves a card across. Filters by class, type and
// cost; the curve and the type counts update at once, the legality (against the pool and the
// event's format) comes from the server a moment later. Then register the deck.
(function () {
  "use strict";
  var app = document.getElementById("pool-app");
  if (!app) return;
  var D = window.FettDraft, el = window.Fett.el;
  var catalog = JSON.parse(document.getElementById("draft-catalog").textContent);
  var poolCards = JSON.parse(document.getElementById("pool-cards").textContent);
  var registered = JSON.parse(document.getElementById("pool-deck").textContent);
  var owner = app.dataset.owner === "1";
  var have = {}, deck = {}, timer = null, checks = 0, filters = { cls: "", type: "", cost: "" };
  poolCards.forEach(function (slug) { have[slug] = (have[slug] || 0) + 1; });
  var $ = function (sel) { return app.querySelector(sel); };
  function post(url, body) { return window.Fett.request(url, body, app.dataset.csrf); }
  function size() { return Object.keys(deck).reduce(function (n, k) { return n + deck[k]; }, 0); }
  function expand(counts) {
    var out = [];
    Object.keys(counts).forEach(function (slug) { for (var i = 0; i < counts[slug]; i++) out.push(slug); });
    return D.sorted(out);
  }
  function side() {
    var left = {};
    Object.keys(have).forEach(function (slug) { var n = have[slug] - (deck[slug] || 0); if (n > 0) left[slug] = n; });
    return left;
  }
  function body() {
    var equips = [document.getElementById("equip-1"), document.getElementById("equip-2")]
      .filter(Boolean).map(function (s) { return s.value; }).filter(Boolean);
    var slinger = document.getElementById("runeslinger");
    return { runeslinger: slinger ? slinger.value : "", equips: equips, cards: deck };
  }

  function say(text, kind) {
    var msg = $("[data-testid=deck-message]");
    if (!msg) return;
    msg.hidden = !text;
    msg.textContent = text || "";
    msg.className = "deck-message message" + (kind ? " " + kind : "");
    msg.setAttribute("role", kind === "error" ? "alert" : "status");
  }

  function costKey(c) { return String(Math.min(6, c.cost || 0)); }
  function shown(slug) {
    var c = D.card(slug);
    return (!filters.cls || c.class === filters.cls) && (!filters.type || c.type === filters.type) && (!filters.cost || costKey(c) === filters.cost);
  }

  function drawColumn(zone, counts) {
    var holder = $("[data-testid=" + zone + "-cards]");
    holder.replaceChildren();
    var all = expand(counts), visible = all.filter(shown);
    holder.appendChild(D.stacks(D.costGroups(visible), function (slug) {
      var face = D.face(slug, { tag: owner ? "button" : "div", className: "pool-card" });
      face.setAttribute("data-testid", zone + "-card");
      if (owner) {
        face.setAttribute("draggable", "true");
        face.setAttribute("aria-label", D.card(slug).name + (zone === "deck" ? ": move to the sideboard" : ": move to the deck"));
        face.addEventListener("click", function () { move(slug, zone === "deck" ? -1 : 1); });
        face.addEventListener("dragstart", function (event) { event.dataTransfer.setData("text/plain", zone + "|" + slug); event.dataTransfer.effectAllowed = "move"; });
      }
      return face;
    }));
    if (!all.length) holder.appendChild(el("p", { class: "muted empty" }, zone === "deck" ? "No cards yet: click cards in the sideboard, or Suggest a deck." : "Every card is in the deck."));
    var hidden = all.length - visible.length;
    $("[data-testid=" + zone + "-column-count]").textContent = "(" + all.length + (hidden ? ", " + hidden + " hidden by the filters" : "") + ")";
  }

  function drawSummary() {
    var slugs = expand(deck);
    $("[data-testid=deck-count]").textContent = String(slugs.length);
    $("[data-testid=curve]").replaceChildren(D.curve(D.curveCounts(slugs), "Deck by light cost"));
    var types = {};
    slugs.forEach(function (slug) { var t = D.card(slug).type_name || D.card(slug).type; types[t] = (types[t] || 0) + 1; });
    $("[data-testid=type-counts]").textContent = Object.keys(types).sort().map(function (t) { return types[t] + " " + t; }).join(" · ") || "No cards in the deck yet.";
  }

  function draw() {
    drawColumn("deck", deck);
    drawColumn("side", side());
    drawSummary();
  }

  function move(slug, by) {
    var n = Math.max(0, Math.min(have[slug] || 0, (deck[slug] || 0) + by));
    if (n) deck[slug] = n; else delete deck[slug];
    say("");
    draw();
    scheduleCheck();
  }

  function wireDrops() {
    Array.prototype.forEach.call(app.querySelectorAll(".pool-column"), function (column) {
      var zone = column.dataset.zone;
      column.addEventListener("dragover", function (event) { event.preventDefault(); column.classList.add("drop"); });
      column.addEventListener("dragleave", function () { column.classList.remove("drop"); });
      column.addEventListener("drop", function (event) {
        event.preventDefault();
        column.classList.remove("drop");
        var parts = (event.dataTransfer.getData("text/plain") || "").split("|");
        if (parts.length === 2 && parts[0] !== zone) move(parts[1], zone === "deck" ? 1 : -1);
      });
    });
  }

  function scheduleCheck() { clearTimeout(timer); timer = setTimeout(check, 250); }
  // Checks can answer out of order (a slow one asked before a Suggest): only the newest asked is
  // drawn, so an older deck's verdict never replaces the deck on screen's.
  function check() {
    if (!owner) return;
    clearTimeout(timer);
    var mine = ++checks;
    post(app.dataset.checkUrl, body()).then(function (res) {
      app.dataset.checked = String((Number(app.dataset.checked) || 0) + 1);  // answers heard, drawn or not
      if (mine !== checks) return;
      var list = $("[data-testid=violations]");
      list.replaceChildren();
      if (res.status !== 200) { list.appendChild(el("li", {}, res.data.detail || "The deck could not be checked.")); return; }
      if (res.data.legal) list.appendChild(el("li", { class: "ok" }, "Legal deck: ready to register."));
      res.data.violations.forEach(function (v) { list.appendChild(el("li", {}, v.message)); });
    }, function () { /* offline for a moment: the next change checks again */ });
  }

  function fillFilters() {
    var slugs = Object.keys(have);
    var classes = D.groups(slugs).map(function (g) { return [g.cls, g.name]; });
    var types = (catalog.types || []).filter(function (t) { return slugs.some(function (s) { return D.card(s).type === t.id; }); }).map(function (t) { return [t.id, t.name]; });
    var costs = ["0", "1", "2", "3", "4", "5", "6"].filter(function (k) { return slugs.some(function (s) { return costKey(D.card(s)) === k; }); })
      .map(function (k) { return [k, k === "6" ? "6 or more" : k]; });
    [["filter-class", classes, "cls"], ["filter-type", types, "type"], ["filter-cost", costs, "cost"]].forEach(function (f) {
      var select = document.getElementById(f[0]);
      f[1].forEach(function (o) { select.appendChild(el("option", { value: o[0] }, o[1])); });
      select.addEventListener("change", function () { filters[f[2]] = select.value; draw(); });
    });
  }

  function fillLoadout() {
    var slinger = document.getElementById("runeslinger");
    if (!slinger) return;
    slinger.appendChild(el("option", { value: "" }, "Choose…"));
    catalog.runeslingers.forEach(function (r) { slinger.appendChild(el("option", { value: r.id }, r.name + " (" + D.className(r.class) + ")")); });
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
        select.appendChild(el("option", { value: e.id }, e.name + " (" + (e.kind === "stance" ? "Stance" : "Ability") + ")"));
      });
      if (chosen && chosen[i]) select.value = chosen[i];
    });
  }

  // Suggest builds around what the player chose (Runeslinger, equips, cards already in the deck)
  // and says what it had to change.
  function suggest() {
    var asked = body();
    var nothing = !asked.runeslinger && !asked.equips.length && !Object.keys(asked.cards).length;
    post(app.dataset.suggestUrl, asked).then(function (res) {
      if (res.status !== 200) { say(res.data.detail || "No deck could be suggested from this pool.", "error"); return; }
      deck = Object.assign({}, res.data.cards);
      document.getElementById("runeslinger").value = res.data.runeslinger;
      fillEquips(res.data.equips);
      var changes = res.data.changes || [];
      if (nothing) say("Suggested from the best cards of your pool.", "info");
      else say(changes.length ? "Suggested around your choices. " + changes.join(" ") : "Suggested around your choices: everything you chose is kept.", "info");
      draw();
      check();
    });
  }

  function submit() {
    say("Registering…", "info");
    post(app.dataset.deckUrl, body()).then(function (res) {
      if (res.status === 201) {
        say("Deck registered.", "success");
        app.dataset.submitted = res.data.deck_submitted_at || "yes";
        return;
      }
      say(res.data.detail || "The deck was not registered.", "error");
    }, function () { say("No connection: the deck was not registered. Try again.", "error"); });
  }

  fillFilters();
  if (owner) fillLoadout();
  if (registered) {  // the deck registered last: shown as it stands, a starting point for changes
    Object.keys(registered.cards).forEach(function (slug) { if (have[slug]) deck[slug] = Math.min(have[slug], registered.cards[slug]); });
    if (owner) {
      document.getElementById("runeslinger").value = registered.runeslinger;
      fillEquips(registered.equips);
      say(registered.automatic ? "This deck was built for you at the deadline." : "Your registered deck is shown; register again after any change.", "info");
      scheduleCheck();
    }
  }
  if (owner) {
    wireDrops();
    document.getElementById("suggest").addEventListener("click", suggest);
    document.getElementById("clear-deck").addEventListener("click", function () { deck = {}; say(""); draw(); scheduleCheck(); });
    document.getElementById("submit-deck").addEventListener("click", submit);
  }
  draw();
})();
