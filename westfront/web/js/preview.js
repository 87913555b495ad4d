// Generic rendering of preview(action) results (docs/view-contract.md): path
// costs, odds with itemised modifiers and result odds, dice pools; anything
// else a game adds is shown as key/value lines.

import { el } from "./util.js";

const pct = (x) => `${Math.round(x * 100)}%`;

export function previewSummary(pv) {
  if (!pv) return "";
  const parts = [];
  if (pv.cost !== undefined) parts.push(`cost ${pv.cost}`);
  if (pv.odds) parts.push(`odds ${pv.odds}`);
  if (pv.dice) parts.push(Object.entries(pv.dice).map(([k, v]) => `${k} ${v} dice`).join(", "));
  return parts.join(" · ");
}

export function renderPreview(pv) {
  const box = el("div", { class: "pvbody" });
  if (!pv || typeof pv !== "object") return box;
  if (pv.cost !== undefined) box.append(el("div", {}, el("b", {}, `Cost ${pv.cost}`), pv.path ? ` via ${pv.path.join(" → ")}` : ""));
  if (pv.odds !== undefined) box.append(el("div", { class: "odds" }, "Odds ", el("b", { "data-testid": "odds" }, pv.odds ?? "—")));
  if (pv.dice) box.append(el("div", {}, "Dice: ", Object.entries(pv.dice).map(([k, v]) => `${k} ${v}`).join(", ")));
  const mods = pv.modifiers || pv.items || [];
  if (mods.length) {
    box.append(el("ul", { class: "mods" }, mods.map((m) => el("li", {},
      el("b", {}, m.amount !== undefined ? (m.amount > 0 ? `+${m.amount}` : String(m.amount)) : (m.dice !== undefined ? `${m.dice} dice` : "")),
      ` ${m.reason || m.label || m.text || ""}`, m.rule ? el("span", { class: "rule" }, m.rule) : null))));
  } else if (pv.odds !== undefined) {
    box.append(el("div", { class: "muted" }, "no modifiers"));
  }
  const dist = pv.results || pv.hits;
  if (dist && typeof dist === "object") {
    const entries = Object.entries(dist).filter(([, v]) => typeof v === "number").sort((a, b) => b[1] - a[1]);
    const isProb = entries.every(([, v]) => v >= 0 && v <= 1);
    box.append(el("div", { class: "dist" }, entries.map(([k, v]) => el("div", { class: "distrow" },
      el("span", { class: "k" }, k),
      el("span", { class: "bar" }, el("span", { style: `width:${isProb ? Math.round(v * 100) : Math.min(100, v * 10)}%` })),
      el("span", { class: "v" }, isProb ? pct(v) : String(v))))));
  }
  const known = new Set(["cost", "path", "odds", "modifiers", "items", "results", "hits", "dice"]);
  for (const [k, v] of Object.entries(pv)) {
    if (known.has(k)) continue;
    box.append(el("div", { class: "muted" }, `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`));
  }
  return box;
}
