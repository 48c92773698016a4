// A small EXIF reader for JPEG bytes: capture time and GPS position, read before the canvas
// re-encode drops them. Only what the inspection needs; anything malformed yields nulls, never throws.

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

/** {taken_at, latitude, longitude, orientation} from JPEG bytes; nulls where absent. */
export function readExif(buffer) {
  const none = { taken_at: null, latitude: null, longitude: null, orientation: null };
  try {
    const view = new DataView(buffer);
    const tiff = findExif(view);
    if (tiff === null) return none;
    const little = view.getUint16(tiff) === 0x4949;
    const ifd0 = readIfd(view, tiff, tiff + view.getUint32(tiff + 4, little), little);
    const exif = ifd0[0x8769] ? readIfd(view, tiff, tiff + ifd0[0x8769], little) : {};
    const gps = ifd0[0x8825] ? readIfd(view, tiff, tiff + ifd0[0x8825], little) : {};
    let latitude = dms(gps[2], gps[1]);
    let longitude = dms(gps[4], gps[3]);
    if (latitude === null || longitude === null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
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
