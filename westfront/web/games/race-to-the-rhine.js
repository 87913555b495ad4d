// Race to the Rhine's UI layer: each commander's colour (Patch-Devers green, per the expansion text;
// the others as in the map's areas) for counters, Control markers and log swatches.
const COLORS = {
  montgomery: "#b83a3a",
  bradley: "#2b6cb0",
  patton: "#c9a227",
  patch_devers: "#2f7d32",
};

export default {
  sideColor(side) {
    return COLORS[side];
  },
};
