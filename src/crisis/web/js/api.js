// Talking to the server, and the seat secrets this browser holds (in localStorage).

const KEY = "crisis.seats";

/** Every seat secret this browser knows: {table, role, token, mine}. `mine` seats are played
 * here; the others are invitations the creator may still send. */
export function seats() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function saveSeats(list) {
  localStorage.setItem(KEY, JSON.stringify(list.slice(-400)));
}

/** Remember a seat secret (replacing any older one for the same table and seat). */
export function rememberSeat(table, role, token, mine) {
  const list = seats().filter((s) => !(s.table === table && s.role === role));
  list.push({ table, role, token, mine: Boolean(mine) });
  saveSeats(list);
}

/** The seats of `table` played in this browser. */
export function mySeats(table) {
  return seats().filter((s) => s.table === table && s.mine);
}

/** The invitations (seats for friends) of `table`. */
export function invites(table) {
  return seats().filter((s) => s.table === table && !s.mine);
}

/** A rematch keeps every seat's secret: copy this browser's entries to the new table. */
export function carryToRematch(oldTable, newTable) {
  for (const s of seats().filter((x) => x.table === oldTable)) {
    if (!seats().some((x) => x.table === newTable && x.role === s.role)) {
      rememberSeat(newTable, s.role, s.token, s.mine);
    }
  }
}

export function myName() {
  return localStorage.getItem("crisis.name") || "";
}

export function setMyName(name) {
  localStorage.setItem("crisis.name", name);
}

/** The link a friend opens to take `role` (the secret travels after #, never to the server's
 * logs). */
export function seatLink(table, role, token) {
  return `${location.origin}/table/${encodeURIComponent(table)}#seat=${role}&token=${encodeURIComponent(token)}`;
}

/** JSON request; throws an Error carrying the server's message on failure. */
export async function request(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const err = new Error((data && (data.message || data.detail)) || `${res.status} ${res.statusText}`);
    err.code = data && data.code;
    err.status = res.status;
    // `busy`: the seconds the server asks to wait (Retry-After), when it says.
    const after = Number.parseInt(res.headers.get("Retry-After") || "", 10);
    err.retryAfter = Number.isFinite(after) && after > 0 ? after : null;
    throw err;
  }
  return data;
}

let metaCache = null;

/** Map, card names and bot strengths (cached). */
export async function meta() {
  if (!metaCache) metaCache = request("GET", "/api/meta");
  return metaCache;
}

/** Escape text for HTML. */
/** A read-only link box with a Copy button (the clipboard where the browser allows it,
 * else the text is selected for the person to copy). */
export function linkBox(link, label) {
  const input = el("input", { value: link, readonly: true, "aria-label": label, onclick: (e) => e.target.select() });
  const button = el("button", { type: "button", class: "copy" }, "Copy");
  button.addEventListener("click", async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(link);
      button.textContent = "Copied";
    } catch {
      button.textContent = "Selected: press Ctrl+C";
    }
    setTimeout(() => { button.textContent = "Copy"; }, 2500);
  });
  return el("span", { class: "linkbox" }, input, button);
}

export function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c]);
}

/** Element helper: el("button", {class: "x", onclick}, "text", child...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}
