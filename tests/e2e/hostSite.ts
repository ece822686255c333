/**
 * A customer's website for the widget tests: plain pages served from another origin than the
 * BFF (another port), each with the HTML and headers a test gives it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostPage {
  html: string;
  headers?: Record<string, string>;
  contentType?: string;
}

export interface HostSite {
  origin: string;
  /** Serves `page` at `path` (and every path below it when `path` ends with '/*'). */
  serve: (path: string, page: HostPage) => void;
  close: () => Promise<void>;
}

export async function startHostSite(): Promise<HostSite> {
  const pages = new Map<string, HostPage>();
  const pageFor = (path: string) => {
    if (pages.has(path)) return pages.get(path);
    const prefix = [...pages.keys()].find((key) => key.endsWith('/*') && path.startsWith(key.slice(0, -1)));
    return prefix ? pages.get(prefix) : undefined;
  };
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host.invalid').pathname;
    // Browsers ask for it on their own; a 404 would be a console error on every page.
    if (path === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    const page = pageFor(path);
    if (!page) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': page.contentType ?? 'text/html; charset=utf-8', ...page.headers }).end(page.html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // Another port is another origin than the BFF's.
    origin: `http://127.0.0.1:${port}`,
    serve: (path, page) => pages.set(path, page),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Rules a careless or hostile stylesheet might carry: the widget must survive both. */
export const HOSTILE_CSS = '* { all: unset } div { display: none !important } button { visibility: hidden !important }';

/** A plain page around `body`, with the hostile stylesheet. */
export function hostPage(title: string, body: string, styleNonce?: string): string {
  const nonce = styleNonce ? ` nonce="${styleNonce}"` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><style${nonce}>${HOSTILE_CSS}</style></head><body><h1>${title}</h1><p>Welcome to our shop.</p>${body}</body></html>`;
}
