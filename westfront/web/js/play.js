// The game screen: map, prompt bar, sidebar (status, preview, stack inspector, log),
// off-map boxes, undo, save, hotseat hand-over. Everything it shows comes from the
// seat payload (view, actions, log) and previews; it holds no rules of any game.

import { ChatBox } from "./chat.js";
import { ApiError, catalog, gameLayer, get, mapData, post, rememberSeat, seatsOf } from "./api.js";
import { finalPlanCard } from "./aiplan.js";
import { analysisCard } from "./analysis.js";
import { counterChip, KIND_WORDS, kindIcon, kindsOf } from "./counters.js";
import { MapView } from "./map.js";
import { clear, diceChips, el, parseAction, sideColor, titleCase, toast } from "./util.js";
import { renderPreview, previewSummary } from "./preview.js";
import { renderBattle } from "./battle.js";
import { PALETTE_LEGEND } from "./palette.js";
import { counterAnatomy, markerLegend } from "./legend.js";
import { Labels, labelsOf } from "./labels.js";
import { ViewStore } from "./patch.js";

export async function playScreen(root, gameId, urlToken, invite) {
  const screen = new PlayScreen(root, gameId);
  window.westfrontPlay = screen; // for the console and the browser tests
  await screen.start(urlToken, invite);
  return screen;
}

class PlayScreen {
  constructor(root, gameId) {
    this.root = root;
    this.id = gameId;
    this.payloads = {};
    this.views = new ViewStore(); // views by seat and version: answers and pushes carry patches against them
    this.patched = 0; // payloads rebuilt from a patch (shown nowhere; the browser tests read it)
    this.resyncs = 0;
    this.log = [];
    this.version = -1;
    this.selection = [];
    this.previews = { version: -1, map: {} };
    this.sockets = {};
    this.shownSide = null;
    this.inspectHex = null;
    this.hoverAction = null;
    this.labels = new Labels();
  }

  async start(urlToken, invite) {
    if (invite) {
      // an invite link: take the seat with a fresh token only this browser holds (the link's token,
      // which whoever created the game also saw, stops working)
      try {
        const c = await post(`/api/games/${this.id}/claim`, { token: invite });
        rememberSeat(this.id, c.side, c.token, { game: c.game });
        history.replaceState(null, "", `/play/${this.id}`);
      } catch (e) {
        if (!Object.keys(seatsOf(this.id)).length) {  // opened again in the browser that claimed it: play on
          this.fail(e);
          return;
        }
        history.replaceState(null, "", `/play/${this.id}`);
      }
    }
    if (urlToken) {
      try {
        const p = await get(`/api/games/${this.id}?token=${encodeURIComponent(urlToken)}`);
        rememberSeat(this.id, p.seat, urlToken, { game: p.game });
        history.replaceState(null, "", `/play/${this.id}`);
      } catch (e) {
        this.fail(e);
        return;
      }
    }
    this.tokens = seatsOf(this.id);
    if (!Object.keys(this.tokens).length) {
      this.fail(new Error("This browser holds no seat in this game. Open the invite link you were given, or start a game from the lobby."));
      return;
    }
    const side = Object.keys(this.tokens)[0];
    let first;
    try {
      first = await get(`/api/games/${this.id}?token=${encodeURIComponent(this.tokens[side])}`);
    } catch (e) {
      this.fail(e);
      return;
    }
    this.game = first.game;
    document.body.dataset.game = first.game;
    const [cat, data, layer, names] = await Promise.all([catalog(), mapData(first.game), gameLayer(first.game), labelsOf(first.game)]);
    this.labels = new Labels(names);
    this.info = cat.games.find((g) => g.id === first.game) || { title: first.game, scenarios: [] };
    this.layer = layer;
    this.buildLayout(first);
    this.map = new MapView(this.mapBox, data, layer, {
      onHex: (h) => this.clickEntity(h, "hex"),
      onUnit: (u, h) => this.clickUnit(u, h),
      onHover: (h, u) => this.hoverEntity(h, u),
      onLeave: () => { this.map.showPath(null); this.setHoverAction(null); },
      onSpread: (h) => this.inspect(h),
      onLongPress: (h) => { this.inspect(h); this.showTab("inspector"); },
      onRedraw: () => this.renderHighlights(),
    }, { storageKey: `westfront.view.${this.id}`, labels: this.labels });
    const v0 = first.view || {};
    this.legendCard.append(markerLegend(first.game, v0.markers, (sd) => this.map.colorOf(sd), (m) => this.map.markerName(m)),
      counterAnatomy(first.game, v0.units, this.layer, (sd) => this.sideName(sd)),
      this.kindLegend(v0.units), this.counterLegend(), this.map.legend());
    this.accept(first);
    this.map.openOn(this.focusHexes(), this.renderPlaces());
    this.renderHighlights();  // now that the map has a view, bring the decision into it
    for (const [sd, tok] of Object.entries(this.tokens)) this.connect(sd, tok);
    if (this.chat) this.chat.load();
    if (Object.keys(this.tokens).length > 1) await this.refreshAll();
  }

  /** A side's colour: the game's own (its UI layer) where it has one, else the shared palette. */
  colorOf(side) {
    return (this.layer && this.layer.sideColor && this.layer.sideColor(side)) || sideColor(side);
  }

  /** Small screens: open one sidebar card as a drawer (the same tab again closes it). */
  showTab(id) {
    const open = this.sidebar.dataset.tab === id && this.sidebar.classList.contains("open");
    this.sidebar.classList.toggle("open", !open);
    this.sidebar.dataset.tab = id;
    if (id === "legend") this.legendCard.open = true;
    for (const b of this.tabs.querySelectorAll(".tab")) b.classList.toggle("active", !open && b.dataset.tab === id);
    if (id === "log" && !open) this.followLog();
  }

  /** The nations' counter colours and the side bands, for the legend. */
  counterLegend() {
    return el("div", { class: "legend" }, el("div", { class: "muted small" }, "Counters (band on top: black Axis, light Allied)"),
      PALETTE_LEGEND.map(([name, color]) => el("div", { class: "lg-row" }, el("i", { class: "lg-swatch", style: `background:${color}` }), name)));
  }

  /** The unit-type symbols this game's counters use, each with its words (D-Day 3rd's st/i/a/abi codes among them). */
  kindLegend(units) {
    const kinds = kindsOf(units);
    if (!kinds.length) return "";
    return el("div", { class: "legend", "data-testid": "kind-legend" }, el("div", { class: "muted small" }, "Unit types"),
      kinds.map(([code, mark]) => el("div", { class: "lg-row" }, kindIcon(code), KIND_WORDS[mark])));
  }

  fail(e) {
    clear(this.root).append(el("div", { class: "page narrow" },
      el("h2", {}, "Cannot open this game"), el("p", { class: "error" }, e.message || String(e)),
      el("p", {}, el("a", { href: "/" }, "← Back to the lobby"))));
  }

