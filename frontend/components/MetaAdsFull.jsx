import { useEffect, useRef, useState } from "react";
import { toast } from "../lib/events.js";
import { PendingUploads } from "../lib/pendingUploads.js";
import { initialValues, resumedValues } from "../lib/schema.js";
import { useBalance } from "../lib/useBalance.js";
import { useGeneration } from "../lib/useGeneration.js";
import { ContentPolicyCard, FailurePanel, SubmitButton } from "./Cards.jsx";
import { CopyVariations, EditableCreative, FocusWhenShown, OnDemand, ProgressOverlay, ScrapeResults } from "./OnDemand.jsx";
import SchemaForm from "./SchemaForm.jsx";
import { ToolHeader } from "./ToolHeader.jsx";
import { CONNECTION_LOST, FormStatus, failureMessage, failureTitle, failureToast, isRefunded, startFailure, useToolForm } from "./toolForm.js";
import * as ui from "./ui.js";

// The analysis the user put aside ('Analyze a different website') is not offered again after a
// reload in this tab.
const FORGOTTEN_KEY = "adsmith:meta-ads-full:forgotten-scrape";

function forgetAnalysis(id) {
  try {
    sessionStorage.setItem(FORGOTTEN_KEY, String(id));
  } catch {
    // Storage refused (private mode): only this page forgets it.
  }
}

function isForgotten(id) {
  try {
    return sessionStorage.getItem(FORGOTTEN_KEY) === String(id);
  } catch {
    return false;
  }
}

/** The scrape's failure card says 'Error: {message}' (spec 001 §8). */
function scrapeFailureMessage(outcome, texts) {
  if (outcome.lostTrack) return failureMessage(outcome, texts);
  if (outcome.networkError) return `Network error: ${outcome.networkError}`;
  return `Error: ${outcome.error || texts.fallback}`;
}

function StepForm({ step, config, values, setValues, errors, attempt, busy, balance, urls, uploads, onSubmit, formRef, children, showSubmit = true }) {
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-6" aria-label={config.submitLabel}>
      <PendingUploads.Provider value={uploads}>
        <SchemaForm
          schema={config.schema}
          values={values}
          errors={errors}
          onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
          disabled={busy}
          uploadUrl={urls.uploads}
          idPrefix={`maf-${step}`}
        />
      </PendingUploads.Provider>
      {children}
      {showSubmit && (
        <div className="space-y-3">
          <FormStatus errors={errors} attempt={attempt} schema={config.schema} />
          <SubmitButton
            label={config.submitLabel}
            busyLabel={config.busyLabel}
            cost={config.cost}
            balance={balance}
            busy={busy}
            billingUrl={urls.billing}
            className="w-full sm:w-auto"
          />
        </div>
      )}
    </form>
  );
}

