// Safehouse: the table page's "notify me" button. It registers the service worker (sw.js), asks
// the browser for a push subscription with the server's VAPID key, and hands the subscription to
// the page's own endpoint (which adds this browser's seat token from its cookie).
'use strict';

(function () {
  var panel = document.getElementById('notify');
  if (!panel) return;
  // Saving or removing the webhook comes back to `#notify`: show the panel open, with what was
  // saved, rather than folded away.
  if (window.location.hash === '#notify') panel.open = true;
  var button = document.getElementById('notify-push');
  var status = document.getElementById('notify-status');
  var id = panel.dataset.match;
  var say = function (key) {
    if (status) status.textContent = panel.dataset[key] || '';
  };
  var supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (!button) return;
  if (!supported) {
    button.disabled = true;
    say('unsupported');
    return;
  }
  button.hidden = false;

  // base64url text to the bytes `applicationServerKey` takes.
  var bytes = function (text) {
    var padded = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
    var raw = atob(padded);
    var out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  };

  var send = function (subscription) {
    var body = subscription.toJSON();
    body.lang = panel.dataset.lang === 'ko' ? 'ko' : 'en';
    return fetch('/play/' + id + '/notify/push', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'safehouse' },
      body: JSON.stringify(body)
    }).then(function (response) {
      if (!response.ok) throw new Error('notify ' + response.status);
    });
  };

  button.addEventListener('click', function () {
    button.disabled = true;
    say('working');
    Notification.requestPermission().then(function (permission) {
      if (permission !== 'granted') throw new Error('denied');
      return Promise.all([
        navigator.serviceWorker.register('/assets/sw.js', { scope: '/assets/' }),
        fetch('/api/push/key', { credentials: 'same-origin' }).then(function (r) {
          if (!r.ok) throw new Error('key ' + r.status);
          return r.json();
        })
      ]);
    }).then(function (both) {
      var registration = both[0];
      var key = both[1].public_key;
      return registration.pushManager.getSubscription().then(function (existing) {
        return existing || registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(key) });
      });
    }).then(send).then(function () {
      say('on');
    }).catch(function (error) {
      say(error && error.message === 'denied' ? 'denied' : 'failed');
    }).then(function () {
      button.disabled = false;
    });
  });
})();
