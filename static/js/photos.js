// Photos on the device: decode (upright, from the EXIF orientation), downscale to a long edge of at
// most 2048 px, flatten transparency onto white, re-encode as JPEG bytes (ArrayBuffer, not Blob:
// Safari's IndexedDB mishandles Blobs), keep the capture time and position read from the original
// file before the canvas drops them, and say where the time came from (taken_at_source).
// A HEIC the browser cannot decode (Chromium) is kept as the camera made it and sent as it is: the
// server converts it to JPEG (docs/sync-protocol.md, Photos). Never lose a photo.
// The pixel work (photo-encode.js) runs in a module Worker with OffscreenCanvas (photo-worker.js) so
// the page stays responsive; where Worker or OffscreenCanvas is missing, or the worker cannot start,
// the same code runs here on the main thread (docs/field-app.md).
import { prepare, PhotoError } from './photo-encode.js';

export { encode, MAX_EDGE, MAX_BYTES, HEIC_MAX_BYTES, HEIC_MAX_PIXELS, PhotoError } from './photo-encode.js';

const WORKER_URL = '/static/js/photo-worker.js';
let worker = null;          // started on first use; null again after it failed
let workerBroken = typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined';
let nextId = 1;
const pending = new Map();  // id -> {resolve, reject, file}

function failAll() {
  workerBroken = true;
  worker?.terminate();
  worker = null;
  for (const [id, job] of pending) {
    pending.delete(id);
    prepare(job.file).then(job.resolve, job.reject);   // the main-thread path instead
  }
}

/** Start the photo worker ahead of the first photo (e.g. as the camera opens); harmless twice. */
export function startPhotoWorker() {
  if (worker || workerBroken) return worker;
  try {
    worker = new Worker(WORKER_URL, { type: 'module', name: 'photos' });
  } catch {
    workerBroken = true;
    return null;
  }
  worker.addEventListener('error', failAll);          // could not load (no module workers, …)
  worker.addEventListener('messageerror', failAll);
  worker.addEventListener('message', ({ data }) => {
    const job = pending.get(data.id);
    if (!job) return;
    pending.delete(data.id);
    if (data.ok) job.resolve(data.photo);
    else if (data.photoError) job.reject(new PhotoError(data.message));
    else {
      if (data.unsupported) failAll();      // no OffscreenCanvas there: every photo on the page
      prepare(job.file).then(job.resolve, job.reject);  // this one here too, as any other failure
    }
  });
  return worker;
}

function prepareInWorker(file) {
  return new Promise((resolve, reject) => {
    const id = nextId;
    nextId += 1;
    pending.set(id, { resolve, reject, file });
    worker.postMessage({ id, file });   // a File is passed by reference: no bytes copied here
  });
}

function currentPosition() {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 5000, maximumAge: 120000 },
    );
  });
}

/** Where the capture time comes from: the camera's EXIF, else the file's date, else this clock. */
function captureTime(exif, file) {
  if (exif.taken_at) return { taken_at: exif.taken_at, taken_at_source: 'exif' };
  if (file.lastModified) {
    return { taken_at: new Date(file.lastModified).toISOString(), taken_at_source: 'file' };
  }
  return { taken_at: new Date().toISOString(), taken_at_source: 'device-clock' };
}

/** A File from the camera or the picker -> a photo record for store.putPhoto (docs/device-storage.md). */
export async function processFile(file, {
  inspectionId, itemCode = null, useGeolocation = true, inWorker = true,
} = {}) {
  if (!file || !file.size) throw new PhotoError('The photo is empty. Nothing was added.');
  const useWorker = inWorker && startPhotoWorker();
  const encoded = useWorker ? await prepareInWorker(file) : await prepare(file);
  const { exif } = encoded;
  let position = exif.latitude !== null ? { latitude: exif.latitude, longitude: exif.longitude } : null;
  if (!position && useGeolocation) position = await currentPosition();
  return {
    id: crypto.randomUUID(),
    inspection_id: inspectionId,
    item_code: itemCode,
    bytes: encoded.bytes,
    type: encoded.type,
    width: encoded.width,
    height: encoded.height,
    size: encoded.bytes.byteLength,
    sha256: encoded.sha256,
    ...captureTime(exif, file),
    latitude: position ? position.latitude : null,
    longitude: position ? position.longitude : null,
    original_size: file.size,
  };
}

// What the tablet shows for a photo it cannot draw (a HEIC before the server converts it).
function placeholder(photo) {
  const size = photo.width && photo.height ? `${photo.width} × ${photo.height}, ` : '';
  const kb = Math.round(photo.size / 1024);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240">
<rect width="320" height="240" fill="#eef1f4" stroke="#5b6770" stroke-width="2"/>
<text x="160" y="92" font-family="sans-serif" font-size="22" font-weight="bold" text-anchor="middle" fill="#1d2429">HEIC photo (${size}${kb} KB)</text>
<text x="160" y="128" font-family="sans-serif" font-size="15" text-anchor="middle" fill="#1d2429">Kept as taken. This tablet cannot show it;</text>
<text x="160" y="150" font-family="sans-serif" font-size="15" text-anchor="middle" fill="#1d2429">the Village's server turns it into a JPEG</text>
<text x="160" y="172" font-family="sans-serif" font-size="15" text-anchor="middle" fill="#1d2429">when it is sent.</text>
</svg>`;
}

/** Stored bytes as a data: URL (a downloaded copy carries its photos inside it). */
export async function dataUrl(photo) {
  const blob = new Blob([photo.bytes], { type: photo.type || 'image/jpeg' });
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** An object URL for showing stored bytes (the caller revokes it). */
export function photoUrl(photo) {
  if (photo.type === 'image/heic') {
    return URL.createObjectURL(new Blob([placeholder(photo)], { type: 'image/svg+xml' }));
  }
  return URL.createObjectURL(new Blob([photo.bytes], { type: photo.type || 'image/jpeg' }));
}
