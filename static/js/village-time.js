// Dates and times as the Village counts them: in its own zone (the rulebook's calendar.timezone, put in
// every page's <meta name="village-timezone">), with the zone named, whatever zone the tablet is set to.
// See docs/time-and-clocks.md.
const meta = typeof document !== 'undefined' && document.querySelector('meta[name="village-timezone"]');
export const TIMEZONE = (meta && meta.content) || 'America/Chicago';

const FORMATS = {
  moment: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit',
    timeZoneName: 'short' },
  time: { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZoneName: 'short' },
  clock: { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
};
FORMATS.momentYear = { ...FORMATS.moment, year: 'numeric' };
const formatters = {};

/**
 * "Thu, Dec 3, 9:30 AM CST" (style 'moment'), "9:30:12 AM CST" ('time') or "9:30 AM CST" ('clock'). A
 * moment in another year than the Village's current one (`now`'s) is written with its year, "Thu, Dec 31,
 * 2026, 9:30 AM CST", as the server's clocks.due_words: an order posted last December, read in January,
 * would otherwise read as this year's.
 */
export function villageTime(value, style = 'moment', now = new Date()) {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const key = style === 'moment' && !sameYear(date, now) ? 'momentYear' : style;
  formatters[key] ||= new Intl.DateTimeFormat('en-US', { timeZone: TIMEZONE, ...FORMATS[key] });
  return formatters[key].format(date);
}

/** The Village's time now, from the tablet's clock put right by `offset` (`clock_offset` as sync.js keeps
 * it): the `now` that tells a moment of the tablet's wrong clock, a year ahead, with its year. */
export function villageNow(offset) {
  return new Date(Date.now() + (Number.isFinite(offset?.ms) ? offset.ms : 0));
}

// Whether a moment is in the Village's year of `now` (a moment that is not valid counts as this year).
function sameYear(date, now) {
  const today = asDate(now);
  return !today || wall(date).year === wall(today).year;
}

// ------------------------------------------------------------------ the Village's wall clock
// What the forms show and what a typed date and time mean: the Village's clock, never the tablet's own
// zone (a tablet set to UTC would otherwise date a 19:30 CST visit the next day, and send a typed
// 19:30 as 19:30 UTC). One formatter, made when first needed (Intl with a time zone is slow to set up).
let wallFormat;
const DAY_MS = 86400000;

function wall(moment) {
  wallFormat ||= new Intl.DateTimeFormat('en-US', {
    timeZone: TIMEZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit',
  });
  const p = {};
  for (const { type, value } of wallFormat.formatToParts(moment)) p[type] = value;
  if (p.hour === '24') p.hour = '00';  // engines that ignore hourCycle write midnight as 24
  return p;
}

function asDate(value) {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The Village's date of a moment (default: now), "YYYY-MM-DD"; '' for no valid moment. */
export function villageDate(value = new Date()) {
  const date = asDate(value);
  if (!date) return '';
  const p = wall(date);
  return `${p.year}-${p.month}-${p.day}`;
}

/** A Village calendar date ("YYYY-MM-DD", as a form keeps it) in words: "Sat, Dec 5", or in another
 * year than the Village's current one (`now`'s) "Sat, Dec 5, 2026"; '' for none. */
export function villageDay(date, now = new Date()) {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date || '');
  if (!d) return '';
  return dayWords(Number(d[1]), Number(d[2]), Number(d[3]), now);
}

// A calendar day named at its noon in UTC: the date is already the Village's, no zone may move it.
function dayWords(year, month, day, now) {
  const noon = new Date(Date.UTC(year, month - 1, day, 12));
  const today = asDate(now);
  const other = today && String(noon.getUTCFullYear()) !== wall(today).year;
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric',
    ...(other ? { year: 'numeric' } : {}) }).format(noon);
}

/**
 * A due time, as the server's clocks.due_words writes it: "Thu, Dec 3, 5:00 PM CST", or for a deadline at
 * the Village's midnight the day it ends: "Fri, Nov 6, end of the day (midnight CST)" ("Sat, Nov 7,
 * 12:00 AM" is read as Saturday, a day late).
 */
