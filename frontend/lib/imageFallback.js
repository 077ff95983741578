// A generated image whose stored file is gone shows a placeholder (spec 001 §8: "A broken image
// is hidden or replaced by a placeholder"), and the actions on it can tell it is broken.
import { useState } from "react";

// Translucent slate on a transparent ground: an <img> cannot see the page's theme class, so the
// same picture has to read on the light and the dark page alike.
export const IMAGE_PLACEHOLDER =
  "data:image/svg+xml;charset=utf-8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"><rect width="400" height="400" fill="#64748b" fill-opacity="0.15"/><path d="M140 250l50-60 40 45 30-35 50 50H140z" fill="#64748b" fill-opacity="0.6"/><circle cx="250" cy="160" r="18" fill="#64748b" fill-opacity="0.6"/><text x="200" y="310" font-family="sans-serif" font-size="18" text-anchor="middle" fill="#64748b">Image unavailable</text></svg>',
  );

/** `imgProps` for an <img> of `src`: the placeholder once it fails to load. A new `src` (an
 * edited version) is tried afresh. */
export function useImageFallback(src) {
  const [failed, setFailed] = useState(null); // the src that failed
  const broken = failed !== null && failed === src;
  return { broken, imgProps: { src: broken ? IMAGE_PLACEHOLDER : src, onError: () => setFailed(src) } };
}
