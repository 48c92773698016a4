// Design calculators for Chapter 256's numbers, for the browser (offline use).
//
// Twin of inspector/rules/calculators.py (docs/decisions/calculator-twin.md): same inputs, same
// result shapes, same words and error fields. `rules` is what the server gives the browser
// (calculators.browser_rules): the rulebook's [calculators] section plus `fields`, each calculator's
// form fields (labels, units, limits, defaults) as the server describes them, so the field tables are
// written once, in Python. tests/rules/test_calculators.py runs both twins on the same vectors and
// compares every figure and word, so change the two together.

// Unit definitions (exact), not ordinance numbers.
const FT_PER_M = 0.3048;
const SQ_FT_PER_ACRE = 43560.0;
const IN_PER_FT = 12.0;
const S_PER_H = 3600.0;
const KELVIN = 273.15;
const UM_PER_M = 1e6;

const SLACK = 1e-9;
// One reading of a number's digits (inspector/rules/calculators.py says why).
const NUMBER_TEXT = /^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$/;
const TRUE_TEXT = new Set(["true", "on", "yes", "1"]);
const FALSE_TEXT = new Set(["false", "off", "no", "0", ""]);
// Literal powers of ten: 10 ** -4 is 0.00009999999999999999 in JavaScript.
const POW10 = [1e-12, 1e-11, 1e-10, 1e-9, 1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1,
  1.0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12];

/** An input the calculator cannot use; `field` names the form field, the message its unit. */
export class CalculatorInputError extends Error {
  constructor(field, message) {
    super(message);
    this.name = "CalculatorInputError";
    this.field = field;
  }

  toJSON() {
    return { field: this.field, message: this.message };
  }
}

// ---------------------------------------------------------------- number words
/** x with `digits` decimals and thousands commas (toFixed rounds half away from zero). */
export function fixed(x, digits) {
  if (Math.abs(x) >= 1e15) return x.toExponential(Math.max(digits, 2));
  const text = x.toFixed(digits);
  const sign = text.startsWith("-") ? "-" : "";
  const [whole, frac] = text.replace(/^-/, "").split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return sign + grouped + (frac ? "." + frac : "");
}

/** x to about `figures` significant figures (whole numbers keep all their digits). */
export function sig(x, figures = 3) {
  if (x === 0) return "0";
  let magnitude = 0;
  const a = Math.abs(x);
  while (magnitude < 12 && a >= POW10[12 + magnitude + 1]) magnitude += 1;
  while (magnitude > -12 && a < POW10[12 + magnitude]) magnitude -= 1;
  return fixed(x, Math.max(0, figures - 1 - magnitude));
}

/** An entered number as the user would write it: up to 4 decimals, no trailing zeros. */
export function num(x) {
  let text = fixed(x, 4);
  if (text.includes(".") && !text.includes("e")) text = text.replace(/0+$/, "").replace(/\.$/, "");
  return text;
}

/** A ratio as a percentage; never shows "100%" for a value that is not exactly at the line. */
export function percent(ratio) {
  let text = fixed(ratio * 100, 0);
  if (text === "100" && ratio !== 1) text = fixed(ratio * 100, 1);
  return text + "%";
}

function hoursWords(h) {
  return `${num(h)}-hour`;
}

function comparisonWords(comparison) {
  return { over: "more than", under: "less than", at_least: "at least" }[comparison];
}

/** The ordinance's words as operators; a relative slack keeps "exactly at the line" where the words put it. */
export function compare(value, threshold, comparison) {
  const slack = Math.abs(threshold) * SLACK;
  if (comparison === "over") return value > threshold + slack;
  if (comparison === "under") return value < threshold - slack;
  if (comparison === "at_least") return value >= threshold - slack;
  throw new Error(`unknown comparison ${comparison}`);
}

// ---------------------------------------------------------------- water and settling
export function waterDensityKgM3(tempC, rules) {
  const w = rules.water;
  const t = tempC;
  return w.tanaka_a5_kg_m3 * (
    1 - (t + w.tanaka_a1_c) * (t + w.tanaka_a1_c) * (t + w.tanaka_a2_c)
    / (w.tanaka_a3_c2 * (t + w.tanaka_a4_c)));
}

export function dynamicViscosityPaS(tempC, rules) {
  const w = rules.water;
  return w.vogel_a_pa_s * Math.exp(w.vogel_b_k / (tempC + KELVIN - w.vogel_c_k));
}

export function kinematicViscosityM2S(tempC, rules) {
  return dynamicViscosityPaS(tempC, rules) / waterDensityKgM3(tempC, rules);
}

/** Stokes' law for a quartz sphere: v = g (SG - 1) d^2 / (18 nu). */
export function settlingVelocityFtS(particleUm, tempC, rules) {
  const d = particleUm / UM_PER_M;
  const v = rules.gravity_m_s2 * (rules.particle_specific_gravity - 1) * d * d / (
    18 * kinematicViscosityM2S(tempC, rules));
  return v / FT_PER_M;
}

