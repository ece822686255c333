import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicSurveyBundle } from '@domain/survey/collection';
import type { PresentOptions, Presented } from '../display/present';
import { inHoldout } from './decide';
import { publicBundle, publicSurvey } from './fixtures';
import { STORAGE_KEYS } from './storage';
import { createWidget, type Widget, type WidgetConfig } from './widget';

const API = 'https://navout.example';

const config: WidgetConfig = {
  companyId: 'company-7',
  apiBase: API,
  script: null,
  fallbackTrigger: { triggerType: 'none', callbackName: '', redirectUrl: '' },
  fallbackIdentifierRule: { requireIdentifier: false, identifierTypes: ['email'], identifierFields: { email: 'user_email', uuid: 'user_id', custom: 'custom_field' } },
};

interface Presentation {
  options: PresentOptions;
  closed: boolean;
  answered: boolean;
}

let presentations: Presentation[];
let fetchMock: ReturnType<typeof vi.fn>;
let widgets: Widget[];

function serve(bundle: PublicSurveyBundle | null) {
  fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    if (init.method === 'GET') return bundle ? Response.json(bundle) : Response.json({ error: { code: 'not_found', message: 'Unknown company' } }, { status: 404 });
    return new Response(null, { status: 204 });
  });
}

/** A page load: a new widget over the same storage. */
async function load(options: { random?: () => number } = {}) {
  const widget = createWidget(config, {
    window,
    fetch: fetchMock as unknown as typeof fetch,
    random: options.random,
    loadStage: async () => ({
      presentSurvey: (presentOptions: PresentOptions): Presented => {
        const presentation: Presentation = { options: presentOptions, closed: false, answered: false };
        presentations.push(presentation);
        return { close: () => (presentation.closed = true), answered: () => presentation.answered, flush: () => {} };
      },
    }),
  });
  widgets.push(widget);
  window.navout = widget.api;
  await widget.start();
  return widget;
}

const posts = () =>
  fetchMock.mock.calls.filter(([, init]) => init.method === 'POST').map(([url, init]) => ({ url: String(url).replace(API, ''), body: JSON.parse(init.body) }));

const shownIds = () => presentations.map((presentation) => presentation.options.survey.id);

async function settled() {
  // The second stage loads asynchronously (a resolved promise here).
  for (let round = 0; round < 5; round += 1) await Promise.resolve();
}

/** A new browser session: the same localStorage, a fresh sessionStorage. */
function newSession() {
  widgets.splice(0).forEach((widget) => widget.api.destroy());
  sessionStorage.clear();
}

beforeEach(() => {
  // The loader's debug lines (why a survey is not shown) would only clutter the output.
  vi.spyOn(console, 'debug').mockImplementation(() => {});
  presentations = [];
  widgets = [];
  history.replaceState(null, '', '/checkout/done?order=77');
});

