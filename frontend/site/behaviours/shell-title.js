// The top bar's page title stays on one line: where it does not fit (a phone, "Social Media
// Creative" beside the balance) CSS cuts it with an ellipsis, and the whole title becomes its
// tooltip. The text itself is whole in the page, so screen readers read all of it.
export function initShellTitle(root = document) {
  const title = root.querySelector("[data-shell-title]");
  if (!title) return;
  const update = () => {
    if (title.scrollWidth > title.clientWidth) title.title = title.textContent.trim();
    else title.removeAttribute("title");
  };
  update();
  // The title's box changes with the window (and the phone's orientation).
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(update).observe(title);
}
