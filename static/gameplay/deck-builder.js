// The deck builder checks the deck as it is edited, except while a card is being picked in the
// "Add a card" box (that has its own button). htmx's trigger filters would do this with eval,
// which the Content-Security-Policy refuses, so this script tells the result panel instead.
(function () {
  function relay(name) {
    return function (event) {
      var form = event.target.closest && event.target.closest("#builder-form");
      if (!form || event.target.closest(".add-card")) return;
      var result = form.querySelector("#deck-result");
      if (result) result.dispatchEvent(new CustomEvent(name));
    };
  }
  document.addEventListener("input", relay("deck-input"));
  document.addEventListener("change", relay("deck-change"));
})();
