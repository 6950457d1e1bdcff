// The match from start to finish, around the board that play.js draws: who has not connected yet
// during setup (with their clock), preset messages to the opponent (and muting them), conceding
// (after a confirmation), the end of a game and of the match in words with the game scores, the
// replay and log links, and rematch offers. It sees every view play.js accepts (the "fett:view"
// event) and hears the page's one socket (play.js's) through "fett:socket" and "fett:message".
(function () {
  "use strict";
  var root = document.getElementById("play");
  var box = root && root.querySelector('[data-testid="table"]');
  if (!box) return;
  var el = window.Fett.el;
  var names = { p1: root.dataset.p1Name, p2: root.dataset.p2Name };
  var mine = root.dataset.seat || null;
  var hasBot = box.dataset.bot === "1";
  var MUTE_KEY = "fett:mute-opponent";
  var state = { view: null, at: 0, socket: null, ignored: false, sending: false, bubbleTimer: null };

  function csrf() {
    var m = document.cookie.match(/csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
  }
  function post(url, body) { return window.Fett.request(url, body || {}, csrf()); }
  function other(seat) { return seat === "p1" ? "p2" : "p1"; }
  function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }
  function nameOf(seat) { return seat === mine ? "you" : names[seat]; }
  function detail(body) { return (body && body.detail) || "That did not work; try again."; }
  function part(selector) { return box.querySelector('[data-testid="' + selector + '"]'); }

  // --- how a game ended, in words ---------------------------------------------------------------
  function lost(seat, yours, theirs) { return capital(nameOf(seat)) + " " + (seat === mine ? yours : theirs); }
  function howItEnded(game) {
    var loser = game.winner ? other(game.winner) : null;
    switch (game.reason) {
      case "power": return loser ? lost(loser, "lost your last power.", "lost their last power.") : "";
      case "deck out": return loser ? lost(loser, "had no cards left to draw.", "had no cards left to draw.") : "";
      case "clock": return loser ? lost(loser, "ran out of time.", "ran out of time.") : "";
      case "concession": return loser ? lost(loser, "conceded.", "conceded.") : "";
      case "set by a referee": return "A referee set the result.";
      case "time": return "Round time was called.";
      case "draw": return "The turn limit was reached.";
      default: return "";
    }
  }
  function gameLine(game) {
    var result = game.winner ? capital(nameOf(game.winner)) + " won" : "Drawn";
    var how = howItEnded(game);
    return "Game " + game.number + " · " + result + (how ? " — " + how : "");
  }
  function matchTitle(view) {
    if (view.winner === null) return "Match drawn";
    if (mine) return view.winner === mine ? "You won the match" : "You lost the match";
    return names[view.winner] + " won the match";
  }

  // --- the end of a game and of the match -------------------------------------------------------
  function renderSummary(view) {
    var panel = part("end-summary"), games = view.games || [];
    if (view.status !== "finished") {
      var last = games[games.length - 1];
      // Between games: the last game's result, until the next game's first action.
      var between = last && last.number === view.game - 1 && view.log.length === 0;
      panel.hidden = !between;
      panel.className = "end-summary between";
      if (between) panel.replaceChildren(el("p", { "data-testid": "last-game" }, gameLine(last)));
      return;
    }
    panel.hidden = false;
    panel.className = "end-summary over " + (view.winner === mine ? "won" : view.winner && mine ? "lost" : "neutral");
    var items = [
      el("h2", { "data-testid": "match-result" }, matchTitle(view)),
      el("p", { className: "score", "data-testid": "match-score" },
        names.p1 + " " + view.wins[0] + " – " + view.wins[1] + " " + names.p2),
      el("ol", { className: "game-results", "data-testid": "game-results" },
        games.map(function (g) { return el("li", {}, gameLine(g)); })),
      el("p", { className: "row links" }, [
        el("a", { className: "button secondary", href: box.dataset.replay, "data-testid": "summary-replay" }, "Watch the replay"),
        el("a", { className: "button secondary", href: box.dataset.log, download: box.dataset.logName,
          "data-testid": "summary-log" }, "Download the log"),
      ]),
    ];
    var rematch = rematchPart(view);
    if (rematch) items.push(rematch);
    panel.replaceChildren.apply(panel, items);
  }

  // --- rematch ----------------------------------------------------------------------------------
  function rematchPart(view) {
    if (!mine || box.dataset.concedes !== "match") return null;  // watchers, and events (no rematch)
    var offer = view.rematch, wrap = el("div", { className: "rematch", "data-testid": "rematch" });
    var note = el("p", { className: "muted", "data-testid": "rematch-note", role: "status" });
    var parts = [];
    if (offer && offer.match) {
      parts.push(el("a", { className: "button", href: playUrl(offer.match), "data-testid": "rematch-go" }, "Go to the rematch"));
    } else if (offer && offer.offered_by === mine) {
      note.textContent = "Rematch offered: waiting for " + names[other(mine)] + " to accept.";
    } else if (offer && !state.ignored) {
      parts.push(el("p", { "data-testid": "rematch-offer" }, names[offer.offered_by] + " offers a rematch with the same decks."));
      parts.push(button("Accept the rematch", "", "rematch-accept", askRematch));
      parts.push(button("Ignore", "secondary", "rematch-ignore", function () { state.ignored = true; render(); }));
    } else if (!offer) {
      parts.push(button(hasBot ? "Rematch (same decks, same bot)" : "Offer a rematch", "", "rematch-button", askRematch));
    }
    parts.push(note);
    wrap.replaceChildren.apply(wrap, parts);
    return wrap;
  }
  function button(text, className, testid, onClick) {
    var b = el("button", { type: "button", className: className, "data-testid": testid }, text);
    b.addEventListener("click", onClick);
    return b;
  }
  function playUrl(id) { return box.dataset.playHome + id + "/"; }
  function askRematch() {
    if (state.sending) return;
    state.sending = true;
    post(box.dataset.rematch).then(function (answer) {
      state.sending = false;
      if (answer.status === 201) { window.location.assign(playUrl(answer.data.id)); return; }
      if (answer.status === 202 && state.view) {
        state.view.rematch = { offered_by: mine, match: null };
        render();
        return;
      }
      var note = part("rematch-note");
      if (note) note.textContent = detail(answer.data);
    }).catch(function () { state.sending = false; });
  }

  // --- concede ----------------------------------------------------------------------------------
  function bindConcede() {
    var open = part("concede"), dialog = part("concede-dialog");
    if (!open || !dialog) return;
    var error = part("concede-error");
    open.addEventListener("click", function () {
      error.textContent = "";
      if (dialog.showModal) dialog.showModal(); else dialog.setAttribute("open", "");
    });
    part("concede-cancel").addEventListener("click", function () { dialog.close(); });
    part("concede-confirm").addEventListener("click", function () {
      if (!state.view || state.sending) return;
      state.sending = true;
      post(box.dataset.concede, { version: state.view.version }).then(function (answer) {
        state.sending = false;
        if (answer.ok) { dialog.close(); return; }
        error.textContent = answer.status === 409 && answer.data.version !== undefined && !answer.data.board
          ? "The game moved on as you confirmed; look at the board, then concede again if you still want to."
          : detail(answer.data);
      }).catch(function () { state.sending = false; error.textContent = "Connection trouble: you have not conceded; try again."; });
    });
  }
  function renderConcede(view) {
    var open = part("concede");
    if (open) open.hidden = !(mine && view.status === "playing");
  }

  // --- who has not connected yet, before the first move -----------------------------------------
  function clockLeft(view, seat) {
    var left = view.clocks.remaining_ms[seat === "p1" ? 0 : 1];
    if (view.clocks.on_clock === seat && view.status === "playing") left -= Date.now() - state.at;
    return Math.max(0, left);
  }
  function clockText(ms) {
    var s = Math.ceil(ms / 1000), m = Math.floor(s / 60);
    return m + ":" + String(s % 60).padStart(2, "0");
  }
  function renderAbsent(view) {
    var line = part("setup-absent"), connected = view.connected || {};
    var setup = view.game === 1 && view.log.length === 0 && view.status !== "finished";
    var missing = ["p1", "p2"].filter(function (seat) {
      return seat !== mine && !(hasBot && seat === "p2") && connected[seat] === false;
    });
    line.hidden = !setup || missing.length === 0;
    if (line.hidden) return;
    var wait = view.status === "playing" && view.clocks.deadline_kind === "arrival" && view.clocks.deadline;
    line.textContent = missing.map(function (seat) {
      var running = view.clocks.on_clock === seat && view.status === "playing";
      return names[seat] + " has not connected yet · their clock " + clockText(clockLeft(view, seat)) +
        (running ? " and running" : "");
    }).join(". ") + "." + (wait ? " No clock runs until both players are here, or for " +
      clockText(Math.max(0, Date.parse(view.clocks.deadline) - Date.now())) + " more." : "");
  }

  // --- preset messages --------------------------------------------------------------------------
  function muted() {
    try { return window.localStorage.getItem(MUTE_KEY) === "1"; } catch (e) { return false; }
  }
  function bindSay() {
    var bar = part("say-bar");
    if (!bar) return;
    var mute = part("mute"), note = part("say-note");
    mute.checked = muted();
    mute.addEventListener("change", function () {
      try { window.localStorage.setItem(MUTE_KEY, mute.checked ? "1" : "0"); } catch (e) { /* private mode */ }
      if (mute.checked) part("say-bubble").hidden = true;
    });
    bar.querySelectorAll("[data-say]").forEach(function (b) {
      b.addEventListener("click", function () {
        if (!state.socket || state.socket.readyState !== 1) { note.textContent = "Not connected: the message was not sent."; return; }
        state.socket.send(JSON.stringify({ type: "say", message: b.dataset.say }));
        note.textContent = "You: " + b.textContent;
      });
    });
  }
  function heard(message) {
    var bubble = part("say-bubble");
    bubble.dataset.heard = String(Number(bubble.dataset.heard || 0) + 1);  // messages received, shown or muted
    if (message.from === mine || muted()) return;
    bubble.textContent = names[message.from] + ": " + message.text;
    bubble.hidden = false;
    clearTimeout(state.bubbleTimer);
    state.bubbleTimer = setTimeout(function () { bubble.hidden = true; }, 5000);
  }

  // --- the socket: presence, messages, rematches ------------------------------------------------
  function onMessage(message) {
    if (message.type === "presence" && state.view) { state.view.connected = message.connected; render(); }
    else if (message.type === "say") heard(message);
    else if (message.type === "say-refused") { var note = part("say-note"); if (note) note.textContent = message.detail; }
    else if (message.type === "rematch" && state.view) {
      state.view.rematch = { offered_by: message.offered_by, match: message.match || null };
      if (message.match) { window.location.assign(playUrl(message.match)); return; }
      render();
    }
  }
  // play.js owns the page's one socket; it lends it here when open and takes it back when closed.
  root.addEventListener("fett:socket", function (event) {
    state.socket = event.detail;
    if (state.socket) box.dataset.live = "1";  // messages can go both ways now
    else delete box.dataset.live;
  });
  root.addEventListener("fett:message", function (event) { onMessage(event.detail); });

  function render() {
    var view = state.view;
    if (!view) return;
    renderAbsent(view);
    renderConcede(view);
    renderSummary(view);
  }

  root.addEventListener("fett:view", function (event) {
    var view = event.detail, rematch = state.view && state.view.rematch;
    if (!view.rematch && rematch && view.status === "finished") view.rematch = rematch;  // a push may be newer
    state.view = view; state.at = Date.now();
    render();
  });
  // --- the action dock keeps your side in view -----------------------------------------------------
  // The dock (your hand, the prompt, the buttons) is sticky at the bottom of the window: the page
  // scrolls whatever it brings into view (a focused counter, your Runeslinger) clear of it and of
  // the top bar, through scroll-padding (table.css) sized to the dock's height as it changes.
  function watchDock() {
    var dock = root.querySelector(".action-dock");
    if (!dock || !window.ResizeObserver) return;
    new ResizeObserver(function () {
      document.documentElement.style.setProperty("--dock-h", dock.offsetHeight + "px");  // the CSSOM: allowed by the policy
    }).observe(dock);
  }

  bindConcede();
  bindSay();
  watchDock();
  // live-ok: the next line redraws the absence countdown from the view in hand; it reads nothing
  setInterval(function () { if (state.view) renderAbsent(state.view); }, 1000);
})();
