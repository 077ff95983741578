// Applies the saved theme (or the OS preference) before the first paint.
try {
  const saved = localStorage.getItem("theme");
  const dark = saved ? saved === "dark" : window.matchMedia("(prefers-color-scheme: dark)").matches;
  document.documentElement.classList.toggle("dark", dark);
} catch {
  /* storage blocked: keep the light default */
}
