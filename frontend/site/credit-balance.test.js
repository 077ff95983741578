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

  it("refreshes every 30 s and shows 0 when the read fails", async () => {
    const fetchMock = vi.fn(async () => new Response("boom", { status: 500 }));
    vi.stubGlobal("fetch", fetchMock);
    const shown = mount({ url: "/api/credits/", initial: 100 });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(shown()).toBe("0 credits");
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("stops following the balance once stopped", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ credits: 55 }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const shown = mount({ url: "/api/credits/", initial: 100 });
    stop();
    creditsChanged(80);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(shown()).toBe("100 credits");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
