/**
 * A stand-in XMLHttpRequest for the uploads that report progress (apiClient's
 * uploadWithProgress), which fetch, and so mockFetch, cannot serve. `installFakeXhr` lets a unit
 * test drive each request by hand (upload progress, answer chunks, the end); `mockXhr` answers by
 * "METHOD /path" like mockFetch, streaming the given lines one by one, for stories.
 */

export interface XhrCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler<E extends Event = Event> = ((this: XMLHttpRequest, event: E) => unknown) | null;

export class FakeXhr {
  method = 'GET';
  url = '';
  readonly headers: Record<string, string> = {};
  body: unknown = null;
  timeout = 0;
  status = 0;
  responseText = '';
  readonly upload: { onprogress: Handler<ProgressEvent> } = { onprogress: null };
  onprogress: Handler<ProgressEvent> = null;
  onload: Handler<ProgressEvent> = null;
  onerror: Handler<ProgressEvent> = null;
  ontimeout: Handler<ProgressEvent> = null;
  onabort: Handler<ProgressEvent> = null;
  /** True once the request has ended (loaded, failed or aborted): later events are not fired. */
  done = false;
  private responseHeaders: Record<string, string> = {};

  constructor(private readonly onSend: (xhr: FakeXhr) => void) {}

  open(method: string, url: string): void {
    this.method = method.toUpperCase();
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }

  send(body: unknown = null): void {
    this.body = body;
    this.onSend(this);
  }

  abort(): void {
    if (this.done) return;
    this.done = true;
    this.fire(this.onabort);
  }

  get call(): XhrCall {
    return { method: this.method, path: new URL(this.url, 'http://localhost').pathname, headers: { ...this.headers }, body: this.body };
  }

  /** The browser's upload.onprogress. */
  sendUploadProgress(loaded: number, total: number | null): void {
    if (this.done) return;
    this.fire(this.upload.onprogress, { loaded, total: total ?? 0, lengthComputable: total !== null });
  }

  /** The status line and headers have arrived. */
  respond(status: number, contentType: string): void {
    this.status = status;
    this.responseHeaders['content-type'] = contentType;
  }

  /** A chunk of the answer has arrived (it may end mid-line). */
  receive(text: string): void {
    if (this.done) return;
    this.responseText += text;
    this.fire(this.onprogress, { loaded: this.responseText.length, total: 0, lengthComputable: false });
  }

  /** The answer is complete. */
  finish(): void {
    if (this.done) return;
    this.done = true;
    this.fire(this.onload);
  }

  /** The connection failed. */
  fail(): void {
    if (this.done) return;
    this.done = true;
    this.fire(this.onerror);
  }

  private fire(handler: Handler<ProgressEvent>, init: ProgressEventInit = {}) {
    // The handlers are written for the real class; this fake stands in for it.
    handler?.call(this as unknown as XMLHttpRequest, new ProgressEvent('progress', init));
  }
}

export type FakeXhrControl = (() => void) & { requests: FakeXhr[] };

/** Replaces XMLHttpRequest; `onSend` sees each request as it is sent. Returns the restore function. */
export function installFakeXhr(onSend: (xhr: FakeXhr) => void = () => undefined): FakeXhrControl {
  const original = globalThis.XMLHttpRequest;
  const requests: FakeXhr[] = [];
  const Fake = function FakeXMLHttpRequest() {
    const xhr = new FakeXhr((sent) => onSend(sent));
    requests.push(xhr);
    return xhr;
  };
  globalThis.XMLHttpRequest = Fake as unknown as typeof XMLHttpRequest;
  return Object.assign(
    () => {
      globalThis.XMLHttpRequest = original;
    },
    { requests },
  );
}

export interface XhrAnswer {
  status?: number;
  /** Streamed as application/x-ndjson, one line at a time. */
  lines?: unknown[];
  /** A plain JSON answer (when `lines` is absent). */
  body?: unknown;
  /** Milliseconds between steps (upload progress, each line). */
  stepMs?: number;
  /** Keep the answer open after the last line: an upload still in progress. */
  holdOpen?: boolean;
}

export type XhrRoutes = Record<string, XhrAnswer | ((call: XhrCall) => XhrAnswer)>;

/** The size of a multipart body: what upload progress counts up to. */
function bodySize(body: unknown): number {
  if (!(body instanceof FormData)) return 0;
  let size = 0;
  for (const value of body.values()) size += typeof value === 'string' ? value.length : value.size;
  return size;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers each request from `routes` ("POST /api/…"): upload progress in quarters, then the lines. */
export function mockXhr(routes: XhrRoutes): FakeXhrControl & { calls: XhrCall[] } {
  const calls: XhrCall[] = [];
  const control = installFakeXhr((xhr) => {
    const call = xhr.call;
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer: XhrAnswer = route
      ? typeof route === 'function'
        ? route(call)
        : route
      : { status: 404, body: { error: `No mocked answer for ${call.method} ${call.path}`, message: 'Not found', code: 'route_not_found' } };
    void play(xhr, answer);
  });
  return Object.assign(control, { calls });
}

async function play(xhr: FakeXhr, answer: XhrAnswer) {
  const step = answer.stepMs ?? 20;
  const total = bodySize(xhr.body);
  for (const quarter of [1, 2, 3, 4]) {
    await sleep(step);
    xhr.sendUploadProgress(Math.round((total * quarter) / 4), total);
  }
  if (answer.lines) {
    xhr.respond(answer.status ?? 200, 'application/x-ndjson');
    for (const line of answer.lines) {
      await sleep(step);
      xhr.receive(`${JSON.stringify(line)}\n`);
    }
    if (!answer.holdOpen) xhr.finish();
    return;
  }
  await sleep(step);
  xhr.respond(answer.status ?? 200, 'application/json');
  if (answer.body !== undefined) xhr.receive(JSON.stringify(answer.body));
  if (!answer.holdOpen) xhr.finish();
}
