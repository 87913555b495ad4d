// Post-game analysis (issue 36; issue 35 item 8): each side's winning chances over the game from the
// learned evaluation, the three turning points (each a click away in the replay), the victory track
// where the game keeps one, and losses by side. Drawn here from GET /api/games/{id}/analysis, which the
// server gives only once the game is over.

import { get } from "./api.js";
import { el, svg } from "./util.js";

const W = 320;
const H = 110;
const PAD = { l: 26, r: 6, t: 8, b: 16 };

function scaleX(at, n) {
  return PAD.l + (W - PAD.l - PAD.r) * (n ? at / n : 0);
}

function scaleY(v, lo, hi) {
  return PAD.t + (H - PAD.t - PAD.b) * (1 - (hi > lo ? (v - lo) / (hi - lo) : 0.5));
}

function axes(lo, hi, loText, hiText, n) {
  return [
    svg("line", { x1: PAD.l, y1: scaleY(lo, lo, hi), x2: W - PAD.r, y2: scaleY(lo, lo, hi), class: "axis" }),
    svg("line", { x1: PAD.l, y1: PAD.t, x2: PAD.l, y2: H - PAD.b, class: "axis" }),
    svg("text", { x: PAD.l - 3, y: PAD.t + 7, "text-anchor": "end", class: "tick" }, hiText),
    svg("text", { x: PAD.l - 3, y: H - PAD.b, "text-anchor": "end", class: "tick" }, loText),
    svg("text", { x: W - PAD.r, y: H - 3, "text-anchor": "end", class: "tick" }, `action ${n}`),
    svg("text", { x: PAD.l, y: H - 3, class: "tick" }, "0"),
  ];
}

/** The chances chart: one line per side, the turning points numbered; returns the svg and a cursor. */
function chancesChart(a, colorOf, sideName, pick) {
  const n = a.n_actions;
  const lines = a.sides.map((sd) => svg("polyline", {
    class: "chance", stroke: colorOf(sd), "data-side": sd,
    points: a.points.map((p) => `${scaleX(p.at, n).toFixed(1)},${scaleY(p.chances[sd], 0, 1).toFixed(1)}`).join(" "),
  }, svg("title", {}, `${sideName(sd)}'s winning chance`)));
  const half = svg("line", { x1: PAD.l, x2: W - PAD.r, y1: scaleY(0.5, 0, 1), y2: scaleY(0.5, 0, 1), class: "half" });
  const cursor = svg("line", { y1: PAD.t, y2: H - PAD.b, x1: -10, x2: -10, class: "cursor", "data-testid": "analysis-cursor" });
  const marks = a.turning_points.map((t, i) => {
    const x = scaleX(t.at, n);
    const y = scaleY(t.after[t.gainer], 0, 1);
    const g = svg("g", { class: "tp", "data-testid": "turning-mark", "data-at": t.at, tabindex: 0, role: "button" },
      svg("title", {}, `Turning point ${i + 1}: action ${t.at} — ${sideName(t.gainer)} ${pct(t.before[t.gainer])} → ${pct(t.after[t.gainer])}`),
      svg("line", { x1: x, x2: x, y1: PAD.t, y2: H - PAD.b, class: "tpline" }),
      svg("circle", { cx: x, cy: Math.max(PAD.t + 6, Math.min(H - PAD.b - 6, y)), r: 6.5 }),
      svg("text", { x, y: Math.max(PAD.t + 6, Math.min(H - PAD.b - 6, y)) + 3.5, "text-anchor": "middle" }, String(i + 1)));
    if (pick) {
      g.addEventListener("click", () => pick(t.at));
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(t.at); } });
    }
    return g;
  });
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "anchart", "data-testid": "analysis-chart", role: "img",
    "aria-label": "each side's winning chance over the game" },
    ...axes(0, 1, "0%", "100%", n), half, ...lines, cursor, ...marks);
  const setAt = (at) => {
    const x = scaleX(Math.max(0, Math.min(n, at)), n);
    cursor.setAttribute("x1", x);
    cursor.setAttribute("x2", x);
  };
  return { chart, setAt };
}

