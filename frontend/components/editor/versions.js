// Saving and reading creative versions (history/versions.py on the server).

import { api, ApiError } from "../../lib/api.js";
import { layersToJSON } from "./model.js";

/** Uploads the edited PNG and its layers as a new version of the generation.
 * `url` is the generation's versions URL (from props). Resolves to {id, image, layers}. */
export function saveCreativeVersion(url, blob, layers) {
  const form = new FormData();
  form.append("file", blob, "creative.png");
  form.append("layers", JSON.stringify(Array.isArray(layers) ? layersToJSON(layers) : layers));
  return api(url, { method: "POST", form });
}

/** The newest version ({image, layers, original}), or null when there is none yet. */
export async function loadLatestVersion(url, { signal } = {}) {
  try {
    return await api(url, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
