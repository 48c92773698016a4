// Wires a calculator page: reads the form, runs static/js/calculators.js (offline, no server call),
// shows the result or the error at its field, prefills from the query string, and, when opened
// from an inspection (?return=/path&item=CODE), attaches the inputs and result to that item.
//
// Hand-off to the capture page: localStorage["calculator-result:<item>"] =
//   JSON {name, item, inputs, result, saved_at} (the `calculator` field of an answer, docs/sync-protocol.md)
import { run, sig, CalculatorInputError } from "./calculators.js";
import { announce } from "./shell.js";

const SUPERSCRIPT = { "-": "⁻", 0: "⁰", 1: "¹", 2: "²", 3: "³", 4: "⁴", 5: "⁵", 6: "⁶", 7: "⁷", 8: "⁸", 9: "⁹" };
const TRUE_TEXT = /^(1|true|on|yes)$/i;

// Columns of the per-storm table, by calculator: [key, heading, kind].
const STORM_COLUMNS = {
  basin: [
    ["hours", "Storm (h)", "number"], ["intensity_in_h", "Intensity (in/h)", "number"],
    ["depth_in", "Depth (in)", "number"], ["intensity_times_duration_in", "Intensity × duration (in)", "number"],
    ["inflow_cfs", "Peak inflow (cfs)", "number"], ["overflow_rate_ft_s", "Overflow rate (ft/s)", "number"],
    ["smallest_particle_um", "Smallest particle trapped (microns)", "number"],
    ["held_in_pool", "Held in the pool", "yesno"], ["traps", "Traps the particle size", "verdict"],
  ],
  diversion: [
    ["hours", "Storm (h)", "number"], ["intensity_in_h", "Intensity (in/h)", "number"],
    ["unit_discharge_cfs_per_ft", "Flow per foot of width (cfs/ft)", "number"],
    ["flow_depth_in", "Flow depth (in)", "number"], ["velocity_ft_s", "Velocity (ft/s)", "number"],
    ["under_limit", "Under the velocity limit", "verdict"],
  ],
};

