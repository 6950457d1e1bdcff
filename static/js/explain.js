// Counters that explain themselves (docs/learn.md, "The boards' counters"). A board script marks a
// counter or chip with data-explain="slug"; the page renders the glossary's explanations once
// ({% board_explanations %}: hidden <p id="explain-slug">). This script, for every marked element
// now and later drawn:
//   - makes it reachable by keyboard (tabindex=0 unless it is a control already) and points its
//     aria-describedby at the explanation;
//   - shows the explanation in one tooltip (role=tooltip) on hover, on keyboard focus and on a tap
//     or click; Escape, a tap elsewhere, or leaving it closes the tooltip.
// It holds no text of its own: every word shown is the glossary's.
(function () {
  "use strict";

  var tip = null, anchor = null, pinned = false;
  var FOCUSABLE = /^(A|BUTTON|INPUT|SELECT|TEXTAREA|SUMMARY)$/;

  function entry(slug) { return document.getElementById("explain-" + slug); }

  function prepare(node) {
    var found = entry(node.dataset.explain);
    if (!found) return;
    if (!FOCUSABLE.test(node.tagName) && !node.hasAttribute("tabindex")) node.tabIndex = 0;
    var ids = (node.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
    if (ids.indexOf(found.id) < 0) node.setAttribute("aria-describedby", ids.concat(found.id).join(" "));
    node.classList.add("explained");
  }
  function prepareAll(root) {
    if (root.nodeType !== 1) return;
    if (root.dataset.explain) prepare(root);
    root.querySelectorAll("[data-explain]").forEach(prepare);
  }

  function tooltip() {
    if (tip) return tip;
    tip = document.createElement("div");
    tip.id = "explain-tip";
    tip.className = "explain-tip";
    tip.setAttribute("role", "tooltip");
    tip.setAttribute("data-testid", "explain-tip");
    tip.hidden = true;
    document.body.appendChild(tip);
    return tip;
  }

  function place(node) {
    var box = node.getBoundingClientRect(), width = document.documentElement.clientWidth;
    var t = tooltip();
    var left = Math.max(8, Math.min(box.left, width - t.offsetWidth - 8));
    var below = box.bottom + 6;
    var top = below + t.offsetHeight > window.innerHeight - 4 && box.top - t.offsetHeight - 6 > 4
      ? box.top - t.offsetHeight - 6 : below;
    t.style.left = left + window.scrollX + "px";  // through the CSSOM: the policy refuses style= attributes
    t.style.top = top + window.scrollY + "px";
  }

  function show(node, pin) {
    var found = entry(node.dataset.explain);
    if (!found) return;
    var t = tooltip();
    var term = document.createElement("strong");
    term.textContent = found.dataset.term;
    var text = document.createElement("span");
    text.className = "explain-text";
    text.textContent = found.textContent.trim();
    t.replaceChildren(term, document.createTextNode(" "), text);
    t.dataset.slug = node.dataset.explain;
    t.hidden = false;
    anchor = node;
    pinned = !!pin;
    place(node);
  }

  function hide() {
    if (!tip) return;
    tip.hidden = true;
    delete tip.dataset.slug;
    anchor = null;
    pinned = false;
  }

  function marked(event) {
    var node = event.target && event.target.closest ? event.target.closest("[data-explain]") : null;
    return node && entry(node.dataset.explain) ? node : null;
  }

  document.addEventListener("focusin", function (event) {
    var node = marked(event);
    if (node) show(node, false);
    else if (anchor && !pinned) hide();
  });
  document.addEventListener("focusout", function (event) {
    if (anchor && event.target === anchor && !pinned) hide();
  });
  document.addEventListener("mouseover", function (event) {
    var node = marked(event);
    if (node && node !== anchor) show(node, false);
  });
  document.addEventListener("mouseout", function (event) {
    var node = marked(event);
    if (!node || node !== anchor || pinned) return;
    if (event.relatedTarget && node.contains(event.relatedTarget)) return;
    if (document.activeElement === node) return;
    hide();
  });
  // A tap (or a click) shows it and keeps it until Escape or a tap elsewhere.
  document.addEventListener("click", function (event) {
    var node = marked(event);
    if (node) show(node, true);
    else if (anchor && !(tip && tip.contains(event.target))) hide();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && anchor) hide();
  });
  window.addEventListener("resize", function () { if (anchor) place(anchor); });

  function start() {
    prepareAll(document.body);
    new MutationObserver(function (changes) {
      changes.forEach(function (change) { change.addedNodes.forEach(prepareAll); });
      if (anchor && !document.body.contains(anchor)) hide();  // its counter was drawn again
    }).observe(document.body, { childList: true, subtree: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
