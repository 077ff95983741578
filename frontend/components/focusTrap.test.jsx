import { act, cleanup, render, screen } from "@testing-library/react";
import { useLayoutEffect, useRef, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { useFocusTrap } from "./focusTrap.js";

function Dialog() {
  const ref = useRef(null);
  useFocusTrap(ref);
  return (
    <div ref={ref} role="dialog" aria-label="Working">
      <button type="button">Inside</button>
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
});
