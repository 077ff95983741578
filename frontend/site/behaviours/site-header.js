// The landing header: fades its background in and blurs what is behind it over the first
// 100 px of scrolling (CSS variables, so no inline style attributes), and the mobile menu.
const FADE_DISTANCE_PX = 100;
const MAX_ALPHA_PERCENT = 85;
const MAX_BLUR_PX = 12;

export function initSiteHeader() {
  const header = document.querySelector("[data-site-header]");
  if (!header) return;

  let queued = false;
  const paint = () => {
    queued = false;
    const progress = Math.min(window.scrollY / FADE_DISTANCE_PX, 1);
    header.style.setProperty("--header-alpha", `${(progress * MAX_ALPHA_PERCENT).toFixed(1)}%`);
    header.style.setProperty("--header-blur", `${(progress * MAX_BLUR_PX).toFixed(1)}px`);
    header.toggleAttribute("data-scrolled", progress >= 1);
  };
  window.addEventListener(
    "scroll",
    () => {
      if (!queued) {
        queued = true;
        requestAnimationFrame(paint);
      }
    },
    { passive: true },
  );
  paint();

  const toggle = header.querySelector("[data-menu-toggle]");
  const menu = toggle && document.getElementById(toggle.getAttribute("aria-controls"));
  if (!toggle || !menu) return;
  const setOpen = (open) => {
    menu.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.setAttribute("aria-label", open ? "Close menu" : "Open menu");
    header.toggleAttribute("data-menu-open", open);
  };
  toggle.addEventListener("click", () => setOpen(menu.hidden));
  menu.addEventListener("click", (event) => {
    if (event.target.closest("a")) setOpen(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !menu.hidden) {
      setOpen(false);
      toggle.focus();
    }
  });
}
