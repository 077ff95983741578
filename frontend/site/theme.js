// Theme toggle: saved in localStorage['theme'] ('light' | 'dark'); theme-init.js applied it
// before first paint. Every [data-theme-toggle] button flips it and updates its tooltip.
function apply(dark) {
  document.documentElement.classList.toggle("dark", dark);
  for (const button of document.querySelectorAll("[data-theme-toggle]")) {
    const label = dark ? "Switch to light mode" : "Switch to dark mode";
    button.title = label;
    button.setAttribute("aria-label", label);
  }
}

export function initTheme() {
  apply(document.documentElement.classList.contains("dark"));
  document.addEventListener("click", (event) => {
    if (!event.target.closest("[data-theme-toggle]")) return;
    const dark = !document.documentElement.classList.contains("dark");
    try {
      localStorage.setItem("theme", dark ? "dark" : "light");
    } catch {
      /* storage blocked: the toggle still works for this page */
    }
    apply(dark);
  });
}
