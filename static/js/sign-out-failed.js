// The page the service worker shows when a sign-out never reached the server: "Back" returns to the
// page the person pressed Sign out on. history.back() rather than a link to it: a link would leave
// this answer to a POST behind them, and Back to it would offer to send the sign-out again.
const back = document.getElementById('sign-out-back');
const from = document.referrer && new URL(document.referrer, location.href);
if (back && from && from.origin === location.origin) back.href = from.pathname + from.search;
back?.addEventListener('click', (event) => {
  if (history.length < 2) return;  // opened on its own: the link goes to the field app
  event.preventDefault();
  history.back();
});
