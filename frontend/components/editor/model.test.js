import { describe, expect, it } from "vitest";
import { FONT_NAMES } from "../../lib/fonts.js";
import {
  DEFAULT_ELEMENT,
  LIMITS,
  applyAction,
  createTextElement,
  editorReducer,
  elementsFromJSON,
  hasUnappliedChanges,
  hasVisibleText,
  initialEditorState,
  layersToJSON,
  normalizeColor,
  normalizeElement,
} from "./model.js";

const run = (state, ...actions) => actions.reduce(editorReducer, state);
const ids = (state) => state.elements.map((el) => el.id);

describe("a new text element", () => {
  it("has the documented defaults: 'Your Text Here', white, bold, Arial, centred, at 50,50, 32px", () => {
    const el = createTextElement("t1");
    expect(el).toEqual({
      id: "t1",
      text: "Your Text Here",
      x: 50,
      y: 50,
      fontSize: 32,
      fontFamily: "Arial",
      color: "#FFFFFF",
      fontWeight: "bold",
      fontStyle: "normal",
      textAlign: "center",
      rotation: 0,
      opacity: 1,
    });
  });

  it("is added on top and selected", () => {
    const state = run(initialEditorState(), { type: "add" }, { type: "add" });
    expect(ids(state)).toEqual(["t1", "t2"]);
    expect(state.selectedId).toBe("t2");
  });

  it("offers 40 fonts, Arial among them", () => {
    expect(FONT_NAMES).toHaveLength(40);
    expect(new Set(FONT_NAMES).size).toBe(40);
    expect(FONT_NAMES).toContain(DEFAULT_ELEMENT.fontFamily);
  });
});

describe("clamping", () => {
  it("keeps font size within 12-120 and whole", () => {
    expect(normalizeElement({ fontSize: 5 }).fontSize).toBe(12);
    expect(normalizeElement({ fontSize: 500 }).fontSize).toBe(120);
    expect(normalizeElement({ fontSize: "48.6" }).fontSize).toBe(49);
  });

  it("keeps rotation within -180 to 180", () => {
    expect(normalizeElement({ rotation: -400 }).rotation).toBe(-180);
    expect(normalizeElement({ rotation: 181 }).rotation).toBe(180);
    expect(normalizeElement({ rotation: -45 }).rotation).toBe(-45);
  });

  it("keeps opacity within 0-1 in steps of 0.1", () => {
    expect(normalizeElement({ opacity: -1 }).opacity).toBe(0);
    expect(normalizeElement({ opacity: 3 }).opacity).toBe(1);
    expect(normalizeElement({ opacity: 0.44 }).opacity).toBe(0.4);
    expect(normalizeElement({ opacity: 0.35000001 }).opacity).toBe(0.4);
  });

  it("keeps the position on the image (0-100 %)", () => {
    const el = normalizeElement({ x: -10, y: 140 });
    expect([el.x, el.y]).toEqual([0, 100]);
  });

  it("replaces unknown choices and colours with the defaults", () => {
    const el = normalizeElement({
      fontFamily: "Comic Sans MS",
      fontWeight: "900",
      fontStyle: "oblique",
      textAlign: "justify",
      color: "red",
      x: "abc",
      rotation: Number.NaN,
    });
    expect(el).toMatchObject({
      fontFamily: "Arial",
      fontWeight: "bold",
      fontStyle: "normal",
      textAlign: "center",
      color: "#FFFFFF",
      x: 50,
      rotation: 0,
    });
  });

  it("cuts text at 250 characters", () => {
    expect(normalizeElement({ text: "x".repeat(300) }).text).toHaveLength(LIMITS.textMaxLength);
  });

  it("normalizes hex colours to # plus six upper-case digits", () => {
    expect(normalizeColor("#abc")).toBe("#AABBCC");
    expect(normalizeColor("ec4899")).toBe("#EC4899");
    expect(normalizeColor("#12345")).toBeNull();
    expect(normalizeColor("rgb(1,2,3)")).toBeNull();
  });

  it("clamps edits made through the reducer", () => {
    const state = run(initialEditorState(), { type: "add" }, { type: "update", id: "t1", patch: { fontSize: 1000 } });
    expect(state.elements[0].fontSize).toBe(120);
  });
});

