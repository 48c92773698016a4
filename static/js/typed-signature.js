// Signing by typing one's name, for whoever cannot draw (keyboard, switch, screen reader):
// {typed: "Jane Q. Inspector"}. Wis. Stat. ch. 137 counts a name typed and adopted with the intent
// to sign, so it must be the signer's own name, as the account gives it; the server checks the same
// (inspector/rules/signatures.py).

const fold = (name) => String(name || '').split(/\s+/).filter(Boolean).join(' ');

/** The same name, whatever its case and the runs of white space in it. */
export function sameName(a, b) {
  return Boolean(fold(a)) && fold(a).toLowerCase() === fold(b).toLowerCase();
}

/** The name of a typed signature, or null when it is not one. */
export function typedName(value) {
  return value && typeof value.typed === 'string' ? fold(value.typed) || null : null;
}

export const mistyped = (expected) => `Type your name as it is on your account: ${fold(expected)}`;

/**
 * Wire a name field and its button (Enter in the field adopts too, and never submits the form
 * around it). `expected()`: the signer's name; `onAdopt({typed})` once it matches; a name that does
 * not match is said in `error` and nothing is signed.
 */
export function attachTyped({ input, button, error, hint, expected, onAdopt }) {
  if (hint) hint.textContent = `Type it as it is on your account: ${fold(expected())}. Then press Enter or “Sign with this name”.`;
  const adopt = () => {
    const name = input.value;
    if (!sameName(name, expected())) {
      error.textContent = mistyped(expected());
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    error.textContent = '';
    input.removeAttribute('aria-invalid');
    onAdopt({ typed: fold(name) });
  };
  button.addEventListener('click', adopt);
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.isComposing) return;
    event.preventDefault();
    adopt();
  });
  return {
    clear() {
      input.value = '';
      error.textContent = '';
      input.removeAttribute('aria-invalid');
    },
  };
}
