// Small presentational pieces every tool page uses.
import { useId } from "react";
import { formatCredits } from "../lib/numbers.js";
import * as ui from "./ui.js";

export function FailurePanel({ title, message, refunded = false, headingRef }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      role="alert"
      data-testid="failure"
      className={`rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900 dark:border-red-500/30 dark:bg-red-950/40 dark:text-red-100 ${ui.userText}`}
    >
      <h3 id={id} ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold focus:outline-none">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
          <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm0 4a1 1 0 0 1 1 1v3a1 1 0 1 1-2 0V7a1 1 0 0 1 1-1Zm0 8.5a1.2 1.2 0 1 1 0-2.4 1.2 1.2 0 0 1 0 2.4Z" />
        </svg>
        {title}
      </h3>
      <p className="mt-2 text-sm">{message}</p>
      {refunded && <p className="mt-2 text-xs opacity-80">The credits for this run have been refunded.</p>}
    </section>
  );
}

export function TipsCard({ title, items }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={ui.card}>
      <h3 id={id} className={`${ui.heading2} mb-3`}>
        {title}
      </h3>
      <ul className="space-y-2 text-sm text-slate-700 dark:text-slate-300">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-500" fill="currentColor">
              <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
            </svg>
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

// Spec 001 §6: the content policy shown with Meta Ads Full and Social Media Creative.
const BANNED_CONTENT = [
  "Nudity or sexual content",
  "Violence or gore (guns, blood, fighting)",
  "Drugs or illegal substances",
  "Hate, harassment or discrimination",
  "Self-harm or suicide content",
  "Shocking or disturbing material",
];

export function ContentPolicyCard() {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-950 dark:border-amber-500/30 dark:bg-amber-950/30 dark:text-amber-100"
    >
      <h3 id={id} className="text-base font-semibold">
        Content Not Allowed in Generated Images
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {BANNED_CONTENT.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** The way out of a balance too short for a run: Billing, where plans (and so credits) are
 * bought. `href` comes from the page's props (urls.billing). */
export function GetCreditsLink({ href }) {
  return (
    <a
      href={href}
      className="inline-flex items-center gap-1 rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-white shadow-sm hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none dark:focus-visible:ring-offset-slate-900"
    >
      Get more credits
    </a>
  );
}

/** Balance and cost above a tool's form; with `billingUrl`, a 'Get more credits' link while the
 * balance is short of the cost. */
export function CreditsBar({ balance, cost, historyOpen, onToggleHistory, costNote = "per generation", billingUrl }) {
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-2xl border border-slate-200 bg-white px-5 py-3 text-sm shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p>
          <span className="text-slate-600 dark:text-slate-400">Credits remaining: </span>
          <span className="font-semibold tabular-nums" data-testid="page-balance">
            {formatCredits(balance)}
          </span>
        </p>
        {billingUrl && balance < cost && <GetCreditsLink href={billingUrl} />}
      </div>
      <p>
        <span className="text-slate-600 dark:text-slate-400">Cost: </span>
        <span className="font-semibold">{cost} credits</span> <span className="text-slate-500 dark:text-slate-400">{costNote}</span>
      </p>
      {onToggleHistory && (
        <button
          type="button"
          className={`${ui.buttonSecondary} ml-auto`}
          onClick={onToggleHistory}
          aria-expanded={historyOpen}
          aria-controls={historyOpen ? "history-panel" : undefined}
        >
          {historyOpen ? "Hide History" : "Show History"}
        </button>
      )}
    </div>
  );
}

/** 'Generate … (N credits)', the busy label while running, or the disabled
 * 'Insufficient Credits (N required)' when the balance is short — then, with `billingUrl`,
 * beside it what is missing and a 'Get more credits' link, so the form is no dead end. */
export function SubmitButton({ label, busyLabel, cost, balance, busy, className = "", billingUrl }) {
  const short = balance < cost;
  let text = cost > 0 ? `${label} (${cost} credits)` : label;
  if (busy) text = busyLabel;
  else if (short) text = `Insufficient Credits (${cost} required)`;
  const button = (
    <button type="submit" className={`${ui.buttonPrimary} ${className}`} disabled={busy || short} aria-busy={busy || undefined}>
      {busy && (
        <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none" aria-hidden="true" />
      )}
      {text}
    </button>
  );
  if (!short || busy || !billingUrl) return button;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      {button}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-600 dark:text-slate-400">
        <span>
          You have <span className="font-semibold tabular-nums">{formatCredits(balance)}</span> credits.
        </span>
        <GetCreditsLink href={billingUrl} />
      </p>
    </div>
  );
}
