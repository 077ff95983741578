import { createRoot } from "react-dom/client";
import { createElement } from "react";

/** Mounts `Component` on every `<div data-island="name">`, with the props Django put in
 * the `json_script` element named by `data-props`. */
export function mountIsland(name, Component) {
  for (const el of document.querySelectorAll(`[data-island="${name}"]`)) {
    const source = el.dataset.props && document.getElementById(el.dataset.props);
    const props = source ? JSON.parse(source.textContent) : {};
    createRoot(el).render(createElement(Component, props));
  }
}
