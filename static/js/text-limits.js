// A text's length as the server counts it (characters, after trimming) against the server's limit:
// refused on the device while it can still be shortened, not by the server once it is sent.

/** The words for a text over `limit` ("… Shorten it to <then>."), or null when it fits. */
export function tooLong(text, limit, then = 'submit') {
  const length = [...String(text || '').trim()].length;
  return length > limit ? `Too long: at most ${limit} characters (now ${length}). Shorten it to ${then}.` : null;
}
