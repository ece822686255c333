import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NavoutApi } from '../loader/globals';
import { NavoutSurveys } from './NavoutSurveys';

const API = 'https://navout.example';
const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[data-navout-react]')];
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function runningWidget(): NavoutApi {
  const api: NavoutApi = { show: vi.fn(), identify: vi.fn(), reset: vi.fn(), destroy: vi.fn(), push: vi.fn((command) => (api[command[0] as 'destroy'] as () => void)(...(command.slice(1) as []))) };
  window.navout = api;
  return api;
}

afterEach(() => {
  delete window.navout;
  delete window.navoutIdentifiers;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('NavoutSurveys', () => {
  it('adds the widget script once, with the embed attributes, even under StrictMode', async () => {
    const { container } = render(
      <StrictMode>
        <NavoutSurveys companyId="company-7" apiBase={`${API}/`} nonce="n0nce" />
      </StrictMode>,
    );
    await nextTask();
    expect(container).toBeEmptyDOMElement();
    expect(scripts()).toHaveLength(1);
    const [script] = scripts();
    expect(script.src).toBe(`${API}/widget/navout.js`);
    expect(script.async).toBe(true);
    expect(script.dataset).toMatchObject({ companyId: 'company-7', apiBase: `${API}/` });
    expect(script.nonce).toBe('n0nce');
    // A remount in the same task kept the widget: nothing was queued for it to undo.
    expect(window.navout).toBeUndefined();
  });

  it('gives identifiers to the widget, and identify() when they change', async () => {
    const { rerender } = render(<NavoutSurveys companyId="company-7" apiBase={API} identifiers={{ user_email: 'ana@example.com' }} />);
    expect(window.navoutIdentifiers).toEqual({ user_email: 'ana@example.com' });
    const api = runningWidget();
    rerender(<NavoutSurveys companyId="company-7" apiBase={API} identifiers={{ user_email: 'ana@example.com' }} />);
    expect(api.identify).not.toHaveBeenCalled();
    rerender(<NavoutSurveys companyId="company-7" apiBase={API} identifiers={{ user_email: 'bo@example.com' }} />);
    expect(api.identify).toHaveBeenCalledWith({ user_email: 'bo@example.com' });
    expect(window.navoutIdentifiers).toEqual({ user_email: 'bo@example.com' });
  });

  it('stops the widget and removes its script when unmounted', async () => {
    const { unmount } = render(<NavoutSurveys companyId="company-7" apiBase={API} />);
    const api = runningWidget();
    unmount();
    await nextTask();
    expect(api.destroy).toHaveBeenCalledTimes(1);
    expect(scripts()).toHaveLength(0);
    expect(window.navoutIdentifiers).toBeUndefined();
  });

  it('queues the stop for a script that has not run yet', async () => {
    const { unmount } = render(<NavoutSurveys companyId="company-7" apiBase={API} />);
    unmount();
    await nextTask();
    expect(window.navout).toEqual([['destroy']]);
  });

  it('starts over for another company', async () => {
    const { rerender } = render(<NavoutSurveys companyId="company-7" apiBase={API} />);
    const api = runningWidget();
    rerender(<NavoutSurveys companyId="company-9" apiBase={API} scriptUrl="https://cdn.example/navout.js" />);
    await nextTask();
    expect(api.destroy).toHaveBeenCalledTimes(1);
    expect(scripts().map((script) => [script.src, script.dataset.companyId])).toEqual([['https://cdn.example/navout.js', 'company-9']]);
  });
});
