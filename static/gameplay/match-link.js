// The link between a match page and the server, shared by the play page (play.js) and a table's
// page (coop-play.js): the REST reads and posts (with the CSRF token), the match followed on the
// page's one site socket (live.js, which reconnects), and keeping in step by version: a push that
// skips a version, or a subscription that (re)opens, makes the page re-read its view. Nothing polls:
// while the socket is down the page says it is reconnecting. Moves go on the socket while it is live
// (link.act), by POST otherwise.
//
// window.FettMatchLink(root, page): root carries data-api (the view) and data-match, and holds the
// error line [data-testid=play-error]; page gives
// accept(view) (draw a view; old versions are the page's to ignore), version() (the version it
// shows) and, optionally, message(message) for every other message (presence, chat, rematch).
// The socket is announced with the "fett:socket" event (its detail sends JSON text under the match's
// topic, as table.js's chat does, and has readyState 1 while live; null when down) and every
// message with "fett:message".
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
    var link = { socket: null, sending: false };

    function post(url, body) { return window.Fett.request(url, body || {}, csrf()); }
    function reread() {
      return window.Fett.request(root.dataset.api).then(function (answer) { return answer.data; }).then(page.accept);
    }
    function live() { return !!link.socket && link.socket.readyState === 1; }

    // A player's move (or choice, or concession): one at a time (link.sending; a new view ends the
    // wait too); a refusal is shown in the page's error line and the view re-read. ``answered()``
    // runs when the answer comes, before the view is drawn (the page forgets what was tapped).
    function submit(url, body, answered) {
      if (link.sending) return;
      link.sending = true;
      var error = root.querySelector('[data-testid="play-error"]');
      error.textContent = "";
      post(url, body)
        .then(function (answer) {
          link.sending = false;
          if (answered) answered();
          if (answer.ok) return page.accept(answer.data);
          error.textContent = problem(answer.data);
          return reread();
        })
        .catch(function () { link.sending = false; error.textContent = "Connection trouble; trying again."; reread(); });
    }

    // A move while the socket is live goes on it ({"type": "act"}, answered "acted" or
    // "act-refused", as the play API answers a POST); when it is down, by POST. A move sent on the
    // socket is never sent again by POST: if the socket drops or no answer comes, the page gives up
    // waiting and re-reads its view (the version says whether the move was played), and the player
    // may move again; a move sent twice is played once anyway (the second's version is stale).
    var handle = null, waiting = null, asked = 0;
    var NO_ANSWER_MS = 20000;
    function giveUpWaiting() {
      if (!waiting) return;
      clearTimeout(waiting.timer);
      waiting = null;
      link.sending = false;
      reread();
    }
    function act(url, body, answered) {
      if (link.sending) return;
      if (!handle || !handle.live()) { submit(url, body, answered); return; }
      link.sending = true;
      root.querySelector('[data-testid="play-error"]').textContent = "";
      asked += 1;
      waiting = { request: "move-" + asked, answered: answered, timer: setTimeout(giveUpWaiting, NO_ANSWER_MS) };
      var message = { type: "act", request: waiting.request };
      Object.keys(body).forEach(function (k) { message[k] = body[k]; });
      if (!handle.send(message)) { clearTimeout(waiting.timer); waiting = null; link.sending = false; submit(url, body, answered); }
    }
    // The answer to this page's move on the socket; true when the message was one.
    function actAnswer(message) {
      if (message.type !== "acted" && message.type !== "act-refused") return false;
      if (!waiting || message.request !== waiting.request) return true;  // an answer to a move given up on
      var answered = waiting.answered;
      clearTimeout(waiting.timer);
      waiting = null;
      link.sending = false;
      // The move's own push often comes first; the player may have tapped something since. Only an
      // answer newer than the page forgets the taps (a refusal always does).
      var newer = message.view && message.view.version > page.version();
      if (answered && (message.type !== "acted" || newer)) answered();
      if (message.type === "acted") { page.accept(message.view); return true; }
      root.querySelector('[data-testid="play-error"]').textContent = message.detail || "That did not work.";
      if (message.view) page.accept(message.view); else reread();
      return true;
    }

    function connect() {
      var status = root.querySelector('[data-testid="connection"]');
      if (!window.FettLive) return;
      var socket = {  // what table.js sends its chat through
        get readyState() { return handle && handle.live() ? 1 : 3; },
        send: function (text) { if (handle) handle.send(JSON.parse(text)); },
      };
      handle = window.FettLive.subscribe("match", root.dataset.match, {
        reread: function () {  // the subscription (re)opened
          link.socket = socket;
          if (status) status.textContent = "live";
          root.dispatchEvent(new CustomEvent("fett:socket", { detail: socket }));
          reread();
        },
        message: function (message) {
          if (actAnswer(message)) return;
          root.dispatchEvent(new CustomEvent("fett:message", { detail: message }));
          if (message.type !== "view") { if (page.message) page.message(message); return; }
          if (message.version > page.version() + 1) reread(); else page.accept(message.view);
        },
        state: function (up) {
          if (up) return;
          giveUpWaiting();
          if (status) status.textContent = "reconnecting…";
          link.socket = null;
          root.dispatchEvent(new CustomEvent("fett:socket", { detail: null }));
        },
        refused: function (detail) {
          if (status) status.textContent = "not followed";
          var error = root.querySelector('[data-testid="play-error"]');
          if (error) error.textContent = detail;
        },
      });
    }

    // Read the view now, follow the match, and run ``tick`` (the clocks drawn) once a second.
    function start(tick) {
      if (tick) setInterval(tick, 1000);  // live-ok: a clock display tick, it reads nothing
      reread();
      connect();
    }

    link.post = post;
    link.submit = submit;
    link.act = act;
    link.reread = reread;
    link.live = live;
    link.start = start;
    link.problem = problem;
    return link;
  };
})();
