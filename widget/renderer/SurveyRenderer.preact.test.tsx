/**
 * The renderer as the widget ships it: mounted by mountSurvey with Preact (this file runs in the
 * 'widget' Vitest project, where `react` is preact/compat), in a shadow root.
 */
import '@testing-library/jest-dom/vitest';
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_MESSAGES } from '@domain/survey/messages';
import { conditionalSurvey, showOnlyWhenSurvey, threeStepSurvey } from './fixtures';
import { mountSurvey, type MountedSurvey, type SurveyRendererProps } from './index';

const mounted: MountedSurvey[] = [];

afterEach(() => {
  mounted.splice(0).forEach((survey) => survey.unmount());
  document.body.innerHTML = '';
});

function mount(props: SurveyRendererProps) {
  const host = document.createElement('div');
  document.body.append(host);
  mounted.push(mountSurvey(host, props));
  const shadowRoot = host.shadowRoot as ShadowRoot;
  // Testing Library queries any node with querySelectorAll; a shadow root is one.
  return { shadowRoot, view: within(shadowRoot as unknown as HTMLElement), user: userEvent.setup() };
}

describe('SurveyRenderer under Preact', () => {
  it('is Preact that renders it', async () => {
    const [react, compat] = await Promise.all([import('react'), import('preact/compat')]);
    expect(react.useState).toBe(compat.useState);
  });

  it('mounts in a shadow root, with one stylesheet however many surveys share it', () => {
    const { shadowRoot, view } = mount({ survey: conditionalSurvey, mode: 'preview' });
    mounted.push(mountSurvey(shadowRoot, { survey: threeStepSurvey, mode: 'preview' }));
    // Vitest leaves CSS out (the text is empty here); the build and the stories have it.
    expect(shadowRoot.querySelectorAll('style[data-nv-styles]')).toHaveLength(1);
    expect(view.getAllByRole('heading', { name: 'Customer feedback', level: 2 })).toHaveLength(2);
    // The theme reaches the stylesheet as custom properties under Preact too.
    const root = shadowRoot.querySelector<HTMLElement>('.nv-root');
    expect(root?.style.getPropertyValue('--nv-primary')).toBe('#007bff');
    expect(root?.style.getPropertyValue('--nv-font')).toBe('Arial, Helvetica, sans-serif');
  });

  it('hides and shows a conditional question as answers change', async () => {
    const { view, user } = mount({ survey: conditionalSurvey, mode: 'preview' });
    // No rating yet: the condition is ignored and the follow-up shows.
    expect(view.getByRole('textbox', { name: 'What went wrong?' })).toBeInTheDocument();

    await user.click(view.getByRole('radio', { name: '5' }));
    await waitFor(() => expect(view.queryByRole('textbox', { name: 'What went wrong?' })).not.toBeInTheDocument());

    await user.click(view.getByRole('radio', { name: '2' }));
    expect(await view.findByRole('textbox', { name: 'What went wrong?' })).toBeInTheDocument();

    await user.click(view.getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(view.queryByRole('textbox', { name: 'Where should we send it?' })).not.toBeInTheDocument());
  });

  it('shows the required error, marks the question invalid and moves focus to it', async () => {
    const { shadowRoot, view, user } = mount({ survey: conditionalSurvey, mode: 'preview' });
    await user.click(view.getByRole('button', { name: 'Submit' }));

    const alert = await view.findByRole('alert');
    expect(alert).toHaveTextContent(ANSWER_MESSAGES.required);
    const group = view.getByRole('radiogroup', { name: /How was your visit\?/ });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription(ANSWER_MESSAGES.required);
    await waitFor(() => expect(shadowRoot.activeElement).toBe(view.getByRole('radio', { name: '1' })));
  });

  it('moves through the carousel with Next and Previous, checking each step', async () => {
    const { shadowRoot, view, user } = mount({ survey: threeStepSurvey, mode: 'preview' });
    expect(view.getByText('1 of 3')).toBeInTheDocument();
    expect(view.getByRole('progressbar', { name: 'Survey progress' })).toHaveAttribute('aria-valuenow', '33');
    expect(view.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();

    await user.click(view.getByRole('button', { name: 'Next' }));
    expect(await view.findByRole('alert')).toHaveTextContent(ANSWER_MESSAGES.required);
    expect(view.getByText('1 of 3')).toBeInTheDocument();

    await user.type(view.getByRole('textbox', { name: /What brought you here today\?/ }), 'Browsing');
    await waitFor(() => expect(view.queryByRole('alert')).not.toBeInTheDocument());
    await user.click(view.getByRole('button', { name: 'Next' }));

    expect(await view.findByText('2 of 3')).toBeInTheDocument();
    const heading = view.getByRole('heading', { name: 'Did you find what you needed?' });
    await waitFor(() => expect(shadowRoot.activeElement).toBe(heading));

    await user.click(view.getByRole('button', { name: 'Previous' }));
    expect(await view.findByText('1 of 3')).toBeInTheDocument();
    expect(view.getByRole('textbox', { name: /What brought you here today\?/ })).toHaveValue('Browsing');
  });

  it('submits only the answers of visible questions in live mode, then thanks the visitor', async () => {
    const onSubmit = vi.fn();
    const { view, user } = mount({ survey: conditionalSurvey, mode: 'live', onSubmit });
    await user.click(view.getByRole('radio', { name: '2' }));
    await user.type(await view.findByRole('textbox', { name: 'What went wrong?' }), 'Slow service');
    await user.click(view.getByRole('radio', { name: '4' }));
    await user.click(view.getByRole('radio', { name: 'No' }));
    await user.click(view.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ rating: 4, newsletter: 'no' }));
    expect(await view.findByText('Thank you! Your answers have been submitted.')).toBeInTheDocument();
  });

  it('keeps a Show-only-when question hidden until its rule matches, and sends nothing of it once hidden again', async () => {
    const onSubmit = vi.fn();
    const { view, user } = mount({ survey: showOnlyWhenSurvey, mode: 'live', onSubmit });
    const site = () => view.queryByRole('textbox', { name: /Which of our sites do you use\?/ });
    // Unanswered: hidden, unlike the specification's default.
    expect(site()).not.toBeInTheDocument();
    await user.click(view.getByRole('radio', { name: 'No' }));
    expect(site()).not.toBeInTheDocument();

    await user.click(view.getByRole('radio', { name: 'Yes' }));
    await user.type(await view.findByRole('textbox', { name: /Which of our sites do you use\?/ }), 'The outlet shop');
    await user.click(view.getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(site()).not.toBeInTheDocument());

    // Hidden, the required question neither blocks Submit nor sends its old answer.
    await user.click(view.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ online: 'no' }));
  });
});
