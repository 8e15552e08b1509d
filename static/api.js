// The JSON API from the browser: one function, errors as ApiError {status, code, message, explain}.

export class ApiError extends Error {
  constructor(status, { code, message, explain = [] }) {
    super(message || code);
    this.status = status;
    this.code = code;
    this.explain = explain;
  }
}

/** Call the API; resolve to the reply's JSON, or reject with an ApiError. */
export async function api(method, path, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, { code: "network", message: "The server could not be reached" });
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    // A proxy's HTML error page, say: described below by its status.
  }
  if (!response.ok) {
    const error = data?.error ?? { code: `http_${response.status}`, message: response.statusText };
    throw new ApiError(response.status, error);
  }
  return data;
}
