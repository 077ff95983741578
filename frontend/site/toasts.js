// Toasts: top-right (out of an open dialog's header: styles/app.css), 3 seconds. Sources:
// Django messages rendered into #django-messages (json_script) and `adsmith:toast` events from
// islands (lib/events.js).
const DURATION_MS = 3000;
const STYLES = {
  success: "border-emerald-500/40 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  error: "border-red-500/40 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  info: "border-slate-400/40 bg-white text-slate-900 dark:bg-slate-800 dark:text-slate-100",
};

function region() {
  let el = document.getElementById("toasts");
  if (!el) {
    el = document.createElement("div");
    el.id = "toasts";
    document.body.append(el);
  }
  return el;
}

/** The message is already on the page in an alert of its own (a form's "Invalid email or
 * password", the avatar's "Please upload an image file" under "Upload failed: …"): the toast
 * then only shows it, or a screen reader would read it out twice. */
function alreadyAnnounced(message) {
  return [...document.querySelectorAll('[role="alert"]:not([data-toast])')].some((alert) => {
    const visible = alert.checkVisibility ? alert.checkVisibility() : !alert.closest("[hidden]");
    const text = visible ? alert.textContent.trim() : "";
    return text !== "" && (text === message || message.endsWith(`: ${text}`));
  });
}

function showToast(message, kind = "success") {
  const item = document.createElement("div");
  if (alreadyAnnounced(message)) item.setAttribute("aria-hidden", "true");
  else item.setAttribute("role", kind === "error" ? "alert" : "status");
  item.dataset.toast = kind;
  // wrap-anywhere: a message may quote a long e-mail address or URL; it wraps inside the box.
  item.className = `pointer-events-auto rounded-lg border px-4 py-3 text-sm wrap-anywhere shadow-lg ${STYLES[kind] || STYLES.info}`;
  item.textContent = message;
  region().append(item);
  setTimeout(() => item.remove(), DURATION_MS);
}

export function initToasts() {
  window.addEventListener("adsmith:toast", (e) => showToast(e.detail.message, e.detail.kind));
  const source = document.getElementById("django-messages");
  if (source) {
    for (const { message, kind } of JSON.parse(source.textContent)) showToast(message, kind);
  }
}
