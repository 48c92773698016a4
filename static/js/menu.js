// The header's menu on a phone (<= 600 px, static/css/app.css folds it): "Menu" shows and hides it.
// Open, it lies over the page, so it folds again when Escape is pressed in it (the focus back on the
// button), when the focus moves on past it, and when the page is tapped outside it. Wider, the menu
// is always shown and the button is not.
const button = document.querySelector('.menu-toggle');
const menu = button && document.getElementById(button.getAttribute('aria-controls'));
const nav = button?.parentElement;
const narrow = matchMedia('(max-width: 600px)');  // as static/css/app.css

const isOpen = () => button.getAttribute('aria-expanded') === 'true';
const setOpen = (open) => button.setAttribute('aria-expanded', String(open));

if (button && menu) {
  button.addEventListener('click', () => setOpen(!isOpen()));
  nav.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented || !isOpen()) return;
    if (!narrow.matches) return;  // wider: nothing folds
    // The sign-out question (in the menu) answers Escape itself: "Stay signed in".
    if (event.target.closest('[role="alertdialog"]')) return;
    setOpen(false);
    button.focus();
  });
  nav.addEventListener('focusout', (event) => {
    if (isOpen() && event.relatedTarget && !nav.contains(event.relatedTarget)) setOpen(false);
  });
  document.addEventListener('pointerdown', (event) => {
    if (isOpen() && !nav.contains(event.target)) setOpen(false);
  });
}
