// Learn to play (docs/learn.md): draws the sample Runemasters table of templates/learn/runemasters.html
// with the play page's own board script (static/gameplay/runemasters-board.js, loaded before this
// one). The view is a fresh game's, embedded by the page as json_script "learn-board"; it has nothing
// to act on, so the board draws no buttons and `act` is never called.
(function () {
  "use strict";

  var holder = document.querySelector("[data-learn-board]");
  var data = document.getElementById("learn-board");
  if (!holder || !data || !window.FettRunemastersBoard) return;
  window.FettRunemastersBoard(holder).render(JSON.parse(data.textContent), function () {});
})();
