import { createHash } from 'node:crypto';
import helmet from 'koa-helmet';
import { SSO_REDIRECT_PATH } from '@domain/auth/sso';
import type { Config } from '../config';
import type { AppMiddleware } from '../types';

/**
 * Security headers for the API and the built dashboard. The policy allows what the SPA needs:
 * its own scripts, MUI's inline styles, images from itself, data: and blob: (previews), and the
 * Microsoft sign-in endpoints used by the single sign-on popup.
 */
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

export function securityHeaders(config: Pick<Config, 'publicUrl' | 'sso'>, scriptHashes: string[] = []): AppMiddleware {
  const identityProvider = config.sso ? [new URL(config.sso.authority).origin] : [];
  const headers = helmet({
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
  }) as AppMiddleware;
  return async function securityHeadersFor(ctx, next) {
    await headers(ctx, async () => {
      if (ctx.path === SSO_REDIRECT_PATH) ctx.res.removeHeader('Cross-Origin-Opener-Policy');
      await next();
    });
  };
}
