// The event form: picking a format that is played best of three (Classic) sets "Best of three",
// unless the organiser has already chosen the number of games themselves; picking a format of a
// game played at the table (Runebound) unticks and disables "played on the site" (the server
// refuses it). Choosing the "Pods" structure shows the pod settings (size, smallest and largest
// pod, points per place) and hides the settings of events played in pairs (games per match, top
// cut, tiebreakers, matches here). The settings of matches played on the site (clocks, the wait
// for both players, extra turns, watching) show only while "played on the site" is ticked.
// Without this script every field shows; settings that do not apply are kept but unused.
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
  var structure = document.getElementById("id_structure");
  var onSite = document.getElementById("id_played_on_site");
  function fieldsOf(selector) {
    return Array.prototype.map.call(document.querySelectorAll(selector), function (input) {
      return input.closest(".field") || input;
    });
  }
  var podsOnly = fieldsOf("[data-pods-only]");
  var pairsOnly = fieldsOf("[data-pairs-only]");
  var onSiteOnly = fieldsOf("[data-on-site-only]");
  function show() {
    var pods = structure ? structure.value === "pods" : false;
    var here = onSite ? onSite.checked : true;
    podsOnly.forEach(function (field) { field.hidden = !pods; });
    pairsOnly.forEach(function (field) { field.hidden = pods; });
    onSiteOnly.forEach(function (field) { if (!here) field.hidden = true; });  // after pairsOnly: both must allow it
  }

  if (onSite && format.dataset.tableOnly) {
    var tableOnly = format.dataset.tableOnly.split(" ");
    var follow = function () {
      var atTable = tableOnly.indexOf(format.value) >= 0;
      if (atTable) onSite.checked = false;
      onSite.disabled = atTable;
      show();
    };
    format.addEventListener("change", follow);
    follow();
  }
  if (structure) structure.addEventListener("change", show);
  if (onSite) onSite.addEventListener("change", show);
  show();
})();
