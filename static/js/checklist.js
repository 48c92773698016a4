// The checklist catalog in the browser: which items a site gets, measurement checks and the
// on-the-spot fail_if evaluation. Same semantics as inspector/rules/checklist.py (tested together).

const OPS = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

/** Catalog items for a site's packet entry (the server lists the codes; tags are the fallback). */
export function itemsForSite(catalog, site) {
  const items = catalog?.items || [];
  if (Array.isArray(site?.checklist_codes) && site.checklist_codes.length) {
    const wanted = new Set(site.checklist_codes);
    return items.filter((item) => wanted.has(item.code));
  }
  const tags = new Set(site?.tags || ['always']);
  return items.filter((item) => (item.applies_if || []).some((tag) => tags.has(tag)));
}

export class MeasurementError extends Error {
  constructor(key, message) {
    super(message);
    this.key = key;
  }
}

function fmt(n) {
  return String(Number(n));
}

/** One measurement field: '' -> null; else a finite number within the catalog's range, or throws. */
export function parseMeasurement(spec, raw) {
  if (raw === null || raw === undefined || String(raw).trim() === '') return null;
  const text = String(raw).trim();
  const number = typeof raw === 'number' ? raw : (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : NaN);
  if (typeof raw === 'boolean' || !Number.isFinite(number)) {
    throw new MeasurementError(spec.key, `${spec.label} must be a number (${spec.unit}).`);
  }
  if (number < spec.min || number > spec.max) {
    throw new MeasurementError(spec.key, `${spec.label} must be between ${fmt(spec.min)} and ${fmt(spec.max)} ${spec.unit}.`);
  }
  return number;
}

/** All measurements of an item: {key: number}; unknown keys and bad values throw MeasurementError. */
export function parseMeasurements(item, raw) {
  const specs = Object.fromEntries((item.measurements || []).map((m) => [m.key, m]));
  for (const key of Object.keys(raw || {})) {
    if (!(key in specs)) throw new MeasurementError(key, `${item.code} has no measurement '${key}'.`);
  }
  const values = {};
  for (const [key, spec] of Object.entries(specs)) {
    const value = parseMeasurement(spec, (raw || {})[key]);
    if (value !== null) values[key] = value;
  }
  return values;
}

/** true when every fail_if condition holds; null when there are none or a needed value is missing. */
export function measurementFails(item, values) {
  const conditions = item.fail_if;
  if (!conditions || !conditions.length) return null;
  for (const cond of conditions) {
    const [key, op] = cond;
    let limit = cond[2];
    if (!(key in values)) return null;
    if (cond.length === 4) {
      if (!(cond[3] in values)) return null;
      limit *= values[cond[3]];
    }
    if (!OPS[op](values[key], limit)) return false;
  }
  return true;
}
