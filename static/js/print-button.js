// The "Print" button of printable notices (no inline handlers under the CSP).
const button = document.getElementById('print-button');
if (button) button.addEventListener('click', () => window.print());