/** Settling area whose overflow (rise) rate Q / A equals the particle's settling velocity. */
export function requiredAreaSqFt(gpm, particleUm, tempC, rules) {
  return gpm * rules.gpm_to_cfs / settlingVelocityFtS(particleUm, tempC, rules);
}

/** Coldest water (°C) in which the area still settles the particle; null if not even the warmest. */
export function coldestWaterC(gpm, areaSqFt, particleUm, rules) {
  let low = rules.water.min_temp_c;
  let high = rules.water.max_temp_c;
  if (requiredAreaSqFt(gpm, particleUm, low, rules) <= areaSqFt) return low;
  if (requiredAreaSqFt(gpm, particleUm, high, rules) > areaSqFt) return null;
  // Viscosity falls as water warms, so the required area does too: bisect on temperature.
  for (let i = 0; i < 60; i += 1) {
    const mid = (low + high) / 2;
    if (requiredAreaSqFt(gpm, particleUm, mid, rules) <= areaSqFt) high = mid;
    else low = mid;
  }
  return high;
}

function smallestParticleUm(overflowFtS, particleUm, particleVFtS) {
  // Stokes velocity grows with d squared: the particle that settles exactly at the overflow rate.
  return particleUm * Math.sqrt(overflowFtS / particleVFtS);
}

// ---------------------------------------------------------------- inputs
function blank(raw) {
  return raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "");
}

function withUnit(field, text) {
  return field.unit ? `${text} ${field.unit}` : text;
}

function parseNumber(field, raw) {
  const { name, label, unit } = field;
  const described = unit ? `${label} (${unit})` : label;
  if (typeof raw !== "number" && typeof raw !== "string") {
    throw new CalculatorInputError(name, `${described} must be a number.`);
  }
  let text = raw;
  if (typeof raw === "string") {
    text = raw.trim();
    if (!NUMBER_TEXT.test(text)) throw new CalculatorInputError(name, `${described} must be a number.`);
  }
  const x = Number(text);
  if (!Number.isFinite(x)) throw new CalculatorInputError(name, `${described} must be a finite number.`);
  return x;
}

/** Limits are in the field's unit; `scale` converts x to it when the user chose another unit. */
function checkRange(field, x, scale = 1.0, shownUnit = null) {
  const { name, label } = field;
  const value = x * scale;
  const low = field.min;
  const high = field.max;
  if (field.min_exclusive && !(value > low)) {
    throw new CalculatorInputError(name, `${label} must be more than ${withUnit(field, num(low))}.`);
  }
  if (!field.min_exclusive && value < low) {
    throw new CalculatorInputError(name, `${label} must be at least ${withUnit(field, num(low))}.`);
  }
  if (value > high) {
    const got = shownUnit ? `${num(x)} ${shownUnit}` : withUnit(field, num(x));
    throw new CalculatorInputError(
      name, `${label} must be at most ${withUnit(field, num(high))}; ${got} is beyond what this calculator accepts.`);
  }
}

function parseBoolean(field, raw) {
  if (typeof raw === "boolean") return raw;
  if (typeof raw === "string" && TRUE_TEXT.has(raw.trim().toLowerCase())) return true;
  if (typeof raw === "string" && FALSE_TEXT.has(raw.trim().toLowerCase())) return false;
  throw new CalculatorInputError(field.name, `${field.label} must be yes or no.`);
}

function parseChoice(field, raw) {
  const values = field.choices.map((c) => c.value);
  if (typeof raw === "string" && values.includes(raw.trim())) return raw.trim();
  const labels = field.choices.map((c) => c.label).join(", ");
  throw new CalculatorInputError(field.name, `${field.label} must be one of: ${labels}.`);
}

/** Parse and range-check every field given; fill defaults; enforce always-required fields. */
export function readInputs(name, inputs, rules) {
  if (typeof inputs !== "object" || inputs === null || Array.isArray(inputs)) {
    throw new CalculatorInputError("inputs", "Inputs must be a set of named fields.");
  }
  const values = {};
  const list = rules.fields[name];
  for (const field of list) {
    // Fields of another device type (a basin's width for a tank) are ignored, not checked.
    if (field.applies_to && !field.applies_to.includes(values.device)) continue;
    const raw = Object.prototype.hasOwnProperty.call(inputs, field.name) ? inputs[field.name] : undefined;
    if (blank(raw)) {
      if (field.required) {
        const what = field.unit ? `${field.label} (${field.unit})` : field.label;
        throw new CalculatorInputError(field.name, `${what} is required.`);
      }
      if (field.default !== null) values[field.name] = field.default;
      continue;
    }
    if (field.kind === "number") values[field.name] = parseNumber(field, raw);
    else if (field.kind === "boolean") values[field.name] = parseBoolean(field, raw);
    else values[field.name] = parseChoice(field, raw);
  }
  for (const field of list) {
    if (field.kind === "number" && field.name in values && field.name !== "diameter") {
      checkRange(field, values[field.name]);
    }
  }
  return values;
}

