import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import TextOverlayEditor, { MESSAGES } from "./TextOverlayEditor.jsx";

// jsdom has no canvas or image decoding: stand-ins for the browser's APIs (not our code).
// The creative is 200 x 100, so 1 px is 0.5 % across and 1 % down.
let drawn;
function fakeContext() {
  const ctx = {};
  for (const name of ["save", "restore", "setTransform", "clearRect", "drawImage", "translate", "rotate", "beginPath", "moveTo", "lineTo", "closePath", "stroke", "setLineDash"]) {
    ctx[name] = () => {};
  }
  ctx.measureText = (text) => ({ width: text.length * 10 });
  ctx.fillText = (text) => drawn.push(text);
  return ctx;
}

let toasts;
const onToast = (event) => toasts.push(event.detail);

beforeEach(() => {
  drawn = [];
  toasts = [];
  window.addEventListener("adsmith:toast", onToast);
  vi.stubGlobal("fetch", vi.fn(async () => new Response("png", { status: 200 })));
  vi.stubGlobal("createImageBitmap", vi.fn(async () => ({ width: 200, height: 100 })));
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(fakeContext);
  HTMLCanvasElement.prototype.toBlob = function toBlob(callback) {
    callback(new Blob(["final"], { type: "image/png" }));
  };
});
afterEach(() => {
  window.removeEventListener("adsmith:toast", onToast);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openEditor(props = {}) {
  const handlers = { onApply: vi.fn(async () => {}), onClose: vi.fn() };
  render(<TextOverlayEditor open imageUrl="/files/generation-history/1/c.png" title="Add Text" {...handlers} {...props} />);
  await screen.findByTestId("editor-canvas");
  return { ...handlers, dialog: screen.getByRole("dialog", { name: "Add Text" }) };
}

const field = (name) => screen.getByLabelText(name);

/** The browser's Back, once the editor's history entry is there (components/backButton.js). */
async function pressBack() {
  await waitFor(() => expect(window.history.state?.adsmithDialog).toBeTruthy());
  const back = new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
  window.history.back();
  await act(() => back);
}

describe("TextOverlayEditor", () => {
  it("fetches the creative with same-origin credentials and shows it at its natural size", async () => {
    await openEditor();
    expect(fetch).toHaveBeenCalledWith("/files/generation-history/1/c.png", expect.objectContaining({ credentials: "same-origin" }));
    const canvas = screen.getByTestId("editor-canvas");
    expect([canvas.width, canvas.height]).toEqual([200, 100]);
  });

  it("adds no page landmarks: its title bar and button row are not a second banner or a contentinfo", async () => {
    const { dialog } = await openEditor();
    expect(within(document.body).queryAllByRole("banner")).toHaveLength(0);
    expect(within(document.body).queryAllByRole("contentinfo")).toHaveLength(0);
    expect(within(dialog).getByRole("heading", { name: "Add Text" })).toBeTruthy();
  });

  it("adds a text with the documented defaults and every control labelled", async () => {
    await openEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    expect(field("Text").value).toBe("Your Text Here");
    expect(field("Text").getAttribute("dir")).toBe("auto"); // Hebrew or Arabic is typed from the right
    expect(field("Font size (px)").value).toBe("32");
    expect(screen.getByRole("button", { name: /^Font/ }).textContent).toBe("Arial");
    expect(screen.getByRole("button", { name: "Text colour #FFFFFF, open colour picker" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Bold" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Italic" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole("button", { name: "Align centre" }).getAttribute("aria-pressed")).toBe("true");
    expect(field("Rotation (°)").value).toBe("0");
    expect(field("Opacity (0–1)").value).toBe("1.0");
    expect([field("X (%)").value, field("Y (%)").value]).toEqual(["50", "50"]);
    await waitFor(() => expect(drawn).toContain("Your Text Here"));
  });

  it("moves the selected text with the arrow keys, deletes it, and undoes and redoes", async () => {
    await openEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    const canvas = screen.getByTestId("editor-canvas");
    fireEvent.keyDown(canvas, { key: "ArrowRight" });
    expect(field("X (%)").value).toBe("50.5");
    fireEvent.keyDown(canvas, { key: "ArrowDown", shiftKey: true });
    expect(field("Y (%)").value).toBe("60");

    fireEvent.keyDown(canvas, { key: "Delete" });
    expect(screen.queryByLabelText("Text")).toBeNull();
    fireEvent.keyDown(canvas, { key: "z", ctrlKey: true });
    expect(field("Y (%)").value).toBe("60");
    fireEvent.keyDown(canvas, { key: "z", ctrlKey: true }); // both nudges were one step
    expect(field("X (%)").value).toBe("50");
    fireEvent.keyDown(canvas, { key: "Z", metaKey: true, shiftKey: true });
    expect(field("X (%)").value).toBe("50.5");
    fireEvent.keyDown(canvas, { key: "y", ctrlKey: true });
    expect(screen.queryByLabelText("Text")).toBeNull();
  });

  it("leaves arrow keys, Backspace and Delete alone on a button: they move or delete a text only on the preview", async () => {
    await openEditor({ initialLayers: { version: 1, elements: [{ id: "a", text: "Sale" }] } });
    const buttons = ["Bold", "Align right", "Apply Text", "Add Text", "Delete Text", "Sale"].map((name) =>
      screen.getByRole("button", { name }),
    );
    for (const button of [...buttons, screen.getByRole("button", { name: /^Font/ })]) {
      button.focus();
      for (const key of ["ArrowRight", "ArrowDown", "Backspace", "Delete"]) fireEvent.keyDown(button, { key });
    }
    expect([field("X (%)").value, field("Y (%)").value]).toEqual(["50", "50"]);
    expect(screen.getByRole("button", { name: "Sale" })).toBeTruthy(); // the layer is still there
    fireEvent.keyDown(field("Opacity (0–1)"), { key: "Delete" });
    expect(field("Text").value).toBe("Sale");

    screen.getByTestId("editor-canvas").focus();
    fireEvent.keyDown(document.activeElement, { key: "ArrowRight" });
    expect(field("X (%)").value).toBe("50.5");
  });

  it("gives focus to Add Text when the last text is deleted, by its button or by key", async () => {
    const { dialog } = await openEditor({ initialLayers: { version: 1, elements: [{ id: "a", text: "A" }, { id: "b", text: "B" }] } });
    const addText = screen.getByRole("button", { name: "Add Text" });
    screen.getByRole("button", { name: "Delete Text" }).focus();
    fireEvent.click(document.activeElement);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Delete Text" })); // the next text's
    fireEvent.click(document.activeElement);
    expect(screen.queryByRole("button", { name: "Delete Text" })).toBeNull();
    expect(document.activeElement).toBe(addText);

    fireEvent.click(addText);
    const canvas = screen.getByTestId("editor-canvas");
    canvas.focus();
    fireEvent.keyDown(canvas, { key: "Backspace" });
    expect(screen.queryByLabelText("Text")).toBeNull();
    expect(document.activeElement).toBe(canvas); // still on the preview, in the dialog
    screen.getByRole("button", { name: "Undo (Ctrl+Z)" }).focus();
    fireEvent.keyDown(document.activeElement, { key: "z", ctrlKey: true });
    field("Text").focus();
    fireEvent.keyDown(document.activeElement, { key: "z", ctrlKey: true }); // undoes the Add Text: the box goes
    expect(screen.queryByLabelText("Text")).toBeNull();
    expect(document.activeElement).toBe(addText);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("leaves arrow keys and Delete to the text box being typed in", async () => {
    await openEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    fireEvent.keyDown(field("Text"), { key: "ArrowRight" });
    fireEvent.keyDown(field("Text"), { key: "Delete" });
    expect(field("X (%)").value).toBe("50");
  });

  it("clamps typed values only once they are in range", async () => {
    await openEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    fireEvent.change(field("Font size (px)"), { target: { value: "7" } });
    expect(screen.getByLabelText("Font size").value).toBe("32"); // the slider: nothing applied yet
    fireEvent.change(field("Font size (px)"), { target: { value: "72" } });
    expect(screen.getByLabelText("Font size").value).toBe("72");
  });

  it("brings a number typed out of range to the nearest bound when the box is left, and an empty box back", async () => {
    await openEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    const settle = (label, typed) => {
      fireEvent.change(field(label), { target: { value: typed } });
      fireEvent.blur(field(label));
      return field(label).value;
    };
    expect(settle("Font size (px)", "150")).toBe("120");
    expect(screen.getByLabelText("Font size").value).toBe("120"); // applied, the slider with it
    expect(settle("Font size (px)", "5")).toBe("12");
    expect(settle("Font size (px)", "48")).toBe("48");
    expect(settle("Font size (px)", "")).toBe("48"); // no number: the size it had
    expect(settle("Rotation (°)", "200")).toBe("180");
    expect(settle("Rotation (°)", "-400")).toBe("-180");
    expect(settle("Opacity (0–1)", "5")).toBe("1.0");
    expect(settle("Opacity (0–1)", "-1")).toBe("0.0");
    expect(settle("X (%)", "250")).toBe("100");

    // Enter settles it too, the box keeping focus.
    fireEvent.change(field("Font size (px)"), { target: { value: "500" } });
    fireEvent.keyDown(field("Font size (px)"), { key: "Enter" });
    expect(field("Font size (px)").value).toBe("120");
  });

  it("reorders layers", async () => {
    await openEditor({ initialLayers: { version: 1, elements: [{ id: "a", text: "Bottom" }, { id: "b", text: "Top" }] } });
    const names = () => within(screen.getByRole("list", { name: "Text layers, top first" })).getAllByRole("button").map((b) => b.textContent);
    expect(names()).toEqual(["Top", "Bottom"]);
    fireEvent.click(screen.getByRole("button", { name: "Bottom" }));
    fireEvent.click(screen.getByRole("button", { name: "Bring Forward" }));
    expect(names()).toEqual(["Bottom", "Top"]);
    expect(screen.getByRole("button", { name: "Bring Forward" }).disabled).toBe(true);
  });

  it("picks a font from the list by keyboard, each name shown in its own face", async () => {
    const { onClose } = await openEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    fireEvent.click(screen.getByRole("button", { name: /^Font/ }));
    const list = screen.getByRole("listbox", { name: "Font" });
    const options = within(list).getAllByRole("option");
    expect(options).toHaveLength(40);
    expect(options[1].style.fontFamily).toContain("Overlay Times New Roman");
    fireEvent.keyDown(list, { key: "ArrowDown" });
    fireEvent.keyDown(list, { key: "Enter" });
    expect(screen.getByRole("button", { name: /^Font/ }).textContent).toBe("Times New Roman");

    fireEvent.click(screen.getByRole("button", { name: /^Font/ }));
    fireEvent.keyDown(screen.getByRole("listbox", { name: "Font" }), { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(onClose).not.toHaveBeenCalled(); // Escape closed the list, not the editor
  });

  it("closes on Escape when nothing was changed", async () => {
    const { onClose, dialog } = await openEditor();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(onClose).toHaveBeenCalled();
  });

  it("still closes on Escape, and Tab stays inside, when focus has fallen to the page", async () => {
    const { onClose, dialog } = await openEditor();
    document.activeElement.blur(); // as when a focused button is disabled, or the backdrop is clicked
    fireEvent.keyDown(document.body, { key: "Tab" });
    expect(dialog.contains(document.activeElement)).toBe(true);
    document.activeElement.blur();
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("asks before Escape, Cancel or Close throw away text not applied yet", async () => {
    const { onClose, dialog } = await openEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    const cancel = screen.getByRole("button", { name: "Cancel" });
    cancel.focus();
    fireEvent.click(cancel);
    const confirm = screen.getByRole("dialog", { name: "Discard your changes?" });
    expect(document.activeElement).toBe(within(confirm).getByRole("button", { name: "Keep editing" }));
    fireEvent.click(within(confirm).getByRole("button", { name: "Keep editing" }));
    expect(screen.queryByRole("dialog", { name: "Discard your changes?" })).toBeNull();
    expect(document.activeElement).toBe(cancel); // back where the user was
    expect(field("Text").value).toBe("Your Text Here");

    fireEvent.keyDown(screen.getByTestId("editor-canvas"), { key: "Escape" });
    fireEvent.keyDown(screen.getByRole("dialog", { name: "Discard your changes?" }), { key: "Escape" }); // Escape there keeps editing
    expect(screen.queryByRole("dialog", { name: "Discard your changes?" })).toBeNull();
    expect(dialog.isConnected).toBe(true);

    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Discard" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("closes without asking once every change is undone", async () => {
    const { onClose, dialog } = await openEditor({ initialLayers: { version: 1, elements: [{ id: "a", text: "Saved" }] } });
    fireEvent.click(screen.getByRole("button", { name: "Bold" }));
    fireEvent.keyDown(dialog, { key: "z", ctrlKey: true });
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog", { name: "Discard your changes?" })).toBeNull();
    expect(onClose).toHaveBeenCalled();
  });

  it("closes on the browser's Back when nothing was changed", async () => {
    const { onClose } = await openEditor();
    await pressBack();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog", { name: "Discard your changes?" })).toBeNull();
  });

  it("asks before the browser's Back throws away text not applied yet; Back again keeps editing", async () => {
    const { onClose, dialog } = await openEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    fireEvent.change(field("Text"), { target: { value: "Not kept" } });
    await pressBack();
    expect(screen.getByRole("dialog", { name: "Discard your changes?" })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(window.history.state?.adsmithDialog).toBeTruthy(); // the editor's entry is back for the next Back

    await pressBack(); // on the question, Back is "Keep editing", as Escape is
    expect(screen.queryByRole("dialog", { name: "Discard your changes?" })).toBeNull();
    expect(dialog.isConnected).toBe(true);
    expect(field("Text").value).toBe("Not kept");

    await pressBack();
    fireEvent.click(screen.getByRole("button", { name: "Discard" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("has the browser ask before the page is left with text not applied, and only then", async () => {
    await openEditor();
    const leave = () => window.dispatchEvent(new Event("beforeunload", { cancelable: true }));
    expect(leave()).toBe(true); // nothing to lose: no question
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    expect(leave()).toBe(false);
    fireEvent.keyDown(screen.getByTestId("editor-canvas"), { key: "z", ctrlKey: true });
    expect(leave()).toBe(true);
  });

  it("leaves Escape typed in the text box to the box: the editor stays open", async () => {
    const { onClose } = await openEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    fireEvent.keyDown(field("Text"), { key: "Escape" });
    expect(screen.queryByRole("dialog", { name: "Discard your changes?" })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Add Text" })).toBeTruthy();
  });

  it("drags a text with the pointer, keeping the grab point under it, as one undo step", async () => {
    await openEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    await waitFor(() => expect(drawn).toContain("Your Text Here"));
    const canvas = screen.getByTestId("editor-canvas");
    // Shown at its natural size: one client pixel is one image pixel.
    canvas.getBoundingClientRect = () => ({ left: 0, top: 0, right: 200, bottom: 100, width: 200, height: 100, x: 0, y: 0 });
    // Grabbed 10 px right of its centre (100, 50), then moved 20 px right and 10 px down.
    fireEvent.pointerDown(canvas, { pointerId: 1, button: 0, clientX: 110, clientY: 50 });
    fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 120, clientY: 55 });
    fireEvent.pointerMove(canvas, { pointerId: 2, clientX: 0, clientY: 0 }); // another finger: ignored
    fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 125, clientY: 58 });
    fireEvent.pointerUp(canvas, { pointerId: 1, clientX: 130, clientY: 60 }); // lands where released
    expect([field("X (%)").value, field("Y (%)").value]).toEqual(["60", "60"]);
    fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 190, clientY: 90 }); // released: no longer dragging
    expect(field("X (%)").value).toBe("60");

    fireEvent.keyDown(canvas, { key: "z", ctrlKey: true });
    expect([field("X (%)").value, field("Y (%)").value]).toEqual(["50", "50"]);
  });

  it("shows a dragged position to a tenth, keeping it exact: leaving the box untouched does not round it", async () => {
    const { onApply } = await openEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    await waitFor(() => expect(drawn).toContain("Your Text Here"));
    const canvas = screen.getByTestId("editor-canvas");
    // Shown at 1.5 times its natural size: a client pixel is two thirds of an image pixel.
    canvas.getBoundingClientRect = () => ({ left: 0, top: 0, right: 300, bottom: 150, width: 300, height: 150, x: 0, y: 0 });
    fireEvent.pointerDown(canvas, { pointerId: 1, button: 0, clientX: 150, clientY: 75 });
    fireEvent.pointerUp(canvas, { pointerId: 1, clientX: 151, clientY: 76 });
    expect([field("X (%)").value, field("Y (%)").value]).toEqual(["50.3", "50.7"]);
    field("X (%)").focus();
    fireEvent.blur(field("X (%)"));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Apply Text" })));
    await waitFor(() => expect(onApply).toHaveBeenCalled());
    const [{ x, y }] = onApply.mock.calls[0][1].elements;
    expect([x, y]).toEqual([50.333, 50.667]);
  });

  it("selects nothing and moves nothing when the pointer misses every text", async () => {
    await openEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    await waitFor(() => expect(drawn).toContain("Your Text Here"));
    const canvas = screen.getByTestId("editor-canvas");
    canvas.getBoundingClientRect = () => ({ left: 0, top: 0, right: 200, bottom: 100, width: 200, height: 100, x: 0, y: 0 });
    fireEvent.pointerDown(canvas, { pointerId: 1, button: 0, clientX: 5, clientY: 5 });
    fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 60, clientY: 60 });
    expect(screen.queryByLabelText("Text")).toBeNull(); // deselected: the settings are gone
    fireEvent.click(screen.getByRole("button", { name: "Your Text Here" }));
    expect(field("X (%)").value).toBe("50");
  });

  it("wraps long text inside the image, and the exported PNG breaks its lines where the preview did", async () => {
    const { onApply } = await openEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    // 10 px a character on a 200 px image with 3 px margins: 19 characters a line at most;
    // at 12 px the four lines take 58 of the image's 100 px height.
    fireEvent.change(field("Font size (px)"), { target: { value: "12" } });
    fireEvent.change(field("Text"), { target: { value: "LIMITED OFFER: 50% OFF EVERYTHING\nhttps://glow.example.com" } });
    const lines = ["LIMITED OFFER: 50%", "OFF EVERYTHING", "https://glow.exampl", "e.com"];
    await waitFor(() => expect(drawn.slice(-lines.length)).toEqual(lines));
    expect(screen.queryByText(MESSAGES.offImage)).toBeNull();

    drawn = [];
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Apply Text" })));
    await waitFor(() => expect(onApply).toHaveBeenCalled());
    expect(drawn).toEqual(lines);
  });

  it("says when the selected text runs off the image, and stops once it is back inside", async () => {
    await openEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    fireEvent.change(field("X (%)"), { target: { value: "5" } });
    const note = await screen.findByText(MESSAGES.offImage);
    expect(note.getAttribute("role")).toBe("status");
    expect(field("Text").getAttribute("aria-describedby")).toBe(note.id);
    fireEvent.change(field("X (%)"), { target: { value: "50" } });
    await waitFor(() => expect(screen.queryByText(MESSAGES.offImage)).toBeNull());
    // Wrapping keeps the width; three 32 px lines are taller than the 100 px image.
    fireEvent.change(field("Text"), { target: { value: "LIMITED OFFER: 50% OFF EVERYTHING TODAY" } });
    expect(await screen.findByText(MESSAGES.offImage)).toBeTruthy();
  });

  it("applies: hands over the PNG and layers, then toasts success and the caller's message", async () => {
    const { onApply, onClose } = await openEditor({ appliedMessage: "Text added to creative!" });
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Apply Text" })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [blob, layers] = onApply.mock.calls[0];
    expect(blob.type).toBe("image/png");
    expect(layers.version).toBe(1);
    expect(layers.elements.map((el) => el.text)).toEqual(["Your Text Here"]);
    expect(toasts).toEqual([
      { message: MESSAGES.success, kind: "success" },
      { message: "Text added to creative!", kind: "success" },
    ]);
  });

  it("keeps Apply Text focusable while it saves, so focus stays in the dialog, and applies once", async () => {
    let fail;
    const onApply = vi.fn(() => new Promise((_, reject) => (fail = reject)));
    await openEditor({ onApply });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Add Text" })));
    const apply = screen.getByRole("button", { name: "Apply Text" });
    apply.focus();
    await act(async () => fireEvent.click(apply));
    const applying = screen.getByRole("button", { name: "Applying…" });
    expect(applying.disabled).toBe(false);
    expect(applying.getAttribute("aria-disabled")).toBe("true");
    await act(async () => fireEvent.click(applying));
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    await act(async () => fail(new Error("HTTP error! status: 401")));
    await waitFor(() => expect(screen.getByRole("button", { name: "Apply Text" }).getAttribute("aria-disabled")).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Apply Text" }));
  });

  it("stays open and says 'Failed to generate final image' when saving fails", async () => {
    const { onClose } = await openEditor({ onApply: vi.fn(async () => Promise.reject(new Error("HTTP error! status: 500"))) });
    vi.spyOn(console, "error").mockImplementation(() => {});
    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Apply Text" })));
    await waitFor(() => expect(toasts).toEqual([{ message: "Failed to generate final image", kind: "error" }]));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Apply Text" }).disabled).toBe(false);
  });

  it("marks Apply disabled, saying 'Add text to apply', until a layer has text to see", async () => {
    const { onApply } = await openEditor();
    const apply = screen.getByRole("button", { name: "Apply Text" });
    const whyNot = () => document.getElementById(apply.getAttribute("aria-describedby"))?.textContent;
    expect(apply.getAttribute("aria-disabled")).toBe("true");
    expect(whyNot()).toBe("Add text to apply");
    await act(async () => fireEvent.click(apply));
    expect(onApply).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Add Text" }));
    expect(apply.getAttribute("aria-disabled")).toBeNull();
    expect(apply.getAttribute("aria-describedby")).toBeNull();
    fireEvent.change(field("Text"), { target: { value: "   " } });
    expect(apply.getAttribute("aria-disabled")).toBe("true"); // whitespace is no text
    fireEvent.change(field("Text"), { target: { value: "Sale" } });
    fireEvent.change(field("Opacity (0–1)"), { target: { value: "0" } });
    expect(apply.getAttribute("aria-disabled")).toBe("true"); // nor is text nobody can see
    fireEvent.change(field("Opacity (0–1)"), { target: { value: "0.5" } });
    expect(apply.getAttribute("aria-disabled")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Delete Text" }));
    expect(apply.getAttribute("aria-disabled")).toBe("true");
    expect(whyNot()).toBe("Add text to apply");
    await act(async () => fireEvent.click(apply));
    expect(onApply).not.toHaveBeenCalled();
  });

  it("with text applied before, Apply once every text is removed takes it off instead of saving", async () => {
    const onRemoveText = vi.fn(async () => {});
    const { onApply, onClose } = await openEditor({
      textApplied: true,
      onRemoveText,
      appliedMessage: "Text added to creative!",
      initialLayers: { version: 1, elements: [{ id: "a", text: "Saved" }] },
    });
    fireEvent.click(screen.getByRole("button", { name: "Delete Text" }));
    const apply = screen.getByRole("button", { name: "Apply Text" });
    expect(apply.getAttribute("aria-disabled")).toBeNull();
    expect(document.getElementById(apply.getAttribute("aria-describedby")).textContent).toBe(MESSAGES.restoreHint);
    await act(async () => fireEvent.click(apply));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onRemoveText).toHaveBeenCalledTimes(1);
    expect(onApply).not.toHaveBeenCalled();
    expect(toasts).toEqual([{ message: "Text removed. The original creative is back.", kind: "success" }]);
  });

  it("takes off a saved version that has no text to see, as soon as it opens", async () => {
    const onRemoveText = vi.fn(async () => {});
    await openEditor({ textApplied: true, onRemoveText, initialLayers: { version: 1, elements: [] } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Apply Text" })));
    await waitFor(() => expect(onRemoveText).toHaveBeenCalledTimes(1));
  });

  it("says so when the image cannot be loaded", async () => {
    fetch.mockImplementation(async () => new Response("nope", { status: 404 }));
    render(<TextOverlayEditor open imageUrl="/gone.png" onApply={vi.fn()} onClose={vi.fn()} />);
    expect((await screen.findByRole("alert")).textContent).toMatch(/could not be loaded/);
  });
});
