import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from 'koa-helmet';
import { SSO_REDIRECT_PATH } from '@domain/auth/sso';
import type { Config, SsoSettings } from '../config';
import type { AppContext, AppMiddleware } from '../types';
import { isApiPath } from './paths';

/**
 * CSP hashes of the inline scripts of the built index.html: the theme script that must run before
 * the first paint is inline, and only these exact scripts may run inline.
 */
export function inlineScriptHashes(indexHtml: string): string[] {
  const inline = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
  return [...indexHtml.matchAll(inline)]
    .filter(([, body]) => body.trim() !== '')
    .map(([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

/**
 * Powerful features the dashboard never uses, switched off for it and anything it frames. Only
 * names Chromium knows: it warns in the page's console about any other (bluetooth, for one).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/**
 * The headers helmet sets, read once from a recording response: they depend only on the
 * configuration, so building them per request (the policy string above all) is wasted work.
 */
function recordHelmetHeaders(options: Parameters<typeof helmet>[0]): HeaderList {
  const recorded = new Map<string, string>();
  const res: Pick<ServerResponse, 'setHeader' | 'removeHeader'> = {
    setHeader(name: string, value: number | string | readonly string[]) {
      recorded.set(name, String(value));
      return this as ServerResponse;
    },
    removeHeader(name: string) {
      recorded.delete(name);
    },
  };
  // helmet sets every header synchronously, before its promise settles; the check below stops
  // start-up should that ever change.
  const ctx = { req: {}, res } as unknown as AppContext;
  void helmet(options)(ctx, async () => {});
  if (!recorded.has('Content-Security-Policy')) throw new Error('helmet set no headers while recording them');
  return [...recorded];
}

/** What helmet sets that still means something on an answer that is not a page. */
const API_HELMET_HEADERS = new Set(['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-resource-policy']);

/**
 * The headers of an API answer (JSON, or a stored file that sets its own): OWASP's set for REST
 * answers. A policy under which an answer opened as a page loads and runs nothing, and may not be
 * framed; no sniffing, no referrer, no cross-origin reads, no storing. The page's own policy
 * (scripts, styles, the sign-in origin) and the headers that only a document reads (the opener
 * and permissions policies, DNS prefetching, origin-keyed agent clusters, IE's download and XSS
 * switches, Flash's cross-domain policies) have nothing to govern in a JSON answer, and would
 * more than triple the bytes of its headers.
 */
function apiAnswerHeaders(helmetHeaders: HeaderList): HeaderList {
  return [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ...helmetHeaders.filter(([name]) => API_HELMET_HEADERS.has(name.toLowerCase())),
    // Set before the route runs, so a route that sets its own caching replaces it.
    ['Cache-Control', 'no-store'],
  ];
}

/**
 * Security headers for the built dashboard's pages and for API answers. The pages' policy allows
 * what the SPA needs: its own scripts, MUI's inline styles, images from itself, data: and blob:
 * (previews), and the Microsoft sign-in endpoints used by the single sign-on popup. API answers
 * carry the leaner set above and are never stored by a cache unless their route says otherwise
 * (a stored file's address never changes).
 */
export function securityHeaders(config: Pick<Config, 'publicUrl'> & { sso: Pick<SsoSettings, 'authority'> | null }, scriptHashes: string[] = []): AppMiddleware {
  const identityProvider = config.sso ? [new URL(config.sso.authority).origin] : [];
  const helmetHeaders = recordHelmetHeaders({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...scriptHashes],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...identityProvider],
        'frame-src': identityProvider.length ? identityProvider : ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        // Upgrading would break a deployment served over plain HTTP (a LAN or localhost).
        'upgrade-insecure-requests': config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    // The single sign-on popup must be able to report back to the window that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    // Older browsers read only this header; it must refuse framing as frame-ancestors 'none' does.
    xFrameOptions: { action: 'deny' },
  });
  const pageHeaders: HeaderList = [...helmetHeaders, ['Permissions-Policy', PERMISSIONS_POLICY]];
  // An opener policy would cut the sign-in popup off from the window that opened it.
  const ssoReturnHeaders = pageHeaders.filter(([name]) => name.toLowerCase() !== 'cross-origin-opener-policy');
  const apiHeaders = apiAnswerHeaders(helmetHeaders);

  return function setSecurityHeaders(ctx, next) {
    const headers = isApiPath(ctx.path) ? apiHeaders : ctx.path === SSO_REDIRECT_PATH ? ssoReturnHeaders : pageHeaders;
    const res = ctx.res;
    for (const [name, value] of headers) res.setHeader(name, value);
    return next();
  };
}