/** Meta Ads Full: scrape a website, then make Meta copy or a Meta creative from it. */
export default function MetaAdsFull({ tool, balance: initialBalance, urls, toolLabels }) {
  const steps = tool.steps;
  const balance = useBalance(initialBalance);
  const [values, setValues] = useState(() => ({
    scrape: initialValues(steps.scrape.schema),
    copy: initialValues(steps.copy.schema),
    creative: initialValues(steps.creative.schema),
  }));
  const [scrape, setScrape] = useState(null); // the successful scrape generation
  const [scrapeFailure, setScrapeFailure] = useState(null);
  const [nextStep, setNextStep] = useState(null); // "copy" | "creative"
  // The settled copy and creative, each kept while the other step runs: a full ad needs both.
  const [outcomes, setOutcomes] = useState({ copy: null, creative: null });
  const [lastStep, setLastStep] = useState(null); // the step settled last: focus goes to it
  const [historyVersion, setHistoryVersion] = useState(0);
  const [runningStep, setRunningStep] = useState(null);
  const scrapeHeading = useRef(null);
  const outcomeHeading = useRef(null);
  const generation = useGeneration({
    slug: tool.slug,
    urls,
    // After a reload: the analysis to continue from, and the step that was running, each with
    // the form it was started with.
    onResume: ({ generation: running, scrape: analysis }) => {
      if (analysis && (running || !isForgotten(analysis.id))) {
        setScrape({ ...analysis, resumed: true }); // shown again, but focus stays where it is
        setValues((all) => ({ ...all, scrape: resumedValues(steps.scrape.schema, analysis.inputs) }));
      }
      if (!running) return;
      const step = running.step || "scrape";
      setRunningStep(step);
      setValues((all) => ({ ...all, [step]: resumedValues(steps[step].schema, running.inputs) }));
      if (step !== "scrape") setNextStep(step);
    },
    onSettled: (settled) => {
      const step = settled.step || runningStep || "scrape";
      const texts = steps[step].texts;
      setHistoryVersion((v) => v + 1);
      if (settled.status === "success") toast(texts.success);
      else toast(failureToast(settled, texts), "error");
      if (step === "scrape") {
        if (settled.status === "success") {
          setScrape(settled);
          setScrapeFailure(null);
        } else {
          setScrapeFailure(settled);
        }
      } else {
        setNextStep(step);
        setOutcomes((all) => ({ ...all, [step]: { ...settled, step } }));
        setLastStep(step);
      }
      setRunningStep(null);
    },
  });

  const form = useToolForm({ generation, balance });
  const { errors, setErrors, attempt, formRef } = form;
  // After 'Analyze a different website', focus goes to the website form it opens again.
  const [refocusScrape, setRefocusScrape] = useState(false);
  useEffect(() => {
    if (!refocusScrape) return;
    setRefocusScrape(false);
    formRef.current?.querySelector("input:checked:not([disabled])")?.focus() ||
      formRef.current?.querySelector("input:not([disabled])")?.focus();
  }, [refocusScrape]);

  const submit = (step) => async (event) => {
    event.preventDefault();
    const result = await form.submit({
      schema: steps[step].schema,
      inputs: { ...values[step], ...(step === "scrape" ? {} : { scrapeId: scrape?.id ?? "" }) },
      cost: steps[step].cost,
      extra: { step },
      starting: () => {
        if (step === "scrape") setScrapeFailure(null);
        else setOutcomes((all) => ({ ...all, [step]: null }));
        setRunningStep(step);
      },
    });
    if (!result || result.generation || result.ignored) return;
    if (result.networkError) {
      const failed = { ...startFailure(result), step };
      if (step === "scrape") setScrapeFailure(failed);
      else {
        setOutcomes((all) => ({ ...all, [step]: failed }));
        setLastStep(step);
      }
    }
    setRunningStep(null); // field errors, refused, or no answer
  };

  const overlayStep = generation.current?.step || runningStep || "scrape";
  const overlay = steps[overlayStep].overlay;

  return (
    <div className="space-y-6">
      <ToolHeader tool={tool} balance={balance} cost={steps.copy.cost} costNote="per copy or creative (scraping is free)" urls={urls} toolLabels={toolLabels} historyVersion={historyVersion} />
      {/* grid-cols-1 and min-w-0: a column is never wider than the screen, whatever its
          content's widest word (a long URL in a result). */}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-6">
          <StepForm
            step="scrape"
            config={steps.scrape}
            values={values.scrape}
            setValues={(update) => setValues((all) => ({ ...all, scrape: update(all.scrape) }))}
            errors={scrape ? {} : errors}
            attempt={attempt}
            busy={generation.busy || Boolean(scrape)}
            balance={balance}
            urls={urls}
            onSubmit={submit("scrape")}
            formRef={scrape ? undefined : formRef}
            uploads={form.uploads}
            showSubmit={!scrape}
          >
            {scrape && (
              <button
                type="button"
                className={ui.buttonSecondary}
                onClick={() => {
                  forgetAnalysis(scrape.id);
                  setScrape(null);
                  setNextStep(null);
                  setOutcomes({ copy: null, creative: null });
                  setErrors({});
                  setRefocusScrape(true);
                }}
              >
                Analyze a different website
              </button>
            )}
          </StepForm>

          {scrapeFailure && !scrape && (
            <FailurePanel
              title={failureTitle(scrapeFailure, steps.scrape.texts)}
              message={scrapeFailureMessage(scrapeFailure, steps.scrape.texts)}
              refunded={false}
              headingRef={scrapeHeading}
            />
          )}
          {!scrape && <FocusWhenShown target={scrapeHeading} shown={scrapeFailure} />}

          {scrape && (
            <>
              <OnDemand resetKey={scrape}>
                <ScrapeResults output={scrape.output} headingRef={scrapeHeading} />
                <FocusWhenShown target={scrapeHeading} shown={scrape.resumed ? null : scrape} />
              </OnDemand>
              <section aria-labelledby="maf-next-step" className={ui.card}>
                <h3 id="maf-next-step" className={`${ui.heading2} mb-4`}>
                  Choose Your Next Step
                </h3>
                <div className="grid gap-3 sm:grid-cols-2">
                  {[
                    ["copy", "Make Meta Copy", "Headlines, descriptions and primary text from the analysis."],
                    ["creative", "Make Meta Creative", "An ad image from your product photo and the analysis."],
                  ].map(([step, label, description]) => (
                    <button
                      key={step}
                      type="button"
                      aria-pressed={nextStep === step}
                      onClick={() => {
                        setNextStep(step);
                        setErrors({});
                      }}
                      disabled={generation.busy}
                      className={`rounded-xl border p-4 text-left transition focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none ${
                        nextStep === step
                          ? "border-brand-500 bg-brand-50 dark:bg-brand-500/10"
                          : "border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-600"
                      }`}
                    >
                      <span className="block font-semibold">{label}</span>
                      <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{description}</span>
                    </button>
                  ))}
                </div>
              </section>
            </>
          )}

          {scrape && nextStep && (
            <StepForm
              key={nextStep}
              step={nextStep}
              config={steps[nextStep]}
              values={values[nextStep]}
              setValues={(update) => setValues((all) => ({ ...all, [nextStep]: update(all[nextStep]) }))}
              errors={errors}
              attempt={attempt}
              busy={generation.busy}
              balance={balance}
              urls={urls}
              onSubmit={submit(nextStep)}
              formRef={formRef}
              uploads={form.uploads}
            />
          )}
        </div>

        <div className="min-w-0 space-y-6">
          {["copy", "creative"].map((step) => {
            const outcome = outcomes[step];
            const headingRef = step === lastStep ? outcomeHeading : undefined;
            return (
              <OnDemand key={step} resetKey={outcome}>
                {outcome?.status === "success" && step === "copy" && (
                  <CopyVariations output={outcome.output} title="Generated META Copy Variations" headingRef={headingRef} />
                )}
                {outcome?.status === "success" && step === "creative" && (
                  <EditableCreative
                    generation={outcome}
                    title="Generated Meta Creative"
                    editLabel="Edit Text"
                    appliedMessage="Creative updated with custom text!"
                    downloadName="meta-ads-full-creative"
                    hint='Click "Edit Text" to add custom text overlays'
                    headingRef={headingRef}
                  />
                )}
                {outcome?.status === "failed" && (
                  <FailurePanel
                    title={failureTitle(outcome, steps[step].texts)}
                    message={failureMessage(outcome, steps[step].texts)}
                    refunded={isRefunded(outcome)}
                    headingRef={headingRef}
                  />
                )}
                {headingRef && <FocusWhenShown target={outcomeHeading} shown={outcome} />}
              </OnDemand>
            );
          })}
          <ContentPolicyCard />
        </div>
      </div>
      {generation.busy && (
        <OnDemand>
          <ProgressOverlay
            title={overlay.title}
            steps={overlay.steps}
            hint={overlay.hint}
            startedAt={generation.startedAt}
            note={generation.connectionLost ? CONNECTION_LOST : undefined}
          />
        </OnDemand>
      )}
    </div>
  );
}