describe("stored layers", () => {
  it("round-trip through JSON", () => {
    const elements = [createTextElement("a", { text: "Sale", rotation: 30 }), createTextElement("b", { opacity: 0.5 })];
    const json = JSON.parse(JSON.stringify(layersToJSON(elements)));
    expect(json.version).toBe(1);
    expect(elementsFromJSON(json)).toEqual(elements);
  });

  it("repair bad entries, duplicate ids and too many elements", () => {
    const raw = { elements: [null, { id: "a", fontSize: 999 }, { id: "a" }, ...Array(80).fill({ text: "x" })] };
    const elements = elementsFromJSON(raw);
    expect(elements).toHaveLength(LIMITS.maxElements);
    expect(new Set(elements.map((el) => el.id)).size).toBe(elements.length);
    expect(elements[0].fontSize).toBe(120);
  });

  it("read nothing from garbage", () => {
    expect(elementsFromJSON("nope")).toEqual([]);
    expect(elementsFromJSON(null)).toEqual([]);
  });
});

describe("undo and redo", () => {
  it("undo reverses each step and redo replays it", () => {
    let state = run(initialEditorState(), { type: "add" }, { type: "update", id: "t1", patch: { color: "#FF0000" } });
    state = run(state, { type: "undo" });
    expect(state.elements[0].color).toBe("#FFFFFF");
    state = run(state, { type: "undo" });
    expect(state.elements).toEqual([]);
    state = run(state, { type: "undo" }); // nothing left: no change
    expect(state.elements).toEqual([]);
    state = run(state, { type: "redo" }, { type: "redo" });
    expect(state.elements[0].color).toBe("#FF0000");
    expect(state.future).toEqual([]);
  });

  it("a new edit after undo drops the redo steps", () => {
    let state = run(initialEditorState(), { type: "add" }, { type: "add" }, { type: "undo" });
    expect(state.future).toHaveLength(1);
    state = run(state, { type: "update", id: "t1", patch: { text: "Hi" } });
    expect(state.future).toEqual([]);
    expect(run(state, { type: "redo" }).elements).toEqual(state.elements);
  });

  it("merges one drag (one coalesce key) into one step", () => {
    let state = run(initialEditorState(), { type: "add" });
    for (const x of [51, 52, 60]) state = run(state, { type: "update", id: "t1", patch: { x }, coalesceKey: "drag:1" });
    expect(state.elements[0].x).toBe(60);
    state = run(state, { type: "undo" });
    expect(state.elements[0].x).toBe(50);
  });

  it("merges typing into one element's text but not across a different edit", () => {
    let state = run(initialEditorState(), { type: "add" });
    for (const text of ["S", "Sa", "Sale"]) state = run(state, { type: "update", id: "t1", patch: { text }, coalesceKey: "text:t1" });
    state = run(state, { type: "update", id: "t1", patch: { rotation: 10 } });
    state = run(state, { type: "update", id: "t1", patch: { text: "Sale!" }, coalesceKey: "text:t1" });
    expect(run(state, { type: "undo" }).elements[0].text).toBe("Sale");
    expect(run(state, { type: "undo" }, { type: "undo" }).elements[0].rotation).toBe(0);
    expect(run(state, { type: "undo" }, { type: "undo" }, { type: "undo" }).elements[0].text).toBe("Your Text Here");
  });

  it("does not record edits that change nothing", () => {
    const state = run(initialEditorState(), { type: "add" }, { type: "update", id: "t1", patch: { fontSize: 32 } });
    expect(state.past).toHaveLength(1);
  });

  it("undo of a delete brings the element back", () => {
    let state = run(initialEditorState(), { type: "add" }, { type: "add" }, { type: "remove", id: "t1" });
    expect(ids(state)).toEqual(["t2"]);
    state = run(state, { type: "undo" });
    expect(ids(state)).toEqual(["t1", "t2"]);
  });
});

describe("nudging", () => {
  it("moves by natural pixels, stored as percentages, one undo step per run", () => {
    let state = run(initialEditorState(), { type: "add" });
    state = run(state, { type: "nudge", id: "t1", dx: 10, dy: 0, width: 1000, height: 500 });
    state = run(state, { type: "nudge", id: "t1", dx: 0, dy: -1, width: 1000, height: 500 });
    expect(state.elements[0].x).toBe(51);
    expect(state.elements[0].y).toBe(49.8);
    expect(run(state, { type: "undo" }).elements[0]).toMatchObject({ x: 50, y: 50 });
  });

  it("stops at the image edge", () => {
    let state = run(initialEditorState(), { type: "add", overrides: { x: 99.95 } });
    state = run(state, { type: "nudge", id: "t1", dx: 10, dy: 0, width: 1024, height: 1024 });
    expect(state.elements[0].x).toBe(100);
  });
});

