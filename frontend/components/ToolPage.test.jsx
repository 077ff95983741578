import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { balanceRead } from "../lib/events.js";
import { CopyVariations } from "./Results.jsx";
import ToolPage, { failureMessage } from "./ToolPage.jsx";

const tool = {
  slug: "meta-copy",
  name: "META Ads Copy Generator",
  serviceType: "meta_copy",
  cost: 20,
  submitLabel: "Generate Meta Copy",
  busyLabel: "Generating Copy...",
  overlay: { title: "Generating Your Meta Copy", steps: [{ message: "Writing...", seconds: 3 }, { message: "Polishing...", seconds: 5 }], hint: "1-2 minutes" },
  schema: {
    sections: [
      {
        title: "Basic Information",
        fields: [
          {
            name: "brand",
            label: "Brand Name",
            type: "text",
            required: true,
            minLength: 2,
            maxLength: 250,
            counter: true,
            messages: { required: "Brand name must be at least 2 characters", minLength: "Brand name must be at least 2 characters" },
          },
        ],
      },
    ],
  },
};
const urls = {
  generations: "/api/generations/",
  generation: "/api/generations/{id}/",
  active: "/api/generations/active/",
  uploads: "/api/uploads/",
  history: "/api/history/",
  historyItem: "/api/history/{id}/",
};
const texts = { success: "Meta Copy generated successfully!", failureTitle: "Generation Failed", fallback: "An error occurred", networkPrefix: true };

