// The account pages: sign up, sign in, forgotten password, reset, confirm, stop mails and the
// account's settings. One module; each page says which it is in <body data-page>. Secrets of
// mailed links come in the page's fragment (#t=...), which never reaches the server's logs.

import { meta, request, seats } from "./api.js";
import { $ } from "./dom.js";
import { vacationCard } from "./clocks.js";
import { showYourGames } from "./games.js";

const page = document.body.dataset.page;

/** The secret in the page's fragment (#t=...), if any. */
function fragmentToken() {
  const params = new URLSearchParams(location.hash.slice(1));
  return params.get("t") || "";
}

/** What no path to go to may hold, as given or once decoded: backslashes (browsers read
 * `/\\x` as `//x`, another host), whitespace and control characters (browsers drop tabs and
 * newlines, so `/%09/x` becomes `//x`). */
function unsafe(text) {
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === "\\" || /\s/.test(ch) || code <= 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** `value` if it is a path of this site (read by the URL parser as this origin, never another
 * host however spelled), else the account page. The server checks the same (`next` in the
 * sign-in's answer). */
export function samePath(value) {
  const home = "/account";
  if (!value || value.length > 1000) return home;
  let decoded;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return home;
  }
  for (const text of [value, decoded]) {
    if (unsafe(text) || !text.startsWith("/") || text.startsWith("//")) return home;
  }
  const url = new URL(value, location.origin);
  if (url.origin !== location.origin) return home;
  return url.pathname + url.search;
}

/** Where to go after signing in: `?next=` when it is a path of this site, else the account. */
function nextPath() {
  return samePath(new URLSearchParams(location.search).get("next") || "");
}

function say(id, text) {
  const node = $(id);
  if (node) node.textContent = text || "";
}

/** Seconds to wait after a `busy` answer that names none (a full hash queue, 503). */
const BUSY_DEFAULT_SECONDS = 5;

/** The server is checking too many passwords (`busy`, 429 or 503): say so in #error (or
 * `errorId`), and keep `button` disabled, counting down the seconds it asked to wait
 * (Retry-After), then give it back. Returns when the wait is over. */
function waitBusy(form, button, seconds, errorId) {
  const label = button.dataset.label || button.textContent;
  button.dataset.label = label;
  form.classList.add("busy");
  say(
    errorId,
    "The site is checking many passwords right now and asks you to wait a little. " +
      "Nothing was changed: the button comes back when you can try again.",
  );
  return new Promise((done) => {
    let left = Math.max(1, Math.ceil(seconds));
    const tick = () => {
      if (left <= 0) {
        button.textContent = label;
        button.disabled = false;
        form.classList.remove("busy");
        say(errorId, "You can try again now.");
        done();
        return;
      }
      button.textContent = `${label}: wait ${left} s`;
      left -= 1;
      setTimeout(tick, 1000);
    };
    button.disabled = true;
    tick();
  });
}

/** Submit `form` with `send` (an async function of the form's values); errors land in #error
 * (or `errorId`), the button is disabled meanwhile (and, after a `busy` answer, until the
 * wait the server asked for is over). */
function onSubmit(form, send, errorId = "error") {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button[type=submit]");
    if (form.classList.contains("busy")) return; // Enter pressed while waiting
    say(errorId, "");
    if (button) button.disabled = true;
    let busy = null;
    try {
      await send(Object.fromEntries(new FormData(form)));
    } catch (err) {
      if (err.code === "busy" && button) {
        busy = waitBusy(form, button, err.retryAfter || BUSY_DEFAULT_SECONDS, errorId);
      } else {
        say(errorId, err.message);
        const field = err.code && form.querySelector(`[data-code~="${err.code}"]`);
        if (field) field.focus();
      }
    } finally {
      if (button && busy === null) button.disabled = false;
    }
  });
}

/** The topbar: who is signed in, with a link to the account; else a sign-in link. */
function showWho(account) {
  const who = $("who");
  if (!who) return;
  who.replaceChildren();
  if (account) {
    const link = document.createElement("a");
    link.href = "/account";
    link.textContent = account.name;
    link.className = "name";
    who.append(link);
  } else if (page !== "signin") {
    const link = document.createElement("a");
    link.href = "/account/signin";
    link.textContent = "Sign in";
    who.append(link);
  }
}

/** Give the signed-in account the seats this browser plays (those it created or took by
 * link; never the invitations it keeps for friends), so that they follow the person. */
async function claimSeats() {
  const tokens = [...new Set(seats().filter((s) => s.mine).map((s) => s.token))].slice(-200);
  if (!tokens.length) return;
  try {
    await request("POST", "/api/account/seats", { tokens });
  } catch {
    // The seats stay this browser's by their links; claiming can wait for the next sign-in.
  }
}

