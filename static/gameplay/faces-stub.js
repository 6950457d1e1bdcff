// TEMPORARY stand-in for static/js/cards.js (window.FettCards) until the card faces land on main.
(function () {
  "use strict";
  if (window.FettCards) return;
  var el = window.Fett.el, data = null;
  function faces() { if (!data) data = JSON.parse(document.getElementById("card-faces").textContent); return data; }
  function face(f, o) {
    o = o || {};
    var node = el(o.tag || "div", { className: "face face-" + (o.size || "small") + " class-" + f["class"] + (o.className ? " " + o.className : ""), "data-face-id": f.id }, [
      el("span", { className: "face-name", text: f.name + (f.cost !== undefined ? " · " + f.cost : "") }),
      el("small", { className: "face-type", text: f.type_line || f.kind }),
      el("small", { className: "face-text", text: f.text || "" }),
      o.note ? el("span", { className: "face-note", text: o.note }) : null]);
    return node;
  }
  function back() { return el("div", { className: "face face-small face-back" }, [el("span", { text: "Runeslingers" })]); }
  function zoom(f) { window.alert(f.name + "\n" + f.text); }
  window.FettCards = { face: face, back: back, faces: faces, zoom: zoom };
})();
