// The event form: picking a format that is played best of three (Classic) sets "Best of three",
// unless the organiser has already chosen the number of games themselves; picking a format of a
// game played at the table (Runebound) unticks and disables "played on site" (the server refuses it).
(function () {
  "use strict";
  var format = document.getElementById("id_format");
  if (!format) return;
  var bestOf = document.getElementById("id_best_of");
  if (bestOf && format.dataset.bestOfThree) {
    var threes = format.dataset.bestOfThree.split(" ");
    var chosen = false;
    bestOf.addEventListener("change", function () { chosen = true; });
    format.addEventListener("change", function () {
      if (chosen) return;
      bestOf.value = threes.indexOf(format.value) >= 0 ? "3" : "1";
    });
  }
  var onSite = document.getElementById("id_played_on_site");
  if (onSite && format.dataset.tableOnly) {
    var tableOnly = format.dataset.tableOnly.split(" ");
    var follow = function () {
      var atTable = tableOnly.indexOf(format.value) >= 0;
      if (atTable) onSite.checked = false;
      onSite.disabled = atTable;
    };
    format.addEventListener("change", follow);
    follow();
  }
})();