afterEach(() => {
  widgets.splice(0).forEach((widget) => widget.api.destroy());
  sessionStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the loader', () => {
  it('fetches the company surveys without credentials and hands a passing survey to the second stage', async () => {
    serve(publicBundle([publicSurvey({ id: 'checkout' })]));
    await load();
    expect(fetchMock).toHaveBeenCalledWith(`${API}/api/public/companies/company-7/surveys`, expect.objectContaining({ method: 'GET', mode: 'cors', credentials: 'omit' }));
    await settled();
    expect(shownIds()).toEqual(['checkout']);
    const { options } = presentations[0];
    const visitorId = JSON.parse(localStorage.getItem(STORAGE_KEYS.visitorId) as string);
    expect(options.visitor()).toEqual({ visitorId, identifiers: {}, deviceType: 'desktop', pageUrl: 'http://localhost:3000/checkout/done' });
    expect(options.forced).toBe(false);
    expect(options.trigger.triggerType).toBe('event');

    options.onShown();
    expect(posts()).toEqual([{ url: '/api/public/surveys/checkout/displays', body: { visitorId, outcome: 'shown' } }]);
    const seen = JSON.parse(localStorage.getItem(STORAGE_KEYS.seen) as string);
    expect(Object.keys(seen).sort()).toEqual(['checkout', 'company:company-7']);
  });

  it('measures a phone by the narrower of viewport and screen (a page without a viewport tag is 980 px wide)', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)' }));
    const viewport = vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(980);
    const screenWidth = vi.spyOn(window.screen, 'width', 'get').mockReturnValue(390);
    serve(publicBundle([publicSurvey({ id: 'desktop', triggers: { deviceTarget: 'desktop-only' } }), publicSurvey({ id: 'phones', widget: { displayMode: 'inline' }, triggers: { deviceTarget: 'mobile-only' } })]));
    await load();
    await settled();
    expect(shownIds()).toEqual(['phones']);
    expect(presentations[0].options.visitor().deviceType).toBe('mobile');
    screenWidth.mockReturnValue(1024);
    viewport.mockReturnValue(1024);
    expect(presentations[0].options.visitor().deviceType).toBe('tablet');
  });

  it('shows one overlay or button at a time, and inline surveys beside it', async () => {
    serve(
      publicBundle([
        publicSurvey({ id: 'first-overlay' }),
        publicSurvey({ id: 'second-button', widget: { displayMode: 'button' } }),
        publicSurvey({ id: 'inline', widget: { displayMode: 'inline' } }),
      ]),
    );
    await load();
    await settled();
    expect(shownIds()).toEqual(['first-overlay', 'inline']);
  });

  it('hands an inline survey to the second stage at once: the stage waits for its target element', async () => {
    serve(publicBundle([publicSurvey({ id: 'inline', widget: { displayMode: 'inline', inlineTarget: '#rendered-later' } })]));
    await load();
    await settled();
    expect(document.querySelector('#rendered-later')).toBeNull();
    expect(shownIds()).toEqual(['inline']);
  });

  it('holds a visitor out for good, recording the holdout once', async () => {
    const heldOut = Array.from({ length: 100 }, (_, index) => `visitor-${index}`).find((id) => inHoldout(30, id, 'experiment')) as string;
    localStorage.setItem(STORAGE_KEYS.visitorId, JSON.stringify(heldOut));
    serve(publicBundle([publicSurvey({ id: 'experiment', triggers: { holdoutPercentage: 30 } })]));
    await load();
    newSession();
    await load();
    await settled();
    expect(presentations).toEqual([]);
    expect(posts()).toEqual([{ url: '/api/public/surveys/experiment/displays', body: { visitorId: heldOut, outcome: 'holdout' } }]);
  });

  it('keeps a session-based sampling decision for the whole session', async () => {
    serve(publicBundle([publicSurvey({ triggers: { showPercentage: 50, percentageMethod: 'session-based' } })]));
    await load({ random: () => 0.9 });
    await load({ random: () => 0.1 });
    await settled();
    expect(presentations).toEqual([]);
    newSession();
    await load({ random: () => 0.1 });
    await settled();
    expect(shownIds()).toEqual(['survey-1']);
  });

  it('rolls random sampling again on every page view', async () => {
    serve(publicBundle([publicSurvey({ triggers: { showPercentage: 50, percentageMethod: 'random' } })]));
    await load({ random: () => 0.9 });
    await load({ random: () => 0.1 });
    await settled();
    expect(presentations).toHaveLength(1);
  });

  it('counts a visitor as new for the whole first session and returning afterwards', async () => {
    serve(publicBundle([publicSurvey({ triggers: { userSegmentation: { enabled: true, visitorType: 'returning', geography: '', referrer: '' } } })]));
    await load();
    await load();
    await settled();
    expect(presentations).toEqual([]);
    newSession();
    await load();
    await settled();
    expect(presentations).toHaveLength(1);
  });

  it('keeps the company cooldown across surveys and page loads', async () => {
    serve(publicBundle([publicSurvey({ id: 'first' }), publicSurvey({ id: 'second', widget: { displayMode: 'inline' } })], { cooldownDays: 7 }));
    await load();
    await settled();
    presentations.forEach((presentation) => presentation.options.onShown());
    newSession();
    presentations = [];
    await load();
    await settled();
    expect(presentations).toEqual([]);
  });

  it('does not offer a completed survey again on a later page load, unless the survey shows after completion', async () => {
    serve(publicBundle([publicSurvey({ id: 'once' }), publicSurvey({ id: 'recurring', widget: { displayMode: 'inline' }, triggers: { showAfterCompletion: true } })]));
    await load();
    await settled();
    expect(shownIds()).toEqual(['once', 'recurring']);
    presentations.forEach((presentation) => presentation.options.onCompleted({ surveyId: presentation.options.survey.id, responseId: `r-${presentation.options.survey.id}`, answers: {} }));
    const seen = JSON.parse(localStorage.getItem(STORAGE_KEYS.seen) as string);
    expect(Object.keys(seen)).toEqual(expect.arrayContaining(['done:once', 'done:recurring']));
    newSession();
    presentations = [];
    await load();
    await settled();
    expect(shownIds()).toEqual(['recurring']);
  });

  it('a survey only shown, not completed, is offered again once its cooldown allows', async () => {
    serve(publicBundle([publicSurvey({ id: 'once' })]));
    await load();
    await settled();
    presentations[0].options.onShown();
    newSession();
    presentations = [];
    await load();
    await settled();
    expect(shownIds()).toEqual(['once']);
  });

  it('does not show again on this page a survey closed by the visitor', async () => {
    serve(publicBundle([publicSurvey()]));
    const widget = await load();
    await settled();
    presentations[0].options.onClosed();
    widget.api.identify({ user_email: 'ana@example.com' });
    history.pushState(null, '', '/checkout/again');
    await settled();
    expect(presentations).toHaveLength(1);
  });

  it('waits for identifiers when they are required, and re-checks on identify()', async () => {
    serve(publicBundle([publicSurvey({ identifierRule: { requireIdentifier: true, identifierTypes: ['email'], identifierFields: { email: 'user_email', uuid: '', custom: '' } } })]));
    const widget = await load();
    await settled();
    expect(presentations).toEqual([]);
    widget.api.identify({ user_email: 'ana@example.com' });
    await settled();
    expect(presentations[0].options.visitor().identifiers).toEqual({ user_email: 'ana@example.com' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.identifiers) as string)).toEqual({ user_email: 'ana@example.com' });
  });

  it('shows a survey on navout.show() whatever its targeting, and says false for an unknown one', async () => {
    serve(publicBundle([publicSurvey({ id: 'pricing', triggers: { pageTargeting: { enabled: true, matchType: 'contains', urlPatterns: ['/pricing'] } } })]));
    const widget = await load();
    await settled();
    expect(presentations).toEqual([]);
    await expect(widget.api.show('pricing')).resolves.toBe(true);
    await expect(widget.api.show('missing')).resolves.toBe(false);
    await settled();
    expect(presentations.map(({ options }) => [options.survey.id, options.forced])).toEqual([['pricing', true]]);
  });

  it('runs calls pushed as commands', async () => {
    serve(publicBundle([publicSurvey({ identifierRule: { requireIdentifier: true } })]));
    const widget = await load();
    widget.api.push(['identify', { user_email: 'ana@example.com' }]);
    widget.api.push(['push', ['identify', {}]]);
    await settled();
    expect(presentations).toHaveLength(1);
  });

  it('forgets the visitor on reset() and closes what is open', async () => {
    serve(publicBundle([publicSurvey()]));
    const widget = await load();
    await settled();
    widget.api.identify({ user_email: 'ana@example.com' });
    presentations[0].options.onShown();
    const firstVisitor = localStorage.getItem(STORAGE_KEYS.visitorId);
    widget.api.reset();
    expect(presentations[0].closed).toBe(true);
    for (const key of [STORAGE_KEYS.visitorId, STORAGE_KEYS.identifiers, STORAGE_KEYS.seen]) expect(localStorage.getItem(key)).toBeNull();
    await widget.api.show('survey-1');
    await settled();
    expect(presentations[1].options.visitor().visitorId).not.toBe(JSON.parse(firstVisitor as string));
  });

  it('stops on destroy(): surveys closed, history given back, window.navout removed', async () => {
    const pushState = history.pushState;
    serve(publicBundle([publicSurvey()]));
    const widget = await load();
    await settled();
    expect(history.pushState).not.toBe(pushState);
    widget.api.destroy();
    expect(presentations[0].closed).toBe(true);
    expect(history.pushState).toBe(pushState);
    expect(window.navout).toBeUndefined();
  });

  it('stays silent when the surveys cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const debug = vi.mocked(console.debug); // eslint-disable-line no-console -- the level the widget logs at
    serve(null);
    const widget = await load();
    await expect(widget.api.show('survey-1')).resolves.toBe(false);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledWith('[navout]', 'surveys could not be loaded', expect.any(Error));
  });

  it('stays silent when the second stage fails to present a survey', async () => {
    const debug = vi.mocked(console.debug); // eslint-disable-line no-console -- the level the widget logs at
    serve(publicBundle([publicSurvey({ id: 'checkout' })]));
    const failing = new Error('the renderer failed');
    const widget = createWidget(config, {
      window,
      fetch: fetchMock as unknown as typeof fetch,
      loadStage: async () => ({
        presentSurvey: () => {
          throw failing;
        },
      }),
    });
    widgets.push(widget);
    await widget.start();
    await settled();
    expect(debug).toHaveBeenCalledWith('[navout]', 'surveys could not be loaded', failing);
    // Not left half-shown: navout.show() can try it again.
    await expect(widget.api.show('checkout')).resolves.toBe(true);
  });
});

