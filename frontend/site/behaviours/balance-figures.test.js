import { afterEach, describe, expect, it } from "vitest";
import { balanceRead } from "../../lib/events.js";
import { initBalanceFigures } from "./balance-figures.js";

// The markup templates/dashboard_content.html renders for a balance of 20.
const card = (slug, title, cost, affordable) => `
  <li data-tool-card="${slug}" data-tool-cost="${cost}" data-tool-title="${title}">
    <span><span data-tool-progress>${Math.min(20, cost)}</span> / ${cost}</span>
    <progress value="${Math.min(20, cost)}" max="${cost}" ${affordable ? "" : "data-short"} aria-label="${title}: 20 credits available, ${cost} needed"></progress>
    <a data-when-affordable ${affordable ? "" : "hidden"} href="/services/${slug}">Use Tool</a>
    <a data-when-short ${affordable ? "hidden" : ""} href="/billing">Need Credits</a>
  </li>`;

function render() {
  const root = document.createElement("div");
  root.innerHTML = `<p><span data-balance-credits>20</span> credits remaining.</p><ul>${card("meta-copy", "Meta Copy", 20, true)}${card("meta-creative", "Meta Creative", 80, false)}</ul>`;
  return root;
}

const visibleLink = (root, slug) => root.querySelector(`[data-tool-card="${slug}"] a:not([hidden])`).textContent;

let stop;
afterEach(() => stop?.());

describe("initBalanceFigures", () => {
  it("moves the welcome line, each card's bar and its link with every balance read", () => {
    const root = render();
    stop = initBalanceFigures(root);

    balanceRead(1200);
    expect(root.querySelector("[data-balance-credits]").textContent).toBe("1,200");
    const creative = root.querySelector('[data-tool-card="meta-creative"]');
    expect(creative.querySelector("[data-tool-progress]").textContent).toBe("80");
    expect(creative.querySelector("progress").value).toBe(80);
    expect(creative.querySelector("progress").hasAttribute("data-short")).toBe(false);
    expect(creative.querySelector("progress").getAttribute("aria-label")).toBe("Meta Creative: 1200 credits available, 80 needed");
    expect(visibleLink(root, "meta-creative")).toBe("Use Tool");

    balanceRead(10);
    expect(root.querySelector("[data-balance-credits]").textContent).toBe("10");
    expect(visibleLink(root, "meta-copy")).toBe("Need Credits");
    expect(root.querySelector('[data-tool-card="meta-copy"] progress').hasAttribute("data-short")).toBe(true);
    expect(root.querySelector('[data-tool-card="meta-copy"] [data-tool-progress]').textContent).toBe("10");
  });

  it("moves every 'credits remaining' figure on a page without tool cards (Billing, Usage)", () => {
    const root = document.createElement("div");
    root.innerHTML = `<p data-balance-credits>20</p><span data-balance-credits>20</span>`;
    stop = initBalanceFigures(root);
    balanceRead(2500);
    expect([...root.querySelectorAll("[data-balance-credits]")].map((figure) => figure.textContent)).toEqual(["2,500", "2,500"]);
  });

  it("keeps keyboard focus on the card when the link it was on gives way to the other", () => {
    const root = render();
    document.body.append(root);
    stop = initBalanceFigures(root);
    root.querySelector('[data-tool-card="meta-copy"] [data-when-affordable]').focus();
    balanceRead(5);
    expect(document.activeElement.textContent).toBe("Need Credits");
    root.remove();
  });

  it("ignores a read without a number, and does nothing on pages without the figures", () => {
    const root = render();
    stop = initBalanceFigures(root);
    balanceRead(undefined);
    expect(root.querySelector("[data-balance-credits]").textContent).toBe("20");
    expect(visibleLink(root, "meta-creative")).toBe("Need Credits");

    const other = document.createElement("div");
    expect(() => initBalanceFigures(other)()).not.toThrow();
  });
});
