// The projector page follows the event on the site socket (live.js): a table whose result comes in
// turns "Finished" in place, a match played here that waited for its players turns "Playing" when
// it starts, with the count of tables still playing (and still waiting); a new round, a round ended or
// time added (a "round" push) makes it re-read its small state and, when that changed, the page,
// whose body it swaps in place (the pairings of a new round are a new list). It re-reads the state
// with every table whenever its subscription (re)opens (an answer older than a push is asked
// again); nothing polls.
(function () {
  "use strict";
  var body = document.body;
  var url = body.dataset.poll;
  if (!url || !window.Fett || !window.FettLive) return;

  function key(state) {
    return [state.round, state.status, state.ends_at].map(function (v) { return v === null || v === undefined ? "" : v; }).join("|");
  }

  function counted(n, one, many) { return (n === 1 ? one : many).replace("{n}", String(n)); }

  function count() {
    var line = document.querySelector("[data-testid=projector-playing]");
    if (!line) return;
    var open = "[data-table]:not(.is-finished)";
    var playing = document.querySelectorAll(open + ":not(.is-waiting) [data-testid=table-status]").length;
    var waiting = document.querySelectorAll(open + ".is-waiting [data-testid=table-status]").length;
    var parts = [];
    if (playing) parts.push(counted(playing, line.dataset.one, line.dataset.many));
    if (waiting) parts.push(counted(waiting, line.dataset.waitingOne, line.dataset.waitingMany));
    line.textContent = parts.length ? parts.join(" · ") : line.dataset.none;
  }

  function mark(table, finished, waiting) {
    var row = document.querySelector('[data-table="' + table + '"]');
    var status = row && row.querySelector("[data-testid=table-status]");
    if (!status) return;  // a bye, or a table this page does not show
    waiting = !finished && Boolean(waiting);
    row.classList.toggle("is-finished", finished);
    row.classList.toggle("is-waiting", waiting);
    status.textContent = finished ? status.dataset.finished : waiting ? status.dataset.waiting : status.dataset.playing;
  }

  // A re-read asked before a table's push can be answered after it: its tables are then older than
  // the mark the push made. Such an answer is not drawn; it is asked again (pushes follow commits,
  // so the next answer holds them).
  var pushes = 0;

  function reread() {
    var asked = pushes;
    window.Fett.request(url + "?tables=1").then(function (answer) {
      if (!answer.ok) return;
      if (key(answer.data) !== body.dataset.state) { window.FettLive.redraw("body"); return; }
      if (asked !== pushes) { reread(); return; }
      (answer.data.tables || []).forEach(function (t) { mark(t.table, t.finished, t.waiting); });
      count();
    }, function () { /* offline for a moment: the socket's reconnect re-reads */ });
  }

  window.FettLive.subscribe("event", body.dataset.event, {
    reread: reread,
    message: function (message) {
      if (message.kind === "table" && String(message.round) === body.dataset.round) {
        pushes += 1;
        mark(message.table, message.finished, message.waiting);
        count();
      } else if (message.kind === "round") {
        reread();
      }
    },
  });
})();