export function villageDue(value, now = new Date()) {
  const date = asDate(value);
  if (!date) return '';
  const p = wall(date);
  if (`${p.hour}:${p.minute}:${p.second}` !== '00:00:00') return villageTime(date, 'moment', now);
  const zone = villageTime(date, 'clock').split(' ').pop();
  // The day before (Date.UTC carries day 0 back a month or a year), with its year when not now's.
  const day = dayWords(Number(p.year), Number(p.month), Number(p.day) - 1, now);
  return `${day}, end of the day (midnight ${zone})`;
}

/** The Village's wall-clock time of a moment (default: now), "HH:MM" (24-hour); '' for none. */
export function villageHourMinute(value = new Date()) {
  const date = asDate(value);
  if (!date) return '';
  const p = wall(date);
  return `${p.hour}:${p.minute}`;
}

// The zone's offset (ms, local minus UTC) at an instant (ms since the epoch, whole seconds).
function offsetAt(ms) {
  const p = wall(new Date(ms));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute),
    Number(p.second)) - ms;
}

/**
 * A date ("YYYY-MM-DD") and time ("HH:MM" or "HH:MM:SS") on the Village's clock -> the instant as ISO
 * UTC ("2026-11-30T01:30:00Z"), or null when either is missing or not a real date and time.
 * As the server's clocks.from_local: in the hour the autumn change repeats, the first of the two (the
 * offset before the change); a time the spring change skips is read with the offset before the change,
 * so it lands that far forward (02:30 -> 03:30 CDT).
 */
export function villageToUtc(date, time) {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date || '');
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time || '');
  if (!d || !t) return null;
  const [y, mo, da, h, mi, s] = [d[1], d[2], d[3], t[1], t[2], t[3] || '0'].map(Number);
  if (h > 23 || mi > 59 || s > 59) return null;
  const asUtc = Date.UTC(y, mo - 1, da, h, mi, s);  // the wall time's fields, read as if UTC
  if (new Date(asUtc).getUTCDate() !== da || new Date(asUtc).getUTCMonth() !== mo - 1) return null;  // no such day
  // The offsets a day either side: the same unless a change is near. Where they differ, the offset
  // before the change is taken when it reads back as this wall time (before the change, or the first
  // of a repeated hour), else the one after (after the change); a skipped time keeps the one before.
  const before = offsetAt(asUtc - DAY_MS);
  const after = offsetAt(asUtc + DAY_MS);
  let ms = asUtc - before;
  if (before !== after && offsetAt(ms) !== before && offsetAt(asUtc - after) === after) ms = asUtc - after;
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

// ------------------------------------------------------------------ the tablet's own clock
// More than this between the tablet's clock and the server's is a wrong clock, not drift or latency.
const CLOCK_TOLERANCE_MS = 10 * 60 * 1000;

function spanWords(ms) {
  const minutes = Math.round(ms / 60000);
  const parts = [[Math.floor(minutes / 1440), 'day'], [Math.floor(minutes / 60) % 24, 'hour'], [minutes % 60, 'minute']];
  return parts.filter(([n]) => n).map(([n, unit]) => `${n} ${unit}${n === 1 ? '' : 's'}`).join(' ');
}

/** Words for a tablet whose clock is off against the server's (`offset` as sync.js keeps it:
 * {ms: server minus tablet, checked_at}), or '' when it is right or was never checked. `times`: those
 * the form records. */
export function clockWarning(offset, times = 'start, end, photos, signature') {
  if (!offset || !Number.isFinite(offset.ms) || Math.abs(offset.ms) <= CLOCK_TOLERANCE_MS) return '';
  const way = offset.ms < 0 ? 'ahead of' : 'behind';
  return `This tablet's clock is ${spanWords(Math.abs(offset.ms))} ${way} the Village's time (checked `
    + `${villageTime(offset.checked_at)}). The times this form records (${times}) `
    + 'would be off by as much: set the tablet\'s date and time to automatic, then check the times here.';
}
