import { createRoot } from "react-dom/client";
import { createElement } from "react";
import { islandProps } from "./islandProps.js";

/** Mounts `Component` on every `<div data-island="name">`, with the props Django put in
 * the `json_script` element named by `data-props`. */
export function mountIsland(name, Component) {
  for (const el of document.querySelectorAll(`[data-island="${name}"]`)) {
    createRoot(el).render(createElement(Component, islandProps(el)));
  }
}
