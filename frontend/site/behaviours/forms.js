// Form behaviour for server-rendered forms (no React on public pages):
// - the field rules the server ships as JSON (form[data-rules] names a json_script) run on
//   submit and then live as the user types; the first failing rule's message shows under
//   the field (the server checks the same rules and has the last word);
// - the live password checklist (ul[data-password-checklist]);
// - character counters (p[data-counter-for]);
// - busy state while submitting: the button shows its data-busy-label and the inputs are
//   disabled (after the browser has collected the values, so they are still sent).

/** First failing message for `value` under `rules`, or "". Exported for tests. */
export function firstError(rules, value, { checked = false, raw = false } = {}) {
  const text = raw ? value : value.trim();
  for (const rule of rules || []) {
    if (!passes(rule, text, checked)) return rule.message;
  }
  return "";
}

function passes(rule, text, checked) {
  switch (rule.type) {
    case "required":
      return text !== "";
    case "minLength":
      return text.length >= rule.value;
    case "maxLength":
      return text.length <= rule.value;
    case "pattern":
      if (rule.optional && text === "") return true;
      return new RegExp(rule.value).test(text);
    case "checked":
      return checked;
    default:
      return true;
  }
}

/** The element under `root` whose data attribute `attr` equals `value` (no selector escaping needed). */
function byData(root, attr, value) {
  return [...root.querySelectorAll(`[${attr}]`)].find((el) => el.getAttribute(attr) === value) || null;
}

function fieldValue(input) {
  return { value: input.value || "", checked: !!input.checked, raw: input.type === "password" };
}

function showError(form, name, message) {
  const line = byData(form, "data-error-for", name);
  const input = form.elements.namedItem(name);
  if (line) {
    line.textContent = message;
    line.hidden = !message;
  }
  if (input && input.setAttribute) {
    if (message) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  }
}

/** Checklist state of one rule: idle before the user has typed (and not submitted yet),
 * then met or unmet. Exported for tests. */
export function ruleState(rule, value, touched) {
  if (!touched && value === "") return "idle";
  return new RegExp(rule.value).test(value) ? "met" : "unmet";
}

function updateChecklist(form, input, rules, touched) {
  const list = byData(form, "data-password-checklist", input.id);
  if (!list) return;
  for (const rule of rules) {
    const item = byData(list, "data-rule", rule.key);
    if (item) item.dataset.state = ruleState(rule, input.value, touched || item.dataset.state !== "idle");
  }
}

function updateCounter(form, input) {
  const counter = byData(form, "data-counter-for", input.name);
  if (!counter) return;
  const max = Number(counter.dataset.max);
  counter.textContent = `${input.value.length}/${max}`;
  counter.toggleAttribute("data-over", input.value.length > max);
}

function setBusy(form) {
  const button = form.querySelector("button[type=submit][data-busy-label]");
  if (button) {
    const label = button.querySelector("[data-label]") || button;
    label.textContent = button.dataset.busyLabel;
    button.setAttribute("aria-busy", "true");
    button.querySelector("[data-spinner]")?.classList.remove("hidden");
  }
  // After this tick the browser has built the form data set; disabling now keeps the values.
  setTimeout(() => {
    for (const fieldset of form.querySelectorAll("[data-busy-disable]")) fieldset.disabled = true;
    if (button) button.disabled = true;
  }, 0);
}

function enhance(form) {
  const source = form.dataset.rules && document.getElementById(form.dataset.rules);
  const rules = source ? JSON.parse(source.textContent) : {};
  let submitted = false;

  const validate = (name) => {
    const input = form.elements.namedItem(name);
    if (!input || !input.name) return "";
    const { value, checked, raw } = fieldValue(input);
    const message = firstError(rules[name], value, { checked, raw });
    showError(form, name, message);
    return message;
  };

  form.addEventListener("input", (event) => {
    const input = event.target;
    if (!input.name) return;
    if (rules[input.name]?.some((r) => r.key)) updateChecklist(form, input, rules[input.name], true);
    updateCounter(form, input);
    // Like the documented forms: validate on submit, then re-validate as the user corrects.
    if (submitted || input.getAttribute("aria-invalid") === "true") validate(input.name);
  });
  form.addEventListener("change", (event) => {
    if (event.target.type === "checkbox" && (submitted || event.target.getAttribute("aria-invalid"))) {
      validate(event.target.name);
    }
  });

  form.addEventListener("submit", (event) => {
    submitted = true;
    // The server's refusal of the last attempt ("Invalid email or password") is stale now:
    // left above a new attempt's own field errors it would read as still wrong.
    for (const alert of form.querySelectorAll("[data-form-alert]")) alert.remove();
    for (const [name, fieldRules] of Object.entries(rules)) {
      const input = form.elements.namedItem(name);
      if (input?.id && fieldRules.some((r) => r.key)) updateChecklist(form, input, fieldRules, true);
    }
    const failing = Object.keys(rules).filter((name) => validate(name));
    if (failing.length) {
      event.preventDefault();
      form.elements.namedItem(failing[0])?.focus?.();
      return;
    }
    if (form.dataset.busy) {
      event.preventDefault(); // a second click while the first submit is on its way
      return;
    }
    form.dataset.busy = "true";
    setBusy(form);
  });

  // Back/forward cache: a page restored after a submit must be usable again.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted || !form.dataset.busy) return;
    delete form.dataset.busy;
    for (const fieldset of form.querySelectorAll("[data-busy-disable]")) fieldset.disabled = false;
  });

  // A browser that restored a typed password (back/forward) gets its checklist right away.
  for (const [name, fieldRules] of Object.entries(rules)) {
    const input = form.elements.namedItem(name);
    if (input?.id && input.value && fieldRules.some((r) => r.key)) updateChecklist(form, input, fieldRules, true);
  }
}

export function initForms(root = document) {
  const forms = [...root.querySelectorAll("form[data-busy-form]")];
  for (const form of forms) enhance(form);
  // A page the server sent back with field errors (a wrong current password): focus goes to
  // the first, whose description reads its error out. Otherwise the new page leaves focus on
  // the body and a screen reader hears only the page's title.
  const refused = forms.map((form) => form.querySelector('[aria-invalid="true"]')).find(Boolean);
  if (refused && (document.activeElement === document.body || !document.activeElement)) refused.focus();
}
