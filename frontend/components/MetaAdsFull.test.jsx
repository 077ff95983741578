import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { draftKey } from "../lib/formDrafts.js";
import MetaAdsFull from "./MetaAdsFull.jsx";

const overlay = { title: "Working", steps: [{ message: "Working...", seconds: 3 }], hint: "" };
// Texts unlike the documented ones, so a test passes only if the page shows what its props say.
const texts = (step) => ({
  success: `${step} done (from props)`,
  failureTitle: `${step} failed (from props)`,
  failureToast: `${step} failure toast (from props)`,
  fallback: `${step} fallback (from props)`,
  networkPrefix: false,
});
const tool = {
  slug: "meta-ads-full",
  name: "Meta Ads Full",
  serviceType: "meta_ads_full",
  cost: 50,
  steps: {
    scrape: {
      cost: 0,
      submitLabel: "Scrape Site",
      busyLabel: "Scraping...",
      overlay,
      texts: texts("scrape"),
      schema: {
        sections: [
          {
            title: "Website",
            fields: [
              { name: "websiteUrl", label: "Website URL", type: "url", required: true, messages: { required: "Please enter a valid URL", invalid: "Please enter a valid URL" } },
            ],
          },
        ],
      },
    },
    copy: {
      cost: 50,
      submitLabel: "Generate Meta Copy",
      busyLabel: "Generating Copy...",
      overlay,
      texts: texts("copy"),
      schema: {
        sections: [
          {
            title: "Copy Settings",
            fields: [
              { name: "scrapeId", label: "Scrape", type: "hidden", required: true, messages: { required: "Please scrape the website first", invalid: "Please scrape the website first" } },
              { name: "language", label: "Language", type: "text", default: "English", messages: {} },
            ],
          },
        ],
      },
    },
    creative: { cost: 50, submitLabel: "Generate Meta Creative", busyLabel: "Generating Creative...", overlay, texts: texts("creative"), schema: { sections: [] } },
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

function json(body, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

let replies;
let toasts;
let posted; // the bodies of the POSTs, in order
const onToast = (event) => toasts.push(event.detail);
const on = (method, url, response) => replies.push({ match: (u, o) => u === url && (o?.method || "GET") === method, response: () => response });
const status = () => screen.getByTestId("form-status").textContent;
const click = (name) => act(async () => fireEvent.click(screen.getByRole("button", { name })));

async function page() {
  await act(async () => render(<MetaAdsFull tool={tool} balance={100} userId={7} urls={urls} toolLabels={{}} />));
  await act(() => vi.dynamicImportSettled());
}

async function scraped() {
  await page();
  on("POST", "/api/generations/", json({ id: 3, tool: "meta-ads-full", step: "scrape", status: "success", output: { report: "A shop" }, balance: 100 }, 202));
  fireEvent.change(screen.getByLabelText(/Website URL/), { target: { value: "https://shop.example" } });
  await click("Scrape Site");
  await act(() => vi.dynamicImportSettled());
  await click(/Make Meta Copy/);
}

describe("MetaAdsFull", () => {
  beforeEach(() => {
    replies = [];
    toasts = [];
    posted = [];
    window.addEventListener("adsmith:toast", onToast);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url, options) => {
        if (options?.method === "POST") posted.push(JSON.parse(options.body));
        const reply = replies.find((r) => r.match(url, options));
        if (!reply) return json({ generation: null, scrape: null });
        replies.splice(replies.indexOf(reply), 1);
        return reply.response();
      }),
    );
  });
  afterEach(() => {
    window.removeEventListener("adsmith:toast", onToast);
    vi.unstubAllGlobals();
  });

  it("points to the highlighted fields when the scrape form has errors", async () => {
    await page();
    expect(status()).toBe("");
    await click("Scrape Site");
    expect(screen.getByText("Please enter a valid URL")).toBeTruthy();
    expect(status()).toBe("Please correct the highlighted fields.");
  });

  it("shows an error of the scrape no field shows in the scrape form's status line", async () => {
    await page();
    on("POST", "/api/generations/", json({ errors: { non_field_errors: ["The request body is not valid JSON."] } }, 400));
    fireEvent.change(screen.getByLabelText(/Website URL/), { target: { value: "https://shop.example" } });
    await click("Scrape Site");
    expect(status()).toBe("The request body is not valid JSON.");
  });

  it("shows the next step's errors no field shows, the idempotency key and the scrape it needs included", async () => {
    await scraped();
    on("POST", "/api/generations/", json({ errors: { idempotency_key: ["This idempotency key was already used for another step."] } }, 400));
    await click("Generate Meta Copy (50 credits)");
    expect(status()).toBe("This idempotency key was already used for another step.");

    on("POST", "/api/generations/", json({ errors: { scrapeId: ["Please scrape the website first"] } }, 400));
    await click("Generate Meta Copy (50 credits)");
    expect(status()).toBe("Please scrape the website first");
  });

  it("says what each step's texts in the props say when it succeeds or fails", async () => {
    await page();
    on("POST", "/api/generations/", json({ id: 4, step: "scrape", status: "failed", output: {}, error: "", balance: 100 }, 202));
    fireEvent.change(screen.getByLabelText(/Website URL/), { target: { value: "https://shop.example" } });
    await click("Scrape Site");
    const failure = screen.getByTestId("failure");
    expect(failure.querySelector("h3").textContent).toBe("scrape failed (from props)");
    expect(failure.textContent).toContain("Error: scrape fallback (from props)");
    expect(toasts).toContainEqual({ message: "scrape failure toast (from props)", kind: "error" });

    on("POST", "/api/generations/", json({ id: 5, step: "scrape", status: "success", output: { report: "A shop" }, balance: 100 }, 202));
    await click("Scrape Site");
    await act(() => vi.dynamicImportSettled());
    expect(toasts).toContainEqual({ message: "scrape done (from props)", kind: "success" });
    await click(/Make Meta Copy/);
    on("POST", "/api/generations/", json({ id: 6, step: "copy", status: "failed", output: {}, error: "", balance: 100 }, 202));
    await click("Generate Meta Copy (50 credits)");
    await act(() => vi.dynamicImportSettled());
    const copyFailure = screen.getByTestId("failure");
    expect(copyFailure.querySelector("h3").textContent).toBe("copy failed (from props)");
    expect(copyFailure.textContent).toContain("copy fallback (from props)");
    expect(toasts).toContainEqual({ message: "copy failure toast (from props)", kind: "error" });
  });

  it("opens the website form again, focused, when the analysis is put aside", async () => {
    await scraped();
    expect(screen.getByLabelText(/Website URL/).disabled).toBe(true);
    await click("Analyze a different website");
    const website = screen.getByLabelText(/Website URL/);
    expect(website.disabled).toBe(false);
    expect(document.activeElement).toBe(website);
    expect(screen.getByRole("button", { name: "Scrape Site" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Generate Meta Copy/ })).toBeNull();
    expect(sessionStorage.getItem("adsmith:meta-ads-full:forgotten-scrape")).toBe("3");
  });

  it("says an analysis from earlier today is one, and makes a new one on request", async () => {
    await page();
    const threeHoursAgo = new Date(Date.now() - (3 * 3600 + 120) * 1000).toISOString();
    on("POST", "/api/generations/", json({ id: 3, step: "scrape", status: "success", output: { report: "The shop last week" }, created_at: threeHoursAgo, reused: true, balance: 100 }, 202));
    fireEvent.change(screen.getByLabelText(/Website URL/), { target: { value: "https://shop.example" } });
    await click("Scrape Site");
    await act(() => vi.dynamicImportSettled());

    expect(toasts).toContainEqual({ message: "Using this website's analysis from 3 hours ago", kind: "success" });
    expect(toasts.map((t) => t.message)).not.toContain("scrape done (from props)");
    expect(screen.getByTestId("earlier-analysis").textContent).toContain("Analysis from 3 hours ago");
    expect(posted.at(-1).fresh).toBeUndefined();

    on("POST", "/api/generations/", json({ id: 8, step: "scrape", status: "success", output: { report: "The shop today" }, created_at: new Date().toISOString(), reused: false, balance: 100 }, 202));
    await click("Analyze again");
    await act(() => vi.dynamicImportSettled());

    expect(posted.at(-1)).toMatchObject({ tool: "meta-ads-full", fresh: true, inputs: { step: "scrape", websiteUrl: "https://shop.example" } });
    expect(posted.at(-1).idempotency_key).not.toBe(posted.at(-2).idempotency_key);
    expect(toasts.at(-1)).toEqual({ message: "scrape done (from props)", kind: "success" });
    expect(screen.getByTestId("scrape-report").textContent).toContain("The shop today");
    expect(screen.queryByTestId("earlier-analysis")).toBeNull();
  });

  it("shows why 'Analyze again' failed above the earlier analysis it keeps", async () => {
    await page();
    const earlier = new Date(Date.now() - 3600 * 1000).toISOString();
    on("POST", "/api/generations/", json({ id: 3, step: "scrape", status: "success", output: { report: "The shop last week" }, created_at: earlier, reused: true, balance: 100 }, 202));
    fireEvent.change(screen.getByLabelText(/Website URL/), { target: { value: "https://shop.example" } });
    await click("Scrape Site");
    await act(() => vi.dynamicImportSettled());

    on("POST", "/api/generations/", json({ id: 8, step: "scrape", status: "failed", error: "HTTP error! status: 500", created_at: new Date().toISOString(), balance: 100 }, 202));
    await click("Analyze again");
    await act(() => vi.dynamicImportSettled());
    expect(screen.getByTestId("failure").textContent).toContain("HTTP error! status: 500");
    expect(screen.getByTestId("scrape-report").textContent).toContain("The shop last week");
    expect(document.activeElement.textContent).toBe(screen.getByTestId("failure").querySelector("h3").textContent);

    await click("Analyze a different website");
    expect(screen.queryByTestId("failure")).toBeNull();
  });

  const leave = () => {
    window.dispatchEvent(new Event("pagehide")); // leaving the page writes its drafts at once
    cleanup();
  };

  it("brings back each step's form from its own draft when the page is opened again", async () => {
    await scraped();
    fireEvent.change(screen.getByLabelText(/Language/), { target: { value: "French" } });
    await click("Analyze a different website");
    fireEvent.change(screen.getByLabelText(/Website URL/), { target: { value: "https://other.example" } });
    leave();
    await page();
    expect(screen.getByLabelText(/Website URL/).value).toBe("https://other.example");
    on("POST", "/api/generations/", json({ id: 4, step: "scrape", status: "success", output: { report: "Another shop" }, balance: 100 }, 202));
    await click("Scrape Site");
    await act(() => vi.dynamicImportSettled());
    await click(/Make Meta Copy/);
    expect(screen.getByLabelText(/Language/).value).toBe("French");
  });

  it("fills the website form with the analysis it picks up again, over the draft", async () => {
    await page();
    fireEvent.change(screen.getByLabelText(/Website URL/), { target: { value: "https://typed.example" } });
    leave();
    expect(JSON.parse(sessionStorage.getItem(draftKey(7, "meta-ads-full:scrape")))).toEqual({ websiteUrl: "https://typed.example" });
    const analysis = { id: 3, step: "scrape", status: "success", output: { report: "A shop" }, created_at: new Date().toISOString(), inputs: { websiteUrl: "https://shop.example" } };
    on("GET", "/api/generations/active/?tool=meta-ads-full", json({ generation: null, scrape: analysis }));
    await page();
    await act(() => vi.dynamicImportSettled());
    expect(screen.getByLabelText(/Website URL/).value).toBe("https://shop.example");
  });

  it("offers an analysis put aside after a reload again once the same website brought it back", async () => {
    await scraped();
    await click("Analyze a different website");
    const earlier = { id: 3, step: "scrape", status: "success", output: { report: "A shop" }, created_at: new Date().toISOString(), reused: true, balance: 100 };
    on("POST", "/api/generations/", json(earlier, 202));
    await click("Scrape Site");
    await act(() => vi.dynamicImportSettled());
    expect(sessionStorage.getItem("adsmith:meta-ads-full:forgotten-scrape")).toBeNull();

    leave();
    on("GET", "/api/generations/active/?tool=meta-ads-full", json({ generation: null, scrape: { ...earlier, inputs: { websiteUrl: "https://shop.example" } } }));
    await page();
    await act(() => vi.dynamicImportSettled());
    expect(screen.getByTestId("scrape-report").textContent).toContain("A shop");
  });

  const analysis = { id: 3, step: "scrape", status: "success", output: { report: "A shop" }, created_at: new Date().toISOString(), inputs: { websiteUrl: "https://shop.example" } };
  const copy = { id: 6, tool: "meta-ads-full", step: "copy", status: "success", output: { variations: [{ headline: "Shop the glow" }] }, balance: 50 };
  const creative = { id: 7, tool: "meta-ads-full", step: "creative", status: "success", output: { image: "/files/creative-v2.png", edited: true }, balance: 50 };
  const reads = (id) => fetch.mock.calls.filter(([url]) => url === `/api/generations/${id}/`);
  const remembered = (step) => JSON.parse(sessionStorage.getItem(draftKey(7, `meta-ads-full:${step}:result`)));
  const reopened = async (active) => {
    on("GET", "/api/generations/active/?tool=meta-ads-full", json(active));
    await page();
    await act(() => vi.dynamicImportSettled());
  };

  it("shows the copy it showed again beside its analysis after a reload, without a toast or moving focus", async () => {
    await scraped();
    on("POST", "/api/generations/", json(copy, 202));
    await click("Generate Meta Copy (50 credits)");
    await act(() => vi.dynamicImportSettled());
    expect(screen.getByText("Shop the glow")).toBeTruthy();
    expect(remembered("copy")).toEqual({ id: 6, scrapeId: 3 });
    leave();

    toasts = [];
    document.body.focus();
    on("GET", "/api/generations/6/", json(copy));
    await reopened({ generation: null, scrape: analysis });
    expect(screen.getByTestId("scrape-report").textContent).toContain("A shop");
    expect(screen.getByText("Shop the glow")).toBeTruthy();
    expect(toasts).toEqual([]);
    expect(document.activeElement).toBe(document.body);
  });

  it("shows a creative, as the server has it now (its text edited on), beside a copy still running", async () => {
    sessionStorage.setItem(draftKey(7, "meta-ads-full:copy:result"), JSON.stringify({ id: 6, scrapeId: 3 }));
    sessionStorage.setItem(draftKey(7, "meta-ads-full:creative:result"), JSON.stringify({ id: 7, scrapeId: 3 }));
    on("GET", "/api/generations/7/", json(creative));
    const running = { id: 9, step: "copy", status: "running", created_at: new Date().toISOString(), inputs: { step: "copy", scrapeId: 3, language: "French" } };
    await reopened({ generation: running, scrape: analysis });
    expect(screen.getByTestId("progress-overlay")).toBeTruthy();
    expect(screen.getByTestId("creative-image").getAttribute("src")).toBe("/files/creative-v2.png");
    expect(screen.getByTestId("custom-text-badge")).toBeTruthy();
    expect(reads(6)).toHaveLength(0); // the running copy takes its place
    expect(remembered("copy")).toEqual({ id: 6, scrapeId: 3 });
  });

  it("leaves another tab's running step alone when this tab has typed in one of its forms", async () => {
    sessionStorage.setItem(draftKey(7, "meta-ads-full:creative"), JSON.stringify({ language: "German" }));
    const running = { id: 9, step: "copy", status: "running", created_at: new Date().toISOString(), inputs: { step: "copy", scrapeId: 3, language: "French" } };
    await reopened({ generation: running, scrape: analysis });
    expect(screen.queryByTestId("progress-overlay")).toBeNull();
    expect(screen.getByTestId("scrape-report").textContent).toContain("A shop"); // the analysis is still offered
    expect(reads(9)).toHaveLength(0);
  });

  it("does not show a copy made beside another analysis than the one it picks up, and forgets it", async () => {
    sessionStorage.setItem(draftKey(7, "meta-ads-full:copy:result"), JSON.stringify({ id: 6, scrapeId: 3 }));
    on("GET", "/api/generations/6/", json(copy));
    await reopened({ generation: null, scrape: { ...analysis, id: 4 } });
    expect(screen.getByTestId("scrape-report")).toBeTruthy();
    expect(screen.queryByText("Shop the glow")).toBeNull();
    expect(reads(6)).toHaveLength(0);
    expect(remembered("copy")).toBeNull();
    cleanup();

    // Nor one made while no analysis was shown, when none is shown now.
    sessionStorage.setItem(draftKey(7, "meta-ads-full:copy:result"), JSON.stringify({ id: 6 }));
    await reopened({ generation: null, scrape: null });
    expect(screen.queryByText("Shop the glow")).toBeNull();
    expect(reads(6)).toHaveLength(0);
    expect(remembered("copy")).toBeNull();
  });

  it("forgets, without a word, a copy it cannot read again, and remembers no failed one", async () => {
    sessionStorage.setItem(draftKey(7, "meta-ads-full:copy:result"), JSON.stringify({ id: 6, scrapeId: 3 }));
    on("GET", "/api/generations/6/", json({ detail: "Not found." }, 404));
    await reopened({ generation: null, scrape: analysis });
    expect(remembered("copy")).toBeNull();
    expect(screen.queryByTestId("failure")).toBeNull();
    expect(toasts).toEqual([]);

    await click(/Make Meta Copy/);
    on("POST", "/api/generations/", json({ id: 8, step: "copy", status: "failed", output: {}, error: "", balance: 100 }, 202));
    await click("Generate Meta Copy (50 credits)");
    expect(screen.getByTestId("failure")).toBeTruthy();
    expect(remembered("copy")).toBeNull();
  });

  it("takes an analysis's failure card away when the next attempt has field errors", async () => {
    await page();
    on("POST", "/api/generations/", json({ id: 4, step: "scrape", status: "failed", output: {}, error: "Could not resolve the host", balance: 100 }, 202));
    fireEvent.change(screen.getByLabelText(/Website URL/), { target: { value: "https://no-such-host.invalid" } });
    await click("Scrape Site");
    expect(screen.getByTestId("failure")).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Website URL/), { target: { value: "ftp://example.com/" } });
    await click("Scrape Site");
    expect(screen.getByText("Please enter a valid URL")).toBeTruthy();
    expect(screen.queryByTestId("failure")).toBeNull();
  });

  it("shows no notice on an analysis just made", async () => {
    await scraped();
    expect(screen.getByTestId("scrape-report").textContent).toContain("A shop");
    expect(screen.queryByTestId("earlier-analysis")).toBeNull();
    expect(screen.queryByRole("button", { name: "Analyze again" })).toBeNull();
  });
});
