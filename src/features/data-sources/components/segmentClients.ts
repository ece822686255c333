/**
 * How Segment's and RudderStack's own libraries are set up to send to a pushed source: its ingestion
 * URL is the base of Segment's HTTP Tracking API (/v1/batch, /v1/track…) and its secret is the
 * write key. Each snippet uses only the options the library documents.
 */

export const CLIENT_SETUP_LABELS = {
  heading: 'Send with Segment or RudderStack libraries',
  intro: 'Use the ingestion secret as the write key. The libraries send to the ingestion URL as they would to Segment.',
  tabs: 'Client library',
  copy: 'Copy configuration',
} as const;

export type ClientSetupId = 'node' | 'browser' | 'rudder' | 'curl';

export interface ClientSetup {
  id: ClientSetupId;
  label: string;
  code: string;
}

/** The parts of an ingestion URL the libraries take: origin, path, and host + path without the scheme. */
export function ingestBase(url: string): { origin: string; path: string; apiHost: string; protocol: 'http' | 'https' } {
  const parsed = new URL(url);
  const path = parsed.pathname.replace(/\/+$/, '');
  return { origin: parsed.origin, path, apiHost: `${parsed.host}${path}/v1`, protocol: parsed.protocol === 'http:' ? 'http' : 'https' };
}

/** One configuration per library, with the source's real URL and write key. */
export function clientSetups(url: string, writeKey: string): ClientSetup[] {
  const { origin, path, apiHost, protocol } = ingestBase(url);
  const base = `${origin}${path}`;
  const key = JSON.stringify(writeKey).slice(1, -1);
  return [
    {
      id: 'node',
      label: 'Node.js',
      code: [
        "import { Analytics } from '@segment/analytics-node';",
        '',
        '// Segment\'s Node library: its batches go to host + path.',
        'const analytics = new Analytics({',
        `  writeKey: '${key}',`,
        `  host: '${origin}',`,
        `  path: '${path}/v1/batch',`,
        '});',
        '',
        "analytics.track({ userId: 'u-1001', event: 'Order Completed', properties: { revenue: 42.5 } });",
        'await analytics.closeAndFlush();',
      ].join('\n'),
    },
    {
      id: 'browser',
      label: 'Browser',
      code: [
        "import { AnalyticsBrowser } from '@segment/analytics-next';",
        '',
        '// analytics.js: the settings are given here, so nothing is read from Segment\'s CDN.',
        'export const analytics = AnalyticsBrowser.load(',
        `  { writeKey: '${key}', cdnSettings: { integrations: { 'Segment.io': { apiKey: '${key}' } } } },`,
        `  { integrations: { 'Segment.io': { apiHost: '${apiHost}', protocol: '${protocol}' } } },`,
        ');',
        '',
        "analytics.track('Signed Up', { plan: 'pro' });",
      ].join('\n'),
    },
    {
      id: 'rudder',
      label: 'RudderStack',
      code: [
        "import Analytics from '@rudderstack/rudder-sdk-node';",
        '',
        '// RudderStack\'s Node library posts to dataPlaneUrl + /v1/batch.',
        `const analytics = new Analytics('${key}', { dataPlaneUrl: '${base}' });`,
        '',
        "analytics.track({ userId: 'u-1001', event: 'Order Completed', properties: { revenue: 42.5 } });",
        'await analytics.flush();',
      ].join('\n'),
    },
    {
      id: 'curl',
      label: 'cURL',
      code: [
        `curl -X POST '${base}/v1/track' \\`,
        `  -u '${writeKey}:' \\`,
        "  -H 'Content-Type: application/json' \\",
        `  -d '${JSON.stringify({ userId: 'u-1001', event: 'Order Completed', properties: { revenue: 42.5 } })}'`,
      ].join('\n'),
    },
  ];
}
