// A small EXIF reader for JPEG and WebP bytes: capture time, GPS position and orientation, read
// before the canvas re-encode drops them; and what the tablet can tell about a HEIC it cannot
// decode (its size). Only what the inspection needs; anything malformed yields nulls, never throws.

const TYPE_SIZES = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 };

function readIfd(view, tiff, offset, little) {
  const tags = {};
  if (offset + 2 > view.byteLength) return tags;
  const count = view.getUint16(offset, little);
  for (let i = 0; i < count; i += 1) {
    const entry = offset + 2 + i * 12;
    if (entry + 12 > view.byteLength) break;
    const tag = view.getUint16(entry, little);
    const type = view.getUint16(entry + 2, little);
    const n = view.getUint32(entry + 4, little);
    const size = (TYPE_SIZES[type] || 0) * n;
    const at = size > 4 ? tiff + view.getUint32(entry + 8, little) : entry + 8;
    if (!size || at + size > view.byteLength) continue;
    tags[tag] = readValue(view, type, n, at, little);
  }
  return tags;
}

function readValue(view, type, n, at, little) {
  const values = [];
  for (let i = 0; i < n; i += 1) {
    switch (type) {
      case 2: values.push(view.getUint8(at + i)); break;
      case 3: values.push(view.getUint16(at + i * 2, little)); break;
      case 4: values.push(view.getUint32(at + i * 4, little)); break;
      case 9: values.push(view.getInt32(at + i * 4, little)); break;
      case 5: { const d = view.getUint32(at + i * 8 + 4, little); values.push(d ? view.getUint32(at + i * 8, little) / d : NaN); break; }
      case 10: { const d = view.getInt32(at + i * 8 + 4, little); values.push(d ? view.getInt32(at + i * 8, little) / d : NaN); break; }
      default: values.push(view.getUint8(at + i));
    }
  }
  if (type === 2) return String.fromCharCode(...values).replace(/\0+$/, '');
  return n === 1 ? values[0] : values;
}

function findExif(view) {
  if (view.byteLength < 4 || view.getUint16(0) !== 0xffd8) return null;
  let offset = 2;
  while (offset + 4 <= view.byteLength) {
    const marker = view.getUint16(offset);
    if ((marker & 0xff00) !== 0xff00 || marker === 0xffda) return null;
    const length = view.getUint16(offset + 2);
    if (marker === 0xffe1 && offset + 10 <= view.byteLength
        && view.getUint32(offset + 4) === 0x45786966 /* "Exif" */) {
      return offset + 10;
    }
    offset += 2 + length;
  }
  return null;
}

// WebP: RIFF chunks; the EXIF chunk holds the TIFF header directly (some writers put "Exif\0\0"
// first, as in JPEG).
function findWebpExif(view) {
  if (view.byteLength < 20 || view.getUint32(0) !== 0x52494646 || view.getUint32(8) !== 0x57454250) return null;
  let offset = 12;
  while (offset + 8 <= view.byteLength) {
    const tag = view.getUint32(offset);
    const size = view.getUint32(offset + 4, true);
    if (tag === 0x45584946 /* "EXIF" */) {
      const at = offset + 8;
      return at + 6 <= view.byteLength && view.getUint32(at) === 0x45786966 ? at + 6 : at;
    }
    offset += 8 + size + (size & 1);
  }
  return null;
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);

function fourcc(view, at) {
  return String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));
}

/** 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic' | null, from the bytes themselves. */
export function sniffType(buffer) {
  try {
    const view = new DataView(buffer);
    if (view.byteLength >= 3 && view.getUint16(0) === 0xffd8 && view.getUint8(2) === 0xff) return 'image/jpeg';
    if (view.byteLength >= 8 && view.getUint32(0) === 0x89504e47) return 'image/png';
    if (view.byteLength >= 12 && view.getUint32(0) === 0x52494646 && view.getUint32(8) === 0x57454250) return 'image/webp';
    if (view.byteLength >= 16 && fourcc(view, 4) === 'ftyp') {
      const end = Math.min(view.getUint32(0), view.byteLength, 256);
      for (let at = 8; at + 4 <= end; at += 4) {
        if (at !== 12 && HEIF_BRANDS.has(fourcc(view, at))) return 'image/heic';
      }
    }
  } catch { /* too short: not a picture */ }
  return null;
}

