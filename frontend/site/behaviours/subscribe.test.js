import { describe, expect, it, vi, afterEach } from "vitest";
import { initSubscribe, subscribeOutcome } from "./subscribe.js";

function card(attrs) {
  const el = document.createElement("div");
  el.setAttribute("data-plan-card", "");
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  return el;
}

describe("subscribeOutcome", () => {
  it("opens the checkout URL with a redirect toast", () => {
    const url = "https://buy.stripe.com/test_basic?client_reference_id=7&prefilled_email=alice%40example.com";
    expect(subscribeOutcome(card({ "data-plan-id": "professional", "data-checkout-url": url }))).toEqual({
      message: "Redirecting to Stripe checkout...",
      kind: "success",
      open: url,
    });
  });

  it("says the payment link is not available when the plan has none", () => {
    expect(subscribeOutcome(card({ "data-plan-id": "starter", "data-checkout-url": "" })).message).toBe(
      "Payment link not available",
    );
  });

  it("says you are already on the free plan for the free card", () => {
    expect(subscribeOutcome(card({ "data-plan-id": "free", "data-plan-free": "" })).message).toBe(
      "You are already on the free plan",
    );
  });

  it("says the plan was not found when there is no card", () => {
    expect(subscribeOutcome(null).message).toBe("Plan not found");
  });

  it("writes to sales for a contact-sales plan", () => {
    const outcome = subscribeOutcome(
      card({ "data-plan-id": "ultimate", "data-contact-sales": "", "data-sales-email": "sales@example.com" }),
    );
    expect(outcome.open).toBe("mailto:sales@example.com");
  });
});

describe("initSubscribe", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    vi.restoreAllMocks();
  });

  it("toasts and opens the checkout in a new tab when Subscribe is clicked", () => {
    document.body.innerHTML = `
      <div data-plan-card data-plan-id="starter" data-checkout-url="https://buy.stripe.com/test_starter?client_reference_id=7">
        <button type="button" data-subscribe data-plan-id="starter">Subscribe</button>
      </div>`;
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const toasts = [];
    window.addEventListener("adsmith:toast", (e) => toasts.push(e.detail.message));
    initSubscribe();

    document.querySelector("[data-subscribe]").click();

    expect(open).toHaveBeenCalledWith("https://buy.stripe.com/test_starter?client_reference_id=7", "_blank", "noopener");
    expect(toasts).toContain("Redirecting to Stripe checkout...");
  });
});
