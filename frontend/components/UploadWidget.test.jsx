import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import UploadWidget, { uploadProblem } from "./UploadWidget.jsx";

function image(name = "logo.png", size = 1000, type = "image/png") {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

function Harness({ initial = "" }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <UploadWidget label="Logo" name="logoUpload" bucket="logos" value={value} onChange={setValue} uploadUrl="/api/uploads/" />
      <output data-testid="value">{value}</output>
    </>
  );
}

const toasts = [];
const onToast = (event) => toasts.push(event.detail);

describe("uploadProblem", () => {
  it("gives the documented messages in order: image type, size", () => {
    expect(uploadProblem(image("a.pdf", 6 * 1024 * 1024, "application/pdf"))).toBe("Please upload an image file");
    expect(uploadProblem(image("a.png", 5 * 1024 * 1024 + 1))).toBe("File size must be less than 5MB");
    expect(uploadProblem(image("a.png", 5 * 1024 * 1024))).toBeNull();
  });
});

describe("UploadWidget", () => {
  beforeEach(() => {
    toasts.length = 0;
    window.addEventListener("adsmith:toast", onToast);
    vi.useFakeTimers();
  });
  afterEach(() => {
    window.removeEventListener("adsmith:toast", onToast);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("refuses a file that is not an image", () => {
    vi.stubGlobal("fetch", vi.fn());
    render(<Harness />);
    fireEvent.change(document.querySelector("input[name=logoUpload]"), {
      target: { files: [image("notes.txt", 10, "text/plain")] },
    });
    expect(screen.getByRole("alert").textContent).toBe("Please upload an image file");
  });

  it("offers in the file picker only the image types the server takes", () => {
    vi.stubGlobal("fetch", vi.fn());
    render(<Harness />);
    expect(document.querySelector("input[name=logoUpload]").accept).toBe("image/png,image/jpeg,image/webp,image/gif");
    expect(screen.getByText("PNG, JPG, WebP or GIF, up to 5MB")).toBeTruthy();
  });

  it("refuses an image over 5MB", () => {
    vi.stubGlobal("fetch", vi.fn());
    render(<Harness />);
    fireEvent.change(document.querySelector("input[name=logoUpload]"), {
      target: { files: [image("big.png", 6 * 1024 * 1024)] },
    });
    expect(screen.getByRole("alert").textContent).toBe("File size must be less than 5MB");
  });

  it("rises 10% every 200 ms up to 90%, reaches 100% on completion, then previews with Remove", async () => {
    let finish;
    const fetchMock = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    vi.stubGlobal("fetch", fetchMock);
    render(<Harness />);
    fireEvent.change(document.querySelector("input[name=logoUpload]"), { target: { files: [image()] } });

    const bar = () => screen.getByRole("progressbar", { name: "Uploading Logo" });
    expect(bar().value).toBe(0);
    await act(async () => vi.advanceTimersByTimeAsync(200));
    expect(bar().value).toBe(10);
    await act(async () => vi.advanceTimersByTimeAsync(600));
    expect(bar().value).toBe(40);
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(bar().value).toBe(90);

    const [url, options] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/uploads/");
    expect(options.method).toBe("POST");
    expect(options.body.get("bucket")).toBe("logos");
    expect(options.body.get("file").name).toBe("logo.png");

    await act(async () => finish(new Response(JSON.stringify({ url: "/files/logos/1/logo.png" }), { status: 201 })));
    expect(bar().value).toBe(100);
    expect(screen.getByTestId("value").textContent).toBe("/files/logos/1/logo.png");
    expect(screen.getByAltText("Logo preview").getAttribute("src")).toBe("/files/logos/1/logo.png");
    expect(toasts).toContainEqual({ message: "File uploaded successfully!", kind: "success" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Remove Logo" })); // focus is not lost

    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole("progressbar")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Remove Logo" }));
    expect(screen.getByTestId("value").textContent).toBe("");
    expect(document.querySelector("input[name=logoUpload]")).not.toBeNull();
    expect(document.activeElement).toBe(document.querySelector("input[name=logoUpload]"));
  });

  it("shows the server's reason when the upload is refused", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ errors: { file: ["Please upload an image file"] } }), { status: 400 })),
    );
    render(<Harness />);
    await act(async () => {
      fireEvent.change(document.querySelector("input[name=logoUpload]"), { target: { files: [image()] } });
    });
    expect(screen.getByRole("alert").textContent).toBe("Upload failed: Please upload an image file");
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("says to sign in, as documented, when the session ended in another tab", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ detail: "Please sign in to upload files" }), { status: 403 })),
    );
    render(<Harness />);
    await act(async () => {
      fireEvent.change(document.querySelector("input[name=logoUpload]"), { target: { files: [image()] } });
    });
    expect(screen.getByRole("alert").textContent).toBe("Please sign in to upload files");
    expect(toasts).toContainEqual({ message: "Please sign in to upload files", kind: "error" });
  });
});
