import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import HistoryPanel from "./HistoryPanel.jsx";

const labels = { meta_copy: "Meta Copy", social_media_creative: "Social Media Creative" };
const toasts = [];
const onToast = (event) => toasts.push(event.detail);

function json(body, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function serve(routes) {
  const fetchMock = vi.fn(async (url) => {
    const handler = routes[url];
    if (!handler) return json({ detail: "Not found." }, 404);
    return typeof handler === "function" ? handler() : json(handler);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const panel = (props = {}) => (
  <HistoryPanel serviceType="meta_copy" listUrl="/api/history/" itemUrl="/api/history/{id}/" toolLabels={labels} {...props} />
);
const LIST = "/api/history/?service_type=meta_copy&limit=10";

describe("HistoryPanel", () => {
  beforeEach(() => {
    toasts.length = 0;
    window.addEventListener("adsmith:toast", onToast);
    Object.assign(navigator, { clipboard: { writeText: vi.fn(async () => {}) } });
  });
  afterEach(() => {
    window.removeEventListener("adsmith:toast", onToast);
    vi.unstubAllGlobals();
  });

  it("asks for this tool's type, ten at most, and says when there is nothing yet", async () => {
    const fetchMock = serve({ [LIST]: { results: [] } });
    await act(async () => render(panel()));
    expect(fetchMock.mock.calls[0][0]).toBe(LIST);
    expect(screen.getByText("No generation history yet")).toBeTruthy();
  });

  it("shows an empty list when the read fails", async () => {
    serve({ [LIST]: () => json({ detail: "boom" }, 500) });
    await act(async () => render(panel()));
    expect(screen.getByText("No generation history yet")).toBeTruthy();
  });

  it("labels statuses, loads an item's detail once on expand and copies its text", async () => {
    const detail = vi.fn(() =>
      json({
        id: 7,
        tool: "meta-copy",
        status: "success",
        file_url: "/files/generation-history/1/meta_copy_1.txt",
        output_data: { variations: [{ headline: "Glow up", description: "", primaryText: "Shine daily." }], engine: "demo" },
      }),
    );
    serve({
      [LIST]: {
        results: [
          { id: 9, tool: "meta-copy", service_type: "meta_copy", status: "running", credits_used: 20, created_at: "2026-11-21T10:00:00Z" },
          { id: 8, tool: "meta-copy", service_type: "meta_copy", status: "failed", credits_used: 20, created_at: "2026-11-21T09:00:00Z" },
          { id: 7, tool: "meta-copy", service_type: "meta_copy", status: "success", credits_used: 20, created_at: "2026-11-21T08:00:00Z" },
        ],
      },
      "/api/history/7/": detail,
    });
    await act(async () => render(panel()));
    const items = screen.getAllByTestId("history-item");
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByText("Running")).toBeTruthy();
    expect(within(items[0]).getByText("Generating Meta Copy content...")).toBeTruthy();
    expect(within(items[1]).getByText("Failed")).toBeTruthy();
    expect(within(items[2]).getByText("Success")).toBeTruthy();

    const toggle = within(items[2]).getAllByRole("button")[0];
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await act(async () => fireEvent.click(toggle));
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(within(items[2]).getByText("Glow up")).toBeTruthy();
    expect(within(items[2]).getByText("No description available")).toBeTruthy();

    await act(async () => fireEvent.click(toggle));
    await act(async () => fireEvent.click(toggle));
    expect(detail).toHaveBeenCalledTimes(1);

    const copy = within(items[2]).getByRole("button", { name: "Copy text of the Meta Copy output" });
    expect(copy.getAttribute("aria-label").startsWith(copy.textContent)).toBe(true); // WCAG 2.5.3 Label in Name
    await act(async () => fireEvent.click(copy));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(expect.stringContaining("Headline: Glow up"));
    expect(toasts).toContainEqual({ message: "Copied to clipboard!", kind: "success" });
  });

  it("says 'No output data found' for an item without output, and downloads images", async () => {
    serve({
      [LIST]: {
        results: [
          { id: 2, tool: "meta-copy", service_type: "meta_copy", status: "success", credits_used: 20, created_at: "2026-11-21T08:00:00Z" },
          { id: 3, tool: "social-media-creative", service_type: "social_media_creative", status: "success", credits_used: 80, created_at: "2026-11-21T08:00:00Z" },
        ],
      },
      "/api/history/2/": { id: 2, status: "success", output_data: {}, file_url: null },
      "/api/history/3/": { id: 3, status: "success", output_data: { image: "/files/generation-history/1/x.png" } },
      "/files/generation-history/1/x.png": () => new Response("png", { status: 200, headers: { "Content-Type": "image/png" } }),
    });
    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    await act(async () => render(panel()));
    const [empty, creative] = screen.getAllByTestId("history-item");
    await act(async () => fireEvent.click(within(empty).getAllByRole("button")[0]));
    expect(within(empty).getByText("No output data found")).toBeTruthy();

    await act(async () => fireEvent.click(within(creative).getAllByRole("button")[0]));
    await act(async () => fireEvent.click(within(creative).getByRole("button", { name: "Download" })));
    await vi.waitFor(() => expect(clicks).toHaveBeenCalled());
    expect(toasts).toContainEqual({ message: "Image downloaded successfully!", kind: "success" });
  });

  it("shows a placeholder for a creative whose file is gone, and offers nothing to do with it", async () => {
    serve({
      [LIST]: {
        results: [{ id: 4, tool: "social-media-creative", service_type: "social_media_creative", status: "success", credits_used: 80, created_at: "2026-11-21T08:00:00Z" }],
      },
      "/api/history/4/": {
        id: 4,
        status: "success",
        output_data: { image: "/files/generation-history/1/gone.png", versionsUrl: "/api/generations/4/versions/" },
      },
    });
    await act(async () => render(panel()));
    const [item] = screen.getAllByTestId("history-item");
    await act(async () => fireEvent.click(within(item).getAllByRole("button")[0]));
    expect(within(item).getByRole("button", { name: "Edit Text" })).toBeTruthy();
    await act(async () => fireEvent.error(within(item).getByRole("img")));
    const image = within(item).getByRole("img", { name: "Generated image unavailable" });
    expect(image.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(within(item).getByRole("button", { name: "Download" }).disabled).toBe(true);
    expect(within(item).queryByRole("button", { name: "Edit Text" })).toBeNull();
  });

  it("shows a failed run's cost as refunded, with the engine's message and the refund note", async () => {
    serve({
      [LIST]: {
        results: [{ id: 8, tool: "meta-copy", service_type: "meta_copy", status: "failed", credits_used: 20, created_at: "2026-11-21T09:00:00Z" }],
      },
      "/api/history/8/": { id: 8, status: "failed", credits_used: 20, error_message: "HTTP error! status: 500", output_data: null },
    });
    await act(async () => render(panel()));
    const [item] = screen.getAllByTestId("history-item");
    expect(within(item).getByText(/20 credits refunded/)).toBeTruthy();
    await act(async () => fireEvent.click(within(item).getAllByRole("button")[0]));
    expect(within(item).getByText("HTTP error! status: 500")).toBeTruthy();
    expect(within(item).getByText("The 20 credits for this run were refunded.")).toBeTruthy();
  });

  it("copies a lone social post without a label, and links Spy snapshots (web links only) in a new tab", async () => {
    serve({
      [LIST]: {
        results: [
          { id: 4, tool: "social-media-copy", service_type: "meta_copy", status: "success", credits_used: 20, created_at: "2026-11-21T08:00:00Z" },
          { id: 5, tool: "spy-master", service_type: "meta_copy", status: "success", credits_used: 50, created_at: "2026-11-21T08:00:00Z" },
        ],
      },
      "/api/history/4/": { id: 4, status: "success", output_data: { socialMediaCopy: "POV: you found the serum." } },
      "/api/history/5/": {
        id: 5,
        status: "success",
        output_data: {
          generalAnalysis: "Competitors lead with price.",
          topAds: [
            { rank: 1, analysis: "Strong hook.", snapshotUrl: "https://www.facebook.com/ads/library/?id=1" },
            { rank: 2, analysis: "Weak hook.", snapshotUrl: "javascript:alert(1)" },
          ],
        },
      },
    });
    await act(async () => render(panel()));
    const [social, spy] = screen.getAllByTestId("history-item");
    await act(async () => fireEvent.click(within(social).getAllByRole("button")[0]));
    await act(async () => fireEvent.click(within(social).getByRole("button", { name: "Copy text of the Meta Copy output" })));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith("POV: you found the serum.");

    await act(async () => fireEvent.click(within(spy).getAllByRole("button")[0]));
    const links = within(spy).getAllByRole("link");
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute("href")).toBe("https://www.facebook.com/ads/library/?id=1");
    expect(links[0].getAttribute("target")).toBe("_blank");
    expect(links[0].getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("shows a scrape's non-text fields as JSON, as its copied text has them", async () => {
    serve({
      [LIST]: {
        results: [{ id: 6, tool: "meta-ads-full", service_type: "meta_copy", status: "success", credits_used: 0, created_at: "2026-11-21T08:00:00Z" }],
      },
      "/api/history/6/": { id: 6, status: "success", output_data: { fields: { Brand: "Glow", Address: { city: "Lisbon" } } } },
    });
    await act(async () => render(panel()));
    const [item] = screen.getAllByTestId("history-item");
    await act(async () => fireEvent.click(within(item).getAllByRole("button")[0]));
    expect(within(item).getByText('{"city":"Lisbon"}')).toBeTruthy();
    expect(item.textContent).not.toContain("[object Object]");
    await act(async () => fireEvent.click(within(item).getByRole("button", { name: "Copy text of the Meta Copy output" })));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('Brand: Glow\n\nAddress: {"city":"Lisbon"}');
  });

  it("follows an unfinished entry until it settles", async () => {
    vi.useFakeTimers();
    let status = "running";
    const detail = vi.fn(() => json({ id: 9, status, credits_used: 20, output_data: status === "success" ? { socialMediaCopy: "Done!" } : {} }));
    serve({
      [LIST]: { results: [{ id: 9, tool: "social-media-copy", service_type: "meta_copy", status: "queued", credits_used: 20, created_at: "2026-11-21T10:00:00Z" }] },
      "/api/history/9/": detail,
    });
    await act(async () => render(panel()));
    const [item] = screen.getAllByTestId("history-item");
    expect(within(item).getByText("Generating Meta Copy content...")).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(within(item).getByText("Queued")).toBeTruthy(); // still running: keeps following
    status = "success";
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(within(item).getByText("Success")).toBeTruthy();
    expect(within(item).queryByText("Generating Meta Copy content...")).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(20000));
    expect(detail).toHaveBeenCalledTimes(2); // and stops once it is done
    await act(async () => fireEvent.click(within(item).getAllByRole("button")[0]));
    expect(within(item).getByText("Done!")).toBeTruthy();
    vi.useRealTimers();
  });

  it("names a Meta Ads Full entry's step as the server labels it", async () => {
    // Not the real label: whatever the server calls a step is what the entry says.
    const step = { step: "scrape", step_display: "Site check" };
    serve({
      [LIST]: {
        results: [{ id: 4, tool: "meta-ads-full", service_type: "meta_ads_full", ...step, status: "success", credits_used: 0, created_at: "2026-11-21T10:00:00Z" }],
      },
    });
    await act(async () => render(panel({ toolLabels: { meta_ads_full: "Meta Ads Full" } })));
    expect(screen.getByTestId("history-item").textContent).toContain("Meta Ads Full · Site check");
  });

  it("sends no second read of an unfinished entry while the first is unanswered, and none after it is gone", async () => {
    vi.useFakeTimers();
    let answer;
    const detail = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    serve({
      [LIST]: { results: [{ id: 9, tool: "meta-copy", service_type: "meta_copy", status: "running", credits_used: 20, created_at: "2026-11-21T10:00:00Z" }] },
      "/api/history/9/": detail,
    });
    const { unmount } = await act(async () => render(panel()));
    await act(async () => vi.advanceTimersByTimeAsync(30000)); // a slow server
    expect(detail).toHaveBeenCalledTimes(1);
    unmount();
    await act(async () => answer(json({ id: 9, status: "success", credits_used: 20, output_data: {} })));
    await act(async () => vi.advanceTimersByTimeAsync(30000));
    expect(detail).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it("stops following an entry the server no longer has", async () => {
    vi.useFakeTimers();
    const detail = vi.fn(() => json({ detail: "Not found." }, 404));
    serve({
      [LIST]: { results: [{ id: 9, tool: "meta-copy", service_type: "meta_copy", status: "queued", credits_used: 20, created_at: "2026-11-21T10:00:00Z" }] },
      "/api/history/9/": detail,
    });
    await act(async () => render(panel()));
    await act(async () => vi.advanceTimersByTimeAsync(60000));
    expect(detail).toHaveBeenCalledTimes(1);
    expect(within(screen.getByTestId("history-item")).getByText("Queued")).toBeTruthy(); // as listed
    vi.useRealTimers();
  });

  it("says an unfinished entry's user was signed out, instead of that it is still running", async () => {
    vi.useFakeTimers();
    serve({
      [LIST]: { results: [{ id: 9, tool: "meta-copy", service_type: "meta_copy", status: "queued", credits_used: 20, created_at: "2026-11-21T10:00:00Z" }] },
      "/api/history/9/": () => json({ detail: "Your session has ended. Please sign in again." }, 403),
    });
    await act(async () => render(panel()));
    const entry = screen.getByTestId("history-item");
    expect(within(entry).getByText(/Generating .* content\.\.\./)).toBeTruthy();

    await act(async () => vi.advanceTimersByTimeAsync(5000));

    expect(within(entry).getByText("You were signed out: sign in again to see how this run ended.")).toBeTruthy();
    expect(within(entry).queryByText(/Generating .* content/)).toBeNull();
    vi.useRealTimers();
  });

  it("wraps an entry's long unbroken text (a tracking URL) inside the entry", async () => {
    // jsdom has no layout: this checks the contract (overflow-wrap:anywhere on the entry); the
    // browser test (services/tests/test_long_text_browser.py) measures the page.
    const token = `utm_source=${"campaign_parameter_value_".repeat(6)}`;
    serve({
      [LIST]: {
        results: [
          { id: 3, tool: "meta-copy", service_type: "meta_copy", status: "success", credits_used: 20, created_at: "2026-11-21T08:00:00Z" },
          { id: 2, tool: "meta-copy", service_type: "meta_copy", status: "failed", credits_used: 20, created_at: "2026-11-21T07:00:00Z" },
        ],
      },
      "/api/history/3/": {
        id: 3,
        status: "success",
        output_data: {
          variations: [{ headline: token, description: token, primaryText: `Shop: ${token}` }],
          report: token,
          fields: { [token]: token },
          topAds: [{ rank: 1, analysis: token }],
        },
      },
      "/api/history/2/": { id: 2, status: "failed", credits_used: 20, error_message: `Could not read ${token}`, output_data: null },
    });
    await act(async () => render(panel()));
    for (const item of screen.getAllByTestId("history-item")) {
      await act(async () => fireEvent.click(within(item).getAllByRole("button")[0]));
    }
    const holders = screen.getAllByText((_, element) => [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.includes(token)));
    expect(holders.length).toBeGreaterThanOrEqual(8);
    for (const element of holders) expect(element.closest(".wrap-anywhere")).not.toBeNull();
  });

  it("gives an entry's generated text its own direction (dir=auto), so Hebrew reads from the right", async () => {
    const hebrew = "סרום ויטמין C לעור זוהר";
    serve({
      [LIST]: {
        results: [{ id: 3, tool: "meta-copy", service_type: "meta_copy", status: "success", credits_used: 20, created_at: "2026-11-21T08:00:00Z" }],
      },
      "/api/history/3/": {
        id: 3,
        status: "success",
        output_data: {
          variations: [{ headline: hebrew, description: hebrew, primaryText: hebrew }],
          report: hebrew,
          fields: { [`${hebrew}:`]: hebrew },
          topAds: [{ rank: 1, analysis: hebrew }],
        },
      },
    });
    await act(async () => render(panel()));
    await act(async () => fireEvent.click(within(screen.getByTestId("history-item")).getAllByRole("button")[0]));
    const holders = screen.getAllByText((_, element) => [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.includes(hebrew)));
    expect(holders.length).toBeGreaterThanOrEqual(7);
    for (const element of holders) expect(element.getAttribute("dir"), element.outerHTML).toBe("auto");
  });

  it("reloads when told a generation finished", async () => {
    const fetchMock = serve({ [LIST]: { results: [] } });
    const { rerender } = await act(async () => render(panel()));
    await act(async () => rerender(panel({ refreshKey: 1 })));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("keeps the reload's entries when the read it replaced answers last", async () => {
    const reads = [];
    vi.stubGlobal("fetch", vi.fn(() => new Promise((resolve) => reads.push(resolve))));
    const { rerender } = await act(async () => render(panel()));
    await act(async () => rerender(panel({ refreshKey: 1 })));
    const finished = { id: 7, tool: "meta-copy", service_type: "meta_copy", status: "success", credits_used: 20, created_at: "2026-11-21T08:00:00Z" };
    await act(async () => reads[1](json({ results: [finished] })));
    await act(async () => reads[0](json({ results: [] })));
    expect(screen.getAllByTestId("history-item")).toHaveLength(1);
  });
});
