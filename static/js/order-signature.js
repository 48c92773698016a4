// The order page's issue form: the supervisor signs under the order statement; the drawing goes
// to the server in a hidden field (the server refuses to issue without it).
import { mount } from './signature.js';

const canvas = document.getElementById('order-signature-pad');
if (canvas) {
  const input = document.getElementById('order-signature');
  const status = document.getElementById('order-signature-state');
  const pad = mount(canvas, {
    initial: input.value ? JSON.parse(input.value) : null,
    onChange: (value) => {
      input.value = value ? JSON.stringify(value) : '';
      status.textContent = value ? 'Signed.' : 'Not signed yet.';
    },
  });
  document.getElementById('order-signature-clear').addEventListener('click', () => pad.clear());
}
