import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "./api.js";
import { creditsChanged, toast } from "./events.js";
import { urlFor, withQuery } from "./urls.js";

export const POLL_MS = 2000; // the page follows the job every 2 s
const MAX_POLL_FAILURES = 5; // consecutive network failures before we stop and say so

export function isFinished(generation) {
  return generation?.status === "success" || generation?.status === "failed";
}

function idempotencyKey() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Starts a tool's generation and follows it to the end.
 *
 * - `start(inputs)` POSTs; the response's balance goes to the shell at once. Resolves to
 *   `{generation}`, `{errors}` (400, by field) or `{problem}` (refused or unreachable).
 * - While it runs, `busy` is true; it polls every 2 s and calls `onSettled(generation)` once
 *   when it succeeds or fails (with the balance after any refund sent to the shell).
 * - On mount it asks what to pick up again (GET active): it re-attaches to this tool's
 *   unfinished generation, and calls `onResume({generation, scrape})` once with the answer
 *   (each with the `inputs` it was started with; `generation` null when nothing runs).
 */
export function useGeneration({ slug, urls, onSettled, onResume }) {
  const [current, setCurrent] = useState(null);
  const [submitting, setSubmitting] = useState(false);
  const [startedAt, setStartedAt] = useState(null);
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;
  const resumeRef = useRef(onResume);
  resumeRef.current = onResume;

  const settle = useCallback((generation) => {
    if (Number.isFinite(generation.balance)) creditsChanged(generation.balance);
    setCurrent(null);
    settledRef.current?.(generation);
  }, []);

  // Re-attach after a reload.
  useEffect(() => {
    let live = true;
    // `{generation: null}` when nothing runs (a 200, so the browser logs no failed request).
    api(withQuery(urls.active, { tool: slug }))
      .then((body) => {
        if (!live) return;
        const running = body?.generation && !isFinished(body.generation) ? body.generation : null;
        if (running) {
          setStartedAt(Date.parse(running.created_at) || Date.now());
          setCurrent(running);
        }
        resumeRef.current?.({ generation: running, scrape: body?.scrape ?? null });
      })
      .catch(() => {}); // unreachable or signed out: the page simply starts idle
    return () => {
      live = false;
    };
  }, [slug, urls.active]);

  // Follow the running generation.
  const currentId = current?.id;
  useEffect(() => {
    if (currentId == null) return undefined;
    let stopped = false;
    let failures = 0;
    let timer;
    const tick = async () => {
      try {
        const generation = await api(urlFor(urls.generation, currentId));
        if (stopped) return;
        failures = 0;
        if (isFinished(generation)) {
          settle(generation);
          return;
        }
      } catch (err) {
        if (stopped) return;
        failures += 1;
        if (err.status === 404 || failures >= MAX_POLL_FAILURES) {
          setCurrent(null);
          settledRef.current?.({ id: currentId, status: "failed", networkError: err.message });
          return;
        }
      }
      timer = setTimeout(tick, POLL_MS);
    };
    timer = setTimeout(tick, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [currentId, urls.generation, settle]);

  const start = useCallback(
    async (inputs) => {
      setSubmitting(true);
      setStartedAt(Date.now());
      try {
        const generation = await api(urls.generations, {
          method: "POST",
          json: { tool: slug, inputs, idempotency_key: idempotencyKey() },
        });
        if (Number.isFinite(generation.balance)) creditsChanged(generation.balance);
        if (isFinished(generation)) settle(generation);
        else setCurrent(generation);
        return { generation };
      } catch (err) {
        if (err.status === 400 && err.errors) return { errors: err.errors };
        // Refused, not failed: short of credits (402), over a limit (429), or signed out or
        // with a stale session in another tab (401/403: 'Please sign in to use this service').
        if ([401, 402, 403, 429].includes(err.status)) {
          if (err.status === 402) creditsChanged();
          toast(err.message, "error");
          return { problem: err.message, refused: true };
        }
        return { problem: err.message, networkError: true };
      } finally {
        setSubmitting(false);
      }
    },
    [slug, urls.generations, settle],
  );

  return { start, busy: submitting || current !== null, current, startedAt };
}
