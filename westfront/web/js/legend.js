// The legend's markers and counters: what every marker the map can draw stands for, what the numbers
// on a counter are, what its pips, size mark and other marks mean — per game, with the rule, so a
// player never meets a letter or a number that nothing explains. Markers come and go during play,
// so each game lists every kind its view can produce (the browser test checks the ones on the map
// against this list); a marker kind missing here still gets a row, in words.

import { el, markerBadge, svg } from "./util.js";
import { SIZE_MARKS } from "./palette.js";
import { drawCounter, kindsOf } from "./counters.js";

const ORDER = Object.keys(SIZE_MARKS);  // largest first

/** Per game: markers [{kind, label, side, text}], the counter's numbers, its pips and other marks. */
const GAMES = {
  "dday-to-the-rhine": {
    markers: [
      { kind: "control", label: "A", side: "allied", text: "city the Allies control (14.0)" },
      { kind: "beachhead", label: "BH", side: "allied", text: "beach-head 1 or 2: Allied supply source and entry point (5.0, 6.2)" },
    ],
    factors: ["2-2-5", "dice rolled in combat – strength points – movement points (3.0)"],
    pips: "strength points: filled left, hollow lost; armies have 3-4, corps 1-2 (3.0)",
    more: [["?", "a hidden German piece: a real unit or a phantom (optional rule 18.5)"]],
  },
  onslaught: {
    markers: [
      { kind: "supply_source", label: "4", side: "allied", text: "Allied supply source: the number is the supply points it gives each turn (8.1)" },
      { kind: "control", label: "A", side: "allied", text: "port held by the Allies; no supply points printed (8.1)" },
      { kind: "control", label: "G", side: "german", text: "port held by the Germans (8.1)" },
      { kind: "captured_fort", label: "X", side: "allied", text: "fortified port the Allies captured: no longer a German supply source (8.4)" },
    ],
    factors: ["4-4", "combat strength – movement points; the back side is the depleted strength (2.3)"],
    pips: "two steps: full strength (both filled) and depleted (one hollow) (2.3)",
  },
  "dday-3rd": {
    markers: [
      { kind: "control", label: "A", side: "allied", text: "hex the Allies control (§4.3)" },
      { kind: "mulberry", label: "M", side: "allied", text: "Mulberry: an invasion hex's supply point (§7.2)" },
      { kind: "installation", label: "V", side: "german", text: "V-weapon site (V1 Boulogne, V2 Rotterdam) still German (§2.2.1, §9.2.2)" },
      { kind: "installation", label: "U", side: "german", text: "U-boat pens at Brest, still German (§2.2.1, §9.2.2)" },
      { kind: "cad", label: "CAD", side: "allied", text: "fighters flying defensive cover over the hex (§11.1)" },
      { kind: "river_interdiction", label: "RI", side: "allied", text: "river interdiction: the hex's river sides are closed to German moves (§11.3)" },
    ],
    factors: ["6-6-4", "attack – defence – movement factors (§2.2); out of supply the counter is flipped: half attack, movement 1 (§12)"],
    pips: "",
    more: [["OOS", "flipped: out of supply (§12); a second unsupplied check eliminates it"]],
  },
  "second-front-now": {
    markers: [
      { kind: "control", label: "A", side: "allied", text: "victory-point hex the Allies control (11.6)" },
      { kind: "beach", label: "Gol", text: "active beach of the landing area, by its name: Gold, Juno, Omaha, Sword, Utah (3.3)" },
    ],
    factors: ["6-6-3", "anti-armour – anti-infantry – movement (2.5); HQ: a headquarters without combat values"],
    pips: "strength steps: two-step units show the reduced step hollow (2.12)",
    more: [["?", "a German unit the Allies have not identified (fog of war)"]],
  },
  "race-to-the-rhine": {
    markers: [
      { kind: "control", label: "C", text: "Control marker, in its commander's colour (4.1, 4.8)" },
      { kind: "axis", label: "A", text: "Axis marker: a German unit in the way (4.9)" },
      { kind: "ffi", label: "FFI", text: "FFI markers, with their number (3.3)" },
      { kind: "truck", label: "T", text: "Truck on a link of a supply route, in its owner's colour (4.5)" },
    ],
    factors: ["2-2-2", "Fuel – Ammo – Food the Corps carries (rttr 4.5, 11.1)"],
    pips: "the Corps card's supply slots: filled hold a Supply, hollow are free",
  },
  skirmish: {
    markers: [
      { kind: "control", label: "B", side: "blue", text: "objective hex Blue holds" },
      { kind: "control", label: "R", side: "red", text: "objective hex Red holds" },
    ],
    factors: ["4-2-3", "attack – defence – movement"],
    pips: "steps left (filled) and lost (hollow)",
  },
};

