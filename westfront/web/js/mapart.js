// The map's look: the real geography the hex map was built from, drawn under the
// counters. Presentation only — the rules live in the hex terrain and hexsides,
// which map.js still draws on top. Built once per board from data.geometry
// (westfront/geo/geometry.py → /api/maps/<game>), so panning and redrawing the
// counters never touch it. Every layer ignores the pointer: clicks reach the hexes.

import { svg } from "./util.js";

const OFFMAP_LAND = "#dcd6c4"; // land outside the playing area, and the land part of sea hexes
const TEXTURED = { forest: "tex-forest", bocage: "tex-bocage", marsh: "tex-marsh", hills: "tex-hills",
  mountain: "tex-mountain", impassable: "tex-impassable" };

/** SVG patterns for the terrain textures (user-space, a few pixels each). */
function patterns() {
  const p = (id, w, h, ...kids) => svg("pattern", { id, width: w, height: h, patternUnits: "userSpaceOnUse" }, ...kids);
  return svg("defs", {},
    p("tex-forest", 9, 8,
      svg("circle", { cx: 2.5, cy: 2.5, r: 1.6, class: "tx-tree" }), svg("circle", { cx: 7, cy: 6.5, r: 1.6, class: "tx-tree" })),
    p("tex-bocage", 10, 10,
      svg("path", { d: "M0,5 Q2.5,3 5,5 T10,5 M5,0 Q3,2.5 5,5", class: "tx-hedge" })),
    p("tex-marsh", 12, 7,
      svg("path", { d: "M1,4 h4 M7,1 h4 M3,4 v-2 M9,1 v-1", class: "tx-marsh" })),
    p("tex-hills", 12, 10,
      svg("path", { d: "M1,8 q3,-5 6,0 M6,3 q2.5,-3.5 5,0", class: "tx-hill" })),
    p("tex-mountain", 12, 11,
      svg("path", { d: "M1,10 l4,-7 l4,7 M6,5 l2.5,-4 l3,5", class: "tx-mount" })),
    p("tex-impassable", 10, 10,
      svg("path", { d: "M0,10 l10,-10 M-2,2 l4,-4 M8,12 l4,-4", class: "tx-impass" })));
}

function townRadius(pop) {
  if (pop >= 1000000) return 7;
  if (pop >= 300000) return 5.2;
  if (pop >= 100000) return 4;
  if (pop >= 30000) return 3;
  return 2.3;
}

/** The layer under the hexes: off-map land (the sea is drawn over it). */
export function drawUnder(d) {
  const g = svg("g", { class: "mapart mapart-under", "pointer-events": "none", "aria-hidden": "true" });
  const geo = d.geometry;
  if (!geo) return g;
  const [x0, y0, x1, y1] = geo.frame;
  g.append(svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, fill: OFFMAP_LAND, class: "offmap" }));
  return g;
}

/** The fill a hex polygon takes when the map has geometry (sea hexes: land colour, the water is drawn over). */
export function hexFill(d, terrain) {
  const color = (d.terrain[terrain] || {}).color || "#ddd";
  if (d.geometry && (terrain === "sea" || terrain === "lake")) return OFFMAP_LAND;
  return color;
}

/** The layers over the hex fills and under the hexsides: texture, relief, water and
 * coast, a subtle hex grid, streams, rivers and towns. */
export function drawOver(d) {
  const g = svg("g", { class: "mapart mapart-over", "pointer-events": "none", "aria-hidden": "true" });
  const geo = d.geometry;
  if (!geo) return g;
  const [x0, y0, x1, y1] = geo.frame;
  // no clip-path (it makes the renderer paint the group off-screen on every frame): the
  // coast is the water path's own stroke, and a neat line over the frame hides its edge
  g.append(patterns());
  const body = g;
  const corner = d.corner;
  const ring = (h) => "M" + corner.map(([cx, cy]) => `${(h.x + cx).toFixed(1)},${(h.y + cy).toFixed(1)}`).join("L") + "Z";
  // terrain texture: one path per class
  const byClass = new Map();
  for (const h of d.hexes) if (TEXTURED[h.terrain]) (byClass.get(h.terrain) || byClass.set(h.terrain, []).get(h.terrain)).push(ring(h));
  const tex = svg("g", { class: "art-texture" });
  for (const [t, rings] of byClass) tex.append(svg("path", { d: rings.join(""), fill: `url(#${TEXTURED[t]})`, class: `tex t-${t}` }));
  body.append(tex);
  const r = geo.relief;
  body.append(svg("image", { href: r.href, x: r.x, y: r.y, width: r.width, height: r.height,
    preserveAspectRatio: "none", class: "art-relief" }));
  const water = (d.terrain.sea || d.terrain.lake || {}).color || "#a9c8e0";
  body.append(svg("path", { d: geo.water, fill: water, "fill-rule": "evenodd", class: "art-water art-coast" }));
  body.append(svg("path", { d: d.hexes.map(ring).join(""), class: "art-grid" }));
  body.append(svg("path", { d: geo.streams, class: "art-stream" }));
  const rivers = svg("g", { class: "art-rivers" });
  for (const rv of geo.rivers) rivers.append(svg("path", { d: rv.d, class: `art-river r-${rv.class}`, "data-river": rv.name }));
  body.append(rivers);
  const towns = svg("g", { class: "art-towns" });
  for (const t of geo.towns) {
    towns.append(svg("circle", { cx: t.x, cy: t.y, r: townRadius(t.population), class: t.place ? "art-town place" : "art-town",
      "data-town": t.name }));
  }
  body.append(towns);
  body.append(svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, class: "art-neatline" }));
  return g;
}