function requireValue(x, list, name, why) {
  if (!(name in x)) {
    const field = list.find((f) => f.name === name);
    throw new CalculatorInputError(name, `${field.label} (${field.unit}) is required ${why}.`);
  }
  return x[name];
}

function figure(label, value, unit) {
  return { label, value, unit };
}

function temperatureNote(x, inputs, rules, basis = false) {
  const t = x.water_temp_c;
  if (blank(inputs.water_temp_c) && basis) {
    return `Water temperature ${num(t)} °C is the design basis: ${rules.dewatering.basis_note}`;
  }
  if (blank(inputs.water_temp_c)) {
    return `Water temperature ${num(t)} °C is the rulebook's default: ${rules.default_water_temp_note}`;
  }
  return `Water temperature ${num(t)} °C as entered; colder water settles particles more slowly.`;
}

function physicsAssumptions(rules) {
  return [
    `Quartz particles (specific gravity ${num(rules.particle_specific_gravity)}) settling by `
    + "Stokes' law, v = g (SG - 1) d² / (18 ν).",
    `Water viscosity: ${rules.water.viscosity_method}; density: ${rules.water.density_method}.`,
  ];
}

// ---------------------------------------------------------------- § 256-7B(1) dewatering
/** Settling area of the chosen device and the smallest size of that device that would do. */
function dewateringDevice(x, list, rules, required) {
  const device = x.device;
  if (device === "basin" && "diameter" in x && ("basin_length_ft" in x || "basin_width_ft" in x)) {
    throw new CalculatorInputError("diameter", "Give the basin's diameter, or its length and width, not both.");
  }
  if (device === "basin" && !("diameter" in x) && !("basin_length_ft" in x) && !("basin_width_ft" in x)) {
    throw new CalculatorInputError("diameter", "Diameter (ft or in) is required, or the basin's length and width (ft).");
  }
  let diameter;
  if ("diameter" in x) {
    const field = list.find((f) => f.name === "diameter");
    const unit = x.diameter_unit ?? "ft";
    const scale = unit === "in" ? 1 / IN_PER_FT : 1.0;
    checkRange(field, x.diameter, scale, unit);
    diameter = x.diameter * scale;
  } else if (device !== "basin") {
    throw new CalculatorInputError("diameter", "Diameter (ft or in) is required.");
  }
  const out = { assumptions: [], notes: [], figures: {} };
  if (device === "vertical_tank" || (device === "basin" && "diameter" in x)) {
    out.area = Math.PI * diameter * diameter / 4;
    out.figures.min_diameter_ft = figure("Minimum diameter", Math.sqrt(4 * required / Math.PI), "ft");
    out.assumptions.push(
      "The whole round cross-section, π D² / 4, settles: water rises (or flows) through it no faster "
      + "than Q / A, with baffles keeping the inlet from stirring it.");
  } else if (device === "inclined_pipe") {
    const cross = Math.PI * diameter * diameter / 4;
    out.area = cross;
    out.figures.min_diameter_ft = figure("Minimum diameter", Math.sqrt(4 * required / Math.PI), "ft");
    if ("pipe_length_ft" in x || "angle_deg" in x) {
      const length = requireValue(x, list, "pipe_length_ft", "with a pipe angle");
      const angle = requireValue(x, list, "angle_deg", "with a pipe length");
      const cos = Math.cos(angle * Math.PI / 180);
      const projected = diameter * length * cos;
      out.area = Math.max(projected, cross);
      // Smallest D with max(D L cos, π D²/4) >= required: whichever term gets there first.
      if (length * cos > 0) {
        out.figures.min_diameter_ft.value = Math.min(required / (length * cos), Math.sqrt(4 * required / Math.PI));
      }
      out.assumptions.push(
        "An inclined pipe settles over its horizontal projected area, diameter × length × cos(angle), "
        + "but never less than its own cross-section (a vertical pipe's area).");
    } else {
      out.notes.push(rules.dewatering.inclined_pipe_note);
      out.assumptions.push("The pipe's cross-section, π D² / 4, settles (vertical-pipe reading).");
    }
  } else {
    const length = requireValue(x, list, "basin_length_ft", "with a basin width");
    const width = requireValue(x, list, "basin_width_ft", "with a basin length");
    out.area = length * width;
    out.figures.min_width_ft = figure("Minimum width at this length", required / length, "ft");
    out.assumptions.push("A rectangular basin settles over its surface, length × width.");
  }
  if (device === "basin") out.depth = requireValue(x, list, "depth_ft", "for a basin");
  return out;
}

