// URLs come from the server (reverse()) in props. Per-object URLs arrive as templates with
// an "{id}" placeholder, filled here.
export function urlFor(template, id) {
  return template.replace("{id}", encodeURIComponent(String(id)));
}

export function withQuery(url, params) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") query.set(key, String(value));
  }
  const text = query.toString();
  if (!text) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${text}`;
}
