// A list drawn anew (a sync in the background, a discard) would throw a keyboard user back to the
// top of the page. keyboardPlace() is called before the draw and returns how to put the keyboard
// back after it: on the same link or button, or on a heading once that control is gone. Null when
// the focus is not in a part of the page the draw replaces.
//
// `part`: the selector of what holds the focused control (a section, an entry);
// `where(part)`: called before the draw, returns { box, heading }: `box()` finds, after the draw,
// the element to look for the same control in, `heading()` where the keyboard goes without one.
export function keyboardPlace(part, where) {
  const active = document.activeElement;
  const holder = active?.closest?.(part);
  if (!holder || active === holder) return null;
  const { box, heading } = where(holder);
  const same = (el) => el.tagName === active.tagName && el.textContent === active.textContent
    && el.getAttribute('href') === active.getAttribute('href');
  const alike = () => [...(box()?.querySelectorAll('a, button') || [])].filter(same);
  const nth = alike().indexOf(active);  // several alike controls, e.g. "Why?" links to one note
  return () => {
    const found = alike();
    const again = found[nth] || found[0];
    if (again) { again.focus(); return; }
    const fallback = heading();
    if (fallback) { fallback.tabIndex = -1; fallback.focus(); }
  };
}
