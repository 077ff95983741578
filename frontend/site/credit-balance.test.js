import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { creditsChanged } from "../lib/events.js";
import { mountCreditBalance } from "./credit-balance.js";

let stop;
function mount(props) {
  document.body.innerHTML = '<div data-island="credit-balance"></div>';
  stop = mountCreditBalance(document.querySelector("[data-island]"), props);
  return () => document.querySelector('[data-testid="credit-balance"]').textContent;
}

describe("the shell's credit balance", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    stop();
    document.body.innerHTML = "";
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows the initial balance, applies a change at once and re-reads after 1 s", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ credits: 55 }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const shown = mount({ url: "/api/credits/", initial: 1200 });
    expect(shown()).toBe("1,200 credits");

    creditsChanged(80);
    expect(shown()).toBe("80 credits");
    expect(fetchMock).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledWith("/api/credits/", expect.objectContaining({ method: "GET" }));
    expect(shown()).toBe("55 credits");
  });

  it("passes every balance it reads on to the page's islands", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ credits: 55 }), { status: 200 })));
    const read = [];
    const onRead = (event) => read.push(event.detail.balance);
    window.addEventListener("adsmith:balance", onRead);
    mount({ url: "/api/credits/", initial: 100 });
    await vi.advanceTimersByTimeAsync(30_000);
    window.removeEventListener("adsmith:balance", onRead);
    expect(read).toEqual([55]);
  });

  it("leaves the live region alone when a read finds the balance unchanged, so it is not read out again", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ credits: 100 }), { status: 200 })));
    mount({ url: "/api/credits/", initial: 100 });
    const changes = [];
    new MutationObserver((records) => changes.push(...records)).observe(document.querySelector('[data-testid="credit-balance"]'), {
      subtree: true,
      childList: true,
      characterData: true,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(changes).toEqual([]);
  });

  it("refreshes every 30 s and keeps the balance the server rendered when the first read fails", async () => {
    const fetchMock = vi.fn(async () => new Response("boom", { status: 500 }));
    vi.stubGlobal("fetch", fetchMock);
    const shown = mount({ url: "/api/credits/", initial: 3000 });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(shown()).toBe("3,000 credits");
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(shown()).toBe("3,000 credits");
  });

  it("keeps the last balance it read when a later read fails or is unreachable", async () => {
    const answers = [
      () => new Response(JSON.stringify({ credits: 55 }), { status: 200 }),
      () => new Response("Bad gateway", { status: 502 }),
      () => Promise.reject(new TypeError("Failed to fetch")),
      () => new Response(JSON.stringify({ detail: "Authentication credentials were not provided." }), { status: 403 }),
    ];
    vi.stubGlobal("fetch", vi.fn(async () => answers.shift()()));
    const shown = mount({ url: "/api/credits/", initial: 100 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(shown()).toBe("55 credits");
    for (let i = 0; i < 3; i += 1) {
      await vi.advanceTimersByTimeAsync(30_000);
      expect(shown()).toBe("55 credits");
    }
    expect(answers).toEqual([]);
  });

  it("asks nothing while the tab is hidden and reads once when it is shown again", async () => {
    let hidden = false;
    Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ credits: 55 }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const shown = mount({ url: "/api/credits/", initial: 100 });
    try {
      hidden = true;
      document.dispatchEvent(new Event("visibilitychange"));
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(fetchMock).not.toHaveBeenCalled();

      hidden = false;
      document.dispatchEvent(new Event("visibilitychange"));
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(shown()).toBe("55 credits");
      // …and every 30 s from then on.
      await vi.advanceTimersByTimeAsync(29_000);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      delete document.hidden; // back to jsdom's own (Document.prototype)
    }
  });

  it("stops following the balance once stopped", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ credits: 55 }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const shown = mount({ url: "/api/credits/", initial: 100 });
    stop();
    creditsChanged(80);
    document.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(shown()).toBe("100 credits");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
