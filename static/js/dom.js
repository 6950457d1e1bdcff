// Helpers every page script shares (loaded by base.html before them): window.Fett.el builds an
// element, window.Fett.request talks JSON to the API. No framework, no inline script (the CSP).
(function () {
  "use strict";

  // el("td", {class: "num"}, "3") or el("li", {className: "x", text: "Hi"}, [child, null, child]):
  // attributes are set as given, except `text` (the text) and `className`; the third argument is
  // the text, or a list of children (empty entries skipped).
  function el(tag, attrs, content) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else if (k === "className") node.className = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    if (Array.isArray(content)) content.forEach(function (c) { if (c) node.appendChild(c); });
    else if (content !== undefined && content !== null) node.textContent = content;
    return node;
  }

  // GET `url` (no body) or POST `body` as JSON; resolves to {ok, status, data}, where data is the
  // answer's JSON ({} when it has none). Rejects only when the request itself fails (offline).
  function request(url, body, csrf) {
    var options = { credentials: "same-origin", headers: { Accept: "application/json" } };
    if (body !== undefined) {
      options.method = "POST";
      options.headers["Content-Type"] = "application/json";
      if (csrf) options.headers["X-CSRFToken"] = csrf;
      options.body = JSON.stringify(body);
    }
    return fetch(url, options).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        return { ok: response.ok, status: response.status, data: data };
      });
    });
  }

  // GET a page of the site as HTML; resolves to {ok, status, html} (for a dialog showing part of it).
  function page(url) {
    return fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } }).then(function (response) {
      return response.text().then(function (html) { return { ok: response.ok, status: response.status, html: html }; });
    });
  }

  // POST a form's fields (its CSRF token with them) and read the answer as HTML: {ok, status, html}
  // (a confirmation that depends on what the form holds, shown in a dialog).
  function pageFromForm(url, form) {
    return fetch(url, {
      method: "POST", body: new FormData(form), credentials: "same-origin", headers: { Accept: "text/html" },
    }).then(function (response) {
      return response.text().then(function (html) { return { ok: response.ok, status: response.status, html: html }; });
    });
  }

  window.Fett = { el: el, request: request, page: page, pageFromForm: pageFromForm };
})();