  // ----- layout ----------------------------------------------------------------
  buildLayout(first) {
    const sc = (this.info.scenarios || []).find((s) => s.id === first.view?.scenario);
    this.hdrTurn = el("span", { class: "turn", "data-testid": "turn" });
    this.hdrPhase = el("span", { class: "phase", "data-testid": "phase" });
    this.seatBar = el("span", { class: "seatbar" });
    // phones show the icons only (the words stay for screen readers and wide screens)
    const label = (icon, text) => [el("span", { "aria-hidden": "true" }, icon), el("span", { class: "btn-text" }, ` ${text}`)];
    this.undoBtn = el("button", { class: "btn", "data-testid": "undo", "aria-label": "Undo", onclick: () => this.undo() }, label("↶", "Undo"));
    this.concedeBtn = el("button", { class: "btn", "data-testid": "concede", title: "give up this game: the other side wins",
      "aria-label": "Concede", onclick: () => this.concede() }, label("⚑", "Concede"));
    const header = el("header", { class: "topbar" },
      el("a", { href: "/", class: "brand", title: "lobby" }, "westfront"),
      el("span", { class: "gametitle", title: this.info.description || "" }, this.info.title, sc ? ` — ${sc.title}` : ""),
      this.hdrTurn, this.hdrPhase, this.seatBar,
      el("span", { class: "spacer" }),
      this.undoBtn, this.concedeBtn,
      el("a", { class: "btn", href: `/replay/${this.id}`, "data-testid": "replay-link", "aria-label": "Replay", title: "replay this game" }, label("▶", "Replay")),
      el("button", { class: "btn", onclick: () => this.save(), title: "download the save file", "aria-label": "Save" }, label("⤓", "Save")),
      el("a", { class: "btn", href: "/", "aria-label": "Lobby", title: "back to the lobby" }, label("⌂", "Lobby")));
    this.promptText = el("div", { class: "prompt-text", "data-testid": "prompt" });
    this.promptExtra = el("div", { class: "prompt-extra" });
    this.buttons = el("div", { class: "choices", "data-testid": "choices" });
    // phones: the preview of what is being decided, in the prompt bar where the player acts
    this.pvStrip = el("div", { class: "pvstrip", "data-testid": "preview-strip", hidden: true });
    this.promptBar = el("section", { class: "promptbar" }, this.promptText, this.promptExtra, this.buttons, this.pvStrip);
    this.mapBox = el("div", { class: "mapbox" });
    this.boxes = el("div", { class: "boxes" });
    this.status = el("section", { class: "card status", "data-testid": "status" });
    this.previewCard = el("section", { class: "card preview", "data-testid": "preview", hidden: true });
    this.battleCard = el("section", { class: "card battle", "data-testid": "battle", hidden: true });
    this.inspector = el("section", { class: "card inspector", "data-testid": "inspector" });
    this.legendCard = el("details", { class: "card legendcard" }, el("summary", {}, el("h3", {}, "Legend")));
    this.logList = el("ol", { class: "log", "data-testid": "log" });
    this.logPinned = true;
    this.newEntries = el("button", { class: "btn small newentries", hidden: true, "data-testid": "new-entries",
      onclick: () => { this.logPinned = true; this.followLog(); } }, "↓ new entries");
    // the log follows new entries unless the player scrolled up on purpose
    this.logList.addEventListener("scroll", () => {
      if (this.autoScrolling) return;
      const l = this.logList;
      this.logPinned = l.scrollHeight - l.scrollTop - l.clientHeight < 30;
      if (this.logPinned) this.newEntries.hidden = true;
    });
    new ResizeObserver(() => { if (this.logPinned) this.followLog(); }).observe(this.logList);
    const logCard = el("section", { class: "card logcard" }, el("h3", {}, "Game log", this.newEntries), this.logList);
    // issue 35: games between two or more people have a chat under the log (on phones, in the Log tab)
    if (Object.values(first.seats || {}).filter((k) => k === "human").length >= 2) {
      this.chat = new ChatBox(this.id, { tokenOf: () => this.tokens[this.activeSide()],
        sideName: (sd) => this.sideName(sd), colorOf: (sd) => this.colorOf(sd) });
      logCard.append(this.chat.node);
    }
    this.curtain = el("div", { class: "curtain", hidden: true });
    // small screens: the map takes the screen; the sidebar's cards open one at a time from tabs
    this.tabs = el("nav", { class: "mobiletabs", "data-testid": "tabs" },
      [["status", "Status"], ["inspector", "Stack"], ["log", "Log"], ["legend", "Legend"]].map(([id, label]) =>
        el("button", { class: "tab", "data-tab": id, onclick: () => this.showTab(id) }, label)));
    clear(this.root).append(header, el("div", { class: "playarea" },
      el("div", { class: "mapcol" }, this.promptBar, this.mapBox, this.boxes),
      this.sidebar = el("aside", { class: "sidebar" }, this.status, this.battleCard, this.previewCard, this.inspector, this.legendCard, logCard)),
      this.tabs, this.curtain);
    logCard.classList.add("tab-log");
    this.status.classList.add("tab-status");
    this.inspector.classList.add("tab-inspector");
    this.legendCard.classList.add("tab-legend");
    this.renderInspector();
  }

  // ----- data flow ----------------------------------------------------------------
  connect(side, token) {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    let delay = 500;
    const open = () => {
      const ws = new WebSocket(`${proto}://${location.host}/ws/games/${this.id}?token=${encodeURIComponent(token)}&diff=1`);
      this.sockets[side] = ws;
      ws.onmessage = (m) => {
        const msg = JSON.parse(m.data);
        if (msg.type === "pong") return;
        if (msg.type === "chat") {
          if (this.chat) this.chat.add(msg.message);
          return;
        }
        delay = 500;
        // a patch against a view this page does not hold (a gap): ask the socket for the whole payload
        if (!this.accept(msg, false, true) && ws.readyState === WebSocket.OPEN) {
          this.resyncs++;
          ws.send("resync");
        }
      };
      ws.onclose = () => {
        if (this.closed) return;
        setTimeout(() => { open(); this.refresh(side).catch(() => {}); if (this.chat) this.chat.load(); }, delay);
        delay = Math.min(delay * 2, 10000);
      };
    };
    open();
  }

  async refresh(side = this.activeSide()) {
    const p = await get(`/api/games/${this.id}?token=${encodeURIComponent(this.tokens[side])}`);
    this.accept(p, true);
  }

  async refreshAll() {
    await Promise.all(Object.keys(this.tokens).map((s) => this.refresh(s)));
  }

  /** Take a payload from HTTP or the socket; keep the newest per seat and merge the log.
   * False when it is a view patch against a version this page does not hold (resync needed).
   * ``soon``: draw on the next frame, once for a burst of pushes (an AI playing fast). */
  accept(msg, full = false, soon = false) {
    const old = this.payloads[msg.seat];
    if (old && msg.version < old.version) return true;
    const p = this.views.complete(msg);
    if (p === null) return false;
    if (p !== msg) this.patched++;
    this.payloads[p.seat] = p;
    if (p.seat === this.activeSide() || !old) this.mergeLog(p, full);
    if (p.version !== this.version) {
      this.selection = [];
      this.version = p.version;
    }
    if (!soon) {
      this.render();
      return true;
    }
    if (this.renderPending) return true;
    this.renderPending = true;
    requestAnimationFrame(() => { this.renderPending = false; this.render(); });
    return true;
  }

