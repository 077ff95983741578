import { useEffect, useReducer, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { toast } from "../lib/events.js";
import { timeAgo } from "../lib/timeAgo.js";
import { draftKey, hasDraft, restoredValues, useFormDraft } from "../lib/formDrafts.js";
import { rememberResult, restoreResult } from "../lib/rememberedResults.js";
import { forgetTab, keepInTab, readTab } from "../lib/tabStorage.js";
import { resumedValues } from "../lib/schema.js";
import { useBalance } from "../lib/useBalance.js";
import { isFinished, useGeneration } from "../lib/useGeneration.js";
import { ContentPolicyCard, FailurePanel } from "./Cards.jsx";
import { INITIAL_STEPS, settledStep, stepsReducer } from "./metaAdsFullSteps.js";
import { CopyVariations, EditableCreative, FocusWhenShown, OnDemand, ProgressOverlay, ScrapeResults, UploadWidget } from "./OnDemand.jsx";
import { ToolHeader } from "./ToolHeader.jsx";
import { CONNECTION_LOST, ToolForm, failureMessage, failureTitle, failureToast, isRefunded, startFailure, useToolForm } from "./toolForm.jsx";
import * as ui from "./ui.js";

// The analysis the user put aside ('Analyze a different website') is not offered again after a
// reload in this tab.
const FORGOTTEN_KEY = "adsmith:meta-ads-full:forgotten-scrape";

// Storage that refuses (lib/tabStorage.js): only this page forgets it.
const forgetAnalysis = (id) => keepInTab(FORGOTTEN_KEY, String(id));
const isForgotten = (id) => readTab(FORGOTTEN_KEY) === String(id);

/** An analysis put aside and then chosen again (the same website scraped again answers with
 * it, from earlier today) is offered after a reload again. */
function unforgetAnalysis(id) {
  if (isForgotten(id)) forgetTab(FORGOTTEN_KEY);
}

/** The scrape's failure card says 'Error: {message}' (spec 001 §8). */
function scrapeFailureMessage(outcome, texts) {
  if (outcome.lostTrack) return failureMessage(outcome, texts);
  if (outcome.networkError) return `Network error: ${outcome.networkError}`;
  return `Error: ${outcome.error || texts.fallback}`;
}

/** The toast for a scrape start answered with this website's analysis from earlier today (the
 * server reuses one for a day): the documented 'Website scraped' would say it was just done. */
export function reusedAnalysisToast(analysis) {
  return `Using this website's analysis from ${timeAgo(analysis.created_at)} ago`;
}

/** Above an analysis from earlier: when it was made, and a way to make a new one now. */
function EarlierAnalysisNotice({ analysis, onAnalyzeAgain, busy }) {
  return (
    <p
      role="note"
      className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
      data-testid="earlier-analysis"
    >
      <span className="mr-auto">Analysis from {timeAgo(analysis.created_at)} ago</span>
      <button type="button" className={ui.buttonSmall} onClick={onAnalyzeAgain} disabled={busy}>
        Analyze again
      </button>
    </p>
  );
}

/** One step's form (`step` names its fields' ids): ToolForm with the step's schema, texts and
 * cost. `done`: the analysis, kept on screen read-only once it is there (see ToolForm). */
function StepForm({ step, config, values, onChange, form, urls, onSubmit, done, children }) {
  return (
    <ToolForm
      form={form}
      label={config.submitLabel}
      schema={config.schema}
      values={values}
      onChange={onChange}
      cost={config.cost}
      submitLabel={config.submitLabel}
      busyLabel={config.busyLabel}
      urls={urls}
      idPrefix={`maf-${step}`}
      onSubmit={onSubmit}
      done={done}
    >
      {children}
    </ToolForm>
  );
}

/** Meta Ads Full: scrape a website, then make Meta copy or a Meta creative from it. Each step's
 * form keeps its own draft in the tab (lib/formDrafts.js); the analysis and the run the page
 * picks up again after a reload fill their forms with their own inputs instead. The copy and
 * the creative it last showed are shown again beside the analysis they were made from
 * (lib/rememberedResults.js). */
export default function MetaAdsFull({ tool, balance: initialBalance, userId, urls, toolLabels }) {
  const steps = tool.steps;
  const balance = useBalance(initialBalance);
  const draft = (step) => draftKey(userId, `${tool.slug}:${step}`);
  const shownResult = (step) => draftKey(userId, `${tool.slug}:${step}:result`);
  const [values, setValues] = useState(() => ({
    scrape: restoredValues(draft("scrape"), steps.scrape.schema),
    copy: restoredValues(draft("copy"), steps.copy.schema),
    creative: restoredValues(draft("creative"), steps.creative.schema),
  }));
  useFormDraft(draft("scrape"), steps.scrape.schema, values.scrape);
  useFormDraft(draft("copy"), steps.copy.schema, values.copy);
  useFormDraft(draft("creative"), steps.creative.schema, values.creative);
  const [state, dispatch] = useReducer(stepsReducer, INITIAL_STEPS);
  const { scrape, scrapeFailure, nextStep, outcomes, lastStep, runningStep, historyVersion } = state;
  const scrapeHeading = useRef(null);
  const againHeading = useRef(null); // a failed 'Analyze again''s card
  const outcomeHeading = useRef(null);
  const generation = useGeneration({
    slug: tool.slug,
    urls,
    // A run started elsewhere is shown here only if this tab has typed in none of the forms.
    mayAdopt: () => !["scrape", "copy", "creative"].some((step) => hasDraft(draft(step))),
    // After a reload: the analysis to continue from, and the step that was running, each with
    // the form it was started with.
    onResume: ({ generation: running, scrape: latest }) => {
      // An analysis this tab put aside stays aside, unless a step made from it is running.
      const analysis = latest && (running || !isForgotten(latest.id)) ? latest : null;
      dispatch({ type: "resumed", running, analysis });
      const step = running && (running.step || "scrape");
      setValues((all) => ({
        ...all,
        ...(analysis && { scrape: resumedValues(steps.scrape.schema, analysis.inputs) }),
        ...(running && { [step]: resumedValues(steps[step].schema, running.inputs) }),
      }));
      // The copy and creative shown before, if made beside this analysis; the running step's
      // outcome is the one on its way.
      const fits = (kept) => Boolean(analysis) && kept.scrapeId === analysis.id;
      for (const made of ["copy", "creative"]) {
        if (made === step) continue;
        restoreResult(shownResult(made), urls.generation, fits).then(
          (shown) => shown && dispatch({ type: "restored", generation: shown, scrapeId: analysis.id }),
        );
      }
    },
    onSettled: (settled) => {
      const step = settledStep(state, settled);
      const texts = steps[step].texts;
      const success = settled.status === "success";
      if (step === "scrape" && success) unforgetAnalysis(settled.id);
      else if (step !== "scrape") rememberResult(shownResult(step), success ? settled : null, { scrapeId: state.scrape?.id });
      if (settled.reused) toast(reusedAnalysisToast(settled));
      else if (success) toast(texts.success);
      else toast(failureToast(settled, texts), "error");
      dispatch({ type: "settled", generation: settled });
    },
  });

  const form = useToolForm({ generation, balance });
  const { setErrors, formRef } = form;

  // The creative step's image fields are one click away once there is an analysis: fetch their
  // code now, so the form does not grow under the pointer when their boxes arrive.
  const analysed = Boolean(scrape);
  useEffect(() => {
    if (analysed) UploadWidget.preload();
  }, [analysed]);

  // `request`: {fresh: true} from 'Analyze again', so the server does not answer with the same
  // earlier analysis.
  const submit = (step, request) => async (event) => {
    event?.preventDefault();
    const result = await form.submit({
      schema: steps[step].schema,
      inputs: { ...values[step], ...(step === "scrape" ? {} : { scrapeId: scrape?.id ?? "" }) },
      cost: steps[step].cost,
      extra: { step },
      request,
      starting: () => dispatch({ type: "started", step }),
    });
    if (!result || result.ignored) return;
    if (result.generation) {
      // What the step showed stays until the server takes the new run.
      if (!isFinished(result.generation)) {
        dispatch({ type: "accepted", step });
        rememberResult(shownResult(step), null);
      }
      return;
    }
    // Field errors, refused, or no answer (a failure to show, in place of what the step showed).
    if (result.networkError) rememberResult(shownResult(step), null);
    dispatch({ type: "startFailed", step, failure: result.networkError ? { ...startFailure(result), step } : null });
  };

  // 'Analyze a different website': the website form opens again, focused on its chosen type
  // (else its first input). flushSync: the form is on screen, enabled, when focus moves.
  const analyzeAnother = () => {
    forgetAnalysis(scrape.id);
    rememberResult(shownResult("copy"), null);
    rememberResult(shownResult("creative"), null);
    flushSync(() => {
      dispatch({ type: "reset" });
      setErrors({});
    });
    const scrapeForm = formRef.current;
    (scrapeForm?.querySelector("input:checked:not([disabled])") || scrapeForm?.querySelector("input:not([disabled])"))?.focus();
  };

  const setStepValue = (step) => (name, value) => setValues((all) => ({ ...all, [step]: { ...all[step], [name]: value } }));

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
            onChange={setStepValue("scrape")}
            form={form}
            urls={urls}
            onSubmit={submit("scrape")}
            done={Boolean(scrape)}
          >
            {scrape && (
              <button type="button" className={ui.buttonSecondary} onClick={analyzeAnother}>
                Analyze a different website
              </button>
            )}
          </StepForm>

          {/* A failed scrape: under the form, or, when 'Analyze again' failed, above the earlier
              analysis the page keeps. */}
          {scrapeFailure && (
            <FailurePanel
              title={failureTitle(scrapeFailure, steps.scrape.texts)}
              message={scrapeFailureMessage(scrapeFailure, steps.scrape.texts)}
              refunded={false}
              headingRef={scrape ? againHeading : scrapeHeading}
            />
          )}
          <FocusWhenShown target={scrape ? againHeading : scrapeHeading} shown={scrapeFailure} />

          {scrape && (
            <>
              <OnDemand resetKey={scrape}>
                <ScrapeResults
                  output={scrape.output}
                  headingRef={scrapeHeading}
                  notice={
                    scrape.reused && (
                      <EarlierAnalysisNotice analysis={scrape} onAnalyzeAgain={submit("scrape", { fresh: true })} busy={generation.busy} />
                    )
                  }
                />
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
                        dispatch({ type: "chose", step });
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
              onChange={setStepValue(nextStep)}
              form={form}
              urls={urls}
              onSubmit={submit(nextStep)}
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
