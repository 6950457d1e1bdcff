// Card faces drawn in the browser (the card face contract, docs/card-faces.md): the same markup as
// templates/includes/card_face.html, styled by static/css/cards.css. Loaded by base.html after
// static/js/dom.js. window.FettCards.face / back / faces / zoom; the zoom is wired once per page:
// hover (mouse, after a short delay) shows a preview, a long-press (touch) or the face's zoom
// button (keyboard) opens the full face in a dialog; Esc, the close button or a click outside
// closes it and focus goes back where it was.
(function () {
  "use strict";

  var el = window.Fett.el;
  var HOVER_DELAY = 450;
  var LONG_PRESS = 500;
  var MOVE_SLOP = 10;

  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  function head(face) {
    var parts = [el("span", { className: "face-name" }, face.name)];
    if (face.kind === "card" && face.edition !== "classic") {
      var title = "Light cost " + face.cost + (face.x ? " + X" : "");
      parts.push(el("span", { className: "face-cost", title: title }, [
        document.createTextNode(String(face.cost)),
        face.x ? el("span", { className: "face-x" }, "+X") : null,
      ]));
    } else if (face.kind === "ability" && face.determinations !== null && face.determinations !== undefined) {
      parts.push(el("span", {
        className: "face-cost face-determinations",
        title: "Costs " + plural(face.determinations, "determination"),
      }, String(face.determinations)));
    }
    return el("div", { className: "face-head" }, parts);
  }

  function edition(face) {
    return el("span", { className: "face-edition", title: "Classic edition (rulebook 000)" }, face.edition_name);
  }

  function rulesText(face) {
    var parts = face.text_parts || [[face.text, false]];
    return el("p", { className: "face-text" }, parts.map(function (part) {
      return part[1] ? el("b", { className: "face-kw" }, part[0]) : document.createTextNode(part[0]);
    }));
  }

  // Each keyword's help, its name linking to the glossary (docs/learn.md), except on a face that is
  // itself a button (a link inside a button is neither valid nor reachable).
  function keywordHelp(face, linked) {
    if (!face.keywords || !face.keywords.length) return null;
    var items = [];
    face.keywords.forEach(function (k) {
      var name = linked && k.url
        ? el("a", { className: "face-gloss", href: k.url, title: "What is " + k.label + "? (glossary)" }, k.label)
        : k.label;
      items.push(el("dt", {}, name));
      items.push(el("dd", {}, k.help));
    });
    return el("dl", { className: "face-help" }, items);
  }

  function box(face, linked) {
    var parts;
    if (face.kind === "card") {
      parts = [rulesText(face), keywordHelp(face, linked)];
    } else if (face.kind === "runeslinger" && !face.inherent) {
      parts = [el("p", { className: "face-flavour" }, face.text)];
    } else if (face.kind === "runeslinger") {
      var inherent = face.inherent;
      parts = [
        el("p", { className: "face-inherent" }, [
          el("span", { className: "face-inherent-cost", title: "Light cost " + inherent.cost }, String(inherent.cost)),
          document.createTextNode(" "),
          el("b", { className: "face-kw" }, inherent.name + ":"),
          document.createTextNode(" " + inherent.text),
        ]),
        el("p", { className: "face-flavour" }, face.text),
      ];
    } else {
      parts = [el("p", { className: "face-text" }, face.text)];
    }
    return el("div", { className: "face-box" }, parts);
  }

  function stat(kind, label, value) {
    return el("span", { className: "face-stat face-" + kind, title: label + " " + value }, String(value));
  }

  function foot(face) {
    var parts = [];
    if (face.kind === "card") {
      parts.push(el("span", {
        className: "face-rarity face-rarity-" + face.rarity, title: face.rarity_name,
      }, face.rarity_name + (face.x ? " · X" : "")));
      if (face.defense !== null && face.defense !== undefined) parts.push(stat("defense", "Defense", face.defense));
    } else if (face.kind === "runeslinger") {
      parts.push(stat("health", "Health", face.health), stat("block", "Block", face.block));
    } else if (face.kind === "ability") {
      var d = face.determinations;
      parts.push(el("span", { className: "face-rarity" },
        d !== null && d !== undefined ? plural(d, "determination") : "Ability"));
    } else {
      parts.push(el("span", { className: "face-rarity" }, "Always active"));
    }
    return el("div", { className: "face-foot" }, parts);
  }

  // face(face, {size, note, className, tag}) -> the face element.
  function face(data, options) {
    var opts = options || {};
    var size = opts.size === "full" ? "full" : "small";
    var tag = opts.tag === "button" ? "button" : "div";
    var classes = "face face-" + size + " class-" + data["class"] + " face-kind-" + data.kind +
      (opts.className ? " " + opts.className : "");
    var attrs = { className: classes, "data-face-id": data.id };
    if (tag === "button") attrs.type = "button";
    var children = [
      el("div", { className: "face-frame" }, [
        head(data),
        el("div", { className: "face-art" }, [
          el("span", { className: "face-mark", "aria-hidden": "true" }),
          el("span", { className: "face-class" }, data.class_name),
          data.edition === "classic" ? edition(data) : null,
        ]),
        el("div", { className: "face-type" }, data.type_line),
        box(data, tag !== "button"),
        foot(data),
      ]),
    ];
    if (size !== "full") {
      var label = "Show " + data.name + " in full";
      // Inside a button face the zoom control cannot be a control itself (nested controls reach
      // no one): a magnifier for the pointer only; the keyboard opens the zoom with Z on the face.
      children.push(tag === "button"
        ? el("span", { className: "face-zoom", "aria-hidden": "true" })
        : el("button", { type: "button", className: "face-zoom", "aria-label": label }));
      if (tag === "button") attrs["aria-keyshortcuts"] = "Z";
    }
    if (opts.note) children.push(el("p", { className: "face-note" }, opts.note));
    return el(tag, attrs, children);
  }

  function back(options) {
    var size = options && options.size === "full" ? "full" : "small";
    return el("div", { className: "face face-back face-" + size, role: "img", "aria-label": "A hidden card" }, [
      el("div", { className: "face-frame" }, [el("span", { className: "face-back-mark", "aria-hidden": "true" })]),
    ]);
  }

  var pageFaces = null;
  function faces() {
    if (pageFaces === null) {
      var node = document.getElementById("card-faces");
      try { pageFaces = node ? JSON.parse(node.textContent) : {}; } catch (e) { pageFaces = {}; }
    }
    return pageFaces;
  }

  // The full face of a drawn face element: from the page's data when it has it, else a copy of
  // the element's own markup (server-drawn faces carry their full text, clamped by CSS).
  function fullFaceOf(node) {
    var data = faces()[node.getAttribute("data-face-id")];
    if (data) return face(data, { size: "full" });
    var copy = el("div", { className: node.className.replace("face-small", "face-full") });
    copy.setAttribute("data-face-id", node.getAttribute("data-face-id"));
    var frame = node.querySelector(".face-frame");
    if (frame) copy.appendChild(frame.cloneNode(true));
    return copy;
  }

  // --- the zoom dialog ---------------------------------------------------------------------------

  var dialog = null;
  var returnFocus = null;

  function ensureDialog() {
    if (dialog) return dialog;
    dialog = el("dialog", { className: "face-dialog", "aria-label": "Card" }, [
      el("div", { className: "face-dialog-body" }),
      el("button", { type: "button", className: "face-dialog-close secondary" }, "Close"),
    ]);
    dialog.addEventListener("click", function (event) {
      if (event.target === dialog || event.target.closest(".face-dialog-close")) dialog.close();
    });
    dialog.addEventListener("close", function () {
      var target = returnFocus;
      returnFocus = null;
      if (target && document.contains(target)) target.focus();
    });
    document.body.appendChild(dialog);
    return dialog;
  }

  function openWith(fullFace, name) {
    hidePreview();
    var d = ensureDialog();
    var bodyNode = d.querySelector(".face-dialog-body");
    bodyNode.replaceChildren(fullFace);
    d.setAttribute("aria-label", name || "Card");
    if (!d.open) {
      returnFocus = document.activeElement;
      d.showModal();
    }
    d.querySelector(".face-dialog-close").focus();
  }

  function zoom(data) { openWith(face(data, { size: "full" }), data.name); }

  function zoomNode(node) {
    var name = node.querySelector(".face-name");
    openWith(fullFaceOf(node), name ? name.textContent : "Card");
  }

  // --- the hover preview (mouse only) ------------------------------------------------------------

  var preview = null;
  var hoverTimer = null;
  var hovered = null;

  function hidePreview() {
    clearTimeout(hoverTimer);
    hoverTimer = null;
    hovered = null;
    if (preview) preview.remove();
    preview = null;
  }

  function showPreview(node) {
    if (preview) preview.remove();
    preview = el("div", { className: "face-preview", "aria-hidden": "true" }, [fullFaceOf(node)]);
    preview.querySelectorAll("a").forEach(function (a) { a.setAttribute("tabindex", "-1"); });  // hidden: not a stop
    document.body.appendChild(preview);
    var rect = node.getBoundingClientRect();
    var width = preview.offsetWidth;
    var height = preview.offsetHeight;
    var left = rect.right + 12 + width <= window.innerWidth ? rect.right + 12 : Math.max(8, rect.left - 12 - width);
    var top = Math.min(Math.max(8, rect.top), Math.max(8, window.innerHeight - height - 8));
    preview.style.setProperty("left", left + "px");
    preview.style.setProperty("top", top + "px");
  }

  function smallFace(target) {
    var node = target && target.closest ? target.closest(".face-small[data-face-id]") : null;
    return node && !node.closest(".face-dialog") ? node : null;
  }

  document.addEventListener("pointerover", function (event) {
    if (event.pointerType !== "mouse") return;
    var node = smallFace(event.target);
    if (!node || node === hovered) return;
    hidePreview();
    hovered = node;
    hoverTimer = setTimeout(function () { if (hovered === node) showPreview(node); }, HOVER_DELAY);
  });
  document.addEventListener("pointerout", function (event) {
    if (!hovered) return;
    if (event.relatedTarget && hovered.contains(event.relatedTarget)) return;
    hidePreview();
  });
  window.addEventListener("scroll", hidePreview, { passive: true });

  // --- the long-press (touch and pen) ------------------------------------------------------------

  var press = null;
  var swallowClick = false;

  function cancelPress() {
    if (press) clearTimeout(press.timer);
    press = null;
  }

  document.addEventListener("pointerdown", function (event) {
    swallowClick = false;  // a click that did not follow the long-press's release is a new gesture
    if (event.pointerType === "mouse") return;
    var node = smallFace(event.target);
    if (!node || event.target.closest(".face-zoom")) return;
    cancelPress();
    press = { node: node, x: event.clientX, y: event.clientY, timer: null };
    press.timer = setTimeout(function () {
      if (!press || press.node !== node) return;
      press = null;
      swallowClick = true;
      zoomNode(node);
    }, LONG_PRESS);
  });
  document.addEventListener("pointermove", function (event) {
    if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > MOVE_SLOP) cancelPress();
  });
  document.addEventListener("pointerup", cancelPress);
  document.addEventListener("pointercancel", cancelPress);
  document.addEventListener("contextmenu", function (event) {
    if (smallFace(event.target) && (press || swallowClick)) event.preventDefault();
  });

  // --- the zoom button and the click after a long-press (capture: before the page's own) --------

  document.addEventListener("click", function (event) {
    if (swallowClick) {  // the release of a long-press: neither the page's tap nor a click outside
      swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    var button = event.target.closest ? event.target.closest(".face-zoom") : null;
    var node = button ? smallFace(button) : null;
    if (!node) return;
    event.preventDefault();
    event.stopPropagation();
    zoomNode(node);
  }, true);

  // A button face (its magnifier is for the pointer only): Z on the focused face opens its zoom.
  document.addEventListener("keydown", function (event) {
    swallowClick = false;
    if ((event.key !== "z" && event.key !== "Z") || event.ctrlKey || event.metaKey || event.altKey) return;
    var node = event.target.matches && event.target.matches("button.face") ? smallFace(event.target) : null;
    if (!node) return;
    event.preventDefault();
    event.stopPropagation();
    zoomNode(node);
  }, true);

  window.FettCards = { face: face, back: back, faces: faces, zoom: zoom };
})();
