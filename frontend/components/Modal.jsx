import { useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useFocusTrap } from "./focusTrap.js";
import { CloseButton } from "./IconButton.jsx";

// Lighter and tighter than the editor's header buttons, beside a plain title.
const closeButton =
  "rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:hover:bg-slate-800 dark:hover:text-slate-200";

/** A dialog over the whole page: labelled by its title, focus kept inside, Escape and the
 * backdrop close it. Rendered into <body> so it covers the shell. */
export default function Modal({ title, onClose, children, footer, size = "max-w-md" }) {
  const ref = useRef(null);
  const titleId = useId();
  useFocusTrap(ref, { onEscape: onClose });
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-950/60 p-0 sm:items-center sm:p-4">
      <div className="absolute inset-0" aria-hidden="true" onClick={onClose} />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative w-full ${size} max-h-[100dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl focus:outline-none sm:rounded-2xl dark:bg-slate-900 dark:text-slate-100`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <CloseButton onClick={onClose} className={closeButton} />
        </div>
        {children}
        {footer && <div className="mt-5 flex justify-end gap-2">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
