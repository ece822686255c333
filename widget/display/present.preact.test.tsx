/**
 * The whole widget as it ships (this file runs in the 'widget' Vitest project, where `react` is
 * preact/compat): the loader decides, imports the real second stage, which mounts the survey in a
 * shadow root; the visitor answers and submits against a mocked public API.
 */
import '@testing-library/jest-dom/vitest';
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicSurvey, PublicSurveyBundle } from '@domain/survey/collection';
import { publicBundle, publicSurvey } from '../loader/fixtures';
import { createWidget, type Widget } from '../loader/widget';
import { INLINE_TARGET_WAIT_MS } from './inlineTarget';
import { COMPLETED_EVENT, type CompletionDetail } from './present';
import { SAVE_DELAY_MS } from './session';

const API = 'https://navout.example';
const THANK_YOU = 'Thank you! Your answers have been submitted.';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

let calls: Call[];
let refuseCompletion: string | null;
let widget: Widget | null;
let completions: CompletionDetail[];
const onCompleted = (event: Event) => completions.push((event as CustomEvent<CompletionDetail>).detail);

async function publicApi(url: string, init: RequestInit): Promise<Response> {
  const path = url.replace(`${API}/api/public`, '');
  const body = init.body ? JSON.parse(String(init.body)) : undefined;
  if (init.method !== 'GET') calls.push({ method: String(init.method), path, body });
  if (init.method === 'GET') return Response.json(bundle);
  if (path.endsWith('/displays')) return new Response(null, { status: 204 });
  if (body.complete && refuseCompletion) return Response.json({ error: { code: 'validation', message: refuseCompletion } }, { status: 400 });
  if (init.method === 'POST') return Response.json({ id: 'resp-1', token: 'tok-1', isComplete: body.complete }, { status: 201 });
  return Response.json({ id: 'resp-1', token: 'tok-1', isComplete: body.complete });
}

let bundle: PublicSurveyBundle;

async function start(surveys: PublicSurvey[], extra: Partial<PublicSurveyBundle> = {}) {
  bundle = publicBundle(surveys, extra);
  widget = createWidget(
    {
      companyId: 'company-7',
      apiBase: API,
      script: document.querySelector('script'),
      fallbackTrigger: { triggerType: 'none', callbackName: '', redirectUrl: '' },
      fallbackIdentifierRule: bundle.surveys[0].identifierRule,
    },
    { window, fetch: publicApi as typeof fetch, loadStage: () => import('./index') },
  );
  window.navout = widget.api;
  await widget.start();
}

/** The survey's host, its open shadow root, and queries inside it. */
async function mounted() {
  const host = await waitFor(() => {
    const element = document.querySelector('navout-survey');
    if (!element?.shadowRoot?.querySelector('.nv-root, .nvw-launch')) throw new Error('Not shown yet');
    return element as HTMLElement;
  });
  const root = host.shadowRoot as ShadowRoot;
  return { host, root, view: within(root as unknown as HTMLElement) };
}

const user = () => userEvent.setup();
const bodies = (method: string) => calls.filter((call) => call.method === method && !call.path.endsWith('/displays'));

beforeEach(() => {
  calls = [];
  completions = [];
  refuseCompletion = null;
  vi.spyOn(console, 'debug').mockImplementation(() => {});
  window.addEventListener(COMPLETED_EVENT, onCompleted);
  document.body.innerHTML = '<main><h1>Acme Outdoor</h1><p>Tents and more.</p><button id="before">Menu</button></main><script data-company-id="company-7"></script>';
  history.replaceState(null, '', '/checkout/done');
});

afterEach(() => {
  widget?.api.destroy();
  widget = null;
  window.removeEventListener(COMPLETED_EVENT, onCompleted);
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  // In this order: a spy on a faked setTimeout would otherwise put the fake back.
  vi.restoreAllMocks();
  vi.useRealTimers();
});

