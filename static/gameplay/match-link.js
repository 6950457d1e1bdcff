// The link between a match page and the server, shared by the play page (play.js) and a table's
// page (coop-play.js): the REST reads and posts (with the CSRF token), the one socket of the page
// with its reconnects, and keeping in step by version: a push that skips a version, a socket that
// (re)opens, or no live socket at all (polled once a second) makes the page re-read its view.
//
// window.FettMatchLink(root, page): root carries data-api (the view) and data-match; page gives
// accept(view) (draw a view; old versions are the page's to ignore), version() (the version it
// shows) and, optionally, message(message) for every other message (presence, chat, rematch).
// The socket is announced with the "fett:socket" event and every message with "fett:message".
(function () {
  "use strict";

  function csrf() {
    var m = document.cookie.match(/csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
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

  window.FettMatchLink = function (root, page) {
    var link = { socket: null };

    function post(url, body) { return window.Fett.request(url, body || {}, csrf()); }
    function reread() {
      return window.Fett.request(root.dataset.api).then(function (answer) { return answer.data; }).then(page.accept);
    }
    function live() { return !!link.socket && link.socket.readyState === 1; }

    function connect() {
      var status = root.querySelector('[data-testid="connection"]');
      if (!("WebSocket" in window)) return;
      var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/play/" + root.dataset.match + "/";
      var socket = new WebSocket(url);
      link.socket = socket;
      socket.onopen = function () {
        if (status) status.textContent = "live";
        root.dispatchEvent(new CustomEvent("fett:socket", { detail: socket }));
        reread();
      };
      socket.onmessage = function (event) {
        var message = JSON.parse(event.data);
        root.dispatchEvent(new CustomEvent("fett:message", { detail: message }));
        if (message.type !== "view") { if (page.message) page.message(message); return; }
        if (message.version > page.version() + 1) reread(); else page.accept(message.view);
      };
      socket.onclose = function () {
        if (status) status.textContent = "reconnecting…";
        link.socket = null;
        root.dispatchEvent(new CustomEvent("fett:socket", { detail: null }));
        setTimeout(connect, 2000);
      };
    }

    // Read the view now, open the socket, and once a second run ``tick`` and poll while no socket is live.
    function start(tick) {
      setInterval(function () {
        if (tick) tick();
        if (!live()) reread();
      }, 1000);
      reread();
      connect();
    }

    link.post = post;
    link.reread = reread;
    link.live = live;
    link.start = start;
    link.problem = problem;
    return link;
  };
})();
