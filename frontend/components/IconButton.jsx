// Small and outside the editor's chunk: Modal and the editor's frame (both shown before the
// editor's code is here) use these too.

const iconButtonClass =
  "rounded-md p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-800";

/** A button showing one 20 × 20 icon (`children`: its <path>s), named by `label` for screen
 * readers and as its tooltip. */
export function IconButton({ label, onClick, disabled, className = iconButtonClass, children }) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} aria-label={label} title={label} className={className}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
        {children}
      </svg>
    </button>
  );
}

/** The × in a dialog's header. */
export function CloseButton({ onClick, disabled, className }) {
  return (
    <IconButton label="Close" onClick={onClick} disabled={disabled} className={className}>
      <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
    </IconButton>
  );
}
