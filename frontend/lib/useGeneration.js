import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "./api.js";
import { creditsChanged, toast } from "./events.js";
import { forgetTab, keepInTab, readTab } from "./tabStorage.js";
import { urlFor, withQuery } from "./urls.js";
import { usePoll } from "./usePoll.js";

export const POLL_MS = 2000; // the page follows the job every 2 s
const MAX_POLL_MS = 15000; // …and, while the connection is down, ever less often, down to this
const LOST_AFTER_FAILURES = 2; // failed checks in a row before the overlay says the connection is lost
// A start whose answer did not arrive is sent again, with the same key, until an answer comes:
// the server answers a repeat with the generation the first one started, so it is never paid
// twice. The waits double from 1 s up to polling's 15 s; a start still unanswered this long
// after the first send is given up on (two minutes: a dropped Wi-Fi or a phone between
// networks is back by then, and no one waits longer on an overlay that says it is reconnecting).
export const RESEND_FIRST_MS = 1000;
export const START_WINDOW_MS = 120000;
// What the page says then. The first send may have started (and paid for) a run that is
// still going, so it says neither that it failed nor that it did not start.
export const START_UNCONFIRMED_TITLE = "Connection Lost";
export const START_UNCONFIRMED =
  "We couldn't confirm that your generation started. It may still be running: check History before trying again.";
// The page lost track of a run without learning how it ended: an outcome's `lostTrack` says
// which, with the title and text the page shows in place of a failure's.
export const LOST_TRACK = {
  start: { title: START_UNCONFIRMED_TITLE, message: START_UNCONFIRMED },
  // Signed out (in another tab, or the session expired) while the run went on: it may well
  // have succeeded, and was paid for.
  signedOut: {
    title: "Signed Out",
    message: "You were signed out while your generation ran. Sign in again to see how it ended in History.",
  },
};

