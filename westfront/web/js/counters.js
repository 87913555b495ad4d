// Generic counters: side colour, label, unit-type box, factors and step pips.
// A game's UI layer (web/games/<id>.js) may replace any part of this with
// drawCounter(unit, size, helpers) or just sideColor(side).

import { svg, sideColor, inkOn } from "./util.js";
import { counterColors, sizeMark } from "./palette.js";

const KIND_MARK = {
  inf: "infantry", infantry: "infantry", arm: "armour", armor: "armour", armour: "armour", panzer: "armour",
  tank: "armour", mech: "mech", pzgr: "mech", mot: "mech", art: "artillery", artillery: "artillery",
  para: "para", airborne: "para", hq: "hq", cav: "recon", recon: "recon", army: "army", corps: "corps",
  // D-Day (3rd Edition)'s type codes
  i: "infantry", a: "armour", m: "mech", abi: "para", st: "static",
};

/** What each unit-type symbol stands for, in words (the legend). */
export const KIND_WORDS = {
  infantry: "infantry", armour: "armour", mech: "mechanised / panzergrenadier", para: "airborne",
  static: "static (coastal) infantry", artillery: "artillery", hq: "headquarters", recon: "reconnaissance",
};

/** The unit-type symbols the given units use: [[kind code, mark]] once per mark, for the legend. */
export function kindsOf(units) {
  const seen = new Map();
  for (const u of units || []) {
    const k = KIND_MARK[String(u.kind || "").toLowerCase()];
    if (k && KIND_WORDS[k] && !seen.has(k)) seen.set(k, u.kind);
  }
  return [...seen].map(([mark, code]) => [code, mark]);
}

/** A small SVG of a unit-type symbol (the legend's icon). */
export function kindIcon(kind) {
  const root = svg("svg", { width: 26, height: 18, viewBox: "-13 -9 26 18", class: "lg-kind" });
  root.append(symbol(kind, 22, 14, "#222"));
  return root;
}

export function colorOf(u, layer) {
  const fallback = (layer.sideColor && layer.sideColor(u.side)) || sideColor(u.nation || u.side);
  return counterColors(u, fallback).fill;
}

function symbol(kind, w, h, ink) {
  const k = KIND_MARK[String(kind || "").toLowerCase()];
  const g = svg("g", { class: "nato", stroke: ink, fill: "none", "stroke-width": 1.2 });
  g.append(svg("rect", { x: -w / 2, y: -h / 2, width: w, height: h }));
  if (k === "infantry" || k === "mech" || k === "para" || k === "static") {
    g.append(svg("line", { x1: -w / 2, y1: -h / 2, x2: w / 2, y2: h / 2 }), svg("line", { x1: -w / 2, y1: h / 2, x2: w / 2, y2: -h / 2 }));
  }
  if (k === "armour" || k === "mech") g.append(svg("ellipse", { cx: 0, cy: 0, rx: w * 0.32, ry: h * 0.28 }));
  if (k === "static") g.append(svg("line", { x1: -w / 2, y1: h / 2 - 1.5, x2: w / 2, y2: h / 2 - 1.5, "stroke-width": 3 }));
  if (k === "artillery") g.append(svg("circle", { cx: 0, cy: 0, r: h * 0.18, fill: ink }));
  if (k === "recon") g.append(svg("line", { x1: -w / 2, y1: h / 2, x2: w / 2, y2: -h / 2 }));
  if (k === "para") g.append(svg("path", { d: `M${-w * 0.25},${-h * 0.3} q${w * 0.25},${h * 0.3} ${w * 0.5},0` }));
  if (!k) g.append(svg("text", { x: 0, y: h * 0.18, class: "kindtext", fill: ink, stroke: "none" }, String(kind || "").slice(0, 4)));
  return g;
}

