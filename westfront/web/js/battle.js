// The battle board (docs/view-contract.md, "battle"): for games that fight a battle as a
// series of aimed shots, the two sides face each other, every shot on offer is a button
// that says the number it needs before the die is rolled (its preview's ``hit_on``), and
// the shots already fired in this battle are listed with their rolls. It holds no rules:
// the units come from the view's ``battle``, the numbers from previews, the results from
// log events that name a ``shooter``.

import { el } from "./util.js";

const pct = (x) => `${Math.round(x * 100)}%`;

/** The shot events of the newest battle in ``log`` and that battle's event (or null). */
export function lastBattle(log) {
  let start = -1;
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i].type === "battle") { start = i; break; }
  }
  if (start < 0) return { event: null, shots: [], age: Infinity };
  const shots = log.slice(start + 1).filter((e) => e.shooter && e.roll !== undefined);
  return { event: log[start], shots, age: log.length - start };
}

/**
 * Fill ``card`` with the battle board, or hide it when there is no battle to show.
 * ``ctx``: battle (view.battle or null), log, shots ([{action, preview}] for this seat's
 * shots on offer), nameOf(id), chip(unit), submit(actionText), hover(actionText|null).
 */
export function renderBattle(card, ctx) {
  const last = lastBattle(ctx.log);
  const current = ctx.battle;
  // a finished battle stays on the board for a while so its results can be read
  const shown = current || (last.event && last.age <= 40 ? last.event : null);
  card.replaceChildren();
  card.hidden = !shown;
  if (!shown) return;
  card.append(el("h3", {}, current ? `Battle at ${ctx.nameOf(shown.target)}` : `Last battle at ${ctx.nameOf(shown.target)}`));
  if (current) {
    const side = (title, list) => el("div", { class: "bside" }, el("div", { class: "muted small" }, title),
      (list || []).map((u) => el("div", { class: "bunit", "data-unit": u.id }, ctx.chip(u),
        el("span", {}, u.label || u.id, u.max_steps ? ` ${u.steps}/${u.max_steps}` : "", u.steps === 0 ? " (destroyed)" : ""))));
    card.append(el("div", { class: "bsides" },
      side(`Attacker${current.attacker ? ` (${current.attacker})` : ""}`, current.attackers),
      side("Defender", current.defenders)));
  }
  if (ctx.shots.length) {
    card.append(el("div", { class: "muted small" }, "Your shots — the number each needs on the die, before it is rolled:"));
    card.append(el("div", { class: "shots", "data-testid": "battle-shots" }, ctx.shots.map(({ action, preview }) => {
      const [shooter, target] = action.args;
      return el("button", { class: "btn shot", "data-shot": action.text, "data-hit-on": preview.hit_on,
        onclick: () => ctx.submit(action.text),
        onmouseenter: () => ctx.hover(action.text), onmouseleave: () => ctx.hover(null) },
      `${ctx.nameOf(shooter)} → ${ctx.nameOf(target)}: `, el("b", {}, `hits on ${preview.hit_on} or less`),
      preview.chance !== undefined ? el("span", { class: "muted" }, ` (${pct(preview.chance)})`) : "");
    })));
  }
  if (last.shots.length && (!current || last.event.target === current.target)) {
    card.append(el("div", { class: "muted small" }, "Shots fired:"));
    card.append(el("ol", { class: "shotlog", "data-testid": "battle-results" }, last.shots.map((e) =>
      el("li", { class: `shot-${e.type}`, "data-shooter": e.shooter, "data-target": e.target, "data-roll": e.roll,
        "data-need": e.need ?? "" },
      el("span", { class: "die" }, String(e.roll)), " ", e.text || `${ctx.nameOf(e.shooter)} → ${ctx.nameOf(e.target)}`))));
  }
}