function json(body, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

let replies;
let balances;
const onCredits = (event) => balances.push(event.detail.balance);
async function page(balance = 100) {
  await act(async () => render(
    <ToolPage
      tool={tool}
      balance={balance}
      userId={1}
      urls={urls}
      toolLabels={{}}
      texts={texts}
      renderResult={(g, ref) => <CopyVariations output={g.output} headingRef={ref} />}
    />,
  ));
  // The page fetches the progress overlay's code once it is up; let that arrive.
  await act(() => vi.dynamicImportSettled());
}

describe("ToolPage", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    replies = [];
    balances = [];
    window.addEventListener("adsmith:credits", onCredits);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url, options) => {
        const reply = replies.find((r) => r.match(url, options));
        if (!reply) return json({ detail: "Not found." }, 404);
        replies.splice(replies.indexOf(reply), 1);
        return reply.response();
      }),
    );
  });
  afterEach(() => {
    window.removeEventListener("adsmith:credits", onCredits);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const on = (method, url, response) =>
    replies.push({ match: (u, o) => u === url && (o?.method || "GET") === method, response: () => response });

  it("labels the button with the cost, or disables it when credits are short", async () => {
    await page(100);
    expect(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" }).disabled).toBe(false);
    cleanup();
    await page(10);
    expect(screen.getByRole("button", { name: "Insufficient Credits (20 required)" }).disabled).toBe(true);
  });

  it("shows errors under fields on submit without calling the server", async () => {
    await page();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    expect(screen.getByText("Brand name must be at least 2 characters")).toBeTruthy();
    expect(fetch.mock.calls.filter(([, o]) => o?.method === "POST")).toHaveLength(0);
  });

  it("puts the server's 400 errors under the same fields", async () => {
    await page();
    on("POST", "/api/generations/", json({ errors: { brand: ["Brand name must not exceed 250 characters"] } }, 400));
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "Glow" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    expect(screen.getByText("Brand name must not exceed 250 characters")).toBeTruthy();
    expect(screen.queryByTestId("progress-overlay")).toBeNull();
  });

  it("tells a user whose session ended to sign in, without a failure panel", async () => {
    const shown = [];
    const onToast = (event) => shown.push(event.detail);
    window.addEventListener("adsmith:toast", onToast);
    await page();
    on("POST", "/api/generations/", json({ detail: "Please sign in to use this service" }, 403));
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "Glow" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    window.removeEventListener("adsmith:toast", onToast);
    expect(shown).toContainEqual({ message: "Please sign in to use this service", kind: "error" });
    expect(screen.queryByTestId("failure")).toBeNull();
  });

  it("follows the job every 2 s, closes the overlay on success and passes both balances on", async () => {
    await page();
    on("POST", "/api/generations/", json({ id: 5, tool: "meta-copy", status: "queued", output: {}, balance: 80 }, 202));
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "Glow" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    expect(screen.getByTestId("progress-overlay")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Generating Copy..." }).disabled).toBe(true);
    expect(balances).toContain(80);
    expect(screen.getByTestId("page-balance").textContent).toBe("80");

    on("GET", "/api/generations/5/", json({ id: 5, status: "running", output: {}, balance: 80 }));
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByTestId("progress-overlay")).toBeTruthy();

    on(
      "GET",
      "/api/generations/5/",
      json({ id: 5, status: "success", output: { variations: [{ headline: "Glow up" }], engine: "demo" }, balance: 80 }),
    );
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByTestId("progress-overlay")).toBeNull();
    expect(screen.getByText("Glow up")).toBeTruthy();
    expect(screen.getByText("No primary text available")).toBeTruthy();
    expect(screen.getByTestId("demo-badge").textContent).toBe("Demo engine");
  });

  it("shows the failure panel and the refunded balance when the job fails", async () => {
    await page();
    on("POST", "/api/generations/", json({ id: 6, status: "queued", output: {}, balance: 80 }, 202));
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "Glow" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    on("GET", "/api/generations/6/", json({ id: 6, status: "failed", output: {}, error: "No valid variations generated", balance: 100 }));
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByTestId("failure").textContent).toContain("Generation Failed");
    expect(screen.getByTestId("failure").textContent).toContain("Network error: No valid variations generated");
    expect(screen.getByTestId("page-balance").textContent).toBe("100");
  });

  it("re-attaches to the tool's running generation after a reload, with the form it was started with", async () => {
    on(
      "GET",
      "/api/generations/active/?tool=meta-copy",
      json({
        generation: { id: 9, status: "running", created_at: new Date(Date.now() - 4000).toISOString(), balance: 80, inputs: { brand: "Glow Naturals", unknown: "x" } },
        scrape: null,
      }),
    );
    await page(80);
    expect(screen.getByLabelText(/Brand Name/).value).toBe("Glow Naturals");
    expect(screen.getByTestId("progress-overlay")).toBeTruthy();
    expect(screen.getByTestId("progress-message").textContent).toBe("Polishing...");
    on("GET", "/api/generations/9/", json({ id: 9, status: "success", output: { variations: [{ headline: "Back again" }] }, balance: 80 }));
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText("Back again")).toBeTruthy();
    expect(screen.getByLabelText(/Brand Name/).value).toBe("Glow Naturals");
  });

  it("follows balances the shell reads from the server: a balance spent elsewhere disables the button", async () => {
    await page(100);
    expect(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" }).disabled).toBe(false);
    await act(async () => balanceRead(10));
    expect(screen.getByTestId("page-balance").textContent).toBe("10");
    expect(screen.getByRole("button", { name: "Insufficient Credits (20 required)" }).disabled).toBe(true);
  });
});

describe("ToolPage with nothing running", () => {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ generation: null })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks once for this tool's unfinished generation and, told there is none, stays ready to submit", async () => {
    await page();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe("/api/generations/active/?tool=meta-copy");
    expect(screen.queryByTestId("progress-overlay")).toBeNull();
    expect(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" }).disabled).toBe(false);
  });
});

describe("failureMessage", () => {
  it("prefixes the documented 'Network error: ' where the tool shows it, else falls back", () => {
    expect(failureMessage({ error: "HTTP error! status: 500" }, { networkPrefix: true, fallback: "x" })).toBe("Network error: HTTP error! status: 500");
    expect(failureMessage({ error: "Webhook error: 500" }, { fallback: "x" })).toBe("Webhook error: 500");
    expect(failureMessage({}, { fallback: "An error occurred while running the spy analysis. Please try again." })).toBe(
      "An error occurred while running the spy analysis. Please try again.",
    );
    expect(failureMessage({ networkError: "Network connection failed." }, { fallback: "x" })).toBe("Network error: Network connection failed.");
  });
});