async function me() {
  const { account } = await request("GET", "/api/account");
  showWho(account);
  return account;
}

function keepNext() {
  const next = new URLSearchParams(location.search).get("next");
  if (!next) return;
  for (const a of document.querySelectorAll("a[data-keep-next]")) {
    a.href = `${a.getAttribute("href")}?next=${encodeURIComponent(next)}`;
  }
}

const pages = {
  async signup() {
    keepNext();
    $("name").dataset.code = "bad_name name_taken";
    $("email").dataset.code = "bad_email";
    $("password").dataset.code = "weak_password password_too_long";
    onSubmit($("signup-form"), async (values) => {
      const answer = await request("POST", "/api/account/signup", { ...values, next: nextPath() });
      await claimSeats();
      location.assign(samePath(answer.next));
    });
    await me();
  },

  async signin() {
    keepNext();
    // Sent here by a mailed link to a table (another device): say why.
    $("for-seat").classList.toggle("hidden", !nextPath().startsWith("/table/"));
    onSubmit($("signin-form"), async (values) => {
      const answer = await request("POST", "/api/account/signin", { ...values, next: nextPath() });
      await claimSeats();
      location.assign(samePath(answer.next));
    });
    await me();
  },

  async forgot() {
    onSubmit($("forgot-form"), async (values) => {
      say("ok", "");
      await request("POST", "/api/account/forgot", values);
      say("ok", "If an account has that name or address, a link is on its way to its address.");
    });
    await me();
  },

  async reset() {
    const token = fragmentToken();
    if (!token) say("error", "This page opens from the link in the mail; that link is missing here.");
    $("password").dataset.code = "weak_password password_too_long";
    onSubmit($("reset-form"), async (values) => {
      await request("POST", "/api/account/reset", { token, password: values.password });
      history.replaceState(null, "", location.pathname); // the spent secret leaves the address bar
      await claimSeats();
      location.assign("/account");
    });
    await me();
  },

  async undo() {
    const token = fragmentToken();
    if (!token) say("error", "This page opens from the link in the mail; that link is missing here.");
    $("password").dataset.code = "weak_password password_too_long";
    onSubmit($("reset-form"), async (values) => {
      await request("POST", "/api/account/undo", { token, password: values.password });
      history.replaceState(null, "", location.pathname);
      location.assign("/account");
    });
    await me();
  },

  async confirm() {
    const token = fragmentToken();
    history.replaceState(null, "", location.pathname);
    try {
      const done = await request("POST", "/api/account/confirm", { token });
      say("ok", `Thank you, ${done.name}: your e-mail address is confirmed.`);
    } catch (err) {
      say("ok", "");
      say("error", err.message);
    }
    await me();
  },

  async stop() {
    const token = fragmentToken();
    const kinds = {
      turns: "turn notices",
      invites: "invitations",
      ends: "game results",
      all: "turn notices, invitations or game results",
    };
    const kind = token.split(".")[1];
    if (kinds[kind]) say("what", `crisis will mail you no more ${kinds[kind]}. You can turn them back on in your account's mail settings.`);
    $("stop").addEventListener("click", async () => {
      say("error", "");
      try {
        const done = await request("POST", "/api/mail/stop", { token });
        say("ok", `Done: no more ${kinds[done.stopped] || "such mails"} from crisis.`);
        $("stop").disabled = true;
      } catch (err) {
        say("error", err.message);
      }
    });
    await me();
  },

  async account() {
    const account = await me();
    $("signed-out").classList.toggle("hidden", Boolean(account));
    for (const id of ["profile", "games-card", "password-card", "email-card", "mail-card"]) {
      $(id).classList.toggle("hidden", !account);
    }
    for (const id of ["invitations-card", "blocks-card", "vacation-card"]) $(id).classList.toggle("hidden", !account);
    if (!account) return;
    showAccount(account);
    showGames();
    vacationCard($("vacation-card"));
    showInvitations();
    showBlocks();
    $("block-name").dataset.code = "not_found";
    onSubmit($("block-form"), async (values) => {
      const { blocks } = await request("POST", "/api/account/blocks", { name: values.name });
      $("block-form").reset();
      listBlocks(blocks);
    }, "block-error");
    // "Your games" keeps up while the page is open (a look every half minute, none while
    // the page is hidden).
    setInterval(() => { if (!document.hidden) showGames(); }, 30_000);
    $("signout").addEventListener("click", async () => {
      await request("POST", "/api/account/signout");
      location.assign("/");
    });
    $("confirm-again").addEventListener("click", async () => {
      await request("POST", "/api/account/confirm/again");
      say("profile-ok", "A new link is on its way.");
    });
    $("new").dataset.code = "weak_password password_too_long";
    $("current").dataset.code = "bad_credentials";
    const passwordForm = $("password-form");
    onSubmit(passwordForm, async (values) => {
      say("password-ok", "");
      await request("POST", "/api/account/password", { current: values.current, new: values.new });
      passwordForm.reset();
      $("username").value = account.name;
      say("password-ok", "Password changed. Other browsers were signed out.");
    }, "password-error");
    $("new-email").dataset.code = "bad_email email_taken";
    $("email-password").dataset.code = "bad_credentials";
    const emailForm = $("email-form");
    onSubmit(emailForm, async (values) => {
      say("email-ok", "");
      const { account: changed } = await request("POST", "/api/account/email", values);
      emailForm.reset();
      showAccount(changed);
      say("email-ok", "Changed. Confirm the new address by the link mailed to it.");
    }, "email-error");
    onSubmit($("mail-form"), async () => {
      say("mail-ok", "");
      const { account: saved } = await request("POST", "/api/account/mail", {
        turns: $("mail-turns").checked,
        invites: $("mail-invites").checked,
        ends: $("mail-ends").checked,
        after_minutes: Number($("mail-after").value),
      });
      showAccount(saved);
      say("mail-ok", "Saved.");
    }, "mail-error");
  },
};

