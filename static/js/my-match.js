// The player's table on the event page (#my-match, tournaments/_my_match.html) follows the event on
// the site socket (live.js) instead of a timer: a push about this table (a report, a correction, a
// confirmation, a dispute, a result set) or about the round (published, ended, time added or
// called) makes it re-read the panel over HTTP and swap it in place (htmx.swap; a half-filled
// report is kept by hx-preserve). It re-reads whenever its subscription (re)opens, so a push lost
// meanwhile costs nothing; nothing polls.
(function () {
  "use strict";
  var first = document.getElementById("my-match");
  if (!first || !window.htmx || !window.FettLive || !window.Fett) return;
  var asked = 0;  // the number of the newest read asked for

  // A push while a read is out asks again, and the answers can come back in either order: only
  // the newest asked for is put in place, into the panel shown at that moment (an answer put into
  // a panel that an earlier answer had already replaced would never be seen).
  function reread() {
    var panel = document.getElementById("my-match");
    if (!panel) return;
    var mine = ++asked;
    window.Fett.page(panel.dataset.live).then(function (answer) {
      var shown = document.getElementById("my-match");
      if (!answer.ok || mine !== asked || !shown) return;
      window.htmx.swap(shown, answer.html, { swapStyle: "outerHTML" });
    }, function () { /* the next push or reconnect tries again */ });
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
