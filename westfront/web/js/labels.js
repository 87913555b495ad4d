// Names instead of internal ids. A game's labels catalog (/api/labels/<game>, the same for
// every seat) names unit ids, zones, places, boxes and cards; patterns name families of
// dynamic ids (a hidden marker "hm163"); action templates say what a verb does ("Motor {1}
// (strategic)"), help texts explain it. Action texts stay as they are for the API: only what a
// person reads goes through here.

import { get } from "./api.js";

const catalogs = {};
/** The labels catalog of a game (fetched once; an empty one when the server has none). */
export function labelsOf(game) {
  if (!catalogs[game]) {
    catalogs[game] = get(`/api/labels/${encodeURIComponent(game)}`).catch(() => ({}));
  }
  return catalogs[game];
}

const TOKEN = /[A-Za-z0-9][A-Za-z0-9_-]*[A-Za-z0-9]|[A-Za-z0-9]/g;

export class Labels {
  constructor(cat = {}) {
    this.names = cat.names || {};
    this.actions = cat.actions || {};
    this.help = cat.help || {};
    this.players = new Set(cat.players || []);
    this.words = new Set(cat.words || []);
    this.places = cat.places || {};
    this.patterns = (cat.patterns || []).map((p) => [new RegExp(p.match), p.name]);
    this.extra = {};
  }

  /** Names a view adds for the moment (``view.labels``), over the static ones. */
  setExtra(map) {
    this.extra = map || {};
  }

  /** The name of an id, or null when neither the catalog nor a pattern knows it. */
  lookup(id) {
    if (id === undefined || id === null) return null;
    const k = String(id);
    if (Object.prototype.hasOwnProperty.call(this.extra, k)) return this.extra[k];
    if (Object.prototype.hasOwnProperty.call(this.names, k)) return this.names[k];
    for (const [re, name] of this.patterns) {
      if (re.test(k)) return k.replace(re, name);
    }
    return null;
  }

  /** Whether a word in running text is an id to replace: ids carry a digit, "_" or "-"
   * (plain words such as "pool" stay words); a side's id ("patch_devers") and the catalog's
   * ``words`` (places named by their id capitalised: "normandy") always are. */
  proseKey(tok) {
    return this.players.has(tok) || this.words.has(tok) || (/[_\d-]/.test(tok) && !/^\d+$/.test(tok));
  }

  /** Running text (log lines, prompts, status) with every known id replaced by its name. */
  prose(text) {
    if (text === undefined || text === null) return "";
    return String(text).replace(TOKEN, (tok) => {
      if (!this.proseKey(tok)) return tok;
      const name = this.lookup(tok);
      return name === null ? tok : name;
    });
  }

  /** An action as words: the game's template for its verb, else the verb and named arguments. */
  action(a, nameOf) {
    const whole = this.lookup(a.text);
    if (whole !== null) return whole;
    const tpl = this.actions[a.verb];
    if (tpl) {
      let used = 0;
      const out = tpl.replace(/\{(\d+)\}/g, (m, n) => {
        used = Math.max(used, +n);
        const x = a.args[+n - 1];
        return x === undefined ? "" : nameOf(x);
      });
      const rest = a.args.slice(used).map((x) => nameOf(x)).join(" ");
      return rest ? `${out} ${rest}` : out;
    }
    const verb = this.lookup(a.verb) || a.verb.replace(/[-_]/g, " ");
    const words = a.args.map((x) => nameOf(x)).join(" ");
    return words ? `${verb.charAt(0).toUpperCase()}${verb.slice(1)} ${words}` : verb.charAt(0).toUpperCase() + verb.slice(1);
  }

  /** A plain-words explanation of what a verb does and costs, if the game gives one. */
  helpFor(verb) {
    return this.help[verb] || null;
  }
}
