// "Find a player": a search box (hidden until this script runs, so pages without scripts show the
// whole list) that hides the entries of a list whose data-name does not contain what is typed.
// <input class="find-name" data-find-in="LIST_ID" hidden> filters #LIST_ID's [data-name] children.
(function () {
  "use strict";

  function attach(input) {
    var list = document.getElementById(input.getAttribute("data-find-in"));
    if (!list) return;
    var entries = list.querySelectorAll("[data-name]");
    input.hidden = false;
    input.addEventListener("input", function () {
      var wanted = input.value.trim().toLowerCase();
      entries.forEach(function (entry) {
        entry.hidden = wanted !== "" && entry.getAttribute("data-name").indexOf(wanted) === -1;
      });
    });
  }

  document.querySelectorAll("input.find-name[data-find-in]").forEach(attach);
})();