/** "Your games" (games.js): the same list as in the lobby, the account's seats and this
 * browser's, those waiting for you first. */
async function showGames() {
  await showYourGames($("my-games"), "None yet: the tables you play show here.");
}

/** The seats offered to the account, each with Accept and Decline (those past the mail
 * caps were never mailed: this is where they wait). */
async function showInvitations() {
  const list = $("my-invitations");
  let found;
  try {
    ({ invitations: found } = await request("GET", "/api/account/invitations"));
  } catch (err) {
    list.replaceChildren(item("muted", err.message));
    return;
  }
  if (!found.length) {
    list.replaceChildren(item("muted", "None waiting for you."));
    return;
  }
  let titles = {};
  try {
    titles = (await meta()).titles || {};
  } catch {
    titles = {};
  }
  list.replaceChildren(...found.map((inv) => {
    const title = (titles[inv.title] && titles[inv.title].name) || inv.title;
    const facts = [inv.rated ? "rated" : "", inv.pace ? `${Math.max(1, Math.round(inv.pace / 86400))} d per move` : ""].filter(Boolean);
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `/table/${encodeURIComponent(inv.table)}?seat=${encodeURIComponent(inv.role)}`;
    a.textContent = `${title} as ${inv.role}, from ${inv.from || "a player"}`;
    const note = document.createElement("span");
    note.className = "muted";
    note.textContent = facts.length ? ` (${facts.join(", ")}) ` : " ";
    const answer = (verb, label, primary) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      if (primary) b.className = "primary";
      b.addEventListener("click", async () => {
        say("invitations-error", "");
        try {
          await request("POST", `/api/tables/${encodeURIComponent(inv.table)}/${verb}`, { role: inv.role });
        } catch (err) {
          say("invitations-error", err.message);
          return;
        }
        showInvitations();
        showGames();
      });
      return b;
    };
    li.append(a, note, answer("accept", "Accept", true), " ", answer("decline", "Decline", false));
    return li;
  }));
}

async function showBlocks() {
  try {
    listBlocks((await request("GET", "/api/account/blocks")).blocks);
  } catch (err) {
    say("block-error", err.message);
  }
}

function listBlocks(names) {
  const list = $("my-blocks");
  if (!names.length) {
    list.replaceChildren(item("muted", "Nobody."));
    return;
  }
  list.replaceChildren(...names.map((name) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = "Unblock";
    b.addEventListener("click", async () => {
      say("block-error", "");
      try {
        listBlocks((await request("POST", "/api/account/blocks/remove", { name })).blocks);
      } catch (err) {
        say("block-error", err.message);
      }
    });
    li.append(`${name} `, b);
    return li;
  }));
}

function item(cls, text) {
  const li = document.createElement("li");
  li.className = cls;
  li.textContent = text;
  return li;
}

function showAccount(account) {
  say("my-name", account.name);
  say("my-email", account.email);
  const badge = $("my-confirmed");
  badge.textContent = account.confirmed ? "confirmed" : "not confirmed yet";
  badge.className = `tick ${account.confirmed ? "yes" : "no"}`;
  $("unconfirmed").classList.toggle("hidden", account.confirmed);
  $("username").value = account.name;
  $("mail-turns").checked = account.mail.turns;
  $("mail-invites").checked = account.mail.invites;
  $("mail-ends").checked = account.mail.ends;
  const after = $("mail-after");
  const minutes = String(account.mail.after_minutes);
  if (![...after.options].some((o) => o.value === minutes)) {
    after.append(new Option(`${minutes} minutes`, minutes));
  }
  after.value = minutes;
}

if (pages[page]) pages[page]();
