// The bell in the header (templates/base.html): the signed-in user's unread notices, kept live by
// the "me" topic of the site socket (accounts/notices/consumers.py MeTopic). Each push says the
// new count; a new notice's title is read out politely to screen readers. The same topic says
// {"kind": "play"} when one of the person's matches or tables changes for them ("fett:play").
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
      // other scripts of the page (the home page's panel) act on a new notice too
      if (payload && payload.kind === "notice") document.dispatchEvent(new CustomEvent("fett:notice", { detail: payload }));
      // a match or table of this person's changed for them (a turn came or went, it started or
      // ended): no notice, no words, only that; the home page's panel reads itself again
      if (payload && payload.kind === "play") document.dispatchEvent(new CustomEvent("fett:play"));
    },
    reread: function () {},
    refused: function () {},
    quiet: true,
  });
})();
