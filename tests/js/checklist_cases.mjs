// Runs static/js/checklist.js and static/js/canonical.js on cases given as JSON and prints the
// outcomes, so tests/js/test_checklist_js.py can compare them with inspector/rules/checklist.py and
// the server's canonical JSON. Usage: node checklist_cases.mjs <cases.json>
import { readFileSync } from 'node:fs';
import { parseMeasurements, measurementFails, MeasurementError, itemsForSite } from '../../static/js/checklist.js';
import { canonicalJson, sha256Hex } from '../../static/js/canonical.js';

const { items, cases, records, sites } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byCode = Object.fromEntries(items.map((item) => [item.code, item]));

const measured = cases.map(({ code, raw }) => {
  try {
    const values = parseMeasurements(byCode[code], raw);
    return { values, fails: measurementFails(byCode[code], values) };
  } catch (error) {
    if (!(error instanceof MeasurementError)) throw error;
    return { error: { key: error.key, message: error.message } };
  }
});
const hashed = [];
for (const record of records) hashed.push({ json: canonicalJson(record), sha256: await sha256Hex(canonicalJson(record)) });
const chosen = sites.map((site) => itemsForSite({ items }, site).map((item) => item.code));
process.stdout.write(JSON.stringify({ measured, hashed, chosen }));