/** {width, height} of a HEIC as displayed (its largest 'ispe', turned by 'irot'), or null. */
export function heifSize(buffer) {
  try {
    const bytes = new Uint8Array(buffer, 0, Math.min(buffer.byteLength, 1 << 20));
    const view = new DataView(buffer);
    let width = 0; let height = 0; let turned = false;
    for (let i = 4; i + 16 <= bytes.length; i += 1) {
      if (bytes[i] !== 0x69 || bytes[i + 1] !== 0x73 || bytes[i + 2] !== 0x70 || bytes[i + 3] !== 0x65) {
        if (bytes[i] === 0x69 && fourcc(view, i) === 'irot' && view.getUint32(i - 4) === 9) {
          turned = (view.getUint8(i + 4) & 3) % 2 === 1;
        }
        continue;
      }
      if (view.getUint32(i - 4) !== 20) continue; // size of an 'ispe' box
      const w = view.getUint32(i + 8); const h = view.getUint32(i + 12);
      if (w * h > width * height) { width = w; height = h; }
    }
    if (!width || !height) return null;
    return turned ? { width: height, height: width } : { width, height };
  } catch {
    return null;
  }
}

function dms(values, ref) {
  if (!Array.isArray(values) || values.length < 3 || values.some((v) => !Number.isFinite(v))) return null;
  const deg = values[0] + values[1] / 60 + values[2] / 3600;
  return (ref === 'S' || ref === 'W') ? -deg : deg;
}

// "2026:11:30 14:05:09" (+ optional "-06:00") -> ISO UTC; without an offset, the device's zone.
function exifTime(text, offset) {
  const m = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(text || '');
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  if (!y || !mo || !d) return null;
  let date;
  if (offset && /^[+-]\d{2}:\d{2}$/.test(offset)) {
    const sign = offset[0] === '-' ? -1 : 1;
    const minutes = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
    date = new Date(Date.UTC(y, mo - 1, d, h, mi, s) - minutes * 60000);
  } else {
    date = new Date(y, mo - 1, d, h, mi, s);
  }
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** {taken_at, latitude, longitude, orientation} from JPEG or WebP bytes; nulls where absent.
 * A position of exactly 0/0 is what cameras write without a fix: no position. */
export function readExif(buffer) {
  const none = { taken_at: null, latitude: null, longitude: null, orientation: null };
  try {
    const view = new DataView(buffer);
    const tiff = findExif(view) ?? findWebpExif(view);
    if (tiff === null) return none;
    const little = view.getUint16(tiff) === 0x4949;
    const ifd0 = readIfd(view, tiff, tiff + view.getUint32(tiff + 4, little), little);
    const exif = ifd0[0x8769] ? readIfd(view, tiff, tiff + ifd0[0x8769], little) : {};
    const gps = ifd0[0x8825] ? readIfd(view, tiff, tiff + ifd0[0x8825], little) : {};
    let latitude = dms(gps[2], gps[1]);
    let longitude = dms(gps[4], gps[3]);
    if (latitude === null || longitude === null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180
        || (latitude === 0 && longitude === 0)) {
      latitude = null; longitude = null;
    }
    return {
      taken_at: exifTime(exif[0x9003] || ifd0[0x0132], exif[0x9011]),
      latitude,
      longitude,
      orientation: typeof ifd0[0x0112] === 'number' ? ifd0[0x0112] : null,
    };
  } catch {
    return none;
  }
}
