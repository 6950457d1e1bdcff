// The home page's panel "For you now" (#home-needs, templates/_home_needs.html) follows the events
// it shows on the site socket (live.js): a round paired, published or ended, or a push about one
// of the reader's own tables (an organiser's event: any table), makes it read the panel again over
// HTTP and put it in place. It re-reads whenever a subscription (re)opens, so a push lost meanwhile
// costs nothing, and when the page comes back into view; nothing polls.
//
// window.rereadHome() reads the panel again: the one call another live source (a per-person topic)
// needs to hook to.
(function () {
  "use strict";
  if (!document.getElementById("home-needs") || !window.FettLive || !window.Fett) return;
  var followed = {};   // event id -> true
  var asked = 0;       // the number of the newest read asked for

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
})();
