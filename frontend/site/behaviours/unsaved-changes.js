// A form marked data-unsaved-guard asks before the page is left with changes it has not sent
// (the browser's own "Leave site?" prompt): its values differ from those it was rendered with,
// or it came back from a save that failed (data-unsaved-guard="changed"), whose values are not
// saved either. Sending the form is not leaving it: no prompt then, unless the submit was
// stopped (the client-side checks found errors).
const IGNORED = new Set(["csrfmiddlewaretoken"]);

function values(form) {
  return JSON.stringify(
    [...new FormData(form)].filter(([name]) => !IGNORED.has(name)).map(([name, value]) => [name, typeof value === "string" ? value : value.name]),
  );
}

function guard(form, signal) {
  const rendered = form.dataset.unsavedGuard === "changed" ? null : values(form);
  let submit = null;
  form.addEventListener(
    "submit",
    (event) => {
      submit = event; // its defaultPrevented is final by the time the page unloads
    },
    { signal },
  );
  window.addEventListener(
    "beforeunload",
    (event) => {
      if (submit && !submit.defaultPrevented) return;
      if (rendered !== null && values(form) === rendered) return;
      event.preventDefault();
      event.returnValue = ""; // what older browsers need to ask
    },
    { signal },
  );
}

/** Guards each marked form under `root`; returns a function that stops guarding them. */
export function initUnsavedChangesGuard(root = document) {
  const stop = new AbortController();
  for (const form of root.querySelectorAll("form[data-unsaved-guard]")) guard(form, stop.signal);
  return () => stop.abort();
}