/** § 256-7B(1): does the device remove 100-micron particles at the highest pumping rate? */
export function dewatering(inputs, rules) {
  const dw = rules.dewatering;
  const list = rules.fields.dewatering;
  const x = readInputs("dewatering", inputs, rules);
  const gpm = x.pumping_rate_gpm;
  const temp = x.water_temp_c;
  const particle = dw.particle_um;
  const flow = gpm * rules.gpm_to_cfs;
  const velocity = settlingVelocityFtS(particle, temp, rules);
  const required = flow / velocity;
  const device = dewateringDevice(x, list, rules, required);
  const area = device.area;
  const factor = area / required;
  const nu = kinematicViscosityM2S(temp, rules);
  const reynolds = velocity * FT_PER_M * (particle / UM_PER_M) / nu;
  const coldest = coldestWaterC(gpm, area, particle, rules);
  const checks = [{
    name: `Removes ${num(particle)}-micron particles at the highest pumping rate`,
    passes: compare(area, required, "at_least"),
    citation: dw.citation,
    detail: `Settling area ${sig(area)} sq ft against ${sig(required)} sq ft needed `
      + `(${percent(factor)} of the minimum) for ${num(gpm)} gpm in water at ${num(temp)} °C.`,
  }];
  const figures = {
    flow_cfs: figure("Highest pumping rate", flow, "cfs"),
    water_temp_c: figure("Water temperature", temp, "°C"),
    kinematic_viscosity_m2_s: figure("Kinematic viscosity of the water", nu, "m²/s"),
    settling_velocity_mm_s: figure(`Settling velocity of ${num(particle)}-µm quartz`, velocity * FT_PER_M * 1000, "mm/s"),
    settling_velocity_ft_s: figure(`Settling velocity of ${num(particle)}-µm quartz`, velocity, "ft/s"),
    particle_reynolds_number: figure("Particle Reynolds number", reynolds, ""),
    required_area_sq_ft: figure("Minimum settling area", required, "sq ft"),
    device_area_sq_ft: figure("This device's settling area", area, "sq ft"),
    percent_of_minimum: figure("Settling area as a share of the minimum", factor * 100, "%"),
    safety_factor: figure("Safety factor (device area ÷ minimum area)", factor, "×"),
    ...device.figures,
    smallest_particle_um: figure("Smallest particle fully captured",
      smallestParticleUm(flow / area, particle, velocity), "µm"),
    coldest_water_c: figure("Coldest water in which it still meets the standard", coldest, "°C"),
  };
  if ("depth" in device) {
    const depth = device.depth;
    const minDepth = dw.basin_min_depth_ft;
    figures.depth_ft = figure("Basin depth", depth, "ft");
    checks.push({
      name: `Basin at least ${num(minDepth)} feet deep`,
      passes: compare(depth, minDepth, "at_least"),
      citation: dw.examples_citation,
      detail: `Depth ${num(depth)} ft; the ordinance's basin example is at least ${num(minDepth)} feet in depth.`,
    });
  }
  const passes = checks.every((c) => c.passes);
  const cold = rules.default_water_temp_c;
  const coldShare = area / (flow / settlingVelocityFtS(particle, cold, rules));
  figures.percent_of_minimum_cold = figure(`Stokes' margin in ${num(cold)} °C water (information)`,
    coldShare * 100, "%");
  const marginNote = `For information (Stokes' law): in ${num(cold)} °C water, typical Wisconsin groundwater, `
    + `this device has ${percent(coldShare)} of the settling area it would need.`;
  let coldestNote;
  if (coldest === null) {
    coldestNote = `This device does not remove ${num(particle)}-micron particles even in water at `
      + `${num(rules.water.max_temp_c)} °C.`;
  } else if (coldest <= rules.water.min_temp_c) {
    coldestNote = `This device removes ${num(particle)}-micron particles even in water at ${num(coldest)} °C.`;
  } else {
    coldestNote = `This device removes ${num(particle)}-micron particles in water at ${fixed(coldest, 1)} °C `
      + "or warmer; measure the water if it is close.";
  }
  let summary;
  if (passes) {
    summary = `Meets ${dw.citation}: this device removes ${num(particle)}-micron particles at ${num(gpm)} gpm `
      + `(${percent(factor)} of the minimum settling area).`;
  } else {
    const reasons = [];
    if (!checks[0].passes) {
      reasons.push(`${num(gpm)} gpm needs at least ${sig(required)} sq ft of settling area; this device has `
        + `${sig(area)} sq ft (${percent(factor)} of the minimum).`);
    }
    if (checks.length > 1 && !checks[1].passes) {
      reasons.push(`The basin is ${num(device.depth)} ft deep, less than ${num(dw.basin_min_depth_ft)} feet.`);
    }
    summary = `Does not meet ${dw.citation}: ` + reasons.join(" ");
  }
  return {
    calculator: "dewatering",
    title: "Dewatering device",
    passes,
    summary,
    citation: dw.citation,
    words: dw.words,
    inputs: x,
    figures,
    checks,
    method: `Stokes' law settling velocity of ${num(particle)}-µm quartz at the water temperature; `
      + "minimum settling area = highest pumping rate ÷ settling velocity (overflow-rate method).",
    assumptions: [...physicsAssumptions(rules),
      "Ideal settling: the device passes the highest pumping rate with an overflow (rise) rate no faster "
      + "than the particle settles, without turbulence or short-circuiting.",
      `Stokes' law holds for particle Reynolds numbers below about 1 (here ${fixed(reynolds, 2)}).`,
      ...device.assumptions],
    notes: [temperatureNote(x, inputs, rules, true), coldestNote, marginNote, ...device.notes],
  };
}

