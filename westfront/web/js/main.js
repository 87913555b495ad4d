// Entry point: pick the screen from the URL (/, /play/<id>, /replay/<id>, /learn/<lesson id>).

import { lobbyScreen } from "./lobby.js";
import { playScreen } from "./play.js";
import { replayScreen } from "./replay.js";
import { lessonScreen } from "./lesson.js";
import { installRuleLinks } from "./rules.js";
import { el } from "./util.js";

// rule chips open the reference of the game on screen (the play or replay screen sets it;
// in the lobby, the game being configured)
installRuleLinks(() => document.body.dataset.game || document.getElementById("ng-game")?.value);

async function route() {
  const root = document.getElementById("app");
  const path = location.pathname;
  const params = new URLSearchParams(location.search);
  try {
    let m;
    if ((m = path.match(/^\/play\/([\w-]+)/))) await playScreen(root, m[1], params.get("token"), params.get("invite"));
    else if ((m = path.match(/^\/replay\/([\w-]+)/))) await replayScreen(root, m[1]);
    else if ((m = path.match(/^\/learn\/([\w-]+)/))) await lessonScreen(root, m[1]);
    else await lobbyScreen(root);
  } catch (e) {
    console.error(e);
    root.append(el("p", { class: "error" }, `Something went wrong: ${e.message}`));
  }
}

route();
