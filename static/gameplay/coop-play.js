// A co-operative table's pages (Runemasters): the play page (#coop) and the replay page (#coop-replay).
// The board is window.FettRunemastersBoard(element).render(view, act) (runemasters-board.js), given
// the whole API view (its `board` key is the engine's view) and act(actionText), which sends an
// action with the version the page shows. This script draws what is around the board: the seats
// and whose they are, whose turn it is and its clock, the prompt, the actions in words, the
// outcome and the log. REST and the socket are match-link.js's, as on the Runeslingers play page.
(function () {
  "use strict";
  var el = window.Fett.el;

  function boardIn(root) {
    var holder = root.querySelector("[data-board]");
    if (!holder || !window.FettRunemastersBoard) return null;
    // The board draws the prompt, the outcome and the log itself: the page's own stay for a page without it.
    var log = root.querySelector("details.log");
    if (log) log.hidden = true;
    return window.FettRunemastersBoard(holder);
  }
  function capital(text) { return text ? text.charAt(0).toUpperCase() + text.slice(1) : ""; }
  function guardianOf(view, index) {
    var g = view.board && view.board.guardians ? view.board.guardians[index] : null;
    return g ? capital(g.id) : "Guardian " + (index + 1);
  }
  function showLog(list, entries) {
    list.replaceChildren.apply(list, (entries || []).map(function (entry) { return el("li", { text: entry.text }); }));
  }
  // A sentence ends with one full stop: the engine's own sentences often bring theirs.
  function sentence(text) { text = String(text); return /[.!?]$/.test(text) ? text : text + "."; }
  function outcomeText(view) {
    var board = view.board || {}, outcome = view.outcome || board.outcome;
    if (!outcome) return "";
    var reason = board.reason || view.end_reason || "";
    return (outcome === "won" ? "The guardians won" : "The guardians lost") + (reason ? ": " + sentence(reason) : ".");
  }

  function playPage(root) {
    var state = { view: null, version: -1, fetchedAt: 0 };
    var link = window.FettMatchLink(root, { accept: accept, version: function () { return state.version; } });
    var board = boardIn(root);
    var q = function (id) { return root.querySelector('[data-testid="' + id + '"]'); };

    function mine(view, index) { return !!(view.seats[index] && view.seats[index].mine); }
    function pendingSeat(view) { return view.board.pending ? view.board.pending.seat : null; }
    function turnText(view) {
      if (view.status === "finished") return "The game is over";
      if (view.status === "paused") return "Paused";
      var seat = pendingSeat(view);
      if (seat === null) return "";
      var who = view.seats[seat] || {};
      return mine(view, seat) ? "Your turn: " + guardianOf(view, seat) : "Waiting for " + who.name + " (" + guardianOf(view, seat) + ")";
    }
    function clockText(view) {
      if (view.status !== "playing" || view.clocks.deadline_kind !== "turn" || !view.clocks.deadline) return "";
      var left = Math.max(0, Math.round((Date.parse(view.clocks.deadline) - Date.now()) / 1000));
      return (left < 3600 ? left + " s" : longText(Math.floor(left / 60))) + " left in this turn";
    }
    // A turn-based table's time bank: "23 h 59 min", "2 days 3 h".
    function longText(minutes) {
      var days = Math.floor(minutes / 1440), hours = Math.floor(minutes / 60) % 24;
      if (days) return days + (days === 1 ? " day" : " days") + (hours ? " " + hours + " h" : "");
      return hours + " h" + (minutes % 60 ? " " + (minutes % 60) + " min" : "");
    }
    function drawSeats(view) {
      var seat = pendingSeat(view);
      q("seats").replaceChildren.apply(q("seats"), view.seats.map(function (s, n) {
        var guardian = (view.board.guardians || [])[n] || {};
        var text = guardianOf(view, n) + " — " + (s.mine ? "you" : s.name) + (guardian.alive === false ? " (fallen)" : "");
        return el("li", { className: "coop-seat" + (n === seat ? " on-turn" : "") + (s.mine ? " mine" : ""), "data-seat": s.seat,
          "aria-current": n === seat ? "true" : "false", text: text });
      }));
    }
    function drawActions(view) {
      var legal = view.board.legal || [], labels = view.labels || {};
      var box = q("actions");
      if (!legal.length) { box.replaceChildren(); return; }
      var buttons = legal.map(function (action) {
        var b = el("button", { type: "button", className: "small" + (action === "end" ? "" : " secondary"), "data-action": action,
          text: capital(labels[action] || action) });
        b.addEventListener("click", function () { act(action); });
        return b;
      });
      // With a board to tap, the actions in words are there but folded; without one they are the way to play.
      var list = el("div", { className: "coop-action-list" }, buttons);
      box.replaceChildren(board ? el("details", {}, [el("summary", { text: "Every action in words (" + legal.length + ")" }), list]) : list);
    }
    function render() {
      var view = state.view;
      q("whose-turn").textContent = turnText(view);
      var clock = clockText(view);
      q("turn-clock").hidden = !clock; q("turn-clock").textContent = clock;
      drawSeats(view);
      q("prompt").textContent = view.status === "playing" ? view.prompt || "" : "";
      q("prompt").hidden = !!board;
      var over = outcomeText(view);
      q("outcome").hidden = !over || !!board; q("outcome").textContent = over;
      if (over) { q("outcome").className = "coop-outcome " + (view.outcome || ""); }
      var replay = q("replay-link");
      if (replay) replay.hidden = view.status !== "finished";
      var giveUp = q("give-up");
      if (giveUp) giveUp.hidden = view.status === "finished";
      var again = q("play-again");  // over: a new table set up as this one, instead of giving up
      if (again) again.hidden = view.status !== "finished";
      if (board) board.render(view, act);
      drawActions(view);
      showLog(q("log"), view.log);
    }
    function accept(view) {
      if (!view || view.version === undefined || view.version < state.version) return;
      if (state.view && view.version === state.version) return;
      state.view = view; state.version = view.version; state.fetchedAt = Date.now(); link.sending = false;
      window.__playVersion = view.version;  // lets browser tests wait until the page shows a version
      render();
    }
    function submit(url, body) { link.submit(url, body); }
    function act(action) { link.act(root.dataset.act, { version: state.version, action: action }); }  // on the socket while live

    var giveUp = q("give-up");
    if (giveUp) giveUp.addEventListener("click", function () {
      if (window.confirm("Give up? The table is lost for every guardian.")) submit(root.dataset.concede, { version: state.version });
    });
    link.start(function () {
      if (!state.view) return;
      var clock = clockText(state.view);
      q("turn-clock").hidden = !clock; q("turn-clock").textContent = clock;
    });
  }

  function replayPage(root) {
    var game = Number(root.dataset.game), steps = Number(root.dataset.steps), step = 0, asked = 0;
    var board = boardIn(root);
    var q = function (id) { return root.querySelector('[data-testid="' + id + '"]'); };
    var slider = q("replay-slider");
    function show(to) {
      step = Math.max(0, Math.min(steps, to));
      var ticket = ++asked;
      window.Fett.request(root.dataset.replay + "?game=" + game + "&seat=public&step=" + step).then(function (answer) {
        if (ticket !== asked) return;  // a later step was asked for meanwhile
        if (!answer.ok) { q("replay-error").textContent = answer.data.detail || "That step cannot be shown."; return; }
        var view = answer.data;
        q("replay-error").textContent = "";
        slider.value = String(view.step);
        q("replay-step").textContent = "Step " + view.step + " of " + view.steps;
        q("replay-action").textContent = view.step ? "— " + sentence(view.text) : "— before the first action.";
        root.dataset.hash = view.hash || "";  // the replayed state's hash (tests compare it with the log's)
        root.dataset.shown = String(view.step);
        if (board) board.render({ board: view.board, seats: [], log: view.log, status: "replay", version: 0 }, function () {});
        showLog(q("log"), view.log);
      });
    }
    root.querySelectorAll("[data-go]").forEach(function (button) {
      button.addEventListener("click", function () {
        var go = button.dataset.go;
        show(go === "first" ? 0 : go === "last" ? steps : go === "next" ? step + 1 : step - 1);
      });
    });
    slider.addEventListener("input", function () { show(Number(slider.value)); });
    document.addEventListener("keydown", function (event) {
      if (event.key === "ArrowRight") show(step + 1);
      else if (event.key === "ArrowLeft") show(step - 1);
      else if (event.key === "Home") show(0);
      else if (event.key === "End") show(steps);
    });
    show(0);
  }

  var play = document.getElementById("coop");
  if (play) playPage(play);
  var replay = document.getElementById("coop-replay");
  if (replay && replay.dataset.game) replayPage(replay);
})();
