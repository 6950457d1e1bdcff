// The event's live socket (ws/events/<id>/, tournaments/live.py), shared by the projector, the
// player's table on the event page (my-match.js) and the deck-swap page.
// window.FettEventLive(eventId, page): page.reread() is called whenever the socket opens (first
// time and every reconnect: a push lost while it was down costs nothing) and, while no socket is
// live, every page.every ms (10 s by default); page.message(message) gets every push.
// The page's body says whether the socket is up: data-socket="live" or "down".
(function () {
  "use strict";

  window.FettEventLive = function (eventId, page) {
    var socket = null;
    var every = page.every || 10000;

    function connect() {
      if (!("WebSocket" in window)) return;
      var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/events/" + eventId + "/";
      var opened = new WebSocket(url);
      socket = opened;
      opened.onopen = function () {
        document.body.dataset.socket = "live";
        page.reread();
      };
      opened.onmessage = function (event) {
        var message;
        try { message = JSON.parse(event.data); } catch (error) { return; }
        if (message.kind !== "hello") page.message(message);
      };
      opened.onclose = function () {
        document.body.dataset.socket = "down";
        socket = null;
        setTimeout(connect, 2000);
      };
    }

    setInterval(function () {
      if (!socket || socket.readyState !== 1) page.reread();
    }, every);
    connect();
    return { live: function () { return !!socket && socket.readyState === 1; } };
  };
})();
