import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CreativeTextEditor from "./CreativeTextEditor.jsx";

// Browser APIs jsdom lacks (canvas, image decoding) and the server, stood in for.
const json = (body, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
let requests;
let latest;
let latestStatus;

beforeEach(() => {
  requests = [];
  latest = null;
  latestStatus = 200;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url, options = {}) => {
      requests.push({ url, method: options.method || "GET", body: options.body });
      if (url === "/latest/") return latestStatus === 200 ? json({ version: latest }) : json({ detail: "Not found." }, latestStatus);
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
});
