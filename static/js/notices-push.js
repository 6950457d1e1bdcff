// The profile's "Turn on notifications in this browser" (templates/accounts/profile.html): registers
// the service worker (/notices-sw.js), subscribes with the site's VAPID public key and hands the
// subscription to the site (accounts/notices/views.py push_subscribe).
(function () {
  "use strict";
  var button = document.querySelector("[data-testid=push-subscribe]");
  var status = document.querySelector("[data-testid=push-status]");
  if (!button) return;
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    status.textContent = "This browser cannot show notifications from the site.";
    return;
  }
  button.hidden = false;

  function keyBytes(text) {
    var padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(padded), bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  function csrf() {
    var field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  button.addEventListener("click", function () {
    status.textContent = "Asking this browser…";
    Notification.requestPermission().then(function (answer) {
      if (answer !== "granted") throw new Error("Notifications are blocked for this site in this browser.");
      return navigator.serviceWorker.register("/notices-sw.js", { scope: "/" });
    }).then(function (registration) {
      return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(button.dataset.pushKey) });
    }).then(function (subscription) {
      return window.Fett.request("/notices/push/subscribe/", subscription.toJSON(), csrf());
    }).then(function (answer) {
      status.textContent = answer.data.detail || (answer.ok ? "Done." : "The site could not keep this browser's subscription.");
    }).catch(function (error) {
      status.textContent = error.message || "This browser could not subscribe.";
    });
  });
})();
