// Reads a generation's normalized output (docs/CONTRACTS.md, "Engines") and the older shapes
// the history may still hold (creativeImage, data[0].image, top-level headline/primaryText).

const MISSING_VARIATION_TEXT = {
  headline: "No headline available",
  description: "No description available",
  primaryText: "No primary text available",
};

function parse(output) {
  if (typeof output === "string") {
    try {
      return JSON.parse(output);
    } catch {
      return output.trim() ? { text: output } : {};
    }
  }
  return output && typeof output === "object" ? output : {};
}

/** Copy variations with the documented stand-ins for missing parts (at most 5). */
export function variationsOf(output) {
  const data = parse(output);
  let list = Array.isArray(data.variations) ? data.variations : [];
  if (list.length === 0 && (data.headline || data.primaryText || data.description)) list = [data];
  return list.slice(0, 5).map((v) => ({
    headline: v?.headline || MISSING_VARIATION_TEXT.headline,
    description: v?.description || MISSING_VARIATION_TEXT.description,
    primaryText: v?.primaryText || MISSING_VARIATION_TEXT.primaryText,
  }));
}

function imageOf(data) {
  return data.image || data.creativeImage || data.data?.[0]?.image || "";
}

/** A scrape field's value as text, the same on screen and in copied or downloaded text: text
 * as it is, anything else as JSON (as the server writes non-text values; never
 * "[object Object]"), and nothing for a missing value. */
export function fieldText(value) {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? String(value);
}

/** An http(s) link we may open for the user (an engine's snapshot URL, say) — nothing else. */
export function isWebUrl(url) {
  return typeof url === "string" && /^https?:\/\/\S+$/i.test(url);
}

/** Everything a history item can show: its parts, in reading order. */
export function outputParts(output, fileUrl) {
  const data = parse(output);
  const parts = { variations: [], texts: [], image: "", topAds: [], fields: [] };
  if (Array.isArray(data.variations) || data.headline || data.primaryText) parts.variations = variationsOf(data);
  if (data.socialMediaCopy) parts.texts.push({ label: "Social Media Copy", text: data.socialMediaCopy });
  // Reports and analyses may come in Markdown (`rich`: shown with ReportText); copy is posted as is.
  if (data.report) parts.texts.push({ label: "Website Analysis", text: data.report, rich: true });
  if (data.generalAnalysis) parts.texts.push({ label: "General Analysis", text: data.generalAnalysis, rich: true });
  if (data.text) parts.texts.push({ label: "Output", text: data.text });
  if (Array.isArray(data.topAds)) parts.topAds = data.topAds.slice(0, 5);
  // [key, text] pairs: every reader shows the same text for a value (fieldText).
  if (data.fields && typeof data.fields === "object") {
    parts.fields = Object.entries(data.fields).map(([key, value]) => [key, fieldText(value)]);
  }
  parts.image = imageOf(data);
  if (!parts.image && fileUrl && /\.(png|jpe?g|webp)(\?|$)/i.test(fileUrl)) parts.image = fileUrl;
  parts.empty =
    !parts.variations.length && !parts.texts.length && !parts.image && !parts.topAds.length && !parts.fields.length;
  return parts;
}

/** One plain-text rendering of an output (for copy-all and .txt downloads). */
export function outputText(parts) {
  const blocks = [];
  parts.variations.forEach((v, i) => {
    blocks.push(`Variation ${i + 1}\nHeadline: ${v.headline}\nDescription: ${v.description}\nPrimary text: ${v.primaryText}`);
  });
  // A lone text (a social post, a report) is copied as it is: its label is not part of it.
  const lone = parts.texts.length === 1 && !parts.variations.length && !parts.fields.length && !parts.topAds.length;
  for (const { label, text } of parts.texts) blocks.push(lone ? text : `${label}\n${text}`);
  for (const [key, value] of parts.fields) blocks.push(`${key}: ${value}`);
  for (const ad of parts.topAds) {
    blocks.push(`Top ${ad.rank} Performing Ad\n${ad.analysis || ""}${ad.snapshotUrl ? `\n${ad.snapshotUrl}` : ""}`);
  }
  return blocks.join("\n\n");
}
