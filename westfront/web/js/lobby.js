// The lobby: start a game (game, scenario, optional rules, side, opponent), resume
// the games this browser holds seats in, list the games on the server, load a save.

import { allSeats, catalog, forgetGame, get, post, rememberSeat } from "./api.js";
import { clear, el, fmtTime, titleCase, toast } from "./util.js";

export async function lobbyScreen(root) {
  const cat = await catalog();
  const page = el("div", { class: "page" });
  clear(root).append(el("header", { class: "topbar" }, el("a", { href: "/", class: "brand" }, "westfront"),
    el("span", { class: "gametitle" }, "Western Front 1943–45 board wargames")), page);
  const form = newGameForm(cat);
  const mine = el("section", { class: "card" }, el("h2", {}, "Your games"), el("div", { "data-testid": "my-games" }, "…"));
  const all = el("section", { class: "card" }, el("h2", {}, "Games on this server"), el("div", { "data-testid": "all-games" }, "…"));
  const learn = learnCard(cat);
  page.append(el("div", { class: "lobbygrid" }, el("div", {}, form, learn, loadForm(cat)), el("div", {}, mine, all)));
  await listGames(mine.lastChild, all.lastChild, cat);
}

function newGameForm(cat) {
  const games = cat.games;
  const gameSel = el("select", { id: "ng-game", name: "game" }, games.map((g) => el("option", { value: g.id }, g.title)),
    (cat.coming_soon || []).map((g) => el("option", { value: g.id, disabled: true, "data-soon": "1" }, `${g.title} — coming soon`)));
  const scenSel = el("select", { id: "ng-scenario", name: "scenario" });
  const scenDesc = el("p", { class: "muted small" });
  const gameDesc = el("p", { class: "muted small" });
  const opts = el("div", { class: "options" });
  const sideSel = el("select", { id: "ng-side", name: "side" });
  const levelSel = levelSelect(cat.ai_levels, "ng-level");
  const opp = (v, label, extra) => el("label", { class: "radio" }, el("input", { type: "radio", name: "opponent", value: v, checked: v === "ai" }), ` ${label} `, extra || "");
  const seed = el("input", { id: "ng-seed", type: "number", min: 0, placeholder: "random" });
  const out = el("div", { class: "created" });
  const refresh = () => {
    const g = games.find((x) => x.id === gameSel.value);
    clear(scenSel).append(...g.scenarios.map((s) => el("option", { value: s.id }, s.title)));
    gameDesc.textContent = g.description || "";
    const showScen = () => {
      scenDesc.textContent = (g.scenarios.find((s) => s.id === scenSel.value) || {}).description || "";
      // the default side is the one that moves first in the chosen scenario
      const first = (g.first_player || {})[scenSel.value];
      if (first) sideSel.value = first;
    };
    scenSel.onchange = showScen;
    clear(opts);
    for (const o of g.options) {
      const id = `opt-${o.id}`;
      const input = o.choices
        ? el("select", { id, "data-option": o.id }, o.choices.map((c) => el("option", { value: String(c), selected: c === o.default }, String(c))))
        : el("input", { id, type: "checkbox", "data-option": o.id, checked: !!o.default });
      opts.append(el("div", { class: "optrow", title: o.description || "" }, el("label", { for: id }, o.title, o.rule ? el("span", { class: "rule" }, o.rule) : ""), input,
        o.description ? el("div", { class: "muted small" }, o.description) : null));
    }
    refreshSides();
    showScen();
  };
  const refreshSides = () => {
    const g = games.find((x) => x.id === gameSel.value);
    const keep = sideSel.value;
    const sides = seated(g, opts);
    clear(sideSel).append(...sides.map((p) => el("option", { value: p }, titleCase(p))));
    if (sides.includes(keep)) sideSel.value = keep;
  };
  opts.addEventListener("change", refreshSides);  // a player-count option changes who takes part
  gameSel.onchange = refresh;
  refresh();
  const submit = async (e) => {
    e.preventDefault();
    const g = games.find((x) => x.id === gameSel.value);
    const options = {};
    for (const input of opts.querySelectorAll("[data-option]")) {
      const o = g.options.find((x) => x.id === input.dataset.option);
      options[o.id] = input.type === "checkbox" ? input.checked : (o.choices.find((c) => String(c) === input.value) ?? input.value);
    }
    const me = sideSel.value;
    const mode = new FormData(e.target).get("opponent");
    const seats = {};
    const sides = seated(g, opts);
    for (const p of sides) seats[p] = p === me || mode !== "ai" ? "human" : `ai:${levelSel.value}`;
    const body = { game: g.id, scenario: scenSel.value, options, seats };
    if (seed.value !== "") body.seed = Number(seed.value);
    try {
      const r = await post("/api/games", body);
      rememberSeat(r.id, me, r.seats[me].token, { game: g.id });
      if (mode === "hotseat") for (const p of sides) rememberSeat(r.id, p, r.seats[p].token);
      if (mode === "friend") {
        clear(out).append(el("h3", {}, "Invite your friend"),
          ...sides.filter((p) => p !== me).map((p) => {
            const link = el("input", { class: "invite", readonly: true, value: r.seats[p].url, "data-testid": `invite-${p}` });
            return el("div", {}, el("p", {}, `Send this link to the player of ${titleCase(p)} (it is their secret seat):`), link,
              el("button", { class: "btn small", type: "button", onclick: () => { navigator.clipboard?.writeText(link.value); toast("Copied."); } }, "copy"));
          }),
          el("p", {}, el("a", { class: "btn primary", href: `/play/${r.id}` }, `Go to your game (${titleCase(me)})`)));
        // the link is what the player came for: bring it on screen (it lands below the Start button), selected to copy
        out.scrollIntoView({ block: "center" });
        const first = out.querySelector("input.invite");
        if (first) { first.focus(); first.select(); }
        return;
      }
      location.href = `/play/${r.id}`;
    } catch (err) {
      toast(err.message, "error", 8000);
    }
  };
  return el("section", { class: "card newgame" }, el("h2", {}, "New game"),
    el("form", { onsubmit: submit, "data-testid": "new-game" },
      el("div", { class: "row" }, el("label", { for: "ng-game" }, "Game"), gameSel), gameDesc,
      el("div", { class: "row" }, el("label", { for: "ng-scenario" }, "Scenario"), scenSel), scenDesc,
      el("fieldset", {}, el("legend", {}, "Optional rules"), opts),
      el("div", { class: "row" }, el("label", { for: "ng-side" }, "You play"), sideSel),
      el("fieldset", {}, el("legend", {}, "Opponent"),
        opp("ai", "Computer, strength", levelSel), el("br"),
        opp("hotseat", "Hotseat — two players at this screen"), el("br"),
        opp("friend", "A friend, with an invite link")),
      el("details", {}, el("summary", {}, "Advanced"), el("div", { class: "row" }, el("label", { for: "ng-seed" }, "Dice seed"), seed)),
      el("button", { class: "btn primary big", type: "submit", "data-testid": "start" }, "Start the game")), out);
}

