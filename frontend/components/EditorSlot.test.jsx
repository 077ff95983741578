import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EditableCreative } from "./EditorSlot.jsx";

// Browser APIs jsdom lacks (canvas, image decoding) and the server, stood in for.
const json = (body, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

let latestVersion;

beforeEach(() => {
  latestVersion = null;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url, options = {}) => {
      if (url === "/api/generations/5/versions/latest/") return json({ version: latestVersion });
      if (url === "/api/generations/5/versions/" && options.method === "DELETE") return new Response(null, { status: 204 });
      if (url === "/api/generations/5/versions/" && options.method === "POST") return json({ id: 9, image: "/files/v9.png", layers: {} }, 201);
      return new Response("png", { status: 200 });
    }),
  );
  vi.stubGlobal("createImageBitmap", vi.fn(async () => ({ width: 100, height: 100 })));
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(
    () => new Proxy({ measureText: () => ({ width: 10 }) }, { get: (target, key) => (key in target ? target[key] : () => {}), set: () => true }),
  );
  HTMLCanvasElement.prototype.toBlob = (callback) => callback(new Blob(["final"], { type: "image/png" }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const creative = (output) => (
  <EditableCreative generation={{ id: 5, output }} title="Generated Meta Creative" editLabel="Add Text" appliedMessage="Text added to creative!" downloadName="meta-creative" />
);

const editable = {
  image: "/files/original.png",
  original: "/files/original.png",
  versionsUrl: "/api/generations/5/versions/",
  latestVersionUrl: "/api/generations/5/versions/latest/",
};

// EditorSlot.jsx as a page loads it: the editor's code not fetched yet.
async function freshEditorSlot() {
  vi.resetModules();
  return import("./EditorSlot.jsx");
}

describe("EditableCreative while the editor's code is on its way", () => {
  it("opens the editor's frame at once, saying so, and the editor in it once the code is here", async () => {
    const { EditableCreative: Fresh } = await freshEditorSlot();
    const props = { title: "Generated Meta Creative", editLabel: "Add Text", appliedMessage: "Text added to creative!", downloadName: "meta-creative" };
    render(<Fresh generation={{ id: 5, output: editable }} {...props} />);
    const addText = screen.getByRole("button", { name: "Add Text" });
    addText.focus(); // as a click does in a browser

    fireEvent.click(addText);
    let frame = screen.getByRole("dialog", { name: "Add Text" });
    expect(frame.dataset.testid).toBe("text-editor-opening");
    expect(within(frame).getByRole("status").textContent).toBe("Opening the text editor…");
    expect(document.activeElement).toBe(within(frame).getByRole("button", { name: "Close" }));
    fireEvent.keyDown(document.activeElement, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(addText);

    fireEvent.click(addText);
    frame = screen.getByTestId("text-editor-opening");
    fireEvent.click(within(frame).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(addText);
    await act(() => vi.dynamicImportSettled());
    const editor = await screen.findByTestId("text-editor");
    expect(screen.queryByTestId("text-editor-opening")).toBeNull();
    expect(editor.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(addText);
  });

  it("fetches the editor's code as soon as an editable creative shows, so the first click opens the editor itself", async () => {
    const { EditableCreative: Fresh } = await freshEditorSlot();
    render(<Fresh generation={{ id: 5, output: editable }} title="Generated Meta Creative" editLabel="Add Text" />);
    await act(() => vi.dynamicImportSettled());
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    expect(screen.getByTestId("text-editor")).toBeTruthy();
    expect(screen.queryByTestId("text-editor-opening")).toBeNull();
  });
});

/** 'Add Text' on the card, one text added in the editor, applied; the editor closed. */
async function addOneTextAndApply() {
  fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
  const editor = await screen.findByTestId("text-editor");
  await within(editor).findByTestId("editor-canvas");
  fireEvent.click(within(editor).getByRole("button", { name: "Add Text" }));
  await act(async () => fireEvent.click(within(editor).getByRole("button", { name: "Apply Text" })));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
}

describe("EditableCreative", () => {
  it("shows and marks the edited version once text is applied", async () => {
    render(creative(editable));
    expect(screen.getByTestId("creative-image").getAttribute("src")).toBe("/files/original.png");
    await addOneTextAndApply();
    expect(screen.getByTestId("creative-image").getAttribute("src")).toBe("/files/v9.png");
    expect(screen.getByTestId("custom-text-badge").textContent).toBe("With Custom Text");
  });

  it("shows the original again, without the badge, once every text is removed and applied", async () => {
    latestVersion = { id: 9, image: "/files/v9.png", original: "/files/original.png", layers: { version: 1, elements: [{ id: "a", text: "Sale" }] } };
    render(creative({ ...editable, image: "/files/v9.png", edited: true }));
    expect(screen.getByTestId("custom-text-badge")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    const editor = await screen.findByTestId("text-editor");
    await within(editor).findByTestId("editor-canvas");
    fireEvent.click(within(editor).getByRole("button", { name: "Delete Text" }));
    await act(async () => fireEvent.click(within(editor).getByRole("button", { name: "Apply Text" })));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByTestId("creative-image").getAttribute("src")).toBe("/files/original.png");
    expect(screen.queryByTestId("custom-text-badge")).toBeNull();
  });

  it("shows what was applied in every view of the same creative, one opened later too", async () => {
    const { EditableCreative: Card, CreativeWithTextEditor } = await freshEditorSlot();
    const entry = (
      <CreativeWithTextEditor output={editable} image={editable.image} editLabel="Edit Text">
        {({ image, edited }) => <img data-testid="entry-image" data-edited={String(edited)} src={image} alt="" />}
      </CreativeWithTextEditor>
    );
    const { rerender } = render(
      <>
        <Card generation={{ id: 5, output: editable }} title="Generated Meta Creative" editLabel="Add Text" />
        {entry}
      </>,
    );
    expect(screen.getByTestId("entry-image").getAttribute("src")).toBe("/files/original.png");
    await addOneTextAndApply();

    expect(screen.getByTestId("creative-image").getAttribute("src")).toBe("/files/v9.png");
    expect(screen.getByTestId("entry-image").getAttribute("src")).toBe("/files/v9.png");
    expect(screen.getByTestId("entry-image").dataset.edited).toBe("true");
    // A history entry collapsed and opened again: drawn afresh from the output it was handed.
    rerender(<Card generation={{ id: 5, output: editable }} title="Generated Meta Creative" editLabel="Add Text" />);
    rerender(
      <>
        <Card generation={{ id: 5, output: editable }} title="Generated Meta Creative" editLabel="Add Text" />
        {entry}
      </>,
    );
    expect(screen.getByTestId("entry-image").getAttribute("src")).toBe("/files/v9.png");
  });

  it("offers no editor for a creative without versions to edit", () => {
    render(creative({ image: "/files/original.png" }));
    expect(screen.queryByRole("button", { name: "Add Text" })).toBeNull();
    expect(screen.getByRole("button", { name: "Download" })).toBeTruthy();
  });
});
