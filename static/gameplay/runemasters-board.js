// The Runemasters play page's board (docs/runemasters.md, "The play page"), drawn into
// templates/gameplay/_runemasters_board.html and styled by static/css/runemasters.css. Loaded after
// static/js/dom.js (window.Fett.el builds every element).
//
// window.FettRunemastersBoard(root) -> {render(view, act)}: `view` is the hosting layer's view of a
// Runemasters table for one viewer (its `board` is the engine's view: gameplay/runemasters/view.py;
// `labels`, `choices` and `prompt` are the engine's words; `log` the game's sentences); `act(text)`
// sends one of the board's legal actions. Nothing drawn shows an action's text, a card's id or a key:
// every word comes from the view's names, labels and sentences, or from the tables below.
//
// Acting: each legal action is a button with the engine's label, grouped by kind. Where an action
// has a die and a target on the board, tapping the die selects it (the other actions step aside and
// what it can reach lights up), then tapping the monster, path or guardian does it; a second tap on
// the die, or "Cancel", lets it go.
(function () {
  "use strict";

  var el = window.Fett.el;  // static/js/dom.js
  var PATHS = ["red", "blue", "green", "yellow"];
  var RUNES = { red: "Red", blue: "Blue", green: "Green", yellow: "Yellow", purple: "Purple", white: "White" };
  var LEVELS = { initiate: "Initiate", novice: "Novice", guardian: "Guardian", hero: "Hero", legend: "Legend" };
  var KINDS = { positive: "Positive event", negative: "Negative event", neutral: "Neutral event" };
  // The groups of the action list, in the order a turn usually reads.
  var GROUPS = [
    ["strike", "Strike a weak point"], ["release", "Release your mana"], ["ability", "Ability"],
    ["ultimate", "Ultimate power"], ["move", "Move"], ["vivacity", "Move for free"], ["block", "Block your path"],
    ["charge", "Charge your ultimate"], ["reroll", "Reroll"], ["angel", "Guardian Angel"], ["reward", "The kill's reward"],
    ["end", "End"],
  ];
  var FOLDED = { reroll: 4 };  // the rerolls (up to 31 ways) open on demand when there are more than this
  // A phone: the dice and the actions come first, just above the paths, and a group of more than
  // PHONE_FOLD ways opens on demand (not the strikes, nor a phase's only choice: the Guardian Angel,
  // a kill's reward), so dice, actions and monsters share a screen.
  var PHONE = "(max-width: 719px)", PHONE_FOLD = 1, UNFOLDED = { strike: true, angel: true, reward: true, end: true };
  function phone() { return !!(window.matchMedia && window.matchMedia(PHONE).matches); }

  function capital(text) { return text ? text.charAt(0).toUpperCase() + text.slice(1) : ""; }
  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
  function seatOf(index) { return "p" + (index + 1); }
  function firstMonster(path) {
    for (var i = 0; path && i < path.spaces.length; i++) if (path.spaces[i]) return i;
    return null;
  }

  // A rune drawn as its symbol (static/css/runemasters.css masks), named for screen readers.
  function rune(colour, extra, label) {
    var name = (RUNES[colour] || "A") + " rune";
    return el("span", {
      className: "rm-rune rune-" + colour + (extra ? " " + extra : ""), role: "img",
      "aria-label": label || name, title: label || name,
    });
  }

  // What an action needs on the board: the dice it uses and the thing it aims at (a data-target).
  function aims(action, board) {
    var w = action.split(" "), verb = w[0], me = board.guardians[board.active] || {};
    var out = { verb: verb, dice: [], target: null };
    var front = firstMonster(board.paths[me.path]);
    if (verb === "strike") { out.dice = [Number(w[1])]; out.target = front === null ? null : "monster:" + me.path + ":" + front; }
    else if (verb === "move") { out.dice = [Number(w[1])]; out.target = "path:" + w[2]; }
    else if (verb === "block") { out.dice = [Number(w[1]), Number(w[2])]; out.target = "path:" + me.path; }
    else if (verb === "charge") { out.dice = [Number(w[1])]; out.target = "ultimate:" + board.active; }
    else if (verb === "reroll") { out.dice = w.slice(1).map(Number); }
    else if (verb === "release") { out.target = "monster:" + me.path + ":0"; }
    else if (verb === "vivacity") { out.target = "path:" + w[1]; }
    else if (verb === "angel") { out.target = "guardian:" + w[1]; }
    else if (verb === "ultimate" && w[1] === "revive") { out.target = "guardian:" + w[2]; }
    else if (verb === "ability") {
      out.dice = [Number(w[1])];
      if (w[2] === "shield" || w[2] === "heal") out.target = "guardian:" + w[3];
      else if (w[2] === "go") out.target = "path:" + w[3];
      else if (w[2] === "swap") out.target = "monster:" + w[3] + ":" + (Number(w[4]) - 1);
      else if (w[2] === "whirlwind" && front !== null) out.target = "monster:" + me.path + ":" + front;
    }
    return out;
  }

  window.FettRunemastersBoard = function (container) {
    // The partial's own element when `container` holds it (so its stylesheet link stays in place).
    var root = container.querySelector("[data-rm-board]") || container;
    var picked = { die: null, target: null };  // the die tapped and the target tapped after it
    var last = { view: null, act: null, temple: null, guardians: {} };

    function heading(level, text, extra) { return el("h" + level, { className: extra || "" }, text); }

    // Who holds guardian `i`: the hosting view's seats (name, bot, yours), else its names.
    function holder(view, i) {
      var seats = view.seats || [];
      var seat = seats[i] || seats.filter(function (s) { return s && s.seat === seatOf(i); })[0] || {};
      var name = seat.name || seat.player || (view.names || [])[i] || (seat.bot ? "A bot" : "");
      var mine = seat.mine === true || seat.you === true || seat.yours === true;
      return { name: name, mine: mine, bot: !!seat.bot };
    }

    function status(view, board) {
      var parts = [];
      if (board.outcome) {
        var won = board.outcome === "won";
        parts.push(el("p", { className: "rm-outcome " + (won ? "rm-won" : "rm-lost"), role: "status" }, [
          el("strong", {}, won ? "Victory!" : "Defeat."),
          document.createTextNode(board.reason ? " " + board.reason + "." : ""),
        ]));
      } else if (view.prompt) {
        parts.push(el("p", { className: "rm-prompt", role: "status" }, capital(view.prompt)));
      }
      return el("div", { className: "rm-status" }, parts);
    }

    function facts(board) {
      var sage = board.guardians[board.sage];
      var items = [  // [name, value, the glossary word it explains (static/js/explain.js)]
        ["Round", String(board.round), "round"], ["Turn", String(board.turns), null],
        ["Difficulty", LEVELS[board.difficulty] || capital(board.difficulty), "difficulty"],
        ["Sage", sage ? sage.name : "", "sage"],
        ["Monster deck", plural(board.monster_deck, "card"), "new-monster"],
        ["Events to come", plural(board.event_deck, "card"), "event-card"],
      ];
      return el("dl", { className: "rm-facts" }, items.map(function (item) {
        var name = el("dt", {}, item[0]);
        if (item[2]) name.dataset.explain = item[2];
        return el("div", {}, [name, el("dd", {}, item[1])]);
      }));
    }

    function eventCard(board) {
      var card = board.event_card;
      if (!card) return null;
      return el("section", { className: "rm-event rm-event-" + card.kind, "aria-label": "The event in force" }, [
        el("p", { className: "rm-event-kind" }, KINDS[card.kind] + " · this round"),
        heading(3, card.name, "rm-event-name"),
        el("p", { className: "rm-event-text" }, card.text),
        board.petrified ? el("p", { className: "rm-note" }, "Petrification: the next Monster Movement is skipped.") : null,
      ]);
    }

    function temple(board) {
      var hp = board.temple.hp, max = board.temple.max;
      var changed = last.temple !== null && last.temple !== hp;
      var fill = el("span", { className: "rm-bar-fill" });
      fill.style.width = Math.round((100 * hp) / max) + "%";  // through the CSSOM: the policy refuses style= attributes
      last.temple = hp;
      return el("section", { className: "rm-temple" + (changed ? " rm-changed" : ""), "aria-label": "The temple" }, [
        heading(2, "The temple"),
        el("div", { className: "rm-bar", role: "meter", "aria-valuemin": "0", "aria-valuemax": String(max),
          "aria-valuenow": String(hp), "aria-label": "Temple health" }, [
          fill,
        ]),
        el("p", { className: "rm-temple-hp", "data-explain": "temple-hp" }, "Temple " + hp + " / " + max + " HP"),
      ]);
    }

    function monsterCard(m, path, index, isFront) {
      var struck = m.struck.filter(Boolean).length;
      var points = m.weak_points.map(function (point, i) {
        var hit = m.struck[i];
        return el("li", {}, [rune(point, hit ? "struck" : "", RUNES[point] + " weak point" + (hit ? ", struck" : ""))]);
      });
      return el("article", {
        className: "rm-monster rune-bg-" + m.colour + (struck ? " injured" : "") + (isFront ? " front" : ""),
        "data-target": "monster:" + path + ":" + index,
        "aria-label": m.name + " on space " + (index + 1) + (struck ? ", " + plural(struck, "injury") : ""),
      }, [
        el("header", { className: "rm-m-head" }, [
          el("span", { className: "rm-m-name" }, m.name),
          el("span", { className: "rm-m-reward", title: "Reward " + m.reward + " MP" }, "+" + m.reward + " MP"),
        ]),
        el("ul", { className: "rm-weak", "aria-label": "Weak points" }, points),
        el("p", { className: "rm-m-injuries" }, struck ? "Injured " + struck + "/" + m.weak_points.length : "Unhurt"),
        el("p", { className: "rm-m-rule" }, m.rule),
      ]);
    }

    function guardianOn(board, colour) {
      for (var i = 0; i < board.guardians.length; i++) {
        var g = board.guardians[i];
        if (g.alive && g.path === colour) return g;
      }
      return null;
    }

    function pathRow(board, colour) {
      var path = board.paths[colour];
      if (!path) {
        return el("section", { className: "rm-path rm-closed rune-bg-" + colour, "aria-label": RUNES[colour] + " path, closed" }, [
          el("h3", { className: "rm-path-head" }, [rune(colour), document.createTextNode(" " + RUNES[colour] + " path"),
            el("span", { className: "rm-tag" }, "Closed")]),
          el("p", { className: "rm-note" }, "With three guardians the yellow path and its monsters stay out of the game."),
        ]);
      }
      var guard = guardianOn(board, colour), front = firstMonster(path);
      var spaces = path.spaces.map(function (m, i) {
        return el("li", { className: "rm-space" + (m ? "" : " empty") }, [
          el("span", { className: "rm-space-n", "aria-hidden": "true" }, String(i + 1)),
          m ? monsterCard(m, colour, i, i === front) : el("span", { className: "rm-sr" }, "Space " + (i + 1) + " empty"),
        ]);
      });
      var quiet = front === null ? " quiet" : "";
      return el("section", { className: "rm-path rune-bg-" + colour + quiet + (path.blocked ? " blocked" : ""), "aria-label": RUNES[colour] + " path" }, [
        el("h3", { className: "rm-path-head", "data-target": "path:" + colour, "data-explain": "path" }, [
          rune(colour), document.createTextNode(" " + RUNES[colour] + " path"),
          guard ? el("span", { className: "rm-portrait rm-mini rm-portrait-" + guard.id, "aria-hidden": "true" }, guard.name.charAt(0)) : null,
          el("span", { className: "rm-guard" }, guard ? guard.name + " guards it" : "Unguarded: monsters hit the temple"),
          path.blocked ? el("span", { className: "rm-tag rm-tag-block" }, "Blocked") : null,
        ]),
        el("ol", { className: "rm-spaces", "aria-label": "Spaces 1 (by the temple) to 5" }, spaces),
      ]);
    }

    function legend(board) {
      var seen = {}, rows = [];
      PATHS.forEach(function (colour) {
        ((board.paths[colour] || {}).spaces || []).forEach(function (m) {
          if (!m || seen[m.type]) return;
          seen[m.type] = true;
          rows.push(el("div", {}, [el("dt", {}, capital(m.type === "wolf" ? "wolves" : m.type + "s")), el("dd", {}, m.rule)]));
        });
      });
      return rows.length ? el("dl", { className: "rm-legend", "aria-label": "What the monsters on the board do" }, rows) : null;
    }

    function pips(kind, label, value, max) {
      var dots = [];
      for (var i = 0; i < max; i++) dots.push(el("span", { className: "rm-pip" + (i < value ? " on" : "") }));
      return el("div", { className: "rm-pips rm-" + kind, role: "img", "aria-label": label + " " + value + " of " + max, "data-explain": kind }, [
        el("span", { className: "rm-pips-label", "aria-hidden": "true" }, label),
      ].concat(dots, [el("span", { className: "rm-pips-n", "aria-hidden": "true" }, value + "/" + max)]));
    }

    function ultimateTrack(g, index) {
      var uses = g.side === 1 ? 2 : g.side === 2 ? 1 : 0;
      var spaces = [];
      for (var i = 0; i <= 4; i++) spaces.push(el("span", { className: "rm-ult-space" + (uses && g.ult === i ? " token" : "") + (i === 4 ? " full" : "") }));
      var state = !uses ? "used up" : g.ult >= 4 ? "charged" : "charge " + g.ult + " of 4";
      return el("div", {
        className: "rm-ult" + (uses ? "" : " gone"), "data-target": "ultimate:" + index, "data-explain": "ultimate",
        role: "img", "aria-label": g.ultimate + ": " + state + ", " + plural(uses, "use") + " left",
      }, [
        el("span", { className: "rm-pips-label", "aria-hidden": "true" }, "Ultimate"),
        el("span", { className: "rm-ult-track", "aria-hidden": "true" }, spaces),
        el("span", { className: "rm-ult-uses", "aria-hidden": "true" }, uses ? plural(uses, "use") + " left" : "Used up"),
      ]);
    }

    function guardianBoard(view, board, g, i) {
      var who = holder(view, i);
      var before = last.guardians[i], hurt = before && before.hp > g.hp;
      last.guardians[i] = { hp: g.hp };
      var badges = [
        board.sage === i ? ["sage", "Sage"] : null,
        g.shield ? ["shield", "Shield"] : null,
        g.poisoned ? ["poison", "Poisoned"] : null,
        g.angel ? ["angel", "Guardian Angel"] : null,
      ].filter(Boolean).map(function (b) { return el("span", { className: "rm-tag rm-tag-" + b[0] }, b[1]); });
      var classes = "rm-guardian rune-bg-" + (g.alive ? g.path : "none") + (board.active === i && !board.outcome ? " active" : "") +
        (g.alive ? "" : " dead") + (who.mine ? " mine" : "") + (hurt ? " rm-changed" : "");
      return el("section", { className: classes, "data-target": "guardian:" + i, "aria-label": g.name }, [
        el("header", { className: "rm-g-head" }, [
          el("span", { className: "rm-portrait rm-portrait-" + g.id, "aria-hidden": "true" }, g.name.charAt(0)),
          el("div", { className: "rm-g-who" }, [
            el("h3", {}, [document.createTextNode(g.name + " "), el("small", {}, g.title)]),
            el("p", { className: "rm-g-holder" }, (who.name ? (who.bot ? "Bot: " : "Played by ") + who.name : "") + (who.mine ? " (you)" : "")),
          ]),
        ]),
        el("p", { className: "rm-g-where" }, g.alive ? "In front of the " + g.path + " path" : "Fallen"),
        badges.length ? el("p", { className: "rm-badges" }, badges) : null,
        pips("hp", "HP", g.hp, 4),
        pips("mp", "MP", g.mp, 4),
        ultimateTrack(g, i),
        el("p", { className: "rm-g-powers" }, "Ability: " + g.ability + " · Ultimate: " + g.ultimate),
      ]);
    }

    // The dice of the turn: still to use (buttons when they serve an action) and set aside.
    function diceTray(board, choices) {
      if (!board.dice || !board.dice.length) return null;
      var usable = {};
      choices.forEach(function (c) { c.aims.dice.forEach(function (d) { usable[d] = true; }); });
      var free = [], aside = [];
      board.dice.forEach(function (d, i) {
        var name = RUNES[d.rune] + " rune die";
        if (d.used || !choices.length) {  // set aside, or another guardian's dice: to look at, not to tap
          var drawn = el("span", { className: "rm-die" + (d.used ? " used" : ""), role: "img", "aria-label": name + (d.used ? ", set aside" : "") },
            [rune(d.rune), el("span", { className: "rm-die-name", "aria-hidden": "true" }, RUNES[d.rune])]);
          (d.used ? aside : free).push(drawn);
          return;
        }
        var button = el("button", {
          type: "button", className: "rm-die" + (picked.die === i ? " selected" : ""), "aria-label": name, "data-die": String(i),
          "aria-pressed": picked.die === i ? "true" : "false",
        }, [rune(d.rune), el("span", { className: "rm-die-name", "aria-hidden": "true" }, RUNES[d.rune])]);
        if (!usable[i]) button.disabled = true;
        button.addEventListener("click", function () {
          picked.die = picked.die === i ? null : i;
          picked.target = null;
          draw();
          var again = root.querySelector('[data-die="' + i + '"]');  // the keyboard stays on the die
          if (again) again.focus();
        });
        free.push(button);
      });
      return el("section", { className: "rm-dice", "aria-label": "Dice" }, [
        el("h2", { "data-explain": "rune" }, choices.length ? "Your dice" : "The dice of " + ((board.guardians[board.active] || {}).name || "the turn")),
        el("div", { className: "rm-dice-row" }, free.length ? free : [el("span", { className: "rm-note" }, "Every die is used.")]),
        aside.length ? el("div", { className: "rm-aside" }, [el("span", { className: "rm-aside-label" }, "Set aside"), el("div", { className: "rm-dice-row" }, aside)]) : null,
      ]);
    }

    function chosen(view) {
      var board = view.board, legal = view.legal || board.legal || [], labels = view.labels || {}, given = {};
      (view.choices || []).forEach(function (c) { given[c.action] = c; });
      return legal.map(function (action, n) {
        var text = labels[action] || (given[action] || {}).label || "Option " + (n + 1);
        return { action: action, label: capital(text), aims: aims(action, board) };
      });
    }

    function shown(choices) {
      return choices.filter(function (c) {
        if (picked.die !== null && c.aims.dice.indexOf(picked.die) < 0) return false;
        if (picked.target !== null && c.aims.target !== picked.target) return false;
        return true;
      });
    }

    function actionButton(c) {
      var b = el("button", { type: "button", className: "rm-act rm-act-" + c.aims.verb + (c.aims.verb === "end" ? " secondary" : ""),
        "data-action": c.action }, c.label);
      b.addEventListener("click", function () { send(c.action); });
      return b;
    }

    function actionList(choices) {
      if (!choices.length) return null;
      var list = shown(choices), parts = [];
      if (picked.die !== null || picked.target !== null) {
        var cancel = el("button", { type: "button", className: "secondary rm-cancel" }, "Cancel");
        cancel.addEventListener("click", function () { picked.die = null; picked.target = null; draw(); });
        var die = picked.die !== null ? (last.view.board.dice[picked.die] || {}) : null;
        var aimed = list.some(function (c) { return c.aims.target; });
        parts.push(el("div", { className: "rm-picked", role: "status" }, [
          el("span", {}, die ? "The " + RUNES[die.rune].toLowerCase() + " die: " + (aimed ? "tap what it is for, or choose below." : "choose below.") : "Choose below."),
          cancel,
        ]));
      }
      var labelled = {};  // actions worded alike (two dice of one rune) are one button: the first
      list = list.filter(function (c) { var again = labelled[c.label]; labelled[c.label] = true; return !again; });
      GROUPS.forEach(function (group) {
        var mine = list.filter(function (c) { return c.aims.verb === group[0]; });
        if (!mine.length) return;
        var buttons = el("div", { className: "rm-buttons" }, mine.map(actionButton));
        var fold = FOLDED[group[0]] || (phone() && !UNFOLDED[group[0]] ? PHONE_FOLD : Infinity);
        if (mine.length > fold && picked.die === null) {
          parts.push(el("details", { className: "rm-group" }, [el("summary", {}, group[1] + " (" + mine.length + " ways)"), buttons]));
        } else {
          parts.push(el("div", { className: "rm-group" }, [el("h3", {}, group[1]), buttons]));
        }
      });
      return el("section", { className: "rm-actions", "aria-label": "Your actions" }, parts);
    }

    // Light up what the chosen die (or, with none, an action without a die) can be aimed at.
    function markTargets(choices) {
      var targets = {};
      choices.forEach(function (c) {
        if (!c.aims.target) return;
        if (picked.die === null ? c.aims.dice.length === 0 : c.aims.dice.indexOf(picked.die) >= 0) {
          (targets[c.aims.target] = targets[c.aims.target] || []).push(c);
        }
      });
      root.querySelectorAll("[data-target]").forEach(function (node) {
        var options = targets[node.getAttribute("data-target")];
        if (!options) return;
        node.classList.add("rm-target");
        if (picked.target === node.getAttribute("data-target")) node.classList.add("rm-aimed");
        node.setAttribute("role", "button");
        node.setAttribute("tabindex", "0");
        var hint = options.length === 1 ? options[0].label : "Choose among " + options.length + " actions";
        node.setAttribute("aria-label", (node.getAttribute("aria-label") || node.textContent) + ": " + hint);
        function go() {
          if (options.length === 1) { send(options[0].action); return; }
          picked.target = node.getAttribute("data-target");
          draw();
        }
        node.addEventListener("click", go);
        node.addEventListener("keydown", function (event) {
          if (event.key === "Enter" || event.key === " ") { event.preventDefault(); go(); }
        });
      });
    }

    function logList(view) {
      var lines = (view.log || []).filter(function (line) { return line && line.text; });
      return el("section", { className: "rm-log", "aria-label": "What happened" }, [
        heading(2, "What happened"),
        lines.length
          ? el("ol", { className: "rm-log-lines" }, lines.map(function (line, n) {
            return el("li", { className: n === lines.length - 1 ? "latest" : "" }, line.text);
          }))
          : el("p", { className: "rm-note" }, "Nothing yet: the first monsters are on the paths."),
      ]);
    }

    function send(action) {
      picked.die = null;
      picked.target = null;
      if (last.act) last.act(action);
      draw();  // the choice is let go even if the page keeps this view (a refused move)
    }

    function draw() {
      var view = last.view, board = view.board, choices = chosen(view);
      if (picked.die !== null && !(board.dice[picked.die] && !board.dice[picked.die].used)) picked.die = null;
      root.classList.add("rm-board");
      var top = el("div", { className: "rm-top" }, [facts(board), eventCard(board)]);
      var paths = el("section", { className: "rm-paths", "aria-label": "The paths" }, [
        el("p", { className: "rm-note" }, "Monsters walk from space 5 towards space 1, then attack the guardian in front of the path, or the temple."),
      ].concat(PATHS.map(function (c) { return pathRow(board, c); })));
      var turn = el("div", { className: "rm-turn" }, [diceTray(board, choices), actionList(choices)]);
      var guardians = el("section", { className: "rm-guardians", "aria-label": "The guardians" },
        board.guardians.map(function (g, i) { return guardianBoard(view, board, g, i); }));
      // The reading order is the order drawn (no CSS reordering), so a keyboard and a screen reader follow it too.
      root.replaceChildren.apply(root, (phone()
        ? [status(view, board), turn, temple(board), paths, legend(board), top, guardians, logList(view)]
        : [status(view, board), top, temple(board), paths, legend(board), turn, guardians, logList(view)]
      ).filter(Boolean));
      markTargets(choices);
      root.querySelectorAll(".rm-changed").forEach(function (node) {
        node.addEventListener("animationend", function () { node.classList.remove("rm-changed"); }, { once: true });
      });
    }

    root.addEventListener("keydown", function (event) {  // Esc lets a chosen die go
      if (event.key !== "Escape" || (picked.die === null && picked.target === null)) return;
      var die = picked.die;
      picked.die = null;
      picked.target = null;
      draw();
      var again = die === null ? null : root.querySelector('[data-die="' + die + '"]');
      if (again) again.focus();
    });

    if (window.matchMedia) {  // turned or resized across the phone width: draw in that width's order
      var query = window.matchMedia(PHONE);
      var redraw = function () { if (last.view) draw(); };
      if (query.addEventListener) query.addEventListener("change", redraw); else if (query.addListener) query.addListener(redraw);
    }

    return {
      render: function (view, act) {
        if (last.view && last.view.version !== view.version) { picked.die = null; picked.target = null; }
        last.view = view;
        last.act = act;
        draw();
      },
    };
  };
})();
