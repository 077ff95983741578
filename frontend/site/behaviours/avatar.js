// Profile picture upload (spec 000 §4): images only, 2 MB; progress rises 10% every 200 ms up
// to 90% while the upload runs and jumps to 100% when it completes; then a preview with a
// remove button. The upload stores the file; 'Save Changes' makes it the profile's avatar
// (the hidden `avatar` input carries the stored name), and a line under the hint says so
// while the chosen photo is not the saved one.
import { api, ApiError } from "../../lib/api.js";
import { toast } from "../../lib/events.js";

const STEP_PERCENT = 10;
const STEP_MS = 200;
const CAP_PERCENT = 90;

export function initAvatarUploader() {
  const root = document.querySelector("[data-avatar-uploader]");
  if (!root) return;
  const input = root.querySelector("[data-avatar-input]");
  const hidden = root.querySelector("input[name=avatar]");
  const preview = root.querySelector("[data-avatar-preview]");
  const placeholder = root.querySelector("[data-avatar-placeholder]");
  const remove = root.querySelector("[data-avatar-remove]");
  const progressBox = root.querySelector("[data-avatar-progress]");
  const progress = progressBox.querySelector("progress");
  const percent = root.querySelector("[data-avatar-percent]");
  const errorLine = root.querySelector("[data-avatar-error]");
  const unsaved = root.querySelector("[data-avatar-unsaved]");
  const maxBytes = Number(root.dataset.maxBytes);
  const maxMb = Math.round(maxBytes / (1024 * 1024));

  const setProgress = (value) => {
    progress.value = value;
    percent.textContent = `${value}%`;
  };
  const showError = (message) => {
    errorLine.textContent = message;
    errorLine.hidden = !message;
  };
  const showUnsaved = () => {
    const { saved, keep, drop } = unsaved.dataset;
    unsaved.textContent = hidden.value === saved ? "" : hidden.value ? keep : drop;
  };
  const showPreview = (url) => {
    preview.hidden = !url;
    if (url) preview.src = url;
    else preview.removeAttribute("src");
    placeholder.hidden = !!url;
    remove.hidden = !url;
  };

  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    showError("");
    if (!file.type.startsWith("image/")) {
      showError("Please upload an image file");
      toast("Please upload an image file", "error");
      input.value = "";
      return;
    }
    if (file.size > maxBytes) {
      showError(`File size must be less than ${maxMb}MB`);
      toast(`File size must be less than ${maxMb}MB`, "error");
      input.value = "";
      return;
    }

    progressBox.hidden = false;
    root.setAttribute("aria-busy", "true");
    // Disabling the focused input drops keyboard focus to the page: it goes back after.
    const hadFocus = document.activeElement === input;
    input.disabled = true;
    setProgress(0);
    const timer = setInterval(() => {
      setProgress(Math.min(progress.value + STEP_PERCENT, CAP_PERCENT));
    }, STEP_MS);
    const form = new FormData();
    form.append("file", file);
    try {
      const data = await api(root.dataset.uploadUrl, { method: "POST", form });
      clearInterval(timer);
      setProgress(100);
      hidden.value = data.avatar;
      showPreview(data.url);
      showUnsaved();
      toast("File uploaded successfully!");
    } catch (err) {
      clearInterval(timer);
      const reason = err instanceof ApiError ? err.body?.error || err.message : "Unknown error occurred";
      showError(reason);
      toast(`Upload failed: ${reason}`, "error");
      progressBox.hidden = true;
    } finally {
      root.removeAttribute("aria-busy");
      input.disabled = false;
      input.value = "";
      if (hadFocus && (document.activeElement === document.body || !document.activeElement)) {
        input.focus({ preventScroll: true });
      }
    }
  });

  remove.addEventListener("click", () => {
    hidden.value = "";
    showPreview("");
    showUnsaved();
    progressBox.hidden = true;
    showError("");
  });
}
