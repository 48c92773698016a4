// Runs static/js/village-time.js's wall-clock functions on cases given as JSON and prints the
// outcomes, so tests/js/test_village_time_js.py can compare them with inspector/rules/clocks.py.
// Usage: TZ=<the device's zone> node village_time_cases.mjs <cases.json>
import { readFileSync } from 'node:fs';
import { TIMEZONE, villageDate, villageHourMinute, villageToUtc } from '../../static/js/village-time.js';

const { walls, instants, invalid } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
process.stdout.write(JSON.stringify({
  zone: TIMEZONE,
  deviceZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  toUtc: walls.map(([date, time]) => villageToUtc(date, time)),
  wall: instants.map((iso) => [villageDate(iso), villageHourMinute(new Date(iso))]),
  invalid: invalid.map(([date, time]) => villageToUtc(date, time)),
}));
