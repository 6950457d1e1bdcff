// The page's one socket to the site (ws/live/, common/consumers.py LiveConsumer), shared by every
// live part of the page: the event page and its player's table, the projector, the deck-swap page,
// the play page and a table's page, the draft pages.
//
// window.FettLive.subscribe(topic, id, handlers[, seat]) follows one topic ("event", "match",
// "pod") and answers a handle: handle.send(message) sends a message under that topic (a player's
// chat), handle.live() says whether the subscription is open. handlers:
//   message(payload)  every push of the topic, as the server's app sent it;
//   reread()          read the page's data again over HTTP: called once each time the subscription
//                     opens (the first time and after every reconnect), so a push lost while the
//                     socket was down costs nothing;
//   state(live)       optional: the socket went live (true) or down (false);
//   refused(detail)   optional: the server would not let this page follow the topic;
//   quiet             optional, true: the socket's state is not said for this topic (the bell).
// The socket opens with the first subscription and reconnects after 1 s, 2 s, 4 s, ... up to 30 s;
// nothing polls meanwhile. While it is down the page says so in a line of its own
// ([data-testid=live-status]) and body[data-socket] is "down"; "live" once it is back.
// window.FettLive.redraw(selector) re-reads a server-drawn page and swaps the part that changed.
(function () {
  "use strict";
  if (window.FettLive) return;  // loaded by the page and by base.html's bell: one socket all the same
  var followed = {};  // "kind:id" -> {spec, handlers, open}
  var socket = null, wait = 1000, retry = null, line = null;

  function key(kind, id) { return kind + ":" + id; }

  function statusLine() {
    if (line && line.isConnected) return line;
    line = document.createElement("p");
    line.className = "message warning live-status";
    line.setAttribute("role", "status");
    line.setAttribute("data-testid", "live-status");
    line.hidden = true;
    var main = document.querySelector("main") || document.body;
    main.insertBefore(line, main.firstChild);
    return line;
  }

  // A page whose only topics are quiet ones (the header's bell, handlers.quiet) says nothing of the
  // socket: no line, no body[data-socket]; the bell is a nicety, not what the page is for.
  function loud() {
    return Object.keys(followed).some(function (k) { return !followed[k].handlers.quiet; });
  }

  function show(text) {
    if (!loud()) { if (line) line.hidden = true; return; }
    var shown = statusLine();
    shown.textContent = text || "";
    shown.hidden = !text;
  }

  function tell(live) {
    if (loud()) document.body.dataset.socket = live ? "live" : "down";
    Object.keys(followed).forEach(function (k) {
      var h = followed[k].handlers;
      if (h.state) h.state(live);
    });
  }

  function subscribeOn(open, entry) {
    var message = { type: "subscribe", topic: entry.spec.topic, id: entry.spec.id };
    if (entry.spec.seat !== undefined && entry.spec.seat !== null) message.seat = entry.spec.seat;
    open.send(JSON.stringify(message));
  }

  function heard(event) {
    var message;
    try { message = JSON.parse(event.data); } catch (error) { return; }
    var entry = message && followed[message.topic];
    if (!entry) return;
    if (message.type === "subscribed") {
      entry.open = true;
      entry.handlers.reread();
    } else if (message.type === "refused") {
      entry.open = false;
      if (entry.handlers.refused) entry.handlers.refused(message.detail);
      else show(message.detail);
    } else if (Object.prototype.hasOwnProperty.call(message, "data")) {
      entry.handlers.message(message.data);
    }
  }

  function connect() {
    retry = null;
    if (!("WebSocket" in window)) { show("This browser cannot follow changes live: reload the page to see them."); return; }
    var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/live/";
    var opened;
    try { opened = new WebSocket(url); } catch (error) { later(); return; }
    socket = opened;
    opened.onopen = function () {
      wait = 1000;
      show("");
      tell(true);
      Object.keys(followed).forEach(function (k) { subscribeOn(opened, followed[k]); });
    };
    opened.onmessage = heard;
    opened.onclose = function () {
      if (socket !== opened) return;
      socket = null;
      Object.keys(followed).forEach(function (k) { followed[k].open = false; });
      tell(false);
      later();
    };
  }

  // The next try after a back-off that doubles each time, up to 30 s; the line says when.
  function later() {
    if (retry) return;
    var seconds = Math.round(wait / 1000);
    show("Connection lost: reconnecting in " + seconds + (seconds === 1 ? " second…" : " seconds…"));
    retry = setTimeout(function () { show("Connection lost: reconnecting…"); connect(); }, wait);
    wait = Math.min(wait * 2, 30000);
  }

  function live() { return !!socket && socket.readyState === 1; }

  // A server-drawn page that changed: read the page again and put the new `selector` element in
  // place of the old one ("body": its attributes and children). Resolves to the element drawn, or
  // null when the page could not be read (the next push or reconnect tries again).
  var asked = {};  // selector -> the number of the newest redraw asked for
  function redraw(selector) {
    var mine = (asked[selector] || 0) + 1;
    asked[selector] = mine;
    return window.Fett.page(location.href).then(function (answer) {
      // Two pushes close together ask twice; answers can come back out of order. Only the newest
      // is drawn, so an older page never replaces a newer one (and no later push would fix it).
      if (mine !== asked[selector] || !answer.ok) return null;
      var fresh = new DOMParser().parseFromString(answer.html, "text/html").querySelector(selector);
      var old = document.querySelector(selector);
      if (!fresh || !old) return null;
      if (selector !== "body") { old.replaceWith(fresh); return fresh; }
      Array.prototype.slice.call(old.attributes).forEach(function (a) { if (!fresh.hasAttribute(a.name)) old.removeAttribute(a.name); });
      Array.prototype.slice.call(fresh.attributes).forEach(function (a) { old.setAttribute(a.name, a.value); });
      old.dataset.socket = live() ? "live" : "down";
      old.replaceChildren.apply(old, Array.prototype.slice.call(fresh.childNodes));
      if (line) { old.insertBefore(line, old.firstChild); }
      return old;
    }, function () { return null; });
  }

  window.FettLive = {
    subscribe: function (topic, id, handlers, seat) {
      var k = key(topic, id);
      var entry = followed[k] = { spec: { topic: topic, id: Number(id), seat: seat }, handlers: handlers, open: false };
      if (live()) {
        subscribeOn(socket, entry);
        // The socket was opened by a quiet topic (the header's bell) before this page's own script
        // ran: the page says it is live now, as it would had this topic opened the socket.
        if (!handlers.quiet) document.body.dataset.socket = "live";
      } else if (!socket && !retry) connect();
      return {
        send: function (message) {
          if (!live() || !entry.open) return false;
          var out = { topic: k };
          Object.keys(message).forEach(function (name) { if (name !== "topic") out[name] = message[name]; });
          socket.send(JSON.stringify(out));
          return true;
        },
        live: function () { return live() && entry.open; },
      };
    },
    live: live,
    redraw: redraw,
  };
})();
