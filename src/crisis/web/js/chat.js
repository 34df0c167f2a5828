// The table's chat (plain text: every message is drawn as text, never as markup).

import { el } from "./api.js";
import { $, app, send } from "./shared.js";

export function renderChat() {
  const list = $("chat");
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 20;
  list.replaceChildren(...app.chat.slice(-200).map((m) => el("li", {},
    el("span", { class: `swatch ${m.role}` }), el("strong", {}, `${m.name}: `), m.text)));
  if (atBottom) list.scrollTop = list.scrollHeight;
  const canWrite = app.roles.length > 0;
  $("chat-form").classList.toggle("hidden", !canWrite);
  $("chat-note").classList.toggle("hidden", canWrite);
}

export function sendChat(ev) {
  ev.preventDefault();
  const text = $("chat-text").value.trim();
  const role = (app.latest && app.latest.role) || app.roles[0];
  if (!text || !role) return;
  if (send({ type: "chat", role, text })) $("chat-text").value = "";
}
