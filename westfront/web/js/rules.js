// The rules reference: every rule chip ("1944 12.0", "onslaught 7.2") opens the game's
// sections in the project's own words at the section it cites (/api/rules/<game>).

import { get } from "./api.js";
import { clear, el } from "./util.js";

const cache = new Map();

async function reference(game) {
  if (!cache.has(game)) cache.set(game, get(`/api/rules/${encodeURIComponent(game)}`));
  return cache.get(game);
}

/** The section a citation names: exact, else the longest section id it starts with ("7.2.1" -> "7.2"). */
export function sectionFor(sections, citation, prefixes) {
  let id = String(citation).trim();
  for (const p of prefixes || []) if (id.toLowerCase().startsWith(p.toLowerCase() + " ")) id = id.slice(p.length + 1);
  id = id.replace(/^§/, "").split(/[\s/,]/)[0];
  const exact = sections.find((s) => s.id === id);
  if (exact) return exact;
  const parents = sections.filter((s) => id.startsWith(s.id + ".") || id.startsWith(s.id.replace(/\.0$/, "") + "."));
  parents.sort((a, b) => b.id.length - a.id.length);
  return parents[0] || sections.find((s) => s.id.split(".")[0] === id.split(".")[0]) || null;
}

export async function openRules(game, citation) {
  const ref = await reference(game);
  let panel = document.getElementById("rules-panel");
  if (!panel) {
    panel = el("div", { id: "rules-panel", class: "rulespanel", role: "dialog", "aria-label": "rules reference", "data-testid": "rules-panel" });
    document.body.append(panel);
  }
  const target = citation ? sectionFor(ref.sections, citation, ref.cite_as) : null;
  clear(panel).append(
    el("div", { class: "rules-head" }, el("h2", {}, `${ref.title}: rules reference`),
      el("button", { class: "btn small", "aria-label": "close", onclick: () => panel.remove() }, "✕")),
    el("p", { class: "muted small" }, "Each section in our own words (“in the engine” says where the program implements it). The rulebook itself is the authority."),
    el("ol", { class: "rules-list" }, ref.sections.map((s) => el("li", { id: `rule-${s.id}`, "data-section": s.id,
      class: target && s.id === target.id ? "current" : "" },
      el("b", {}, s.id), " ", el("span", { class: "rtitle" }, s.title),
      s.summary ? el("p", { class: "rsummary" }, s.summary) : null,
      // where the engine implements it is for developers: folded, and named as code
      el("details", { class: "muted small rimpl" }, el("summary", {}, "in the engine"), el("code", {}, s.implemented_in))))));
  if (target) panel.querySelector(`[data-section="${CSS.escape(target.id)}"]`)?.scrollIntoView({ block: "center" });
}

/** Rule chips anywhere on the page open the reference of the game being shown. */
export function installRuleLinks(gameOf) {
  document.addEventListener("click", (e) => {
    const chip = e.target.closest?.(".rule");
    if (!chip || chip.closest("#rules-panel")) return;
    const game = gameOf();
    if (!game) return;
    e.preventDefault();
    e.stopPropagation();
    openRules(game, chip.textContent).catch(() => {});
  });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") document.getElementById("rules-panel")?.remove(); });
}
