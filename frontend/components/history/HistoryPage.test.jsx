import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import HistoryPage, { PAGE_SIZE } from "./HistoryPage.jsx";

const entry = (id) => ({ id, tool: "meta-copy", service_type: "meta_copy", status: "success", credits_used: 20, created_at: "2026-11-21T08:00:00Z" });

describe("HistoryPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("loads more entries and hands focus to the first one it added", async () => {
    const pages = {
      [`/api/history/?limit=${PAGE_SIZE}`]: Array.from({ length: PAGE_SIZE }, (_, n) => entry(100 - n)),
      [`/api/history/?limit=${PAGE_SIZE}&offset=${PAGE_SIZE}`]: [entry(50), entry(49)],
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url) => new Response(JSON.stringify({ results: pages[url] || [] }), { status: 200, headers: { "Content-Type": "application/json" } })),
    );
    const urls = { history: "/api/history/", historyItem: "/api/history/{id}/" };
    await act(async () => render(<HistoryPage urls={urls} types={[{ value: "meta_copy", label: "Meta Copy" }]} labels={{ meta_copy: "Meta Copy" }} />));
    expect(screen.getAllByTestId("history-item")).toHaveLength(PAGE_SIZE);

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Load more" })));
    const items = screen.getAllByTestId("history-item");
    expect(items).toHaveLength(PAGE_SIZE + 2);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull(); // the last page
    expect(document.activeElement).toBe(items[PAGE_SIZE].querySelector("button"));
  });

  it("stops offering more when a full page brings only entries it already shows", async () => {
    const first = Array.from({ length: PAGE_SIZE }, (_, n) => entry(100 - n));
    const pages = {
      [`/api/history/?limit=${PAGE_SIZE}`]: first,
      [`/api/history/?limit=${PAGE_SIZE}&offset=${PAGE_SIZE}`]: first, // the list moved under us
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url) => new Response(JSON.stringify({ results: pages[url] || [] }), { status: 200, headers: { "Content-Type": "application/json" } })),
    );
    const urls = { history: "/api/history/", historyItem: "/api/history/{id}/" };
    await act(async () => render(<HistoryPage urls={urls} types={[]} labels={{}} />));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Load more" })));
    expect(screen.getAllByTestId("history-item")).toHaveLength(PAGE_SIZE);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("says which tool has no generations, and goes back to all tools from there", async () => {
    const pages = {
      [`/api/history/?limit=${PAGE_SIZE}`]: [entry(2), entry(1)],
      [`/api/history/?service_type=meta_ads_full&limit=${PAGE_SIZE}`]: [],
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url) => new Response(JSON.stringify({ results: pages[url] || [] }), { status: 200, headers: { "Content-Type": "application/json" } })),
    );
    const urls = { history: "/api/history/", historyItem: "/api/history/{id}/" };
    const types = [
      { value: "meta_copy", label: "Meta Copy" },
      { value: "meta_ads_full", label: "Meta Ads Full" },
    ];
    await act(async () => render(<HistoryPage urls={urls} types={types} labels={{ meta_copy: "Meta Copy" }} />));
    const tool = screen.getByRole("combobox", { name: "Tool" });
    await act(async () => fireEvent.change(tool, { target: { value: "meta_ads_full" } }));

    expect(screen.getByText("No Meta Ads Full generations yet")).toBeTruthy();
    expect(screen.queryByText("No generation history yet")).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Show all tools" })));
    expect(tool.value).toBe("");
    expect(document.activeElement).toBe(tool);
    expect(screen.getAllByTestId("history-item")).toHaveLength(2);
  });

  it("keeps 'No generation history yet' for a user with no history at all", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ results: [] }), { status: 200, headers: { "Content-Type": "application/json" } })),
    );
    const urls = { history: "/api/history/", historyItem: "/api/history/{id}/" };
    await act(async () => render(<HistoryPage urls={urls} types={[{ value: "meta_copy", label: "Meta Copy" }]} labels={{}} />));
    expect(screen.getByText("No generation history yet")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show all tools" })).toBeNull();
  });

  it("shows the newest filter's entries when the read for the older filter answers last", async () => {
    let answerAll;
    const answers = {
      [`/api/history/?limit=${PAGE_SIZE}`]: () => new Promise((resolve) => (answerAll = resolve)),
      [`/api/history/?service_type=meta_ads_full&limit=${PAGE_SIZE}`]: async () => [entry(5)],
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url) => new Response(JSON.stringify({ results: await answers[url]() }), { status: 200, headers: { "Content-Type": "application/json" } })),
    );
    const urls = { history: "/api/history/", historyItem: "/api/history/{id}/" };
    const types = [{ value: "meta_ads_full", label: "Meta Ads Full" }];
    await act(async () => render(<HistoryPage urls={urls} types={types} labels={{}} />));
    await act(async () => fireEvent.change(screen.getByRole("combobox", { name: "Tool" }), { target: { value: "meta_ads_full" } }));
    expect(screen.getAllByTestId("history-item")).toHaveLength(1);

    await act(async () => answerAll([entry(2), entry(1)]));
    expect(screen.getAllByTestId("history-item")).toHaveLength(1);
    expect(screen.getByText("1 generation shown")).toBeTruthy();
  });

  it("reads from the history URL it is given now", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ results: [] }), { status: 200, headers: { "Content-Type": "application/json" } }));
    vi.stubGlobal("fetch", fetchMock);
    const page = (history) => <HistoryPage urls={{ history, historyItem: "/api/history/{id}/" }} types={[]} labels={{}} />;
    const { rerender } = await act(async () => render(page("/api/history/")));
    await act(async () => rerender(page("/en/api/history/")));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`/api/history/?limit=${PAGE_SIZE}`, `/en/api/history/?limit=${PAGE_SIZE}`]);
  });
});
