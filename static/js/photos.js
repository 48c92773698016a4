// Photos on the device: decode (upright, from the EXIF orientation), downscale to a long edge of at
// most 2048 px, re-encode as JPEG bytes (ArrayBuffer, not Blob: Safari's IndexedDB mishandles Blobs),
// keep the capture time and position read from the original file before the canvas drops them.
import { readExif } from './exif.js';
import { sha256Hex } from './canonical.js';

export const MAX_EDGE = 2048;
export const MAX_BYTES = 500 * 1024;        // keep each photo small enough for a weak upload
const QUALITIES = [0.8, 0.7, 0.6, 0.5];

export class PhotoError extends Error {}

async function decode(bytes, type) {
  try {
    return await createImageBitmap(new Blob([bytes], { type: type || 'image/jpeg' }), { imageOrientation: 'from-image' });
  } catch {
    throw new PhotoError('This file is not a picture the tablet can read (use a JPEG, PNG or WebP photo). Nothing was added.');
  }
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

/** Scale an ImageBitmap to fit MAX_EDGE and encode it; returns {bytes, width, height}. */
export async function encode(bitmap) {
  const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = canvasFor(width, height);
  const ctx = canvas.getContext('2d');
  // 'low' (bilinear) for a downscale of about 2x: the 'high' resampler costs seconds on a slow tablet.
  ctx.imageSmoothingQuality = 'low';
  ctx.drawImage(bitmap, 0, 0, width, height);
  let blob = null;
  for (const quality of QUALITIES) {
    blob = await toJpeg(canvas, quality);
    if (blob && blob.size <= MAX_BYTES) break;
  }
  if (!blob) throw new PhotoError('The tablet could not encode this photo.');
  return { bytes: await blob.arrayBuffer(), width, height };
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

/** A File from the camera or the picker -> a photo record for store.putPhoto (docs/device-storage.md). */
export async function processFile(file, { inspectionId, itemCode = null, useGeolocation = true } = {}) {
  if (!file || !file.size) throw new PhotoError('The photo is empty. Nothing was added.');
  const original = await file.arrayBuffer();
  const exif = readExif(original);
  const bitmap = await decode(original, file.type);
  let encoded;
  try {
    encoded = await encode(bitmap);
  } finally {
    bitmap.close();
  }
  let position = exif.latitude !== null ? { latitude: exif.latitude, longitude: exif.longitude } : null;
  if (!position && useGeolocation) position = await currentPosition();
  const takenAt = exif.taken_at || (file.lastModified ? new Date(file.lastModified).toISOString() : new Date().toISOString());
  return {
    id: crypto.randomUUID(),
    inspection_id: inspectionId,
    item_code: itemCode,
    bytes: encoded.bytes,
    type: 'image/jpeg',
    width: encoded.width,
    height: encoded.height,
    size: encoded.bytes.byteLength,
    sha256: await sha256Hex(encoded.bytes),
    taken_at: takenAt,
    latitude: position ? position.latitude : null,
    longitude: position ? position.longitude : null,
    original_size: file.size,
  };
}

/** An object URL for showing stored bytes (the caller revokes it). */
export function photoUrl(photo) {
  return URL.createObjectURL(new Blob([photo.bytes], { type: photo.type || 'image/jpeg' }));
}
