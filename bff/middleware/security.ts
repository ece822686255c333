import helmet from 'koa-helmet';
import type { Config } from '../config';
import type { AppMiddleware } from '../types';

/**
 * Security headers for the API and the built dashboard. The policy allows what the SPA needs:
 * its own scripts, MUI's inline styles, images from itself, data: and blob: (previews), and the
 * Microsoft sign-in endpoints used by the single sign-on popup.
 */
export function securityHeaders(config: Pick<Config, 'publicUrl' | 'sso'>): AppMiddleware {
  const identityProvider = config.sso ? [new URL(config.sso.authority).origin] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
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
}