/** A figure for people: about 4 significant figures, powers of ten for the very small or large. */
function showNumber(value) {
  if (value === null || value === undefined) return "—";
  const size = Math.abs(value);
  if (size !== 0 && (size < 0.001 || size >= 1e9)) {
    const [mantissa, exponent] = value.toExponential(2).split("e");
    const power = String(Number(exponent)).split("").map((c) => SUPERSCRIPT[c]).join("");
    return `${mantissa} × 10${power}`;
  }
  const text = sig(value, 4);
  // Entered values read as entered: 0.5 h, not 0.5000 h.
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** Pass or fail in words and a symbol, never colour alone (same as the _form.html status macro). */
function verdict(passes, yes = "Passes", no = "Fails") {
  return element("span", passes ? `✔ ${yes}` : `✖ ${no}`, `status status-${passes ? "good" : "bad"}`);
}

/** Only a path on this site: never send the user elsewhere after attaching. */
function safeReturn(raw) {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return null;
  const url = new URL(raw, window.location.origin);
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
}

function applicable(form) {
  const device = form.elements.namedItem("device");
  const chosen = device ? device.value : "";
  for (const wrapper of form.querySelectorAll("[data-applies-to]")) {
    wrapper.hidden = !wrapper.dataset.appliesTo.split(" ").includes(chosen);
  }
}

function readForm(form) {
  const inputs = {};
  for (const control of form.elements) {
    if (!control.name || control.closest("[hidden]")) continue;
    inputs[control.name] = control.type === "checkbox" ? control.checked : control.value;
  }
  return inputs;
}

function prefill(form, params) {
  let any = false;
  for (const [key, value] of params) {
    if (key === "return" || key === "item") continue;
    const control = form.elements.namedItem(key);
    if (!control || control instanceof RadioNodeList) continue;
    if (control.type === "checkbox") control.checked = TRUE_TEXT.test(value);
    else control.value = value;
    any = true;
  }
  return any;
}

function clearErrors(form) {
  for (const box of form.querySelectorAll(".error")) {
    box.textContent = "";
    box.hidden = true;
  }
  for (const wrapper of form.querySelectorAll(".has-error")) wrapper.classList.remove("has-error");
  for (const control of form.querySelectorAll("[aria-invalid]")) control.removeAttribute("aria-invalid");
}

function showError(form, error) {
  const box = document.getElementById(`err-${error.field}`);
  const control = form.elements.namedItem(error.field);
  if (box && control && !box.parentElement.closest("[hidden]")) {
    box.textContent = error.message;
    box.hidden = false;
    box.closest(".field").classList.add("has-error");
    control.setAttribute("aria-invalid", "true");
    // Focus moving to the field has its error read as its description; a field that had the focus
    // already (Enter pressed in it) is read again by no one, so the error is said.
    if (control === document.activeElement) announce(error.message);
    control.focus();
  } else {
    const general = document.getElementById("form-error");
    general.textContent = error.message;
    general.hidden = false;
  }
}

function fillList(list, items, makeItem) {
  list.replaceChildren(...items.map(makeItem));
}

function renderStorms(section, calculator, storms) {
  const columns = STORM_COLUMNS[calculator];
  section.hidden = !columns || !storms;
  if (section.hidden) return;
  const [head, body] = [section.querySelector("thead"), section.querySelector("tbody")];
  const headRow = element("tr");
  for (const [, heading] of columns) {
    const th = element("th", heading);
    th.scope = "col";
    headRow.append(th);
  }
  head.replaceChildren(headRow);
  body.replaceChildren(...storms.map((storm) => {
    const row = element("tr");
    for (const [key, , kind] of columns) {
      const cell = element("td");
      if (kind === "verdict") cell.append(verdict(storm[key], "Yes", "No"));
      else if (kind === "yesno") cell.textContent = storm[key] ? "Yes" : "No";
      else cell.textContent = showNumber(storm[key]);
      row.append(cell);
    }
    return row;
  }));
}

function renderResult(result) {
  const section = document.getElementById("calculator-result");
  const verdictLine = document.getElementById("result-verdict");
  verdictLine.replaceChildren(verdict(result.passes), " ", result.summary);
  fillList(document.getElementById("result-checks"), result.checks, (check) => {
    const item = element("li");
    item.append(verdict(check.passes, "Pass", "Fail"), " ", element("strong", check.name), " ",
      element("span", check.citation, "cite"), element("br"), check.detail);
    return item;
  });
  fillList(document.querySelector("#result-figures tbody"), Object.values(result.figures), (figure) => {
    const row = element("tr");
    row.append(element("td", figure.label), element("td", showNumber(figure.value)), element("td", figure.unit));
    return row;
  });
  renderStorms(document.getElementById("result-storms"), result.calculator, result.storms);
  document.getElementById("result-method").textContent = result.method;
  fillList(document.getElementById("result-assumptions"), result.assumptions, (text) => element("li", text));
  fillList(document.getElementById("result-notes"), result.notes, (text) => element("p", text, "note"));
  document.getElementById("result-citation").textContent = result.citation;
  document.getElementById("result-words").textContent = `“${result.words}”`;
  document.getElementById("result-details").hidden = false;
  section.hidden = false;
}

/** No result (none yet, or the last inputs were refused): the section stays only for the way back. */
function clearResult(keepSection) {
  document.getElementById("result-verdict").replaceChildren();
  document.getElementById("result-details").hidden = true;
  document.getElementById("calculator-result").hidden = !keepSection;
}

function init(form) {
  const name = form.dataset.calculator;
  const rules = JSON.parse(document.getElementById("calculator-rules").textContent);
  const params = new URLSearchParams(window.location.search);
  const back = safeReturn(params.get("return"));
  const item = (params.get("item") || "").trim().slice(0, 200);
  const attach = document.getElementById("attach-result");
  const attachHint = document.getElementById("attach-hint");
  const attachControls = document.getElementById("attach-controls");
  const fromInspection = Boolean(back && item);
  let last = null;

  function calculate() {
    clearErrors(form);
    try {
      last = run(name, readForm(form), rules);
    } catch (error) {
      if (!(error instanceof CalculatorInputError)) throw error;
      last = null;
      clearResult(fromInspection);
      showError(form, error);
    }
    if (last) renderResult(last);
    attach.disabled = last === null;
    attachHint.hidden = last !== null;
    return last;
  }

  form.addEventListener("change", (event) => {
    if (event.target.name === "device") applicable(form);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const result = calculate();
    if (!result) return;
    // The keyboard goes to the result (then "Attach to inspection", the next Tab) and the
    // verdict is said: a status region shown with its words in it is not reliably read.
    document.getElementById("result-h").focus();
    announce(`Result: ${result.passes ? "Passes" : "Fails"}. ${result.summary}`);
  });

  if (fromInspection) {
    attachControls.hidden = false;
    clearResult(true);
    document.getElementById("return-link").href = back;
    attach.addEventListener("click", () => {
      if (!last) return;
      const record = { name, item, inputs: last.inputs, result: last, saved_at: new Date().toISOString() };
      try {
        window.localStorage.setItem(`calculator-result:${item}`, JSON.stringify(record));
      } catch {
        showError(form, { field: "", message: "This device would not store the result (storage full or blocked)." });
        return;
      }
      window.location.assign(back);
    });
  }

  const prefilled = prefill(form, params);
  applicable(form);
  if (prefilled) calculate();
}

const form = document.getElementById("calculator-form");
if (form) init(form);
