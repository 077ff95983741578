import { useEffect, useRef } from "react";
import { api } from "./api.js";

/**
 * Reads `url` (a GET through lib/api.js) again and again while `url` is not null, one request
 * at a time: the next read is scheduled only once the last one has answered, so a slow server
 * never has a queue of them, and an answer that lands after `url` changed or the component
 * went away is dropped.
 *
 * - The first read goes out `every` ms after polling starts, each next one `every` ms after the
 *   last answer.
 * - `onAnswer(body)` hears each answer; returning true stops the polling.
 * - `onError(err, failures)` hears each failure (`failures`: how many in a row); returning true
 *   stops the polling. While failures run on, the wait doubles each time, up to `maxEvery`
 *   (by default `every`: no backing off).
 *
 * The callbacks may be new functions on every render: only a new `url`, `every` or `maxEvery`
 * starts the polling again.
 */
export function usePoll(url, { every, maxEvery = every, onAnswer, onError }) {
  const answerRef = useRef(onAnswer);
  answerRef.current = onAnswer;
  const errorRef = useRef(onError);
  errorRef.current = onError;

  useEffect(() => {
    if (url == null) return undefined;
    let stopped = false;
    let failures = 0;
    let timer;
    const tick = async () => {
      try {
        const body = await api(url);
        if (stopped) return;
        failures = 0;
        if (answerRef.current?.(body)) return;
      } catch (err) {
        if (stopped) return;
        failures += 1;
        if (errorRef.current?.(err, failures)) return;
      }
      if (!stopped) timer = setTimeout(tick, Math.min(maxEvery, every * 2 ** failures));
    };
    timer = setTimeout(tick, every);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [url, every, maxEvery]);
}
