// The event form: picking a format that is played best of three (Classic) sets "Best of three",
// unless the organiser has already chosen the number of games themselves.
(function () {
  "use strict";
  var format = document.getElementById("id_format");
  var bestOf = document.getElementById("id_best_of");
  if (!format || !bestOf || !format.dataset.bestOfThree) return;
  var threes = format.dataset.bestOfThree.split(" ");
  var chosen = false;
  bestOf.addEventListener("change", function () { chosen = true; });
  format.addEventListener("change", function () {
    if (chosen) return;
    bestOf.value = threes.indexOf(format.value) >= 0 ? "3" : "1";
  });
})();
