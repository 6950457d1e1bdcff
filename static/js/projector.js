// The projector page polls the event's small state (round, status, deadline) and reloads itself
// when it changes: a new round published, a round ended, time added.
(function () {
  "use strict";
  var body = document.body;
  var url = body.dataset.poll;
  if (!url || !window.Fett) return;
  function key(state) {
    return [state.round, state.status, state.ends_at].map(function (v) { return v === null || v === undefined ? "" : v; }).join("|");
  }
  function poll() {
    window.Fett.request(url).then(function (answer) {
      if (answer.ok && key(answer.data) !== body.dataset.state) window.location.reload();
    }, function () { /* offline for a moment: try again at the next tick */ });
  }
  setInterval(poll, Number(body.dataset.every || 10000));
})();