/** The Learn list (issue 36): the lessons of the game chosen above, the sequence of play first, then the
 * rulebook's worked examples in its order; each opens the example on the board (/learn/<id>). */
function learnCard(cat) {
  const list = el("ol", { class: "lessons", "data-testid": "learn-list" });
  const card = el("section", { class: "card learn" }, el("h2", {}, "Learn"),
    el("p", { class: "muted small" }, "Play the rulebook's own examples on the board, one step at a time."), list);
  let all = null;
  const show = () => {
    const game = document.getElementById("ng-game")?.value;
    const mine = (all && all.games[game]) || [];
    const title = (cat.games.find((g) => g.id === game) || {}).title || game;
    clear(list).append(...(mine.length ? mine.map((x) => el("li", {},
      el("a", { href: `/learn/${x.id}`, "data-lesson": x.id }, x.title), " ", el("span", { class: "rule" }, x.section),
      el("div", { class: "muted small" }, x.summary))) : [el("li", { class: "muted" }, `No lessons for ${title} yet.`)]));
  };
  document.addEventListener("change", (e) => { if (e.target && e.target.id === "ng-game") show(); });
  get("/api/lessons").then((r) => { all = r; show(); }).catch((e) => { list.textContent = e.message; });
  return card;
}

const MAIN_LEVELS = ["random", "easy", "normal", "hard"];

/** The sides that take part: the first of the game's seatings whose options match the form (a game
 * whose seats depend on several options), else all, or the first N when the game has a player-count option. */
function seated(g, opts) {
  const value = (id) => {
    const input = opts.querySelector(`[data-option="${id}"]`);
    const o = g.options.find((x) => x.id === id);
    if (!input) return o ? o.default : undefined;
    return input.type === "checkbox" ? input.checked : input.value;
  };
  if (g.seatings && g.seatings.length) {
    const hit = g.seatings.find((st) => st.when.every(([k, v]) => String(value(k)) === String(v)));
    return hit ? hit.sides : [];
  }
  if (!g.seat_count_option) return g.players;
  const n = Number(value(g.seat_count_option)) || g.players.length;
  return g.players.slice(0, Math.max(1, Math.min(n, g.players.length)));
}

/** The four strength levels the README names, the other agents under "advanced". */
function levelSelect(levels, id) {
  const main = MAIN_LEVELS.filter((l) => levels.includes(l));
  const rest = levels.filter((l) => !MAIN_LEVELS.includes(l));
  const sel = el("select", { id, name: "level" }, main.map((l) => el("option", { value: l }, titleCase(l))),
    rest.length ? el("optgroup", { label: "advanced" }, rest.map((l) => el("option", { value: l }, titleCase(l)))) : null);
  sel.value = main.includes("normal") ? "normal" : (main[0] || rest[0]);
  return sel;
}

