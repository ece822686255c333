/**
 * The one way both halves of the widget call the public collection API (/api/public/*): CORS, no
 * cookies or credentials, JSON. A refusal rejects with an Error carrying the status and the
 * server's message ({ error: { message } }) when it gave one.
 */

export interface ApiError extends Error {
  status: number;
}

export async function callApi<T>(
  fetchImpl: typeof fetch,
  apiBase: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
  // A save sent while the page goes away still arrives.
  keepalive = false,
): Promise<T> {
  const response = await fetchImpl(`${apiBase.replace(/\/+$/, '')}/api/public${path}`, {
    method,
    mode: 'cors',
    credentials: 'omit',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    keepalive,
  });
  if (!response.ok) {
    let message = '';
    try {
      const payload = (await response.json()) as { error?: { message?: unknown } };
      if (typeof payload?.error?.message === 'string') message = payload.error.message;
    } catch {
      // Not JSON: the status says enough.
    }
    throw Object.assign(new Error(message), { status: response.status }) as ApiError;
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}
