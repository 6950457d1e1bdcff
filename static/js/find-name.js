// "Find a player": a search box that hides the entries of a list whose data-name does not contain
// what is typed. <input class="find-name" data-find-in="LIST_ID"> filters #LIST_ID's [data-name]
// children. A box marked hidden shows only once this script runs (pages without scripts show the
// whole list); a box in a GET form (the desk) is the server's filter without scripts. Entries are
// looked up at each filtering, so rows swapped in by htmx are filtered too.
(function () {
  "use strict";

  function attach(input) {
    var list = document.getElementById(input.getAttribute("data-find-in"));
    if (!list) return;
    function filter() {
      var wanted = input.value.trim().toLowerCase();
      list.querySelectorAll("[data-name]").forEach(function (entry) {
        entry.hidden = wanted !== "" && entry.getAttribute("data-name").indexOf(wanted) === -1;
      });
    }
    input.hidden = false;
    input.addEventListener("input", filter);
    document.addEventListener("htmx:afterSettle", filter);
  }

  document.querySelectorAll("input.find-name[data-find-in]").forEach(attach);
})();
