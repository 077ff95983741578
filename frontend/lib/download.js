import { toast } from "./events.js";

const EXTENSIONS = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "text/plain": "txt" };

function dataUrlToBlob(dataUrl) {
  const [head, body] = dataUrl.split(",", 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] || "application/octet-stream";
  const bytes = head.includes(";base64") ? atob(body) : decodeURIComponent(body);
  const array = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i += 1) array[i] = bytes.charCodeAt(i);
  return new Blob([array], { type });
}

/** Saves a Blob under `baseName-<timestamp>.<ext>` through a temporary link. */
export function saveBlob(blob, baseName, extension) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = `${baseName}-${Date.now()}.${extension || EXTENSIONS[blob.type] || "bin"}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** The image download helper: PNG data URLs, same-origin paths and http(s) URLs; other
 * sources throw 'Unsupported image format'. Toasts the documented outcome. */
export async function downloadImage(source, baseName) {
  try {
    let blob;
    if (typeof source !== "string") throw new Error("Unsupported image format");
    if (source.startsWith("data:image/")) {
      blob = dataUrlToBlob(source);
    } else if (source.startsWith("blob:") || source.startsWith("/") || /^https?:\/\//i.test(source)) {
      const response = await fetch(source, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
      blob = await response.blob();
    } else {
      throw new Error("Unsupported image format");
    }
    saveBlob(blob, baseName, EXTENSIONS[blob.type] || "png");
    toast("Image downloaded successfully!");
    return true;
  } catch {
    toast("Failed to download image", "error");
    return false;
  }
}

/** Saves text as a .txt file. */
export function downloadText(text, baseName) {
  saveBlob(new Blob([text], { type: "text/plain" }), baseName, "txt");
}