describe('the loader in a single-page app', () => {
  const onCheckout = { enabled: true, matchType: 'contains' as const, urlPatterns: ['/checkout'] };

  it('cancels a pending show when the visitor navigates to a page that does not match', async () => {
    vi.useFakeTimers();
    serve(publicBundle([publicSurvey({ triggers: { pageTargeting: onCheckout, behaviorTriggers: { enabled: true, scrollDepth: 0, timeOnPage: 10, exitIntent: false, elementClick: '' } } })]));
    await load();
    vi.advanceTimersByTime(5000);
    history.pushState(null, '', '/home');
    vi.advanceTimersByTime(10_000);
    await settled();
    expect(presentations).toEqual([]);

    // A matching page is a new page view: its own ten seconds.
    history.pushState(null, '', '/checkout/payment');
    vi.advanceTimersByTime(9000);
    await settled();
    expect(presentations).toEqual([]);
    vi.advanceTimersByTime(1000);
    await settled();
    expect(presentations).toHaveLength(1);
  });

  it('closes a shown survey on a page that does not match, unless the visitor has started answering', async () => {
    serve(
      publicBundle([
        publicSurvey({ id: 'overlay', triggers: { pageTargeting: onCheckout } }),
        publicSurvey({ id: 'inline', widget: { displayMode: 'inline' }, triggers: { pageTargeting: onCheckout } }),
      ]),
    );
    await load();
    await settled();
    const [overlay, inline] = presentations;
    inline.answered = true;
    history.pushState(null, '', '/home');
    expect(overlay.closed).toBe(true);
    expect(inline.closed).toBe(false);
    // Back on a matching page, the closed one shows again (it was not dismissed by the visitor).
    history.replaceState(null, '', '/checkout');
    await settled();
    expect(shownIds()).toEqual(['overlay', 'inline', 'overlay']);
  });
});

