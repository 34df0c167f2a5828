// The service worker, served at /sw.js: it shows the site's push notices (a turn, an
// invitation, a game's end) and opens their page when one is clicked. It caches nothing: the
// site is live, and a stale table would mislead.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = { body: event.data ? event.data.text() : "" };
  }
  const title = notice.title || "crisis";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: notice.body || "",
      tag: notice.tag || undefined,
      renotify: Boolean(notice.tag),
      data: { url: notice.url || "/" },
      icon: "/static/icon.svg",
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (url.origin !== self.location.origin) return; // only the site's own pages
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((open) => {
      const same = open.find((c) => c.url === url.href);
      return same ? same.focus() : self.clients.openWindow(url.href);
    }),
  );
});
