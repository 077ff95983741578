import { useEffect, useId, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/events.js";
import { useUploadTracking } from "../lib/pendingUploads.js";
import * as ui from "./ui.js";

const MAX_UPLOAD_MB = 5;
// What the server takes (config/images.py ACCEPT_ATTRIBUTE; a test holds the two together): the
// picker offers only these, so a BMP, TIFF or SVG is not chosen and then refused.
const ACCEPTED_IMAGE_TYPES = "image/png,image/jpeg,image/webp,image/gif";
const STEP_MS = 200; // documented: progress +10 % every 200 ms up to 90 %, 100 % on completion
const STEP_PERCENT = 10;
const CEILING_PERCENT = 90;
const DONE_SHOWN_MS = 600; // how long "100 %" stays up before the preview stands alone

/** Why a file cannot be uploaded (the documented messages), or null. Tool pages are for
 * signed-in users only: a session that ended meanwhile is the server's to answer (a 403 with
 * the documented 'Please sign in to upload files', shown as it is). */
export function uploadProblem(file, { maxMb = MAX_UPLOAD_MB } = {}) {
  if (!file.type || !file.type.startsWith("image/")) return "Please upload an image file";
  if (file.size > maxMb * 1024 * 1024) return `File size must be less than ${maxMb}MB`;
  return null;
}

/** The one upload widget: pick an image, watch progress, see a preview with Remove.
 * `value` is the URL POST /api/uploads/ returned (or "" when nothing is uploaded). */
export default function UploadWidget({
  label,
  name,
  bucket,
  value,
  onChange,
  uploadUrl,
  disabled = false,
  describedBy,
  invalid = false,
}) {
  const inputId = useId();
  const [progress, setProgress] = useState(null); // null when idle
  const [problem, setProblem] = useState("");
  const timer = useRef(null);
  const input = useRef(null);
  const removeButton = useRef(null);
  // Keyboard focus follows the control that replaced the one it was on: the preview's Remove
  // after an upload, the file input after a Remove.
  const focusAfterChange = useRef(null);
  const tracking = useUploadTracking();

  useEffect(() => () => clearInterval(timer.current), []); // clears timeouts too
  useEffect(() => {
    const target = focusAfterChange.current === "remove" ? removeButton.current : focusAfterChange.current === "input" ? input.current : null;
    focusAfterChange.current = null;
    target?.focus();
  }, [value]);

  const upload = async (file) => {
    const reason = uploadProblem(file);
    if (reason) {
      setProblem(reason);
      toast(reason, "error");
      return;
    }
    setProblem("");
    setProgress(0);
    tracking.begin();
    timer.current = setInterval(() => {
      setProgress((p) => Math.min(CEILING_PERCENT, (p ?? 0) + STEP_PERCENT));
    }, STEP_MS);
    const form = new FormData();
    form.append("file", file);
    form.append("bucket", bucket);
    try {
      const data = await api(uploadUrl, { method: "POST", form });
      clearInterval(timer.current);
      setProgress(100);
      focusAfterChange.current = "remove"; // the file input it was on is gone
      onChange(data.url);
      toast("File uploaded successfully!");
      timer.current = setTimeout(() => setProgress(null), DONE_SHOWN_MS);
    } catch (err) {
      clearInterval(timer.current);
      setProgress(null);
      const message = err?.errors?.file?.[0] || err?.errors?.bucket?.[0] || err?.message || "Unknown error occurred";
      // Signed out (in another tab): the documented 'Please sign in to upload files', as it is.
      const text = err?.status === 401 || err?.status === 403 ? message : `Upload failed: ${message}`;
      setProblem(text);
      toast(text, "error");
    } finally {
      tracking.end();
      if (input.current) input.current.value = "";
    }
  };

  const remove = () => {
    focusAfterChange.current = "input";
    onChange("");
    setProblem("");
  };

  const described = [describedBy, problem ? `${inputId}-problem` : ""].filter(Boolean).join(" ") || undefined;

  return (
    <div className="space-y-2">
      {value ? (
        <div className="flex items-center gap-3 rounded-lg border border-slate-200 p-2 dark:border-slate-700">
          <img src={value} alt={`${label} preview`} className="h-16 w-16 rounded-md object-contain bg-slate-100 dark:bg-slate-800" />
          <span className="flex-1 truncate text-sm text-slate-600 dark:text-slate-300">Uploaded</span>
          <button ref={removeButton} type="button" className={ui.buttonSmall} onClick={remove} disabled={disabled} aria-label={`Remove ${label}`}>
            Remove
          </button>
        </div>
      ) : (
        <label
          htmlFor={inputId}
          className={`flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-5 text-center text-sm focus-within:ring-2 focus-within:ring-brand-500 ${
            invalid ? "border-red-400" : "border-slate-300 dark:border-slate-700"
          } hover:border-brand-500 ${disabled || progress !== null ? "pointer-events-none opacity-60" : ""}`}
        >
          <span className="font-medium text-brand-600 dark:text-brand-100">Upload {label.toLowerCase()}</span>
          <span className="text-xs text-slate-500 dark:text-slate-400">PNG, JPG, WebP or GIF, up to {MAX_UPLOAD_MB}MB</span>
          <input
            ref={input}
            id={inputId}
            name={name}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            className="sr-only"
            disabled={disabled || progress !== null}
            aria-invalid={invalid || undefined}
            aria-describedby={described}
            onChange={(event) => event.target.files?.[0] && upload(event.target.files[0])}
          />
        </label>
      )}
      {progress !== null && (
        <div>
          <progress className="h-2 w-full overflow-hidden rounded accent-brand-600" max={100} value={progress} aria-label={`Uploading ${label}`} />
          <span className="text-xs text-slate-500 dark:text-slate-400" aria-hidden="true">
            Uploading… {progress}%
          </span>
        </div>
      )}
      <span className="sr-only" aria-live="polite">
        {progress !== null && progress < 100 ? `Uploading ${label.toLowerCase()}…` : ""}
      </span>
      {problem && (
        <p id={`${inputId}-problem`} className={ui.fieldError} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
