import { describe, expect, it } from "vitest";
import { INITIAL_STEPS, stepsReducer } from "./metaAdsFullSteps.js";

const analysis = { id: 3, step: "scrape", status: "success", output: { report: "A shop" } };
const run = (state, ...actions) => actions.reduce(stepsReducer, state);
const analysed = run(INITIAL_STEPS, { type: "started", step: "scrape" }, { type: "settled", generation: analysis });

describe("Meta Ads Full's steps", () => {
  it("shows a successful analysis, counts the run for history and has nothing running", () => {
    expect(analysed).toEqual({ ...INITIAL_STEPS, scrape: analysis, historyVersion: 1 });
  });

  it("keeps the form open with the failure under it when the analysis fails, and clears it once the next start is taken", () => {
    const failed = { id: 4, step: "scrape", status: "failed", error: "Site unreachable" };
    const state = run(INITIAL_STEPS, { type: "started", step: "scrape" }, { type: "settled", generation: failed });
    expect(state.scrape).toBeNull();
    expect(state.scrapeFailure).toBe(failed);

    const again = stepsReducer(state, { type: "started", step: "scrape" });
    expect(again.scrapeFailure).toBe(failed);
    expect(again.runningStep).toBe("scrape");
    const taken = stepsReducer(again, { type: "accepted", step: "scrape" });
    expect(taken.scrapeFailure).toBeNull();
    expect(taken.runningStep).toBe("scrape");
  });

  it("keeps a step's result until the server takes the next run, and keeps the one a repeat settled at once", () => {
    const copy = { id: 7, step: "copy", status: "success", output: { variations: [] } };
    const copied = run(analysed, { type: "chose", step: "copy" }, { type: "started", step: "copy" }, { type: "settled", generation: copy });
    const again = stepsReducer(copied, { type: "started", step: "copy" });
    expect(again.outcomes.copy).toEqual(copy);
    expect(stepsReducer(again, { type: "accepted", step: "copy" }).outcomes.copy).toBeNull();

    const repeat = { ...copy, id: 9 };
    const settledAtOnce = run(again, { type: "settled", generation: repeat }, { type: "accepted", step: "copy" });
    expect(settledAtOnce.outcomes.copy).toEqual(repeat);
  });

  it("puts aside what was made from an analysis once 'Analyze again' replaces it, and keeps it for the same one", () => {
    const copy = { id: 7, step: "copy", status: "success", output: { variations: [] } };
    const copied = run(analysed, { type: "chose", step: "copy" }, { type: "started", step: "copy" }, { type: "settled", generation: copy });
    const same = run(copied, { type: "started", step: "scrape" }, { type: "settled", generation: { ...analysis, reused: true } });
    expect(same.outcomes.copy).toEqual(copy);
    const fresh = { ...analysis, id: 30 };
    const again = run(copied, { type: "started", step: "scrape" }, { type: "settled", generation: fresh });
    expect(again.scrape).toBe(fresh);
    expect(again.outcomes).toEqual({ copy: null, creative: null });
    expect(again.nextStep).toBeNull();
  });

  it("puts a copy beside the creative made before it, and moves focus to the copy", () => {
    const creative = { id: 6, step: "creative", status: "success", output: { image: "/files/x.png" } };
    const copy = { id: 7, step: "copy", status: "success", output: { variations: [] } };
    const state = run(
      analysed,
      { type: "chose", step: "creative" },
      { type: "started", step: "creative" },
      { type: "settled", generation: creative },
      { type: "chose", step: "copy" },
      { type: "started", step: "copy" },
      { type: "accepted", step: "copy" },
    );
    expect(state.outcomes).toEqual({ copy: null, creative });
    expect(state.runningStep).toBe("copy");

    const settled = stepsReducer(state, { type: "settled", generation: copy });
    expect(settled.outcomes).toEqual({ copy, creative });
    expect(settled).toMatchObject({ nextStep: "copy", lastStep: "copy", runningStep: null, historyVersion: 3 });
  });

  it("files an outcome without a step (a run the page lost track of) under the step that was running", () => {
    const lost = { id: 8, status: "failed", lostTrack: { title: "Signed Out", message: "Sign in again" } };
    const state = run(analysed, { type: "chose", step: "creative" }, { type: "started", step: "creative" }, { type: "settled", generation: lost });
    expect(state.outcomes.creative).toEqual({ ...lost, step: "creative" });
    expect(state.lastStep).toBe("creative");
  });

  it("shows a start that got no answer as that step's failure, and nothing for one refused or with field errors", () => {
    const noAnswer = { status: "failed", networkError: "Network connection failed.", step: "copy" };
    const started = run(analysed, { type: "chose", step: "copy" }, { type: "started", step: "copy" });
    const failed = stepsReducer(started, { type: "startFailed", step: "copy", failure: noAnswer });
    expect(failed.outcomes.copy).toEqual(noAnswer);
    expect(failed).toMatchObject({ lastStep: "copy", runningStep: null, historyVersion: 1 });

    const refused = stepsReducer(started, { type: "startFailed", step: "copy", failure: null });
    expect(refused).toEqual({ ...started, runningStep: null });
  });

  it("drops a step's earlier failure, not its earlier result, when a new attempt has field errors", () => {
    const scrapeFailed = run(INITIAL_STEPS, { type: "started", step: "scrape" }, { type: "settled", generation: { id: 4, step: "scrape", status: "failed" } });
    expect(stepsReducer(scrapeFailed, { type: "startFailed", step: "scrape", failure: null }).scrapeFailure).toBeNull();

    const copyFailed = run(analysed, { type: "chose", step: "copy" }, { type: "started", step: "copy" }, { type: "settled", generation: { id: 5, step: "copy", status: "failed" } });
    expect(stepsReducer(copyFailed, { type: "startFailed", step: "copy", failure: null }).outcomes.copy).toBeNull();

    const copy = { id: 6, step: "copy", status: "success", output: { variations: [] } };
    const copied = run(analysed, { type: "chose", step: "copy" }, { type: "started", step: "copy" }, { type: "settled", generation: copy });
    expect(stepsReducer(copied, { type: "startFailed", step: "copy", failure: null }).outcomes.copy).toEqual(copy);
  });

  it("picks up after a reload: the analysis (focus stays put) and the step still running, with its form", () => {
    const running = { id: 9, step: "creative", status: "running" };
    const state = stepsReducer(INITIAL_STEPS, { type: "resumed", running, analysis });
    expect(state).toEqual({ ...INITIAL_STEPS, scrape: { ...analysis, resumed: true }, runningStep: "creative", nextStep: "creative" });
  });

  it("picks up a running analysis without choosing a next step, and changes nothing when nothing is left", () => {
    const running = { id: 10, step: "scrape", status: "running" };
    expect(stepsReducer(INITIAL_STEPS, { type: "resumed", running, analysis: null })).toEqual({ ...INITIAL_STEPS, runningStep: "scrape" });
    expect(stepsReducer(INITIAL_STEPS, { type: "resumed", running: null, analysis: null })).toBe(INITIAL_STEPS);
  });

  it("shows a copy or creative from before a reload again beside its analysis, focus staying put", () => {
    const creative = { id: 6, step: "creative", status: "success", output: { image: "/files/v2.png", edited: true } };
    const shown = stepsReducer(analysed, { type: "restored", generation: creative, scrapeId: 3 });
    expect(shown.outcomes).toEqual({ copy: null, creative: { ...creative, resumed: true } });
    expect(shown).toMatchObject({ lastStep: null, nextStep: null, historyVersion: 1 });
  });

  it("shows a copy or creative from before a reload only beside its own analysis, and not over the step's run or newer outcome", () => {
    const copy = { id: 7, step: "copy", status: "success", output: { variations: [] } };
    expect(stepsReducer(analysed, { type: "restored", generation: copy, scrapeId: 4 })).toBe(analysed);
    expect(stepsReducer(INITIAL_STEPS, { type: "restored", generation: copy, scrapeId: 3 })).toBe(INITIAL_STEPS);

    const running = stepsReducer(INITIAL_STEPS, { type: "resumed", running: { id: 9, step: "copy", status: "running" }, analysis });
    expect(stepsReducer(running, { type: "restored", generation: copy, scrapeId: 3 })).toBe(running);
    const creative = { id: 8, step: "creative", status: "success", output: { image: "/files/x.png" } };
    expect(stepsReducer(running, { type: "restored", generation: creative, scrapeId: 3 }).outcomes.creative).toEqual({ ...creative, resumed: true });

    const newer = { id: 10, step: "copy", status: "success", output: { variations: [] } };
    const made = run(analysed, { type: "chose", step: "copy" }, { type: "started", step: "copy" }, { type: "settled", generation: newer });
    expect(stepsReducer(made, { type: "restored", generation: copy, scrapeId: 3 })).toBe(made);
  });

  it("puts the analysis and what was made from it aside on 'Analyze a different website'", () => {
    const copy = { id: 7, step: "copy", status: "success", output: {} };
    const made = run(analysed, { type: "chose", step: "copy" }, { type: "started", step: "copy" }, { type: "settled", generation: copy });
    const state = stepsReducer(made, { type: "reset" });
    expect(state).toMatchObject({ scrape: null, nextStep: null, outcomes: { copy: null, creative: null }, historyVersion: 2 });
  });

  it("refuses an action it does not know", () => {
    expect(() => stepsReducer(INITIAL_STEPS, { type: "scraped" })).toThrow("Unknown Meta Ads Full action: scraped");
  });
});
