// Counter colours players know: one palette for every game's nationalities, and a
// side band so the side reads at a glance even where two nations' colours are close.
// A game's view gives `nation` (and optionally `service`: "ss", "luftwaffe"); the
// game's own `color` is used only for nations this palette does not know.

const NATIONS = {
  german: { fill: "#7b8270", ink: "#fff" },          // field grey
  wehrmacht: { fill: "#7b8270", ink: "#fff" },
  heer: { fill: "#7b8270", ink: "#fff" },
  ss: { fill: "#1e1e1e", ink: "#f2f2f2" },           // SS black
  luftwaffe: { fill: "#5f7590", ink: "#fff" },        // Luftwaffe blue-grey
  italian: { fill: "#8f8a5a", ink: "#fff" },
  us: { fill: "#5d6b32", ink: "#fff" },               // US olive drab
  american: { fill: "#5d6b32", ink: "#fff" },
  british: { fill: "#c4ad7c", ink: "#1d1d1d" },       // British khaki
  uk: { fill: "#c4ad7c", ink: "#1d1d1d" },
  commonwealth: { fill: "#c4ad7c", ink: "#1d1d1d" },
  canadian: { fill: "#a98a5a", ink: "#fff" },         // darker khaki
  polish: { fill: "#b9a06e", ink: "#7a1020" },        // khaki with Polish red ink
  french: { fill: "#2f5da8", ink: "#fff" },           // Free French blue
  "free french": { fill: "#2f5da8", ink: "#fff" },
  ffi: { fill: "#3f78c9", ink: "#fff" },
  belgian: { fill: "#b39a5e", ink: "#1d1d1d" },
  dutch: { fill: "#c78a3a", ink: "#1d1d1d" },
};
// nations some games name by their codes (D-Day 3rd: DE, BR, CA, FR, PL; 1944: de, uk, ca, fr): the same colours,
// so a counter matches its legend swatch instead of falling back to the side's colour
for (const [code, name] of [["de", "german"], ["br", "british"], ["gb", "british"], ["ca", "canadian"], ["fr", "french"],
  ["pl", "polish"]]) NATIONS[code] = NATIONS[name];

const SIDE_BANDS = { german: "#141414", axis: "#141414", allied: "#f4f1e6", allies: "#f4f1e6" };

/** The counter's colours: fill, ink and the side band. */
export function counterColors(u, fallback) {
  const service = String(u.service || serviceFromLabel(u.label || u.name || "")).toLowerCase();
  const nation = String(u.nation || "").toLowerCase();
  const pick = (service && NATIONS[service]) || NATIONS[nation];
  const fill = pick ? pick.fill : (u.color || fallback);
  const ink = pick ? pick.ink : null;
  const band = SIDE_BANDS[String(u.side || "").toLowerCase()] || null;
  return { fill, ink, band };
}

function serviceFromLabel(label) {
  if (/\bSS\b/.test(label)) return "ss";
  if (/(^|\s)(Para(chute)?|Fallschirm|Luftwaffe|FJ)\b/i.test(label)) return "luftwaffe";
  return "";
}

/** NATO size marks, largest first (the legend lists the ones a game's counters use). */
export const SIZE_MARKS = { theatre: "XXXXXX", "army group": "XXXXX", army: "XXXX", corps: "XXX", division: "XX", brigade: "X",
  regiment: "III", battalion: "II" };

/** The NATO size marker above the symbol: XXXX army, XXX corps, XX division, X brigade. */
export function sizeMark(u) {
  const size = String(u.size || "").toLowerCase();
  const bySize = SIZE_MARKS;
  if (bySize[size]) return bySize[size];
  const kind = String(u.kind || "").toLowerCase();
  if (kind === "army") return "XXXX";
  if (kind === "corps") return "XXX";
  return "";
}

export const PALETTE_LEGEND = [
  ["German (Heer)", NATIONS.german.fill], ["Waffen-SS", NATIONS.ss.fill], ["Luftwaffe", NATIONS.luftwaffe.fill],
  ["US", NATIONS.us.fill], ["British", NATIONS.british.fill], ["Canadian", NATIONS.canadian.fill],
  ["Polish", NATIONS.polish.fill], ["Free French", NATIONS.french.fill],
];
