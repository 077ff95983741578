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
});
