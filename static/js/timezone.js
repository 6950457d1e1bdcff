// Tells the server the browser's time zone (common/timezones.py): pages show times in it.
(function () {
  "use strict";
  let zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (e) {
    return;
  }
  if (!zone || document.cookie.split("; ").indexOf("tz=" + encodeURIComponent(zone)) !== -1) return;
  document.cookie = "tz=" + encodeURIComponent(zone) + "; path=/; max-age=31536000; SameSite=Lax";
})();
