import { copyText } from "../lib/clipboard.js";
import * as ui from "./ui.js";

/** Copies `text`; the toast says 'Copied to clipboard!'. `what` names it for screen readers:
 * 'Copy {what}', which must begin with the visible text (WCAG 2.5.3 Label in Name), so with
 * children 'Copy text' it starts 'text …'. */
export default function CopyButton({ text, what, children = "Copy", className = ui.buttonSmall }) {
  return (
    <button type="button" className={className} onClick={() => copyText(text)} aria-label={what ? `Copy ${what}` : undefined}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor">
        <path d="M7 3a2 2 0 0 0-2 2v1H4a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-1h1a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2H7Zm4 12v1H4V8h1v5a2 2 0 0 0 2 2h4Zm3-2H7V5h7v8Z" />
      </svg>
      {children}
    </button>
  );
}
