import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onCreditsChanged } from "./events.js";
import { LOST_TRACK, START_UNCONFIRMED, START_WINDOW_MS, useGeneration } from "./useGeneration.js";

const urls = { generations: "/api/generations/", generation: "/api/generations/{id}/", active: "/api/generations/active/" };
const json = (body, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

// The server as the page sees it through a dropped connection: each start (POST) gets no answer
// while `lostStarts` lasts, then the queued generation; the run succeeds on its first check.
let lostStarts;
beforeEach(() => {
  vi.useFakeTimers();
  lostStarts = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url, options = {}) => {
      if (url.startsWith(urls.active)) return json({ generation: null, scrape: null });
      if (url === urls.generations && options.method === "POST") {
        if (lostStarts > 0) {
          lostStarts -= 1;
          throw new TypeError("Failed to fetch");
        }
        return json({ id: 7, status: "queued", output: {}, balance: 80 }, 202);
      }
      if (url === "/api/generations/7/") return json({ id: 7, status: "success", output: { text: "Made it" }, balance: 80 });
      return json({ detail: "Not found." }, 404);
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const posted = () => fetch.mock.calls.filter(([, options]) => options?.method === "POST").map(([, options]) => JSON.parse(options.body));

async function generationHook() {
  const settled = [];
  const hook = renderHook(() => useGeneration({ slug: "meta-copy", urls, onSettled: (g) => settled.push(g) }));
  await act(async () => {}); // the mount-time check for a run to re-attach to
  return { hook, settled };
}

describe("useGeneration's start without an answer", () => {
  it("keeps sending it with the same key, the overlay up and saying so, and follows the run once an answer comes", async () => {
    const { hook, settled } = await generationHook();
    lostStarts = 6; // sent at 0, 1, 3, 7, 15 and 30 s; the 7th, at 45 s, is answered
    let result;
    act(() => {
      hook.result.current.start({ brand: "Glow" }).then((r) => (result = r));
    });
    await act(async () => {});
    expect(hook.result.current.busy).toBe(true);
    expect(hook.result.current.connectionLost).toBe(false); // one failure is not an outage yet

    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(hook.result.current.connectionLost).toBe(true);
    await act(async () => vi.advanceTimersByTimeAsync(44000 - 1000 - 1));
    expect(posted()).toHaveLength(6);
    expect(result).toBeUndefined(); // no failure while within the window
    expect(hook.result.current.busy).toBe(true);
    expect(hook.result.current.connectionLost).toBe(true);

    await act(async () => vi.advanceTimersByTimeAsync(1001));
    expect(posted()).toHaveLength(7);
    expect(new Set(posted().map((body) => body.idempotency_key)).size).toBe(1);
    expect(result.generation.id).toBe(7);
    expect(hook.result.current.connectionLost).toBe(false);
    expect(hook.result.current.current.id).toBe(7);

    await act(async () => vi.advanceTimersByTimeAsync(2000)); // the first check of the run
    expect(settled).toEqual([expect.objectContaining({ id: 7, status: "success" })]);
    expect(hook.result.current.busy).toBe(false);
  });

  it("says it could not confirm the start after two minutes without any answer, and keeps the key for the same inputs", async () => {
    const { hook, settled } = await generationHook();
    lostStarts = Infinity;
    let result;
    act(() => {
      hook.result.current.start({ brand: "Glow" }).then((r) => (result = r));
    });
    await act(async () => vi.advanceTimersByTimeAsync(START_WINDOW_MS - 1));
    expect(result).toBeUndefined();
    expect(hook.result.current.busy).toBe(true);

    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(result).toEqual({ problem: START_UNCONFIRMED, lostTrack: LOST_TRACK.start, networkError: true });
    expect(START_UNCONFIRMED).toBe("We couldn't confirm that your generation started. It may still be running: check History before trying again.");
    // 1, 2, 4 and 8 s apart, then every 15 s, the last as the window closes
    expect(posted()).toHaveLength(12);
    expect(hook.result.current.busy).toBe(false);
    expect(hook.result.current.connectionLost).toBe(false);
    expect(settled).toEqual([]);

    lostStarts = 0;
    await act(async () => hook.result.current.start({ brand: "Glow" }));
    const keys = posted().map((body) => body.idempotency_key);
    expect(keys).toHaveLength(13);
    expect(new Set(keys).size).toBe(1); // the same inputs again: the first run, not a second one
  });

  it("does not send again a start the server answered with an error, and passes its message on", async () => {
    const { hook } = await generationHook();
    fetch.mockImplementation(async () => json({ detail: "Not found." }, 404));
    const result = await act(async () => hook.result.current.start({ brand: "Glow" }));
    expect(result).toEqual({ problem: "Not found.", networkError: true });
    expect(posted()).toHaveLength(1);
  });

  it("stops at once when a resend is refused", async () => {
    const { hook } = await generationHook();
    lostStarts = 2;
    let result;
    act(() => {
      hook.result.current.start({ brand: "Glow" }).then((r) => (result = r));
    });
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(result).toBeUndefined();
    fetch.mockImplementation(async () => json({ detail: "Please sign in to use this service" }, 403));
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(result).toEqual({ problem: "Please sign in to use this service", refused: true });
    expect(hook.result.current.connectionLost).toBe(false);
  });
});

describe("useGeneration following a run", () => {
  async function started() {
    const { hook, settled } = await generationHook();
    fetch.mockImplementation(async (url, options = {}) => {
      if (options.method === "POST") return json({ id: 8, status: "queued", output: {}, balance: 80 }, 202);
      return json({ detail: "Your session has ended. Please sign in again." }, 403);
    });
    await act(async () => hook.result.current.start({ brand: "Glow" }));
    return { hook, settled };
  }

  it("does not call a run failed when the user was signed out meanwhile: it says it lost track of it", async () => {
    const { hook, settled } = await started();

    await act(async () => vi.advanceTimersByTimeAsync(2000));

    expect(settled).toEqual([{ id: 8, status: "failed", lostTrack: LOST_TRACK.signedOut }]);
    expect(hook.result.current.busy).toBe(false);
  });

  it("passes on the message of a run that is gone", async () => {
    const { settled } = await started();
    fetch.mockImplementation(async () => json({ detail: "Not found." }, 404));

    await act(async () => vi.advanceTimersByTimeAsync(2000));

    expect(settled).toEqual([{ id: 8, status: "failed", networkError: "Not found." }]);
  });
});

describe("useGeneration across a reload", () => {
  async function reloadWhileItRuns(finishedRun) {
    // The first page starts a run and follows it.
    const first = await generationHook();
    await act(async () => first.hook.result.current.start({ brand: "Glow" }));
    expect(sessionStorage.getItem("adsmith:following:meta-copy")).toBe("7");
    first.hook.unmount();
    // The reloaded page asks for the run it followed, which has finished.
    fetch.mockImplementation(async (url) => {
      if (url === `${urls.active}?tool=meta-copy&following=7`) return json({ generation: finishedRun, scrape: null });
      return json({ detail: "Not found." }, 404);
    });
    return generationHook();
  }

  it("shows the run this tab followed when it finished during the reload", async () => {
    const run = { id: 7, status: "success", output: { text: "Made it" }, balance: 80, created_at: new Date().toISOString() };
    const { settled } = await reloadWhileItRuns(run);
    await act(async () => {});

    expect(settled).toEqual([run]);
    expect(sessionStorage.getItem("adsmith:following:meta-copy")).toBeNull();
  });

  it("leaves an old one to History", async () => {
    const old = new Date(Date.now() - 20 * 60 * 1000).toISOString();
    const { settled } = await reloadWhileItRuns({ id: 7, status: "success", output: {}, balance: 80, created_at: old });
    await act(async () => {});

    expect(settled).toEqual([]);
  });

  it("picks up the run a start began when the page reloaded before its answer came, whatever the tab has typed", async () => {
    const first = await generationHook();
    lostStarts = 1_000; // the start arrives, its answers never do
    act(() => {
      first.hook.result.current.start({ brand: "Glow" });
    });
    await act(async () => vi.advanceTimersByTimeAsync(3000));
    const key = posted()[0].idempotency_key;
    expect(sessionStorage.getItem("adsmith:starting:meta-copy")).toBe(key);
    first.hook.unmount();

    // The reloaded page asks for the run that key began; the server has it, running.
    fetch.mockImplementation(async (url) => {
      if (url === `${urls.active}?tool=meta-copy&starting=${key}`)
        return json({ generation: { id: 7, status: "running", created_at: new Date().toISOString(), inputs: { brand: "Glow" } }, scrape: null });
      return json({ detail: "Not found." }, 404);
    });
    const resumed = [];
    const hook = renderHook(() =>
      useGeneration({ slug: "meta-copy", urls, mayAdopt: () => false, onResume: (found) => resumed.push(found) }),
    );
    await act(async () => {});
    expect(resumed[0].generation.id).toBe(7);
    expect(hook.result.current.busy).toBe(true);
    expect(sessionStorage.getItem("adsmith:starting:meta-copy")).toBeNull();
    expect(sessionStorage.getItem("adsmith:following:meta-copy")).toBe("7");
  });

  it("always knows the run a reload should pick up: the run is kept before its start's key is dropped", async () => {
    const { hook } = await generationHook();
    // What a reload would find at the moment the answer reaches the page (its balance shown).
    const seen = [];
    const keys = () => ["starting", "following"].map((kind) => sessionStorage.getItem(`adsmith:${kind}:meta-copy`));
    const stop = onCreditsChanged(() => seen.push(keys()));
    await act(async () => hook.result.current.start({ brand: "Glow" }));
    stop();

    expect(seen[0]).toEqual([null, "7"]);
    expect(keys()).toEqual([null, "7"]);
  });

  it("forgets a start the server answered, refused or taken", async () => {
    const { hook } = await generationHook();
    await act(async () => hook.result.current.start({ brand: "Glow" }));
    expect(sessionStorage.getItem("adsmith:starting:meta-copy")).toBeNull();
  });

  it("forgets a run once it has been shown", async () => {
    const { hook, settled } = await generationHook();
    await act(async () => hook.result.current.start({ brand: "Glow" }));
    expect(sessionStorage.getItem("adsmith:following:meta-copy")).toBe("7");

    await act(async () => vi.advanceTimersByTimeAsync(2000)); // the run succeeds on its first check

    expect(settled.map((run) => run.status)).toEqual(["success"]);
    expect(sessionStorage.getItem("adsmith:following:meta-copy")).toBeNull();
  });
});
