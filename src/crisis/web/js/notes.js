// Private notes: only this seat's secret reads them; they save as you type.

import { mySeats, request } from "./api.js";
import { $, app, tableId } from "./shared.js";

export function notesToken(role) {
  const seat = mySeats(tableId).find((x) => x.role === role);
  return seat && seat.token;
}

export async function renderNotes(s, covered) {
  const role = s.role && app.roles.includes(s.role) ? s.role : null;
  $("notes-card").classList.toggle("hidden", !role || Boolean(covered));
  if (!role || role === app.notesRole) return;
  if (app.notesRole && $("notes").value !== app.notesSaved) await saveNotes();
  app.notesRole = role;
  $("notes-role").textContent = `(${role}, private)`;
  $("notes").value = "";
  $("notes").disabled = true;
  try {
    const r = await request("GET", `/api/tables/${encodeURIComponent(tableId)}/notes/${encodeURIComponent(role)}`, undefined, notesToken(role));
    if (app.notesRole !== role) return;
    $("notes").value = app.notesSaved = r.text;
    $("notes-status").textContent = "";
  } catch (err) {
    $("notes-status").textContent = err.message;
  } finally {
    $("notes").disabled = false;
  }
}

export async function saveNotes() {
  const role = app.notesRole;
  if (!role) return;
  const text = $("notes").value;
  try {
    await request("PUT", `/api/tables/${encodeURIComponent(tableId)}/notes`, { role, text }, notesToken(role));
    if (app.notesRole === role) app.notesSaved = text;
    $("notes-status").textContent = "Saved.";
  } catch (err) {
    $("notes-status").textContent = `Not saved: ${err.message}`;
  }
}

export function setupNotes() {
  $("notes-save").addEventListener("click", saveNotes);
  $("notes").addEventListener("blur", () => {
    if (app.notesRole && $("notes").value !== app.notesSaved) saveNotes();
  });
  // Notes save as you type (a second after the last key), and on leaving the box.
  let notesTimer = null;
  $("notes").addEventListener("input", () => {
    $("notes-status").textContent = "Saving…";
    clearTimeout(notesTimer);
    notesTimer = setTimeout(() => {
      if (app.notesRole && $("notes").value !== app.notesSaved) saveNotes();
      else $("notes-status").textContent = "Saved.";
    }, 1000);
  });
}
