// The player's table on the event page (#my-match, tournaments/_my_match.html) follows the event on
// the site socket (live.js) instead of a timer: a push about this table (a report, a correction, a
// confirmation, a dispute, a result set) or about the round (published, ended, time added or
// called) makes it re-read the panel over HTTP and swap it in place (htmx; a half-filled report
// is kept by hx-preserve). It re-reads whenever its subscription (re)opens, so a push lost
// meanwhile costs nothing; nothing polls.
(function () {
  "use strict";
  var first = document.getElementById("my-match");
  if (!first || !window.htmx || !window.FettLive) return;

  function reread() {
    var panel = document.getElementById("my-match");
    if (panel) window.htmx.ajax("GET", panel.dataset.live, { target: "#my-match", swap: "outerHTML" });
  }

  function aboutMe(message) {
    var panel = document.getElementById("my-match");
    if (!panel) return false;
    if (message.kind === "round") return true;
    return message.kind === "table" && panel.dataset.table !== "" &&
      String(message.round) === panel.dataset.round && String(message.table) === panel.dataset.table;
  }

  window.FettLive.subscribe("event", first.dataset.event, {
    reread: reread,
    message: function (message) { if (aboutMe(message)) reread(); },
  });
})();
