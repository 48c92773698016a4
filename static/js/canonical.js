// Contract B: the canonical JSON of a record and its SHA-256, identical to the server's
// json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False) over the parsed payload.

function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out = {};
    for (const key of Object.keys(value).sort()) {
      if (value[key] !== undefined) out[key] = sortKeys(value[key]);
    }
    return out;
  }
  return value;
}

/** Canonical JSON text of a payload, without its own `sha256` key. */
export function canonicalJson(payload) {
  const { sha256, ...rest } = payload || {};
  return JSON.stringify(sortKeys(rest));
}

/** Hex SHA-256 of bytes (ArrayBuffer / typed array) or of a string's UTF-8. */
export async function sha256Hex(data) {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The payload with its `sha256` filled in. */
export async function withHash(payload) {
  return { ...payload, sha256: await sha256Hex(canonicalJson(payload)) };
}
