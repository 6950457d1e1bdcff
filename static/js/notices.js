// The bell in the header (templates/base.html): the signed-in user's unread notices, kept live by
// the "me" topic of the site socket (accounts/notices/consumers.py MeTopic). Each push says the
// new count; a new notice's title is read out politely to screen readers.
(function () {
  "use strict";
  var bell = document.querySelector("[data-testid=bell]");
  if (!bell || !window.FettLive) return;
  var count = bell.querySelector("[data-testid=bell-count]");

  function show(unread) {
    count.textContent = String(unread);
    count.hidden = !unread;
    bell.setAttribute("aria-label", unread ? "Notices: " + unread + " unread" : "Notices");
  }

  window.FettLive.subscribe("me", bell.dataset.user, {
    message: function (payload) {
      if (payload && typeof payload.unread === "number") show(payload.unread);
      if (payload && payload.kind === "notice" && payload.title) bell.title = payload.title;
    },
    reread: function () {},
    refused: function () {},
    quiet: true,
  });
})();