/** The victory track: points per side at the start of each turn (a step chart). */
function trackChart(track, n, colorOf, sideName) {
  const turns = track.turns || [];
  if (!turns.length) return null;
  const sides = Object.keys(turns[0].values);
  const all = turns.flatMap((t) => Object.values(t.values));
  const lo = Math.min(0, ...all);
  const hi = Math.max(1, ...all);
  const path = (sd) => {
    let d = "";
    turns.forEach((t, i) => {
      const x = scaleX(t.at, n);
      const y = scaleY(t.values[sd], lo, hi);
      d += i === 0 ? `M${x.toFixed(1)},${y.toFixed(1)}` : `H${x.toFixed(1)}V${y.toFixed(1)}`;
    });
    return d + `H${scaleX(n, n).toFixed(1)}`;
  };
  const last = turns[turns.length - 1];
  return el("div", { class: "antrack", "data-testid": "victory-track" },
    el("div", { class: "small" }, track.label,
      ": ", sides.flatMap((sd, i) => [i ? ", " : "", el("b", { style: `color:${colorOf(sd)}` }, sideName(sd)), ` ${last.values[sd]}`])),
    svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "anchart" }, ...axes(lo, hi, String(lo), String(hi), n),
      ...sides.map((sd) => svg("path", { d: path(sd), class: "chance", stroke: colorOf(sd) },
        svg("title", {}, `${sideName(sd)}: ${track.label}`)))));
}

function pct(v) {
  return `${Math.round(100 * v)}%`;
}

/**
 * A card with the analysis of a finished game, or null when the server has none (game in progress,
 * no model). ``pick(at)`` is called with a turning point's replay frame; ``describe(text)`` words an
 * action as the log does.
 */
export async function analysisCard(gameId, { colorOf, sideName, pick, describe = (t) => t, turnName = (t) => t }) {
  let a;
  try {
    a = await get(`/api/games/${gameId}/analysis`);
  } catch {
    return null;
  }
  const { chart, setAt } = chancesChart(a, colorOf, sideName, pick);
  const legend = el("div", { class: "small anlegend" }, a.sides.map((sd) => el("span", {},
    el("i", { class: "swatch", style: `background:${colorOf(sd)}` }), ` ${sideName(sd)} `)));
  const tps = el("ol", { class: "turning", "data-testid": "turning-points" }, a.turning_points.map((t) => el("li", {},
    el("button", { class: "btn small linklike", "data-testid": "turning-point", "data-at": t.at, onclick: pick ? () => pick(t.at) : null },
      `Action ${t.at}`, t.turn_label ? ` (${turnName(t.turn_label)})` : ""),
    " ", t.actor ? `${sideName(t.actor)}: ` : "", describe(t.action),
    el("span", { class: "muted" }, ` — ${sideName(t.gainer)} ${pct(t.before[t.gainer])} → ${pct(t.after[t.gainer])}`))));
  const losses = Object.keys(a.losses || {}).length ? el("div", { class: "small", "data-testid": "losses" }, "Losses (units eliminated): ",
    Object.entries(a.losses).flatMap(([sd, k], i) => [i ? ", " : "", el("b", {}, sideName(sd)), ` ${k}`])) : null;
  const card = el("section", { class: "card analysis", "data-testid": "analysis" },
    el("h3", {}, "Winning chances"),
    el("div", { class: "muted small" }, "From the learned evaluation, at every decision point; the numbered marks are the three actions that moved them most — click one to see it in the replay."),
    legend, chart, el("h4", {}, "Turning points"), tps, losses,
    a.victory ? trackChart(a.victory, a.n_actions, colorOf, sideName) : null);
  return { card, setAt, analysis: a };
}
