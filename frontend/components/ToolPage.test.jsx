import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { balanceRead } from "../lib/events.js";
import { draftKey } from "../lib/formDrafts.js";
import * as fieldWidgets from "./fieldWidgets.js";
import { CopyVariations } from "./Results.jsx";
import ToolPage from "./ToolPage.jsx";
import { LOST_TRACK, START_UNCONFIRMED, START_WINDOW_MS } from "../lib/useGeneration.js";
import { failureMessage, failureTitle, failureToast, isRefunded, strayErrors } from "./toolForm.jsx";

const tool = {
  slug: "meta-copy",
  name: "META Ads Copy Generator",
  serviceType: "meta_copy",
  cost: 20,
  submitLabel: "Generate Meta Copy",
  busyLabel: "Generating Copy...",
  overlay: { title: "Generating Your Meta Copy", steps: [{ message: "Writing...", seconds: 3 }, { message: "Polishing...", seconds: 5 }], hint: "1-2 minutes" },
  texts: { success: "Meta Copy generated successfully!", failureTitle: "Generation Failed", failureToast: "", fallback: "An error occurred", networkPrefix: true },
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

function json(body, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

let replies;
let balances;
const onCredits = (event) => balances.push(event.detail.balance);
async function page(balance = 100, pageTool = tool) {
  await act(async () => render(
    <ToolPage
      tool={pageTool}
      widgets={fieldWidgets}
      balance={balance}
      userId={7}
      urls={urls}
      toolLabels={{}}
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

  it("takes the failure panel away when the next attempt has field errors, and keeps a result", async () => {
    await page();
    const generate = () => act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    on("POST", "/api/generations/", json({ id: 6, status: "failed", output: {}, error: "No valid variations generated", balance: 100 }, 202));
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "Glow" } });
    await generate();
    expect(screen.getByTestId("failure")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "G" } });
    await generate();
    expect(screen.getByText("Brand name must be at least 2 characters")).toBeTruthy();
    expect(screen.queryByTestId("failure")).toBeNull();

    on("POST", "/api/generations/", json({ id: 7, status: "success", output: { variations: [{ headline: "Glow up" }] }, balance: 80 }, 202));
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "Glow" } });
    await generate();
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "G" } });
    await generate();
    expect(screen.getByText("Glow up")).toBeTruthy();
  });

  it("keeps a result while a new start is on its way, and when the server finds field errors or refuses it", async () => {
    await page();
    const generate = () => act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    on("POST", "/api/generations/", json({ id: 7, status: "success", output: { variations: [{ headline: "Glow up" }] }, balance: 80 }, 202));
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "Glow" } });
    await generate();
    expect(screen.getByText("Glow up")).toBeTruthy();

    on("POST", "/api/generations/", json({ errors: { brand: ["This field contains characters that are not allowed."] } }, 400));
    await generate();
    expect(screen.getByText("This field contains characters that are not allowed.")).toBeTruthy();
    expect(screen.getByText("Glow up")).toBeTruthy();

    on("POST", "/api/generations/", json({ detail: "You already have 5 generations in progress. Please wait for one to finish." }, 429));
    await generate();
    expect(screen.getByText("Glow up")).toBeTruthy();

    let answer;
    replies.push({ match: (u, o) => u === "/api/generations/" && o?.method === "POST", response: () => new Promise((resolve) => (answer = resolve)) });
    await generate();
    expect(screen.getByText("Glow up")).toBeTruthy();
    await act(async () => answer(json({ id: 8, status: "queued", output: {}, balance: 60 }, 202)));
    expect(screen.queryByText("Glow up")).toBeNull();
    expect(screen.getByTestId("progress-overlay")).toBeTruthy();
  });

  it("says it lost track of a run when its user was signed out meanwhile: not failed, not refunded", async () => {
    await page();
    on("POST", "/api/generations/", json({ id: 9, status: "queued", output: {}, balance: 80 }, 202));
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "Glow" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    on("GET", "/api/generations/9/", json({ detail: "Your session has ended. Please sign in again." }, 403));
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    const failure = screen.getByTestId("failure");
    expect(failure.querySelector("h3").textContent).toBe("Signed Out");
    expect(failure.textContent).toContain(LOST_TRACK.signedOut.message);
    expect(failure.textContent).not.toMatch(/refunded/i);
    expect(screen.getByTestId("page-balance").textContent).toBe("80");
  });

  it("says what the tool's texts in its props say: its failure title and fallback text, as panel and toast", async () => {
    const shown = [];
    const onToast = (event) => shown.push(event.detail);
    window.addEventListener("adsmith:toast", onToast);
    const spyTexts = {
      success: "Spy analysis complete!",
      failureTitle: "Analysis Failed",
      failureToast: "",
      fallback: "An error occurred while running the spy analysis. Please try again.",
      networkPrefix: false,
    };
    await page(100, { ...tool, texts: spyTexts });
    on("POST", "/api/generations/", json({ id: 16, status: "queued", output: {}, balance: 80 }, 202));
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "Glow" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    on("GET", "/api/generations/16/", json({ id: 16, status: "failed", output: {}, error: "", balance: 100 }));
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    window.removeEventListener("adsmith:toast", onToast);
    const failure = screen.getByTestId("failure");
    expect(failure.querySelector("h3").textContent).toBe("Analysis Failed");
    expect(failure.textContent).toContain(spyTexts.fallback);
    expect(shown).toContainEqual({ message: spyTexts.fallback, kind: "error" });
  });

  it("shows a server error no field shows (the idempotency key) in the form's status line", async () => {
    await page();
    on("POST", "/api/generations/", json({ errors: { idempotency_key: ["This idempotency key was already used for another tool."] } }, 400));
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "Glow" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    expect(screen.getByTestId("form-status").textContent).toBe("This idempotency key was already used for another tool.");
  });

  it("points to the highlighted fields when each error is under its field", async () => {
    await page();
    expect(screen.getByTestId("form-status").textContent).toBe("");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    expect(screen.getByTestId("form-status").textContent).toBe("Please correct the highlighted fields.");
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

  const posted = () => fetch.mock.calls.filter(([url, o]) => url === "/api/generations/" && o?.method === "POST").map(([, o]) => JSON.parse(o.body));
  const noAnswer = (method, url) =>
    replies.push({ match: (u, o) => u === url && (o?.method || "GET") === method, response: () => Promise.reject(new TypeError("Failed to fetch")) });

  it("sends a start whose answer was lost again with the same key, so it is paid once", async () => {
    await page();
    noAnswer("POST", "/api/generations/");
    on("POST", "/api/generations/", json({ id: 7, status: "queued", output: {}, balance: 80 }, 202));
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "Glow" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    const [first, second] = posted();
    expect(second.idempotency_key).toBe(first.idempotency_key);
    expect(screen.getByTestId("progress-overlay")).toBeTruthy();
    expect(screen.queryByTestId("failure")).toBeNull();
  });

  it("keeps the overlay up while a start has no answer, then says it could not confirm it, keeping its key for the same inputs", async () => {
    await page();
    for (let i = 0; i < 12; i += 1) noAnswer("POST", "/api/generations/"); // two minutes of sends
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "Glow" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    await act(async () => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByTestId("progress-overlay").textContent).toContain("Connection lost. Reconnecting…");
    expect(screen.queryByTestId("failure")).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(START_WINDOW_MS - 4000));
    expect(screen.queryByTestId("progress-overlay")).toBeNull();
    const failure = screen.getByTestId("failure");
    expect(failure.querySelector("h3").textContent).toBe("Connection Lost"); // not known to have failed
    expect(failure.textContent).toContain(START_UNCONFIRMED);
    expect(failure.textContent).not.toContain("Network error");
    expect(balances).toContain(undefined); // the displays are told to re-read it

    on("POST", "/api/generations/", json({ id: 8, status: "success", output: { variations: [{ headline: "Paid once" }] }, balance: 80 }, 202));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    const keys = posted().map((body) => body.idempotency_key);
    expect(new Set(keys).size).toBe(1);
    expect(screen.getByText("Paid once")).toBeTruthy();

    on("POST", "/api/generations/", json({ errors: { brand: ["x"] } }, 400));
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "Other brand" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    expect(posted().at(-1).idempotency_key).not.toBe(keys[0]); // other inputs: a new start
  });

  it("keeps following a run through a dropped connection, and says so meanwhile", async () => {
    await page();
    on("POST", "/api/generations/", json({ id: 11, status: "queued", output: {}, balance: 80 }, 202));
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "Glow" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    for (let i = 0; i < 6; i += 1) noAnswer("GET", "/api/generations/11/");
    await act(async () => vi.advanceTimersByTimeAsync(2000 + 4000));
    expect(screen.getByTestId("progress-overlay").textContent).toContain("Connection lost. Reconnecting…");
    await act(async () => vi.advanceTimersByTimeAsync(60000));
    expect(screen.queryByTestId("failure")).toBeNull();
    expect(screen.getByTestId("progress-overlay")).toBeTruthy();

    on("GET", "/api/generations/11/", json({ id: 11, status: "success", output: { variations: [{ headline: "Made it" }] }, balance: 80 }));
    await act(async () => vi.advanceTimersByTimeAsync(15000));
    expect(screen.queryByTestId("progress-overlay")).toBeNull();
    expect(screen.getByText("Made it")).toBeTruthy();
  });

  it("does not start while an image it shows is still uploading", async () => {
    const shown = [];
    const onToast = (event) => shown.push(event.detail.message);
    window.addEventListener("adsmith:toast", onToast);
    const withLogo = structuredClone(tool);
    withLogo.schema.sections[0].fields.push({ name: "logoUrl", label: "Logo", type: "image", upload: { bucket: "logos" }, messages: {} });
    await page(100, withLogo);
    let answerUpload;
    on("POST", "/api/uploads/", new Promise((resolve) => (answerUpload = resolve)));
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "Glow" } });
    const file = new File(["x"], "logo.png", { type: "image/png" });
    await act(async () => fireEvent.change(screen.getByLabelText(/Upload logo/i), { target: { files: [file] } }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    expect(shown).toContain("Please wait for the upload to finish.");
    expect(posted()).toHaveLength(0);

    await act(async () => answerUpload(json({ url: "/files/logos/1/logo.png" }, 201)));
    on("POST", "/api/generations/", json({ id: 12, status: "queued", output: {}, balance: 80 }, 202));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    window.removeEventListener("adsmith:toast", onToast);
    expect(posted()[0].inputs.logoUrl).toBe("/files/logos/1/logo.png");
  });

  it("sends one start for two submits in the same moment", async () => {
    await page();
    on("POST", "/api/generations/", json({ id: 13, status: "queued", output: {}, balance: 80 }, 202));
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "Glow" } });
    const form = screen.getByRole("form", { name: tool.name });
    await act(async () => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    expect(posted()).toHaveLength(1);
  });

  it("ignores a late answer to the reload check once the user has started a run", async () => {
    let answerActive;
    replies.push({
      match: (u) => u === "/api/generations/active/?tool=meta-copy",
      response: () => new Promise((resolve) => (answerActive = resolve)),
    });
    await page();
    on("POST", "/api/generations/", json({ id: 14, status: "success", output: { variations: [{ headline: "Fresh" }] }, balance: 80 }, 202));
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value: "Glow" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    expect(screen.getByText("Fresh")).toBeTruthy();
    await act(async () =>
      answerActive(json({ generation: { id: 14, status: "queued", created_at: new Date().toISOString(), inputs: { brand: "Old" } }, scrape: null })),
    );
    expect(screen.queryByTestId("progress-overlay")).toBeNull();
    expect(screen.getByLabelText(/Brand Name/).value).toBe("Glow");
  });

  const DRAFT = draftKey(7, "meta-copy");
  const FOLLOWING = "adsmith:following:meta-copy"; // the run this tab follows (lib/useGeneration.js)
  const typeBrand = async (value) => {
    fireEvent.change(screen.getByLabelText(/Brand Name/), { target: { value } });
    await act(async () => vi.advanceTimersByTimeAsync(400)); // typing pauses: the draft is written
  };

  it("leaves a run started in another tab alone when this tab has a draft: the draft stays, no overlay", async () => {
    sessionStorage.setItem(DRAFT, JSON.stringify({ brand: "Typed here" }));
    on(
      "GET",
      "/api/generations/active/?tool=meta-copy",
      json({ generation: { id: 9, status: "running", created_at: new Date().toISOString(), inputs: { brand: "Bravo" } }, scrape: null }),
    );
    await page(80);
    expect(screen.getByLabelText(/Brand Name/).value).toBe("Typed here");
    expect(screen.queryByTestId("progress-overlay")).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(fetch.mock.calls.filter(([url]) => url === "/api/generations/9/")).toHaveLength(0);
    expect(JSON.parse(sessionStorage.getItem(DRAFT)).brand).toBe("Typed here");
  });

  it("follows its own run after a reload, not another tab's newer one, and shows its result", async () => {
    sessionStorage.setItem(DRAFT, JSON.stringify({ brand: "Alpha" }));
    sessionStorage.setItem(FOLLOWING, "8");
    // Another tab's newer run (9) is running too: the server answers the one this tab names.
    on(
      "GET",
      "/api/generations/active/?tool=meta-copy&following=8",
      json({ generation: { id: 8, status: "running", created_at: new Date().toISOString(), inputs: { brand: "Alpha" }, balance: 60 }, scrape: null }),
    );
    await page(60);
    expect(screen.getByTestId("progress-overlay")).toBeTruthy();
    expect(screen.getByLabelText(/Brand Name/).value).toBe("Alpha");
    on("GET", "/api/generations/8/", json({ id: 8, status: "success", output: { variations: [{ headline: "Alpha's own" }] }, balance: 60 }));
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText("Alpha's own")).toBeTruthy();
    expect(fetch.mock.calls.filter(([url]) => url === "/api/generations/9/")).toHaveLength(0);
  });

  it("brings back what was typed when the page is opened again (Back, a link and back, a reload)", async () => {
    await page();
    await typeBrand("Glow Naturals");
    cleanup();
    await page();
    expect(screen.getByLabelText(/Brand Name/).value).toBe("Glow Naturals");
  });

  it("fills the form with the inputs of the run it followed before a reload, over the draft", async () => {
    sessionStorage.setItem(DRAFT, JSON.stringify({ brand: "Typed since" }));
    sessionStorage.setItem(FOLLOWING, "9");
    on(
      "GET",
      "/api/generations/active/?tool=meta-copy&following=9",
      json({ generation: { id: 9, status: "running", created_at: new Date().toISOString(), inputs: { brand: "Glow Naturals" } }, scrape: null }),
    );
    await page(80);
    expect(screen.getByLabelText(/Brand Name/).value).toBe("Glow Naturals");
    await act(async () => vi.advanceTimersByTimeAsync(400));
    expect(JSON.parse(sessionStorage.getItem(DRAFT)).brand).toBe("Glow Naturals"); // what the page shows
  });

  it("keeps the draft after a successful run, to tweak and run again", async () => {
    await page();
    on("POST", "/api/generations/", json({ id: 15, status: "success", output: { variations: [{ headline: "Done" }] }, balance: 80 }, 202));
    await typeBrand("Glow");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    expect(screen.getByText("Done")).toBeTruthy();
    cleanup();
    await page(80);
    expect(screen.getByLabelText(/Brand Name/).value).toBe("Glow");
  });

  it("works without a draft when the tab's storage refuses", async () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    try {
      await page();
      await typeBrand("Glow");
      expect(screen.getByLabelText(/Brand Name/).value).toBe("Glow");
    } finally {
      vi.restoreAllMocks();
    }
  });

  const RESULT = draftKey(7, "meta-copy:result");
  const nothingRunning = () => on("GET", "/api/generations/active/?tool=meta-copy", json({ generation: null, scrape: null }));
  const madeEarlier = { id: 15, status: "success", output: { variations: [{ headline: "Glow up" }] }, balance: 80 };
  const generationReads = (id) => fetch.mock.calls.filter(([url]) => url === `/api/generations/${id}/`);

  it("shows the result it showed again when the page is opened again, read anew, without a toast or moving focus", async () => {
    await page();
    on("POST", "/api/generations/", json({ ...madeEarlier, output: { variations: [{ headline: "First draft" }] } }, 202));
    await typeBrand("Glow");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    expect(screen.getByText("First draft")).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem(RESULT))).toEqual({ id: 15 });
    cleanup();

    const shown = [];
    const onToast = (event) => shown.push(event.detail);
    window.addEventListener("adsmith:toast", onToast);
    document.body.focus();
    nothingRunning();
    on("GET", "/api/generations/15/", json(madeEarlier)); // as the server has it now
    await page(80);
    window.removeEventListener("adsmith:toast", onToast);
    expect(screen.getByText("Glow up")).toBeTruthy();
    expect(shown).toEqual([]);
    expect(document.activeElement).toBe(document.body);
    expect(posted()).toHaveLength(1); // the first page's run, and no other
  });

  it("does not show another user's remembered result", async () => {
    sessionStorage.setItem(draftKey(8, "meta-copy:result"), JSON.stringify({ id: 15 }));
    nothingRunning();
    on("GET", "/api/generations/15/", json(madeEarlier));
    await page();
    expect(generationReads(15)).toHaveLength(0);
    expect(screen.queryByText("Glow up")).toBeNull();
  });

  it("forgets, without a word, a remembered result the server no longer gives (deleted, or not this user's)", async () => {
    const shown = [];
    const onToast = (event) => shown.push(event.detail);
    window.addEventListener("adsmith:toast", onToast);
    sessionStorage.setItem(RESULT, JSON.stringify({ id: 15 }));
    nothingRunning(); // the generation's read answers 404
    await page();
    window.removeEventListener("adsmith:toast", onToast);
    expect(generationReads(15)).toHaveLength(1);
    expect(sessionStorage.getItem(RESULT)).toBeNull();
    expect(screen.queryByTestId("failure")).toBeNull();
    expect(shown).toEqual([]);
  });

  it("forgets its result when a new run starts, and remembers no failure", async () => {
    sessionStorage.setItem(RESULT, JSON.stringify({ id: 15 }));
    nothingRunning();
    on("GET", "/api/generations/15/", json(madeEarlier));
    await page();
    expect(screen.getByText("Glow up")).toBeTruthy();
    on("POST", "/api/generations/", json({ id: 16, status: "failed", output: {}, error: "No valid variations generated", balance: 100 }, 202));
    await typeBrand("Glow");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate Meta Copy (20 credits)" })));
    expect(screen.getByTestId("failure")).toBeTruthy();
    expect(sessionStorage.getItem(RESULT)).toBeNull();
    cleanup();

    nothingRunning();
    await page();
    expect(screen.queryByTestId("failure")).toBeNull();
    expect(screen.queryByText("Glow up")).toBeNull();
    expect(generationReads(16)).toHaveLength(0);
  });

  it("re-attaches to a run still going rather than show the result it showed before, and remembers that run's once it ends", async () => {
    sessionStorage.setItem(RESULT, JSON.stringify({ id: 15 }));
    on(
      "GET",
      "/api/generations/active/?tool=meta-copy",
      json({ generation: { id: 9, status: "running", created_at: new Date().toISOString(), inputs: { brand: "Glow" } }, scrape: null }),
    );
    await page(80);
    expect(screen.getByTestId("progress-overlay")).toBeTruthy();
    expect(generationReads(15)).toHaveLength(0);
    expect(screen.queryByText("Glow up")).toBeNull();

    on("GET", "/api/generations/9/", json({ id: 9, status: "success", output: { variations: [{ headline: "Back again" }] }, balance: 80 }));
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText("Back again")).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem(RESULT))).toEqual({ id: 9 });
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