// Saves wait for their one-second delay: a busy machine needs more than the default five seconds.
describe('the widget under Preact', { timeout: 20_000 }, () => {
  it('opens an overlay in a shadow root the page styles cannot reach', async () => {
    await start([publicSurvey()]);
    const { host, root, view } = await mounted();
    // Inline and !important: above any page rule (jsdom keeps the priority of some properties only).
    expect(host.style.getPropertyValue('display')).toBe('block');
    expect(host.style.getPropertyPriority('display')).toBe('important');
    expect(host.style.getPropertyValue('position')).toBe('fixed');
    expect(host.style.getPropertyValue('z-index')).toBe('2147483647');
    const dialog = view.getByRole('dialog', { name: 'Quick feedback' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(root.activeElement).toBe(dialog));
    // Where constructed stylesheets are missing (jsdom), a marked <style> in the shadow root.
    expect(root.querySelectorAll('style[data-nv-styles]')).toHaveLength(2);
    expect(document.head.querySelector('style')).toBeNull();
    expect(calls).toEqual([{ method: 'POST', path: '/surveys/survey-1/displays', body: { visitorId: expect.any(String), outcome: 'shown' } }]);
  });

  it('starts the response on the first answer, continues it, completes it, and announces it once', async () => {
    const callback = vi.fn();
    Object.assign(window, { onNavoutSurvey: callback });
    await start([publicSurvey()], { trigger: { triggerType: 'callback', callbackName: 'onNavoutSurvey', redirectUrl: '' } });
    const { view } = await mounted();
    const visitor = user();

    await visitor.click(view.getByRole('radio', { name: '2' }));
    await waitFor(() => expect(bodies('POST')).toHaveLength(1), { timeout: 3000 });
    const visitorId = JSON.parse(localStorage.getItem('navout:vid') as string);
    expect(bodies('POST')[0]).toEqual({
      method: 'POST',
      path: '/surveys/survey-1/responses',
      body: {
        visitorId,
        answers: { rating: 2 },
        identifiers: {},
        deviceType: 'desktop',
        pageUrl: 'http://localhost:3000/checkout/done',
        startedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        complete: false,
      },
    });

    await visitor.type(view.getByRole('textbox', { name: 'What was missing?' }), 'A size guide');
    await waitFor(() => expect(bodies('PATCH')).toHaveLength(1), { timeout: 3000 });
    expect(bodies('PATCH')[0]).toEqual({ method: 'PATCH', path: '/responses/resp-1', body: { token: 'tok-1', answers: { rating: 2, missing: 'A size guide' }, complete: false } });

    // The clock is the test's from here (moving with real time for the clicks): a save the last
    // changes left waiting would be due by the end.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    // A better rating hides the follow-up: its answer is no longer sent.
    await visitor.click(view.getByRole('radio', { name: '5' }));
    await visitor.click(view.getByRole('radio', { name: 'Yes' }));
    await visitor.click(view.getByRole('button', { name: 'Submit' }));
    expect(await view.findByText(THANK_YOU)).toBeInTheDocument();
    const completion = bodies('PATCH').at(-1);
    expect(completion).toEqual({ method: 'PATCH', path: '/responses/resp-1', body: { token: 'tok-1', answers: { rating: 5, recommend: 'yes' }, complete: true } });
    expect(bodies('POST')).toHaveLength(1);

    const detail = { surveyId: 'survey-1', responseId: 'resp-1', answers: { rating: 5, recommend: 'yes' } };
    expect(completions).toEqual([detail]);
    expect(callback).toHaveBeenCalledWith(detail);
    // No save waits behind the completion.
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);
    expect(bodies('PATCH').at(-1)).toBe(completion);
    delete (window as unknown as Record<string, unknown>).onNavoutSurvey;
  });

  it('completes with one POST when the visitor submits before the first save', async () => {
    await start([publicSurvey()]);
    const { view } = await mounted();
    const visitor = user();
    await visitor.click(view.getByRole('radio', { name: '4' }));
    await visitor.click(view.getByRole('button', { name: 'Submit' }));
    expect(await view.findByText(THANK_YOU)).toBeInTheDocument();
    expect(calls.filter((call) => !call.path.endsWith('/displays'))).toEqual([
      { method: 'POST', path: '/surveys/survey-1/responses', body: expect.objectContaining({ answers: { rating: 4 }, complete: true }) },
    ]);
    expect(completions).toHaveLength(1);
  });

  it('says in its one POST when the overlay opened, so a survey answered all at once has a real completion time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T09:00:00.000Z'));
    await start([publicSurvey()]);
    const { view } = await mounted();
    const shownAt = new Date().toISOString();
    // The visitor reads and answers for a minute and a half, then submits before the first save.
    vi.setSystemTime(new Date(Date.parse(shownAt) + 95_000));
    const visitor = user();
    await visitor.click(view.getByRole('radio', { name: '4' }));
    await visitor.click(view.getByRole('button', { name: 'Submit' }));
    expect(await view.findByText(THANK_YOU)).toBeInTheDocument();
    const [post] = bodies('POST');
    expect(bodies('POST')).toHaveLength(1);
    const body = post!.body as { startedAt: string; sentAt: string; complete: boolean };
    expect(body.complete).toBe(true);
    expect(body.startedAt).toBe(shownAt);
    expect(Date.parse(body.sentAt) - Date.parse(body.startedAt)).toBeGreaterThanOrEqual(95_000);
  });

  it('counts an inline survey from when it came into view, not from when it was put on the page', async () => {
    const observers: Array<{ callback: IntersectionObserverCallback; target: Element | null; disconnected: boolean }> = [];
    class FakeObserver {
      record: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.record = { callback, target: null, disconnected: false };
        observers.push(this.record);
      }
      observe(target: Element) {
        this.record.target = target;
      }
      disconnect() {
        this.record.disconnected = true;
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T09:00:00.000Z'));
    await start([publicSurvey({ widget: { displayMode: 'inline' } })]);
    const { host, view } = await mounted();
    const watcher = observers.find((observer) => observer.target === host);
    expect(watcher).toBeDefined();

    // Read down the page for five minutes; the survey then scrolls into view.
    vi.setSystemTime(new Date('2026-03-01T09:05:00.000Z'));
    watcher!.callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver);
    vi.setSystemTime(new Date('2026-03-01T09:06:00.000Z'));
    watcher!.callback([{ isIntersecting: true, target: host } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(watcher!.disconnected).toBe(true);

    vi.setSystemTime(new Date('2026-03-01T09:07:30.000Z'));
    const visitor = user();
    await visitor.click(view.getByRole('radio', { name: '5' }));
    await visitor.click(view.getByRole('button', { name: 'Submit' }));
    expect(await view.findByText(THANK_YOU)).toBeInTheDocument();
    expect(bodies('POST')[0]!.body).toMatchObject({ startedAt: '2026-03-01T09:06:00.000Z', complete: true });
    vi.unstubAllGlobals();
  });

  it('shows the server reason when it refuses the answers, and keeps them', async () => {
    refuseCompletion = 'Answer to "What was missing?" is too long (at most 1000 characters).';
    await start([publicSurvey()]);
    const { view } = await mounted();
    const visitor = user();
    await visitor.click(view.getByRole('radio', { name: '1' }));
    await visitor.type(view.getByRole('textbox', { name: 'What was missing?' }), 'Everything');
    await visitor.click(view.getByRole('button', { name: 'Submit' }));

    const alerts = await view.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Your answers could not be sent. Please try again.', refuseCompletion]);
    expect(view.getByRole('textbox', { name: 'What was missing?' })).toHaveValue('Everything');
    expect(completions).toEqual([]);

    // Changing an answer clears the reason; a later submit that passes completes.
    refuseCompletion = null;
    await visitor.type(view.getByRole('textbox', { name: 'What was missing?' }), '!');
    expect(view.getByText(/is too long/)).not.toBeVisible();
    await visitor.click(view.getByRole('button', { name: 'Submit' }));
    expect(await view.findByText(THANK_YOU)).toBeInTheDocument();
    expect(completions).toHaveLength(1);
  });

  it('closes on Escape and gives focus back, keeping Tab inside the dialog while open', async () => {
    await start([publicSurvey({ widget: { displayMode: 'button' } })]);
    const launcher = await mounted();
    const button = launcher.view.getByRole('button', { name: 'Take Survey' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    button.focus();
    await user().click(button);

    const overlay = await waitFor(() => {
      const host = [...document.querySelectorAll('navout-survey')].find((element) => element.shadowRoot?.querySelector('[role="dialog"]'));
      if (!host?.shadowRoot) throw new Error('No dialog yet');
      return { root: host.shadowRoot, view: within(host.shadowRoot as unknown as HTMLElement) };
    });
    const close = overlay.view.getByRole('button', { name: 'Close survey' });
    const submit = await overlay.view.findByRole('button', { name: 'Submit' });
    submit.focus();
    submit.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }));
    expect(overlay.root.activeElement).toBe(close);
    close.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, cancelable: true }));
    expect(overlay.root.activeElement).toBe(submit);

    submit.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    await waitFor(() => expect(overlay.root.host.isConnected).toBe(false));
    // Button mode keeps its button until the survey is completed; focus is back on it.
    expect(launcher.host.isConnected).toBe(true);
    expect(launcher.root.activeElement).toBe(button);
  });

  it('puts an inline survey right after the embed script', async () => {
    await start([publicSurvey({ widget: { displayMode: 'inline' } })]);
    const { host, view } = await mounted();
    expect(host.previousElementSibling).toBe(document.querySelector('script[data-company-id]'));
    expect(host.style.getPropertyValue('position')).toBe('relative');
    expect(view.queryByRole('dialog')).not.toBeInTheDocument();
    expect(view.getByRole('heading', { name: 'Quick feedback' })).toBeInTheDocument();
  });

  it("waits for an inline survey's target element, which a single-page app renders late", async () => {
    const waits = vi.spyOn(window, 'setTimeout');
    await start([publicSurvey({ widget: { displayMode: 'inline', inlineTarget: '#feedback' } })]);
    // The second stage has the survey and watches the page for its target.
    await waitFor(() => expect(waits).toHaveBeenCalledWith(expect.any(Function), INLINE_TARGET_WAIT_MS));
    expect(document.querySelector('navout-survey')).toBeNull();
    expect(calls).toEqual([]);

    document.querySelector('main')?.insertAdjacentHTML('beforeend', '<section id="feedback"></section>');
    const { host, view } = await mounted();
    expect(host.parentElement?.id).toBe('feedback');
    expect(view.getByRole('heading', { name: 'Quick feedback' })).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: '/surveys/survey-1/displays', body: { visitorId: expect.any(String), outcome: 'shown' } }]);
  });

  it('gives up on an inline target that has not appeared after 10 s, saying so at debug level', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const waits = vi.spyOn(window, 'setTimeout');
    await start([publicSurvey({ widget: { displayMode: 'inline', inlineTarget: '#feedback' } })]);
    await vi.waitFor(() => expect(waits).toHaveBeenCalledWith(expect.any(Function), INLINE_TARGET_WAIT_MS));
    vi.advanceTimersByTime(INLINE_TARGET_WAIT_MS);
    // eslint-disable-next-line no-console -- the level the widget logs at
    expect(vi.mocked(console.debug)).toHaveBeenCalledWith('[navout]', 'inline target "#feedback" not found');

    document.querySelector('main')?.insertAdjacentHTML('beforeend', '<section id="feedback"></section>');
    await Promise.resolve();
    expect(document.querySelector('navout-survey')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('never shows an inline survey that left the page (navigation, destroy) before its target appeared', async () => {
    const waits = vi.spyOn(window, 'setTimeout');
    const onCheckout = { enabled: true, urlPatterns: ['/checkout'], matchType: 'starts-with' as const };
    await start([
      publicSurvey({ id: 'navigated', widget: { displayMode: 'inline', inlineTarget: '#feedback' }, triggers: { pageTargeting: onCheckout } }),
      publicSurvey({ id: 'destroyed', widget: { displayMode: 'inline', inlineTarget: '#later' } }),
    ]);
    const targetWaits = () => waits.mock.results.filter((_, index) => waits.mock.calls[index]![1] === INLINE_TARGET_WAIT_MS).map((result) => result.value as number);
    await waitFor(() => expect(targetWaits()).toHaveLength(2));
    const clears = vi.spyOn(window, 'clearTimeout');
    const stoppedWaits = () => targetWaits().filter((timer) => clears.mock.calls.some(([cleared]) => cleared === timer));
    const main = document.querySelector('main') as HTMLElement;
    // The page's mutations reach the observers in microtasks: let every one of them run.
    const observersRan = async () => {
      for (let round = 0; round < 5; round += 1) await Promise.resolve();
    };

    history.pushState(null, '', '/account');
    expect(stoppedWaits()).toHaveLength(1);
    main.insertAdjacentHTML('beforeend', '<section id="feedback"></section>');
    await observersRan();
    expect(document.querySelector('navout-survey')).toBeNull();

    widget?.api.destroy();
    expect(stoppedWaits()).toHaveLength(2);
    main.insertAdjacentHTML('beforeend', '<section id="later"></section>');
    await observersRan();
    expect(document.querySelector('navout-survey')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('renders survey text as text, never as markup', async () => {
    const title = '<img src=x onerror="window.hacked=1">Quick feedback';
    const base = publicSurvey();
    await start([publicSurvey({ survey: { ...base.survey, title } })]);
    const { root, view } = await mounted();
    expect(view.getByRole('dialog', { name: title })).toBeInTheDocument();
    expect(root.querySelector('img')).toBeNull();
  });
});
