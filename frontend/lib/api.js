// The one fetch helper: same-origin JSON with the CSRF token; errors become ApiError.

export class ApiError extends Error {
  constructor(message, { status = 0, errors = null, body = null } = {}) {
    super(message);
    this.status = status;
    this.errors = errors; // {field: [messages]} for 400s
    this.body = body;
  }
}

function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

export async function api(url, { method = "GET", json, form, signal } = {}) {
  const headers = { Accept: "application/json" };
  let body;
  if (json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(json);
  } else if (form) {
    body = form;
  }
  if (method !== "GET") headers["X-CSRFToken"] = csrfToken();
  let response;
  try {
    response = await fetch(url, { method, headers, body, signal, credentials: "same-origin" });
  } catch (err) {
    if (err.name === "AbortError") throw err;
    throw new ApiError("Network connection failed. Please check your internet connection and try again.");
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = (data && (data.detail || data.message || data.error)) || `HTTP error! status: ${response.status}`;
    throw new ApiError(message, { status: response.status, errors: data && data.errors, body: data });
  }
  return data;
}