describe("strayErrors", () => {
  const schema = {
    sections: [{ title: "Copy", fields: [{ name: "language", type: "select" }, { name: "scrapeId", type: "hidden" }] }],
  };

  it("keeps the messages of names the form shows no field for, hidden fields included", () => {
    const errors = { language: ["Please choose a language"], scrapeId: ["Please scrape the website first"], non_field_errors: ["Bad body."] };
    expect(strayErrors(errors, schema)).toEqual(["Please scrape the website first", "Bad body."]);
    expect(strayErrors({ language: ["Please choose a language"] }, schema)).toEqual([]);
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

  it("says a start that got no answer is unconfirmed, under its own title, on every tool", () => {
    const unconfirmed = { status: "failed", networkError: START_UNCONFIRMED, lostTrack: LOST_TRACK.start };
    expect(failureMessage(unconfirmed, { networkPrefix: true, fallback: "x" })).toBe(START_UNCONFIRMED);
    expect(failureTitle(unconfirmed, { failureTitle: "Creative Generation Failed" })).toBe("Connection Lost");
    expect(failureToast(unconfirmed, { failureToast: "Failed to generate Meta Copy. Please try again." })).toBe(START_UNCONFIRMED);
  });

  it("says a run followed until a sign-out is not known to have failed, nor refunded", () => {
    const signedOut = { status: "failed", lostTrack: LOST_TRACK.signedOut };
    expect(isRefunded(signedOut)).toBe(false);
    expect(isRefunded({ status: "failed", networkError: "Failed to fetch" })).toBe(false);
    expect(isRefunded({ status: "failed", error: "Webhook error: 500" })).toBe(true);
    expect(failureTitle(signedOut, { failureTitle: "Creative Generation Failed" })).toBe("Signed Out");
    expect(failureMessage(signedOut, { networkPrefix: true, fallback: "x" })).toBe(
      "You were signed out while your generation ran. Sign in again to see how it ended in History.",
    );
    expect(failureTitle({ status: "failed", error: "x" }, { failureTitle: "Creative Generation Failed" })).toBe("Creative Generation Failed");
  });
});
