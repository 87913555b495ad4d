// Entry point: pick the screen from the URL (/, /play/<id>, /replay/<id>).

import { lobbyScreen } from "./lobby.js";
import { playScreen } from "./play.js";
import { replayScreen } from "./replay.js";
import { el } from "./util.js";

async function route() {
  const root = document.getElementById("app");
  const path = location.pathname;
  const params = new URLSearchParams(location.search);
  try {
    let m;
    if ((m = path.match(/^\/play\/([\w-]+)/))) await playScreen(root, m[1], params.get("token"));
    else if ((m = path.match(/^\/replay\/([\w-]+)/))) await replayScreen(root, m[1]);
    else await lobbyScreen(root);
  } catch (e) {
    console.error(e);
    root.append(el("p", { class: "error" }, `Something went wrong: ${e.message}`));
  }
}

route();
