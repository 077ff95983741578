import { describe, expect, it } from "vitest";
import { firstError, initForms, ruleState } from "./forms.js";

const PASSWORD_RULES = [
  { type: "pattern", value: "^[\\s\\S]{8,}$", message: "Password must be at least 8 characters", key: "length" },
  { type: "pattern", value: "[A-Z]", message: "Password must contain at least one uppercase letter", key: "upper" },
  { type: "pattern", value: "[a-z]", message: "Password must contain at least one lowercase letter", key: "lower" },
  { type: "pattern", value: "[0-9]", message: "Password must contain at least one number", key: "number" },
];

describe("firstError", () => {
  it("reports the first failing rule's message, in order", () => {
    expect(firstError(PASSWORD_RULES, "abc", { raw: true })).toBe("Password must be at least 8 characters");
    expect(firstError(PASSWORD_RULES, "abcdefgh", { raw: true })).toBe(
      "Password must contain at least one uppercase letter",
    );
    expect(firstError(PASSWORD_RULES, "Abcdefgh", { raw: true })).toBe("Password must contain at least one number");
    expect(firstError(PASSWORD_RULES, "Abcdefg1", { raw: true })).toBe("");
  });

  it("measures trimmed text, except for passwords", () => {
    const rules = [{ type: "minLength", value: 2, message: "Name must be at least 2 characters" }];
    expect(firstError(rules, " a ")).toBe("Name must be at least 2 characters");
    expect(firstError([{ type: "minLength", value: 3, message: "short" }], " a ", { raw: true })).toBe("");
  });

  it("lets an optional pattern pass when empty and checks boxes", () => {
    const url = [{ type: "pattern", value: "^https?://", message: "Please enter a valid URL", optional: true }];
    expect(firstError(url, "")).toBe("");
    expect(firstError(url, "nope")).toBe("Please enter a valid URL");
    const terms = [{ type: "checked", message: "You must accept the terms and conditions" }];
    expect(firstError(terms, "on", { checked: false })).toBe("You must accept the terms and conditions");
    expect(firstError(terms, "on", { checked: true })).toBe("");
  });
});

describe("ruleState", () => {
  it("is idle until the user types, then met or unmet", () => {
    expect(ruleState(PASSWORD_RULES[1], "", false)).toBe("idle");
    expect(ruleState(PASSWORD_RULES[1], "", true)).toBe("unmet");
    expect(ruleState(PASSWORD_RULES[1], "a", false)).toBe("unmet");
    expect(ruleState(PASSWORD_RULES[1], "A", true)).toBe("met");
  });
});

describe("a form with rules", () => {
  function render() {
    document.body.innerHTML = `
      <form data-busy-form data-rules="rules" novalidate>
        <fieldset data-busy-disable>
          <input id="id_password1" name="password1" type="password">
          <ul data-password-checklist="id_password1">
            ${PASSWORD_RULES.map((r) => `<li data-rule="${r.key}" data-state="idle"></li>`).join("")}
          </ul>
          <p data-error-for="password1" hidden></p>
          <button type="submit" data-busy-label="Creating account..."><span data-label>Create Account</span></button>
        </fieldset>
      </form>
      <script type="application/json" id="rules">${JSON.stringify({ password1: PASSWORD_RULES })}</script>`;
    initForms();
    return document.querySelector("form");
  }
  const states = () => [...document.querySelectorAll("[data-rule]")].map((li) => li.dataset.state);

  it("turns checklist items red or green as the user types", () => {
    const form = render();
    const input = form.elements.password1;
    input.value = "abc";
    input.dispatchEvent(new Event("input", { bubbles: true }));
    expect(states()).toEqual(["unmet", "unmet", "met", "unmet"]);
    input.value = "Abcdefg1";
    input.dispatchEvent(new Event("input", { bubbles: true }));
    expect(states()).toEqual(["met", "met", "met", "met"]);
  });

  it("focuses the first field the server refused when the page comes back with errors", () => {
    document.body.innerHTML = `
      <form data-busy-form><input name="email"><input name="oldpassword" aria-invalid="true" aria-describedby="e"><p id="e">Current password is incorrect</p></form>`;
    initForms();
    expect(document.activeElement.name).toBe("oldpassword");

    // Focus the page already placed (an autofocus field, a dialog) stays where it is.
    document.body.innerHTML = `<form data-busy-form><input name="email"><input name="x" aria-invalid="true"></form>`;
    document.querySelector("[name=email]").focus();
    initForms();
    expect(document.activeElement.name).toBe("email");
  });

  it("clears the server's refusal of the last attempt when the user tries again", () => {
    const form = render();
    form.insertAdjacentHTML("afterbegin", '<div role="alert" data-form-alert><p>Invalid email or password</p></div>');
    form.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(form.querySelector("[data-form-alert]")).toBeNull();
  });

  it("blocks a submit that breaks a rule and shows the message under the field", () => {
    const form = render();
    const event = new Event("submit", { cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    const error = form.querySelector("[data-error-for=password1]");
    expect(error.hidden).toBe(false);
    expect(error.textContent).toBe("Password must be at least 8 characters");
    expect(form.elements.password1.getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the busy label on a valid submit", () => {
    const form = render();
    form.elements.password1.value = "Abcdefg1";
    const event = new Event("submit", { cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(form.querySelector("[data-label]").textContent).toBe("Creating account...");
  });
});
