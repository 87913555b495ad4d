// Previews in plain words (docs/view-contract.md): path costs, odds with each
// modifier and its rule, dice pools, the chance of every outcome as bars, a legend
// for result codes. Keys a game adds that this file does not know are still
// written as words ("Fortification doubled: no"), never as raw JSON.

import { el } from "./util.js";

const pct = (x) => `${Math.round(x * 100)}%`;

export const RESULT_CODES = {
  AE: "attacker eliminated", AH: "attacker loses a step", AR: "attacker retreats", "-": "no effect",
  NE: "no effect", DR: "defender retreats", DH: "defender loses a step", HH: "both lose a step",
  DE: "defender eliminated", EX: "exchange", BB: "both lose a step", DD: "defender disrupted",
};

const SIDE_WORD = { on_defender: "Defender", on_attacker: "Attacker", attacker: "Attacker", defender: "Defender" };

export function previewSummary(pv) {
  if (!pv) return "";
  const parts = [];
  if (pv.cost !== undefined) parts.push(`cost ${pv.cost}`);
  if (pv.odds) parts.push(`odds ${pv.odds}`);
  if (pv.dice) parts.push(Object.entries(pv.dice).map(([k, v]) => `${humanKey(k).toLowerCase()} ${v} ${v === 1 ? "die" : "dice"}`).join(", "));
  if (pv.p_destroy !== undefined) parts.push(`${pct(pv.p_destroy)} to destroy`);
  if (pv.hit_on !== undefined) parts.push(`hits on ${pv.hit_on} or less`);
  return parts.join(" · ");
}

/** "p_destroy" -> "Chance to destroy", "fortification_doubled" -> "Fortification doubled". */
export function humanKey(k) {
  const s = String(k).replace(/^p_/, "chance to ").replace(/^on_/, "").replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function humanValue(k, v, nameOf) {
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v === "number") return String(k).startsWith("p_") ? pct(v) : String(+v.toFixed(2));
  if (Array.isArray(v)) return v.map((x) => (typeof x === "string" ? nameOf(x) : humanValue(k, x, nameOf))).join(", ");
  if (v && typeof v === "object") return Object.entries(v).map(([a, b]) => `${humanKey(a).toLowerCase()} ${humanValue(a, b, nameOf)}`).join(", ");
  return nameOf(String(v));
}

function bars(entries, legend) {
  return el("div", { class: "dist" }, entries.map(([k, v]) => el("div", { class: "distrow", title: legend[k] || "" },
    el("span", { class: "k" }, k),
    el("span", { class: "bar" }, el("span", { style: `width:${Math.round(v * 100)}%` })),
    el("span", { class: "v" }, pct(v)))));
}

function modifierList(mods, say = (x) => x) {
  return el("ul", { class: "mods" }, mods.map((m) => el("li", {},
    el("b", {}, m.amount !== undefined ? (m.amount > 0 ? `+${m.amount}` : String(m.amount).replace("-", "−")) : ""),
    ` ${say(m.reason || m.label || m.text || "")}`, m.rule ? el("span", { class: "rule" }, m.rule) : null)));
}