/** The legend's text for a game (empty parts when the game is not listed). */
export function gameLegend(game) {
  return GAMES[game] || { markers: [], factors: null, pips: "" };
}

/** A marker as the map draws it: a coloured disc with its label. */
function markerIcon(label, color) {
  const root = svg("svg", { width: 36, height: 18, viewBox: "-18 -9 36 18", class: "lg-marker" });
  root.append(...markerBadge(0, 0, label, color));
  return root;
}

/** The "Markers" part: every marker kind the game can show, plus any other kind now on the map. */
export function markerLegend(game, markersNow, colorOf, nameOf) {
  const spec = gameLegend(game);
  const rows = spec.markers.map((m) => el("div", { class: "lg-row", "data-marker": m.kind }, markerIcon(m.label, colorOf(m.side)), m.text));
  const known = new Set(spec.markers.map((m) => m.kind));
  for (const m of markersNow || []) {
    if (known.has(m.kind)) continue;
    known.add(m.kind);
    rows.push(el("div", { class: "lg-row", "data-marker": m.kind }, markerIcon(m.label ?? m.kind[0], colorOf(m.side)), nameOf(m)));
  }
  if (!rows.length) return "";
  return el("div", { class: "legend wide", "data-testid": "marker-legend" }, el("div", { class: "muted small" }, "Markers on the map"), rows);
}

/** The "Counter" part: a sample counter and what its numbers, size mark, pips and other marks mean. */
export function counterAnatomy(game, units, layer, sideName) {
  const spec = gameLegend(game);
  const real = (units || []).filter((u) => u.kind !== "hidden" && u.kind !== "phantom" && !(u.flags || []).includes("hidden"));
  const sample = real.find((u) => (u.max_steps || 0) > 1) || real[0];
  const sizes = [...new Set(real.map((u) => String(u.size || "").toLowerCase()).filter((z) => SIZE_MARKS[z]))]
    .sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  const lines = [];
  if (sizes.length) lines.push(el("li", { "data-part": "size" }, "Size mark above the symbol: ", sizes.map((z) => `${SIZE_MARKS[z]} ${z}`).join(", ")));
  if (kindsOf(real).length) lines.push(el("li", { "data-part": "symbol" }, "Symbol in the middle: the unit type (below)"));
  if (spec.factors) {
    const shown = sample && /\d-\d/.test(String(sample.factors || "")) ? sample.factors : spec.factors[0];  // the counter drawn
    lines.push(el("li", { "data-part": "factors" }, el("b", {}, shown), ": ", spec.factors[1]));
  }
  if (spec.pips) lines.push(el("li", { "data-part": "pips" }, "Dots on the right: ", spec.pips));
  lines.push(el("li", { "data-part": "marks" }, "Bar along the bottom: reduced; “OOS”: out of supply; faded: has moved or attacked; ",
    "a black disc with a number: the counters stacked in the hex (click to spread them)"));
  for (const [mark, words] of spec.more || []) lines.push(el("li", { "data-part": "more" }, el("b", {}, mark), ": ", words));
  const pic = sample ? (() => {
    const s = 58;
    const root = svg("svg", { width: s + 4, height: s + 4, viewBox: `${-s / 2 - 2} ${-s / 2 - 2} ${s + 4} ${s + 4}`, class: "lg-counter" });
    root.append(drawCounter({ ...sample, flags: [] }, s, layer, { sideName }));
    return root;
  })() : "";
  return el("div", { class: "legend wide", "data-testid": "counter-legend" }, el("div", { class: "muted small" }, "Reading a counter"),
    el("div", { class: "lg-anatomy" }, pic, el("ul", {}, lines)));
}
