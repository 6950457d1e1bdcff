// The replay page: steps through a finished game over the replay API and draws each step's board
// with board.js. First/previous/next/last buttons, a slider, the arrow keys (Home/End jump), and
// the list of actions (from the log API) to jump to any step.
(function () {
  "use strict";
  var root = document.getElementById("replay");
  if (!root || !root.dataset.game) return;
  var board = window.FettBoard(root, window.FettCards.faces());
  var el = board.el;
  var names = { p1: root.dataset.p1Name, p2: root.dataset.p2Name };
  var game = Number(root.dataset.game), seat = root.dataset.seat, steps = Number(root.dataset.steps);
  var state = { step: Number(root.dataset.step), asked: 0, shown: null, log: null };
  var slider = root.querySelector('[data-testid="replay-slider"]');
  var error = root.querySelector('[data-testid="replay-error"]');
  var list = root.querySelector('[data-testid="replay-actions"]');

  // The step's sentence (from the log download, else from the replay's answer): the game in words
  // with the players' and cards' names; without words, the board's own reading of the action
  // (cards and players named, never a handle).
  function actionText(entry, view) {
    var words = (entry && entry.text) || (view && view.text);
    if (!words) {
      var action = entry ? entry.action : view.action, who = entry && names[entry.seat] ? names[entry.seat] + ": " : "";
      words = who + (view ? board.describe(action, view.board, names) : board.titled(action.split(" ")[0]));
    }
    return words + (entry && entry.auto ? " (automatic: time ran out)" : "");
  }
  function gameLog() {
    return state.log ? state.log.games.filter(function (g) { return g.number === game; })[0] : null;
  }

  function show(view) {
    state.shown = view;
    var entry0 = gameLog() && view.step ? gameLog().actions[view.step - 1] : null;
    board.render(view.board, { bottom: seat === "p2" ? "p2" : "p1", who: names,
      last: entry0 ? { seat: entry0.seat, cards: entry0.cards || entry0.action.match(/\bc\d+\b/g) || [] } : null });
    var label = "Step " + view.step + " of " + view.steps;
    var entry = gameLog() && view.step ? gameLog().actions[view.step - 1] : null;
    var what = view.step === 0 ? "— before the first action." : "— " + actionText(entry, view) + ".";
    if (view.step === view.steps) {
      var g = gameLog(), result = view.board.result;
      var winner = g ? g.winner : result && !result.draw ? result.winner : null;
      what += " Game over: " + (winner ? names[winner] + " won" : "drawn") + (g && g.reason ? " (" + g.reason + ")" : "") + ".";
    }
    root.querySelector('[data-testid="replay-step"]').textContent = label;
    root.querySelector('[data-testid="replay-action"]').textContent = what;
    markCurrent();
  }
  function markCurrent() {
    list.querySelectorAll("li").forEach(function (li) {
      var current = Number(li.dataset.step) === state.step;
      li.classList.toggle("current", current);
      if (current) li.setAttribute("aria-current", "step"); else li.removeAttribute("aria-current");
    });
  }
  function buttons() {
    root.querySelector('[data-go="first"]').disabled = root.querySelector('[data-go="prev"]').disabled = state.step <= 0;
    root.querySelector('[data-go="last"]').disabled = root.querySelector('[data-go="next"]').disabled = state.step >= steps;
  }

  // Go to a step: the controls move at once; the board follows when the API answers (the latest ask wins).
  function go(step) {
    step = Math.max(0, Math.min(steps, step));
    state.step = step;
    slider.value = String(step);
    buttons();
    markCurrent();
    var asked = ++state.asked;
    error.textContent = "";
    var query = "?game=" + game + "&step=" + step + "&seat=" + encodeURIComponent(seat);
    history.replaceState(null, "", location.pathname + query);
    window.Fett.request(root.dataset.api + query)
      .then(function (answer) {
        if (asked !== state.asked) return;  // a later step was asked for meanwhile
        if (!answer.ok) { error.textContent = answer.data.detail || "This step cannot be shown."; return; }
        show(answer.data);
      })
      .catch(function () { if (asked === state.asked) error.textContent = "Connection trouble: the step could not be loaded; try again."; });
  }

  function loadLog() {
    window.Fett.request(root.dataset.log)
      .then(function (answer) { return answer.data; })
      .then(function (log) {
        state.log = log;
        var g = gameLog();
        if (!g) return;
        var first = g.first_player || {};
        var line = root.querySelector('[data-testid="first-player"]');
        if (first.chooser) {
          var roll = first.die_roll ? " (" + names.p1 + " " + first.die_roll[0] + ", " + names.p2 + " " + first.die_roll[1] + ")" : "";
          var how = game === 1 ? "won the die roll" + roll : "lost the previous game";
          var chose = first.first === first.chooser ? "played first" : "let " + names[first.first] + " play first";
          line.textContent = names[first.chooser] + " " + how + " and " + chose + (first.by === "timer" ? " (no answer in time)" : "") + ".";
        }
        list.replaceChildren.apply(list, [el("li", { "data-step": "0" }, [el("button", { type: "button", className: "link", text: "Start of the game" })])]
          .concat(g.actions.map(function (a) {
            return el("li", { "data-step": String(a.seq) }, [el("button", { type: "button", className: "link", text: actionText(a, null) })]);
          })));
        markCurrent();
        if (state.shown) show(state.shown);  // names the current action's cards now that the log is here
      })
      .catch(function () { /* the list is a convenience; stepping works without it */ });
  }

  root.querySelectorAll("[data-go]").forEach(function (button) {
    button.addEventListener("click", function () {
      var to = { first: 0, prev: state.step - 1, next: state.step + 1, last: steps }[button.dataset.go];
      go(to);
    });
  });
  var sliding = null;
  slider.addEventListener("input", function () {
    clearTimeout(sliding);
    var value = Number(slider.value);
    sliding = setTimeout(function () { go(value); }, 120);
  });
  list.addEventListener("click", function (event) {
    var li = event.target.closest("li[data-step]");
    if (li) go(Number(li.dataset.step));
  });
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (target === slider || (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName))) return;  // their own keys
    var to = { ArrowLeft: state.step - 1, ArrowRight: state.step + 1, Home: 0, End: steps }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  });
  var choice = root.querySelector('[data-testid="replay-choice"]');
  choice.querySelectorAll("select").forEach(function (select) {
    select.addEventListener("change", function () { choice.submit(); });
  });
  choice.querySelector(".replay-show").hidden = true;

  buttons();
  go(state.step);
  loadLog();
})();
