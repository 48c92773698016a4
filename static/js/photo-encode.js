// The pixel work of preparing a photo, the same code in the photo worker (photo-worker.js) and on
// the main thread (photos.js, where Worker or OffscreenCanvas is missing): read the EXIF, decode
// upright, downscale to a long edge of at most 2048 px, flatten transparency onto white, encode as
// JPEG bytes, hash them. A HEIC the browser cannot decode comes back byte for byte as taken.
// Nothing here touches the page (no document, no geolocation): it runs in a worker.
import { readExif, sniffType, heifSize } from './exif.js';

export const MAX_EDGE = 2048;
export const MAX_BYTES = 500 * 1024;        // keep each photo small enough for a weak upload
// A HEIC sent as it is must pass the server's checks (inspector/photos.py: MAX_BYTES,
// MAX_PIXELS_HEIF); beyond them the person is told how to make the phone send JPEG instead.
export const HEIC_MAX_BYTES = 15 * 1024 * 1024;
export const HEIC_MAX_PIXELS = 25_000_000;
const QUALITIES = [0.8, 0.7, 0.6, 0.5];
const MOST_COMPATIBLE = 'On an iPhone: Settings > Camera > Formats > "Most Compatible"; on other '
  + 'phones, turn off "HEIF" or "High efficiency pictures" in the camera settings. Then take it again.';

export class PhotoError extends Error {}

// Hex SHA-256 of the stored bytes (as canonical.js sha256Hex; kept here so the worker loads only
// this module and exif.js).
async function sha256Hex(bytes) {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function decode(bytes, type) {
  try {
    return await createImageBitmap(new Blob([bytes], { type: type || 'image/jpeg' }), { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
}

// A 2 x 1 WebP whose EXIF says "turn 90° clockwise": decoded 1 x 2 when the browser applies a
// WebP's EXIF orientation itself (Chromium does not; Safari and Firefox may).
const ORIENTED_WEBP = 'UklGRlAAAABXRUJQVlA4WAoAAAAIAAAAAQAAAAAAVlA4TA8AAAAvAQAAAAcQ/Y/+ByKi/wEARVhJRhoAAABNTQAqAAAACAABARIAAwAAAAEABgAAAAAAAA==';
let webpTurnedByBrowser = null;

async function browserTurnsWebp() {
  if (webpTurnedByBrowser === null) {
    const bytes = Uint8Array.from(atob(ORIENTED_WEBP), (c) => c.charCodeAt(0));
    const probe = await decode(bytes, 'image/webp');
    webpTurnedByBrowser = Boolean(probe && probe.width === 1 && probe.height === 2);
    probe?.close();
  }
  return webpTurnedByBrowser;
}

function canvasFor(width, height) {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width; canvas.height = height;
  return canvas;
}

function toJpeg(canvas, quality) {
  if (canvas.convertToBlob) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

// EXIF orientation -> canvas transform for a drawn size w x h (5..8 swap the sides).
function orient(ctx, orientation, w, h) {
  const transforms = {
    2: [-1, 0, 0, 1, w, 0], 3: [-1, 0, 0, -1, w, h], 4: [1, 0, 0, -1, 0, h],
    5: [0, 1, 1, 0, 0, 0], 6: [0, 1, -1, 0, h, 0], 7: [0, -1, -1, 0, h, w], 8: [0, -1, 1, 0, 0, w],
  };
  if (transforms[orientation]) ctx.transform(...transforms[orientation]);
}

/** Scale an ImageBitmap to fit MAX_EDGE and encode it; returns {bytes, width, height}.
 * `orientation`: an EXIF orientation the browser did not apply while decoding (else 1). */
export async function encode(bitmap, orientation = 1) {
  const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
  const drawW = Math.max(1, Math.round(bitmap.width * scale));
  const drawH = Math.max(1, Math.round(bitmap.height * scale));
  const swap = orientation >= 5 && orientation <= 8;
  const width = swap ? drawH : drawW;
  const height = swap ? drawW : drawH;
  const canvas = canvasFor(width, height);
  const ctx = canvas.getContext('2d');
  // A JPEG has no transparency: transparent areas would turn black; a photo's page is white.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  orient(ctx, orientation, drawW, drawH);
  // 'low' (bilinear) for a downscale of about 2x: the 'high' resampler costs seconds on a slow tablet.
  ctx.imageSmoothingQuality = 'low';
  ctx.drawImage(bitmap, 0, 0, drawW, drawH);
  let blob = null;
  for (const quality of QUALITIES) {
    blob = await toJpeg(canvas, quality);
    if (blob && blob.size <= MAX_BYTES) break;
  }
  if (!blob) throw new PhotoError('The tablet could not encode this photo.');
  return { bytes: await blob.arrayBuffer(), width, height };
}

/** A HEIC this browser cannot decode: kept byte for byte, the server makes the JPEG. */
function keptAsTaken(original) {
  const size = heifSize(original);
  if (original.byteLength > HEIC_MAX_BYTES) {
    throw new PhotoError(`This HEIC photo is ${Math.round(original.byteLength / 1048576)} MB, more than `
      + `the ${HEIC_MAX_BYTES / 1048576} MB the Village's server accepts. Nothing was added. ${MOST_COMPATIBLE}`);
  }
  if (size && size.width * size.height > HEIC_MAX_PIXELS) {
    throw new PhotoError(`This HEIC photo has ${Math.round(size.width * size.height / 1e6)} megapixels, `
      + `more than the ${HEIC_MAX_PIXELS / 1e6} the Village's server accepts. Nothing was added. ${MOST_COMPATIBLE}`);
  }
  return {
    bytes: original,
    type: 'image/heic',
    width: size ? size.width : 0,
    height: size ? size.height : 0,
  };
}

/** A picture File -> {bytes, type, width, height, sha256, exif} (exif: exif.js readExif). */
export async function prepare(file) {
  if (!file || !file.size) throw new PhotoError('The photo is empty. Nothing was added.');
  const original = await file.arrayBuffer();
  const type = sniffType(original) || file.type;
  const exif = readExif(original);
  const bitmap = await decode(original, type);
  let encoded;
  if (bitmap) {
    // Chromium turns a JPEG by its EXIF but not a WebP: turn it here unless the browser did.
    const turn = type === 'image/webp' && exif.orientation > 1 && !(await browserTurnsWebp())
      ? exif.orientation : 1;
    try {
      encoded = { ...(await encode(bitmap, turn)), type: 'image/jpeg' };
    } finally {
      bitmap.close();
    }
  } else if (type === 'image/heic') {
    encoded = keptAsTaken(original);
  } else {
    throw new PhotoError('This file is not a picture the tablet can read (use a JPEG, PNG, WebP or '
      + 'HEIC photo). Nothing was added.');
  }
  return { ...encoded, sha256: await sha256Hex(encoded.bytes), exif };
}
