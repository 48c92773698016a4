// Runs static/js/village-time.js's words for moments (villageTime, villageDue, villageDay) as read on
// given days, so tests/js/test_village_time_year.py can compare them with inspector/rules/clocks.py.
// Usage: TZ=<the device's zone> node village_time_words_cases.mjs <cases.json>
import { readFileSync } from 'node:fs';
import { villageDay, villageDue, villageTime } from '../../static/js/village-time.js';

const { cases } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
process.stdout.write(JSON.stringify(cases.map(({ moment, day, now }) => ({
  time: villageTime(moment, 'moment', new Date(now)),
  clock: villageTime(moment, 'clock', new Date(now)),
  due: villageDue(moment, new Date(now)),
  day: villageDay(day, new Date(now)),
}))));