/** An SVG <g class="counter"> centred on (0,0) for a unit of the view. */
export function drawCounter(u, size, layer = {}, opts = {}) {
  if (layer.drawCounter) {
    const custom = layer.drawCounter(u, size, { svg, sideColor, inkOn });
    if (custom) {
      custom.classList.add("counter");
      custom.dataset.unit = u.id;
      if (u.hex) custom.dataset.hex = u.hex;
      return custom;
    }
  }
  const s = size;
  const fallback = (layer.sideColor && layer.sideColor(u.side)) || sideColor(u.nation || u.side);
  const colors = counterColors(u, fallback);
  const fill = colors.fill;
  const ink = colors.ink || inkOn(fill);
  const flags = u.flags || [];
  const hidden = u.kind === "hidden" || flags.includes("hidden");
  const g = svg("g", { class: `counter side-${u.side}` + (flags.length ? " " + flags.map((f) => "f-" + f).join(" ") : ""),
    "data-unit": u.id, "data-hex": u.hex || "" });
  const side = opts.sideName ? opts.sideName(u.side) : u.side;
  g.append(svg("title", {}, hidden ? `${side}: unidentified unit` :
    `${u.label || u.id} (${side}) ${u.factors || ""}${u.max_steps ? ` — ${u.steps}/${u.max_steps} steps` : ""}${flags.length ? " — " + flags.join(", ") : ""}`));
  g.append(svg("rect", { x: -s / 2, y: -s / 2, width: s, height: s, rx: s * 0.08, fill, class: "body" }));
  if (colors.band) {
    // the side band: black for the Axis, light for the Allies, on every counter of the side
    g.append(svg("rect", { x: -s / 2 + 1, y: -s / 2 + 1, width: s - 2, height: s * 0.1, rx: s * 0.05, fill: colors.band, class: "sideband" }));
  }
  if (hidden) {
    g.append(svg("text", { x: 0, y: s * 0.15, class: "hidden-q", fill: ink }, "?"));
    return g;
  }
  const label = String(u.label ?? u.id);
  const fit = label.length > 9 ? { textLength: (s * 0.9).toFixed(1), lengthAdjust: "spacingAndGlyphs" } : {};
  g.append(svg("text", { x: 0, y: -s * 0.22, class: "ulabel", fill: ink, ...fit }, label));
  const mark = sizeMark(u);
  if (mark) g.append(svg("text", { x: 0, y: -s * 0.07, class: "sizemark", fill: ink }, mark));
  const sym = symbol(u.kind, s * 0.42, s * 0.24, ink);
  sym.setAttribute("transform", `translate(0,${(s * 0.09).toFixed(1)})`);
  g.append(sym);
  g.append(svg("text", { x: 0, y: s * 0.44, class: "factors", fill: ink }, u.factors ?? ""));
  if (u.max_steps && u.max_steps > 1) {
    // pips down the right edge, closer and in two columns when many (Race's six supply slots) — never off the counter
    const room = s * 0.62 - 4;
    const cols = (room / (u.max_steps - 1) < 3.6) ? 2 : 1;
    const rows = Math.ceil(u.max_steps / cols);
    const gap = Math.min(5.5, room / Math.max(1, rows - 1));
    const r = Math.min(1.9, gap * 0.38);
    for (let i = 0; i < u.max_steps; i++) {
      const col = Math.floor(i / rows), row = i % rows;
      g.append(svg("circle", { cx: s / 2 - 3.5 - col * (2 * r + 1.5), cy: -s * 0.12 + row * gap, r, class: i < u.steps ? "pip" : "pip lost",
        fill: i < u.steps ? ink : "none", stroke: ink }));
    }
  }
  if (u.max_steps && u.steps < u.max_steps) g.append(svg("rect", { x: -s / 2, y: s / 2 - 3, width: s, height: 3, class: "reduced" }));
  if (flags.includes("oos")) g.append(svg("text", { x: -s / 2 + 2, y: -s / 2 + 7, class: "oos" }, "OOS"));
  if (opts.dimFlags && flags.some((f) => opts.dimFlags.includes(f))) g.classList.add("spent");
  return g;
}

/** A small HTML rendering of a counter for the stack inspector and off-map boxes. */
export function counterChip(u, layer = {}, opts = {}) {
  const s = 46;
  const root = svg("svg", { width: s + 4, height: s + 4, viewBox: `${-s / 2 - 2} ${-s / 2 - 2} ${s + 4} ${s + 4}`, class: "chip" });
  root.append(drawCounter(u, s, layer, opts));
  return root;
}
