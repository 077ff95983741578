import { act, render, screen } from "@testing-library/react";
import { lazy, useRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CopyVariations, FocusWhenShown, OnDemand } from "./OnDemand.jsx";

function Outcome({ output, View = CopyVariations }) {
  const heading = useRef(null);
  return (
    <OnDemand resetKey={output}>
      {output && <View output={output} headingRef={heading} />}
      <FocusWhenShown target={heading} shown={output} />
    </OnDemand>
  );
}

function Broken() {
  throw new Error("cannot render");
}

describe("OnDemand", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows a result view once its code has loaded and then focuses its heading", async () => {
    const { rerender } = render(<Outcome output={null} />);
    expect(screen.queryByTestId("result")).toBeNull();

    rerender(<Outcome output={{ variations: [{ headline: "Glow up" }] }} />);
    const heading = await screen.findByRole("heading", { name: "Generated META Copy Variations" });
    expect(screen.getByText("Glow up")).toBeTruthy();
    expect(document.activeElement).toBe(heading);
  });

  it("shows a notice instead of a blank island when a view's code cannot load", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Unreachable = lazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    render(<Outcome output={{ text: "x" }} View={Unreachable} />);
    expect((await screen.findByTestId("on-demand-failed")).textContent).toBe(
      "This part of the page could not be loaded. Please reload the page to try again.",
    );
  });

  it("shows the next result again after one failed to render", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { rerender } = render(<Outcome output={{ text: "x" }} View={Broken} />);
    expect(screen.getByTestId("on-demand-failed")).toBeTruthy();

    await act(async () => rerender(<Outcome output={{ variations: [{ headline: "Second try" }] }} />));
    expect(await screen.findByText("Second try")).toBeTruthy();
    expect(screen.queryByTestId("on-demand-failed")).toBeNull();
  });
});
