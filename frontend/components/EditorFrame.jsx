import { useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useBackButton } from "./backButton.js";
import { useFocusTrap } from "./focusTrap.js";
import { CloseButton } from "./IconButton.jsx";
import * as ui from "./ui.js";

/**
 * The text editor's dialog, over the whole page (rendered into <body>): the title, then
 * `headerActions` (Undo, Redo) and Close in the title bar; `children`, the body, one element
 * taking the height left (flex-1); `footerNote` beside `footerActions` (Cancel, Apply Text) in
 * the bottom row. Focus stays inside (useFocusTrap; `onEscape` as it takes it). While it is open
 * the page has a history entry of its own, so Back calls `onBack` (useBackButton: it returns
 * whether the dialog stays open) instead of leaving the page; without `onBack`, Back is Close.
 *
 * Both the editor and EditorSlot's stand-in for it (while the editor's code is on its way)
 * draw this frame, so the one fills the other in without a jump. It lives outside editor/,
 * whose code a page only fetches once a creative can be edited, so the stand-in costs none of it.
 * `ref`, if given, must be an object ref: it receives the dialog element.
 */
export default function EditorFrame({
  ref,
  title,
  testId,
  describedBy,
  onKeyDown,
  onEscape,
  onClose,
  onBack,
  closeDisabled = false,
  headerActions = null,
  footerNote = null,
  footerActions,
  children,
}) {
  const ownRef = useRef(null);
  const dialogRef = ref ?? ownRef;
  const titleId = useId();
  useFocusTrap(dialogRef, { onEscape });
  useBackButton(
    onBack ??
      (() => {
        onClose?.();
        return false;
      }),
  );
  // A card with a margin round it on a larger screen; the whole screen on a phone, and on a
  // short one (a laptop zoomed to 200 % is 450 px tall), where every pixel goes to the editor.
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-stretch justify-center bg-slate-950/70 sm:items-center sm:p-4 [@media(max-height:32rem)]:p-0">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
        className="relative flex h-[100dvh] w-full max-w-6xl flex-col overflow-hidden bg-white shadow-xl focus:outline-none sm:h-[92dvh] sm:rounded-2xl dark:bg-slate-900 [@media(max-height:32rem)]:h-[100dvh] [@media(max-height:32rem)]:rounded-none dark:text-slate-100"
      >
        {/* The title bar and button row are divs: a role=dialog does not scope <header> and
            <footer>, which would be a second page banner and a contentinfo while it is open. */}
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <h2 id={titleId} className={ui.heading2}>
            {title}
          </h2>
          <div className="flex items-center gap-1">
            {headerActions}
            <CloseButton onClick={onClose} disabled={closeDisabled} />
          </div>
        </div>
        {children}
        <div className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
          {footerNote && <div className="min-w-0">{footerNote}</div>}
          <div className="flex shrink-0 justify-end gap-2 sm:ml-auto">{footerActions}</div>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** What the frame's body says while the editor is not ready to edit yet. */
export function OpeningStatus() {
  return (
    <p role="status" className={ui.muted}>
      Opening the text editor…
    </p>
  );
}
