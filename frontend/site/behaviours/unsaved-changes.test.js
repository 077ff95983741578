import { afterEach, describe, expect, it } from "vitest";
import { initUnsavedChangesGuard } from "./unsaved-changes.js";

let form;
let stopGuarding = () => {};

function renderProfile(guard = "") {
  document.body.innerHTML = `
    <form data-unsaved-guard${guard ? `="${guard}"` : ""}>
      <input type="hidden" name="csrfmiddlewaretoken" value="t1">
      <input name="name" value="Alice Smith">
      <input type="hidden" name="avatar" value="user-uploads/1/avatar-a.png">
    </form>`;
  form = document.querySelector("form");
  stopGuarding(); // a test may render twice: one guard at a time, as on a page
  stopGuarding = initUnsavedChangesGuard();
  return form;
}

function leave() {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented; // true: the browser asks before leaving
}

function submit({ stoppedBy } = {}) {
  if (stoppedBy) form.addEventListener("submit", (event) => event.preventDefault(), { once: true });
  form.dispatchEvent(new Event("submit", { cancelable: true }));
}

afterEach(() => {
  stopGuarding();
  document.body.innerHTML = "";
});

describe("initUnsavedChangesGuard", () => {
  it("lets the page go when nothing changed", () => {
    renderProfile();
    expect(leave()).toBe(false);
  });

  it("asks before leaving with a changed field or a new photo", () => {
    renderProfile().elements.name.value = "Alice Jones";
    expect(leave()).toBe(true);
    renderProfile().elements.avatar.value = "user-uploads/1/avatar-b.png";
    expect(leave()).toBe(true);
  });

  it("does not count the CSRF token as a change", () => {
    renderProfile().elements.csrfmiddlewaretoken.value = "t2";
    expect(leave()).toBe(false);
  });

  it("lets the form be sent without asking, but asks if the send was stopped", () => {
    renderProfile().elements.name.value = "Alice Jones";
    submit();
    expect(leave()).toBe(false);
    renderProfile().elements.name.value = "A";
    submit({ stoppedBy: "the client-side checks" });
    expect(leave()).toBe(true);
  });

  it("asks after a save that failed, whose values are not saved", () => {
    renderProfile("changed");
    expect(leave()).toBe(true);
  });
});
