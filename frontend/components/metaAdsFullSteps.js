// Meta Ads Full's steps as one state and a pure reducer: the website analysis (scrape), then a
// copy or a creative made from it. MetaAdsFull.jsx dispatches; the forms' values live apart.

export const INITIAL_STEPS = {
  scrape: null, // the successful analysis (`resumed: true` when shown again after a reload)
  scrapeFailure: null, // the analysis that failed, or a start that got no answer
  nextStep: null, // "copy" | "creative": the form shown under the analysis
  // The settled copy and creative, each kept while the other step runs: a full ad needs both
  // (`resumed: true` when shown again after a reload).
  outcomes: { copy: null, creative: null },
  lastStep: null, // the step settled last: focus goes to it
  runningStep: null, // the step on its way, until it settles
  historyVersion: 0, // changes when a run ends, so an open history panel reloads
};

/** The step a settled generation belongs to: its own, or (an outcome the page made up, e.g. a
 * run it lost track of) the one it started. */
export function settledStep(state, generation) {
  return generation.step || state.runningStep || "scrape";
}

/** A finished step's outcome in its place: an analysis above the next step, a copy or creative
 * on the side (focus goes to it). */
function withOutcome(state, step, outcome) {
  if (step === "scrape") {
    if (outcome.status !== "success") return { ...state, scrapeFailure: outcome };
    // A new analysis in place of the one shown ('Analyze again'): what was made from the old one
    // goes with it, as on 'Analyze a different website' (and as a reload would show it).
    const replaced = state.scrape != null && state.scrape.id !== outcome.id;
    return { ...state, scrape: outcome, scrapeFailure: null, ...(replaced && { nextStep: null, outcomes: { copy: null, creative: null } }) };
  }
  return { ...state, nextStep: step, outcomes: { ...state.outcomes, [step]: { ...outcome, step } }, lastStep: step };
}

/** A new attempt at a step that did not start (field errors, refused): the step's earlier
 * failure is not this attempt's, so it goes; an earlier result stays. */
function withoutFailure(state, step) {
  if (step === "scrape") return state.scrapeFailure ? { ...state, scrapeFailure: null } : state;
  const outcome = state.outcomes[step];
  return outcome && outcome.status !== "success" ? { ...state, outcomes: { ...state.outcomes, [step]: null } } : state;
}

/**
 * - `resumed` {running, analysis}: after a reload, the run still going and the analysis to
 *   continue from (each null when there is none); the analysis is shown, but focus stays put.
 * - `restored` {generation, scrapeId}: after a reload, the copy or creative shown before, made
 *   beside analysis `scrapeId`; shown only beside that analysis, and not over the step's run
 *   or a newer outcome. Focus stays put.
 * - `chose` {step}: the next step's form ("copy" | "creative").
 * - `started` {step}: the step's start went out.
 * - `accepted` {step}: the server took it and it runs: the step's earlier outcome goes (unless
 *   the run already settled: a repeat the server answered as finished).
 * - `startFailed` {step, failure}: the start did not begin a run (field errors, refused, or no
 *   answer: `failure` is then what the page shows for it; otherwise the step's earlier failure goes).
 * - `settled` {generation}: the run ended (or the page lost track of it).
 * - `reset`: 'Analyze a different website': the analysis and what was made from it are put aside.
 */
export function stepsReducer(state, action) {
  switch (action.type) {
    case "resumed": {
      const { running, analysis } = action;
      let next = state;
      if (analysis) next = { ...next, scrape: { ...analysis, resumed: true } };
      if (running) {
        const step = running.step || "scrape";
        next = { ...next, runningStep: step, nextStep: step === "scrape" ? next.nextStep : step };
      }
      return next;
    }
    case "restored": {
      const { generation, scrapeId } = action;
      const { step } = generation;
      if (state.scrape?.id !== scrapeId || state.runningStep === step || state.outcomes[step]) return state;
      return { ...state, outcomes: { ...state.outcomes, [step]: { ...generation, resumed: true } } };
    }
    case "chose":
      return { ...state, nextStep: action.step };
    case "started":
      return { ...state, runningStep: action.step };
    case "accepted": {
      const { step } = action;
      if (state.runningStep !== step) return state;
      const cleared = step === "scrape" ? { scrapeFailure: null } : { outcomes: { ...state.outcomes, [step]: null } };
      return { ...state, ...cleared };
    }
    case "startFailed": {
      const next = { ...state, runningStep: null };
      return action.failure ? withOutcome(next, action.step, action.failure) : withoutFailure(next, action.step);
    }
    case "settled": {
      const step = settledStep(state, action.generation);
      const next = { ...state, runningStep: null, historyVersion: state.historyVersion + 1 };
      return withOutcome(next, step, action.generation);
    }
    case "reset":
      return { ...state, scrape: null, scrapeFailure: null, nextStep: null, outcomes: { copy: null, creative: null } };
    default:
      throw new Error(`Unknown Meta Ads Full action: ${action.type}`);
  }
}
