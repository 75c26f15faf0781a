// Safehouse's service worker: shows the "your turn" notifications the server sends by Web Push.
// It only shows notifications and opens this site's tables; it caches nothing.
'use strict';

self.addEventListener('push', function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (e) {
    data = {};
  }
  var title = typeof data.title === 'string' ? data.title : 'Safehouse';
  var options = {
    body: typeof data.body === 'string' ? data.body : '',
    // One notification per table: a newer "your turn" replaces the older one.
    tag: 'safehouse-turn-' + (typeof data.match === 'string' ? data.match : ''),
    renotify: true,
    icon: '/assets/icon.svg',
    data: { url: typeof data.url === 'string' ? data.url : '/' }
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var wanted = (event.notification.data && event.notification.data.url) || '/';
  var target;
  try {
    // Only a page of this site: the path of the link, on this origin.
    var url = new URL(wanted, self.location.origin);
    target = self.location.origin + url.pathname + url.search;
  } catch (e) {
    target = self.location.origin + '/';
  }
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (open) {
    for (var i = 0; i < open.length; i++) {
      if (open[i].url === target && 'focus' in open[i]) return open[i].focus();
    }
    return self.clients.openWindow(target);
  }));
});
