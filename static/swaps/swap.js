// The deck-swap page: counts the cards tagged left and right as they are tapped, and redraws the
// swap (#swap, read again from the page) when it moves on (someone chose, the cards were passed) or
// its round ends. It follows the event on the site socket (live.js): a push about this swap, or
// about the round, makes it re-read the swap over the API; so does every time its subscription
// (re)opens. Nothing polls.
(function () {
  "use strict";
  var root = document.getElementById("swap");
  if (!root) return;
  var dirty = false;

  function count() {
    var form = document.getElementById("swap-form");
    if (!form) return;
    var left = 0, right = 0;
    form.querySelectorAll(".swap-card").forEach(function (card) {
      var checked = card.querySelector("input[type=radio]:checked");
      var side = checked ? checked.value : "";
      card.classList.toggle("swap-left", side === "left");
      card.classList.toggle("swap-right", side === "right");
      if (side === "left") left += 1;
      if (side === "right") right += 1;
    });
    form.querySelector("[data-count]").textContent = String(left + right);
    form.querySelector("[data-left-count]").textContent = String(left);
    form.querySelector("[data-right-count]").textContent = String(right);
  }

  // The form (new after each redraw): a tap counts, and marks a half-made choice to keep.
  function bind() {
    var form = document.getElementById("swap-form");
    dirty = false;
    if (form) form.addEventListener("change", function () { dirty = true; count(); });
    count();
  }

  function redraw() {
    window.FettLive.redraw("#swap").then(function (fresh) {
      if (fresh) { root = fresh; bind(); }
    });
  }

  function reread() {
    if (root.dataset.phase === "skipped") return;
    window.Fett.request(root.dataset.swapUrl)
      .then(function (answer) {
        if (!answer.ok) return;
        var state = answer.data;
        if (root.dataset.phase !== "choosing") {  // passed: only the end of the round is news
          if ((state.round_over ? "yes" : "no") !== root.dataset.roundOver) redraw();
          return;
        }
        var moved = String(state.version) !== root.dataset.version;
        // A half-made choice is not thrown away by someone else's choice; the pass always shows.
        if (state.phase !== "choosing" || (moved && !dirty)) redraw();
      })
      .catch(function () {});
  }

  bind();
  if (!window.FettLive) return;
  window.FettLive.subscribe("event", root.dataset.event, {
    reread: reread,
    message: function (message) {
      if (message.kind === "round" || (message.kind === "swap" && String(message.swap) === root.dataset.swap)) reread();
    },
  });
})();