export function renderPreview(pv, nameOf = (x) => x, say = (x) => x) {
  const box = el("div", { class: "pvbody" });
  if (!pv || typeof pv !== "object") return box;
  const shown = new Set();
  const take = (...keys) => keys.forEach((k) => shown.add(k));
  if (pv.cost !== undefined) {
    take("cost", "path", "mode");
    box.append(el("div", {}, el("b", {}, `Cost ${pv.cost}`), pv.mode ? ` (${humanKey(pv.mode).toLowerCase()} movement)` : "",
      pv.path ? ` via ${pv.path.join(" → ")}` : ""));
  }
  if (pv.units) {
    take("units");
    box.append(el("div", {}, "Units: ", pv.units.map(nameOf).join(", ")));
  }
  if (pv.odds !== undefined) {
    take("odds", "attack", "defence", "defense");
    const def = pv.defence ?? pv.defense;
    box.append(el("div", { class: "odds" }, "Odds ", el("b", { "data-testid": "odds" }, pv.odds ?? "—"),
      pv.attack !== undefined && def !== undefined ? el("span", { class: "muted" }, ` (attack ${pv.attack} against defence ${def})`) : ""));
  }
  if (pv.hit_on !== undefined) {
    take("hit_on", "chance");
    box.append(el("div", { class: "odds" }, "Hits on a roll of ", el("b", { "data-testid": "hit-on" }, `${pv.hit_on} or less`),
      pv.chance !== undefined ? el("span", { class: "muted" }, ` (${pct(pv.chance)} chance)`) : ""));
  }
  if (pv.fortification_doubled !== undefined) {
    take("fortification_doubled");
    if (pv.fortification_doubled) box.append(el("div", {}, "The defence is doubled by a fortification."));
  }
  if (pv.dice) {
    take("dice");
    box.append(el("div", { class: "dicepools" }, Object.entries(pv.dice).map(([k, v]) =>
      el("div", {}, `${SIDE_WORD[k] || humanKey(k)} rolls `, el("b", {}, `${v} ${v === 1 ? "die" : "dice"}`)))));
  }
  if (Array.isArray(pv.items) && pv.items.length && pv.items.some((x) => x && x.id)) {
    take("items");
    box.append(el("ul", { class: "mods" }, pv.items.map((it) => el("li", {},
      el("b", {}, nameOf(it.id)), it.dice !== undefined ? `: ${it.dice} ${it.dice === 1 ? "die" : "dice"}` : "", it.support ? " (support)" : "",
      (it.modifiers || []).length ? modifierList(it.modifiers, say) : null))));
  }
  const mods = pv.modifiers || (Array.isArray(pv.items) && !shown.has("items") ? pv.items : []);
  take("modifiers", "items");
  if (mods.length) box.append(el("div", { class: "muted small" }, "Modifiers:"), modifierList(mods, say));
  else if (pv.odds !== undefined) box.append(el("div", { class: "muted" }, "No modifiers."));
  if (pv.results && typeof pv.results === "object") {
    take("results");
    const entries = Object.entries(pv.results).filter(([, v]) => typeof v === "number").sort((a, b) => b[1] - a[1]);
    box.append(el("div", { class: "muted small" }, "Chance of each result:"), bars(entries, RESULT_CODES));
    const used = entries.map(([k]) => k).filter((k) => RESULT_CODES[k]);
    if (used.length) box.append(el("div", { class: "legend-codes muted small", "data-testid": "result-legend" },
      used.map((k) => el("span", {}, el("b", {}, k), ` ${RESULT_CODES[k]}`))));
  }
  if (pv.hits && typeof pv.hits === "object") {
    take("hits");
    for (const [who, dist] of Object.entries(pv.hits)) {
      if (!Array.isArray(dist)) continue;
      const entries = dist.map((p, n) => [`${n} step${n === 1 ? "" : "s"}`, p]).filter(([, p]) => p > 0);
      box.append(el("div", { class: "muted small" }, `${SIDE_WORD[who] || humanKey(who)} loses:`), bars(entries, {}));
    }
  }
  if (pv.p_destroy !== undefined) {
    take("p_destroy");
    box.append(el("div", {}, "Chance to destroy the defenders: ", el("b", {}, pct(pv.p_destroy))));
  }
  if (pv.expected && typeof pv.expected === "object") {
    take("expected");
    box.append(el("div", { class: "muted small" }, "Expected step losses: ",
      Object.entries(pv.expected).map(([k, v]) => `${(SIDE_WORD[k] || humanKey(k)).toLowerCase()} ${(+v).toFixed(1)}`).join(", ")));
  }
  if (Array.isArray(pv.risks)) {
    take("risks");
    for (const r of pv.risks) box.append(el("div", { class: "risk" }, "⚠ ", typeof r === "string" ? say(r) : (say(r.text) || humanValue("risk", r, nameOf))));
  }
  for (const [k, v] of Object.entries(pv)) {
    if (shown.has(k) || v === null || v === undefined) continue;
    box.append(el("div", { class: "muted" }, `${humanKey(k)}: ${humanValue(k, v, nameOf)}`));
  }
  return box;
}
