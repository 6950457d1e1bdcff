// The play page: renders this player's view (or, for a watcher, the public one), turns legal actions
// into things to tap, asks the chooser who goes first, gives referees their controls, keeps in step.
// The server sends only what this viewer may see; a push carries the version, and a gap or a
// reconnect makes the page re-read its view over the REST API. The board itself is drawn by board.js.
//
// Acting: tap a glowing card (or your Runeslinger, or an equip) to see what it can do; when its
// actions aim at something, the valid targets glow on the board and a tap on one chooses it (or
// narrows the buttons when several actions share that target). Actions about nothing on the board
// (pass, end the Play Phase, remove ailments, Fate options) are buttons, grouped and named.
(function () {
  "use strict";
  var root = document.getElementById("play");
  if (!root) return;
  var board = window.FettBoard(root, window.FettCards.faces());
  var el = board.el;
  var names = { p1: root.dataset.p1Name, p2: root.dataset.p2Name };
  var state = { view: null, version: -1, selected: null, target: null, fetchedAt: 0, onBoard: {} };
  // REST, the socket and keeping in step: match-link.js (shared with a table's page).
  var link = window.FettMatchLink(root, { accept: accept, version: function () { return state.version; }, message: heard });
  var SOUND_KEY = "fett-play-sound";
  var DECISIONS = {
    play: "play cards, or end the Play Phase", draw: "go on to the Play Phase, or skip it", answer: "answer, or pass",
    block: "block, or take the damage", discard: "choose what to discard", remove: "choose ailments to remove",
    "return": "choose cards to take back", unique: "choose ailments", targets: "choose targets", fate: "choose a Fate option",
    order: "choose what resolves next", setup: "set up your concentrations", charge: "charge the card, or sling it now",
  };

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
  function minutesText(seconds) { return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0"); }
  // Seconds to answer in words: "12 s", or a turn-based bank's "23 h 59 min".
  function waitText(seconds) { return seconds < 3600 ? seconds + " s" : board.clockText(seconds * 1000); }
  // Before any clock runs in an event's match: both players must have the page open (or the wait ends).
  function waiting(view) { return view.status === "playing" && view.clocks.deadline_kind === "arrival"; }
  // The countdown of the window (or the choice) this viewer must answer within, if any.
  function countdownText(view) {
    var kind = view.clocks.deadline_kind, choice = view.choice || {}, pend = view.board.pending;
    var deciding = choice.pending ? choice.chooser : pend && pend.player;
    if (waiting(view) && view.clocks.deadline) return " The clocks start when both players are here, at the latest in " + minutesText(secondsLeft(view)) + ".";
    if (view.status !== "playing" || !view.clocks.deadline || !view.seat || deciding !== view.seat) return "";
    if (kind === "window") return " Window closes in " + waitText(secondsLeft(view)) + ".";
    if (kind === "choice") return " Answer within " + waitText(secondsLeft(view)) + ", or you play first.";
    return "";
  }
  var problem = link.problem, post = link.post;

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
  function faceName(id) { return (window.FettCards.faces()[id] || {}).name || "a card"; }
  // What a decision is about, in words.
  function decisionText(view, pend) {
    var copied = copiedId(view);
    return copied ? "Echo copies " + faceName(copied) : DECISIONS[pend.kind] || "a decision";
  }
  // Echo's copy decision shows the card being copied above the ways to declare the copy: the card is no longer in play.
  function copiedCard(view) {
    var id = copiedId(view), face = window.FettCards.faces()[id];
    if (!id || !face || view.status !== "playing") return null;
    return el("div", { className: "copying", "data-testid": "copying" }, [
      el("span", { className: "muted", text: "Echo copies" }), window.FettCards.face(face, { size: "small", className: "copied" })]);
  }

  // The legal actions, structured: the server's view.choices (words), or read from the action texts.
  function choicesOf(view) {
    var legal = view.board.legal || [], labels = view.labels || {};
    var given = {};
    (view.choices || []).forEach(function (c) { given[c.action] = c; });
    return legal.map(function (action) {
      var c = given[action], parsed = board.parse(action);
      // What the action is about: a card's handle, "inherent", an equip (a bullet number or "draw" is not a thing to tap).
      var subject = parsed.subject && !/^\d+$/.test(parsed.subject) && parsed.kind !== "pass" ? parsed.subject : null;
      return {
        action: action, subject: subject, targets: c && c.targets ? c.targets : parsed.targets,
        group: c ? c.group || "" : "", label: (c && c.label) || labels[action] || board.describe(action, view.board, who(view)),
      };
    });
  }
  function pendingHint(view, legal, choices) {
    var pend = view.board.pending, names = who(view);
    if (!view.seat) return view.prompt || capital(names[pend.player]) + " to decide (" + decisionText(view, pend) + ").";
    if (pend.player === view.seat && pend.kind === "copy") return "Your decision: " + decisionText(view, pend) + " — declare the copy's targets.";
    // Echo's copy: the card it copies is named (the prompt says only that a runespell is copied).
    if (pend.player !== view.seat && copiedId(view)) return "Waiting for your opponent (" + decisionText(view, pend) + ").";
    if (pend.player !== view.seat) return view.prompt || "Waiting for your opponent (" + decisionText(view, pend) + ").";
    var tapping = choices.some(function (c) { return c.subject && state.onBoard[c.subject]; }) && !state.selected;
    var base = view.prompt ? view.prompt.replace(/([^.!?…])$/, "$1.") : "Your decision: " + decisionText(view, pend) + ".";
    return base + (tapping ? " Tap a glowing card to see what it can do." : "");
  }
  function hintText(view, choices) {
    var choice = view.choice || {}, names = who(view);
    if (view.status === "finished") return "The match is over." + howItEnded(view);
    if (view.status === "paused") return "The match is paused by a referee; the clocks are stopped.";
    if (choice.pending && waiting(view)) return "Waiting for both players to open the match: no clock runs yet.";
    if (choice.pending) {
      var roll = choice.die_roll ? " (" + names.p1 + " rolled " + choice.die_roll[0] + ", " + names.p2 + " " + choice.die_roll[1] + ")" : "";
      var reason = view.game === 1 ? "won the die roll" + roll : "lost the last game";
      return choice.chooser === view.seat ? "You " + reason + ": do you play first or go second?"
        : capital(names[choice.chooser]) + " " + reason + " and " + (view.seat ? "chooses" : "is choosing") + " who goes first.";
    }
    if (!view.board.pending) return "";
    return pendingHint(view, view.board.legal || [], choices);
  }

  // The actions the board lights up now: the selected thing's, or (nothing selected) those about nothing on the board.
  function activeChoices(choices) {
    if (state.selected) return choices.filter(function (c) { return c.subject === state.selected; });
    return choices.filter(function (c) { return !c.subject || !state.onBoard[c.subject]; });
  }
  function actionButton(c) {
    var b = el("button", { type: "button", "data-action": c.action, className: c.subject ? "" : "secondary", text: c.label });
    b.addEventListener("click", function () { send(c.action); });
    return b;
  }
  // Buttons under group headings ("Play Fireball", "Remove ailments") when a group holds several.
  function grouped(list) {
    var groups = [], byName = {};
    list.forEach(function (c) {
      var g = byName[c.group];
      if (!g) { g = byName[c.group] = { name: c.group, items: [] }; groups.push(g); }
      g.items.push(c);
    });
    return groups.map(function (g) {
      var buttons = g.items.map(actionButton);
      if (!g.name || g.items.length < 2) return el("div", { className: "choice-group plain" }, buttons);
      return el("div", { className: "choice-group", role: "group", "aria-label": g.name }, [el("h3", { text: g.name }), el("div", { className: "choice-buttons" }, buttons)]);
    });
  }
  function selectionBar(view, choices) {
    var mine = choices.filter(function (c) { return c.subject === state.selected; });
    var aims = mine.some(function (c) { return c.targets.length; });
    var label = state.selected === "inherent" ? "Your Runeslinger" : board.namer(view.board, who(view))(state.selected);
    var cancel = el("button", { type: "button", className: "secondary small", "data-testid": "cancel", text: "Cancel" });
    cancel.addEventListener("click", function () { state.selected = null; state.target = null; render(); });
    var words = state.target ? label + " at " + board.namer(view.board, who(view))(state.target) + ": choose how"
      : label + (aims ? ": tap a glowing target on the board, or choose below" : ": choose what to do");
    return el("div", { className: "selection", "data-testid": "selection" }, [el("strong", { text: words }), cancel]);
  }

  function renderControls(view, choices) {
    var box = root.querySelector(".controls");
    var items = [el("p", { className: "hint", "data-testid": "hint", text: hintText(view, choices) + countdownText(view) })];
    var choice = view.choice || {};
    var slot = root.querySelector('[data-copy-slot]'), copied = copiedCard(view);
    slot.replaceChildren.apply(slot, copied ? [copied] : []);
    slot.hidden = !copied;
    if (choice.pending && choice.chooser === view.seat && view.status === "playing" && !waiting(view)) {
      [["me", "Play first", ""], ["opponent", "Go second", "secondary"]].forEach(function (option) {
        var b = el("button", { type: "button", "data-first": option[0], "data-action": "choose " + option[0], "data-testid": "choose-" + option[0], className: option[2], text: option[1] });
        b.addEventListener("click", function () { choose(option[0]); });
        items.push(b);
      });
    }
    var shown = activeChoices(choices);
    if (state.selected) {
      items.push(selectionBar(view, choices));
      if (state.target) shown = shown.filter(function (c) { return c.targets.indexOf(state.target) >= 0; });
    }
    items = items.concat(grouped(shown));
    box.replaceChildren.apply(box, items);
  }

  function showPresence(view) {
    var them = other(view.seat || "p1");
    var away = !view.bot && view.connected && view.seat && !view.connected[them] && view.status !== "finished" &&
      !waiting(view);  // before the clocks start, the line above the board says who is not here yet
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
    if (waiting(view)) return "Waiting for both players";
    if (choice.pending) return choice.chooser === view.seat ? "Your choice: who goes first" : "Choosing who goes first";
    if (!pend) return "";
    if (!view.seat) return capital(names[pend.player]) + "'s decision";
    return pend.player === view.seat ? "Your decision" : "Opponent's decision";
  }

  // The whole game's log, kept by move number (entry.n): a view carries the newest entries, which
  // are added below the ones shown (the list is never drawn again whole); the earlier ones are read
  // a page at a time (GET .../entries/?before=n) when the player scrolls back or asks for them. The
  // list follows the newest move unless the player scrolled up to read; then a button brings it back.
  var gameLog = (function () {
    var box = root.querySelector('[data-testid="log"]');
    var earlier = root.querySelector('[data-testid="log-earlier"]');
    var newest = root.querySelector('[data-testid="log-newest"]');
    var kept = { game: null, first: 0, last: 0, loading: false };
    function atBottom() { return box.scrollHeight - box.scrollTop - box.clientHeight < 24; }
    function toBottom() { box.scrollTop = box.scrollHeight; newest.hidden = true; }
    function item(line) {
      var node = el("li", { text: line.text });
      if (line.n) { node.dataset.move = String(line.n); node.value = line.n; }  // numbered by its move
      return node;
    }
    function showEarlier() {
      earlier.hidden = !(kept.first > 1);
      earlier.disabled = kept.loading;
      earlier.textContent = kept.loading ? "Reading earlier moves…" : "Show earlier moves";
    }
    function start(game) {
      kept.game = game; kept.first = 0; kept.last = 0;
      box.replaceChildren();
    }
    function show(view, lines) {
      var numbered = lines.length > 0 && lines.every(function (line) { return line.n; });
      if (!numbered) {  // a server without move numbers: the newest entries only, drawn as they come
        start(view.game);
        box.replaceChildren.apply(box, lines.map(item));
        toBottom();
        return;
      }
      var following = kept.last === 0 || atBottom();
      var fresh = lines.filter(function (line) { return line.n > kept.last; });
      if (view.game !== kept.game || (fresh.length && fresh[0].n > kept.last + 1 && kept.last > 0)) {
        start(view.game);  // a new game, or moves missed (the page was away): the newest again, and the rest on asking
        fresh = lines;
      }
      if (!fresh.length) { showEarlier(); return; }
      fresh.forEach(function (line) { box.appendChild(item(line)); });
      if (!kept.first) kept.first = fresh[0].n;
      kept.last = fresh[fresh.length - 1].n;
      showEarlier();
      if (following) toBottom(); else newest.hidden = false;
    }
    function readEarlier() {
      if (kept.loading || kept.first <= 1) return;
      var game = kept.game, before = kept.first;
      kept.loading = true; showEarlier();
      window.Fett.request(root.dataset.entries + "?before=" + before).then(function (answer) {
        kept.loading = false;
        var page = answer.data || {};
        if (!answer.ok || page.game !== game || kept.game !== game || kept.first !== before) { showEarlier(); return; }
        var height = box.scrollHeight, top = box.scrollTop;
        var nodes = (page.entries || []).filter(function (line) { return line.n < before; }).map(item);
        box.prepend.apply(box, nodes);
        if (nodes.length) kept.first = Number(nodes[0].dataset.move);
        box.scrollTop = top + box.scrollHeight - height;  // the lines read stay where they were
        showEarlier();
      }).catch(function () { kept.loading = false; showEarlier(); });
    }
    earlier.addEventListener("click", readEarlier);
    newest.addEventListener("click", function () { toBottom(); box.focus(); });
    box.addEventListener("scroll", function () {
      if (atBottom()) newest.hidden = true;
      if (box.scrollTop < 8) readEarlier();
    });
    root.querySelector(".log").addEventListener("toggle", function () { if (kept.last) toBottom(); });
    return { show: show };
  })();

  // The log in words: the server's sentences (view.log entries {seat, text, cards}), or the page's own
  // reading of bare action texts when the server sends no words.
  function logLines(view) {
    return (view.log || []).map(function (line) {
      if (line && typeof line === "object") return { text: line.text, seat: line.seat, cards: line.cards || [], n: line.n || 0 };
      var refs = String(line).match(/\bc\d+\b/g) || [];
      return { text: board.describe(String(line), view.board, who(view)), seat: null, cards: refs };
    });
  }
  function lastOf(view, lines) {
    if (view.last && typeof view.last === "object") return view.last;
    return lines.length ? lines[lines.length - 1] : null;
  }

  // Keyboard play: a redraw replaces the controls and the board, and with them the focused element.
  // The focus goes to the same thing drawn again (the same action, card, target or control), else
  // to the controls, so Enter or Space never lands on nothing and Tab goes on from the choices.
  var KEYS = ["data-action", "data-subject", "data-target", "data-first", "data-testid"];
  function focusKey() {
    var at = document.activeElement;
    if (!at || at === document.body || !root.contains(at)) return null;
    for (var i = 0; i < KEYS.length; i++) if (at.hasAttribute(KEYS[i])) return [KEYS[i], at.getAttribute(KEYS[i])];
    return [];
  }
  function keepFocus(key) {
    var at = document.activeElement;
    if (!key || (at && at !== document.body && document.contains(at))) return;
    var again = null;
    if (key.length) {
      root.querySelectorAll("[" + key[0] + "]").forEach(function (node) {
        if (!again && node.getAttribute(key[0]) === key[1] && node.getClientRects().length && (node.tabIndex >= 0)) again = node;
      });
    }
    (again || root.querySelector(".controls")).focus({ preventScroll: true });
  }

  function render() {
    var key = focusKey();
    draw();
    keepFocus(key);
  }

  function draw() {
    var view = state.view;
    if (!view) return;
    var choices = view.status === "playing" ? choicesOf(view) : [];
    var subjects = {}, targets = {};
    choices.forEach(function (c) { if (c.subject) subjects[c.subject] = true; });
    var lines = logLines(view), last = lastOf(view, lines);
    state.onBoard = board.drawn(view.board, view.seat || "p1");
    activeChoices(choices).forEach(function (c) { c.targets.forEach(function (t) { targets[t] = true; }); });
    board.render(view.board, {
      bottom: view.seat || "p1", who: who(view), selected: state.selected, subjects: subjects, targets: targets, last: last,
      clock: function (player) { return { ms: remaining(view, player), running: view.clocks.on_clock === player && view.status === "playing" }; },
    });
    if (view.status === "finished") root.querySelector("[data-hand-dock]").hidden = true;  // the summary, not the hand, matters now
    root.querySelector('[data-testid="game-score"]').textContent = "game " + view.game + " · games " + view.wins[0] + "–" + view.wins[1];
    root.querySelector('[data-testid="whose-turn"]').textContent = whoseTurn(view);
    root.querySelector('[data-testid="paused"]').hidden = view.status !== "paused";
    var replay = root.querySelector('[data-testid="replay-link"]');
    if (replay) replay.hidden = !(view.game > 1 || view.status === "finished");
    showPresence(view);
    var lastLine = root.querySelector('[data-testid="last-action"]');
    lastLine.textContent = last ? last.text : "";
    lastLine.hidden = !last;
    gameLog.show(view, lines);
    renderControls(view, choices);
    renderReferee(view);
  }

  // A short blip when the game moves, if the player turned sound on (off by default; remembered).
  var audio = null;
  function soundOn() { try { return window.localStorage.getItem(SOUND_KEY) === "on"; } catch (e) { return false; } }
  function blip() {
    if (!soundOn() || !(window.AudioContext || window.webkitAudioContext)) return;
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    var osc = audio.createOscillator(), gain = audio.createGain(), now = audio.currentTime;
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, now);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.12);
    osc.connect(gain).connect(audio.destination);
    osc.start(now); osc.stop(now + 0.13);
  }
  function bindSound() {
    var toggle = root.querySelector('[data-testid="sound-toggle"]');
    if (!toggle) return;
    function show() { var on = soundOn(); toggle.setAttribute("aria-pressed", on ? "true" : "false"); toggle.textContent = on ? "Sound on" : "Sound off"; }
    toggle.addEventListener("click", function () {
      try { window.localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on"); } catch (e) { /* private mode: stays off */ }
      show();
      blip();
    });
    show();
  }

  function accept(view) {
    if (view.version < state.version) return;
    if (state.view && view.version === state.version) {  // same game state: only presence may change
      state.view.connected = view.connected;
      showPresence(state.view);
      return;
    }
    var moved = state.view !== null;
    state.view = view; state.version = view.version; state.fetchedAt = Date.now();
    link.sending = false;  // a newer version (often the push of our own move) ends any wait
    window.__playVersion = view.version;  // lets browser tests wait until the page shows a version
    state.selected = null; state.target = null;  // a new position: what was tapped before no longer holds
    render();
    root.dispatchEvent(new CustomEvent("fett:view", { detail: view }));  // table.js: the match around the board
    if (moved) blip();
  }
  var reread = link.reread;
  // A player's move (on the socket while it is live) or choice: one at a time; a refusal is shown and
  // the view re-read (match-link.js).
  function submit(url, body) {
    link.submit(url, body, function () { state.selected = null; state.target = null; });
  }
  function send(action) {
    state.selected = null; state.target = null;
    link.act(root.dataset.act, { version: state.version, action: action }, function () { state.selected = null; state.target = null; });
  }
  function choose(first) { submit(root.dataset.first, { version: state.version, first: first }); }

  // Taps on the board: a glowing card shows its actions; a glowing target chooses (or narrows) them.
  board.onPick({
    subject: function (subject) {
      state.selected = state.selected === subject ? null : subject;
      state.target = null;
      render();
      showTargets();
    },
    target: function (target) {
      var view = state.view;
      if (!view || link.sending) return;
      var matching = activeChoices(choicesOf(view)).filter(function (c) { return c.targets.indexOf(target) >= 0; });
      if (matching.length === 1) { send(matching[0].action); return; }
      state.target = target;
      if (!state.selected && matching.length) state.selected = matching[0].subject || null;
      render();
    },
  });
  // When none of the glowing targets is on screen (above the docked hand), bring the first into view.
  function showTargets() {
    var lit = root.querySelectorAll(".targetable"), dock = root.querySelector(".action-dock");
    if (!lit.length) return;
    var bottom = dock ? dock.getBoundingClientRect().top : window.innerHeight;
    var seen = Array.prototype.some.call(lit, function (node) { var r = node.getBoundingClientRect(); return r.bottom > 0 && r.top < bottom; });
    var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (!seen) lit[0].scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  }
  // A card (or its zoom) reached by Tab is brought whole into view: in a row that scrolls sideways
  // (the hand on a phone) and clear of the docked hand and the top bar (the page's scroll-padding,
  // table.css); the browser's own scrolling on focus can leave it cut off or under the dock.
  root.addEventListener("focusin", function (event) {
    var node = event.target;
    if (!node.closest || !node.closest(".cards-row")) return;
    // Only the keyboard's focus: a card focused by a tap or a click stays where it was pressed (moving
    // it between the press and the release would lose the click).
    if (node.matches && !node.matches(":focus-visible")) return;
    var face = node.closest(".face") || node, row = face.closest(".cards-row");
    var box = face.getBoundingClientRect(), view = row.getBoundingClientRect();
    var cut = box.left < view.left - 1 || box.right > view.right + 1;
    // a cut-off card goes to the row's start: the hand's snap points (play.css) would pull a
    // "nearest" scroll back to where it was
    face.scrollIntoView({ block: "nearest", inline: cut ? "start" : "nearest" });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && state.selected && !document.querySelector("dialog[open]")) { state.selected = null; state.target = null; render(); }
  });

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

  // One socket per page (match-link.js): table.js hears every message and sends its own through it.
  function heard(message) {
    if (message.type === "presence" && state.view) {
      state.view.connected = message.connected;
      showPresence(state.view);
    }
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
    if (hint && countdown) hint.textContent = hint.textContent.replace(/ (Window closes in [^.]+\.|Answer within [^,]+, or you play first\.|The clocks start when both players are here, at the latest in \d+:\d\d\.)$/, "") + countdown;
  }

  bindReferee();
  bindSound();
  link.start(tick);  // the clocks tick; the match is followed on the site socket (match-link.js)
})();
