// The computer's plan (issue 21): what each AI seat was steering by — its phase and
// objectives, hexes marked on hover. The server sends it only once the game is over
// (replay frames' ``plans``), never to the opponent during play.

import { get } from "./api.js";
import { el, titleCase } from "./util.js";

/** A sidebar card for ``plans`` ({side: plan}), or null when there is none. Objectives are numbered
 * as the map numbers their hexes (MapView.showPlan). */
export function planCard(plans, mark = null) {
  const entries = Object.entries(plans || {});
  if (!entries.length) return null;
  let k = 0;
  return el("section", { class: "card aiplan", "data-testid": "ai-plan" }, el("h3", {}, "The computer's plan"),
    entries.map(([side, p]) => el("div", { class: "plan", "data-side": side },
      el("div", {}, el("b", {}, `${titleCase(side)} (${p.agent || "AI"}), ${p.phase}: `), p.text),
      el("ul", {}, (p.objectives || []).map((o) => {
        k += 1;
        const li = el("li", { class: mark ? "located" : "", "data-objective": k }, el("b", { class: "plannum-chip" }, String(k)), ` ${o.text}: ${o.count}`,
          o.hexes.length ? ` (${o.hexes.slice(0, 8).join(", ")}${o.hexes.length > 8 ? ", …" : ""})` : "");
        if (mark) {
          li.addEventListener("mouseenter", () => mark(o.hexes));
          li.addEventListener("mouseleave", () => mark(null));
        }
        return li;
      })))));
}

/** After the game: the final frame's plans, as a card (null when no seat is an AI); ``draw(plans)``
 * puts them on the map. */
export async function finalPlanCard(gameId, mark, draw = null) {
  const f = await get(`/api/games/${gameId}/replay?at=1000000000`);
  if (draw) draw(f.plans);
  return planCard(f.plans, mark);
}
