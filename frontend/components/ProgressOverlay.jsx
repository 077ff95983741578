import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useFocusTrap } from "./focusTrap.js";

/** Which step the overlay shows `elapsedMs` after it opened: each step lasts its documented
 * seconds and the last one stays. */
export function stepAt(steps, elapsedMs) {
  let end = 0;
  for (let i = 0; i < steps.length - 1; i += 1) {
    end += steps[i].seconds * 1000;
    if (elapsedMs < end) return i;
  }
  return Math.max(0, steps.length - 1);
}

/** The full-screen progress overlay shown while a generation runs. Its messages follow the
 * documented per-tool durations; whoever follows the job decides when it closes. `note` (e.g.
 * the connection being lost) is announced politely when it appears. */
export default function ProgressOverlay({ title, steps, note, hint, startedAt }) {
  const ref = useRef(null);
  // A re-attached run starts part-way through its steps.
  const [opened] = useState(() => startedAt ?? Date.now());
  const [index, setIndex] = useState(() => stepAt(steps, Date.now() - opened));
  useFocusTrap(ref);

  useEffect(() => {
    if (index >= steps.length - 1) return undefined;
    const stepEnd = steps.slice(0, index + 1).reduce((sum, step) => sum + step.seconds * 1000, 0);
    const timer = setTimeout(() => setIndex(stepAt(steps, Date.now() - opened)), Math.max(0, stepEnd - (Date.now() - opened)));
    return () => clearTimeout(timer);
  }, [index, steps, opened]);

  const message = steps[index]?.message;
  return createPortal(
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby="progress-overlay-title"
      aria-describedby="progress-overlay-message"
      tabIndex={-1}
      data-testid="progress-overlay"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/75 p-4 backdrop-blur-sm focus:outline-none"
    >
      <div className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-2xl dark:bg-slate-900 dark:text-slate-100">
        <div className="mx-auto mb-5 h-14 w-14 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none dark:border-slate-700 dark:border-t-brand-500" aria-hidden="true" />
        <h2 id="progress-overlay-title" className="text-xl font-semibold">
          {title}
        </h2>
        <p id="progress-overlay-message" className="mt-3 min-h-6 text-slate-700 dark:text-slate-300" aria-live="polite" data-testid="progress-message">
          {message}
        </p>
        <ol className="mt-5 flex justify-center gap-1.5" aria-hidden="true">
          {steps.map((step, i) => (
            <li
              key={step.message}
              className={`h-1.5 w-8 rounded-full ${i <= index ? "bg-brand-600 dark:bg-brand-500" : "bg-slate-200 dark:bg-slate-700"}`}
            />
          ))}
        </ol>
        <div className="mt-5 flex justify-center gap-2" aria-hidden="true" data-testid="progress-dots">
          <span className="h-2.5 w-2.5 animate-bounce rounded-full bg-brand-600 motion-reduce:animate-none" />
          <span className="h-2.5 w-2.5 animate-bounce rounded-full bg-brand-600 [animation-delay:150ms] motion-reduce:animate-none" />
          <span className="h-2.5 w-2.5 animate-bounce rounded-full bg-brand-600 [animation-delay:300ms] motion-reduce:animate-none" />
        </div>
        {/* Always there, so a note that appears later ('Connection lost. Reconnecting…') is
            announced: a live region added together with its text is often not read out. */}
        <div role="status" data-testid="progress-note">
          {note && <p className="mt-5 text-sm font-medium text-slate-700 dark:text-slate-300">{note}</p>}
        </div>
        {hint && <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{hint}</p>}
      </div>
    </div>,
    document.body,
  );
}