/** The ordinance's three example devices (§ 256-7B(1)(a)), at the examples' temperature and the default. */
export function ordinanceExamples(rules) {
  const dw = rules.dewatering;
  return dw.examples.map((example) => {
    const inputs = {
      pumping_rate_gpm: example.gpm, device: example.device,
      diameter: example.diameter_ft, diameter_unit: "ft",
    };
    if ("depth_ft" in example) inputs.depth_ft = example.depth_ft;
    const atExamples = dewatering({ ...inputs, water_temp_c: dw.examples_water_temp_c }, rules);
    const atDefault = dewatering({ ...inputs, water_temp_c: rules.default_water_temp_c }, rules);
    return {
      label: example.label,
      citation: dw.examples_citation,
      inputs,
      examples_water_temp_c: dw.examples_water_temp_c,
      passes: atExamples.passes,
      percent_of_minimum: atExamples.figures.percent_of_minimum.value,
      default_water_temp_c: rules.default_water_temp_c,
      passes_at_default: atDefault.passes,
      percent_of_minimum_at_default: atDefault.figures.percent_of_minimum.value,
      coldest_water_c: atDefault.figures.coldest_water_c.value,
      note: dw.examples_note,
    };
  });
}

// ---------------------------------------------------------------- § 256-7B(5)(c)[2] sedimentation basin
function tableNote(storms) {
  const odd = storms.filter((s) => Math.abs(s.intensity_in_h * s.hours - s.depth_in) > 1e-9).map(
    (s) => `${hoursWords(s.hours)}: ${num(s.intensity_in_h)} in/h × ${num(s.hours)} h = `
      + `${num(s.intensity_in_h * s.hours)} in against a depth of ${num(s.depth_in)} in`);
  if (odd.length === 0) return null;
  return "The design-storm table's intensity × duration differs from its depth for some storms ("
    + odd.join("; ") + "). This calculator uses the intensity, the larger figure.";
}

