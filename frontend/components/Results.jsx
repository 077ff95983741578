// How each kind of output is shown. Which kind a tool shows is decided by its island; the
// views load on demand (OnDemand.jsx), so the result card lives here rather than in Cards.jsx.
import { useId } from "react";
import { downloadImage } from "../lib/download.js";
import { useImageFallback } from "../lib/imageFallback.js";
import { isWebUrl, outputParts, outputText, variationsOf } from "../lib/output.js";
import FieldList from "./FieldList.jsx";
import { ReportText } from "./ReportText.jsx";
import CopyButton from "./CopyButton.jsx";
import * as ui from "./ui.js";

export function DemoBadge({ output }) {
  if (output?.engine !== "demo") return null;
  return (
    <span
      className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-500/15 dark:text-amber-300"
      title="Made by the offline demo engine, not a live AI model"
      data-testid="demo-badge"
    >
      Demo engine
    </span>
  );
}

/** A result card: a heading (focused when it appears, so keyboard and screen-reader users
 * land on it), badges, actions and body. */
export function ResultCard({ title, output, badges, actions, children, headingRef }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${ui.card} ${ui.userText}`} data-testid="result">
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <h3 id={id} ref={headingRef} tabIndex={-1} className={`${ui.heading2} mr-auto focus:outline-none`}>
          {title}
        </h3>
        <DemoBadge output={output} />
        {badges}
        {actions}
      </div>
      {children}
    </section>
  );
}

const PARTS = [
  ["headline", "Headline"],
  ["description", "Description"],
  ["primaryText", "Primary Text"],
];

export function CopyVariations({ output, title = "Generated META Copy Variations", headingRef }) {
  const variations = variationsOf(output);
  return (
    <ResultCard title={title} output={output} headingRef={headingRef}>
      <ol className="space-y-4">
        {variations.map((variation, index) => (
          <li key={index} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700" data-testid="variation">
            <h4 className="mb-3 text-sm font-semibold text-brand-600 dark:text-brand-100">Variation {index + 1}</h4>
            {/* A group in a <dl> holds only its dt and dd (WCAG 1.3.1), so the Copy button is in
                the dd, after the text it copies, and drawn at the end of the dt's row: the dt is
                as tall as the small button (26 px, min-h-6.5) and leaves room for it. */}
            <dl className="space-y-3">
              {PARTS.map(([key, label]) => (
                <div key={key} className="relative">
                  <dt className="flex min-h-6.5 items-center pr-20 text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
                    {label}
                  </dt>
                  <dd className="mt-1 text-sm">
                    <p dir="auto" className={`whitespace-pre-line ${key === "headline" ? "font-semibold" : ""}`}>
                      {variation[key]}
                    </p>
                    <CopyButton
                      text={variation[key]}
                      what={`${label.toLowerCase()} of variation ${index + 1}`}
                      className={`${ui.buttonSmall} absolute top-0 right-0`}
                    />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
    </ResultCard>
  );
}

export function SocialCopyResult({ output, headingRef }) {
  const text = output?.socialMediaCopy || "";
  return (
    <ResultCard title="Generated Social Media Copy" output={output} headingRef={headingRef} actions={<CopyButton text={text} what="social media copy" />}>
      <p dir="auto" className="whitespace-pre-line text-sm leading-relaxed" data-testid="social-copy">
        {text}
      </p>
    </ResultCard>
  );
}

/** A generated creative: the image (max 600 px high), Download, and optionally the text
 * editor button and the 'With Custom Text' badge. */
export function CreativeResult({
  output,
  title,
  image,
  edited = false,
  downloadName,
  editLabel,
  onEditText,
  hint,
  headingRef,
}) {
  const source = image || output?.image;
  const { broken, imgProps } = useImageFallback(source);
  return (
    <ResultCard
      title={title}
      output={output}
      headingRef={headingRef}
      badges={
        edited && (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-brand-500/20 dark:text-brand-100" data-testid="custom-text-badge">
            With Custom Text
          </span>
        )
      }
      actions={
        <div className="flex gap-2">
          {onEditText && !broken && (
            <button type="button" className={ui.buttonSecondary} onClick={onEditText}>
              {editLabel}
            </button>
          )}
          <button
            type="button"
            className={ui.buttonPrimary}
            onClick={() => downloadImage(source, downloadName)}
            title="Download image"
            disabled={broken}
          >
            Download
          </button>
        </div>
      }
    >
      <img
        {...imgProps}
        alt={broken ? "Generated image unavailable" : title}
        className="mx-auto max-h-[600px] w-auto max-w-full rounded-xl border border-slate-200 object-contain dark:border-slate-700"
        data-testid="creative-image"
      />
      {hint && <p className={`${ui.muted} mt-3 text-center`}>{hint}</p>}
    </ResultCard>
  );
}

export function SpyResults({ output, headingRef }) {
  const parts = outputParts(output);
  const general = output?.generalAnalysis || "";
  return (
    <div className="space-y-6">
      <ResultCard title="General Analysis" output={output} headingRef={headingRef} actions={<CopyButton text={general} what="general analysis" />}>
        {output?.demo && (
          <p className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
            Sample analysis: connect the Meta Ad Library to analyse real competitor ads.
          </p>
        )}
        <ReportText text={general} className="text-sm leading-relaxed" data-testid="general-analysis" />
      </ResultCard>
      {parts.topAds.length > 0 && (
        <ResultCard title="Top Performing Ads Analysis" output={null}>
          <ol className="space-y-4">
            {parts.topAds.map((ad) => (
              <li key={ad.rank} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700" data-testid="top-ad">
                <div className="mb-2 flex flex-wrap items-center gap-2">
                  <h4 className="mr-auto text-sm font-semibold">Top {ad.rank} Performing Ad</h4>
                  <CopyButton text={ad.analysis || ""} what={`analysis of top ad ${ad.rank}`} />
                  {isWebUrl(ad.snapshotUrl) && (
                    <a href={ad.snapshotUrl} target="_blank" rel="noopener noreferrer" className={ui.buttonSmall}>
                      View ad snapshot<span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  )}
                </div>
                <ReportText text={ad.analysis} className="text-sm text-slate-700 dark:text-slate-300" />
              </li>
            ))}
          </ol>
        </ResultCard>
      )}
    </div>
  );
}

/** Meta Ads Full's 'Website Analysis Results': a report text or the scrape's key/value fields.
 * `notice`: a line above them (an analysis from earlier: when, and 'Analyze again'). */
export function ScrapeResults({ output, headingRef, notice }) {
  const parts = outputParts({ report: output?.report, fields: output?.fields });
  return (
    <ResultCard
      title="Website Analysis Results"
      output={output}
      headingRef={headingRef}
      actions={<CopyButton text={outputText(parts)} what="website analysis" />}
    >
      {notice}
      {output?.websiteUrl && !output?.report && <p className={`${ui.muted} mb-3 break-all`}>{output.websiteUrl}</p>}
      {output?.report ? (
        <ReportText text={output.report} className="text-sm leading-relaxed" data-testid="scrape-report" />
      ) : (
        <FieldList fields={parts.fields} data-testid="scrape-fields" />
      )}
    </ResultCard>
  );
}
