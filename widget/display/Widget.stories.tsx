import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import type { PublicSurvey } from '@domain/survey/collection';
import { publicSurvey } from '../loader/fixtures';
import { RENDERER_CSS } from '../renderer/css';
import { LOGO_URL } from '../renderer/fixtures';
import { SurveyRenderer } from '../renderer/SurveyRenderer';
import { submittedAnswers } from '../renderer/useSurveyForm';
import { adoptStyles } from '../shadowStyles';
import { createPresenter } from './present';
import type { RendererModule } from './presentation';

/**
 * The embedded widget's three display modes, shown by the real presentation code (shadow-root
 * host, overlay, inline frame, floating button) on a sample customer page. The widget build
 * renders the survey with Preact; here React renders the same SurveyRenderer into the same place.
 */
const reactRenderer: RendererModule = {
  mountSurvey: (target, props, options = {}) => {
    const root = target instanceof ShadowRoot ? target : (target.shadowRoot ?? target.attachShadow({ mode: 'open' }));
    adoptStyles(root, 'renderer', RENDERER_CSS, options.nonce);
    const container = document.createElement('div');
    (options.container ?? root).append(container);
    const reactRoot = createRoot(container);
    reactRoot.render(<SurveyRenderer {...props} />);
    return {
      update: (next) => reactRoot.render(<SurveyRenderer {...next} />),
      unmount: () => {
        container.remove();
        // The story's own unmount runs this inside React's commit: the nested root goes right after.
        setTimeout(() => reactRoot.unmount(), 0);
      },
    };
  },
  submittedAnswers,
};

const presentSurvey = createPresenter(reactRenderer);

/** The public API as the widget meets it: responses are accepted, or refused with a reason. */
function storyApi(refusal?: string): typeof fetch {
  return async (_url, init) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as { complete?: boolean };
    if (refusal && body.complete) return Response.json({ error: { code: 'validation', message: refusal } }, { status: 400 });
    return Response.json({ id: 'response-1', token: 'token-1', isComplete: Boolean(body.complete) }, { status: init?.method === 'POST' ? 201 : 200 });
  };
}

interface SamplePageProps {
  survey: PublicSurvey;
  refusal?: string;
}

/** A customer's product page with the widget on it; the survey goes into #feedback when inline. */
function SamplePage({ survey, refusal }: SamplePageProps) {
  useEffect(() => {
    const presented = presentSurvey({
      window,
      survey,
      forced: false,
      place: { script: null },
      apiBase: window.location.origin,
      fetch: storyApi(refusal),
      trigger: { triggerType: 'event', callbackName: '', redirectUrl: '' },
      visitor: () => ({ visitorId: 'story-visitor', identifiers: {}, deviceType: 'desktop', pageUrl: window.location.href }),
      onShown: () => {},
      onCompleted: () => {},
      onClosed: () => {},
    });
    return () => presented.close();
  }, [survey, refusal]);

  return (
    <div style={{ minHeight: 560, padding: 24, background: '#f6f3ee', color: '#2b2118', fontFamily: 'Georgia, serif', borderRadius: 8 }}>
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', borderBottom: '1px solid #d9cfc2', paddingBottom: 12 }}>
        <strong style={{ fontSize: 22 }}>Acme Outdoor</strong>
        <nav aria-label="Shop">
          <a href="#tents" style={{ color: '#7a3e12', marginRight: 16 }}>
            Tents
          </a>
          <a href="#packs" style={{ color: '#7a3e12' }}>
            Backpacks
          </a>
        </nav>
      </header>
      <main>
        <h1 style={{ fontSize: 28, margin: '20px 0 8px' }}>Ridgeline 2 ultralight tent</h1>
        <p style={{ maxWidth: 560, lineHeight: 1.6 }}>
          A two-person shelter for three seasons: 1.2 kg on the trail, pitched in three minutes, with two doors so nobody climbs over anyone at night.
        </p>
        <div id="feedback" style={{ maxWidth: 640, marginTop: 24 }} />
      </main>
    </div>
  );
}

