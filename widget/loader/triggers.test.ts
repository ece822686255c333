import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultDisplayTriggers } from '@domain/survey/defaults';
import type { BehaviorTriggers } from '@domain/survey/types';
import { scrolledPercent, whenTriggered } from './triggers';

const triggers = (overrides: Partial<BehaviorTriggers>): BehaviorTriggers => ({ ...defaultDisplayTriggers().behaviorTriggers, enabled: true, ...overrides });

function pageOf(height: number, viewport = 800) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: viewport });
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  vi.useFakeTimers();
  pageOf(4000);
  scrollTo(0);
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const env = (overrides = {}) => ({ window, pageStartedAt: Date.now(), desktop: true, ...overrides });

describe('behaviour triggers', () => {
  it('shows at once when triggers are off, or on with none configured', () => {
    const fire = vi.fn();
    whenTriggered({ ...triggers({ scrollDepth: 50 }), enabled: false }, env(), fire);
    whenTriggered(triggers({}), env(), fire);
    expect(fire).toHaveBeenCalledTimes(2);
  });

  it('fires on the scroll depth, measured at the bottom of the viewport', () => {
    const fire = vi.fn();
    whenTriggered(triggers({ scrollDepth: 50 }), env(), fire);
    vi.runOnlyPendingTimers();
    scrollTo(1000);
    expect(fire).not.toHaveBeenCalled();
    scrollTo(1200);
    expect(scrolledPercent(window)).toBe(50);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('counts a page shorter than the viewport as seen whole', () => {
    pageOf(600);
    const fire = vi.fn();
    whenTriggered(triggers({ scrollDepth: 90 }), env(), fire);
    vi.runOnlyPendingTimers();
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('fires after the time on page, counted from the start of the page view', () => {
    const fire = vi.fn();
    whenTriggered(triggers({ timeOnPage: 30 }), env({ pageStartedAt: Date.now() - 10_000 }), fire);
    vi.advanceTimersByTime(19_999);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('fires on exit intent: the pointer leaving through the top, on desktops only', () => {
    const fire = vi.fn();
    whenTriggered(triggers({ exitIntent: true }), env(), fire);
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 300, relatedTarget: null }));
    expect(fire).not.toHaveBeenCalled();
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0, relatedTarget: null }));
    expect(fire).toHaveBeenCalledTimes(1);

    // A touch device has no exit gesture: a survey waiting only for one does not show there.
    const onTouch = vi.fn();
    whenTriggered(triggers({ exitIntent: true }), env({ desktop: false }), onTouch);
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0, relatedTarget: null }));
    vi.runAllTimers();
    expect(onTouch).not.toHaveBeenCalled();
  });

  it('fires on a click inside an element matching the selector, even when the page stops the click', () => {
    document.body.innerHTML = '<button class="help"><span>Need help?</span></button><button class="other">Other</button>';
    document.querySelector('.help')?.addEventListener('click', (event) => event.stopPropagation());
    const fire = vi.fn();
    whenTriggered(triggers({ elementClick: '.help' }), env(), fire);
    (document.querySelector('.other') as HTMLElement).click();
    expect(fire).not.toHaveBeenCalled();
    (document.querySelector('.help span') as HTMLElement).click();
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('fires once, on whichever configured trigger comes first, and stops listening', () => {
    document.body.innerHTML = '<a id="pricing" href="#pricing">Pricing</a>';
    const fire = vi.fn();
    whenTriggered(triggers({ scrollDepth: 90, timeOnPage: 60, elementClick: '#pricing' }), env(), fire);
    vi.runOnlyPendingTimers();
    (document.getElementById('pricing') as HTMLElement).click();
    scrollTo(4000);
    vi.advanceTimersByTime(60_000);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('never fires once cancelled, and ignores an invalid selector', () => {
    const fire = vi.fn();
    const cancel = whenTriggered(triggers({ timeOnPage: 5, elementClick: '[[' }), env(), fire);
    document.body.click();
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(fire).not.toHaveBeenCalled();
  });
});
