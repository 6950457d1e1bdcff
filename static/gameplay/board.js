// Board rendering shared by the play page (play.js) and the replay page (replay.js).
// FettBoard(root, catalog) returns helpers bound to a page: `root` holds the sections
// [data-side="them"], [data-side="me"] and .ladder (templates/gameplay/_board.html).
// A board is the engine's view (or the public one); it never holds a card the viewer may not see.
(function () {
  "use strict";

  var el = window.Fett.el;  // static/js/dom.js
  function clockText(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }
  function subjectOf(action) { var m = action.match(/^\w+ (c\d+)/); return m ? m[1] : null; }
  function count(pile) { return Array.isArray(pile) ? pile.length : pile; }

  window.FettBoard = function (root, catalog) {
    function cardName(id) { return id ? (catalog.cards[id] || {}).name || catalog.names[id] || id : "Concentration"; }
    function handleIndex(board) {
      var byHandle = {};
      board.players.forEach(function (p) {
        ["hand", "discard", "void", "field"].forEach(function (zone) {
          if (Array.isArray(p[zone])) p[zone].forEach(function (c) { if (c.id) byHandle[c.card] = cardName(c.id); });
        });
        (p.concentrations || []).forEach(function (c) { if (!byHandle[c.card]) byHandle[c.card] = c.id ? cardName(c.id) : "concentration"; });
      });
      return byHandle;
    }
    // "play c12 target=p2" in words; `who` names the seats ({p1: "you", p2: "opponent"} or players' names).
    function describe(action, board, who) {
      var names = handleIndex(board);
      return action.split(" ").map(function (word) {
        if (/^c\d+$/.test(word)) return names[word] || word;
        var kv = word.match(/^(\w+)=(.+)$/);
        if (kv) {
          var value = kv[2].replace(/^p[12]$/, function (p) { return who[p] || p; })
            .replace(/^c\d+$/, function (c) { return names[c] || c; });
          return (kv[1] === "target" ? "→ " : kv[1] + ": ") + value;
        }
        return word;
      }).join(" ");
    }
    function zone(name, cards) {
      return el("div", { className: "zone" }, [el("h3", { text: name }),
        el("div", { className: "cards-row" }, cards.length ? cards : [el("span", { className: "muted", text: "—" })])]);
    }
    function cardButton(c, board, opts, extraClass, note) {
      var playable = (board.legal || []).some(function (a) { return subjectOf(a) === c.card; });
      var info = catalog.cards[c.id] || {};
      var button = el("button", { type: "button", className: "gcard " + extraClass + (playable ? " playable" : "") + (opts.selected === c.card ? " selected" : ""),
        "data-card": c.card, title: info.text || "" }, [el("span", { text: cardName(c.id) }),
        el("small", { text: [info.type, info.cost !== undefined ? info.cost + " light" : "", note].filter(Boolean).join(" · ") })]);
      if (playable && opts.onSelect) button.addEventListener("click", function () { opts.onSelect(c.card); });
      else button.disabled = true;
      return button;
    }
    // One seat's half of the board. `where` is "me" (the bottom half) or "them" (the top half).
    function renderSide(board, player, where, opts) {
      var p = board.players[player === "p1" ? 0 : 1];
      var title = [el("span", { text: cardName(p.runeslinger) + " · " + (opts.who[player] || player) })];
      if (opts.clock) {
        var c = opts.clock(player);
        title.push(el("span", { className: "clock-chip" + (c.running ? " running" : "") + (c.ms < 120000 ? " low" : ""),
          "data-testid": "clock-" + where, "data-player": player, text: clockText(c.ms) }));
      }
      var stats = el("div", { className: "stats" }, [
        el("span", { "data-testid": where + "-health", text: "Health " + p.health + "/" + p.max_health }),
        el("span", { text: "Power " + p.power }), el("span", { text: "Determination " + p.determination }),
        el("span", { text: "Light " + p.light }), el("span", { text: "Block " + p.block + (p.barrier ? " (barrier " + p.barrier + ")" : "") }),
        el("span", { text: "Deck " + p.deck }), el("span", { text: "Discard " + count(p.discard) }),
        el("span", { text: "Void " + count(p.void) }),
      ]);
      var side = [el("h2", {}, title), stats];
      if (p.ailments && p.ailments.length) {
        side.push(zone("Ailments", p.ailments.map(function (a) {
          return el("span", { className: "gcard", text: a.type + " × " + a.count + (a.count >= 4 ? " (II)" : " (I)") + (a.boon ? " · boon " + cardName(a.boon.id || "") : "") });
        })));
      }
      var names = handleIndex(board);
      side.push(zone("Concentrations", (p.concentrations || []).map(function (c) {
        return cardButton({ card: c.card, id: c.id }, board, opts, c.used ? "used" : "",
          (c.used ? "used" : "ready") + (c.covered_by ? " · covered by " + (names[c.covered_by] || "a card") : " · exposed"));
      })));
      side.push(zone("Field", (p.field || []).map(function (c) {
        return cardButton(c, board, opts, c.used ? "used" : "", (c.damage ? c.damage + " damage · " : "") + (c.tokens ? c.tokens + " tokens" : ""));
      })));
      if (Array.isArray(p.hand)) side.push(zone("Hand", p.hand.map(function (c) { return cardButton(c, board, opts, "", ""); })));
      else side.push(zone("Hand", [el("span", { className: "gcard", "data-testid": where === "me" ? "my-hand-count" : "their-hand", text: p.hand_count + " cards" })]));
      var section = root.querySelector('[data-side="' + where + '"]');
      section.dataset.player = player;
      section.replaceChildren.apply(section, side);
    }
    // The whole board: `opts.bottom` is the seat drawn at the bottom ("me"), the other on top.
    // opts: {bottom, who: {p1, p2}, clock(player) -> {ms, running} (optional), selected, onSelect}
    function render(board, opts) {
      var bottom = opts.bottom || "p1", top = bottom === "p1" ? "p2" : "p1";
      renderSide(board, top, "them", opts);
      renderSide(board, bottom, "me", opts);
      var ladder = root.querySelector(".ladder");
      ladder.replaceChildren.apply(ladder, (board.ladder || []).map(function (r) {
        var owner = opts.who[r.controller] || r.controller;
        var text = owner.charAt(0).toUpperCase() + owner.slice(1) + ": " + describe(r.card || "ability", board, opts.who) + (r.targets.length ? " → " + r.targets.join(", ") : "");
        // Mirror Ward turned it back: every target it declared becomes its controller when it resolves.
        if (r.redirected) text += " · turned back by Mirror Ward: it hits its own side";
        return el("div", { className: "rung" + (r.redirected ? " redirected" : ""), text: text });
      }));
    }
    return { el: el, cardName: cardName, describe: describe, subjectOf: subjectOf, clockText: clockText, render: render };
  };
})();
