import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchUrl } from './urlWatch';

afterEach(() => history.replaceState(null, '', '/'));

describe('watchUrl', () => {
  it('reports pushState, replaceState, popstate and hashchange changes of the address, once each', () => {
    const changes: string[] = [];
    const stop = watchUrl(window, (url) => changes.push(new URL(url).pathname + new URL(url).hash));
    history.pushState({ step: 1 }, '', '/products');
    history.replaceState(null, '', '/products');
    history.replaceState(null, '', '/products/tent');
    history.pushState(null, '', '/products/tent#reviews');
    window.dispatchEvent(new PopStateEvent('popstate'));
    stop();
    expect(changes).toEqual(['/products', '/products/tent', '/products/tent#reviews']);
    expect(history.state).toBeNull();
  });

  it('keeps the page navigation working and restores the originals', () => {
    const original = history.pushState;
    const stop = watchUrl(window, () => {
      throw new Error('a failing re-evaluation');
    });
    expect(history.pushState).not.toBe(original);
    expect(() => history.pushState({ page: 2 }, '', '/page-2')).not.toThrow();
    expect(location.pathname).toBe('/page-2');
    expect(history.state).toEqual({ page: 2 });
    stop();
    expect(history.pushState).toBe(original);
  });

  it('leaves a wrapper added after its own in place, and goes quiet', () => {
    const onChange = vi.fn();
    const stop = watchUrl(window, onChange);
    const ours = history.pushState;
    const theirs = function (this: History, ...args: Parameters<History['pushState']>) {
      return ours.apply(this, args);
    };
    history.pushState = theirs;
    stop();
    expect(history.pushState).toBe(theirs);
    history.pushState(null, '', '/later');
    expect(onChange).not.toHaveBeenCalled();
    history.pushState = Object.getPrototypeOf(history).pushState;
  });
});
