import { afterEach, describe, expect, it, vi } from "vitest";
import { initCancelSubscription } from "./billing.js";

function card(id) {
  return `
    <div data-subscription-card="${id}" tabindex="-1">
      <span data-subscription-status>active</span>
      <span data-canceling-badge hidden>Canceling at period end</span>
      <p data-renews-line>Your next billing date is December 21, 2025.</p>
      <p data-ends-line hidden>Your subscription will end on December 21, 2025.</p>
      <button type="button" data-cancel-open="cancel-${id}">Cancel Subscription</button>
      <dialog id="cancel-${id}" data-cancel-dialog data-url="/billing/api/?action=cancel-subscription" data-subscription-id="${id}">
        <p data-cancel-error role="alert" hidden></p>
        <button type="button" data-dialog-close>Keep Subscription</button>
        <button type="button" data-cancel-confirm>Cancel Subscription</button>
      </dialog>
    </div>`;
}

function render(...ids) {
  document.body.innerHTML = (ids.length ? ids : ["sub_1"]).map(card).join("");
  const dialogs = [...document.querySelectorAll("dialog")];
  for (const dialog of dialogs) dialog.close = vi.fn(); // jsdom has no modal dialogs
  initCancelSubscription();
  return dialogs[0];
}

function answer(status, body) {
  return vi.spyOn(window, "fetch").mockResolvedValue(new Response(JSON.stringify(body), { status }));
}

/** Confirms and waits for the dialog's error message (a failure stays in the open dialog). */
async function confirmFailing(id = "sub_1") {
  const error = document.querySelector(`[data-subscription-card="${id}"] [data-cancel-error]`);
  document.querySelector(`[data-subscription-card="${id}"] [data-cancel-confirm]`).click();
  await vi.waitFor(() => expect(error.hidden).toBe(false));
  return error.textContent;
}

async function confirmCancel(id = "sub_1") {
  const toasts = [];
  window.addEventListener("adsmith:toast", (e) => toasts.push([e.detail.message, e.detail.kind]));
  document.querySelector(`[data-subscription-card="${id}"] [data-cancel-confirm]`).click();
  await vi.waitFor(() => expect(toasts.length).toBe(1));
  return toasts[0];
}

describe("the cancel-subscription dialog", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    vi.restoreAllMocks();
  });

  it("asks the server to cancel that subscription and shows it ending", async () => {
    const dialog = render();
    const fetch = answer(200, { subscription: { id: "sub_1", status: "active", cancel_at_period_end: true } });

    expect(await confirmCancel()).toEqual(["Subscription will be canceled at the end of the billing period", "success"]);

    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("/billing/api/?action=cancel-subscription");
    expect(JSON.parse(init.body)).toEqual({ subscriptionId: "sub_1" });
    expect(document.querySelector("[data-ends-line]").hidden).toBe(false);
    expect(document.querySelector("[data-renews-line]").hidden).toBe(true);
    expect(document.querySelector("[data-canceling-badge]").hidden).toBe(false);
    expect(document.querySelector("[data-cancel-open]")).toBeNull();
    expect(dialog.close).toHaveBeenCalled();
  });

  it("says the cancel failed when Stripe refuses, and changes nothing", async () => {
    const dialog = render();
    answer(502, { detail: "Failed to cancel subscription" });

    expect(await confirmFailing()).toBe("Failed to cancel subscription");
    expect(document.querySelector("[data-cancel-open]")).not.toBeNull();
    expect(dialog.close).not.toHaveBeenCalled();
    expect(document.querySelector("[data-cancel-confirm]").textContent).toBe("Cancel Subscription");
  });

  it("keeps the dialog open while the cancel is on its way, and focus on the button to try again after a failure", async () => {
    const dialog = render();
    let answer502;
    vi.spyOn(window, "fetch").mockImplementation(
      () => new Promise((resolve) => (answer502 = () => resolve(new Response("{}", { status: 502 })))),
    );
    const keep = dialog.querySelector("[data-dialog-close]");
    const confirm = dialog.querySelector("[data-cancel-confirm]");

    confirm.click();
    await vi.waitFor(() => expect(answer502).toBeTypeOf("function"));
    expect(dialog.getAttribute("aria-busy")).toBe("true"); // dialogs.js leaves a busy dialog open
    expect(keep.disabled).toBe(true);

    answer502();
    await vi.waitFor(() => expect(dialog.querySelector("[data-cancel-error]").hidden).toBe(false));
    expect(dialog.getAttribute("aria-busy")).toBe("false");
    expect(keep.disabled).toBe(false);
    expect(document.activeElement).toBe(confirm);
  });

  it("clears the failure when the dialog closes or the user tries again", async () => {
    const dialog = render();
    answer(502, { detail: "Failed to cancel subscription" });
    await confirmFailing();
    const error = dialog.querySelector("[data-cancel-error]");

    dialog.dispatchEvent(new Event("close"));
    expect(error.hidden).toBe(true);

    await confirmFailing();
    vi.restoreAllMocks();
    answer(200, { subscription: { id: "sub_1", status: "active", cancel_at_period_end: true } });
    await confirmCancel();
    expect(error.hidden).toBe(true);
  });

  it("cancels only the subscription whose dialog was confirmed", async () => {
    render("sub_basic", "sub_pro");
    const fetch = answer(200, { subscription: { id: "sub_pro", status: "active", cancel_at_period_end: true } });

    await confirmCancel("sub_pro");

    expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual({ subscriptionId: "sub_pro" });
    const [basic, pro] = document.querySelectorAll("[data-subscription-card]");
    expect(pro.querySelector("[data-canceling-badge]").hidden).toBe(false);
    expect(pro.querySelector("[data-cancel-open]")).toBeNull();
    expect(basic.querySelector("[data-canceling-badge]").hidden).toBe(true);
    expect(basic.querySelector("[data-cancel-open]")).not.toBeNull();
    expect(basic.querySelector("dialog").close).not.toHaveBeenCalled();
  });

  it("replaces the Free card's 'Switch to Free' with what follows once cancelled", async () => {
    render("sub_1");
    document.body.insertAdjacentHTML(
      "beforeend",
      `<div data-plan-card>
         <div data-cancel-open="cancel-sub_1"><button type="button">Switch to Free</button></div>
         <p data-after-cancel="cancel-sub_1" hidden>You move to Free when the billing period ends.</p>
       </div>`,
    );
    answer(200, { subscription: { id: "sub_1", status: "active", cancel_at_period_end: true } });

    await confirmCancel("sub_1");

    expect(document.querySelector("[data-plan-card] [data-cancel-open]")).toBeNull();
    expect(document.querySelector("[data-after-cancel]").hidden).toBe(false);
  });

  it("asks a signed-out user to sign in", async () => {
    render();
    answer(403, { detail: "Please sign in to cancel subscription" });

    expect(await confirmFailing()).toBe("Please sign in to cancel subscription");
  });
});
