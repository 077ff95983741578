// Views a tool page needs only once a run starts or finishes or a button is pressed (the
// progress overlay, results, the history panel, the colour picker), and the field widgets of
// forms that are not on screen at start. Their code loads on first use through import(), so
// the JS a tool page loads at start stays within its budget (see bench/frontend.py).
import { Component, lazy, Suspense, useLayoutEffect, useRef } from "react";
import * as ui from "./ui.js";

/** A React.lazy component for one export of a module loaded on demand; `.preload()` fetches
 * the code ahead of its first use. */
function onDemand(load, name = "default") {
  const view = lazy(() => load().then((module) => ({ default: module[name] })));
  view.preload = () => load().catch(() => {}); // a failure shows when the view is used
  return view;
}

const results = () => import("./Results.jsx");
export const CopyVariations = onDemand(results, "CopyVariations");
export const SocialCopyResult = onDemand(results, "SocialCopyResult");
export const CreativeResult = onDemand(results, "CreativeResult");
export const SpyResults = onDemand(results, "SpyResults");
export const ScrapeResults = onDemand(results, "ScrapeResults");
export const EditableCreative = onDemand(() => import("./EditorSlot.jsx"), "EditableCreative");
export const HistoryPanel = onDemand(() => import("./history/HistoryPanel.jsx"));
// Not on screen at start, but wanted the moment a run starts: tool pages preload it.
export const ProgressOverlay = onDemand(() => import("./ProgressOverlay.jsx"));
export const ColorPicker = onDemand(() => import("./ColorPicker.jsx"));
const fieldWidgets = () => import("./fieldWidgets.js");
export const ColorField = onDemand(fieldWidgets, "ColorField");
export const UploadWidget = onDemand(fieldWidgets, "UploadWidget");

/**
 * Where on-demand views go: nothing while their code loads, and a short notice instead of
 * a blank island if it cannot load (a dropped connection) or a view fails to render.
 * A new `resetKey` (e.g. the next result) shows the children again.
 */
export class OnDemand extends Component {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidUpdate(previous) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render() {
    if (this.state.failed) {
      return (
        <p role="alert" className={`${ui.card} text-sm text-red-600 dark:text-red-400`} data-testid="on-demand-failed">
          This part of the page could not be loaded. Please reload the page to try again.
        </p>
      );
    }
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

/** Focuses `target` (a heading's ref) each time `shown` changes to something, once the view
 * holding it has mounted: inside an <OnDemand>, that is after its code has loaded. */
export function FocusWhenShown({ target, shown }) {
  // Checked after every commit, not only when `shown` changes: the view's code may arrive
  // later than `shown` (a slow network), and its heading only exists from then on.
  const focusedFor = useRef(null);
  useLayoutEffect(() => {
    if (!shown) {
      focusedFor.current = null;
    } else if (focusedFor.current !== shown && target.current) {
      target.current.focus();
      focusedFor.current = shown;
    }
  });
  return null;
}
