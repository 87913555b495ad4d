// The map: an SVG drawn from /api/maps/<game> (hex grids of both orientations, or
// nodes and links), with counters, markers, highlights, zoom (wheel, buttons) and
// pan (drag). It knows nothing about any game's rules.

import { clear, el, markerBadge, svg, sideColor } from "./util.js";
import { drawCounter } from "./counters.js";
import { drawOver, drawUnder, hexFill } from "./mapart.js";

const FEATURE_ICON = { city: "■", major_city: "■", minor_city: "▪", town: "●", port: "⚓", fortified_port: "⚓",
  fort: "✚", fortress: "✚", fortification: "✚", airfield: "✈", capital: "★", bridge: "═", beach: "≈",
  objective: "◎", victory: "★", resource: "◆", factory: "⚙", ruhr: "⚙", vp: "◎" };
const FEATURE_WORDS = { city: "city", major_city: "major city", minor_city: "minor city", town: "town", port: "port",
  fortified_port: "fortified port", fort: "fort", fortress: "fortress", fortification: "fortification",
  airfield: "airfield", capital: "capital", bridge: "bridge", beach: "invasion beach", objective: "objective",
  victory: "victory city", resource: "resource", factory: "industry", ruhr: "the Ruhr", vp: "victory points" };
/** An id as words when nothing names it: "supply_base" reads "supply base". */
function words(id) {
  return String(id ?? "").replace(/[_]+/g, " ");
}
const SIDE_STYLE = {
  river: { stroke: "#3f7fc4", width: 3.5 }, major_river: { stroke: "#2d66a8", width: 7 },
  sea: { stroke: "#355f8a", width: 2 }, canal: { stroke: "#4b8fd0", width: 2.5, dash: "6 3" },
  impassable: { stroke: "#333", width: 4 }, escarpment: { stroke: "#7a5230", width: 4, dash: "2 3" },
  border: { stroke: "#8a3b8a", width: 2, dash: "8 4" }, dyke: { stroke: "#6a5a3a", width: 3, dash: "4 2" },
  bridge: { stroke: "#222", width: 2 }, road: { stroke: "#8b6b3b", width: 2 },
};

const MIN_PX = 58; // a hex about this many screen pixels wide: counter names (about 10 px) read comfortably

export class MapView {
  constructor(container, data, layer = {}, handlers = {}, opts = {}) {
    this.container = container;
    this.data = data;
    this.layer = layer;
    this.h = handlers;
    this.opts = opts;
    this.pos = new Map();
    this.info = new Map();
    this.unitsAt = new Map();
    this.units = new Map();
    this.build();
  }

