// The play page: renders this player's view (or, for a watcher, the public one), turns legal actions
// into controls, asks the chooser who goes first, gives referees their controls, keeps in step.
// The server sends only what this viewer may see; a push carries the version, and a gap or a
// reconnect makes the page re-read its view over the REST API. The board itself is drawn by board.js.
(function () {
  "use strict";
  var root = document.getElementById("play");
  if (!root) return;
  var catalog = JSON.parse(document.getElementById("catalog").textContent);
  var board = window.FettBoard(root, catalog);
  var el = board.el, subjectOf = board.subjectOf;
  var names = { p1: root.dataset.p1Name, p2: root.dataset.p2Name };
  var state = { view: null, version: -1, selected: null, fetchedAt: 0, socket: null, sending: false };

  function csrf() {
    var m = document.cookie.match(/csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
  }
  function other(player) { return player === "p1" ? "p2" : "p1"; }
  // How this page names each seat: "you" and the opponent for a player, both names for a watcher.
  function who(view) {
    var map = { p1: names.p1, p2: names.p2 };
    if (view.seat) map[view.seat] = "you";
    return map;
  }
  function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }
  function remaining(view, player) {
    var index = player === "p1" ? 0 : 1, left = view.clocks.remaining_ms[index];
    if (view.clocks.on_clock === player && view.status === "playing") {
      // The clock stops at its deadline (a window's end, or the clock's), even while the server is late
      // to it; a deadline already past by this machine's clock (set differently) is not trusted.
      var until = Date.now(), stop = view.clocks.deadline ? Date.parse(view.clocks.deadline) : NaN;
      if (stop > state.fetchedAt) until = Math.min(until, stop);
      left -= until - state.fetchedAt;
    }
    return Math.max(0, left);
  }
  function secondsLeft(view) {
    return view.clocks.deadline ? Math.max(0, Math.round((Date.parse(view.clocks.deadline) - Date.now()) / 1000)) : 0;
  }
  // The countdown of the window (or the choice) this viewer must answer within, if any.
  function countdownText(view) {
    var kind = view.clocks.deadline_kind, choice = view.choice || {}, pend = view.board.pending;
    var deciding = choice.pending ? choice.chooser : pend && pend.player;
    if (view.status !== "playing" || !view.clocks.deadline || !view.seat || deciding !== view.seat) return "";
    if (kind === "window") return " Window closes in " + secondsLeft(view) + " s.";
    if (kind === "choice") return " Answer within " + secondsLeft(view) + " s, or you play first.";
    return "";
  }
  // An error answer from the API in words: its detail, or each field's messages.
  function problem(body) {
    if (!body || typeof body !== "object") return "That did not work.";
    if (body.detail) return body.detail;
    return Object.keys(body).map(function (k) {
      var v = body[k];
      return (k === "non_field_errors" ? "" : k + ": ") + (Array.isArray(v) ? v.join(" ") : String(v));
    }).join(" ") || "That did not work.";
  }
  function post(url, body) { return window.Fett.request(url, body || {}, csrf()); }

  // Why the last game ended, when it was not played out (the view's end_reason).
  function howItEnded(view) {
    var reason = view.end_reason;
    if (reason === "clock" && view.winner) return " " + capital(who(view)[other(view.winner)]) + " ran out of time.";
    if (reason === "time") return " Round time was called.";
    if (reason === "set by a referee") return " A referee set the result.";
    return "";
  }

  // The card Echo's copy decision copies, while that decision is pending; else null.
  function copiedId(view) {
    var d = view.board.decision, pend = view.board.pending;
    return pend && pend.kind === "copy" && d && d.kind === "copy" ? d.card : null;
  }
  // What a decision is about, in words: the kind, or for Echo's copy the card it copies.
  function decisionText(view, pend) {
    var copied = copiedId(view);
    return copied ? "Echo copies " + board.cardName(copied) : pend.kind;
  }
  // Echo's copy decision shows the card being copied (its name, type, cost and text) above the
  // ways to declare the copy: the buttons name only targets, and the card is no longer in play.
  function copiedCard(view) {
    var id = copiedId(view);
    if (!id || view.status !== "playing") return null;
    var info = catalog.cards[id] || {};
    return el("div", { className: "copying", "data-testid": "copying" }, [
      el("span", { className: "muted", text: "Echo copies" }),
      el("div", { className: "gcard copied", "data-card-id": id }, [el("span", { text: board.cardName(id) }),
        el("small", { text: [info.type, info.cost !== undefined ? info.cost + " light" : ""].filter(Boolean).join(" · ") }),
        info.text ? el("small", { className: "card-text", text: info.text }) : null])]);
  }

  function renderControls(view) {
    var box = root.querySelector(".controls");
    var legal = view.board.legal || [];
    var shown = legal.filter(function (a) { var s = subjectOf(a); return !s || s === state.selected; });
    var items = [], names = who(view);
    var pend = view.board.pending, choice = view.choice || {};
    var hint;
    if (view.status === "finished") hint = "The match is over." + howItEnded(view);
    else if (view.status === "paused") hint = "The match is paused by a referee; the clocks are stopped.";
    else if (choice.pending) {
      var roll = choice.die_roll ? " (" + names.p1 + " rolled " + choice.die_roll[0] + ", " + names.p2 + " " + choice.die_roll[1] + ")" : "";
      var reason = view.game === 1 ? "won the die roll" + roll : "lost the last game";
      hint = choice.chooser === view.seat ? "You " + reason + ": do you play first or go second?"
        : capital(names[choice.chooser]) + " " + reason + " and " + (view.seat ? "chooses" : "is choosing") + " who goes first.";
    } else if (!pend) hint = "";
    else if (!view.seat) hint = capital(names[pend.player]) + " to decide (" + decisionText(view, pend) + ").";
    else if (pend.player === view.seat && pend.kind === "copy") hint = "Your decision: " + decisionText(view, pend) + " — declare the copy's targets.";
    else if (pend.player === view.seat) hint = "Your decision: " + pend.kind + (legal.some(subjectOf) && !state.selected ? " — tap a highlighted card to see what it can do." : ".");
    else hint = "Waiting for your opponent (" + decisionText(view, pend) + ").";
    hint += countdownText(view);
    items.push(el("p", { className: "hint", "data-testid": "hint", text: hint }));
    var copied = copiedCard(view);
    if (copied) items.push(copied);
    if (choice.pending && choice.chooser === view.seat && view.status === "playing") {
      [["me", "Play first", ""], ["opponent", "Go second", "secondary"]].forEach(function (option) {
        var b = el("button", { type: "button", "data-first": option[0], "data-action": "choose " + option[0], "data-testid": "choose-" + option[0], className: option[2], text: option[1] });
        b.addEventListener("click", function () { choose(option[0]); });
        items.push(b);
      });
    }
    shown.forEach(function (action) {
      var b = el("button", { type: "button", "data-action": action, className: subjectOf(action) ? "" : "secondary", text: board.describe(action, view.board, names) });
      b.addEventListener("click", function () { send(action); });
      items.push(b);
    });
    box.replaceChildren.apply(box, items);
  }

  function showPresence(view) {
    var them = other(view.seat || "p1");
    var away = !view.bot && view.connected && view.seat && !view.connected[them] && view.status !== "finished";
    root.querySelector('[data-testid="opponent-away"]').hidden = !away;
  }

  function renderReferee(view) {
    var panel = root.querySelector('[data-testid="referee"]');
    if (!panel) return;
    var over = view.status === "finished";
    panel.querySelector('[data-ref="pause"]').hidden = view.status !== "playing";
    panel.querySelector('[data-ref="resume"]').hidden = view.status !== "paused";
    panel.querySelectorAll("button, input, select").forEach(function (control) { control.disabled = over; });
    panel.querySelector('[data-testid="referee-over"]').hidden = !over;
  }

  function whoseTurn(view) {
    var names = who(view), pend = view.board.pending, choice = view.choice || {};
    if (view.status === "finished") {
      if (view.winner === null) return "Match drawn";
      if (view.seat) return view.winner === view.seat ? "You won the match" : "You lost the match";
      return names[view.winner] + " won the match";
    }
    if (view.status === "paused") return "Paused";
    if (choice.pending) return choice.chooser === view.seat ? "Your choice: who goes first" : "Choosing who goes first";
    if (!pend) return "";
    if (!view.seat) return capital(names[pend.player]) + "'s decision";
    return pend.player === view.seat ? "Your decision" : "Opponent's decision";
  }

  function render() {
    var view = state.view;
    if (!view) return;
    board.render(view.board, {
      bottom: view.seat || "p1", who: who(view), selected: state.selected,
      onSelect: function (card) { state.selected = state.selected === card ? null : card; render(); },
      clock: function (player) { return { ms: remaining(view, player), running: view.clocks.on_clock === player && view.status === "playing" }; },
    });
    root.querySelector('[data-testid="game-score"]').textContent = "game " + view.game + " · games " + view.wins[0] + "–" + view.wins[1];
    root.querySelector('[data-testid="whose-turn"]').textContent = whoseTurn(view);
    root.querySelector('[data-testid="paused"]').hidden = view.status !== "paused";
    var replay = root.querySelector('[data-testid="replay-link"]');
    if (replay) replay.hidden = !(view.game > 1 || view.status === "finished");
    showPresence(view);
    var log = root.querySelector('[data-testid="log"]');
    log.replaceChildren.apply(log, view.log.map(function (line) { return el("li", { text: line }); }));
    renderControls(view);
    renderReferee(view);
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
    root.dispatchEvent(new CustomEvent("fett:view", { detail: view }));  // table.js: the match around the board
  }
  function reread() {
    return window.Fett.request(root.dataset.api).then(function (answer) { return answer.data; }).then(accept);
  }
  // A player's move or choice: one at a time; a refusal is shown and the view re-read.
  function submit(url, body) {
    if (state.sending) return;
    state.sending = true;
    var error = root.querySelector('[data-testid="play-error"]');
    error.textContent = "";
    post(url, body)
      .then(function (answer) {
        state.sending = false;
        state.selected = null;
        if (answer.ok) return accept(answer.data);
        error.textContent = problem(answer.data);
        return reread();
      })
      .catch(function () { state.sending = false; error.textContent = "Connection trouble; trying again."; reread(); });
  }
  function send(action) { submit(root.dataset.act, { version: state.version, action: action }); }
  function choose(first) { submit(root.dataset.first, { version: state.version, first: first }); }

  function bindReferee() {
    var panel = root.querySelector('[data-testid="referee"]');
    if (!panel) return;
    var error = panel.querySelector('[data-testid="referee-error"]');
    var done = panel.querySelector('[data-testid="referee-done"]');
    function act(url, body, success) {
      error.textContent = ""; done.textContent = "";
      return post(url, body).then(function (answer) {
        if (!answer.ok) { error.textContent = problem(answer.data); return; }
        done.textContent = success;
        accept(answer.data);
      }).catch(function () { error.textContent = "Connection trouble: nothing was changed; try again."; });
    }
    panel.querySelector('[data-ref="pause"]').addEventListener("click", function () {
      act(panel.dataset.pause, {}, "Paused: the clocks are stopped.");
    });
    panel.querySelector('[data-ref="resume"]').addEventListener("click", function () {
      act(panel.dataset.resume, {}, "Resumed.");
    });
    panel.querySelector('[data-ref="add-time"]').addEventListener("submit", function (event) {
      event.preventDefault();
      var form = event.target, seconds = form.elements.seconds.value.trim(), seat = form.elements.seat.value;
      if (!/^-?\d+$/.test(seconds)) { error.textContent = "Seconds: give a whole number (negative takes time away)."; done.textContent = ""; return; }
      act(panel.dataset.addTime, { seat: seat, seconds: Number(seconds) }, "Time changed for " + names[seat] + ".");
    });
    panel.querySelector('[data-ref="set-result"]').addEventListener("submit", function (event) {
      event.preventDefault();
      var form = event.target, a = form.elements.wins_p1.value.trim(), b = form.elements.wins_p2.value.trim();
      if (!/^\d+$/.test(a) || !/^\d+$/.test(b)) { error.textContent = "Games won: give a whole number for each seat."; done.textContent = ""; return; }
      if (!window.confirm("End the match with " + names.p1 + " " + a + " – " + b + " " + names.p2 + "?")) return;
      act(panel.dataset.setResult, { wins: [Number(a), Number(b)] }, "Result set: the match is over.");
    });
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
    // Once a second: the running clock and the countdown; the rest changes only with the view.
    var view = state.view;
    if (!view) return;
    root.querySelectorAll(".clock-chip[data-player]").forEach(function (chip) {
      chip.textContent = board.clockText(remaining(view, chip.dataset.player));
    });
    var countdown = countdownText(view);
    var hint = root.querySelector('[data-testid="hint"]');
    if (hint && countdown) hint.textContent = hint.textContent.replace(/ (Window closes in \d+ s\.|Answer within \d+ s, or you play first\.)$/, "") + countdown;
  }

  bindReferee();
  setInterval(function () {
    tick();
    if (!state.socket || state.socket.readyState !== 1) reread();  // no live socket: poll instead
  }, 1000);
  reread();
  connect();
})();
