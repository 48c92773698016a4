// An office form marked data-check-missing says a missing required part at its field before the
// form is sent, in the server's own words (the field's data-missing), the way the page sent back
// would say it: marked invalid, the words as its description, the focus on it. Sending first and
// being refused would lose what the form cannot keep across a round trip, such as a chosen photo.
const isMissing = (field) => (field.type === 'checkbox' ? !field.checked : !field.value.trim());

function errorOf(field) {
  const id = `${field.id || field.name}-err`;
  let error = document.getElementById(id);
  if (!error) {
    error = document.createElement('p');
    error.className = 'error';
    error.id = id;
    (field.closest('.field') || field.parentElement).append(error);
  }
  return error;
}

function say(field, missing) {
  const error = errorOf(field);
  field.closest('.field')?.classList.toggle('has-error', missing);
  if (missing) {
    error.textContent = field.dataset.missing;
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', error.id);
  } else if (field.getAttribute('aria-invalid') === 'true') {
    error.remove();
    field.removeAttribute('aria-invalid');
    field.removeAttribute('aria-describedby');
  }
}

for (const form of document.querySelectorAll('form[data-check-missing]')) {
  const fields = [...form.querySelectorAll('[data-missing]')];
  form.addEventListener('submit', (event) => {
    const missing = fields.filter(isMissing);
    for (const field of fields) say(field, missing.includes(field));
    if (missing.length) {
      event.preventDefault();
      missing[0].focus();
    }
  });
  // Put right, it is no longer said to be wrong (nothing is said while it is still being typed).
  for (const field of fields) {
    field.addEventListener(field.type === 'checkbox' ? 'change' : 'input', () => {
      if (!isMissing(field)) say(field, false);
    });
  }
}
