// A record's canonical JSON and its SHA-256 (docs/sync-protocol.md, docs/sealing.md): RFC 8785
// (JSON Canonicalization Scheme), written by npm's `canonicalize`; the server writes the same text
// with PyPI's `rfc8785` (inspector/canonical.py).
import canonicalize from '../vendor/canonicalize/canonicalize.js';

/** Canonical JSON text of a payload, without its own `sha256` key. */
export function canonicalJson(payload) {
  const { sha256, ...rest } = payload || {};
  // Hash what the server will parse from the JSON it is sent: a value JSON cannot carry (NaN,
  // Infinity, undefined) goes as JSON.stringify sends it, where RFC 8785 would refuse it.
  return canonicalize(JSON.parse(JSON.stringify(rest)));
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
