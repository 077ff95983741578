import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CreditBalance from "./CreditBalance.jsx";
import { creditsChanged } from "../lib/events.js";

describe("CreditBalance", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("shows the initial balance, applies a change at once and re-reads after 1 s", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ credits: 55 }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    render(<CreditBalance url="/api/credits/" initial={100} />);
    expect(screen.getByTestId("credit-balance").textContent).toContain("100");

    act(() => creditsChanged(80));
    expect(screen.getByTestId("credit-balance").textContent).toContain("80");
    expect(fetchMock).not.toHaveBeenCalled();

    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(fetchMock).toHaveBeenCalledWith("/api/credits/", expect.objectContaining({ method: "GET" }));
    expect(screen.getByTestId("credit-balance").textContent).toContain("55");
  });

  it("refreshes every 30 s and shows 0 when the read fails", async () => {
    const fetchMock = vi.fn(async () => new Response("boom", { status: 500 }));
    vi.stubGlobal("fetch", fetchMock);
    render(<CreditBalance url="/api/credits/" initial={100} />);
    await act(async () => vi.advanceTimersByTimeAsync(29_000));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("credit-balance").textContent).toContain("0 credits");
  });
});