  mergeLog(p, full) {
    const fresh = [];
    if (full || p.log_start === 0) {
      const before = this.log.length;
      this.log = p.log.slice();
      if (p.log_start === 0 && before && p.log_len > before && this.lastSeenSide === p.seat) fresh.push(...this.log.slice(before));
    } else if (p.log_start === this.log.length) {
      this.log.push(...p.log);
      fresh.push(...p.log);
    } else if (p.log_start + p.log.length > this.log.length) {
      this.refresh(p.seat).catch(() => {});
      return;
    }
    this.lastSeenSide = p.seat;
    this.announce(fresh);
    this.noteOpponent(fresh, p.seat);
  }

  activeSide() {
    const sides = Object.keys(this.tokens);
    if (sides.length === 1) return sides[0];
    const any = Object.values(this.payloads)[0];
    const cur = any && any.current_player;
    return sides.includes(cur) ? cur : (this.shownSide || sides[0]);
  }

  current() {
    return this.payloads[this.activeSide()] || Object.values(this.payloads)[0];
  }

  // ----- rendering -------------------------------------------------------------------
  render() {
    const p = this.current();
    if (!p || !this.map) return;
    const side = p.seat;
    if (this.shownSide && side !== this.shownSide && Object.keys(this.tokens).length > 1 && !this.noCurtain()) {
      this.showCurtain(side);
    }
    if (this.shownSide !== side) {
      this.log = p.log_start === 0 ? p.log.slice() : this.log;
      if (p.log_start !== 0) this.refresh(side).catch(() => {});
    }
    this.shownSide = side;
    this.promptBar.dataset.version = String(p.version);
    const v = p.view || {};
    this.labels.setExtra(v.labels);
    const say = (x) => this.labels.prose(x);
    this.hdrTurn.textContent = say(v.turn_label || (v.turn ? `Turn ${v.turn}` : ""));
    // a finished game says so, not the phase it stopped in ("Allied activation")
    const phase = p.result ? "Game over" : say(v.phase || "");
    this.hdrPhase.textContent = phase;
    this.hdrPhase.title = phase;
    this.renderSeats(p);
    this.undoBtn.disabled = !p.can_undo;
    this.undoBtn.title = p.can_undo ? "take back your last action" : `cannot undo: ${this.labels.prose(p.undo_reason)}`;
    this.concedeBtn.hidden = !!p.result;
    this.units = new Map((v.units || []).map((u) => [u.id, u]));
    this.map.setOutOfPlay(v.out_of_play || []);
    this.map.setPieces(v.units || [], v.markers || [], { dimFlags: ["moved", "attacked", "used"] });
    this.classify(p);
    this.renderPrompt(p);
    this.renderHighlights();
    this.renderStatus(p);
    this.renderBoxes(v);
    this.renderInspector();
    this.renderLog();
    this.renderBattle();
    if (p.your_turn && p.actions.length && p.actions.length <= 400) this.loadPreviews(p);
  }

  renderSeats(p) {
    clear(this.seatBar);
    for (const [sd, kind] of Object.entries(p.seats)) {
      const mine = sd in this.tokens;
      const who = kind === "human" ? (mine ? "you" : "human") : `AI ${kind.slice(3)}`;
      // "Patch-Devers (6th Army Group)": the part in brackets folds away on a phone
      const [, short, long] = this.sideName(sd).match(/^(.*?)((?: \(.*\))?)$/);
      const chip = el("span", { class: "seat" + (p.current_player === sd ? " tomove" : ""), title: p.current_player === sd ? "to move" : "" },
        el("i", { class: "swatch", style: `background:${this.colorOf(sd)}` }), short, long ? el("span", { class: "seat-long" }, long) : "", ` (${who})`);
      if (p.thinking === sd) chip.append(el("span", { class: "spinner", "aria-hidden": "true" }));
      this.seatBar.append(chip);
    }
  }

  /** Split legal actions into map-clickable ones (hex/unit arguments) and buttons. */
  classify(p) {
    const isHex = (a) => this.map.pos.has(a);
    const isUnit = (a) => this.units.has(a);
    this.acts = (p.actions || []).map((t) => {
      const a = parseAction(t);
      a.clicks = a.args.filter((x) => isHex(x) || isUnit(x));
      a.kinds = Object.fromEntries(a.clicks.map((x) => [x, isUnit(x) ? "unit" : "hex"]));
      return a;
    });
  }

  candidates() {
    return this.acts.filter((a) => this.selection.every((s) => a.clicks.includes(s)));
  }

  renderPrompt(p) {
    const v = p.view || {};
    this.menu = null;
    // the folded list of all choices the player opened stays open when the same decision is redrawn
    const opened = this.buttons.querySelector("details.allchoices[open]");
    const openedKey = opened ? opened.dataset.key : null;
    clear(this.promptExtra);
    clear(this.buttons);
    this.promptBar.classList.toggle("mine", !!p.your_turn);
    if (p.result) {
      const r = p.result;
      this.promptText.textContent = `Game over — ${r.winner ? this.sideName(r.winner) + " wins" : "draw"}${r.level ? ` (${r.level})` : ""}: ${this.labels.prose(r.reason)}`;
      this.promptBar.classList.add("over");
      this.buttons.append(el("a", { class: "btn primary", href: `/replay/${this.id}` }, "Watch the replay"));
      return;
    }
    this.promptText.textContent = this.promptWords(p.prompt || v.prompt || "");
    if (p.thinking) {
      this.promptExtra.append(el("span", { class: "thinking", "data-testid": "thinking" }, el("span", { class: "spinner" }), `AI (${this.sideName(p.thinking)}) is thinking…`));
    }
    if (!p.your_turn) {
      this.confirming = null;
      return;
    }
    if (this.selection.length) {
      this.promptExtra.append(el("span", { class: "selection" }, `Selected: ${this.selection.map((s) => this.nameOf(s)).join(", ")} `,
        el("button", { class: "btn small", onclick: () => { this.selection = []; this.render(); } }, "clear")));
    }
    const cands = this.candidates();
    const buttons = cands.filter((a) => a.clicks.length === 0);
    const clickable = cands.filter((a) => a.clicks.length > 0);
    for (const a of buttons) this.buttons.append(this.actionButton(a, "primary"));
    if (clickable.length) {
      const hint = el("span", { class: "hint" }, `or click a highlighted ${[...new Set(clickable.flatMap((a) => a.clicks.filter((c) => !this.selection.includes(c)).map((c) => a.kinds[c])))].join(" or ")} on the map`);
      this.buttons.append(hint);
      if (clickable.length <= 4) {
        // few choices: buttons as well as the map (a single landing hex is one click either way)
        for (const a of clickable) this.buttons.append(this.actionButton(a, ""));
      } else {
        const list = el("details", { class: "allchoices" }, el("summary", {}, `all ${clickable.length} choices as buttons`),
          el("div", { class: "choicelist" }, clickable.map((a) => this.actionButton(a, ""))));
        // a redraw of the same decision (a push, a preview) keeps the list open if the player opened it
        list.dataset.key = clickable.map((a) => a.text).join("\n");
        list.open = openedKey === list.dataset.key;
        this.buttons.append(list);
      }
    }
    const pending = this.confirming && buttons.find((a) => a.text === this.confirming);
    if (pending) this.showConfirm(pending, this.idleUnits(pending));
    else this.confirming = null;
  }

