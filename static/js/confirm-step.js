// Weighty buttons (links marked data-confirm-step) open their confirmation page in a <dialog>
// instead of a new page: the same text, the same Confirm form (it still POSTs confirm=yes), and
// Cancel closes the dialog. Without JavaScript, or if the page cannot be fetched, the link is
// simply followed to the confirmation page.
(function () {
  if (!window.HTMLDialogElement || !window.DOMParser || !window.Fett) return;

  function dialogFor(content) {
    var dialog = window.Fett.el("dialog", { className: "confirm-dialog", "aria-labelledby": "confirm-dialog-title" }, [content]);
    var title = content.querySelector("h1");
    if (title) title.id = "confirm-dialog-title";
    dialog.addEventListener("close", function () { dialog.remove(); });
    dialog.addEventListener("click", function (event) {
      if (event.target.closest("[data-testid=confirm-cancel], [data-dialog-back]")) {
        event.preventDefault();
        dialog.close();
      }
    });
    return dialog;
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest("a[data-confirm-step]");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    window.Fett.page(link.href)
      .then(function (answer) {
        if (!answer.ok) throw new Error("no confirmation");
        var page = new DOMParser().parseFromString(answer.html, "text/html");
        var content = page.querySelector("[data-testid=confirmation]");
        if (!content) throw new Error("no confirmation");
        var dialog = dialogFor(document.importNode(content, true));
        document.body.appendChild(dialog);
        dialog.showModal();
      })
      .catch(function () { window.location.href = link.href; });
  });
})();
