import { useState } from "react";
import { api } from "../../lib/api.js";
import { downloadImage, downloadText } from "../../lib/download.js";
import { useImageFallback } from "../../lib/imageFallback.js";
import { isWebUrl, outputParts, outputText } from "../../lib/output.js";
import { urlFor } from "../../lib/urls.js";
import { isFinished } from "../../lib/useGeneration.js";
import { usePoll } from "../../lib/usePoll.js";
import FieldList from "../FieldList.jsx";
import CopyButton from "../CopyButton.jsx";
import { ReportText } from "../ReportText.jsx";
import { CreativeWithTextEditor } from "../EditorSlot.jsx";
import * as ui from "../ui.js";

const STATUS_STYLES = {
  success: "bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300",
  failed: "bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300",
  running: "bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300",
};

function statusLabel(status) {
  const text = String(status || "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A failed run is always refunded (uniform refunds), so its cost is never shown as spent. */
function refundNote(credits) {
  return credits > 0 ? `The ${credits} credits for this run were refunded.` : "This run failed.";
}

/** A creative in a history entry: Download and Edit Text only while its image is there. */
function HistoryCreative({ image, alt, downloadName, editText }) {
  const { broken, imgProps } = useImageFallback(image);
  return (
    <figure className="space-y-2">
      <img
        {...imgProps}
        alt={broken ? "Generated image unavailable" : alt}
        className="max-h-72 max-w-full rounded-lg border border-slate-200 object-contain dark:border-slate-700"
      />
      <div className="flex flex-wrap gap-2">
        <button type="button" className={ui.buttonSmall} onClick={() => downloadImage(image, downloadName)} title="Download image" disabled={broken}>
          Download
        </button>
        {editText && !broken && (
          <button type="button" className={ui.buttonSmall} onClick={editText}>
            Edit Text
          </button>
        )}
      </div>
    </figure>
  );
}

function Output({ detail, toolLabel, downloadName }) {
  const parts = outputParts(detail.output_data, detail.file_url);
  if (detail.status === "failed") {
    return (
      <div className="space-y-1 text-sm">
        {detail.error_message && <p className="text-red-700 dark:text-red-300">{detail.error_message}</p>}
        {!/refunded/i.test(detail.error_message || "") && <p className={ui.muted}>{refundNote(detail.credits_used)}</p>}
      </div>
    );
  }
  if (parts.empty) return <p className={ui.muted}>No output data found</p>;
  const allText = outputText(parts);
  return (
    <div className="space-y-3">
      {parts.image && (
        // Creatives reopen in the text-overlay editor (the original plus the latest layers).
        <CreativeWithTextEditor output={detail.output_data} image={parts.image} editLabel="Edit Text" appliedMessage="Creative updated with custom text!">
          {({ image, editText }) => <HistoryCreative image={image} alt={`${toolLabel} output`} downloadName={downloadName} editText={editText} />}
        </CreativeWithTextEditor>
      )}
      {parts.variations.map((v, i) => (
        <div key={i} className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
          <p dir="auto" className="font-semibold">
            {v.headline}
          </p>
          <p dir="auto" className="text-slate-600 dark:text-slate-300">
            {v.description}
          </p>
          <p dir="auto" className="mt-1 whitespace-pre-line">
            {v.primaryText}
          </p>
        </div>
      ))}
      {parts.texts.map(({ label, text, rich }) => (
        <div key={label} className="text-sm">
          <p className="font-medium">{label}</p>
          {rich ? (
            <ReportText text={text} className="mt-1 text-slate-700 dark:text-slate-300" />
          ) : (
            <p dir="auto" className="mt-1 whitespace-pre-line text-slate-700 dark:text-slate-300">
              {text}
            </p>
          )}
        </div>
      ))}
      {parts.fields.length > 0 && <FieldList fields={parts.fields} compact />}
      {parts.topAds.map((ad) => (
        <div key={ad.rank} className="text-sm">
          <p className="font-medium">Top {ad.rank} Performing Ad</p>
          <ReportText text={ad.analysis} className="mt-1 text-slate-700 dark:text-slate-300" />
          {isWebUrl(ad.snapshotUrl) && (
            <a href={ad.snapshotUrl} target="_blank" rel="noopener noreferrer" className={`${ui.buttonSmall} mt-2`}>
              View ad snapshot<span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </div>
      ))}
      {allText && (
        <div className="flex flex-wrap gap-2">
          {/* Named 'Copy text of the … output': the visible 'Copy text' comes first (WCAG 2.5.3). */}
          <CopyButton text={allText} what={`text of the ${toolLabel} output`}>
            Copy text
          </CopyButton>
          <button type="button" className={ui.buttonSmall} onClick={() => downloadText(allText, downloadName)}>
            Download text
          </button>
        </div>
      )}
    </div>
  );
}

const FOLLOW_MS = 5000; // an unfinished entry re-reads itself until it is done
const SIGNED_OUT_NOTE = "You were signed out: sign in again to see how this run ended.";

/** One history entry: collapsed by default; expanding loads its detail once. An entry still
 * queued or running follows itself and shows its outcome when it settles. */
export default function HistoryItem({ item: listed, itemUrl, toolLabel }) {
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState(null);
  const [loadError, setLoadError] = useState(false);
  const [settled, setSettled] = useState(null); // the entry as read once it finished
  const [signedOut, setSignedOut] = useState(false); // its follow-up read was refused
  const item = settled?.id === listed.id ? { ...listed, ...settled } : listed;
  const bodyId = `history-item-${item.id}`;
  const running = !isFinished(item);

  usePoll(running ? urlFor(itemUrl, listed.id) : null, {
    every: FOLLOW_MS,
    onAnswer: (fresh) => {
      if (!isFinished(fresh)) return false;
      setSettled({ id: listed.id, status: fresh.status, credits_used: fresh.credits_used });
      setDetail(fresh);
      return true;
    },
    // Gone, or signed out (a 4xx): stop asking; the next list read tells. Unreachable: ask on.
    onError: (err) => {
      if (err.status === 401 || err.status === 403) setSignedOut(true);
      return err.status >= 400 && err.status < 500;
    },
  });

  const toggle = async () => {
    const next = !open;
    setOpen(next);
    if (next && !detail && !running) {
      try {
        setDetail(await api(urlFor(itemUrl, item.id)));
        setLoadError(false);
      } catch {
        setLoadError(true);
      }
    }
  };

  return (
    <li className={`rounded-xl border border-slate-200 dark:border-slate-800 ${ui.userText}`} data-testid="history-item">
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={bodyId}
        className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-4 py-3 text-left hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:hover:bg-slate-800/50"
      >
        <span className="font-medium text-slate-900 dark:text-white">
          {toolLabel}
          {item.step && <span className="font-normal text-slate-500 dark:text-slate-400"> · {item.step_display || item.step}</span>}
        </span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[item.status] || STATUS_STYLES.running}`}>
          {statusLabel(item.status)}
        </span>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          <time dateTime={item.created_at}>{new Date(item.created_at).toLocaleString()}</time>
          {item.status !== "failed" ? ` · ${item.credits_used} credits` : item.credits_used > 0 ? ` · ${item.credits_used} credits refunded` : ""}
        </span>
        {running && !signedOut && <span className="basis-full text-sm text-amber-700 dark:text-amber-300">Generating {toolLabel} content...</span>}
        {running && signedOut && <span className="basis-full text-sm text-amber-700 dark:text-amber-300">{SIGNED_OUT_NOTE}</span>}
        <svg aria-hidden="true" viewBox="0 0 20 20" className={`ml-auto h-4 w-4 text-slate-400 transition ${open ? "rotate-180" : ""}`} fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      {open && (
        <div id={bodyId} className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">
          {running && signedOut ? (
            <p className={ui.muted}>{SIGNED_OUT_NOTE}</p>
          ) : running ? (
            <p className={ui.muted}>Still running: the result appears here when it is ready.</p>
          ) : loadError ? (
            <p className={ui.muted}>No output data found</p>
          ) : detail ? (
            <Output detail={detail} toolLabel={toolLabel} downloadName={item.tool || "generation"} />
          ) : (
            <p className={ui.muted}>Loading…</p>
          )}
        </div>
      )}
    </li>
  );
}
