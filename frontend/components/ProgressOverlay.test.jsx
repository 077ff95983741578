import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import ProgressOverlay, { stepAt } from "./ProgressOverlay.jsx";

const spy = [
  { message: "Initializing spy analysis...", seconds: 5 },
  { message: "Searching competitor ads database...", seconds: 60 },
  { message: "Analyzing ad performance data...", seconds: 120 },
  { message: "Extracting strategic insights...", seconds: 90 },
  { message: "Finalizing competitor intelligence...", seconds: 25 },
];

describe("stepAt", () => {
  it("walks the documented durations and stays on the last step", () => {
    expect(stepAt(spy, 0)).toBe(0);
    expect(stepAt(spy, 4999)).toBe(0);
    expect(stepAt(spy, 5000)).toBe(1);
    expect(stepAt(spy, 65_000)).toBe(2);
    expect(stepAt(spy, 185_000)).toBe(3);
    expect(stepAt(spy, 275_000)).toBe(4);
    expect(stepAt(spy, 3_600_000)).toBe(4);
  });
});

describe("ProgressOverlay", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the Spy texts and moves through its messages on time", async () => {
    render(
      <ProgressOverlay title="Analyzing Competitor Strategy" note="This analysis may take up to 5 minutes..." steps={spy} />,
    );
    expect(screen.getByRole("dialog", { name: "Analyzing Competitor Strategy" })).toBeTruthy();
    expect(screen.getByText("This analysis may take up to 5 minutes...")).toBeTruthy();
    expect(screen.getByTestId("progress-dots")).toBeTruthy();
    const message = () => screen.getByTestId("progress-message").textContent;
    expect(message()).toBe("Initializing spy analysis...");
    await act(async () => vi.advanceTimersByTimeAsync(4_999));
    expect(message()).toBe("Initializing spy analysis...");
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(message()).toBe("Searching competitor ads database...");
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(message()).toBe("Analyzing ad performance data...");
    await act(async () => vi.advanceTimersByTimeAsync(120_000));
    expect(message()).toBe("Extracting strategic insights...");
    await act(async () => vi.advanceTimersByTimeAsync(90_000));
    expect(message()).toBe("Finalizing competitor intelligence...");
    await act(async () => vi.advanceTimersByTimeAsync(600_000));
    expect(message()).toBe("Finalizing competitor intelligence...");
  });

  it("announces a note that appears while it is open, through a status region that was there before", () => {
    const { rerender } = render(<ProgressOverlay title="Working" steps={spy} />);
    const region = screen.getByRole("status");
    expect(region.textContent).toBe("");
    rerender(<ProgressOverlay title="Working" steps={spy} note="Connection lost. Reconnecting…" />);
    expect(screen.getByRole("status")).toBe(region);
    expect(region.textContent).toBe("Connection lost. Reconnecting…");
    rerender(<ProgressOverlay title="Working" steps={spy} />);
    expect(region.textContent).toBe("");
  });

  it("starts part-way through when re-attached to a run already under way", () => {
    render(<ProgressOverlay title="Working" steps={spy} startedAt={Date.now() - 70_000} hint="1-2 minutes" />);
    expect(screen.getByTestId("progress-message").textContent).toBe("Analyzing ad performance data...");
    expect(screen.getByText("1-2 minutes")).toBeTruthy();
  });
});