/** § 256-7B(5)(c)[2]: 1% of the drainage area, 3 ft deep, and traps 15 µm in every one-year storm. */
export function basin(inputs, rules) {
  const bs = rules.basin;
  const x = readInputs("basin", inputs, rules);
  const acres = x.drainage_area_acres;
  const area = x.basin_area_sq_ft;
  const depth = x.basin_depth_ft;
  const c = x.runoff_coefficient;
  const temp = x.water_temp_c;
  const credit = x.credit_pool_storage;
  const particle = bs.particle_um;
  const drainage = acres * SQ_FT_PER_ACRE;
  const share = area / drainage;
  const minArea = bs.min_area_fraction * drainage;
  const velocity = settlingVelocityFtS(particle, temp, rules);
  const storage = area * depth;
  const checks = [
    { name: `Surface area at least ${num(bs.min_area_fraction * 100)}% of the area draining to it`,
      passes: compare(area, minArea, "at_least"), citation: bs.citation,
      detail: `${num(area)} sq ft is ${sig(share * 100)}% of ${num(acres)} acres (${sig(drainage)} sq ft); `
        + `at least ${sig(minArea)} sq ft is needed.` },
    { name: `At least ${num(bs.min_depth_ft)} feet deep`,
      passes: compare(depth, bs.min_depth_ft, "at_least"), citation: bs.citation,
      detail: `Depth ${num(depth)} ft; at least ${num(bs.min_depth_ft)} feet is needed.` },
  ];
  const storms = [];
  let areaForParticle = 0.0;
  let largestC = Infinity;
  let worstParticle = 0.0;
  for (const storm of rules.design_storms) {
    const intensity = storm.intensity_in_h / IN_PER_FT / S_PER_H;
    const inflow = c * intensity * drainage;
    const overflow = inflow / area;
    const runoff = c * storm.intensity_in_h * storm.hours / IN_PER_FT * drainage;
    const held = credit && runoff <= storage;
    const traps = compare(velocity, overflow, "at_least") || held;
    const smallest = smallestParticleUm(overflow, particle, velocity);
    areaForParticle = Math.max(areaForParticle, inflow / velocity);
    worstParticle = Math.max(worstParticle, held ? 0.0 : smallest);
    // Largest C this storm allows: by overflow rate, or (with the credit) by fitting in the pool.
    let stormC = velocity * area / (intensity * drainage);
    if (credit) {
      stormC = Math.max(stormC, storage / (storm.intensity_in_h * storm.hours / IN_PER_FT * drainage));
    }
    largestC = Math.min(largestC, stormC);
    storms.push({
      hours: storm.hours, intensity_in_h: storm.intensity_in_h, depth_in: storm.depth_in,
      intensity_times_duration_in: storm.intensity_in_h * storm.hours,
      inflow_cfs: inflow, overflow_rate_ft_s: overflow, runoff_cu_ft: runoff,
      held_in_pool: held, traps, smallest_particle_um: smallest,
    });
    let detail = `Peak inflow ${sig(inflow)} cfs (C ${num(c)} × ${num(storm.intensity_in_h)} in/h × `
      + `${num(acres)} acres) leaves ${num(area)} sq ft at ${sig(overflow)} ft/s; ${num(particle)}-µm `
      + `quartz settles at ${sig(velocity)} ft/s, so particles of ${sig(smallest)} µm and larger are trapped.`;
    if (held) detail += ` The storm's ${sig(runoff)} cu ft of runoff fits in the pool's ${sig(storage)} cu ft and is held.`;
    checks.push({
      name: `Traps ${num(particle)}-micron sediment in the ${hoursWords(storm.hours)} one-year storm`,
      passes: traps, citation: bs.citation, detail,
    });
  }
  largestC = Math.min(largestC, 1.0);
  const passes = checks.every((ch) => ch.passes);
  const figures = {
    drainage_area_sq_ft: figure("Area draining to the basin", drainage, "sq ft"),
    percent_of_drainage_area: figure("Basin surface as a share of the drainage area", share * 100, "%"),
    min_area_sq_ft: figure(`Minimum surface area (${num(bs.min_area_fraction * 100)}%)`, minArea, "sq ft"),
    water_temp_c: figure("Water temperature", temp, "°C"),
    settling_velocity_mm_s: figure(`Settling velocity of ${num(particle)}-µm quartz`, velocity * FT_PER_M * 1000, "mm/s"),
    settling_velocity_ft_s: figure(`Settling velocity of ${num(particle)}-µm quartz`, velocity, "ft/s"),
    area_for_particle_sq_ft: figure(`Surface area that traps ${num(particle)} µm in every storm `
      + "by overflow rate alone", areaForParticle, "sq ft"),
    max_runoff_coefficient: figure(`Largest runoff coefficient for which it traps ${num(particle)} µm `
      + "in every storm", largestC, ""),
    smallest_particle_um: figure("Smallest particle trapped in every storm", worstParticle, "µm"),
    pool_storage_cu_ft: figure("Pool storage (surface area × depth)", storage, "cu ft"),
    pool_storage_in: figure("Pool storage as runoff depth over the drainage area", storage / drainage * IN_PER_FT, "in"),
  };
  let summary;
  if (passes) {
    summary = `Meets ${bs.citation}: ${sig(share * 100)}% of its drainage area, ${num(depth)} ft deep, and it `
      + `traps ${num(particle)}-micron sediment in every one-year design storm.`;
  } else {
    const reasons = [];
    if (!checks[0].passes) {
      reasons.push(`The basin is ${sig(share * 100)}% of its drainage area, less than `
        + `${num(bs.min_area_fraction * 100)}% (${sig(minArea)} sq ft).`);
    }
    if (!checks[1].passes) reasons.push(`It is ${num(depth)} ft deep, less than ${num(bs.min_depth_ft)} feet.`);
    const missed = storms.filter((s) => !s.traps).map((s) => hoursWords(s.hours));
    if (missed.length > 0) {
      reasons.push(`It does not trap ${num(particle)}-micron sediment in the ${missed.join(", ")} one-year `
        + `storms (it traps particles of ${sig(worstParticle)} µm and larger).`);
    }
    summary = `Does not meet ${bs.citation}: ` + reasons.join(" ");
  }
  const notes = [temperatureNote(x, inputs, rules)];
  const note = tableNote(rules.design_storms);
  if (note) notes.push(note);
  notes.push(credit ? bs.pool_storage_note : bs.no_pool_storage_note);
  notes.push(bs.discharge_note);
  return {
    calculator: "basin",
    title: "Sedimentation basin",
    passes,
    summary,
    citation: bs.citation,
    words: bs.words,
    inputs: x,
    figures,
    checks,
    storms,
    method: "Overflow-rate method for each one-year design storm: peak inflow Q = C × i × A (rational "
      + "method, with the table's intensity i) must leave the basin at an overflow rate Q / A_basin "
      + `no faster than ${num(particle)}-µm quartz settles (Stokes' law at the water temperature).`,
    assumptions: [...physicsAssumptions(rules),
      "Steady peak inflow for the whole storm duration; ideal settling over the whole basin surface, "
      + "without short-circuiting or scour.",
      `One runoff coefficient (C ${num(c)}) for the whole drainage area.`],
    notes,
  };
}

