// The home page's panel "For you now" (#home-needs, templates/_home_needs.html) follows the events
// it shows on the site socket (live.js): a round paired, published or ended, or a push about one
// of the reader's own tables (an organiser's event: any table), makes it read the panel again over
// HTTP and put it in place. It re-reads whenever a subscription (re)opens, so a push lost meanwhile
// costs nothing, and when the page comes back into view; nothing polls.
//
// It also re-reads on a notice to the reader (the "fett:notice" event static/js/notices.js sends for
// the bell's "me" topic), and on a change of the reader's turn in a match or table ("fett:play", on
// the same topic; one read per PLAY_WAIT_MS however many moves come). window.rereadHome() reads
// the panel again: the one call another live source needs.
(function () {
  "use strict";
  if (!document.getElementById("home-needs") || !window.FettLive || !window.Fett) return;
  var followed = {};   // event id -> true
  var asked = 0;       // the number of the newest read asked for
  var PLAY_WAIT_MS = 400;  // the pushes of one burst of moves are read as one

  function list(panel, name) {
    var text = panel.dataset[name] || "";
    return text ? text.split(",") : [];
  }

  // Two pushes close together ask twice and the answers can come back out of order: only the
  // newest asked for is put in place, so an older panel never replaces a newer one.
  function reread() {
    var panel = document.getElementById("home-needs");
    if (!panel) return;
    var mine = ++asked;
    window.Fett.page(panel.dataset.live)
      .then(function (answer) {
        if (!answer.ok || mine !== asked) return;
        var fresh = new DOMParser().parseFromString(answer.html, "text/html").getElementById("home-needs");
        var old = document.getElementById("home-needs");
        if (!fresh || !old) return;
        old.replaceWith(fresh);
        document.dispatchEvent(new CustomEvent("htmx:afterSwap"));  // the countdowns draw at once
        follow(fresh);
      }, function () { /* the next push or reconnect tries again */ });
  }

  function aboutMe(eventId, message) {
    if (message.kind === "round") return true;
    var panel = document.getElementById("home-needs");
    if (!panel) return false;
    if (message.kind === "swap") return !!panel.querySelector(".need-swap");
    if (message.kind !== "table") return false;
    if (list(panel, "allTables").indexOf(eventId) >= 0) return true;
    return list(panel, "tables").indexOf(eventId + ":" + message.round + ":" + message.table) >= 0;
  }

  function follow(panel) {
    list(panel, "events").forEach(function (eventId) {
      if (followed[eventId]) return;
      followed[eventId] = true;
      window.FettLive.subscribe("event", eventId, {
        reread: reread,
        message: function (message) { if (aboutMe(eventId, message)) reread(); },
        refused: function () { /* an event no longer shown: the panel says what there is */ },
      });
    });
  }

  window.rereadHome = reread;
  follow(document.getElementById("home-needs"));
  document.addEventListener("visibilitychange", function () { if (!document.hidden) reread(); });
  // a notice to this person (the bell's "me" topic, static/js/notices.js): a turn, an invitation, a
  // place offered... may be a new thing for the panel
  document.addEventListener("fett:notice", function () { reread(); });
  // a match or table of this person's changed for them (the "me" topic's {"kind": "play"}, sent
  // with a move that changes who decides): a live match sends a burst of these, so the first one
  // starts a short wait and the panel is read once at its end, whatever came meanwhile
  var playWait = null;
  document.addEventListener("fett:play", function () {
    if (playWait !== null) return;
    playWait = setTimeout(function () { playWait = null; reread(); }, PLAY_WAIT_MS);
  });
})();
