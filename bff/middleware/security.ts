import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from 'koa-helmet';
import { SSO_REDIRECT_PATH } from '@domain/auth/sso';
import type { Config } from '../config';
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

/**
 * Security headers for the API and the built dashboard. The policy allows what the SPA needs:
 * its own scripts, MUI's inline styles, images from itself, data: and blob: (previews), and the
 * Microsoft sign-in endpoints used by the single sign-on popup. API answers are never stored by
 * a cache unless their route says otherwise (a stored file's address never changes).
 */
export function securityHeaders(config: Pick<Config, 'publicUrl' | 'sso'>, scriptHashes: string[] = []): AppMiddleware {
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
  // Set before the route runs, so a route that sets its own caching replaces it.
  const apiHeaders: HeaderList = [...pageHeaders, ['Cache-Control', 'no-store']];

  return function setSecurityHeaders(ctx, next) {
    const headers = isApiPath(ctx.path) ? apiHeaders : ctx.path === SSO_REDIRECT_PATH ? ssoReturnHeaders : pageHeaders;
    const res = ctx.res;
    for (const [name, value] of headers) res.setHeader(name, value);
    return next();
  };
}
