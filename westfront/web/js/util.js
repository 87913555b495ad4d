// Small DOM and colour helpers shared by every screen.

export const SVGNS = "http://www.w3.org/2000/svg";

/** Create an HTML element: el("button", {class: "x", onclick: f}, "text", child). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** Create an SVG element with attributes. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  setAttrs(node, attrs);
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function setAttrs(node, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export function titleCase(s) {
  return String(s ?? "").replace(/(^|[\s_-])(\w)/g, (m, sep, c) => (sep === "_" || sep === "-" ? " " : sep) + c.toUpperCase());
}

const NAMED = {
  blue: "#3d6fb6", red: "#b8433a", allied: "#5b7f3a", allies: "#5b7f3a", us: "#5b7f3a", american: "#5b7f3a",
  british: "#b08a4a", uk: "#b08a4a", german: "#6f7f8f", germany: "#6f7f8f", axis: "#6f7f8f",
  french: "#4b6fa5", canadian: "#a0673a", soviet: "#a33b3b",
};
const PALETTE = ["#3d6fb6", "#b8433a", "#5b7f3a", "#8a5fa8", "#c08a2e", "#2f8f8a"];

/** A stable colour for a side (games may override it in their UI layer). */
export function sideColor(side, index = 0) {
  if (!side) return "#888";
  const key = String(side).toLowerCase();
  if (NAMED[key]) return NAMED[key];
  let h = 0;
  for (const ch of key) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[(h + index) % PALETTE.length];
}

/** Readable text colour on a background colour. */
export function inkOn(hex) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(hex || "");
  if (!m) return "#fff";
  const [r, g, b] = m.slice(1).map((x) => parseInt(x, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#111" : "#fff";
}

export function parseAction(text) {
  const parts = String(text).trim().split(/\s+/);
  return { text, verb: parts[0], args: parts.slice(1) };
}

export function fmtTime(ts) {
  if (!ts) return "";
  const d = new Date(ts * 1000);
  return d.toLocaleString();
}

export function toast(message, kind = "info", ms = 4000) {
  let box = document.getElementById("toasts");
  if (!box) {
    box = el("div", { id: "toasts" });
    document.body.append(box);
  }
  const t = el("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" }, message);
  box.append(t);
  setTimeout(() => t.classList.add("fade"), ms - 400);
  setTimeout(() => t.remove(), ms);
  return t;
}

const DIE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
/** Dice of a roll event as chips: d6 values as die faces, others as numbers, symbol faces as words. */
export function diceChips(ev) {
  const vals = ev.values ?? ev.faces ?? [];
  return el("span", { class: "dice" }, vals.map((v) =>
    el("span", { class: "die", title: `d${ev.sides ?? "?"}: ${v}` },
      ev.sides === 6 && Number.isInteger(v) && v >= 1 && v <= 6 ? `${DIE[v]} ${v}` : String(v))));
}

/** A map marker's badge centred on (x, y): its label whole (spaces dropped, at most 5 characters: "BH 21" reads
 *  "BH21"), a disc for one or two characters and a pill as wide as the text for more. */
export function markerBadge(x, y, label, color) {
  const text = String(label).replace(/\s+/g, "").slice(0, 5);
  const w = Math.max(16, 6 * text.length + 5);
  const shape = text.length <= 2
    ? svg("circle", { cx: x, cy: y, r: 8, fill: color })
    : svg("rect", { x: x - w / 2, y: y - 8, width: w, height: 16, rx: 8, fill: color });
  return [shape, svg("text", { x, y: y + 3.5, class: "marker-t" }, text)];
}
