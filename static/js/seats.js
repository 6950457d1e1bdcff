// "Where do I sit?": the name box on a round page filters the seat cards as you type. Without
// script the box is a GET form (?q=) that the server filters.
(function () {
  "use strict";
  document.querySelectorAll("[data-seat-search]").forEach(function (input) {
    var list = document.getElementById(input.dataset.seatSearch);
    var none = list.parentNode.querySelector("[data-seat-none]");
    var cards = Array.prototype.slice.call(list.querySelectorAll("[data-name]"));
    function filter() {
      var wanted = input.value.trim().toLowerCase();
      var shown = 0;
      cards.forEach(function (card) {
        var match = card.dataset.name.indexOf(wanted) !== -1;
        card.hidden = !match;
        if (match) shown += 1;
      });
      if (none) none.hidden = shown > 0;
    }
    input.addEventListener("input", filter);
  });
})();