describe("delete and reorder", () => {
  const three = () => run(initialEditorState(), { type: "add" }, { type: "add" }, { type: "add" });

  it("deleting selects the neighbour", () => {
    let state = run(three(), { type: "select", id: "t2" }, { type: "remove", id: "t2" });
    expect(ids(state)).toEqual(["t1", "t3"]);
    expect(state.selectedId).toBe("t3");
    state = run(state, { type: "remove", id: "t3" }, { type: "remove", id: "t1" });
    expect(state.selectedId).toBeNull();
  });

  it("brings forward and sends backward one layer at a time, within bounds", () => {
    let state = run(three(), { type: "forward", id: "t1" });
    expect(ids(state)).toEqual(["t2", "t1", "t3"]);
    state = run(state, { type: "forward", id: "t1" }, { type: "forward", id: "t1" });
    expect(ids(state)).toEqual(["t2", "t3", "t1"]);
    state = run(state, { type: "backward", id: "t2" });
    expect(ids(state)).toEqual(["t2", "t3", "t1"]);
    expect(run(state, { type: "undo" }).elements.map((e) => e.id)).toEqual(["t2", "t1", "t3"]);
  });

  it("knows when the layers differ from those it opened with", () => {
    const opened = initialEditorState(three().elements);
    expect(hasUnappliedChanges(three())).toBe(true); // three texts added
    expect(hasUnappliedChanges(opened)).toBe(false);
    const moved = run(opened, { type: "nudge", id: "t1", dx: 10, dy: 0, width: 100, height: 100 });
    expect(hasUnappliedChanges(moved)).toBe(true);
    expect(hasUnappliedChanges(run(moved, { type: "undo" }))).toBe(false);
    const addedAndRemoved = run(opened, { type: "add" }, { type: "remove", id: "t4" });
    expect(addedAndRemoved.past).toHaveLength(2);
    expect(hasUnappliedChanges(addedAndRemoved)).toBe(false);
    expect(hasUnappliedChanges(run(opened, { type: "forward", id: "t1" }))).toBe(true);
  });

  it("starts again from layers read later, with nothing to undo", () => {
    const state = run(initialEditorState(), { type: "reset", elements: elementsFromJSON([{ id: "a", text: "Saved" }]) });
    expect(state.elements.map((el) => el.text)).toEqual(["Saved"]);
    expect([state.selectedId, state.past, hasUnappliedChanges(state)]).toEqual(["a", [], false]);
  });

  it("ignores unknown ids", () => {
    const state = three();
    expect(run(state, { type: "remove", id: "nope" })).toBe(state);
    expect(run(state, { type: "select", id: "nope" }).selectedId).toBeNull();
  });
});

describe("what Apply does", () => {
  const text = (overrides) => createTextElement("t1", overrides);

  it("sees text only where a layer has some that is not whitespace and not fully transparent", () => {
    expect(hasVisibleText([])).toBe(false);
    expect(hasVisibleText([text({ text: "" })])).toBe(false);
    expect(hasVisibleText([text({ text: " \n\t\u3000\ufeff" })])).toBe(false);
    expect(hasVisibleText([text({ text: "Sale", opacity: 0 })])).toBe(false);
    expect(hasVisibleText([text({ text: " " }), text({ text: "Sale", opacity: 0.1 })])).toBe(true);
  });

  it("saves a version when there is text to see", () => {
    expect(applyAction([text()])).toBe("save");
    expect(applyAction([text()], { textApplied: true })).toBe("save");
  });

  it("brings back the original once every text is gone from a creative with text applied", () => {
    expect(applyAction([], { textApplied: true })).toBe("restore");
    expect(applyAction([text({ text: "  " })], { textApplied: true })).toBe("restore");
  });

  it("does nothing without text on a creative that has none applied", () => {
    expect(applyAction([])).toBeNull();
    expect(applyAction([text({ text: "" })], { textApplied: false })).toBeNull();
  });
});
