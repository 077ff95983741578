// 'Go Back' buttons (404 and friends) and the documented placeholder links that go nowhere.
export function initNavigation(root = document) {
  root.addEventListener("click", (event) => {
    if (event.target.closest("[data-go-back]")) {
      event.preventDefault();
      if (window.history.length > 1) window.history.back();
      else window.location.assign("/");
    } else if (event.target.closest("[data-placeholder-link]")) {
      event.preventDefault();
    }
  });
}
