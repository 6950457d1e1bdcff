// The tutorial's coach box on the play page (#play) or a table's page (#coop, Runemasters)
// (templates/gameplay/_tutorial_coach.html).
// After every change of the page's controls it asks the server for the current step
// (gameplay/web/tutorial_views.py: what to say, why, the glossary words, the action to press) and
// marks what to press with data-tutorial-target: the action's button if it is shown, else the card
// or Runeslinger the action is about (pressing it shows the button), or the folded list that holds
// the button (pressing it opens the list). The page's own controls work as ever; the coach only points.
(function () {
  "use strict";

  var root = document.getElementById("play") || document.getElementById("coop");
  var coach = root && root.querySelector('[data-testid="coach"]');
  if (!coach) return;
  // Where the page draws what may be pressed: the play page's controls, a table's board and actions.
  var watched = Array.prototype.slice.call(root.querySelectorAll('[data-testid="controls"], [data-board], [data-testid="actions"]'));
  var asked = 0, shown = 0, step = null, timer = null;

  function clearMarks() {
    root.querySelectorAll("[data-tutorial-target]").forEach(function (node) { node.removeAttribute("data-tutorial-target"); });
  }
  // Shown: laid out and not inside a closed <details> (whose content keeps its boxes in Chromium).
  function visible(node) { return !!node && (node.checkVisibility ? node.checkVisibility() : node.getClientRects().length > 0); }
  // The element to press for an action: its button, else the thing it is about ("play c12 ..." -> c12).
  function targetFor(action) {
    var buttons = Array.prototype.filter.call(root.querySelectorAll("button[data-action]"), function (b) { return b.dataset.action === action; });
    for (var i = 0; i < buttons.length; i++) if (visible(buttons[i])) return buttons[i];
    for (var k = 0; k < buttons.length; k++) {  // folded away: point at the fold's summary
      var fold = buttons[k].closest("details:not([open])");
      var summary = fold && fold.querySelector("summary");
      if (summary && visible(summary)) return summary;
    }
    var subject = action.split(" ")[1];
    if (!subject || subject.indexOf("=") >= 0) return null;
    var things = root.querySelectorAll("[data-subject]");
    for (var j = 0; j < things.length; j++) if (things[j].dataset.subject === subject && visible(things[j])) return things[j];
    return null;
  }
  // A new step whose target is out of sight (below the board on a laptop) scrolls it just into
  // view, once per step, so the player sees what the coach means without hunting for it.
  var scrolledFor = null;
  function inSight(node) {
    var box = node.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= (window.innerHeight || document.documentElement.clientHeight);
  }
  function mark() {
    clearMarks();
    if (!step || !step.action) return;
    var node = targetFor(step.action);
    if (!node) return;
    node.setAttribute("data-tutorial-target", step.id);
    if (scrolledFor !== step.id && !inSight(node)) node.scrollIntoView({ block: "nearest" });
    scrolledFor = step.id;
  }
  var shownTerms = "";
  function terms(list) {
    var box = coach.querySelector('[data-testid="coach-terms"]');
    // The same words again (the step asked anew after a push) keep their links, and so the
    // keyboard's focus on one of them.
    var key = JSON.stringify(list || []);
    if (key === shownTerms) return;
    shownTerms = key;
    box.replaceChildren();
    (list || []).forEach(function (t) {
      var a = document.createElement("a");
      a.href = t.url; a.textContent = t.term; a.title = t.short; a.target = "_blank"; a.rel = "noopener";
      box.appendChild(a);
    });
    box.hidden = !(list && list.length);
  }
  function show(body) {
    step = body.step;
    coach.dataset.version = String(body.version);
    coach.dataset.step = step ? step.id : "";
    coach.querySelector('[data-testid="coach-say"]').textContent = step ? step.say : "Follow the prompt under the board.";
    var why = coach.querySelector('[data-testid="coach-why"]');
    why.textContent = step && step.why ? "Why: " + step.why : "";
    why.hidden = !(step && step.why);
    terms(step ? step.terms : []);
    var end = coach.querySelector('[data-testid="coach-end"]');
    end.hidden = !body.over;
    coach.querySelector('[data-testid="coach-finish"]').textContent = body.finish || "";
    if (body.practice) coach.querySelector('[data-testid="coach-practice"]').textContent = body.practice;
    coach.dataset.over = body.over ? "yes" : "no";
    mark();
  }
  // After the player presses the step's own move, the next step is the one after that move: an
  // answer about the table before it (read before the move landed) is asked again, a bounded
  // number of times (a refused move never moves the table on).
  var pressedAt = null, retries = 0;
  function refresh() {
    var mine = ++asked;
    window.Fett.request(coach.dataset.stepUrl)
      .then(function (r) {
        if (!r.ok || mine <= shown) return;
        // an answer about a table older than the one the page shows (asked before a move landed): ask again
        var stale = typeof window.__playVersion === "number" && r.data.version < window.__playVersion;
        var beforeThePress = pressedAt !== null && r.data.version <= pressedAt && retries < 60;
        if (stale || beforeThePress) { retries += 1; soon(); return; }
        pressedAt = null; retries = 0;
        shown = mine; show(r.data);
      })
      .catch(function () { /* the next change asks again */ });
  }
  function soon() { clearTimeout(timer); timer = setTimeout(refresh, 50); }
  // A press on what the coach points at: the mark goes at once, the next step comes with the change.
  root.addEventListener("click", function (event) {
    var hit = event.target.closest && event.target.closest("[data-tutorial-target]");
    if (!hit) return;
    if (step && hit.dataset.action === step.action && typeof window.__playVersion === "number") pressedAt = window.__playVersion;
    clearMarks(); step = null; soon();
  }, true);
  var observer = new MutationObserver(function () { if (step) mark(); soon(); });
  watched.forEach(function (node) { observer.observe(node, { childList: true, subtree: true }); });
  refresh();
})();
