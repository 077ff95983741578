import { afterEach, describe, expect, it } from "vitest";
import { toast } from "../lib/events.js";
import { initToasts } from "./toasts.js";

initToasts();

const shown = () => [...document.querySelectorAll("[data-toast]")].map((t) => [t.textContent, t.getAttribute("role"), t.getAttribute("aria-hidden")]);

afterEach(() => {
  document.body.innerHTML = "";
});

describe("toasts", () => {
  it("announce an error as an alert and anything else as a status", () => {
    toast("Profile updated successfully");
    toast("Upload failed: Unknown error occurred", "error");
    expect(shown()).toEqual([
      ["Profile updated successfully", "status", null],
      ["Upload failed: Unknown error occurred", "alert", null],
    ]);
  });

  it("only show a message an alert on the page already says, so it is not read out twice", () => {
    document.body.innerHTML = `
      <div role="alert" data-form-alert><p>Invalid email or password</p></div>
      <p role="alert" data-avatar-error>Please upload an image file</p>
      <p role="alert" hidden>Stale text</p>`;
    toast("Invalid email or password", "error");
    toast("Upload failed: Please upload an image file", "error");
    toast("Stale text", "error");
    expect(shown()).toEqual([
      ["Invalid email or password", null, "true"],
      ["Upload failed: Please upload an image file", null, "true"],
      ["Stale text", "alert", null],
    ]);
  });
});
