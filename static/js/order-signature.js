// The order page's issue form: the supervisor signs under the order statement, drawing or typing
// the account's name; the signature goes to the server in a hidden field (the server refuses to
// issue without it, and checks a typed name is the supervisor's).
import { isSigned, mount } from './signature.js';
import { attachTyped, typedName } from './typed-signature.js';

const canvas = document.getElementById('order-signature-pad');
if (canvas) {
  const input = document.getElementById('order-signature');
  const status = document.getElementById('order-signature-state');
  const name = document.getElementById('order-signature-typed');
  let typed = null;
  // A signature kept from a form the server sent back (another part of it was refused).
  let kept = null;
  try { kept = input.value ? JSON.parse(input.value) : null; } catch { /* not a signature */ }
  if (!isSigned(kept)) kept = null;
  input.value = kept ? JSON.stringify(kept) : '';
  if (kept) {
    const keptName = typedName(kept);
    status.textContent = keptName ? `Signed by typing the name ${keptName}.` : 'Signed.';
  }
  const pad = mount(canvas, {
    initial: kept,
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