// ---------------------------------------------------------------- § 256-7B(5)(a) sheetflow diversion
/** § 256-7B(5)(a): sheetflow from more than 10,000 sq ft diverted unless slower than 0.5 ft/s. */
export function diversion(inputs, rules) {
  const dv = rules.diversion;
  const x = readInputs("diversion", inputs, rules);
  const area = x.upslope_area_sq_ft;
  const length = x.flow_length_ft;
  const slope = x.slope_percent;
  const c = x.runoff_coefficient;
  const diverted = x.diverted;
  const surface = dv.surfaces.find((s) => s.key === x.surface);
  const n = surface.manning_n;
  const k = dv.manning_k;
  const limit = dv.velocity_ft_s;
  const storms = [];
  let fastest = null;
  for (const storm of rules.design_storms) {
    const unitDischarge = c * storm.intensity_in_h / IN_PER_FT / S_PER_H * length;
    const depth = (n * unitDischarge / (k * Math.sqrt(slope / 100))) ** 0.6;
    const velocity = unitDischarge / depth;
    const row = {
      hours: storm.hours, intensity_in_h: storm.intensity_in_h, depth_in: storm.depth_in,
      unit_discharge_cfs_per_ft: unitDischarge, flow_depth_in: depth * IN_PER_FT,
      velocity_ft_s: velocity,
      under_limit: compare(velocity, limit, dv.velocity_comparison),
    };
    storms.push(row);
    if (fastest === null || velocity > fastest.velocity_ft_s) fastest = row;
  }
  const over = compare(area, dv.area_sq_ft, dv.area_comparison);
  const slow = storms.every((row) => row.under_limit);
  const required = over && !slow;
  const passes = !required || diverted;
  const areaWords = comparisonWords(dv.area_comparison);
  const speedWords = comparisonWords(dv.velocity_comparison);
  const fast = `the fastest one-year storm flow (${hoursWords(fastest.hours)}) is ${sig(fastest.velocity_ft_s)} ft/s`;
  let detail;
  let summary;
  if (!over) {
    detail = `${num(area)} sq ft is not ${areaWords} ${num(dv.area_sq_ft)} sq ft, so this rule does not `
      + "require a diversion.";
    summary = `Meets ${dv.citation}: no diversion required for sheetflow from ${num(area)} sq ft.`;
  } else if (slow) {
    detail = `${num(area)} sq ft is ${areaWords} ${num(dv.area_sq_ft)} sq ft, but ${fast}, `
      + `${speedWords} ${num(limit)} ft/s: no diversion required.`;
    summary = `Meets ${dv.citation}: the sheetflow stays ${speedWords} ${num(limit)} ft/s, so no diversion is required.`;
  } else {
    detail = `${num(area)} sq ft is ${areaWords} ${num(dv.area_sq_ft)} sq ft and ${fast}, not `
      + `${speedWords} ${num(limit)} ft/s: a diversion is required`
      + (diverted ? ", and it is in place." : ", and none is in place.");
    summary = diverted
      ? `Meets ${dv.citation}: a diversion is required and the sheetflow is diverted.`
      : `Does not meet ${dv.citation}: sheetflow from ${num(area)} sq ft reaches `
        + `${sig(fastest.velocity_ft_s)} ft/s, so it must be diverted around the disturbed area.`;
  }
  const notes = [];
  if (length > dv.sheet_flow_max_length_ft) notes.push(dv.sheet_flow_max_length_note);
  notes.push(dv.channel_note);
  return {
    calculator: "diversion",
    title: "Sheetflow diversion",
    passes,
    diversion_required: required,
    summary,
    citation: dv.citation,
    words: dv.words,
    inputs: x,
    figures: {
      manning_n: figure(`Manning's n (${surface.label})`, n, ""),
      max_unit_discharge_cfs_per_ft: figure("Peak flow per foot of width", fastest.unit_discharge_cfs_per_ft, "cfs/ft"),
      max_flow_depth_in: figure("Flow depth at the peak", fastest.flow_depth_in, "in"),
      max_velocity_ft_s: figure("Fastest velocity in the one-year storms", fastest.velocity_ft_s, "ft/s"),
      governing_storm_h: figure("Storm giving the fastest velocity", fastest.hours, "h"),
    },
    checks: [{
      name: `Sheetflow from ${areaWords} ${num(dv.area_sq_ft)} sq ft diverted, unless `
        + `${speedWords} ${num(limit)} ft/s`,
      passes, citation: dv.citation, detail,
    }],
    storms,
    method: dv.method,
    assumptions: [
      `Surface: ${surface.label}, Manning's n ${num(n)} (${dv.surfaces_source}); runoff coefficient `
      + `C ${num(c)}; both the same along the whole ${num(length)} ft flow length.`,
      "Steady peak flow at the downslope edge, q = C × i × L per foot of width, with i the one-year "
      + "storm's intensity from the table.",
      `Wide, shallow flow on a uniform ${num(slope)}% slope (hydraulic radius = flow depth). Manning's `
      + "equation is an approximation for such thin sheets, whose flow is often laminar.",
      "The flow stays sheetflow: no rills or channels form.",
    ],
    notes,
  };
}

