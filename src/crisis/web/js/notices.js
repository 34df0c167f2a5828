// The account page's "Where your notices go": mail on or off, Web Push to this browser (through
// the service worker at /sw.js), and a webhook into a chat. The server keeps the channels; this
// browser's push subscription is made here, with the site's public key.

import { request } from "./api.js";
import { $ } from "./dom.js";

function say(id, text) {
  const node = $(id);
  if (node) node.textContent = text || "";
}

/** What the account page calls this browser, from its user agent (only its owner sees it). */
function label() {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrome\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "A browser";
  const system = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Mac OS X/.test(ua) ? "macOS" : /Windows/.test(ua) ? "Windows" : /Linux/.test(ua) ? "Linux" : "";
  return system ? `${browser} on ${system}` : browser;
}

/** The server's base64url key as the bytes PushManager.subscribe() takes. */
function keyBytes(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

const pushable = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

async function currentSubscription() {
  if (!pushable) return null;
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

async function subscribe() {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error("This browser did not allow notices from the site.");
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const { key } = await request("GET", "/api/notify/key");
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(key),
  });
  const body = subscription.toJSON();
  return request("POST", "/api/account/push", { endpoint: body.endpoint, keys: body.keys, label: label() });
}

async function unsubscribe() {
  const subscription = await currentSubscription();
  let shown;
  if (subscription) {
    shown = await request("POST", "/api/account/push/remove", { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return shown || request("GET", "/api/account/notices");
}

function when(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

async function show(data) {
  const { channels, browsers } = data;
  $("by-mail").checked = channels.mail;
  $("hook-url").value = channels.webhook_url || "";
  $("hook-on").checked = channels.webhook;
  $("hook-test").disabled = !channels.webhook;
  const here = await currentSubscription().catch(() => null);
  if (!pushable) {
    say("push-state", "This browser cannot take push notices (on an iPhone, add the site to the home screen first).");
  } else if (here) {
    say("push-state", "This browser is told.");
  } else {
    say("push-state", browsers.length ? "This browser is not told; the browsers below are." : "No browser is told yet.");
  }
  $("push-on").classList.toggle("hidden", !pushable || Boolean(here));
  $("push-off").classList.toggle("hidden", !here);
  $("push-test").classList.toggle("hidden", !browsers.length);
  const list = $("browsers");
  list.replaceChildren(
    ...browsers.map((b) => {
      const li = document.createElement("li");
      const name = document.createElement("span");
      name.textContent = `${b.label}, since ${when(b.created)}`;
      const remove = document.createElement("button");
      remove.type = "button";
      remove.textContent = "Remove";
      remove.setAttribute("aria-label", `Stop notifying ${b.label}`);
      remove.addEventListener("click", () => act(() => request("POST", "/api/account/push/remove", { id: b.id }), "Removed."));
      li.append(name, " ", remove);
      return li;
    }),
  );
}

/** Run `call` (which answers with the notices), show the answer, and say `done`. */
async function act(call, done) {
  say("notices-error", "");
  say("notices-ok", "");
  try {
    const data = await call();
    if (data && data.channels) await show(data);
    say("notices-ok", done);
  } catch (err) {
    say("notices-error", err.message);
    if (err.code === "bad_target") $("hook-url").focus();
  }
}

async function start() {
  let data;
  try {
    // Signed out, the card stays hidden: asked first, so that no refused request is logged.
    const { account } = await request("GET", "/api/account");
    if (!account) return;
    data = await request("GET", "/api/account/notices");
  } catch {
    return; // a server without notices: the card stays hidden
  }
  $("notices-card").classList.remove("hidden");
  await show(data);
  $("by-mail").addEventListener("change", (e) =>
    act(() => request("POST", "/api/account/notices", { mail: e.target.checked }), e.target.checked ? "Notices go by mail." : "No more notices by mail."),
  );
  $("push-on").addEventListener("click", () => act(subscribe, "This browser will be told."));
  $("push-off").addEventListener("click", () => act(unsubscribe, "This browser will not be told."));
  $("push-test").addEventListener("click", () =>
    act(async () => {
      const { queued } = await request("POST", "/api/account/notices/test", { channel: "push" });
      return { queued };
    }, "A test is on its way to every browser listed."),
  );
  $("hook-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const url = $("hook-url").value.trim();
    act(() => request("POST", "/api/account/notices", { webhook_url: url, webhook: Boolean(url) && $("hook-on").checked }), url ? "Webhook saved." : "Webhook removed.");
  });
  $("hook-test").addEventListener("click", () =>
    act(() => request("POST", "/api/account/notices/test", { channel: "webhook" }), "A test is on its way to the webhook."),
  );
}

start();
