// The service worker of Web Push (served at /notices-sw.js, scope "/"): shows each notice the site
// pushes ({title, body, url}) and opens its page when the notification is clicked.
/* eslint-env serviceworker */
"use strict";

self.addEventListener("push", function (event) {
  var notice = {};
  try { notice = event.data ? event.data.json() : {}; } catch (error) { notice = { title: event.data.text() }; }
  event.waitUntil(self.registration.showNotification(notice.title || "Fett", {
    body: notice.body || "",
    data: { url: notice.url || "/notices/" },
    icon: "/static/img/favicon.svg",
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data.url));
});
