// The play page: renders this player's view, turns legal actions into controls, keeps in step.
// The server sends only what this player may see; a push carries the version, and a gap or a
// reconnect makes the page re-read its view over the REST API.
(function () {
  "use strict";
  var root = document.getElementById("play");
  if (!root) return;
  var catalog = JSON.parse(document.getElementById("catalog").textContent);
  var state = { view: null, version: -1, selected: null, fetchedAt: 0, socket: null, sending: false };

  function csrf() {
    var m = document.cookie.match(/csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
  }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else if (k === "className") node.className = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(c); });
    return node;
  }
  function cardName(id) { return id ? (catalog.cards[id] || {}).name || catalog.names[id] || id : "Concentration"; }
  function handleIndex(view) {
    var byHandle = {};
    view.board.players.forEach(function (p) {
      ["hand", "discard", "void", "field"].forEach(function (zone) {
        if (Array.isArray(p[zone])) p[zone].forEach(function (c) { if (c.id) byHandle[c.card] = cardName(c.id); });
      });
      (p.concentrations || []).forEach(function (c) { if (!byHandle[c.card]) byHandle[c.card] = "concentration"; });
    });
    return byHandle;
  }
  function describe(action, view) {
    var names = handleIndex(view), me = view.board.you;
    return action.split(" ").map(function (word) {
      var m = word.match(/^(c\d+)$/);
      if (m) return names[m[1]] || m[1];
      var kv = word.match(/^(\w+)=(.+)$/);
      if (kv) {
        var value = kv[2].replace(/^p[12]$/, function (p) { return p === me ? "you" : "opponent"; })
          .replace(/^c\d+$/, function (c) { return names[c] || c; });
        return (kv[1] === "target" ? "→ " : kv[1] + ": ") + value;
      }
      return word;
    }).join(" ");
  }
  function subjectOf(action) { var m = action.match(/^\w+ (c\d+)/); return m ? m[1] : null; }

  function clockText(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }
  function remaining(view, player) {
    var index = player === "p1" ? 0 : 1, left = view.clocks.remaining_ms[index];
    if (view.clocks.on_clock === player && view.status === "playing") left -= Date.now() - state.fetchedAt;
    return left;
  }

  function renderSide(view, player, mine) {
    var p = view.board.players[player === "p1" ? 0 : 1];
    var running = view.clocks.on_clock === player && view.status === "playing";
    var left = remaining(view, player);
    var clock = el("span", { className: "clock-chip" + (running ? " running" : "") + (left < 120000 ? " low" : ""),
      "data-testid": "clock-" + (mine ? "me" : "them"), text: clockText(left) });
    var title = el("h2", {}, [el("span", { text: cardName(p.runeslinger) + (mine ? " (you)" : "") }), clock]);
    var stats = el("div", { className: "stats" }, [
      el("span", { "data-testid": (mine ? "me" : "them") + "-health", text: "Health " + p.health + "/" + p.max_health }),
      el("span", { text: "Power " + p.power }), el("span", { text: "Determination " + p.determination }),
      el("span", { text: "Light " + p.light }), el("span", { text: "Block " + p.block + (p.barrier ? " (barrier " + p.barrier + ")" : "") }),
      el("span", { text: "Deck " + p.deck }), el("span", { text: "Discard " + (Array.isArray(p.discard) ? p.discard.length : p.discard) }),
      el("span", { text: "Void " + (Array.isArray(p.void) ? p.void.length : p.void) }),
    ]);
    var side = [title, stats];
    if (p.ailments && p.ailments.length) {
      side.push(zone("Ailments", p.ailments.map(function (a) {
        return el("span", { className: "gcard", text: a.type + " × " + a.count + (a.count >= 4 ? " (II)" : " (I)") + (a.boon ? " · boon " + cardName(a.boon.id || "") : "") });
      })));
    }
    side.push(zone("Concentrations", (p.concentrations || []).map(function (c) {
      var label = { card: c.card, id: c.id };
      return cardButton(label, view, c.used ? "used" : "", (c.used ? "used" : "ready") + (c.covered_by ? " · covered by " + (handleIndex(view)[c.covered_by] || "a card") : " · exposed"));
    })));
    side.push(zone("Field", (p.field || []).map(function (c) { return cardButton(c, view, c.used ? "used" : "", (c.damage ? c.damage + " damage · " : "") + (c.tokens ? c.tokens + " tokens" : "")); })));
    if (mine && Array.isArray(p.hand)) side.push(zone("Hand", p.hand.map(function (c) { return cardButton(c, view, "", ""); })));
    else side.push(zone("Hand", [el("span", { className: "gcard", "data-testid": "their-hand", text: p.hand_count + " cards" })]));
    var section = root.querySelector('[data-side="' + (mine ? "me" : "them") + '"]');
    section.replaceChildren.apply(section, side);
  }
  function zone(name, cards) {
    return el("div", { className: "zone" }, [el("h3", { text: name }), el("div", { className: "cards-row" }, cards.length ? cards : [el("span", { className: "muted", text: "—" })])]);
  }
  function cardButton(c, view, extraClass, note) {
    var playable = view.board.legal.some(function (a) { return subjectOf(a) === c.card; });
    var info = catalog.cards[c.id] || {};
    var button = el("button", { type: "button", className: "gcard " + extraClass + (playable ? " playable" : "") + (state.selected === c.card ? " selected" : ""),
      "data-card": c.card, title: info.text || "" }, [el("span", { text: cardName(c.id) }), el("small", { text: [info.type, info.cost !== undefined ? info.cost + " light" : "", note].filter(Boolean).join(" · ") })]);
    if (playable) button.addEventListener("click", function () { state.selected = state.selected === c.card ? null : c.card; render(); });
    else button.disabled = true;
    return button;
  }

  function renderControls(view) {
    var box = root.querySelector(".controls");
    var legal = view.board.legal || [];
    var shown = legal.filter(function (a) { var s = subjectOf(a); return !s || s === state.selected; });
    var items = [];
    var pend = view.board.pending;
    var hint = view.status === "finished" ? "The match is over."
      : !pend ? "" : pend.player === view.board.you ? "Your decision: " + pend.kind + (legal.some(subjectOf) && !state.selected ? " — tap a highlighted card to see what it can do." : ".")
      : "Waiting for your opponent (" + pend.kind + ").";
    if (view.clocks.deadline_kind === "window" && pend && pend.player === view.board.you) {
      var left = Math.max(0, Math.round((Date.parse(view.clocks.deadline) - Date.now()) / 1000));
      hint += " Window closes in " + left + " s.";
    }
    items.push(el("p", { className: "hint", "data-testid": "hint", text: hint }));
    shown.forEach(function (action) {
      var b = el("button", { type: "button", "data-action": action, className: subjectOf(action) ? "" : "secondary", text: describe(action, view) });
      b.addEventListener("click", function () { send(action); });
      items.push(b);
    });
    box.replaceChildren.apply(box, items);
  }

  function showPresence(view) {
    var them = (view.board.you || "p1") === "p1" ? "p2" : "p1";
    var away = !view.bot && view.connected && view.seat && !view.connected[them] && view.status !== "finished";
    root.querySelector('[data-testid="opponent-away"]').hidden = !away;
  }

  function render() {
    var view = state.view;
    if (!view) return;
    var me = view.board.you || "p1", them = me === "p1" ? "p2" : "p1";
    renderSide(view, them, false);
    renderSide(view, me, !!view.seat);
    root.querySelector('[data-testid="game-score"]').textContent = "game " + view.game + " · games " + view.wins[0] + "–" + view.wins[1];
    var pend = view.board.pending;
    var whose = root.querySelector('[data-testid="whose-turn"]');
    if (view.status === "finished") {
      whose.textContent = view.winner === null ? "Match drawn" : (view.winner === view.seat ? "You won the match" : "You lost the match");
    } else whose.textContent = !pend ? "" : (pend.player === me ? "Your decision" : "Opponent's decision");
    showPresence(view);
    var ladder = root.querySelector(".ladder");
    ladder.replaceChildren.apply(ladder, (view.board.ladder || []).map(function (r) {
      return el("div", { className: "rung", text: (r.controller === me ? "You: " : "Opponent: ") + describe(r.card || "ability", view) + (r.targets.length ? " → " + r.targets.join(", ") : "") });
    }));
    var log = root.querySelector('[data-testid="log"]');
    log.replaceChildren.apply(log, view.log.map(function (line) { return el("li", { text: line }); }));
    renderControls(view);
  }

  function accept(view) {
    if (view.version < state.version) return;
    if (state.view && view.version === state.version) {  // same game state: only presence may change
      state.view.connected = view.connected;
      showPresence(state.view);
      return;
    }
    state.view = view; state.version = view.version; state.fetchedAt = Date.now();
    state.sending = false;  // a newer version (often the push of our own move) ends any wait
    window.__playVersion = view.version;  // lets browser tests wait until the page shows a version
    if (state.selected && !view.board.legal.some(function (a) { return subjectOf(a) === state.selected; })) state.selected = null;
    render();
  }
  function reread() {
    return fetch(root.dataset.api, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.json(); }).then(accept);
  }
  function send(action) {
    if (state.sending) return;
    state.sending = true;
    var error = root.querySelector('[data-testid="play-error"]');
    error.textContent = "";
    fetch(root.dataset.act, { method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf(), Accept: "application/json" },
      body: JSON.stringify({ version: state.version, action: action }) })
      .then(function (r) { return r.json().then(function (body) { return { ok: r.ok, status: r.status, body: body }; }); })
      .then(function (answer) {
        state.sending = false;
        state.selected = null;
        if (answer.ok) return accept(answer.body);
        error.textContent = answer.body.detail || "That did not work.";
        return reread();
      })
      .catch(function () { state.sending = false; error.textContent = "Connection trouble; trying again."; reread(); });
  }

  function connect() {
    var status = root.querySelector('[data-testid="connection"]');
    if (!("WebSocket" in window)) return;
    var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/play/" + root.dataset.match + "/";
    var socket = new WebSocket(url);
    state.socket = socket;
    socket.onopen = function () { status.textContent = "live"; reread(); };
    socket.onmessage = function (event) {
      var message = JSON.parse(event.data);
      if (message.type === "presence" && state.view) {
        state.view.connected = message.connected;
        showPresence(state.view);
        return;
      }
      if (message.type !== "view") return;
      if (message.version > state.version + 1) reread(); else accept(message.view);
    };
    socket.onclose = function () { status.textContent = "reconnecting…"; state.socket = null; setTimeout(connect, 2000); };
  }

  function tick() {
    // Once a second: the running clock and the window countdown; the rest changes only with the view.
    var view = state.view;
    if (!view) return;
    var me = view.board.you || "p1", them = me === "p1" ? "p2" : "p1";
    [[me, "me"], [them, "them"]].forEach(function (pair) {
      var chip = root.querySelector('[data-testid="clock-' + pair[1] + '"]');
      if (chip) chip.textContent = clockText(remaining(view, pair[0]));
    });
    var hint = root.querySelector('[data-testid="hint"]');
    var pend = view.board.pending;
    if (hint && view.clocks.deadline_kind === "window" && pend && pend.player === view.board.you) {
      var left = Math.max(0, Math.round((Date.parse(view.clocks.deadline) - Date.now()) / 1000));
      hint.textContent = hint.textContent.replace(/ Window closes in \d+ s\.$/, "") + " Window closes in " + left + " s.";
    }
  }

  setInterval(function () {
    tick();
    if (!state.socket || state.socket.readyState !== 1) reread();  // no live socket: poll instead
  }, 1000);
  reread();
  connect();
})();
