// Runs static/js/calculators.js on the shared vectors and prints the results as JSON, so the
// Python test can compare them with inspector/rules/calculators.py.
// Usage: node calculators_vectors.mjs <browser-rules.json> <vectors.json> (calculators.browser_rules)
import { readFileSync } from "node:fs";
import { run, ordinanceExamples, CalculatorInputError } from "../../static/js/calculators.js";

const [rulesPath, vectorsPath] = process.argv.slice(2);
const rules = JSON.parse(readFileSync(rulesPath, "utf8"));
const { vectors } = JSON.parse(readFileSync(vectorsPath, "utf8"));

// JSON has no NaN: the vectors write {"$float": "nan"} for it.
function revive(value) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    if ("$float" in value) return Number(value.$float.replace(/^nan$/i, "NaN").replace(/^(-?)inf$/i, "$1Infinity"));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
  }
  return value;
}

const results = vectors.map((vector) => {
  try {
    return { id: vector.id, result: run(vector.calculator, revive(vector.inputs), rules) };
  } catch (error) {
    if (!(error instanceof CalculatorInputError)) throw error;
    return { id: vector.id, error: { field: error.field, message: error.message } };
  }
});

process.stdout.write(JSON.stringify({ results, examples: ordinanceExamples(rules) }));
