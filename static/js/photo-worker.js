// The photo worker (a module Worker started by photos.js): decodes, turns, downscales and encodes a
// camera photo with createImageBitmap and OffscreenCanvas off the page's main thread, so the
// capture page keeps answering taps while a 12-MP photo is prepared. Same code as the main-thread
// path (photo-encode.js), so the same bytes come out. Precached with static/js/ (offline).
//   in:  {id, file}                     (the File itself: its bytes are read here, not on the page)
//   out: {id, ok: true, photo}          (photo.bytes transferred) | {id, ok: false, message, photoError}
//        {id, ok: false, unsupported: true} when this worker has no OffscreenCanvas.
import { prepare, PhotoError } from './photo-encode.js';

self.addEventListener('message', async ({ data }) => {
  const { id, file } = data || {};
  if (typeof OffscreenCanvas === 'undefined') {
    self.postMessage({ id, ok: false, unsupported: true });
    return;
  }
  try {
    const photo = await prepare(file);
    self.postMessage({ id, ok: true, photo }, [photo.bytes]);
  } catch (error) {
    self.postMessage({
      id, ok: false, photoError: error instanceof PhotoError, message: String(error?.message || error),
    });
  }
});
