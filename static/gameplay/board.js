// Board rendering shared by the play page (play.js) and the replay page (replay.js).
// FettBoard(root, faces) returns helpers bound to a page: `root` holds the sections
// [data-side="them"], [data-side="me"] and .ladder (templates/gameplay/_board.html); `faces` are the
// catalog's card faces by id (the page's #card-faces, drawn by window.FettCards, static/js/cards.js).
// A board is the engine's view (or the public one); it never holds a card the viewer may not see:
// a card without an id is drawn as a back.
//
// Every drawn thing a player may act on or aim at carries data attributes: data-card (a card's
// handle, for lookups only; never shown), data-subject (what an action is about: a card's handle,
// "inherent" for the Runeslinger, an equip's id) and data-target (a handle, or "p1"/"p2" for a
// Runeslinger). render() lights up the subjects and targets it is given and reports clicks on them.
(function () {
  "use strict";

  var el = window.Fett.el;  // static/js/dom.js
  var Cards = window.FettCards;  // static/js/cards.js
  var STATS = [["health", "Health"], ["power", "Power"], ["light", "Light"], ["determination", "Determination"], ["block", "Block"]];

  // A clock as m:ss; an hour or more (a turn-based time bank) as "5 h 12 min" or "2 days 3 h".
  function clockText(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    if (s < 3600) return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
    var minutes = Math.floor(s / 60), days = Math.floor(minutes / 1440), hours = Math.floor(minutes / 60) % 24;
    if (days) return days + (days === 1 ? " day" : " days") + (hours ? " " + hours + " h" : "");
    return hours + " h" + (minutes % 60 ? " " + (minutes % 60) + " min" : "");
  }
  function count(pile) { return Array.isArray(pile) ? pile.length : pile; }
  function capital(text) { return text ? text.charAt(0).toUpperCase() + text.slice(1) : text; }
  // "burn" -> "Burn", "mind-rot" -> "Mind rot": an ailment's or an option's name from its key.
  function titled(key) { return capital(String(key || "").replace(/[-_]/g, " ")); }
  function reducedMotion() { return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches; }

  // An action's parts: "play c12 on=c3 target=p2 ailment=burn" -> {kind, subject, targets, on, ailments, ...}.
  function parse(action) {
    var words = action.split(" "), out = { kind: words[0], subject: null, targets: [], ailments: [], options: {} };
    words.slice(1).forEach(function (word, i) {
      var kv = word.match(/^(\w+)=(.+)$/);
      if (!kv) { if (i === 0) out.subject = word; return; }
      if (kv[1] === "target") out.targets.push(kv[2]);
      else if (kv[1] === "ailment") out.ailments.push(kv[2]);
      else out.options[kv[1]] = kv[2];
    });
    return out;
  }

  window.FettBoard = function (root, faces) {
    var previous = {};  // each seat's stats as last drawn: the +/- markers compare with them
    var drawnOnce = false;

    // handle -> catalog id of every card this board shows face up (hand, piles, field, ladder, own concentrations)
    function handleIndex(board) {
      var ids = {};
      function note(c) { if (c && c.card && c.id) ids[c.card] = c.id; }
      (board.players || []).forEach(function (p) {
        ["hand", "discard", "void", "field", "concentrations"].forEach(function (zone) {
          if (Array.isArray(p[zone])) p[zone].forEach(function (c) { note(c); (c.under || []).forEach(note); });
        });
      });
      (board.ladder || []).forEach(function (r) { if (r.card && r.id) ids[r.card] = r.id; });
      return ids;
    }
    function faceName(id) { return (faces[id] || {}).name || "a card"; }

    // Words for a handle or seat: a card's name, a Runeslinger's player, a slot; never the handle itself.
    function namer(board, who) {
      var ids = handleIndex(board);
      return function (ref) {
        if (!ref || ref === "-") return "nothing";
        if (/^p[12]$/.test(ref)) return who[ref] || "a player";
        if (/^c\d+$/.test(ref)) return ids[ref] ? faceName(ids[ref]) : "a face-down card";
        if (/^u\d+$/.test(ref)) return "utility slot " + (Number(ref.slice(1)) + 1);
        var ail = ref.match(/^(p[12]):(.+)$/);
        if (ail) return (who[ail[1]] || "a player") + "'s " + titled(ail[2]);
        return faces[ref] ? faces[ref].name : titled(ref);
      };
    }

    // An action in words when the server sends no label for it (see play.js: view.labels come first).
    function describe(action, board, who) {
      var a = parse(action), name = namer(board, who), me = board.you;
      var mine = me && board.players ? board.players[me === "p1" ? 0 : 1] : null;
      var at = a.targets.length ? " at " + a.targets.map(name).join(" and ") : "";
      var on = a.options.on ? " on " + name(a.options.on) : "";
      var ails = a.ailments.map(titled).join(", ");
      var subject = a.subject ? name(a.subject) : "";
      if (a.subject === "inherent") subject = mine && faces[mine.runeslinger] ? faces[mine.runeslinger].inherent.name : "your inherent ability";
      var words = {
        set: "Set " + subject + " as a concentration",
        light: "Use " + subject + " for 1 light",
        play: "Play " + subject + on + at + (ails ? " (" + ails + ")" : "") + (a.options.ail ? " (" + titled(a.options.ail) + ")" : ""),
        activate: "Activate " + subject + at,
        use: "Use " + subject + at,
        sling: "Sling " + subject + at,
        charge: "Charge " + subject,
        end: "End the Play Phase",
        continue: "Go on to the Play Phase",
        block: "Block" + (a.options.discard ? " by discarding " + name(a.options.discard) : ""),
        discard: "Discard " + subject,
        remove: "Remove " + (ails || "nothing"),
      }[a.kind];
      if (a.kind === "pass") {
        if (a.subject === "draw") words = "Skip the Play Phase and draw";
        else if (a.options["return"]) words = "Skip the Play Phase and take back " + name(a.options["return"]);
        else words = "Pass";
      }
      if (a.kind === "choose") {
        if (a.targets.length) words = "Aim" + at;
        else if (ails) words = "Choose " + ails;
        else if (a.subject) words = "Choose option " + a.subject;
        else words = "Choose";
      }
      if (a.options.choice !== undefined && a.kind !== "choose") words += " (option " + a.options.choice + ")";
      return words || capital(a.kind);
    }

    // A zone of cards under its heading; `explain`: the glossary word its heading explains (explain.js).
    function zone(name, cards, extra, explain) {
      var head = el("h3", { text: name });
      if (explain) head.dataset.explain = explain;
      return el("div", { className: "zone" + (extra ? " " + extra : "") }, [head,
        el("div", { className: "cards-row" }, cards.length ? cards : [el("span", { className: "muted empty", text: "none" })])]);
    }

    // One drawn card: its face (or its back when hidden). `refs`: {card, subject, target}; `note`: a line under it.
    function cardNode(id, refs, note, opts, className) {
      var live = (refs.subject && opts.subjects[refs.subject]) || (refs.target && opts.targets[refs.target]);
      var node;
      if (id && faces[id]) node = Cards.face(faces[id], { size: "small", note: note || "", tag: live ? "button" : "div", className: className || "" });
      else {
        node = Cards.back({ size: "small" });
        if (className) node.classList.add.apply(node.classList, className.split(" "));
        if (note) node.appendChild(el("p", { className: "face-note", text: note }));
        if (live) { node.setAttribute("role", "button"); node.tabIndex = 0; }
      }
      if (live && node.tagName === "BUTTON") node.type = "button";
      if (refs.card) node.dataset.card = refs.card;
      if (refs.subject) node.dataset.subject = refs.subject;
      if (refs.target) node.dataset.target = refs.target;
      mark(node, refs, opts);
      return node;
    }
    function mark(node, refs, opts) {
      if (refs.subject && opts.subjects[refs.subject]) { node.classList.add("playable"); opts.found[refs.subject] = true; }
      if (refs.target && opts.targets[refs.target]) node.classList.add("targetable");
      if (refs.subject && refs.subject === opts.selected) node.classList.add("selected");
      if (refs.card && opts.lastCards[refs.card]) node.classList.add("last-action");
    }

    function statChip(p, key, label, where, player) {
      var value = key === "health" ? p.health + "/" + p.max_health : String(p[key]);
      if (key === "block" && p.barrier) label += " (+" + p.barrier + " barrier)";
      var chip = el("span", { className: "stat stat-" + key, "data-explain": key, "data-testid": key === "health" ? where + "-health" : null },
        [el("b", { text: value }), el("small", { text: " " + label })]);
      if (key !== "health") chip.removeAttribute("data-testid");
      var before = previous[player];
      if (before && before[key] !== p[key] && drawnOnce) {
        var change = p[key] - before[key];
        var marker = el("span", { className: "delta " + (change > 0 ? "up" : "down"), "aria-hidden": "true", text: (change > 0 ? "+" : "−") + Math.abs(change) });
        chip.appendChild(marker);
        chip.classList.add("changed");
        setTimeout(function () { marker.remove(); chip.classList.remove("changed"); }, 2600);
      }
      return chip;
    }

    function ailmentNodes(p, opts) {
      return (p.ailments || []).map(function (a) {
        var parts = [];
        if (a.type) {
          parts.push(el("span", { className: "ailment-name", "data-explain": a.type, text: titled(a.type) + " × " + a.count }));
          parts.push(el("small", { "data-explain": "ailment", text: a.count >= 4 ? "level II" : "level I" }));
        }
        var slot = el("div", { className: "ailment" + (a.boon ? " has-boon" : "") + (a.type ? "" : " bare"),
          "data-target": a.type ? p.player + ":" + a.type : null }, [el("div", { className: "ailment-chip" }, parts)]);
        if (!a.type) slot.removeAttribute("data-target");
        if (a.type && opts.targets[p.player + ":" + a.type]) slot.classList.add("targetable");
        if (a.boon) {
          var boonId = opts.ids[a.boon];
          slot.appendChild(cardNode(boonId, { card: a.boon, subject: a.boon, target: a.boon }, a.type ? "boon over " + titled(a.type) : "boon", opts, "boon"));
        }
        return slot;
      });
    }

    function fieldNote(c) {
      var bits = [];
      if (c.defense !== undefined && c.defense !== null) bits.push(c.defense + " defense left");
      if (c.damage) bits.push(c.damage + " damage");
      if (c.tokens) bits.push(c.tokens + (c.tokens === 1 ? " token" : " tokens"));
      if (c.mastery) bits.push("mastery " + c.mastery);
      if (c.under && c.under.length) bits.push(c.under.length + " under it");
      if (c.used) bits.push("used");
      return bits.join(" · ");
    }

    function seatHead(board, p, where, opts) {
      var player = p.player;
      var rs = cardNode(p.runeslinger, { subject: where === "me" ? "inherent" : null, target: player }, "", opts, "runeslinger-face");
      var title = [el("span", { className: "seat-name", text: capital(opts.who[player] || "a player") })];
      if (opts.clock) {
        var c = opts.clock(player);
        title.push(el("span", { className: "clock-chip" + (c.running ? " running" : "") + (c.ms < 120000 ? " low" : ""),
          "data-testid": "clock-" + where, "data-player": player, text: clockText(c.ms) }));
      }
      // Classic (rulebook 000) has no light: its board shows no light counter.
      var shown = board.rules === "classic" ? STATS.filter(function (s) { return s[0] !== "light"; }) : STATS;
      var stats = el("div", { className: "stats" }, shown.map(function (s) { return statChip(p, s[0], s[1], where, player); }));
      var handCount = Array.isArray(p.hand) ? null : el("span", { className: "pile", "data-explain": "hand", "data-testid": where === "me" ? "my-hand-count" : "their-hand",
        text: p.hand_count + (p.hand_count === 1 ? " card in hand" : " cards in hand") });
      var piles = el("div", { className: "piles" }, [
        handCount,
        el("span", { className: "pile", "data-explain": "deck", text: "Deck " + p.deck }),
        el("span", { className: "pile", "data-explain": "discard-pile", text: "Discard " + count(p.discard) }),
        el("span", { className: "pile", "data-explain": "void-pile", text: "Void " + count(p.void) }),
      ]);
      var equips = el("div", { className: "equips-row" }, (p.equips || []).map(function (id) {
        return cardNode(id, { subject: where === "me" ? id : null }, "", opts, "equip-face");
      }));
      var info = el("div", { className: "seat-info" }, [el("h2", {}, title), stats, piles]);
      return el("div", { className: "seat-head" }, [rs, info, equips]);
    }

    // One seat's half of the board. `where` is "me" (the bottom half) or "them" (the top half).
    function renderSide(board, player, where, opts) {
      var p = board.players[player === "p1" ? 0 : 1];
      var boons = {};
      (p.ailments || []).forEach(function (a) { if (a.boon) boons[a.boon] = true; });
      var parts = [seatHead(board, p, where, opts)];
      if (p.ailments && p.ailments.length) parts.push(zone("Ailments and boons", ailmentNodes(p, opts), "ailments", "ailment"));
      parts.push(zone("Concentrations", (p.concentrations || []).map(function (c) {
        var on = c.covered_by ? (opts.ids[c.covered_by] ? faceName(opts.ids[c.covered_by]) : "a card") : "";
        // Classic: no ready or used states; a concentration holds one card, or is empty for the next.
        var note = board.rules === "classic" ? (on ? "holds " + on : "empty") : (c.used ? "used" : "ready") + (on ? " · under " + on : "");
        return cardNode(c.id, { card: c.card, subject: c.card, target: c.card }, note, opts, c.used ? "used" : "");
      }), "concentrations", "concentration"));
      parts.push(zone("In play", (p.field || []).filter(function (c) { return !boons[c.card]; }).map(function (c) {
        return cardNode(c.id, { card: c.card, subject: c.card, target: c.card }, fieldNote(c), opts, (c.used ? "used" : "") + (c.defense !== undefined ? " defense-card" : ""));
      }), "field"));
      var dock = where === "me" ? root.querySelector("[data-hand-dock]") : null;
      if (Array.isArray(p.hand)) {
        var hand = zone("Your hand (" + p.hand.length + ")", p.hand.map(function (c) {
          return cardNode(c.id, { card: c.card, subject: c.card, target: c.card }, "", opts, "");
        }), "hand", "hand");
        // The play page docks your hand at the bottom of the screen, with the prompt and the buttons.
        if (dock) dock.replaceChildren(hand); else parts.push(hand);
        if (dock) dock.hidden = false;
      } else {
        if (dock) { dock.replaceChildren(); dock.hidden = true; }
        var backs = [];
        for (var i = 0; i < Math.min(p.hand_count, 7); i++) backs.push(Cards.back({ size: "small" }));
        parts.push(zone("Hand", backs, "hand hidden-hand", "hand"));
      }
      var section = root.querySelector('[data-side="' + where + '"]');
      section.dataset.player = player;
      section.classList.toggle("last-seat", opts.lastSeat === player);
      section.replaceChildren.apply(section, parts);
      previous[player] = { health: p.health, power: p.power, light: p.light, determination: p.determination, block: p.block };
    }

    function renderLadder(board, opts, name) {
      var ladder = root.querySelector(".ladder");
      var rungs = (board.ladder || []).map(function (r) {
        var owner = capital(opts.who[r.controller] || "a player");
        var what = r.card ? name(r.card) : "an ability";
        var aims = r.targets.filter(function (t) { return t !== "-"; }).map(name);
        var text = owner + ": " + what + (aims.length ? " → " + aims.join(", ") : "");
        // Mirror Ward turned it back: every target it declared becomes its controller when it resolves.
        if (r.redirected) text += " · turned back by Mirror Ward: it hits its own side";
        var kids = [el("span", { className: "rung-text", text: text })];
        var id = r.id || (r.card ? opts.ids[r.card] : null);
        if (id) kids.unshift(cardNode(id, { card: r.card, target: r.card }, "", opts, "rung-face"));
        var rung = el("div", { className: "rung" + (r.redirected ? " redirected" : "") }, kids);
        return rung;
      });
      rungs.reverse();  // the newest rung resolves first: drawn on top
      if (rungs.length) rungs.unshift(el("h3", { className: "ladder-title", text: "The ladder (the top resolves first)" }));
      ladder.replaceChildren.apply(ladder, rungs);
    }

    // Where each drawn card was, to slide it to where it is now (First-Last-Invert-Play).
    function positions() {
      var at = {};
      root.querySelectorAll("[data-card]").forEach(function (node) {
        if (!at[node.dataset.card]) at[node.dataset.card] = node.getBoundingClientRect();
      });
      return at;
    }
    function slide(before) {
      if (!drawnOnce || reducedMotion() || !Element.prototype.animate) return;
      var seen = {};
      root.querySelectorAll("[data-card]").forEach(function (node) {
        var handle = node.dataset.card;
        if (seen[handle]) return;
        seen[handle] = true;
        var was = before[handle], now = node.getBoundingClientRect();
        if (!was) { node.animate([{ opacity: 0, transform: "translateY(-10px) scale(.94)" }, { opacity: 1, transform: "none" }], { duration: 260, easing: "ease-out" }); return; }
        var dx = was.left - now.left, dy = was.top - now.top;
        if (Math.abs(dx) + Math.abs(dy) < 3) return;
        node.animate([{ transform: "translate(" + dx + "px," + dy + "px)" }, { transform: "none" }], { duration: 300, easing: "ease-in-out" });
      });
    }

    // The whole board: `opts.bottom` is the seat drawn at the bottom ("me"), the other on top.
    // opts: {bottom, who: {p1, p2}, clock(player) -> {ms, running} (optional), subjects: {subject: true}
    // (what may be tapped), targets: {target: true} (what may be aimed at), selected (a subject),
    // last: {seat, cards} (the newest log entry, highlighted)}.
    // Returns the subjects it drew (an action about anything else needs a button).
    function render(board, opts) {
      var bottom = opts.bottom || "p1", top = bottom === "p1" ? "p2" : "p1";
      var last = opts.last || {};
      var lastCards = {};
      (last.cards || []).forEach(function (c) { lastCards[c] = true; });
      var o = { who: opts.who || {}, clock: opts.clock, subjects: opts.subjects || {}, targets: opts.targets || {}, selected: opts.selected || null,
        lastCards: lastCards, lastSeat: last.seat || null, ids: handleIndex(board), found: {} };
      var before = positions();
      renderSide(board, top, "them", o);
      renderSide(board, bottom, "me", o);
      renderLadder(board, o, namer(board, o.who));
      slide(before);
      drawnOnce = true;
      return o.found;
    }

    // What the board draws that an action of the bottom seat may be about: its cards (hand,
    // concentrations, field, boons), "inherent" (its Runeslinger) and its equips; all cards in play.
    function drawn(board, bottom) {
      var out = { inherent: true };
      (board.players || []).forEach(function (p) {
        ["hand", "field", "concentrations"].forEach(function (zone) {
          if (Array.isArray(p[zone])) p[zone].forEach(function (c) { out[c.card] = true; });
        });
        (p.ailments || []).forEach(function (a) { if (a.boon) out[a.boon] = true; });
        if (p.player === bottom) (p.equips || []).forEach(function (id) { out[id] = true; });
      });
      return out;
    }

    // Clicks on lit targets and subjects go to the page (set once per board).
    function onPick(handlers) {
      function pick(event) {
        var target = event.target.closest(".targetable[data-target]");
        if (target && root.contains(target) && handlers.target) { event.preventDefault(); handlers.target(target.dataset.target); return; }
        var subject = event.target.closest(".playable[data-subject]");
        if (subject && root.contains(subject) && handlers.subject) { event.preventDefault(); handlers.subject(subject.dataset.subject); }
      }
      root.addEventListener("click", pick);
      root.addEventListener("keydown", function (event) {
        if ((event.key === "Enter" || event.key === " ") && event.target.getAttribute("role") === "button") pick(event);
      });
    }

    return { el: el, drawn: drawn, parse: parse, describe: describe, namer: namer, clockText: clockText, render: render, onPick: onPick, titled: titled };
  };
})();
