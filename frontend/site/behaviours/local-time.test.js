import { describe, expect, it } from "vitest";
import { initLocalTimes } from "./local-time.js";

function render(html) {
  const root = document.createElement("div");
  root.innerHTML = html;
  return root;
}

describe("initLocalTimes", () => {
  it("shows a marked time in the browser's local time, as the history list does", () => {
    const iso = "2026-03-02T10:59:30+00:00";
    const root = render(`<time datetime="${iso}" data-local-time>Mar 2, 2026, 10:59 AM UTC</time>`);
    initLocalTimes(root);
    expect(root.querySelector("time").textContent).toBe(new Date(iso).toLocaleString());
  });

  it("leaves unmarked times and unreadable datetimes as the server wrote them", () => {
    const root = render(
      `<time datetime="2026-03-02T10:59:30+00:00">as written</time>` +
        `<time datetime="not a date" data-local-time>also as written</time>`,
    );
    initLocalTimes(root);
    expect([...root.querySelectorAll("time")].map((t) => t.textContent)).toEqual(["as written", "also as written"]);
  });
});