  /** A prompt as people read it: the engine's waiting text names the side by its id ("Waiting for german"). */
  promptWords(text) {
    const m = /^Waiting for ([\w-]+)$/.exec(text);
    return m && this.current() && m[1] in (this.current().seats || {}) ? `Waiting for ${this.sideName(m[1])}` : this.labels.prose(text);
  }

  /** A readable label: the game's labels catalog (and the view's ``labels``), unit names for unit ids. */
  actionLabel(a) {
    return this.labels.action(a, (x) => this.nameOf(x));
  }

  /** A short id of the view (a unit kind, a flag) in words: its label, else with spaces for "_". */
  words(id) {
    return this.labels.lookup(id) ?? String(id).replace(/_+/g, " ");
  }

  /** A side as people call it ("Patch-Devers (6th Army Group)", "Allied"). */
  sideName(side) {
    return this.labels.lookup(side) || titleCase(side);
  }

  actionButton(a, cls) {
    const label = this.actionLabel(a);
    const help = this.labels.helpFor(a.verb);
    return el("button", { class: `btn ${cls}`, "data-action": a.text, title: help ? `${label}: ${help}` : label,
      onclick: () => this.submitOrConfirm(a),
      onmouseenter: () => this.setHoverAction(a.text), onmouseleave: () => this.setHoverAction(null) }, label);
  }

  /** What a person calls an id: the unit's counter name, the game's label, a place's name. */
  nameOf(id) {
    const u = this.units && this.units.get(id);
    if (u && u.label && u.label !== "?" && u.kind !== "hidden") return u.label;
    const known = this.labels.lookup(id);
    if (known !== null) return known;
    if (u) return "unidentified unit";
    const place = this.map && this.map.info.get(id);
    if (place && place.name) return place.name === id ? id : `${place.name} (${id})`;
    return id;
  }

  renderHighlights() {
    const p = this.current();
    if (!p.your_turn) { this.map.setHighlights({}); this.map.setEngagement(p.engagement); return; }
    const cands = this.candidates();
    const hexes = new Map();
    const units = new Set();
    const perHex = new Map();
    for (const a of cands) {
      for (const c of a.clicks) {
        if (this.selection.includes(c)) continue;
        if (a.kinds[c] === "unit") units.add(c);
        else (perHex.get(c) || perHex.set(c, []).get(c)).push(a);
      }
    }
    for (const [h, list] of perHex) {
      const pv = list.length === 1 ? this.previews.map[list[0].text] : null;
      hexes.set(h, { cost: pv && pv.cost !== undefined ? pv.cost : null });
    }
    // the unit the prompt is about ("Move b-inf-1: choose a destination") is shown as selected
    const named = (p.prompt || "").split(/[\s:,.()]+/).filter((w) => this.units.has(w));
    this.map.setHighlights({ hexes, units, selected: new Set([...this.selection, ...named]) });
    this.map.setEngagement(p.engagement);
    const marks = this.renderPlaces();
    // go to the decision once per new position: pan so a highlighted hex off screen is never missed,
    // and zoom in from a whole-theatre view ("Calais or Dieppe?", a sea invasion hex, a battle)
    if (this.pannedVersion !== p.version && this.map.vb) {
      this.pannedVersion = p.version;
      const eng = p.engagement || {};
      const where = [...named, ...units, ...(eng.attackers || [])].map((u) => this.units.get(u)?.hex).filter(Boolean);
      where.push(...(eng.targets || []), ...marks, ...this.promptPlaces(p));
      this.map.focusOn(new Set([...where, ...hexes.keys()]));
    }
  }

  /** The hexes a choice concerns: its hex and unit arguments, and where its words name none (a
   * beach area, a sector, a region, a numbered combat) the places the server or catalog gives. */
  placesOf(a) {
    const p = this.current() || {};
    const out = new Set((p.places || {})[a.text] || []);
    for (const w of [a.verb, ...a.args]) for (const h of this.labels.places[w] || []) out.add(h);
    for (const c of a.clicks) out.add(a.kinds[c] === "unit" ? this.units.get(c)?.hex : c);
    return [...out].filter((h) => h && this.map.pos.has(h));
  }