describe('the loader with audience targeting', () => {
  const inHighValue = { audienceTargeting: { enabled: true, kind: 'category' as const, id: 'high-value' } };
  const membershipUrl = '/api/public/surveys/vip/audience-membership';

  /** The bundle, and the server's membership answer (a Response, or a thrown network failure). */
  function serveAudience(answer: () => Response) {
    fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'GET') return Response.json(publicBundle([publicSurvey({ id: 'vip', triggers: inHighValue })]));
      if (String(url).endsWith('/audience-membership')) return answer();
      return new Response(null, { status: 204 });
    });
  }

  const membershipCalls = () => posts().filter((call) => call.url === membershipUrl);

  /** The membership question has been answered and whatever it started has run. */
  async function answered() {
    await vi.waitFor(() => expect(membershipCalls().length).toBeGreaterThan(0));
    for (let round = 0; round < 3; round += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    await settled();
  }

  it("shows the survey once the server says the identified visitor is in the audience, sending only the embed code's company and the identifiers", async () => {
    vi.stubGlobal('navoutUser', { user_email: 'ana@example.com' });
    serveAudience(() => Response.json({ member: true }));
    await load();
    await answered();
    expect(shownIds()).toEqual(['vip']);
    expect(membershipCalls()).toEqual([{ url: membershipUrl, body: { companyId: 'company-7', identifiers: { user_email: 'ana@example.com' } } }]);
  });

  it('does not show it when the server says no', async () => {
    vi.stubGlobal('navoutUser', { user_email: 'ana@example.com' });
    serveAudience(() => Response.json({ member: false }));
    await load();
    await answered();
    expect(presentations).toEqual([]);
  });

  it('does not show it when the question fails: an error status or no answer at all', async () => {
    vi.stubGlobal('navoutUser', { user_email: 'ana@example.com' });
    serveAudience(() => Response.json({ error: 'Internal error', message: 'Something went wrong.', code: 'internal' }, { status: 500 }));
    await load();
    await answered();
    expect(presentations).toEqual([]);

    newSession();
    serveAudience(() => {
      throw new TypeError('Failed to fetch');
    });
    await load();
    await answered();
    expect(presentations).toEqual([]);
  });

  it('asks nothing for a visitor without identifiers, and asks once the page identifies them', async () => {
    serveAudience(() => Response.json({ member: true }));
    const widget = await load();
    await settled();
    expect(membershipCalls()).toEqual([]);
    expect(presentations).toEqual([]);
    // eslint-disable-next-line no-console -- the level the widget logs at
    expect(vi.mocked(console.debug)).toHaveBeenCalledWith('[navout]', 'survey vip not shown:', 'audience');

    widget.api.identify({ user_email: 'ben@example.com' });
    await answered();
    expect(shownIds()).toEqual(['vip']);
    expect(membershipCalls().map((call) => call.body.identifiers)).toEqual([{ user_email: 'ben@example.com' }]);
  });

  it('asks once per page view and survey, and again on the next page view', async () => {
    vi.stubGlobal('navoutUser', { user_email: 'ana@example.com' });
    serveAudience(() => Response.json({ member: false }));
    const widget = await load();
    await answered();
    widget.api.identify({ user_email: 'ana@example.com' });
    widget.api.identify({ custom_field: 'x' });
    await settled();
    expect(membershipCalls()).toHaveLength(1);

    history.pushState(null, '', '/checkout/again');
    await vi.waitFor(() => expect(membershipCalls()).toHaveLength(2));
    expect(presentations).toEqual([]);
  });
});
