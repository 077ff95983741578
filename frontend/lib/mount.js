import { createRoot } from "react-dom/client";
import { createElement, startTransition } from "react";
import { islandProps } from "./islandProps.js";

/** Mounts `Component` on every `<div data-island="name">`, with the props Django put in
 * the `json_script` element named by `data-props`.
 *
 * The first render is a transition: React renders it in slices of a few milliseconds and
 * lets the browser handle input between them, instead of one long task while the page loads
 * (on a slow phone, a tool form's first render blocked the main thread for over 100 ms). */
export function mountIsland(name, Component) {
  for (const el of document.querySelectorAll(`[data-island="${name}"]`)) {
    const root = createRoot(el);
    startTransition(() => root.render(createElement(Component, islandProps(el))));
  }
}
