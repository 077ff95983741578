import { useRef, useState } from "react";
import { toast } from "../lib/events.js";
import { draftKey, hasDraft, restoredValues, useFormDraft } from "../lib/formDrafts.js";
import { rememberResult, restoreResult } from "../lib/rememberedResults.js";
import { resumedValues } from "../lib/schema.js";
import { useBalance } from "../lib/useBalance.js";
import { isFinished, useGeneration } from "../lib/useGeneration.js";
import { FailurePanel } from "./Cards.jsx";
import { FocusWhenShown, OnDemand, ProgressOverlay } from "./OnDemand.jsx";
import { ToolHeader } from "./ToolHeader.jsx";
import { CONNECTION_LOST, ToolForm, failureMessage, failureTitle, failureToast, isRefunded, startFailure, useToolForm } from "./toolForm.jsx";

/**
 * A one-step tool page (all but Meta Ads Full): credits and history bar, the schema-driven
 * form, the progress overlay, and the result or failure panel, with the tool's texts from its
 * props (`tool.texts`). The island supplies the result view (an on-demand one from
 * OnDemand.jsx, so it loads only when a run finishes), any side cards, and the field
 * `widgets` its form shows at start (see SchemaForm).
 *
 * What the user types is kept as the tab's draft of this tool's form (lib/formDrafts.js) and
 * is there again after Back or a reload; a run the page re-attaches to fills the form with its
 * own inputs instead, as they made what the page shows. The result it last showed is shown
 * again too (lib/rememberedResults.js), unless a run it re-attaches to is on its way.
 */
export default function ToolPage({ tool, balance: initialBalance, userId, urls, toolLabels, renderResult, aside, widgets }) {
  const texts = tool.texts;
  const balance = useBalance(initialBalance);
  const draft = draftKey(userId, tool.slug);
  const shownResult = draftKey(userId, `${tool.slug}:result`);
  const [values, setValues] = useState(() => restoredValues(draft, tool.schema));
  useFormDraft(draft, tool.schema, values);
  const [outcome, setOutcome] = useState(null); // the settled generation, or a network failure
  const [historyVersion, setHistoryVersion] = useState(0);
  const outcomeHeading = useRef(null);

  const generation = useGeneration({
    slug: tool.slug,
    urls,
    // A run started elsewhere is shown here only if this tab has typed nothing it would replace.
    mayAdopt: () => !hasDraft(draft),
    onResume: ({ generation: running }) => {
      if (running) setValues(resumedValues(tool.schema, running.inputs));
      // Nothing running: the result shown when the page was left, as it was left (no toast,
      // and focus stays put: `resumed`).
      else restoreResult(shownResult, urls.generation).then((shown) => shown && setOutcome({ ...shown, resumed: true }));
    },
    onSettled: (settled) => {
      setOutcome(settled);
      setHistoryVersion((v) => v + 1);
      const success = settled.status === "success";
      rememberResult(shownResult, success ? settled : null);
      if (success) toast(texts.success);
      else toast(failureToast(settled, texts), "error");
    },
  });

  const form = useToolForm({ generation, balance });

  const submit = async (event) => {
    event.preventDefault();
    const result = await form.submit({ schema: tool.schema, inputs: values, cost: tool.cost });
    // What was shown stays until the server takes the new run (a run it answered as finished
    // is already shown, by onSettled): field errors or a refusal leave the result in place.
    if (result?.generation && !isFinished(result.generation)) {
      setOutcome(null);
      rememberResult(shownResult, null);
    } else if (result?.networkError) {
      setOutcome(startFailure(result));
      rememberResult(shownResult, null);
    }
    // Field errors or a refusal: an earlier failure is not this attempt's, so its card goes.
    else if (result?.errors || result?.refused) setOutcome((shown) => (shown?.status === "success" ? shown : null));
  };

  return (
    <div className="space-y-6">
      <ToolHeader tool={tool} balance={balance} cost={tool.cost} urls={urls} toolLabels={toolLabels} historyVersion={historyVersion} />
      {/* grid-cols-1 and min-w-0: a column is never wider than the screen, whatever its
          content's widest word (a long URL in a result). */}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ToolForm
          form={form}
          label={tool.name}
          schema={tool.schema}
          values={values}
          onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
          cost={tool.cost}
          submitLabel={tool.submitLabel}
          busyLabel={tool.busyLabel}
          urls={urls}
          idPrefix={tool.slug}
          widgets={widgets}
          onSubmit={submit}
        />
        <div className="min-w-0 space-y-6">
          <OnDemand resetKey={outcome}>
            {outcome?.status === "success" && renderResult(outcome, outcomeHeading)}
            {outcome?.status === "failed" && (
              <FailurePanel
                title={failureTitle(outcome, texts)}
                message={failureMessage(outcome, texts)}
                refunded={isRefunded(outcome)}
                headingRef={outcomeHeading}
              />
            )}
            <FocusWhenShown target={outcomeHeading} shown={outcome?.resumed ? null : outcome} />
          </OnDemand>
          {aside}
        </div>
      </div>
      {generation.busy && (
        <OnDemand>
          <ProgressOverlay
            title={tool.overlay.title}
            steps={tool.overlay.steps}
            hint={tool.overlay.hint}
            startedAt={generation.startedAt}
            note={generation.connectionLost ? CONNECTION_LOST : undefined}
          />
        </OnDemand>
      )}
    </div>
  );
}