// ---------------------------------------------------------------- § 256-7B(5)(d), (e) stockpiles
/** § 256-7B(5)(d) setback of piles over 10 cu yd; § 256-7B(5)(e) barriers for in-street piles. */
export function stockpile(inputs, rules) {
  const sp = rules.stockpile;
  const list = rules.fields.stockpile;
  const x = readInputs("stockpile", inputs, rules);
  const volume = x.volume_cu_yd;
  const inStreet = x.in_street;
  const barrier = x.barrier;
  const figures = { volume_cu_yd: figure("Pile volume", volume, "cu yd") };
  const volumeWords = comparisonWords(sp.volume_comparison);
  const setbackWords = comparisonWords(sp.setback_comparison);
  let citation; let words; let passes; let check; let summary; let notes; let method;
  if (inStreet) {
    citation = sp.street_pile_citation;
    words = sp.street_pile_words;
    passes = barrier;
    check = {
      name: "In-street pile protected with straw bales or another filtering barrier",
      passes, citation, detail: barrier ? "A barrier is in place." : "No barrier is in place.",
    };
    summary = passes
      ? `Meets ${citation}: the in-street pile is protected by a barrier.`
      : `Does not meet ${citation}: an in-street pile must be protected with straw bales or another `
        + "filtering barrier.";
    notes = [sp.street_pile_note];
    method = "The in-street pile needs a barrier, whatever its size.";
  } else {
    const distance = requireValue(x, list, "distance_ft", "for a pile off the street");
    figures.distance_ft = figure("Down-slope drainage length to a road or drainage channel", distance, "ft");
    citation = sp.citation;
    words = sp.words;
    const big = compare(volume, sp.volume_cu_yd, sp.volume_comparison);
    const close = compare(distance, sp.setback_ft, sp.setback_comparison);
    passes = !(big && close);
    let detail;
    if (!big) {
      detail = `${num(volume)} cu yd is not ${volumeWords} ${num(sp.volume_cu_yd)} cubic yards: the setback does not apply.`;
    } else if (!close) {
      detail = `${num(volume)} cu yd is ${volumeWords} ${num(sp.volume_cu_yd)} cubic yards, and its down-slope `
        + `drainage length of ${num(distance)} ft is not ${setbackWords} ${num(sp.setback_ft)} feet.`;
    } else {
      detail = `${num(volume)} cu yd is ${volumeWords} ${num(sp.volume_cu_yd)} cubic yards, and it lies `
        + `${num(distance)} ft (${setbackWords} ${num(sp.setback_ft)} feet) down-slope of a road or `
        + "drainage channel.";
    }
    check = {
      name: `A pile of ${volumeWords} ${num(sp.volume_cu_yd)} cubic yards not within `
        + `${num(sp.setback_ft)} feet of a road or drainage channel`,
      passes, citation, detail,
    };
    summary = (passes ? `Meets ${citation}: ` : `Does not meet ${citation}: `) + detail;
    notes = [sp.should_note];
    if (barrier && !passes) notes.push(sp.barrier_note);
    method = `Direct comparison with the ordinance's words: "${volumeWords} ${num(sp.volume_cu_yd)} cubic `
      + `yards" and "${setbackWords} ${num(sp.setback_ft)} feet".`;
  }
  return {
    calculator: "stockpile",
    title: "Soil stockpile",
    passes,
    summary,
    citation,
    words,
    inputs: x,
    figures,
    checks: [check],
    method,
    assumptions: ["The down-slope drainage length is measured along the path runoff would take from the "
      + "pile's toe to the nearest roadway or drainage channel."],
    notes,
  };
}

// ---------------------------------------------------------------- registry
export const CALCULATORS = { dewatering, basin, diversion, stockpile };
/** Run the calculator called `name`; bad input throws CalculatorInputError. */
export function run(name, inputs, rules) {
  if (!Object.prototype.hasOwnProperty.call(CALCULATORS, name)) {
    throw new CalculatorInputError("calculator", `There is no calculator called ${name}.`);
  }
  return CALCULATORS[name](inputs, rules);
}