/** The survey's host element (a page may hold the button's and the overlay's). */
async function shadowOf(selector: string) {
  const root = await waitFor(() => {
    const host = [...document.querySelectorAll('navout-survey')].find((element) => element.shadowRoot?.querySelector(selector));
    if (!host?.shadowRoot) throw new Error(`No ${selector} yet`);
    return host.shadowRoot;
  });
  return { root, view: within(root as unknown as HTMLElement) };
}

const meta = {
  title: 'Widget/Embedded widget',
  component: SamplePage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SamplePage>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Overlay mode: a modal dialog over the page, closed with its button or Escape. */
export const Overlay: Story = {
  args: { survey: publicSurvey({ widget: { displayMode: 'overlay' } }) },
  play: async () => {
    const { view } = await shadowOf('[role="dialog"]');
    const dialog = view.getByRole('dialog', { name: 'Quick feedback' });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await userEvent.click(view.getByRole('radio', { name: '5' }));
    await userEvent.click(view.getByRole('radio', { name: 'Yes' }));
    await userEvent.click(view.getByRole('button', { name: 'Submit' }));
    await expect(await view.findByText('Thank you! Your answers have been submitted.')).toBeVisible();
    await userEvent.click(view.getByRole('button', { name: 'Close survey' }));
    await waitFor(() => expect(document.querySelector('navout-survey')).toBeNull());
  },
};

/** Inline mode: the survey in the page's flow, in the element its inline target names. */
export const Inline: Story = {
  args: {
    survey: publicSurvey({
      widget: { displayMode: 'inline', inlineTarget: '#feedback' },
      embed: { logo: { enabled: true, url: LOGO_URL, width: '120px', height: 'auto', position: 'top', margin: '0 auto 16px', objectFit: 'contain', borderRadius: '6px', opacity: 1 } },
    }),
  },
  play: async ({ canvasElement }) => {
    const { view } = await shadowOf('.nv-root');
    await expect(view.getByRole('heading', { name: 'Quick feedback' })).toBeVisible();
    await expect(view.queryByRole('dialog')).not.toBeInTheDocument();
    await expect(canvasElement.querySelector('#feedback navout-survey')).not.toBeNull();
  },
};

/** Button mode: a floating button in its corner, in the survey's button style; it opens the overlay. */
export const Button: Story = {
  args: {
    survey: publicSurvey({
      widget: { displayMode: 'button', position: 'bottom-right' },
      button: { text: 'Share your feedback', backgroundColor: '#0a5e68', textColor: '#ffffff', hoverColor: '#07474f', borderRadius: '20px', fontSize: '16px', padding: '12px 20px' },
    }),
  },
  play: async () => {
    const launcher = await shadowOf('.nvw-launch');
    const button = launcher.view.getByRole('button', { name: 'Share your feedback' });
    await userEvent.click(button);
    const { view } = await shadowOf('[role="dialog"]');
    await expect(view.getByRole('dialog', { name: 'Quick feedback' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(view.queryByRole('dialog')).not.toBeInTheDocument());
    // The button stays until the survey is completed.
    await expect(button).toBeVisible();
  },
};

/** The server refused the answers: its reason shows under the survey, and the answers stay. */
export const AnswersRefused: Story = {
  args: {
    survey: publicSurvey({ widget: { displayMode: 'inline', inlineTarget: '#feedback' } }),
    refusal: 'This survey is no longer accepting responses.',
  },
  play: async () => {
    const { view } = await shadowOf('.nv-root');
    await userEvent.click(view.getByRole('radio', { name: '2' }));
    const missing = await view.findByRole('textbox', { name: 'What was missing?' });
    missing.focus();
    fireEvent.input(missing, { target: { value: 'Pole sizes' } });
    await userEvent.click(view.getByRole('button', { name: 'Submit' }));
    await expect(await view.findByText('This survey is no longer accepting responses.')).toBeVisible();
    await expect(view.getByText('Your answers could not be sent. Please try again.')).toBeVisible();
    await expect(missing).toHaveValue('Pole sizes');
  },
};
