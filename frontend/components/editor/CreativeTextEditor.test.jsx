import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CreativeTextEditor from "./CreativeTextEditor.jsx";

// Browser APIs jsdom lacks (canvas, image decoding) and the server, stood in for.
const json = (body, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
let requests;
let latest;
let latestStatus;
let latestAnswered; // null: /latest/ answers at once; else a promise it waits for

beforeEach(() => {
  requests = [];
  latest = null;
  latestStatus = 200;
  latestAnswered = null;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url, options = {}) => {
      requests.push({ url, method: options.method || "GET", body: options.body, signal: options.signal });
      if (url === "/latest/" && latestAnswered) {
        await new Promise((resolve, reject) => {
          latestAnswered.then(resolve);
          options.signal?.addEventListener("abort", () => reject(new DOMException("The user aborted a request.", "AbortError")));
        });
      }
      if (url === "/latest/") return latestStatus === 200 ? json({ version: latest }) : json({ detail: "Not found." }, latestStatus);
      if (url === "/versions/" && options.method === "DELETE") return new Response(null, { status: 204 });
      if (url === "/versions/") return json({ id: 7, image: "/files/v7.png", layers: JSON.parse(options.body.get("layers")) }, 201);
      return new Response("png", { status: 200 });
    }),
  );
  vi.stubGlobal("createImageBitmap", vi.fn(async () => ({ width: 100, height: 100 })));
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(() => new Proxy({ measureText: () => ({ width: 10 }) }, {
    get: (target, key) => (key in target ? target[key] : () => {}),
    set: () => true,
  }));
  HTMLCanvasElement.prototype.toBlob = (callback) => callback(new Blob(["final"], { type: "image/png" }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (props) =>
  render(
    <CreativeTextEditor open imageUrl="/files/original.png" versionsUrl="/versions/" latestVersionUrl="/latest/" title="Add Text" onClose={() => {}} {...props} />,
  );

/** As a page has it: 'Add Text' opens the editor, closing it unmounts it. */
function Page() {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setEditing(true)}>
        Open editor
      </button>
      <CreativeTextEditor open={editing} imageUrl="/files/original.png" versionsUrl="/versions/" latestVersionUrl="/latest/" title="Add Text" onClose={() => setEditing(false)} />
    </>
  );
}

function openSlowly() {
  let answer;
  latestAnswered = new Promise((resolve) => {
    answer = resolve;
  });
  render(<Page />);
  const opener = screen.getByRole("button", { name: "Open editor" });
  opener.focus();
  fireEvent.click(opener);
  return { opener, answer, dialog: screen.getByRole("dialog", { name: "Add Text" }) };
}

describe("CreativeTextEditor", () => {
  it("starts from the original with no layers when nothing was saved yet", async () => {
    open();
    await screen.findByTestId("editor-canvas");
    expect(requests.map((r) => r.url)).toEqual(["/latest/", "/files/original.png"]);
    expect(screen.getByText(/No text yet/)).toBeTruthy();
  });

  it("starts afresh on the original, saying why, when the saved version cannot be read", async () => {
    latestStatus = 404;
    const toasts = [];
    const listener = (event) => toasts.push(event.detail);
    window.addEventListener("adsmith:toast", listener);
    open();
    await screen.findByTestId("editor-canvas");
    window.removeEventListener("adsmith:toast", listener);
    expect(requests.at(-1).url).toBe("/files/original.png");
    expect(toasts).toEqual([{ message: "Not found.", kind: "error" }]);
    expect(screen.getByText(/No text yet/)).toBeTruthy();
  });

  it("reopens on the latest version's original with its layers", async () => {
    latest = { image: "/files/v3.png", original: "/files/original.png", layers: { version: 1, elements: [{ id: "a", text: "Saved" }] } };
    open({ imageUrl: "/files/v3.png" });
    await screen.findByTestId("editor-canvas");
    expect(requests.at(-1).url).toBe("/files/original.png"); // never the edited image
    expect(within(screen.getByRole("list", { name: "Text layers, top first" })).getByText("Saved")).toBeTruthy();
  });

  it("says it is opening inside the dialog, which holds focus and closes with Close, aborting the read", async () => {
    const { opener, dialog } = openSlowly();
    expect(within(dialog).getByRole("status").textContent).toBe("Opening the text editor…");
    expect(dialog.contains(document.activeElement)).toBe(true);
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Close" })));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(requests[0].signal.aborted).toBe(true);
    expect(requests).toHaveLength(1); // the image was never asked for
    expect(document.activeElement).toBe(opener);
  });

  it("closes while opening with Escape or Cancel too", async () => {
    const { dialog } = openSlowly();
    await act(async () => fireEvent.keyDown(dialog, { key: "Escape" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(requests[0].signal.aborted).toBe(true);

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Open editor" })));
    await act(async () => fireEvent.click(within(screen.getByRole("dialog", { name: "Add Text" })).getByRole("button", { name: "Cancel" })));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(requests[1].signal.aborted).toBe(true);
  });

  it("starts from the saved layers once they arrive, with nothing to undo, focus on Add Text", async () => {
    latest = { image: "/files/v3.png", original: "/files/original.png", layers: { version: 1, elements: [{ id: "a", text: "Saved" }] } };
    const { dialog, answer } = openSlowly();
    await act(async () => answer());
    await within(dialog).findByTestId("editor-canvas");
    expect(within(within(dialog).getByRole("list", { name: "Text layers, top first" })).getByText("Saved")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Undo (Ctrl+Z)" }).disabled).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Add Text" }));
    await act(async () => fireEvent.keyDown(dialog, { key: "Escape" })); // nothing changed: closes without asking
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("saves a new version (PNG + layers) and hands it to the page", async () => {
    const onApplied = vi.fn();
    open({ onApplied });
    await screen.findByTestId("editor-canvas");
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Apply Text" })));
    await waitFor(() => expect(onApplied).toHaveBeenCalled());
    const post = requests.find((r) => r.method === "POST");
    expect(post.url).toBe("/versions/");
    expect(post.body.get("file").type).toBe("image/png");
    expect(JSON.parse(post.body.get("layers")).elements[0].text).toBe("Your Text Here");
    expect(onApplied.mock.calls[0][0]).toMatchObject({ id: 7, image: "/files/v7.png" });
  });

  it("offers no Apply on a creative with nothing saved until text is added", async () => {
    open();
    await screen.findByTestId("editor-canvas");
    const apply = screen.getByRole("button", { name: "Apply Text" });
    expect(apply.getAttribute("aria-disabled")).toBe("true");
    await act(async () => fireEvent.click(apply));
    expect(requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("takes the text off when every text of the saved version is removed, and tells the page", async () => {
    latest = { image: "/files/v3.png", original: "/files/original.png", layers: { version: 1, elements: [{ id: "a", text: "Saved" }] } };
    const onApplied = vi.fn();
    open({ onApplied, imageUrl: "/files/v3.png" });
    await screen.findByTestId("editor-canvas");
    fireEvent.click(screen.getByRole("button", { name: "Delete Text" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Apply Text" })));
    await waitFor(() => expect(onApplied).toHaveBeenCalledWith(null));
    expect(requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.url}`)).toEqual(["DELETE /versions/"]);
  });
});