  /** The places a prompt names ("Day of the drop on 4005", "Land units in Le Havre"): hexes
   * written in it, and catalog places called by name. */
  promptPlaces(p) {
    if (!p || !p.your_turn) return [];
    const text = p.prompt || "";
    // a year after a month ("Dec 1944") is a date, not a hex
    const words = text.split(/[\s:,;()?]+/);
    const out = words.filter((w, i) => this.map.pos.has(w) && !/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)/.test(words[i - 1] || ""));
    for (const [key, list] of Object.entries(this.labels.places)) {
      const name = this.labels.lookup(key);
      if (name && text.includes(name)) out.push(...list);
    }
    return out;
  }

  /** Mark the places of the choices that name no hex, and fill those of the choice under the pointer. */
  renderPlaces() {
    const p = this.current();
    if (!p || !p.your_turn || !this.map) { this.map?.setPlaces(null); return []; }
    const cands = this.candidates();
    const marks = new Set(cands.filter((a) => a.clicks.length === 0).flatMap((a) => this.placesOf(a)));
    // a question about one place with nothing to click ("Day of the drop on 1111"): that place
    if (!cands.some((a) => a.clicks.length)) for (const h of this.promptPlaces(p)) marks.add(h);
    const hovered = this.hoverAction && this.acts.find((a) => a.text === this.hoverAction);
    this.map.setPlaces(marks, hovered ? this.placesOf(hovered) : null);
    return [...marks];
  }

  /** Where the opening view looks: this seat's decision if it has one on the map. */
  focusHexes() {
    const p = this.current();
    const out = new Set();
    if (p && p.your_turn) {
      for (const a of this.acts || []) for (const h of this.placesOf(a)) out.add(h);
      for (const h of this.promptPlaces(p)) out.add(h);
    }
    // otherwise the seat's own units (where its plans are made), or every unit for a spectator
    if (!out.size) for (const u of this.units?.values() || []) if (!p || u.side === p.seat) out.add(u.hex);
    if (!out.size) for (const u of this.units?.values() || []) out.add(u.hex);
    out.delete(undefined);
    out.delete(null);
    return out;
  }

  async loadPreviews(p) {
    if (this.previews.version === p.version || this.previewsLoading === p.version) return;
    this.previewsLoading = p.version;
    try {
      const r = await post(`/api/games/${this.id}/previews`, { token: this.tokens[p.seat], actions: p.actions });
      if (r.version !== this.current().version) return;
      this.previews = { version: r.version, map: r.previews };
      this.renderHighlights();
      this.renderPreviewCard();
      this.renderBattle();
    } catch { /* previews are optional */ } finally { this.previewsLoading = null; }
  }

  setHoverAction(text) {
    this.hoverAction = text;
    this.renderPreviewCard();
    this.renderPlaces();
    const pv = text && this.previews.map[text];
    this.map.showPath(pv && pv.path);
  }

  /** The attack being built (core AttackBuilder's ``resolve``): what it would do now, whatever the pointer is on. */
  builtAttack() {
    const p = this.current();
    if (!p || !p.your_turn || this.previews.version !== p.version) return null;
    return (p.actions || []).includes("resolve") && this.previews.map.resolve ? "resolve" : null;
  }

  renderPreviewCard() {
    const card = this.previewCard;
    clear(card);
    const p = this.current();
    let items = [];
    // what a choice does: the game's preview (odds, dice, costs) and its plain-words help
    const shown = (text) => this.previews.map[text] || this.labels.helpFor(parseAction(text).verb);
    if (this.hoverAction && shown(this.hoverAction)) items = [this.hoverAction];
    else if (p && p.your_turn) {
      const open = this.menu || this.candidates().filter((a) => a.clicks.length === 0);
      items = open.filter((a) => shown(a.text)).map((a) => a.text);
    }
    // the attack as built stays on top, apart from any "if you …" of the choice under the pointer
    const built = this.builtAttack();
    items = items.filter((t) => t !== built);
    card.hidden = !items.length && !built;
    this.renderPreviewStrip(built ? [built, ...items] : items);
    if (card.hidden) return;
    card.append(el("h3", {}, "Preview"));
    const say = (x) => this.labels.prose(x);
    if (built) {
      card.append(el("div", { class: "pv pv-built", "data-testid": "attack-built", "data-preview-of": built },
        el("div", { class: "pv-action" }, "The attack as it stands (Resolve):"),
        renderPreview(this.previews.map[built], (x) => this.nameOf(x), say)));
    }
    for (const text of items) {
      const pv = this.previews.map[text];
      const help = this.labels.helpFor(parseAction(text).verb);
      card.append(el("div", { class: "pv", "data-preview-of": text }, el("div", { class: "pv-action" }, `If you choose “${this.actionLabel(parseAction(text))}”:`),
        help ? el("div", { class: "pv-help", "data-testid": "action-help" }, help) : null,
        pv ? renderPreview(pv, (x) => this.nameOf(x), say) : null));
    }
  }

  /** Phones: one line of the previewed choice (odds, cost, dice) where the player acts, and a
   * button to the whole card in the drawer. With nothing on the buttons, the first choice on the map
   * with a preview (adding a unit to the attack being built), marked as "if you …". */
  renderPreviewStrip(items) {
    const strip = clear(this.pvStrip);
    const p = this.current();
    const fresh = p && p.your_turn && this.previews.version === p.version;
    let text = fresh ? items.find((t) => this.previews.map[t]) : undefined;
    let hypothetical = !!text && text === this.hoverAction && text !== this.builtAttack();
    if (!text && fresh) {
      text = this.acts.map((a) => a.text).find((t) => this.previews.map[t]);
      hypothetical = true;
    }
    strip.hidden = !text;
    if (!text) return;
    const label = this.actionLabel(parseAction(text));
    strip.append(el("span", {}, el("b", {}, hypothetical ? `If you choose ${label}: ` : `${label}: `),
      previewSummary(this.previews.map[text]) || "see the preview"),
    el("button", { class: "btn small", "data-testid": "preview-details",
      onclick: () => { this.hoverAction = text; this.renderPreviewCard(); this.showTab("status"); } }, "Details"));
  }

  /** The battle board: the view's battle, this seat's shots with their hit numbers, the shots fired. */
  renderBattle() {
    const p = this.current();
    if (!p) return;
    const shots = p.your_turn
      ? this.acts.filter((a) => this.previews.version === p.version && this.previews.map[a.text]?.hit_on !== undefined)
        .map((a) => ({ action: a, preview: this.previews.map[a.text] }))
      : [];
    renderBattle(this.battleCard, { battle: (p.view || {}).battle || null, log: this.log, shots,
      nameOf: (x) => this.nameOf(x), chip: (u) => counterChip(u, this.layer, { sideName: (sd) => this.sideName(sd) }),
      submit: (text) => this.submit(text), hover: (text) => this.setHoverAction(text) });
  }

  renderStatus(p) {
    const v = p.view || {};
    clear(this.status);
    const say = (x) => this.labels.prose(x);
    this.status.append(el("h3", {}, say(v.turn_label || "Status")));
    if (p.result) this.status.append(el("div", { class: "phase-line" }, "Game over"));
    else if (v.phase) this.status.append(el("div", { class: "phase-line" }, say(v.phase)));
    const budgets = v.budgets || {};
    const rows = Object.entries(budgets).filter(([, b]) => b && Object.keys(b).length);
    if (rows.length) {
      const names = [...new Set(rows.flatMap(([, b]) => Object.keys(b)))];
      // ids read as words: SFN's german/us/commonwealth columns as German/US/Commonwealth
      const word = (n) => this.labels.lookup(n) || (n.length <= 3 ? n.toUpperCase() : titleCase(n.replace(/_/g, " ")));
      const who = (sd) => [el("i", { class: "swatch", style: `background:${this.colorOf(sd)}` }), this.sideName(sd)];
      // a row per side, or — when that is the wider table (Onslaught's supply, income, replacement and max supply
      // for two sides) — a row per figure, so the table fits the sidebar instead of cutting its last column off;
      // widths are estimated in characters because the Status drawer may be closed (nothing to measure)
      const len = (x) => String(x ?? "–").length;
      const sideW = Math.max(...rows.map(([sd]) => len(this.sideName(sd))));
      const figW = Math.max(...names.map((n) => len(word(n))));
      const perSide = sideW + names.reduce((t, n) => t + Math.max(len(word(n)), ...rows.map(([, b]) => len(b[n]))), 0);
      const perFigure = figW + rows.reduce((t, [sd, b]) => t + Math.max(len(this.sideName(sd)), ...names.map((n) => len(b[n]))), 0);
      const byFigure = perFigure < perSide;
      this.status.append(el("table", { class: "budgets" + (byFigure ? " by-figure" : ""), "data-testid": "budgets" },
        byFigure
          ? [el("tr", {}, el("th", {}, ""), rows.map(([sd]) => el("th", {}, who(sd)))),
            ...names.map((n) => el("tr", {}, el("th", { class: "rowhead" }, word(n)), rows.map(([, b]) => el("td", {}, b[n] ?? "–"))))]
          : [el("tr", {}, el("th", {}, ""), names.map((n) => el("th", {}, word(n)))),
            ...rows.map(([sd, b]) => el("tr", {}, el("td", {}, who(sd)), names.map((n) => el("td", {}, b[n] ?? "–"))))]));
    }
    for (const line of v.status || []) this.status.append(el("div", { class: "statusline" }, say(line)));
    const eng = p.engagement;
    if (eng && eng.targets && eng.targets.length) {
      const who = (eng.attackers || []).map((u) => this.nameOf(u)).join(", ") || "no units yet";
      this.status.append(el("div", { class: "statusline engagement", "data-testid": "engagement" },
        `${eng.declared ? "Attack on" : "Building an attack on"} ${eng.targets.map((h) => this.nameOf(h)).join(", ")}: ${who}`));
    }
    if (p.result) this.status.append(this.summaryCard(p));
    if (p.result) this.showPlans();
    if (p.result) this.showAnalysis();
    if (p.status === "broken") this.status.append(el("div", { class: "error" }, "This game's record is damaged; see the server log."));
  }

  /** The end of a game: who won and by which rule, when it ended, and the replay, a rematch and
   * the lobby one click away. */
  summaryCard(p) {
    const r = p.result;
    const say = (x) => this.labels.prose(x);
    const turn = say((p.view || {}).turn_label || "");
    const box = el("div", { class: "summary", "data-testid": "summary" },
      el("div", { class: "result" }, r.winner ? `${this.sideName(r.winner)} wins` : "No winner",
        r.level ? el("span", { class: "muted" }, ` — ${say(String(r.level).replace(/_/g, " "))}`) : ""),
      r.reason ? el("div", {}, say(r.reason)) : null,
      turn ? el("div", { class: "muted small" }, `Ended in ${turn}`) : null,
      el("div", { class: "choices" },
        el("a", { class: "btn primary", href: `/replay/${this.id}` }, "Watch the replay"),
        this.canRematch(p) ? el("button", { class: "btn", "data-testid": "rematch", onclick: () => this.rematch(p) }, "Rematch") : null,
        el("a", { class: "btn", href: "/" }, "Lobby")));
    return box;
  }

  /** A rematch is offered where this browser holds every human seat (against the computer, or hotseat). */
  canRematch(p) {
    return Object.entries(p.seats || {}).every(([sd, kind]) => kind !== "human" || sd in this.tokens);
  }

  /** The same game, scenario, options and seats, with fresh dice; this browser takes the same seats. */
  async rematch(p) {
    const mine = Object.keys(this.tokens);
    try {
      const rec = await get(`/api/games/${this.id}/log?token=${encodeURIComponent(this.tokens[mine[0]])}`);
      const r = await post("/api/games", { game: rec.game, scenario: rec.scenario, options: rec.options, seats: p.seats });
      for (const sd of mine) rememberSeat(r.id, sd, r.seats[sd].token, { game: rec.game });
      location.href = `/play/${r.id}`;
    } catch (err) {
      toast(err.message, "error", 8000);
    }
  }

  /** Once the game is over, the AI seats' plans below the status (aiplan.js; fetched once). */
  showPlans() {
    if (this.plansShown) return;
    this.plansShown = true;
    finalPlanCard(this.id, (ids) => this.map.mark(ids), (plans) => this.map.showPlan(plans)).then((card) => { if (card) this.status.after(card); }).catch(() => {});
  }

  /** Once the game is over: the winning chances, turning points (each opens the replay at that action),
   * losses and the victory track (analysis.js; fetched once). */
  showAnalysis() {
    if (this.analysisShown) return;
    this.analysisShown = true;
    analysisCard(this.id, {
      colorOf: (sd) => this.colorOf(sd), sideName: (sd) => this.sideName(sd),
      describe: (text) => this.labels.action(parseAction(text), (x) => this.nameOf(x)),
      turnName: (x) => this.labels.prose(x),
      pick: (at) => { location.href = `/replay/${this.id}?at=${at}`; },
    }).then((got) => {
      if (!got) return;
      got.setAt(got.analysis.n_actions);
      const summary = this.status.querySelector("[data-testid=summary]");
      (summary || this.status).append(got.card);
    }).catch(() => {});
  }

  renderBoxes(v) {
    clear(this.boxes);
    const boxes = { ...(v.boxes || {}) };
    const offmap = (v.units || []).filter((u) => !u.hex || !this.map.pos.has(u.hex));
    for (const u of offmap) if (u.box && !boxes[u.box]) boxes[u.box] = { title: this.labels.lookup(u.box) || titleCase(u.box) };
    const sections = [];
    const counts = [];
    for (const [id, b] of Object.entries(boxes)) {
      const inBox = offmap.filter((u) => (u.box || "other") === id);
      const title = this.labels.prose(b.title) || this.labels.lookup(id) || titleCase(id);
      const body = el("div", { class: "boxunits" }, inBox.length ? inBox.map((u) => this.chip(u)) : el("span", { class: "muted" }, "empty"));
      sections.push(el("section", { class: "box", "data-box": id }, el("h4", {}, title, el("span", { class: "muted" }, ` (${inBox.length})`)), body));
      counts.push(`${title} ${inBox.length}`);
    }
    if (!sections.length) return;
    // the boxes fold to one line so the map gets the height; never while the decision is about a unit in them
    const needed = sections.some((sec) => sec.querySelector(".chipbtn.legal"));
    const folded = this.boxesFolded() && !needed;
    this.boxes.classList.toggle("folded", folded);
    const toggle = el("button", { class: "btn small boxtoggle", "data-testid": "boxes-toggle", disabled: needed,
      title: needed ? "the decision is about a unit in these boxes" : folded ? "show the off-map boxes" : "fold the off-map boxes to give the map the room",
      onclick: () => { this.boxesFolded(!folded); this.renderBoxes(v); } }, folded ? `▸ Boxes: ${counts.join(" · ")}` : "▾");
    this.boxes.append(toggle, ...(folded ? [] : sections));
  }

  /** Whether the player folded the off-map boxes (remembered per game; folded on phones until opened). */
  boxesFolded(set) {
    const key = `westfront.boxes.${this.info.id}`;
    if (set !== undefined) localStorage.setItem(key, set ? "folded" : "open");
    const saved = localStorage.getItem(key);
    return saved ? saved === "folded" : window.matchMedia("(max-width: 700px)").matches;
  }

  chip(u) {
    const c = counterChip(u, this.layer, { sideName: (sd) => this.sideName(sd) });
    const clickable = this.current().your_turn && this.candidates().some((a) => a.clicks.includes(u.id));
    const wrap = el("button", { class: "chipbtn" + (clickable ? " legal" : ""), "data-unit": u.id, title: `${this.nameOf(u.id)} ${u.factors || ""}`,
      onclick: () => this.clickUnit(u.id, u.hex) }, c);
    return wrap;
  }

  renderInspector() {
    const box = this.inspector;
    clear(box);
    // a point-to-point space is named ("Avranches"), a hex by its number and name
    const p2p = !!this.map && this.map.data.kind === "p2p";
    box.append(el("h3", {}, this.inspectHex ? (p2p ? this.nameOf(this.inspectHex) : `Hex ${this.inspectHex}`) : "Stack inspector"));
    if (!this.inspectHex) {
      box.append(el("p", { class: "muted" }, "Click a hex to see everything in it. Drag to pan, scroll to zoom."));
      return;
    }
    const stack = (this.map.unitsAt.get(this.inspectHex) || []);
    const inf = this.map.info.get(this.inspectHex) || {};
    const terrain = ((this.map.data.terrain || {})[inf.terrain] || {}).label || inf.terrain;
    box.append(el("div", { class: "muted" }, [p2p ? null : inf.name, terrain, ...(inf.features || []).map((f) => this.map.featureName(f))]
      .filter(Boolean).join(" · ")));
    if (!stack.length) box.append(el("p", { class: "muted" }, "No units."));
    for (const u of stack) {
      box.append(el("div", { class: "unitrow", "data-unit": u.id }, this.chip(u), el("div", {},
        el("b", {}, this.nameOf(u.id)), ` ${this.sideName(u.side)}`, el("br"),
        u.kind === "hidden" ? "unidentified" : `${this.words(u.kind || "")} ${u.factors || ""}`,
        u.max_steps ? ` · ${u.steps}/${u.max_steps} steps` : "",
        (u.flags || []).length ? el("div", { class: "flags" }, (u.flags || []).map((f) => this.words(f)).join(", ")) : null)));
    }
  }

  renderLog() {
    const list = this.logList;
    const keep = list.scrollTop;
    const before = this.logShown || 0;
    clear(list);
    const start = Math.max(0, this.log.length - 400);
    if (start) list.append(el("li", { class: "muted" }, `… ${start} earlier entries (see the replay)`));
    for (const ev of this.log.slice(start)) list.append(logItem(ev, (ids) => this.map.mark(ids), (s) => this.colorOf(s), this.labels));
    this.logShown = this.log.length;
    if (this.logPinned) this.followLog();
    else {
      this.autoScrolling = true;
      list.scrollTop = keep;
      requestAnimationFrame(() => { this.autoScrolling = false; });
      if (this.log.length > before && list.scrollHeight > list.clientHeight) this.newEntries.hidden = false;
    }
  }

  followLog() {
    const list = this.logList;
    this.autoScrolling = true;
    list.scrollTop = list.scrollHeight;
    this.newEntries.hidden = true;
    requestAnimationFrame(() => { this.autoScrolling = false; });
  }

  /** Keep the other side's moves of this batch on the map until this player acts. */
  noteOpponent(events, me) {
    const theirs = events.filter((e) => (e.path || e.hex) && ["move", "advance", "retreat", "attack", "combat", "place", "enter", "land"].includes(e.type)
      && ((e.side && e.side !== me) || (!e.side && e.unit && this.units?.get(e.unit) && this.units.get(e.unit).side !== me)));
    if (!theirs.length) return;
    this.oppMoves = [...(this.oppMoves || []), ...theirs].slice(-30);
    this.map?.showOpponent(this.oppMoves);
  }

  announce(events) {
    const rolls = events.filter((e) => e.type === "roll");
    const results = events.filter((e) => e.type === "combat" || e.type === "game_over");
    if (!rolls.length && !results.length) return;
    const say = (x) => this.labels.prose(x);
    const body = el("div", {}, rolls.map((r) => el("div", {}, diceChips(r), " ", say(r.why || ""))),
      results.map((r) => el("div", {}, el("b", {}, say(r.text || r.type)))));
    toast(body, "dice", 5000);
    this.map.flash(events.map((e) => e.hex).filter(Boolean));
  }

  // ----- interaction ----------------------------------------------------------------
  clickUnit(unitId, hex) {
    const p = this.current();
    if (hex) this.inspect(hex);
    if (p.your_turn && this.candidates().some((a) => a.clicks.includes(unitId))) return this.clickEntity(unitId, "unit");
    if (hex && p.your_turn && this.candidates().some((a) => a.clicks.includes(hex))) return this.clickEntity(hex, "hex");
    if (!p.your_turn) return;
    // not a choice: explain it as what the decision is about (a unit to pick, or a hex to go to)
    const kinds = new Set(this.candidates().flatMap((a) => Object.values(a.kinds)));
    if (kinds.has("unit") || !hex) this.whyNot(unitId, "unit");
    else this.whyNot(hex, "hex");
  }

  /** The action a click on something not highlighted would have meant, if one can be told: the
   * selected unit's verb with the clicked hex, or a one-argument verb of the decision with it. */
  hypothetical(id, kind) {
    const sel = this.selection[0];
    const kindOf = (a, x) => a.kinds[x];
    if (sel) {
      const a = this.acts.find((x) => x.args.length === 2 && x.args[0] === sel && kindOf(x, x.args[1]) === kind);
      return a ? `${a.verb} ${sel} ${id}` : null;
    }
    const a = this.acts.find((x) => x.args.length === 1 && kindOf(x, x.args[0]) === kind);
    return a ? `${a.verb} ${id}` : null;
  }

  /** A click on something that is not a choice says why: the engine's refusal (its rule and the
   * actual reason, as this seat may be told it), or what the decision is about. */
  async whyNot(id, kind) {
    const p = this.current();
    const text = this.hypothetical(id, kind);
    const what = kind === "unit" ? this.nameOf(id) : `Hex ${id}`;
    let reason = null;
    if (text) {
      try {
        const r = await post(`/api/games/${this.id}/why`, { token: this.tokens[p.seat], action: text });
        if (r.legal) return;
        reason = r.reason;
      } catch { /* the explanation is optional help */ }
    }
    // a click that only inspects, in a decision that is not about such things, stays quiet
    if (!reason && !this.candidates().some((a) => Object.values(a.kinds).includes(kind))) return;
    const t = reason ? toast(`Not possible: ${this.labels.prose(reason)}`, "error", 7000)
      : toast(`${what} is not a choice now — ${this.labels.prose(p.prompt || "")} (the choices are highlighted)`, "info", 6000);
    t.dataset.testid = "refusal";
  }

  inspect(hex) {
    this.inspectHex = hex;
    this.renderInspector();
  }

  clickEntity(id, kind) {
    const p = this.current();
    if (kind === "hex") this.inspect(id);
    if (!p.your_turn) return;
    const sel = [...this.selection, id];
    const cands = this.candidates().filter((a) => a.clicks.includes(id));
    if (!cands.length) {
      this.whyNot(id, kind);  // asked with the selection the click was meant for
      if (this.selection.length) { this.selection = []; this.render(); }
      return;
    }
    const complete = cands.filter((a) => a.clicks.every((c) => sel.includes(c)));
    // taking a unit back out of an attack is asked, never done silently by a stray click
    if (cands.length === 1 && cands[0].verb === "remove") return this.chooseMenu(cands);
    if (cands.length === 1) return this.submit(cands[0].text);
    if (complete.length && complete.length === cands.length) return this.chooseMenu(complete);
    this.selection = sel;
    this.render();
  }

  /** A few choices for one click (move or motor this unit?): buttons, each explained in the preview card. */
  chooseMenu(actions) {
    clear(this.promptExtra).append(el("span", { class: "hint" }, "Choose: "));
    for (const a of actions) this.promptExtra.append(this.actionButton(a, "primary"));
    this.promptExtra.append(el("button", { class: "btn small", "data-testid": "menu-cancel", onclick: () => this.render() }, "cancel"));
    // the menu stands alone in the fixed-height prompt bar (no second row to scroll to) until answered or cancelled
    clear(this.buttons);
    this.menu = actions;
    this.renderPreviewCard();
  }

  hoverEntity(hex, unit) {
    const p = this.current();
    if (!p || !p.your_turn) return null;
    const cands = this.candidates().filter((a) => a.clicks.includes(unit) || a.clicks.includes(hex));
    if (!cands.length) { this.map.showPath(null); return null; }
    if (cands.length === 1) {
      const pv = this.previews.map[cands[0].text];
      this.setHoverAction(cands[0].text);
      return `click: ${this.actionLabel(cands[0])}${pv ? " — " + previewSummary(pv) : ""}`;
    }
    return `click: ${cands.length} choices here`;
  }

  /** Ending a phase while units could still act is confirmed first (a second, explicit click). */
  submitOrConfirm(a) {
    const ends = ["end", "done", "pass", "end-phase", "end_phase"].includes(a.verb) && !a.args.length;
    const idle = this.idleUnits(a);
    if (!ends || !idle || this.confirming === a.text) return this.submit(a.text);
    this.confirming = a.text;
    this.showConfirm(a, idle);
  }

  /** How many units could still act if ``a`` were played now. */
  idleUnits(a) {
    return new Set(this.candidates().filter((x) => x !== a).flatMap((x) => x.clicks.filter((c) => x.kinds[c] === "unit"))).size;
  }

  /** The question before an early end. ``renderPrompt`` draws it again while it stands: a redraw of the prompt
   * (a server push, a preview arriving) must neither take the question away nor leave the next click unasked. */
  showConfirm(a, idle) {
    clear(this.promptExtra).append(el("span", { class: "confirm", "data-testid": "confirm-end" },
      `${idle} unit${idle === 1 ? "" : "s"} could still act. `,
      el("button", { class: "btn primary", "data-confirm": a.text, onclick: () => this.submit(a.text) }, `${this.actionLabel(a)} anyway`),
      el("button", { class: "btn", onclick: () => { this.confirming = null; this.render(); } }, "Keep playing")));
  }

  async submit(text) {
    this.confirming = null;
    const p = this.current();
    const side = p.seat;
    this.setHoverAction(null);
    this.oppMoves = [];
    this.map.showOpponent([]);
    this.buttons.querySelectorAll("button").forEach((b) => { b.disabled = true; });
    try {
      const r = await post(`/api/games/${this.id}/actions`, { token: this.tokens[side], version: p.version, action: text, diff: true });
      if (!this.accept(r)) {
        this.resyncs++;
        await this.refresh(side);
      }
      if (Object.keys(this.tokens).length > 1) await this.refreshAll();
    } catch (e) {
      this.handleError(e, side);
    }
  }

  async undo() {
    const p = this.current();
    try {
      const r = await post(`/api/games/${this.id}/undo`, { token: this.tokens[p.seat], version: p.version });
      this.accept(r, true);
      toast("Undone.", "info", 1500);
    } catch (e) {
      this.handleError(e, p.seat);
    }
  }

  /** Give up the game for the seat on screen (any time, not only on its turn); asks first. */
  async concede() {
    const p = this.current();
    if (!p || p.result) return;
    if (!window.confirm(`Concede the game as ${this.sideName(p.seat)}? This ends it and cannot be undone.`)) return;
    try {
      const r = await post(`/api/games/${this.id}/actions`, { token: this.tokens[p.seat], version: p.version,
        action: `concede ${p.seat}`, diff: true });
      if (!this.accept(r)) await this.refresh(p.seat);
      if (Object.keys(this.tokens).length > 1) await this.refreshAll();
    } catch (e) {
      this.handleError(e, p.seat);
    }
  }

  handleError(e, side) {
    if (e instanceof ApiError && e.status === 409) {
      toast("The game moved on before your move arrived; here is the new position.", "info");
    } else {
      toast(e.message, "error", 7000);
    }
    this.refresh(side).catch(() => {});
  }

  async save() {
    const p = this.current();
    const vsComputer = p && Object.values(p.seats || {}).some((k) => k !== "human") && !p.result;
    if (vsComputer && !window.confirm("The save file holds the whole game: the computer's hidden units and the dice "
      + "seed. Opening it spoils what the rules hide from you. Download it anyway?")) return;
    const qs = Object.values(this.tokens).map((t) => `token=${encodeURIComponent(t)}`).join("&");
    const r = await fetch(`/api/games/${this.id}/save?${qs}`);
    if (!r.ok) {
      const body = await r.json().catch(() => ({}));
      toast(body.detail || r.statusText, "error", 7000);
      return;
    }
    const blob = await r.blob();
    const name = (r.headers.get("Content-Disposition") || "").match(/filename="(.+)"/)?.[1] || `westfront-${this.id}.json`;
    const a = el("a", { href: URL.createObjectURL(blob), download: name });
    document.body.append(a);
    a.click();
    a.remove();
  }

  // ----- hotseat -----------------------------------------------------------------------
  noCurtain() {
    return localStorage.getItem(`westfront.nocurtain.${this.id}`) === "1";
  }

  showCurtain(side) {
    const c = this.curtain;
    clear(c).append(el("div", { class: "curtain-box" },
      el("h2", {}, `${this.sideName(side)} to play`),
      el("p", {}, `Hand the device to the ${this.sideName(side)} player. The board stays hidden until they are ready.`),
      el("button", { class: "btn primary", "data-testid": "curtain-ok", onclick: () => { c.hidden = true; } }, `I am ${this.sideName(side)} — show the board`),
      el("label", { class: "muted" }, el("input", { type: "checkbox", onchange: (e) => {
        localStorage.setItem(`westfront.nocurtain.${this.id}`, e.target.checked ? "1" : "0");
      } }), " don't hide the board between players in this game")));
    c.hidden = false;
  }
}

/** One log line; hovering it marks its hexes on the map (``mark(ids)``, ``mark(null)`` to clear). */
export function logItem(ev, mark = null, colorOf = null, labels = null) {
  const say = (x) => (labels ? labels.prose(x) : String(x ?? ""));
  const li = el("li", { class: `ev ev-${ev.type}` });
  const where = [ev.hex, ...(Array.isArray(ev.path) ? ev.path : [])].filter(Boolean);
  if (mark && where.length) {
    li.classList.add("located");
    li.dataset.hex = where[where.length - 1];
    li.addEventListener("mouseenter", () => mark(where));
    li.addEventListener("mouseleave", () => mark(null));
  }
  if (ev.side) li.append(el("i", { class: "swatch", style: `background:${(colorOf || sideColor)(ev.side)}` }));
  if (ev.type === "roll") {
    li.append(el("span", {}, "Roll "), diceChips(ev), el("span", {}, ev.why ? ` ${say(ev.why)}` : ""));
  } else {
    li.append(el("span", {}, ev.text ? say(ev.text) : titleCase(ev.type)));
  }
  if (ev.rule) li.append(el("span", { class: "rule", title: "rule reference" }, ev.rule));
  return li;
}
