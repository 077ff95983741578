import { toast } from "./events.js";

/** Copies text and confirms with the documented toast. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Copied to clipboard!");
    return true;
  } catch {
    toast("Could not copy to the clipboard", "error");
    return false;
  }
}