function loadForm(cat) {
  const file = el("input", { type: "file", accept: ".json,application/json", "data-testid": "load-file" });
  const sideSel = el("select", { "data-testid": "load-side" });
  const sideRow = el("div", { class: "row", hidden: true }, el("label", {}, "You play"), sideSel);
  file.addEventListener("change", async () => {
    // the save names its game: offer its sides, the one to move first
    try {
      const doc = JSON.parse(await file.files[0].text());
      const info = cat.games.find((g) => g.id === doc.game);
      if (!info) return;
      clear(sideSel).append(...info.players.map((p) => el("option", { value: p }, titleCase(p))));
      if (info.players.includes(doc.to_move)) sideSel.value = doc.to_move;
    } catch { /* a bad file is reported on Load */ }
  });
  const mode = el("select", { "data-testid": "load-mode", onchange: () => { sideRow.hidden = mode.value === "hotseat"; } },
    el("option", { value: "hotseat" }, "play every side here"),
    ...MAIN_LEVELS.filter((l) => cat.ai_levels.includes(l)).map((l) => el("option", { value: `ai:${l}` }, `against the computer (${titleCase(l)})`)));
  const go = async () => {
    if (!file.files.length) { toast("Choose a save file first.", "error"); return; }
    const text = await file.files[0].text();
    let doc;
    try { doc = JSON.parse(text); } catch { toast("That file is not a westfront save.", "error"); return; }
    const info = cat.games.find((g) => g.id === doc.game);
    if (!info) { toast(`This server has no game ${doc.game}.`, "error"); return; }
    const seats = {};
    const me = sideSel.value || info.players[0];
    info.players.forEach((p) => { seats[p] = mode.value === "hotseat" || p === me ? "human" : mode.value; });
    try {
      const r = await post("/api/games/import", { save: text, seats });
      for (const [p, s] of Object.entries(r.seats)) if (s.token) rememberSeat(r.id, p, s.token, { game: doc.game });
      location.href = `/play/${r.id}`;
    } catch (e) {
      toast(e.message, "error", 8000);
    }
  };
  return el("section", { class: "card" }, el("h2", {}, "Load a save"),
    el("p", { class: "muted small" }, "Continue a downloaded game. Its moves are replayed and checked before it starts."),
    file, el("div", { class: "row" }, el("label", {}, "Then"), mode), sideRow, el("button", { class: "btn", onclick: go, "data-testid": "load-go" }, "Load"));
}

/** A scenario by its title ("Ardennes Counter-Offensive (learning scenario)"), not its id. */
function scenarioTitle(cat, g) {
  const info = cat.games.find((x) => x.id === g.game);
  const sc = info && info.scenarios.find((s) => s.id === g.scenario);
  return sc ? sc.title : titleCase(g.scenario || "");
}

async function listGames(mineBox, allBox, cat) {
  const seats = allSeats();
  let games = [];
  try { games = await get("/api/games?limit=200"); } catch (e) { allBox.textContent = e.message; return; }
  const byId = new Map(games.map((g) => [g.id, g]));
  const row = (g, mine) => el("tr", { "data-game": g.id },
    el("td", {}, g.title, el("div", { class: "muted small" }, scenarioTitle(cat, g))),
    el("td", {}, Object.entries(g.seats).map(([s, k]) => `${titleCase(s)}: ${k === "human" ? (mine && seats[g.id][s] ? "you" : "human") : "AI " + k.slice(3)}`).join(", ")),
    el("td", {}, g.status === "over" ? (g.result ? `over — ${g.result.winner ? titleCase(g.result.winner) + " won" : "draw"}` : "over") : `${g.turn_label || ""}${g.to_move ? `, ${titleCase(g.to_move)} to move` : ""}`,
      g.thinking ? el("span", { class: "muted" }, " (AI thinking)") : ""),
    el("td", { class: "muted small" }, fmtTime(g.updated_at)),
    el("td", {}, mine ? el("a", { class: "btn small primary", href: `/play/${g.id}` }, g.status === "over" ? "Open" : "Resume") : null,
      g.status === "over" || mine ? el("a", { class: "btn small", href: `/replay/${g.id}` }, "Replay") : null,
      mine ? el("button", { class: "btn small", title: "forget this game's seats in this browser", onclick: (e) => { forgetGame(g.id); e.target.closest("tr").remove(); } }, "✕") : null));
  const table = (rows) => el("table", { class: "games" }, el("tr", {}, ["Game", "Seats", "State", "Last move", ""].map((h) => el("th", {}, h))), rows);
  const mineRows = Object.keys(seats).filter((id) => byId.has(id)).map((id) => row(byId.get(id), true));
  clear(mineBox).append(mineRows.length ? table(mineRows) : el("p", { class: "muted" }, "None yet — start one on the left."));
  const others = games.filter((g) => !seats[g.id]);
  clear(allBox).append(others.length ? table(others.map((g) => row(g, false))) : el("p", { class: "muted" }, "No other games."));
}
