import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useLayoutEffect, useRef, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useFocusTrap } from "./focusTrap.js";

function Dialog({ label = "Working", onEscape, children }) {
  const ref = useRef(null);
  useFocusTrap(ref, { onEscape });
  return (
    <div ref={ref} role="dialog" aria-label={label} tabIndex={-1}>
      <button type="button">Inside</button>
      {children}
    </div>
  );
}

// A page whose dialog closes in the same commit that shows a result heading and focuses it,
// as a tool page does when a run ends and the result view's code is already loaded.
function Page({ focusResult }) {
  const [open, setOpen] = useState(false);
  const heading = useRef(null);
  useLayoutEffect(() => {
    if (!open && focusResult) heading.current?.focus();
  }, [open, focusResult]);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Start
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Finish
      </button>
      {open && <Dialog />}
      <h3 tabIndex={-1} ref={heading}>
        Result
      </h3>
    </>
  );
}

describe("useFocusTrap", () => {
  afterEach(cleanup);

  it("gives focus back to where it was when the dialog closes", async () => {
    render(<Page focusResult={false} />);
    screen.getByRole("button", { name: "Start" }).focus();
    await act(async () => screen.getByRole("button", { name: "Start" }).click());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Inside" }));
    await act(async () => screen.getByRole("button", { name: "Finish" }).click());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Start" }));
  });

  it("leaves focus where the page moved it as the dialog closed", async () => {
    render(<Page focusResult />);
    screen.getByRole("button", { name: "Start" }).focus();
    await act(async () => screen.getByRole("button", { name: "Start" }).click());
    await act(async () => screen.getByRole("button", { name: "Finish" }).click());
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Result" }));
  });

  // As when the focused button is disabled or removed, or the backdrop is clicked.
  const dropFocusToThePage = () => document.activeElement.blur();

  it("brings Tab back into the dialog when focus has fallen to the page", () => {
    render(
      <>
        <button type="button">Behind</button>
        <Dialog>
          <button type="button">Last</button>
        </Dialog>
      </>,
    );
    dropFocusToThePage();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: "Tab" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Inside" }));
    dropFocusToThePage();
    fireEvent.keyDown(document.body, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Last" }));
  });

  it("wraps Tab from the last control to the first when disabled controls come after it", () => {
    render(
      <Dialog>
        <button type="button">Last</button>
        <select disabled aria-label="Size" />
        <textarea disabled aria-label="Note" />
        <button type="button" disabled>
          Apply
        </button>
      </Dialog>,
    );
    screen.getByRole("button", { name: "Last" }).focus();
    fireEvent.keyDown(document.activeElement, { key: "Tab" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Inside" }));
    fireEvent.keyDown(document.activeElement, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Last" }));
  });

  it("hands Escape pressed on the page to the innermost dialog only", () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <Dialog label="Outer" onEscape={outer}>
        <Dialog label="Inner" onEscape={inner} />
      </Dialog>,
    );
    dropFocusToThePage();
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole("dialog", { name: "Inner" }));
  });
});
