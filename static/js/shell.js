// App shell for every server-rendered page: shows whether the device is online.
// (The offline-capture work extends this module: service worker registration, outbox count, updates.)
const state = document.getElementById('net-state');
function show() {
  if (state) state.textContent = navigator.onLine ? '' : 'Offline';
}
window.addEventListener('online', show);
window.addEventListener('offline', show);
show();
