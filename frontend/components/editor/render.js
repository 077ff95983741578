// Loading the creative without tainting the canvas, and exporting the final PNG.

import { loadFontsFor } from "../../lib/fonts.js";
import { drawScene } from "./layout.js";

/**
 * Decodes the creative at `url` into something drawImage() accepts, at its natural size.
 * http(s) URLs (our owner-checked file view, or a signed S3 URL whose bucket allows our
 * origin by CORS) are fetched as bytes first, so the pixels are ours and the canvas stays
 * exportable; cookies go only to our own origin. data:/blob: URLs cannot taint a canvas
 * and are decoded directly (the CSP's connect-src would refuse to fetch them).
 */
export async function loadSourceImage(url, { signal } = {}) {
  if (!url) throw new Error("No image to edit");
  if (/^(data|blob):/i.test(url)) {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { image: img, width: img.naturalWidth, height: img.naturalHeight };
  }
  const response = await fetch(url, { credentials: "same-origin", signal });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  const blob = await response.blob();
  // Stored creatives are re-encoded PNGs without EXIF, so the decoded size is the
  // stored file's pixel size, the one the server checks versions against.
  const bitmap = await createImageBitmap(blob);
  return { image: bitmap, width: bitmap.width, height: bitmap.height };
}

function canvasOf(width, height) {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** The final PNG at the image's natural size, drawn by the same routine as the preview,
 * after every font it uses has loaded. */
export async function exportPng({ image, width, height, elements }) {
  await loadFontsFor(elements);
  const canvas = canvasOf(width, height);
  const ctx = canvas.getContext("2d");
  drawScene(ctx, { image, width, height, elements });
  if (canvas.convertToBlob) return canvas.convertToBlob({ type: "image/png" });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("PNG encoding failed"))), "image/png"),
  );
}
