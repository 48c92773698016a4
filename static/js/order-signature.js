// The order page's issue form: the supervisor signs under the order statement, drawing or typing
// the account's name; the signature goes to the server in a hidden field (the server refuses to
// issue without it, and checks a typed name is the supervisor's).
import { mount } from './signature.js';
import { attachTyped } from './typed-signature.js';

const canvas = document.getElementById('order-signature-pad');
if (canvas) {
  const input = document.getElementById('order-signature');
  const status = document.getElementById('order-signature-state');
  const name = document.getElementById('order-signature-typed');
  let typed = null;
  const pad = mount(canvas, {
    initial: input.value ? JSON.parse(input.value) : null,
    onChange: (value) => {
      if (value) typed?.clear();  // drawing replaces a typed name
      input.value = value ? JSON.stringify(value) : '';
      status.textContent = value ? 'Signed.' : 'Not signed yet.';
    },
  });
  typed = attachTyped({
    input: name,
    button: document.getElementById('order-signature-typed-adopt'),
    error: document.getElementById('order-signature-typed-error'),
    expected: () => name.dataset.name,
    onAdopt: (value) => {
      pad.reset();  // a typed name replaces a drawing
      input.value = JSON.stringify(value);
      status.textContent = `Signed by typing the name ${name.dataset.name}.`;
    },
  });
  document.getElementById('order-signature-clear').addEventListener('click', () => {
    typed.clear();
    pad.clear();
  });
}
