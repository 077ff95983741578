import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { usePoll } from "./usePoll.js";

const json = (body, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

// The server's answers, in order; a pending one is answered by calling `answer(response)`.
let replies;
let answer;
beforeEach(() => {
  vi.useFakeTimers();
  replies = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      const next = replies.shift();
      if (next === "pending") return new Promise((resolve) => (answer = resolve));
      if (next === "unreachable") throw new TypeError("Failed to fetch");
      return next ?? json({ status: "running" });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function poll(url, options) {
  return renderHook(({ url: current }) => usePoll(current, { every: 5000, ...options }), { initialProps: { url } });
}

describe("usePoll", () => {
  it("reads every interval after the last answer, and stops when the answer says so", async () => {
    const answers = [];
    replies.push(json({ status: "running" }), json({ status: "success" }));
    poll("/api/history/9/", { onAnswer: (body) => answers.push(body.status) && body.status === "success" });
    await act(async () => vi.advanceTimersByTimeAsync(4999));
    expect(fetch).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(answers).toEqual(["running", "success"]);
    await act(async () => vi.advanceTimersByTimeAsync(60000));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("never has two reads out at once: a slow answer holds the next read back", async () => {
    const onAnswer = vi.fn(() => false);
    replies.push("pending");
    poll("/api/history/9/", { onAnswer });
    await act(async () => vi.advanceTimersByTimeAsync(60000));
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(async () => answer(json({ status: "running" })));
    expect(onAnswer).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("drops an answer that lands after it stopped", async () => {
    const onAnswer = vi.fn(() => false);
    replies.push("pending");
    const hook = poll("/api/history/9/", { onAnswer });
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    hook.unmount();
    await act(async () => answer(json({ status: "success" })));
    await act(async () => vi.advanceTimersByTimeAsync(60000));
    expect(onAnswer).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("follows a new url from then on, and asks nothing while the url is null", async () => {
    const onAnswer = vi.fn(() => false);
    replies.push("pending");
    const hook = poll("/api/generations/1/", { onAnswer });
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    hook.rerender({ url: "/api/generations/2/" });
    await act(async () => answer(json({ status: "success", id: 1 })));
    expect(onAnswer).not.toHaveBeenCalled(); // the first url's answer, too late
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(["/api/generations/1/", "/api/generations/2/"]);
    expect(onAnswer).toHaveBeenCalledTimes(1);

    hook.rerender({ url: null });
    await act(async () => vi.advanceTimersByTimeAsync(60000));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("hears each failure with the count in a row, backs off up to maxEvery, and stops when told", async () => {
    const failures = [];
    replies.push("unreachable", "unreachable", "unreachable", "unreachable", json({ status: "running" }), json({ detail: "Not found." }, 404));
    poll("/api/generations/1/", {
      every: 2000,
      maxEvery: 10000,
      onError: (err, inARow) => {
        failures.push([err.status, inARow]);
        return err.status === 404;
      },
    });
    // Reads at 2 s; then after 4, 8, 10 and 10 s of failures; 2 s after the good answer.
    const readsBy = async (ms) => {
      await act(async () => vi.advanceTimersByTimeAsync(ms));
      return fetch.mock.calls.length;
    };
    expect(await readsBy(2000)).toBe(1);
    expect(await readsBy(3999)).toBe(1);
    expect(await readsBy(1)).toBe(2);
    expect(await readsBy(8000)).toBe(3);
    expect(await readsBy(10000)).toBe(4);
    expect(await readsBy(10000)).toBe(5);
    expect(await readsBy(2000)).toBe(6);
    expect(failures).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [404, 1],
    ]);
    expect(await readsBy(60000)).toBe(6);
  });
});
