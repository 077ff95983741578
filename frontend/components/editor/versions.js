// Saving and reading creative versions (history/versions.py on the server).

import { api } from "../../lib/api.js";
import { layersToJSON } from "./model.js";

/** Uploads the edited PNG and its layers as a new version of the generation.
 * `url` is the generation's versions URL (from props). Resolves to {id, image, layers}. */
export function saveCreativeVersion(url, blob, layers) {
  const form = new FormData();
  form.append("file", blob, "creative.png");
  form.append("layers", JSON.stringify(Array.isArray(layers) ? layersToJSON(layers) : layers));
  return api(url, { method: "POST", form });
}

/** Takes the custom text off the generation (every saved version goes): the original is
 * shown and downloaded again. Resolves once the server has done it. */
export function removeCreativeText(url) {
  return api(url, { method: "DELETE" });
}

/** The newest version ({id, image, layers, original, created_at}), or null when none was saved
 * yet: the server answers 200 {"version": null} for that. Anything else that goes wrong
 * (a 404 for a generation that is not the user's, a network error) rejects with ApiError. */
export async function loadLatestVersion(url, { signal } = {}) {
  const body = await api(url, { signal });
  return body?.version ?? null;
}
