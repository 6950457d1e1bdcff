// htmx under the site's Content-Security-Policy: no <style> element of its own (the site's CSS has
// what it needs) and no eval (trigger filters, hx-on); set before htmx starts on DOMContentLoaded.
if (window.htmx) {
  htmx.config.includeIndicatorStyles = false;
  htmx.config.allowEval = false;
}

// Countdown clocks: any element with data-deadline (ISO time) shows the time left.
(function () {
  function pad(n) { return n < 10 ? "0" + n : String(n); }
  // An hour or more (a turn-based game's time bank): "5 h 12 min", "2 days 3 h".
  function longText(minutes) {
    var days = Math.floor(minutes / 1440), hours = Math.floor(minutes / 60) % 24;
    if (days) return days + (days === 1 ? " day" : " days") + (hours ? " " + hours + " h" : "");
    return hours + " h" + (minutes % 60 ? " " + (minutes % 60) + " min" : "");
  }
  function tick() {
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Math.round((Date.parse(el.dataset.deadline) - Date.now()) / 1000);
      var bar = el.querySelector(".clock-bar > span");
      var text = el.querySelector(".clock-text");
      var total = Number(el.dataset.total || 0);
      if (left <= 0) {
        text.textContent = el.dataset.doneText || "Time!";
        el.classList.add("expired");
        if (bar) bar.style.width = "0%";
        return;
      }
      var m = Math.floor(left / 60), s = left % 60;
      text.textContent = left < 3600 ? m + ":" + pad(s) : longText(m);
      el.classList.toggle("urgent", left <= 300);
      if (bar && total > 0) bar.style.width = Math.max(0, Math.min(100, (100 * left) / total)) + "%";
    });
  }
  tick();
  setInterval(tick, 1000);  // live-ok: the countdown clocks drawn, nothing read
  document.addEventListener("htmx:afterSwap", tick);
})();

// The phone menu: one button opens and closes the navigation.
document.addEventListener("click", function (event) {
  var toggle = event.target.closest(".menu-toggle");
  if (!toggle) return;
  var menu = document.getElementById(toggle.getAttribute("aria-controls"));
  var open = menu.classList.toggle("open");
  toggle.setAttribute("aria-expanded", open ? "true" : "false");
});

// Bars that stick under the site's top bar (the desk's counts) sit at its height, which the
// width of the window decides: --topbar-height follows it.
(function () {
  var topbar = document.querySelector(".topbar");
  if (!topbar) return;
  function measure() {
    document.documentElement.style.setProperty("--topbar-height", topbar.offsetHeight + "px");
  }
  measure();
  window.addEventListener("resize", measure);
})();
