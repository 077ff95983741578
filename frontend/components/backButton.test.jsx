import { act, render, screen } from "@testing-library/react";
import { StrictMode, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useBackButton } from "./backButton.js";

// jsdom's history is the real thing: back() is asynchronous and ends in a popstate.
const popped = () => new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
const settled = () => act(() => Promise.resolve()); // the microtask the entries are settled in
const ours = () => Boolean(window.history.state?.adsmithDialog);

function Dialog({ name, onBack }) {
  useBackButton(onBack);
  return <div role="dialog" aria-label={name} />;
}

/** A page with a button opening a dialog; Back closes it unless `staysOnBack` says otherwise. */
function Page({ staysOnBack = () => false }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {open && (
        <Dialog
          name="Editor"
          onBack={() => {
            if (staysOnBack()) return true;
            setOpen(false);
            return false;
          }}
        />
      )}
    </>
  );
}

let start;
beforeEach(() => {
  // The page's own entry, with its own state; nothing ahead of it.
  window.history.pushState({ filter: "meta_creative" }, "");
  start = window.history.length;
  vi.spyOn(window.history, "pushState");
});
afterEach(() => vi.restoreAllMocks());

async function open() {
  act(() => screen.getByRole("button", { name: "Open" }).click());
  await settled();
}
async function closeWithCancel() {
  const back = popped();
  act(() => screen.getByRole("button", { name: "Cancel" }).click());
  await settled();
  await back;
}
async function pressBack() {
  const back = popped();
  window.history.back();
  await act(() => back);
  await settled();
}

describe("useBackButton", () => {
  it("gives an open dialog one history entry at the page's URL and takes it off when it closes", async () => {
    render(<Page />);
    const url = window.location.href;
    await open();
    expect(window.history.length).toBe(start + 1);
    expect(ours()).toBe(true);
    expect(window.history.state.filter).toBe("meta_creative"); // the page's state kept
    expect(window.location.href).toBe(url);

    await closeWithCancel();
    expect(window.history.state).toEqual({ filter: "meta_creative" });
    expect(window.location.href).toBe(url);
  });

  it("closes the dialog on Back, leaving the page where it was", async () => {
    render(<Page />);
    await open();
    await pressBack();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(ours()).toBe(false);
    expect(window.history.pushState).toHaveBeenCalledTimes(1); // nothing pushed again
  });

  it("keeps the dialog and its entry when it stays open on Back, so the next Back comes to it too", async () => {
    let stays = true;
    render(<Page staysOnBack={() => stays} />);
    await open();
    await pressBack();
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(ours()).toBe(true);

    stays = false;
    await pressBack();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(ours()).toBe(false);
  });

  it("leaves no entry behind however often the dialog opens and closes, Back or not", async () => {
    render(<Page />);
    for (let round = 0; round < 3; round += 1) {
      await open();
      if (round === 1) await pressBack();
      else await closeWithCancel();
      expect(ours()).toBe(false);
    }
    // Each opening replaces the entry the last one left ahead (as Forward would reach), so
    // the page keeps one extra entry at most, never one per opening.
    expect(window.history.length).toBe(start + 1);
  });

  it("waits for its own Back to land before a dialog opened at once gets an entry", async () => {
    render(<Page />);
    await open();
    const back = popped();
    act(() => screen.getByRole("button", { name: "Cancel" }).click());
    // Opened again before the Back has landed. Microtasks only: an async act() waits in a
    // macrotask (setImmediate), which Node may run after jsdom's setTimeout(0) that lands the Back.
    await Promise.resolve();
    act(() => screen.getByRole("button", { name: "Open" }).click());
    await Promise.resolve();
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(window.history.pushState).toHaveBeenCalledTimes(1);
    await act(() => back);
    expect(window.history.pushState).toHaveBeenCalledTimes(2);
    expect(ours()).toBe(true);
    expect(screen.getByRole("dialog")).toBeTruthy();
    await closeWithCancel();
  });

  it("pushes once under StrictMode's double effects", async () => {
    render(
      <StrictMode>
        <Page />
      </StrictMode>,
    );
    await open();
    expect(window.history.pushState).toHaveBeenCalledTimes(1);
    expect(ours()).toBe(true);
    await closeWithCancel();
    expect(ours()).toBe(false);
  });

  it("keeps the one entry when a dialog takes another's place (the editor its stand-in)", async () => {
    const { rerender } = render(<Dialog key="stand-in" name="Opening" onBack={() => false} />);
    await settled();
    rerender(<Dialog key="editor" name="Editor" onBack={() => false} />);
    await settled();
    expect(window.history.pushState).toHaveBeenCalledTimes(1);
    expect(ours()).toBe(true);
    const back = popped();
    rerender(<div />);
    await settled();
    await back;
    expect(ours()).toBe(false);
  });
});