/** No answer, or the server or a proxy in front of it failed: worth asking again. */
function isTransient(err) {
  return !err.status || err.status >= 500;
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function isFinished(generation) {
  return generation?.status === "success" || generation?.status === "failed";
}

// A run the tab followed and left (a reload, or away and back) is shown when it ended if it
// started this recently: later, it is old news, in History.
const SHOW_FINISHED_WITHIN_MS = 15 * 60 * 1000;
// The run this tab follows, kept across a reload (per tab: sessionStorage): one that finished
// while the page reloaded is no longer "active", and would otherwise show only in History.
const followedKey = (slug) => `adsmith:following:${slug}`;

// Storage that refuses (lib/tabStorage.js): a reload then shows the run in History only.
function rememberFollowed(slug, id) {
  if (id == null) forgetTab(followedKey(slug));
  else keepInTab(followedKey(slug), String(id));
}

const followedBeforeReload = (slug) => readTab(followedKey(slug));
// The idempotency key of a start sent and not yet answered, kept across a reload too: the
// reloaded page asks for the run it began (if it arrived), rather than lose a paid run.
const startingKey = (slug) => `adsmith:starting:${slug}`;

function idempotencyKey() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Starts a tool's generation and follows it to the end.
 *
 * - `start(inputs, request)` POSTs; `request` holds flags for the request itself, beside the
 *   inputs (Meta Ads Full's `fresh`). The response's balance goes to the shell at once. Resolves to
 *   `{generation}`, `{errors}` (400, by field) or `{problem}` (refused or unreachable).
 *   A start whose answer is lost is sent again with the same idempotency key, with the overlay
 *   up and `connectionLost` set, for up to START_WINDOW_MS; the first answer carries on into
 *   polling. Unanswered after that, it resolves to `{problem: START_UNCONFIRMED, lostTrack:
 *   LOST_TRACK.start, networkError: true}`, and the key is kept for the same inputs, so submitting them
 *   again cannot pay twice (it shows the first run instead).
 * - While it runs, `busy` is true; it polls every 2 s and calls `onSettled(generation)` once
 *   when it succeeds or fails (with the balance after any refund sent to the shell), or with
 *   `lostTrack: LOST_TRACK.signedOut` when the user was signed out meanwhile. A dropped
 *   connection does not end it: it keeps asking, less often, with `connectionLost` set.
 * - On mount it picks up what it can: the run this tab followed before a reload (or away and
 *   back), or the one a start it sent began before its answer was lost, still going or just
 *   finished, and never another; in a tab that followed none, this
 *   tool's unfinished run from elsewhere (another tab, a closed one: GET active), if `mayAdopt()`
 *   says the page has nothing of its own to lose (no draft typed in this tab). It calls
 *   `onResume({generation, scrape})` once (each with the `inputs` it was started with;
 *   `generation` null when it picks up no running run). An answer that arrives after the user
 *   started a run is ignored.
 */
export function useGeneration({ slug, urls, onSettled, onResume, mayAdopt = () => true }) {
  const [current, setCurrent] = useState(null);
  const [submitting, setSubmitting] = useState(false);
  const [startedAt, setStartedAt] = useState(null);
  const [connectionLost, setConnectionLost] = useState(false);
  const starting = useRef(false); // a start on its way (two submits in one tick send one)
  const userStarted = useRef(false); // from then on, the mount-time re-attach answer is stale
  const unanswered = useRef(null); // {key, inputs} of a start that got no answer
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;
  const resumeRef = useRef(onResume);
  resumeRef.current = onResume;
  const mayAdoptRef = useRef(mayAdopt);
  mayAdoptRef.current = mayAdopt;

  const settle = useCallback(
    (generation) => {
      if (Number.isFinite(generation.balance)) creditsChanged(generation.balance);
      rememberFollowed(slug, null);
      setCurrent(null);
      settledRef.current?.(generation);
    },
    [slug],
  );

  // Re-attach after a reload: to the run this tab followed, still going, or shown if it
  // finished meanwhile; with none followed, to one started elsewhere if the page may adopt it.
  useEffect(() => {
    let live = true;
    const followed = followedBeforeReload(slug);
    const sent = followed == null ? readTab(startingKey(slug)) : null;
    const own = followed != null || sent != null; // this tab's run: picked up whatever it has typed
    // Given `following` (or `starting`), the server answers that run (or null), never another
    // tab's newer one. `{generation: null}` when there is nothing to pick up (a 200, so the
    // browser logs no failed request).
    const query = { tool: slug, ...(followed != null ? { following: followed } : sent != null && { starting: sent }) };
    api(withQuery(urls.active, query))
      .then((body) => {
        if (!live || userStarted.current) return;
        forgetTab(startingKey(slug));
        const answer = body?.generation ?? null;
        let running = answer && !isFinished(answer) ? answer : null;
        if (running && !own && !mayAdoptRef.current(running)) running = null;
        if (running) {
          setStartedAt(Date.parse(running.created_at) || Date.now());
          setCurrent(running);
        }
        resumeRef.current?.({ generation: running, scrape: body?.scrape ?? null });
        if (running || !own) return;
        rememberFollowed(slug, null);
        const recent = answer && Date.now() - Date.parse(answer.created_at) < SHOW_FINISHED_WITHIN_MS;
        if (recent && isFinished(answer)) settle(answer);
      })
      .catch(() => {}); // unreachable or signed out: the page simply starts idle
    return () => {
      live = false;
    };
  }, [slug, urls.active, settle]);

  // What this tab follows, for the next reload.
  const currentId = current?.id;
  useEffect(() => {
    if (currentId != null) rememberFollowed(slug, currentId);
  }, [slug, currentId]);

  // Follow the running generation.
  usePoll(currentId == null ? null : urlFor(urls.generation, currentId), {
    every: POLL_MS,
    maxEvery: MAX_POLL_MS,
    onAnswer: (generation) => {
      setConnectionLost(false);
      if (!isFinished(generation)) return false;
      settle(generation);
      return true;
    },
    onError: (err, failures) => {
      if (!isTransient(err)) {
        // Signed out in another tab, or gone: nothing more to follow here.
        setConnectionLost(false);
        setCurrent(null);
        const signedOut = err.status === 401 || err.status === 403;
        settledRef.current?.(
          signedOut
            ? { id: currentId, status: "failed", lostTrack: LOST_TRACK.signedOut }
            : { id: currentId, status: "failed", networkError: err.message },
        );
        return true;
      }
      if (failures >= LOST_AFTER_FAILURES) setConnectionLost(true);
      return false;
    },
  });

  const start = useCallback(
    async (inputs, request = {}) => {
      if (starting.current) return { ignored: true };
      starting.current = true;
      userStarted.current = true;
      setSubmitting(true);
      setStartedAt(Date.now());
      const sent = JSON.stringify([inputs, request]);
      const key = unanswered.current?.inputs === sent ? unanswered.current.key : idempotencyKey();
      keepInTab(startingKey(slug), key);
      try {
        const generation = await postWithResends(
          urls.generations,
          { ...request, tool: slug, inputs, idempotency_key: key },
          (failures) => failures >= LOST_AFTER_FAILURES && setConnectionLost(true),
        );
        setConnectionLost(false);
        unanswered.current = null;
        // The run is kept before the start's key goes: a reload at any instant finds one of them.
        if (!isFinished(generation)) rememberFollowed(slug, generation.id);
        forgetTab(startingKey(slug));
        if (Number.isFinite(generation.balance)) creditsChanged(generation.balance);
        if (isFinished(generation)) settle(generation);
        else setCurrent(generation);
        return { generation };
      } catch (err) {
        setConnectionLost(false);
        // Answered (refused): nothing began. Unanswered: the key stays for a reload to ask after.
        if (!isTransient(err)) forgetTab(startingKey(slug));
        if (err.status === 400 && err.errors) return { errors: err.errors };
        // Refused, not failed: short of credits (402), over a limit (429), or signed out or
        // with a stale session in another tab (401/403: 'Please sign in to use this service').
        if ([401, 402, 403, 429].includes(err.status)) {
          if (err.status === 402) creditsChanged();
          toast(err.message, "error");
          return { problem: err.message, refused: true };
        }
        // Any other answer is the server's last word on it, a failure for it to show.
        if (!isTransient(err)) return { problem: err.message, networkError: true };
        // No answer for minutes: the server may have started (and charged for) it all the same.
        unanswered.current = { key, inputs: sent };
        creditsChanged(); // the displays re-read the balance
        return { problem: START_UNCONFIRMED, lostTrack: LOST_TRACK.start, networkError: true };
      } finally {
        starting.current = false;
        setSubmitting(false);
      }
    },
    [slug, urls.generations, settle],
  );

  return { start, busy: submitting || current !== null, current, startedAt, connectionLost };
}

/** POSTs a start, sending it again (same body, same key) while no answer comes back, for up to
 * START_WINDOW_MS; `onFailure(n)` hears of each failed send (n in a row). Throws the refusal,
 * or the last failure once the window has passed. */
async function postWithResends(url, body, onFailure) {
  const began = Date.now();
  for (let failures = 0; ; ) {
    try {
      return await api(url, { method: "POST", json: body });
    } catch (err) {
      if (!isTransient(err) || Date.now() - began >= START_WINDOW_MS) throw err;
      failures += 1;
      onFailure(failures);
      // The last resend goes out as the window closes.
      const left = began + START_WINDOW_MS - Date.now();
      await wait(Math.min(MAX_POLL_MS, RESEND_FIRST_MS * 2 ** (failures - 1), left));
    }
  }
}
