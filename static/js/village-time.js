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
const formatters = {};

/** "Thu, Dec 3, 9:30 AM CST" (style 'moment'), "9:30:12 AM CST" ('time') or "9:30 AM CST" ('clock'). */
export function villageTime(value, style = 'moment') {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  formatters[style] ||= new Intl.DateTimeFormat('en-US', { timeZone: TIMEZONE, ...FORMATS[style] });
  return formatters[style].format(date);
}
