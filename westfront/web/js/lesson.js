// A lesson (issue 36, docs/lessons.md): a rulebook example's position on the real board, our text of what
// it shows and what to do (citing the section), the pieces and hexes involved highlighted, and the
// choices of the moment. Only the example's move is taken; any other gets the engine's rule-citing
// refusal (or the lesson's) and a hint. The server keeps nothing: each frame is "after N steps".

import { gameLayer, get, mapData, post } from "./api.js";
import { MapView } from "./map.js";
import { logItem } from "./play.js";
import { Labels, labelsOf } from "./labels.js";
import { clear, el, parseAction, titleCase } from "./util.js";

export async function lessonScreen(root, lessonId) {
  let f;
  try {
    f = await get(`/api/lessons/${encodeURIComponent(lessonId)}?at=0`);
  } catch (e) {
    clear(root).append(el("div", { class: "page narrow" }, el("h2", {}, "No such lesson"), el("p", { class: "error" }, e.message), el("a", { href: "/" }, "← lobby")));
    return;
  }
  const game = f.lesson.game;
  document.body.dataset.game = game;
  const [data, layer, names] = await Promise.all([mapData(game), gameLayer(game), labelsOf(game)]);
  const labels = new Labels(names);
  const side = (s) => labels.lookup(s) || titleCase(s);
  const stepText = el("div", { class: "lesson-text", "data-testid": "lesson-text" });
  const stepPos = el("span", { class: "replaypos", "data-testid": "lesson-pos" });
  const said = el("div", { class: "lesson-said", "data-testid": "lesson-said", "aria-live": "polite" });
  const choices = el("div", { class: "choices", "data-testid": "lesson-choices" });
  const showMe = el("button", { class: "btn", "data-testid": "lesson-show", onclick: () => send(null, true) }, "Show me");
  const bar = el("section", { class: "promptbar lessonbar" }, el("div", { class: "lesson-head" }, stepPos, stepText), said, choices, showMe);
  const about = el("section", { class: "card status tab-status", "data-testid": "lesson-about" });
  const checks = el("section", { class: "card tab-status", "data-testid": "lesson-checks" });
  const logList = el("ol", { class: "log" });
  const logCard = el("section", { class: "card logcard tab-log" }, el("h3", {}, "What happened"), logList);
  const sidebar = el("aside", { class: "sidebar" }, about, checks, logCard);
  const tabs = el("nav", { class: "mobiletabs", "data-testid": "lesson-tabs" }, [["status", "Lesson"], ["log", "Log"]]
    .map(([id, label]) => el("button", { class: "tab", "data-tab": id, onclick: () => showTab(id) }, label)));
  function showTab(id) {
    const open = !(sidebar.classList.contains("open") && sidebar.dataset.tab === id);
    sidebar.classList.toggle("open", open);
    sidebar.dataset.tab = id;
    for (const b of tabs.children) b.classList.toggle("active", open && b.dataset.tab === id);
  }
  const mapBox = el("div", { class: "mapbox" });
  clear(root).append(
    el("header", { class: "topbar" }, el("a", { href: "/", class: "brand" }, "westfront"),
      el("span", { class: "gametitle" }, `Learn: ${f.lesson.title} (${f.lesson.section})`), el("span", { class: "spacer" }),
      el("a", { class: "btn", href: `/learn/${lessonId}`, "data-testid": "lesson-restart" }, "Start again"), el("a", { class: "btn", href: "/" }, "Lobby")),
    el("div", { class: "playarea" }, el("div", { class: "mapcol" }, bar, mapBox), sidebar), tabs);
  const map = new MapView(mapBox, data, layer, {
    onUnit: (u) => pickOn(u), onHex: (h) => pickOn(h),
  }, { labels });
  const unitName = (x) => {
    const u = (f.view.units || []).find((v) => v.id === x);
    return u && u.label && u.label !== "?" ? u.label : (labels.lookup(x) ?? x);
  };
  const words = (text) => labels.action(parseAction(text), unitName);
  // a click on a piece or hex: the choice naming it (the only one, or the example's among several), else why not
  function pickOn(id) {
    const named = f.actions.filter((a) => parseAction(a).args.includes(id));
    if (named.length === 1) send(named[0]);
    else if (named.length) { for (const b of choices.children) b.classList.toggle("hot", named.includes(b.dataset.action)); sayNote(`${unitName(id)}: ${named.length} choices name it — pick one of the highlighted buttons.`); }
    else if (f.step && f.step.needs_move) send(`pick ${id}`);
  }
  function sayNote(text, cls = "muted") {
    clear(said).append(el("div", { class: cls }, text));
  }
  let busy = false;
  async function send(action, show = false) {
    if (busy) return;
    busy = true;
    try {
      const r = await post(`/api/lessons/${encodeURIComponent(lessonId)}/try`, { at: f.at, action, show });
      if (r.ok) render(r.frame);
      else clear(said).append(el("div", { class: "error", "data-testid": "lesson-refusal" }, labels.prose(r.refusal)),
        el("div", { class: "hint", "data-testid": "lesson-hint" }, "Hint: ", labels.prose(r.hint)));
    } catch (e) {
      sayNote(e.message, "error");
    } finally { busy = false; }
  }
  const checkLine = (c) => el("li", { class: c.ok ? "ok" : "bad", "data-testid": "lesson-check" },
    c.ok ? "✓ " : "✗ ", labels.prose(c.says), el("span", { class: "muted" }, ` — the engine: ${shown(c.value)}`));
  const shown = (v) => (Array.isArray(v) ? v.map((x) => words(String(x))).join("; ") : typeof v === "string" ? (labels.lookup(v) ?? v) : String(v));
  function render(fr) {
    f = fr;
    const v = fr.view;
    labels.setExtra(v.labels);
    map.setPieces(v.units || [], v.markers || []);
    map.setEngagement(fr.engagement);
    const st = fr.step;
    const lit = [...(fr.lesson.highlight || []), ...((st && st.highlight) || [])];
    const units = new Set(lit.filter((x) => (v.units || []).some((u) => u.id === x)));
    const hexes = new Map(lit.filter((x) => !units.has(x)).map((x) => [x, {}]));
    map.setHighlights({ hexes, units });
    map.setPlaces(Object.values(fr.places || {}).flat());
    const focus = [...hexes.keys(), ...[...units].map((u) => (v.units || []).find((x) => x.id === u)?.hex).filter(Boolean)];
    if (focus.length) map.focusOn(focus);
    stepPos.textContent = fr.done ? "Done" : `Step ${fr.at + 1} of ${fr.n_steps}`;
    bar.classList.toggle("over", fr.done);
    clear(stepText).append(...(fr.done ? [el("strong", { "data-testid": "lesson-outcome" }, fr.outcome)]
      : [labels.prose(st.text), " ", el("span", { class: "rule" }, st.section)]));
    clear(said);
    if (fr.previous && fr.results.length) said.append(el("ul", { class: "lesson-results" }, fr.results.map(checkLine)));
    clear(choices);
    if (!fr.done && st.needs_move) {
      for (const a of shownActions(fr.actions)) choices.append(el("button", { class: "btn small choice", "data-action": a, onclick: () => send(a) }, words(a)));
    } else if (!fr.done) {
      choices.append(el("button", { class: "btn primary", "data-testid": "lesson-next", onclick: () => send(null) }, "Next"));
    } else {
      choices.append(el("a", { class: "btn primary", href: "/", "data-testid": "lesson-back" }, "Back to the lessons"));
    }
    showMe.hidden = fr.done || !st.needs_move;
    clear(about).append(el("h3", {}, fr.lesson.title), el("div", {}, fr.lesson.summary), el("span", { class: "rule" }, fr.lesson.section),
      el("div", { class: "muted small" }, `Shown as ${side(fr.viewer)} sees it — ${labels.prose(v.turn_label || "")} ${labels.prose(v.phase || "")}`));
    clear(checks).append(el("h3", {}, "What the rulebook says"),
      fr.checks.length || fr.results.length ? el("ul", { class: "lesson-checks" }, [...fr.results, ...fr.checks].map(checkLine)) : el("p", { class: "muted" }, "Nothing to check at this step."));
    clear(logList).append(...fr.log.map((e) => logItem(e, null, null, labels)));
    logList.scrollTop = logList.scrollHeight;
  }
  render(f);
}

// A long list of one kind of choice (SFN: a move and a strategic move for each of 34 stacks) is cut at 60 buttons;
// every other kind keeps its buttons ('end', 'hq g-10a', 'enter g-17ss'), or a lesson step could not be played.
function shownActions(actions, cap = 60) {
  const head = actions.slice(0, cap);
  const kinds = new Set(head.map((a) => parseAction(a).verb));
  return head.concat(actions.slice(cap).filter((a) => !kinds.has(parseAction(a).verb)));
}
