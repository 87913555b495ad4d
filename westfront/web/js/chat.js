// The seats' chat (issue 35): the messages and a one-line form under the game log.
// Text is only ever put in the page as text (el() makes text nodes), never as HTML.
import { get, post } from "./api.js";
import { el, clear } from "./util.js";

export class ChatBox {
  /** ``tokenOf()`` is the seat token to read and write with; ``sideName``/``colorOf`` name and colour a seat. */
  constructor(gameId, { tokenOf, sideName, colorOf }) {
    this.id = gameId;
    this.tokenOf = tokenOf;
    this.sideName = sideName;
    this.colorOf = colorOf;
    this.messages = new Map(); // id -> message (several seats' sockets in one browser push the same one)
    this.list = el("ol", { class: "chatlist", "data-testid": "chat-list" });
    this.input = el("input", { type: "text", maxlength: 500, placeholder: "Message the other seats…",
      "aria-label": "Chat message", "data-testid": "chat-input" });
    this.error = el("div", { class: "chaterror", "data-testid": "chat-error", hidden: true });
    const form = el("form", { class: "chatform", onsubmit: (e) => { e.preventDefault(); this.send(); } },
      this.input, el("button", { class: "btn small", type: "submit", "data-testid": "chat-send" }, "Send"));
    this.node = el("div", { class: "chat", "data-testid": "chat" }, el("h3", {}, "Chat"), this.list, form, this.error);
  }

  lastId() {
    let last = 0;
    for (const k of this.messages.keys()) last = Math.max(last, k);
    return last;
  }

  /** Take messages from a GET or a push; redraw in id order. */
  add(...msgs) {
    let fresh = false;
    for (const m of msgs) {
      if (!m || this.messages.has(m.id)) continue;
      this.messages.set(m.id, m);
      fresh = true;
    }
    if (!fresh) return;
    const ids = [...this.messages.keys()].sort((a, b) => a - b).slice(-200);
    clear(this.list);
    for (const id of ids) {
      const m = this.messages.get(id);
      this.list.append(el("li", { "data-testid": "chat-message" },
        el("span", { class: "who", style: `color: ${this.colorOf(m.side)}` }, this.sideName(m.side)), ": ",
        el("span", { class: "text", "data-testid": "chat-text" }, m.text)));
    }
    this.list.scrollTop = this.list.scrollHeight;
  }

  async load() {
    try {
      const r = await get(`/api/games/${this.id}/chat?token=${encodeURIComponent(this.tokenOf())}&after=${this.lastId()}`);
      this.add(...r.messages);
    } catch (e) {
      this.say(e.message);
    }
  }

  async send() {
    const text = this.input.value;
    if (!text.trim()) return;
    try {
      const r = await post(`/api/games/${this.id}/chat`, { token: this.tokenOf(), text });
      this.input.value = "";
      this.say(null);
      this.add(r.message);
    } catch (e) {
      this.say(e.message);  // 429 (too many), 400 (too long, control characters): the server's words
    }
  }

  say(text) {
    this.error.hidden = !text;
    this.error.textContent = text || "";
  }
}
