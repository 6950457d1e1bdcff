// The deck-swap page: counts the cards tagged left and right as they are tapped, and reloads the
// page when the swap moves on (someone chose, the cards were passed) or its round ends. It follows
// the event's socket (event-live.js): a push about this swap, or about the round, makes it re-read
// the swap over the API; so does every (re)connect, and every 10 s while no socket is live.
(function () {
  var root = document.getElementById("swap");
  if (!root) return;
  var form = document.getElementById("swap-form");
  function count() {
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
  if (form) form.addEventListener("change", count);
  count();
  var dirty = false;
  if (form) form.addEventListener("change", function () { dirty = true; });
  function reread() {
    if (root.dataset.phase === "skipped") return;
    window.Fett.request(root.dataset.swapUrl)
      .then(function (answer) {
        if (!answer.ok) return;
        var state = answer.data;
        if (root.dataset.phase !== "choosing") {  // passed: only the end of the round is news
          if ((state.round_over ? "yes" : "no") !== root.dataset.roundOver) window.location.reload();
          return;
        }
        var moved = String(state.version) !== root.dataset.version;
        // A half-made choice is not thrown away by someone else's choice; the pass always shows.
        if (state.phase !== "choosing" || (moved && !dirty)) window.location.reload();
      })
      .catch(function () {});
  }
  if (!window.FettEventLive) return;
  window.FettEventLive(root.dataset.event, {
    reread: reread,
    message: function (message) {
      if (message.kind === "round" || (message.kind === "swap" && String(message.swap) === root.dataset.swap)) reread();
    },
  });
})();
