// The replay viewer: a slider over the action record, from one side's viewpoint
// (your own side while the game is on; any side, or all, once it is over).

import { catalog, gameLayer, get, mapData, seatsOf } from "./api.js";
import { MapView } from "./map.js";
import { planCard } from "./aiplan.js";
import { analysisCard } from "./analysis.js";
import { logItem } from "./play.js";
import { Labels, labelsOf } from "./labels.js";
import { clear, el, parseAction, sideColor, titleCase } from "./util.js";

export async function replayScreen(root, gameId) {
  const tokens = seatsOf(gameId);
  const token = Object.values(tokens)[0];
  const q = (at, side) => `/api/games/${gameId}/replay?at=${at}` + (token ? `&token=${encodeURIComponent(token)}` : "") + (side ? `&side=${encodeURIComponent(side)}` : "");
  let mySide = Object.keys(tokens)[0] || null;
  let frame;
  try {
    frame = await get(q(1e9, mySide));
  } catch (e) {
    clear(root).append(el("div", { class: "page narrow" }, el("h2", {}, "Replay not available"), el("p", { class: "error" }, e.message), el("a", { href: "/" }, "← lobby")));
    return;
  }
  const over = !!frame.view.result;
  document.body.dataset.game = frame.view.game;
  const [data, layer, names, cat] = await Promise.all([mapData(frame.view.game), gameLayer(frame.view.game), labelsOf(frame.view.game), catalog()]);
  // the title names the game and scenario, as the board's does (the game's id is for the URL)
  const gameInfo = cat.games.find((g) => g.id === frame.view.game) || { title: frame.view.game, scenarios: [] };
  const sc = (gameInfo.scenarios || []).find((s) => s.id === frame.view.scenario);
  const title = `Replay: ${gameInfo.title}${sc ? ` — ${sc.title}` : ""}`;
  const labels = new Labels(names);
  const side = (s) => labels.lookup(s) || titleCase(s);
  const startAt = Number.parseInt(new URLSearchParams(location.search).get("at") ?? "", 10);
  const slider = el("input", { type: "range", min: 0, max: frame.n_actions, value: frame.n_actions, "data-testid": "replay-slider", class: "slider" });
  const pos = el("span", { class: "replaypos", "data-testid": "replay-pos" });
  const sides = over ? [...frame.sides, ""] : Object.keys(tokens);
  const sideSel = el("select", { "data-testid": "replay-side" }, sides.map((s) => el("option", { value: s, selected: s === mySide }, s ? `${side(s)}'s view` : "Public view")));
  const actionLine = el("div", { class: "prompt-text" });
  const info = el("section", { class: "card status tab-status" });
  const logList = el("ol", { class: "log" });
  const logCard = el("section", { class: "card logcard tab-log" }, el("h3", {}, "Log up to here"), logList);
  const sidebar = el("aside", { class: "sidebar" }, info, logCard);
  // phones: the sidebar is a drawer, opened by a tab (as on the game screen); the same tab again closes it
  const tabs = el("nav", { class: "mobiletabs", "data-testid": "replay-tabs" }, [["status", "Status"], ["analysis", "Chances"], ["log", "Log"]]
    .map(([id, label]) => el("button", { class: "tab", "data-tab": id, hidden: id === "analysis", onclick: () => showTab(id) }, label)));
  function showTab(id) {
    const open = !(sidebar.classList.contains("open") && sidebar.dataset.tab === id);
    sidebar.classList.toggle("open", open);
    sidebar.dataset.tab = id;
    for (const b of tabs.children) b.classList.toggle("active", open && b.dataset.tab === id);
  }
  const mapBox = el("div", { class: "mapbox" });
  let playing = null;
  const play = el("button", { class: "btn", onclick: () => {
    if (playing) { clearInterval(playing); playing = null; play.textContent = "▶ Play"; return; }
    play.textContent = "❚❚ Pause";
    playing = setInterval(() => {
      if (+slider.value >= +slider.max) { clearInterval(playing); playing = null; play.textContent = "▶ Play"; return; }
      slider.value = +slider.value + 1;
      show();
    }, 600);
  } }, "▶ Play");
  const step = (d) => el("button", { class: "btn", onclick: () => { slider.value = Math.max(0, Math.min(+slider.max, +slider.value + d)); show(); } }, d < 0 ? "◀" : "▶|");
  clear(root).append(
    el("header", { class: "topbar" }, el("a", { href: "/", class: "brand" }, "westfront"), el("span", { class: "gametitle" }, title),
      el("span", { class: "spacer" }), token ? el("a", { class: "btn", href: `/play/${gameId}` }, "Back to the game") : null, el("a", { class: "btn", href: "/" }, "Lobby")),
    el("div", { class: "playarea" },
      el("div", { class: "mapcol" }, el("section", { class: "promptbar replaybar" }, el("div", { class: "replayctl" }, step(-1), play, step(1), slider, pos, sideSel), actionLine), mapBox),
      sidebar), tabs);
  const map = new MapView(mapBox, data, layer, {}, { labels });
  let seq = 0;
  async function show() {
    const my = ++seq;
    const f = await get(q(+slider.value, sideSel.value || null));
    if (my !== seq) return;
    render(f);
  }
  let chartAt = null;
  function render(f) {
    const v = f.view;
    pos.textContent = `${f.at} / ${f.n_actions}`;
    if (chartAt) chartAt(f.at);
    map.setPieces(v.units || [], v.markers || []);
    labels.setExtra(v.labels);
    const unit = new Map((v.units || []).map((u) => [u.id, u]));
    const said = f.action ? labels.action(parseAction(f.action), (x) => {
      const u = unit.get(x);
      return u && u.label && u.label !== "?" ? u.label : (labels.lookup(x) ?? x);
    }) : "(hidden)";
    actionLine.textContent = f.at === 0 ? "Start of the game" : `Action ${f.at}: ${f.actor ? side(f.actor) + " — " : ""}${said}`;
    clear(info).append(el("h3", {}, labels.prose(v.turn_label || "")), el("div", {}, labels.prose(v.phase || "")),
      ...(v.status || []).map((s) => el("div", { class: "statusline" }, labels.prose(s))));
    map.showPlan(f.plans);  // the computer's plan of this moment, on the map (a finished game only)
    const plans = planCard(f.plans, (ids) => map.mark(ids));
    if (plans) info.append(plans);
    clear(logList).append(...f.log.slice(-300).map((e) => logItem(e, null, null, labels)));
    logList.scrollTop = logList.scrollHeight;
  }
  slider.oninput = show;
  sideSel.onchange = show;
  if (over) {  // the winning chances and turning points: a click on one moves the replay to that action
    analysisCard(gameId, {
      colorOf: (s) => (layer && layer.sideColor && layer.sideColor(s)) || sideColor(s), sideName: side, turnName: (x) => labels.prose(x),
      describe: (text) => labels.action(parseAction(text), (x) => labels.lookup(x) ?? x),
      pick: (at) => { slider.value = at; show(); },
    }).then((got) => {
      if (!got) return;
      got.card.classList.add("tab-analysis");
      logCard.before(got.card);
      tabs.querySelector("[data-tab=analysis]").hidden = false;
      chartAt = got.setAt;
      chartAt(+slider.value);
    }).catch(() => {});
  }
  if (Number.isFinite(startAt) && startAt >= 0 && startAt !== frame.n_actions) {
    slider.value = Math.min(startAt, frame.n_actions);
    await show();
  } else render(frame);
}