  // ----- drawing the board (once) -------------------------------------------
  build() {
    const d = this.data;
    clear(this.container);
    this.root = svg("svg", { class: "map", role: "img", "aria-label": d.title || "map" });
    this.vp = svg("g", { class: "viewport" });
    this.root.append(this.vp);
    this.gBase = svg("g", { class: "base" });
    this.gSides = svg("g", { class: "hexsides" });
    this.gLabels = svg("g", { class: "labels" });
    this.gHigh = svg("g", { class: "highlights" });
    this.gPath = svg("g", { class: "path" });
    this.gMarkers = svg("g", { class: "markers" });
    this.gUnits = svg("g", { class: "units" });
    this.gHover = svg("g", { class: "hover", "pointer-events": "none" });
    this.gOpp = svg("g", { class: "opponent", "pointer-events": "none" });
    this.vp.append(svg("defs", {}, svg("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" },
      svg("path", { d: "M0,0 L10,5 L0,10 z", class: "arrowhead" }))));
    // the geography under the hexes' rules (mapart.js): drawn once, never redrawn
    this.gArtUnder = d.kind === "p2p" ? svg("g") : drawUnder(d);
    this.gArtOver = d.kind === "p2p" ? svg("g") : drawOver(d);
    this.root.classList.toggle("has-art", Boolean(d.geometry));
    this.vp.append(this.gArtUnder, this.gBase, this.gArtOver, this.gSides, this.gLabels, this.gHigh, this.gPath, this.gOpp, this.gMarkers, this.gUnits, this.gHover);
    if (d.kind === "p2p") this.buildNodes();
    else this.buildHexes();
    this.tip = el("div", { class: "maptip", hidden: true });
    const tools = el("div", { class: "maptools" },
      el("button", { title: "zoom in", "aria-label": "zoom in", onclick: () => this.zoomBy(1.25) }, "+"),
      el("button", { title: "zoom out", "aria-label": "zoom out", onclick: () => this.zoomBy(0.8) }, "−"),
      el("button", { title: "fit the map", "aria-label": "fit map", onclick: () => this.fit() }, "⤢"));
    this.container.append(this.root, this.tip, tools);
    this.installPanZoom();
    requestAnimationFrame(() => { if (!this.vb) this.fit(); });
  }

  buildHexes() {
    const d = this.data;
    const corner = d.corner;
    const pts = (x, y, k = 1) => corner.map(([cx, cy]) => `${(x + cx * k).toFixed(1)},${(y + cy * k).toFixed(1)}`).join(" ");
    this.hexPoints = pts;
    const places = new Map();
    for (const p of d.places || []) (places.get(p.hex) || places.set(p.hex, []).get(p.hex)).push(p);
    for (const h of d.hexes) {
      this.pos.set(h.id, [h.x, h.y]);
      this.info.set(h.id, { ...h, places: places.get(h.id) || [] });
      const color = hexFill(d, h.terrain);
      const poly = svg("polygon", { points: pts(h.x, h.y), fill: color, class: `hex t-${h.terrain}`, "data-hex": h.id });
      this.gBase.append(poly);
      const s = d.hex_size;
      this.gLabels.append(svg("text", { x: h.x, y: h.y - s * 0.62, class: "hexlabel" }, h.id));
      const icons = h.features.map((f) => FEATURE_ICON[f]).filter(Boolean);
      if (icons.length) this.gLabels.append(svg("text", { x: h.x - s * 0.5, y: h.y - s * 0.25, class: "feature" }, icons.join("")));
      const names = [h.name, ...(places.get(h.id) || []).map((p) => p.name)].filter(Boolean);
      if (names.length) this.gLabels.append(svg("text", { x: h.x, y: h.y + s * 0.78, class: "placename" }, [...new Set(names)].join(" / ")));
    }
    for (const sd of d.hexsides) {
      for (const f of sd.features) {
        const st = SIDE_STYLE[f] || { stroke: "#555", width: 2 };
        const [x1, y1, x2, y2] = sd.seg;
        this.gSides.append(svg("line", { x1, y1, x2, y2, stroke: st.stroke, "stroke-width": st.width,
          "stroke-dasharray": st.dash, "stroke-linecap": "round", class: `side s-${f}` }));
      }
    }
    for (const [name, ln] of Object.entries(d.lines || {})) {
      for (const [x1, y1, x2, y2] of ln.segs) {
        this.gSides.append(svg("line", { x1, y1, x2, y2, class: `line l-${ln.kind}`, "data-line": name }));
      }
    }
  }

  buildNodes() {
    const d = this.data;
    const r = d.node_radius;
    for (const n of d.nodes) this.pos.set(n.id, [n.x, n.y]);
    for (const ln of d.links) {
      const [x1, y1] = this.pos.get(ln.a);
      const [x2, y2] = this.pos.get(ln.b);
      this.gSides.append(svg("line", { x1, y1, x2, y2, class: `link k-${ln.kind}`, "data-a": ln.a, "data-b": ln.b }));
    }
    for (const n of d.nodes) {
      this.info.set(n.id, { ...n, places: [] });
      const color = (d.terrain[n.terrain] || {}).color || "#e8e4c9";
      this.gBase.append(svg("circle", { cx: n.x, cy: n.y, r, fill: color, class: "node hex", "data-hex": n.id }));
      this.gLabels.append(svg("text", { x: n.x, y: n.y + r + 12, class: "placename", "data-space": n.id }, n.name || n.id));
    }
    this.hexPoints = null;
  }

  /** Leave spaces out of the board (a game option without that part of the map, e.g. Race to the Rhine's base
   *  game without the Patch-Devers side board): their nodes, names and links are hidden, the fit skips them. */
  setOutOfPlay(ids) {
    const key = (ids || []).join(",");
    if (key === this.outKey) return;
    this.outKey = key;
    const out = new Set(ids || []);
    this.outOfPlay = out;
    const hide = (node, yes) => { node.classList.toggle("out-of-play", yes); };
    for (const c of this.gBase.querySelectorAll("[data-hex]")) hide(c, out.has(c.dataset.hex));
    for (const t of this.gLabels.querySelectorAll("[data-space]")) hide(t, out.has(t.dataset.space));
    for (const l of this.gSides.querySelectorAll("line[data-a]")) hide(l, out.has(l.dataset.a) || out.has(l.dataset.b));
    const shown = [...this.pos].filter(([id]) => !out.has(id)).map(([, p]) => p);
    if (!out.size || !shown.length) { this.playBounds = null; return; }
    const m = this.data.node_radius || this.data.hex_size || 20;
    const xs = shown.map((p) => p[0]), ys = shown.map((p) => p[1]);
    this.playBounds = [Math.min(...xs) - 3 * m, Math.min(...ys) - 3 * m, Math.max(...xs) + 3 * m, Math.max(...ys) + 3 * m];
  }

  shape(id, cls, k = 1) {
    const [x, y] = this.pos.get(id);
    if (this.hexPoints) return svg("polygon", { points: this.hexPoints(x, y, k), class: cls, "data-hex": id });
    return svg("circle", { cx: x, cy: y, r: this.data.node_radius * k, class: cls, "data-hex": id });
  }

  // ----- legend --------------------------------------------------------------------
  /** What the map's colours, lines and symbols mean, built from this map's own data. */
  legend() {
    const d = this.data;
    const rows = [];
    const swatch = (style) => el("i", { class: "lg-swatch", style });
    for (const [k, t] of Object.entries(d.terrain || {})) {
      rows.push(el("div", { class: "lg-row" }, swatch(`background:${t.color}`), t.label || k));
    }
    const sides = new Set((d.hexsides || []).flatMap((s) => s.features));
    for (const f of sides) {
      const st = SIDE_STYLE[f] || { stroke: "#555", width: 2 };
      rows.push(el("div", { class: "lg-row" }, swatch(`background:${st.stroke};height:${Math.min(7, st.width)}px;border-radius:2px`),
        f.replace(/_/g, " ") + " (hexside)"));
    }
    for (const [name, ln] of Object.entries(d.lines || {})) {
      rows.push(el("div", { class: "lg-row" }, swatch("background:repeating-linear-gradient(90deg,#c03 0 6px,transparent 6px 10px);height:4px"),
        name.replace(/_/g, " ")));
    }
    const feats = new Set((d.hexes || []).flatMap((h) => h.features || []));
    for (const f of feats) {
      if (FEATURE_ICON[f]) rows.push(el("div", { class: "lg-row" }, el("b", { class: "lg-icon" }, FEATURE_ICON[f]), FEATURE_WORDS[f] || f));
    }
    return el("div", { class: "legend", "data-testid": "legend" }, rows);
  }

  // ----- units and markers ----------------------------------------------------
  setPieces(units, markers, opts = {}) {
    this.lastPieces = [units, markers, opts];
    clear(this.gUnits);
    clear(this.gMarkers);
    this.unitsAt = new Map();
    this.units = new Map();
    for (const u of units || []) {
      this.units.set(u.id, u);
      if (!u.hex || !this.pos.has(u.hex)) continue;
      (this.unitsAt.get(u.hex) || this.unitsAt.set(u.hex, []).get(u.hex)).push(u);
    }
    const size = this.hexPoints ? this.data.hex_size * 0.9 : this.data.node_radius * 1.6;
    for (const [hex, stack] of this.unitsAt) {
      if (hex === this.spreadHex && stack.length > 1) continue;
      const [x, y] = this.pos.get(hex);
      const shown = stack.slice(0, 4);
      const off = Math.min(5, size * 0.14);
      const g = svg("g", { class: "stack", "data-hex": hex });
      shown.forEach((u, i) => {
        const k = shown.length - 1 - i;
        const c = drawCounter(u, size, this.layer, { ...opts, sideName: (sd) => this.sideName(sd) });
        c.setAttribute("transform", `translate(${(x - k * off).toFixed(1)},${(y - k * off).toFixed(1)})`);
        g.append(c);
      });
      if (stack.length > 1) {
        g.append(svg("circle", { cx: x + size * 0.5, cy: y - size * 0.55, r: 8, class: "stackcount" }));
        g.append(svg("text", { x: x + size * 0.5, y: y - size * 0.55 + 3.5, class: "stackcount-t" }, String(stack.length)));
      }
      this.gUnits.append(g);
    }
    const spread = this.spreadHex && this.unitsAt.get(this.spreadHex);
    if (spread && spread.length > 1) this.gUnits.append(this.drawSpread(this.spreadHex, spread, size, opts));
    for (const m of markers || []) {
      if (m.link && this.drawOnLink(m)) continue;
      if (!m.hex || !this.pos.has(m.hex)) continue;
      const [x, y] = this.pos.get(m.hex);
      const s = this.hexPoints ? this.data.hex_size : this.data.node_radius;
      const color = this.colorOf(m.side);
      const mx = x + s * 0.52, my = y + s * 0.42;
      const g = svg("g", { class: `marker m-${m.kind}`, "data-hex": m.hex },
        svg("title", {}, `${this.markerName(m)}: ${m.label ?? ""}`),
        ...markerBadge(mx, my, m.label ?? m.kind[0], color));
      this.gMarkers.append(g);
    }
  }

  /** A marker that stands on a link ("a|b", e.g. a Truck of a supply route): a band along the link in the
   *  owner's colour and the marker at its middle, so a whole route reads link by link. False when the
   *  link's ends are not on this map (the caller then draws it on its space). */
  drawOnLink(m) {
    const [a, b] = String(m.link).split("|");
    if (!this.pos.has(a) || !this.pos.has(b)) return false;
    const [x1, y1] = this.pos.get(a);
    const [x2, y2] = this.pos.get(b);
    const color = this.colorOf(m.side);
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
    const g = svg("g", { class: `marker on-link m-${m.kind}`, "data-hex": a, "data-link": m.link },
      svg("title", {}, `${this.markerName(m)}: ${this.nameOf(a)} – ${this.nameOf(b)}`),
      svg("line", { x1, y1, x2, y2, class: "linkband", stroke: color }),
      svg("rect", { x: mx - 8, y: my - 6, width: 16, height: 12, rx: 2, fill: color, class: "linkmarker" }),
      svg("text", { x: mx, y: my + 3.5, class: "marker-t" }, String(m.label ?? m.kind[0]).slice(0, 3)));
    this.gMarkers.append(g);
    return true;
  }

  /** A marker's colour: its side's, as the game's UI layer paints it (else the shared palette). */
  colorOf(side) {
    if (!side) return "#444";
    return (this.layer.sideColor && this.layer.sideColor(side)) || sideColor(side);
  }

  nameOf(id) {
    const i = this.info.get(id);
    return (i && i.name) || id;
  }

  /** A side as people call it (the game's labels, given as ``opts.labels``), never its id. */
  sideName(side) {
    const l = this.opts.labels;
    return (l && l.lookup(side)) || words(side);
  }

  /** A marker's tooltip head: "Supply source (Allied)", not "supply_source (allied)". */
  markerName(m) {
    const l = this.opts.labels;
    const kind = (l && l.lookup(m.kind)) || words(m.kind);
    return `${kind.charAt(0).toUpperCase()}${kind.slice(1)}${m.side ? ` (${this.sideName(m.side)})` : ""}`;
  }

  /** A map feature in words ("major_city" is a major city; a commander's start space by his name). */
  featureName(f) {
    const l = this.opts.labels;
    return FEATURE_WORDS[f] || (l && l.lookup(f)) || (l ? l.prose(words(f)) : words(f));
  }

  /** A stack laid out side by side above its hex, so any member can be clicked. */
  drawSpread(hex, stack, size, opts) {
    const [x, y] = this.pos.get(hex);
    const per = Math.min(stack.length, 5);
    const rows = Math.ceil(stack.length / per);
    const step = size * 1.1;
    const w = per * step + size * 0.2, h = rows * step + size * 0.2;
    const top = y - size * 0.6 - h;
    const g = svg("g", { class: "stack spread", "data-hex": hex });
    g.append(svg("rect", { x: x - w / 2, y: top, width: w, height: h, rx: 6, class: "spreadbg" }));
    g.append(svg("line", { x1: x, y1: top + h, x2: x, y2: y - size * 0.3, class: "spreadstem" }));
    stack.forEach((u, i) => {
      const r = Math.floor(i / per), c = i % per;
      const cx = x - ((per - 1) / 2 - c) * step, cy = top + size * 0.1 + step / 2 + r * step;
      const cnt = drawCounter(u, size, this.layer, { ...opts, sideName: (sd) => this.sideName(sd) });
      cnt.setAttribute("transform", `translate(${cx.toFixed(1)},${cy.toFixed(1)})`);
      g.append(cnt);
    });
    return g;
  }

  /** Spread the stack at ``hex`` (null folds it back). */
  setSpread(hex) {
    if (this.spreadHex === hex) return;
    this.spreadHex = hex;
    if (this.lastPieces) this.setPieces(...this.lastPieces);
    this.h.onRedraw?.();
  }

  // ----- highlights -------------------------------------------------------------
  /** hexes: Map id -> {cost?, title?}; units: Set of unit ids; selected: Set of ids. */
  setHighlights({ hexes = new Map(), units = new Set(), selected = new Set() } = {}) {
    clear(this.gHigh);
    this.highlighted = hexes;
    for (const [id, h] of hexes) {
      if (!this.pos.has(id)) continue;
      const shape = this.shape(id, "legal", 0.94);
      this.gHigh.append(shape);
      if (h.cost !== undefined && h.cost !== null) {
        const [x, y] = this.pos.get(id);
        const s = this.hexPoints ? this.data.hex_size : this.data.node_radius;
        this.gHigh.append(svg("text", { x: x + s * 0.45, y: y + s * 0.15, class: "cost" }, String(h.cost)));
      }
    }
    for (const id of selected) if (this.pos.has(id)) this.gHigh.append(this.shape(id, "selected", 0.94));
    for (const node of this.gUnits.querySelectorAll(".counter")) {
      node.classList.toggle("legal", units.has(node.dataset.unit));
      node.classList.toggle("selected", selected.has(node.dataset.unit));
    }
  }

  showPath(path) {
    clear(this.gPath);
    if (!path || path.length < 2) return;
    const pts = path.filter((p) => this.pos.has(p)).map((p) => this.pos.get(p).join(","));
    this.gPath.append(svg("polyline", { points: pts.join(" "), class: "movepath" }));
  }

  /** The opponent's last moves: an arrow along each path, an outline on each hex acted on. */
  showOpponent(moves) {
    clear(this.gOpp);
    for (const m of moves || []) {
      const pts = (m.path || []).filter((h) => this.pos.has(h)).map((h) => this.pos.get(h));
      if (pts.length >= 2) this.gOpp.append(svg("polyline", { points: pts.map((p) => p.join(",")).join(" "), class: "opparrow", "marker-end": "url(#arrowhead)" }));
      else if (m.hex && this.pos.has(m.hex)) this.gOpp.append(this.shape(m.hex, "oppmark", 0.9));
    }
  }

  /** The attack under way (``{targets, attackers}``, null clears): the attacked hex ringed, an
   * arrow from each committed unit's hex to it, and the committed counters marked. */
  setEngagement(eng) {
    for (const n of this.gHigh.querySelectorAll(".engaged, .attackline")) n.remove();
    const attackers = new Set((eng && eng.attackers) || []);
    const targets = ((eng && eng.targets) || []).filter((id) => this.pos.has(id));
    for (const id of targets) this.gHigh.append(this.shape(id, "engaged", 0.92));
    const to = targets.length ? this.pos.get(targets[0]) : null;
    const from = new Set([...attackers].map((u) => this.units.get(u)?.hex).filter((h) => h && this.pos.has(h) && !targets.includes(h)));
    for (const h of to ? from : []) {
      const [x0, y0] = this.pos.get(h);
      const [x1, y1] = to;
      const k = 0.55;  // stop short of the target's centre, over its edge
      this.gHigh.append(svg("line", { x1: x0, y1: y0, x2: x0 + (x1 - x0) * k, y2: y0 + (y1 - y0) * k, class: "attackline", "marker-end": "url(#arrowhead)" }));
    }
    for (const node of this.gUnits.querySelectorAll(".counter")) node.classList.toggle("committed", attackers.has(node.dataset.unit));
  }

  /** The computer's plan once the game is over (issue 35 item 8; ``{side: plan}``, null clears): every
   * objective's hexes outlined and numbered as the plan card numbers them. */
  showPlan(plans) {
    for (const n of this.gHigh.querySelectorAll(".planmark, .plannum")) n.remove();
    let k = 0;
    for (const [side, p] of Object.entries(plans || {})) {
      for (const o of p.objectives || []) {
        k += 1;
        for (const id of o.hexes || []) {
          if (!this.pos.has(id)) continue;
          const s = this.shape(id, "planmark", 0.86);
          s.dataset.side = side;
          s.dataset.objective = k;
          s.append(svg("title", {}, `${o.text} (the computer's plan)`));
          const [x, y] = this.pos.get(id);
          const r = (this.data.node_radius || 20) * 0.55;
          this.gHigh.append(s, svg("text", { x, y: y - r, class: "plannum", "text-anchor": "middle" }, String(k)));
        }
      }
    }
  }

  /** The places a decision concerns when its choices name no hex on the map (a beach area, a
   * coastal sector, a region, a numbered combat): outlined, and those of the choice under the
   * pointer (``hover``) filled; null clears. */
  setPlaces(ids, hover = null) {
    for (const n of this.gHigh.querySelectorAll(".placemark, .placehover")) n.remove();
    for (const id of ids || []) if (this.pos.has(id)) this.gHigh.append(this.shape(id, "placemark", 0.9));
    for (const id of hover || []) if (this.pos.has(id)) this.gHigh.append(this.shape(id, "placehover", 0.9));
  }

  /** Bring a decision's hexes into view at a zoom where its counters read: from a view zoomed
   * out too far (the whole theatre) zoom in on them, as far as shows them all; otherwise only pan. */
  focusOn(ids) {
    if (!this.vb) return false;
    const box = this.boxOf(ids);
    if (!box) return false;
    const w = this.root.clientWidth || 800, h = this.root.clientHeight || 600;
    const now = this.vb[2] / w, need = Math.max((box[2] - box[0]) / w, (box[3] - box[1]) / h);
    const readable = this.readableScale();
    if (now > readable * 1.15 && need < now) {
      this.fitBox(box, need <= readable ? true : "whole");
      return true;
    }
    return this.panTo(ids);
  }

  /** Outline hexes (a log entry under the pointer); null clears. */
  mark(ids) {
    for (const n of this.gHigh.querySelectorAll(".logmark")) n.remove();
    for (const id of ids || []) if (this.pos.has(id)) this.gHigh.append(this.shape(id, "logmark", 0.96));
  }

  flash(hexes) {
    for (const id of hexes) {
      if (!this.pos.has(id)) continue;
      const s = this.shape(id, "flash", 0.9);
      this.gHigh.append(s);
      setTimeout(() => s.remove(), 1600);
    }
  }

  // ----- interaction ---------------------------------------------------------------
  installPanZoom() {
    const root = this.root;
    let drag = null;
    const pointers = new Map(); // touch: two pointers pinch-zoom
    let pinch = null;
    let press = null; // long-press timer: the stack inspector on touch screens
    root.addEventListener("wheel", (e) => {
      e.preventDefault();
      this.zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15, this.toMap(e.clientX, e.clientY));
    }, { passive: false });
    root.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      pointers.set(e.pointerId, [e.clientX, e.clientY]);
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]) };
        drag = null;
        clearTimeout(press);
        return;
      }
      drag = { x: e.clientX, y: e.clientY, vb: [...this.vb], moved: false, id: e.pointerId };
      clearTimeout(press);
      press = setTimeout(() => {
        if (!drag || drag.moved) return;
        const { hex } = this.targetOf(e);
        drag = null;
        if (hex) {
          if ((this.unitsAt.get(hex) || []).length > 1) this.setSpread(hex);
          this.h.onLongPress?.(hex);
        }
      }, 550);
    });
    root.addEventListener("pointermove", (e) => {
      if (pointers.has(e.pointerId)) pointers.set(e.pointerId, [e.clientX, e.clientY]);
      if (pinch && pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
        if (d > 0 && pinch.d > 0) this.zoomBy(d / pinch.d, this.toMap((a[0] + b[0]) / 2, (a[1] + b[1]) / 2));
        pinch.d = d;
        return;
      }
      if (drag && (drag.moved || Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 5)) {
        clearTimeout(press);
        if (!drag.moved) root.setPointerCapture(drag.id);
        drag.moved = true;
        const k = this.vb[2] / root.clientWidth;
        this.vb[0] = drag.vb[0] - (e.clientX - drag.x) * k;
        this.vb[1] = drag.vb[1] - (e.clientY - drag.y) * k;
        this.applyView();
        return;
      }
      if (e.pointerType === "mouse") this.hover(e);
    });
    const up = (e) => {
      pointers.delete(e.pointerId);
      clearTimeout(press);
      if (pinch) { if (pointers.size < 2) pinch = null; drag = null; return; }
      const d = drag;
      drag = null;
      if (!d || d.moved || e.type === "pointercancel") return;
      this.click(e);
    };
    root.addEventListener("pointerup", up);
    root.addEventListener("pointercancel", up);
    root.addEventListener("pointerleave", () => { this.tip.hidden = true; clear(this.gHover); this.h.onLeave?.(); });
  }

  targetOf(e) {
    const t = document.elementFromPoint(e.clientX, e.clientY) || e.target;
    const counter = t.closest?.(".counter");
    const hexNode = t.closest?.("[data-hex]");
    return { unit: counter ? counter.dataset.unit : null, hex: counter ? counter.dataset.hex : hexNode?.dataset.hex ?? null };
  }

  click(e) {
    const { unit, hex } = this.targetOf(e);
    const stack = hex ? this.unitsAt.get(hex) || [] : [];
    // a first click on a stack of several spreads it; the next click picks a member
    if (unit && stack.length > 1 && this.spreadHex !== hex) {
      this.setSpread(hex);
      this.h.onSpread?.(hex);
      return;
    }
    if (this.spreadHex && this.spreadHex !== hex) this.setSpread(null);
    if (unit) { this.setSpread(null); this.h.onUnit?.(unit, hex); }
    else if (hex) this.h.onHex?.(hex);
  }

  hover(e) {
    const { unit, hex } = this.targetOf(e);
    if (hex === this.hoverHex && unit === this.hoverUnit) { this.placeTip(e); return; }
    this.hoverHex = hex;
    this.hoverUnit = unit;
    clear(this.gHover);
    if (!hex) { this.tip.hidden = true; this.h.onLeave?.(); return; }
    this.gHover.append(this.shape(hex, "hovered", 0.98));
    const inf = this.info.get(hex) || {};
    const lines = [el("b", {}, inf.name ? `${hex} ${inf.name}` : hex)];
    lines.push(el("div", {}, [inf.terrain, ...(inf.features || [])].filter(Boolean).join(", ")));
    for (const p of inf.places || []) lines.push(el("div", {}, `${p.name} (${p.kind})`));
    const stack = this.unitsAt.get(hex) || [];
    if (stack.length) lines.push(el("div", { class: "muted" }, `${stack.length} unit(s): ${stack.map((u) => u.label || u.id).join(", ")}`));
    const extra = this.h.onHover?.(hex, unit);
    if (extra) lines.push(el("div", { class: "tip-action" }, extra));
    clear(this.tip).append(...lines);
    this.tip.hidden = false;
    this.placeTip(e);
  }

  placeTip(e) {
    const r = this.container.getBoundingClientRect();
    this.tip.style.left = `${e.clientX - r.left + 16}px`;
    this.tip.style.top = `${e.clientY - r.top + 12}px`;
  }

  toMap(cx, cy) {
    const r = this.root.getBoundingClientRect();
    const k = this.vb[2] / r.width;
    return [this.vb[0] + (cx - r.left) * k, this.vb[1] + (cy - r.top) * k];
  }

  fit() {
    this.fitBox(this.playBounds || this.data.bounds, false);
  }

  /** Map units per screen pixel at which counters and names read (counters about MIN_PX wide). */
  readableScale() {
    const size = this.hexPoints ? this.data.hex_size : this.data.node_radius * 2;
    return size / MIN_PX;
  }

  /** Show [x0, y0, x1, y1]; with `readable`, never zoom out so far that counters cannot be read;
   * with "whole", all of it, though never zoomed in past where one hex fills the screen. */
  fitBox([x0, y0, x1, y1], readable = true) {
    const w = this.root.clientWidth || 800, h = this.root.clientHeight || 600;
    let k = Math.max((x1 - x0) / w, (y1 - y0) / h);
    if (readable) k = Math.max(k, this.readableScale() / 1.6);
    if (readable === true) k = Math.min(k, this.readableScale());
    const vw = w * k, vh = h * k;
    this.vb = [(x0 + x1) / 2 - vw / 2, (y0 + y1) / 2 - vh / 2, vw, vh];
    this.applyView();
  }

  /** The opening view: the saved one for this game, else the area of play at a readable zoom. */
  openOn(hexes, whole = null) {
    const saved = this.opts.storageKey && localStorage.getItem(this.opts.storageKey);
    if (saved) {
      try {
        const vb = JSON.parse(saved);
        if (Array.isArray(vb) && vb.length === 4 && vb.every(Number.isFinite)) { this.vb = vb; this.applyView(); return; }
      } catch { /* ignore a damaged entry */ }
    }
    // a decision between places (``whole``: "Calais or Dieppe?") opens on all of them
    const all = whole && whole.length ? this.boxOf(whole) : null;
    const box = this.boxOf(hexes);
    if (all) this.fitBox(all, "whole");
    else if (box) this.fitBox(box, true);
    else this.fit();
  }

  boxOf(ids, pad = null) {
    const pts = [...ids].filter((id) => this.pos.has(id)).map((id) => this.pos.get(id));
    if (!pts.length) return null;
    const m = pad ?? (this.hexPoints ? this.data.hex_size * 1.6 : this.data.node_radius * 3);
    return [Math.min(...pts.map((p) => p[0])) - m, Math.min(...pts.map((p) => p[1])) - m,
      Math.max(...pts.map((p) => p[0])) + m, Math.max(...pts.map((p) => p[1])) + m];
  }

  /** Pan (never zoom) so the decision's hexes are in view when some of them are not. */
  panTo(ids) {
    if (!this.vb) return false;
    const box = this.boxOf(ids);
    if (!box) return false;
    const [x, y, w, h] = this.vb;
    const inside = box[0] >= x && box[1] >= y && box[2] <= x + w && box[3] <= y + h;
    if (inside) return false;
    const cx = (box[0] + box[2]) / 2, cy = (box[1] + box[3]) / 2;
    const bw = box[2] - box[0], bh = box[3] - box[1];
    // a decision larger than the screen: keep its first hex (the one the prompt is about) in view
    const [fx, fy] = bw > w || bh > h ? this.pos.get([...ids].find((id) => this.pos.has(id))) : [cx, cy];
    this.vb[0] = fx - w / 2;
    this.vb[1] = fy - h / 2;
    this.applyView();
    return true;
  }

  zoomBy(f, at) {
    if (!this.vb) this.fit();
    const [x, y, w, h] = this.vb;
    const [ax, ay] = at || [x + w / 2, y + h / 2];
    const nw = Math.min(Math.max(w / f, 150), 20000);
    const k = nw / w;
    this.vb = [ax - (ax - x) * k, ay - (ay - y) * k, nw, h * k];
    this.applyView();
  }

  centerOn(id) {
    if (!this.pos.has(id) || !this.vb) return;
    const [x, y] = this.pos.get(id);
    this.vb[0] = x - this.vb[2] / 2;
    this.vb[1] = y - this.vb[3] / 2;
    this.applyView();
  }

  applyView() {
    const w = this.root.clientWidth || 800, h = this.root.clientHeight || 600;
    this.vb[3] = this.vb[2] * h / w;
    this.root.setAttribute("viewBox", this.vb.map((v) => v.toFixed(1)).join(" "));
    const pxPerUnit = w / this.vb[2];
    // names and numbers are drawn wherever they are big enough to read (about 6 px)
    this.root.classList.toggle("no-hexlabels", pxPerUnit * 8 < 6);
    this.root.classList.toggle("no-placenames", pxPerUnit * 9 < 5.5);
    this.root.classList.toggle("zoomed-out", pxPerUnit < 0.9);
    this.root.classList.toggle("zoomed-in", pxPerUnit > 1.6);
    // while the view moves, the finest map art (texture, streams, grid) rests: it costs half a frame
    this.root.classList.add("moving");
    clearTimeout(this.restTimer);
    this.restTimer = setTimeout(() => this.root.classList.remove("moving"), 200);
    if (this.opts.storageKey) {
      clearTimeout(this.saveTimer);
      this.saveTimer = setTimeout(() => localStorage.setItem(this.opts.storageKey, JSON.stringify(this.vb.map((v) => +v.toFixed(1)))), 150);
    }
  }
}
