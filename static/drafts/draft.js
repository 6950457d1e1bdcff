// The pick screen and the live pod. State comes from the API; the pod, followed on the page's one
// site socket (live.js), says when it changed. Every message carries the pod version: on a gap,
// or whenever the subscription (re)opens, the page re-reads the state over the API. Nothing polls:
// while the socket is down the page says it is reconnecting. No CDN, no framework.
(function () {
  "use strict";
  var app = document.getElementById("draft-app");
  if (!app) return;
  var player = app.dataset.role === "player";
  // busy: the pack ("round.pick") whose pick is on its way. Only that pack's button waits for the
  // answer: the pod's push can show the next pack first, and that one can be picked at once.
  var version = -1, podVersion = -1, state = null, selected = [], busy = null;
  var $ = function (sel) { return app.querySelector(sel); };

  var el = window.Fett.el;

  function api(url, body) { return window.Fett.request(url, body, app.dataset.csrf); }

  // Picks and marks go on the pod's socket while it is live ({"type": "pick"}, answered "picked"
  // or "pick-refused" as the API answers a POST; "marks" likewise), by POST while it is down. Both
  // answer {status, data} as window.Fett.request does. A pick sent on the socket is never sent
  // again by POST: if the socket drops or no answer comes in 20 s the page re-reads the state,
  // which says whether it was taken (a pick sent twice is taken once anyway).
  var handle = null, asked = 0, waiting = {};  // request -> {resolve, reject, timer}
  var NO_ANSWER_MS = 20000;
  var ANSWERS = { picked: true, "pick-refused": true, marked: true, "marks-refused": true };

  function send(kind, url, body) {
    if (!handle || !handle.live()) return api(url, body);
    asked += 1;
    var request = kind + "-" + asked;
    return new Promise(function (resolve, reject) {
      var timer = setTimeout(function () { delete waiting[request]; reject(new Error("no answer")); }, NO_ANSWER_MS);
      waiting[request] = { resolve: resolve, reject: reject, timer: timer };
      var message = { type: kind, request: request };
      Object.keys(body).forEach(function (name) { message[name] = body[name]; });
      if (!handle.send(message)) { clearTimeout(timer); delete waiting[request]; resolve(api(url, body)); }
    });
  }

  // The answer to one of this page's messages on the socket; true when the message was one.
  function answer(msg) {
    if (!ANSWERS[msg.type]) return false;
    var asking = waiting[msg.request];
    if (!asking) return true;  // an answer given up on
    clearTimeout(asking.timer);
    delete waiting[msg.request];
    var ok = msg.type === "picked" || msg.type === "marked";
    asking.resolve({ status: ok ? 200 : msg.status, data: msg });
    return true;
  }

  function dropAnswers() {
    Object.keys(waiting).forEach(function (request) {
      clearTimeout(waiting[request].timer);
      waiting[request].reject(new Error("the socket closed"));
    });
    waiting = {};
  }

  function reload() {
    return api(app.dataset.stateUrl).then(function (res) {
      if (res.status === 200) render(res.data, true);
    }).catch(function () { /* offline for a moment: the next push or reconnect tries again */ });
  }

  function message(text) { var m = $("[data-testid=draft-message]"); if (m) m.textContent = text || ""; }

  function statusText(s) {
    if (s.paused) return "Paused by the organiser.";
    if (s.status === "seated") return "Waiting for the organiser to start the draft.";
    if (s.status === "review") return "Round " + s.round + " is over: review your picks; round " + (s.round + 1) + " opens soon.";
    if (s.status === "building" || s.status === "done") return "The draft is over.";
    if (!player) return "Drafting round " + s.round + ".";
    if (s.current) {
      return "Round " + s.current.round + " · pick " + s.current.pick_number + " of " + s.picks_per_round +
        " · take " + s.current.take + (s.waiting_packs > 1 ? " · " + (s.waiting_packs - 1) + (s.waiting_packs > 2 ? " more packs" : " more pack") + " waiting" : "");
    }
    if (s.bot) return "A bot picks for your seat.";
    return "Waiting for the next pack…";
  }

  function packKey(current) { return current.round + "." + current.pick_number; }

  function over(s) { return s.status === "building" || s.status === "done"; }

  function render(s) {
    if (s.version < version) return;  // an older answer overtaken by a push
    version = s.version;
    podVersion = Math.max(podVersion, s.version);
    state = s;
    $("[data-testid=draft-status]").textContent = statusText(s);
    renderClock(s);
    renderProgress(s.progress || [], s);
    renderDone(s);
    if (!player) return;
    var key = s.current ? packKey(s.current) : null;
    if (!key || key !== app.dataset.packKey) selected = s.current ? (s.current.marked || []).slice() : [];
    app.dataset.packKey = key || "";
    renderPack(s);
    renderPicks(s);
  }

  // After the last pick: no clock, no Pick button, no empty pack; a clear way on to the pool.
  function renderDone(s) {
    var done = over(s);
    $("[data-testid=draft-done]").hidden = !done;
    var bar = $("[data-testid=pick-bar]");
    bar.hidden = done;
    var pack = $("[data-testid=pack]");
    if (pack) pack.hidden = done;
    var link = $("[data-testid=pool-link]");
    if (link) {
      link.hidden = !s.pool_id;
      if (s.pool_id) link.href = app.dataset.poolUrl + s.pool_id + "/";
    }
    if (done) message("");
  }

  function renderClock(s) {
    var clock = $("[data-testid=pick-clock]");
    var current = player ? s.current : null;
    var left = current && current.seconds_left !== null ? current.seconds_left : null;
    var review = s.status === "review" && s.review_deadline;
    if (left === null && review) left = Math.max(0, (Date.parse(s.review_deadline) - Date.now()) / 1000);
    if (left === null || s.paused || over(s)) { clock.hidden = true; clock.removeAttribute("data-deadline"); return; }
    clock.hidden = false;
    clock.querySelector(".clock-label").textContent = current ? "Time to pick" : "Next round in";
    // The server says how many seconds are left: the local deadline ignores any clock skew.
    clock.dataset.deadline = new Date(Date.now() + left * 1000).toISOString();
    clock.dataset.total = String(current ? current.seconds || left : left);
  }

  function renderPack(s) {
    var pack = $("[data-testid=pack]");
    var button = document.getElementById("pick-button");
    var hint = document.getElementById("pick-hint");
    pack.replaceChildren();
    if (!s.current) {
      button.disabled = true;
      button.hidden = over(s);
      hint.textContent = s.status === "review" ? "Review your picks below." : (over(s) ? "" : "Waiting for the next pack…");
      return;
    }
    button.hidden = false;
    var taken = selected.slice();
    window.FettDraft.sorted(s.current.cards).forEach(function (slug) {
      var chosen = taken.indexOf(slug);
      if (chosen >= 0) taken.splice(chosen, 1);
      var tile = window.FettDraft.face(slug, { tag: "button", className: "draft-card" + (chosen >= 0 ? " chosen" : "") });
      tile.setAttribute("data-testid", "card");
      tile.setAttribute("aria-pressed", chosen >= 0 ? "true" : "false");
      tile.addEventListener("click", function () { toggle(slug, tile); });
      pack.appendChild(tile);
    });
    button.disabled = selected.length !== s.current.take || busy === packKey(s.current);
    hint.textContent = selected.length + " of " + s.current.take + " chosen";
  }

  function toggle(slug, tile) {
    var i = selected.indexOf(slug);
    if (tile.classList.contains("chosen") && i >= 0) selected.splice(i, 1);
    else if (selected.length < state.current.take) selected.push(slug);
    else { selected.shift(); selected.push(slug); }
    renderPack(state);
    // Marked cards are what the server takes for you if the clock runs out.
    send("marks", app.dataset.marksUrl, { round: state.current.round, pick_number: state.current.pick_number, cards: selected })
      .catch(function () { /* a mark is a help, not a pick: the next one, or the pick, says it again */ });
  }

  function submitPick() {
    if (!state || !state.current || selected.length !== state.current.take || busy === packKey(state.current)) return;
    var current = state.current, key = packKey(current);
    busy = key;
    send("pick", app.dataset.pickUrl, { round: current.round, pick_number: current.pick_number, pack: current.pack, cards: selected })
      .then(function (res) {
        if (busy === key) busy = null;
        if (res.status === 200) { message(""); render(res.data.state); return; }
        message(res.data.detail || "That pick was not taken.");
        if (res.data.state) render(res.data.state); else reload();
      }, function () { if (busy === key) busy = null; message("No connection: trying again…"); reload(); });
  }

  // The picks so far as faces grouped by class, with the curve; the pick order below, folded.
  function renderPicks(s) {
    var pool = s.pool || [];
    var key = pool.length + ":" + (s.picks || []).length;
    $("[data-testid=pick-count]").textContent = "(" + pool.length + (pool.length === 1 ? " card)" : " cards)");
    if (app.dataset.picksKey === key) return;  // unchanged: keep the faces (and any open zoom)
    app.dataset.picksKey = key;
    $("[data-testid=pick-curve]").replaceChildren(pool.length ? window.FettDraft.curve(window.FettDraft.curveCounts(pool), "Your picks by light cost") : el("span"));
    $("[data-testid=pick-groups]").replaceChildren(window.FettDraft.stacks(window.FettDraft.groups(pool), function (slug) { return window.FettDraft.face(slug); }));
    var list = $("[data-testid=pick-order]");
    list.replaceChildren();
    (s.picks || []).forEach(function (p) {
      var names = p.cards.map(function (slug) { return window.FettDraft.card(slug).name; }).join(", ");
      list.appendChild(el("li", { class: p.auto ? "auto" : "" }, "Round " + p.round + ", pick " + p.pick_number + ": " + names + (p.auto ? " (auto-pick: time ran out)" : "")));
    });
  }

  function renderProgress(rows, s) {
    var table = $("[data-testid=progress]");
    table.replaceChildren();
    var head = el("tr");
    ["Seat", "Player", "Round 1", "Round 2", "Waiting"].forEach(function (h) { head.appendChild(el("th", {}, h)); });
    table.appendChild(head);
    rows.forEach(function (row) {
      var tr = el("tr", { class: player && row.seat === s.seat ? "me" : "" });
      [row.seat + 1, row.name, row.picks[0] + "/" + s.picks_per_round, row.picks[1] + "/" + s.picks_per_round,
       row.waiting_packs ? "●".repeat(row.waiting_packs) : ""].forEach(function (v) { tr.appendChild(el("td", {}, String(v))); });
      table.appendChild(tr);
    });
  }

  function onPush(msg) {
    if (msg.kind === "seat" && player) { render(msg.state); return; }
    if (msg.kind === "hello") return;  // the subscription's re-read (live.js) reads the state
    if (msg.kind !== "pod") return;
    var gap = podVersion >= 0 && msg.version > podVersion + 1;
    podVersion = Math.max(podVersion, msg.version);
    if (!player) { render(msg.pod); return; }
    if (state && msg.pod) { state.progress = msg.pod.progress; renderProgress(msg.pod.progress, state); }
    var mine = msg.pod && msg.pod.progress ? msg.pod.progress[state ? state.seat : -1] : null;
    var missed = mine && mine.waiting_packs > 0 && state && !state.current;
    var moved = state && msg.pod && (msg.pod.status !== state.status || msg.pod.paused !== state.paused);
    if (gap || missed || moved) reload();
  }

  function mode(text) { $("[data-testid=live-mode]").textContent = text; }

  if (player) document.getElementById("pick-button").addEventListener("click", submitPick);
  reload();
  if (!window.FettLive) return;
  handle = window.FettLive.subscribe("pod", app.dataset.pod, {
    reread: function () { mode("Live."); reload(); },
    message: function (msg) { if (answer(msg)) return; try { onPush(msg); } catch (e) { reload(); } },
    state: function (up) { if (!up) { dropAnswers(); mode("Reconnecting…"); } },
    refused: function (detail) { mode(detail); },
  });
})();
