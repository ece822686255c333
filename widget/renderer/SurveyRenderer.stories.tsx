import { useCallback, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, waitFor, within } from 'storybook/test';
import { ANSWER_MESSAGES, BUILDER_MESSAGES } from '@domain/survey/messages';
import type { LogoPosition, Survey, SurveyDisplay } from '@domain/survey/types';
import { RENDERER_CSS } from './css';
import { conditionalSurvey, everyTypeSurvey, LOGO_URL, question, survey, THEMES, threeStepSurvey } from './fixtures';
import { SurveyRenderer } from './SurveyRenderer';

/**
 * Stories mount the renderer the way the widget and the dashboard's preview do: in a shadow root
 * with the renderer's stylesheet, so what is checked here (contrast included) is what ships.
 */
function ShadowHost({ children, width }: { children: ReactNode; width?: string }) {
  const [shadowRoot, setShadowRoot] = useState<ShadowRoot | null>(null);
  const host = useCallback((element: HTMLDivElement | null) => {
    if (element) setShadowRoot(element.shadowRoot ?? element.attachShadow({ mode: 'open' }));
  }, []);
  return (
    <div ref={host} data-testid="survey-host" style={width ? { width } : undefined}>
      {shadowRoot &&
        createPortal(
          <>
            <style>{RENDERER_CSS}</style>
            {children}
          </>,
          shadowRoot,
        )}
    </div>
  );
}

const inShadowRoot: Decorator = (Story, context) => (
  <ShadowHost width={context.parameters.surveyWidth as string | undefined}>
    <Story />
  </ShadowHost>
);

/** The mounted survey's shadow root, and Testing Library queries scoped to it. */
async function mounted(canvasElement: HTMLElement) {
  const root = await waitFor(() => {
    const shadowRoot = canvasElement.querySelector('[data-testid="survey-host"]')?.shadowRoot;
    if (!shadowRoot?.querySelector('.nv-root')) throw new Error('The survey is not mounted yet');
    return shadowRoot;
  });
  // Testing Library queries any node with querySelectorAll; a shadow root is one.
  return { root, view: within(root as unknown as HTMLElement) };
}

/**
 * Types into a field in the shadow root. user-event meets the field's focus at the document as the
 * shadow host, so React never sees its keystrokes as a change; an input event with the new value
 * is what React listens to. (The Preact test types with user-event, which works there.)
 */
function typeInto(field: HTMLElement, text: string) {
  field.focus();
  fireEvent.input(field, { target: { value: text } });
}

const withDisplay = (base: Survey, display: Partial<SurveyDisplay>): Survey => ({
  ...base,
  settings: { ...base.settings, display: { ...base.settings.display, ...display } },
});

const withLogo = (position: LogoPosition): Survey =>
  survey([question('yes-no', 'back', 'Would you visit again?')], {
    settings: {
      logo: { enabled: true, url: LOGO_URL, width: '120px', height: 'auto', position, margin: position === 'top' ? '0 auto 16px' : '0', objectFit: 'contain', borderRadius: '6px', opacity: 1 },
    },
  });

const meta = {
  title: 'Widget/SurveyRenderer',
  component: SurveyRenderer,
  decorators: [inShadowRoot],
  args: { survey: everyTypeSurvey, mode: 'preview' },
} satisfies Meta<typeof SurveyRenderer>;
export default meta;

type Story = StoryObj<typeof meta>;

/** One question of each of the twelve types, in scroll mode. */
export const EveryQuestionType: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const { view } = await mounted(canvasElement);
    await expect(view.getByRole('textbox', { name: 'What is your name? (required)' })).toBeVisible();
    await expect(view.getByRole('textbox', { name: 'Tell us about your visit' })).toBeVisible();
    await expect(view.getAllByRole('radiogroup')).toHaveLength(5);
    await expect(view.getByRole('group', { name: 'What did you buy?' })).toBeVisible();
    await expect(view.getByRole('combobox', { name: 'Your age group' })).toBeVisible();
    await expect(view.getByRole('spinbutton', { name: 'How many people were with you?' })).toBeVisible();
    await expect(view.getByLabelText('When did you visit?')).toHaveAttribute('type', 'date');
    await expect(view.getByRole('textbox', { name: 'Your e-mail address' })).toHaveAttribute('type', 'email');
    await userEvent.click(view.getByRole('radio', { name: '4' }));
    await expect(view.getByRole('radio', { name: '4' })).toBeChecked();
    await expect(view.getByRole('progressbar', { name: 'Survey progress' })).toHaveAttribute('aria-valuetext', '1 of 12 answered');
  },
};

/** Carousel: one question at a time, the counter, Next checks the answer, Previous goes back. */
export const Carousel: Story = {
  args: { survey: threeStepSurvey },
  play: async ({ canvasElement, userEvent }) => {
    const { root, view } = await mounted(canvasElement);
    await expect(view.getByText('1 of 3')).toBeVisible();
    await expect(view.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    await userEvent.click(view.getByRole('button', { name: 'Next' }));
    await expect(await view.findByRole('alert')).toHaveTextContent(ANSWER_MESSAGES.required);
    typeInto(view.getByRole('textbox', { name: /What brought you here today\?/ }), 'A gift');
    await userEvent.click(view.getByRole('button', { name: 'Next' }));
    await expect(await view.findByText('2 of 3')).toBeVisible();
    await waitFor(() => expect(root.activeElement).toBe(view.getByRole('heading', { name: 'Did you find what you needed?' })));
    await expect(view.getByRole('progressbar', { name: 'Survey progress' })).toHaveAttribute('aria-valuenow', '67');
    await userEvent.click(view.getByRole('button', { name: 'Previous' }));
    await expect(await view.findByText('1 of 3')).toBeVisible();
  },
};

export const CarouselWithoutBackNavigation: Story = {
  args: { survey: withDisplay(threeStepSurvey, { allowBackNavigation: false }), initialAnswers: { first: 'A gift' } },
  play: async ({ canvasElement, userEvent }) => {
    const { view } = await mounted(canvasElement);
    await userEvent.click(view.getByRole('button', { name: 'Next' }));
    await expect(await view.findByText('2 of 3')).toBeVisible();
    await expect(view.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
  },
};

export const CarouselWithoutProgress: Story = {
  args: { survey: withDisplay(threeStepSurvey, { showProgress: false }) },
  play: async ({ canvasElement }) => {
    const { view } = await mounted(canvasElement);
    await expect(view.queryByRole('progressbar')).not.toBeInTheDocument();
    // The counter belongs to the carousel, progress bar or not.
    await expect(view.getByText('1 of 3')).toBeVisible();
  },
};

export const ScrollWithoutProgress: Story = {
  args: { survey: withDisplay(conditionalSurvey, { showProgress: false }) },
  play: async ({ canvasElement }) => {
    const { view } = await mounted(canvasElement);
    await expect(view.queryByRole('progressbar')).not.toBeInTheDocument();
    await expect(view.getAllByRole('heading', { level: 3 })).toHaveLength(4);
  },
};

/** A follow-up hidden after a good rating, an address hidden when the answer is no. */
export const ConditionalQuestion: Story = {
  args: { survey: conditionalSurvey },
  play: async ({ canvasElement, userEvent }) => {
    const { view } = await mounted(canvasElement);
    await expect(view.getByRole('textbox', { name: 'What went wrong?' })).toBeVisible();
    await userEvent.click(view.getByRole('radio', { name: '5' }));
    await waitFor(() => expect(view.queryByRole('textbox', { name: 'What went wrong?' })).not.toBeInTheDocument());
    await userEvent.click(view.getByRole('radio', { name: '2' }));
    await expect(await view.findByRole('textbox', { name: 'What went wrong?' })).toBeVisible();
    await userEvent.click(view.getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(view.queryByRole('textbox', { name: 'Where should we send it?' })).not.toBeInTheDocument());
  },
};

/** Submit with required questions unanswered and a bad address: every message, focus on the first. */
export const ValidationErrors: Story = {
  args: { initialAnswers: { email: 'not-an-address' } },
  play: async ({ canvasElement, userEvent }) => {
    const { root, view } = await mounted(canvasElement);
    await userEvent.click(view.getByRole('button', { name: 'Submit' }));
    const alerts = await view.findAllByRole('alert');
    await expect(alerts.map((alert) => alert.textContent)).toEqual([ANSWER_MESSAGES.required, ANSWER_MESSAGES.required, ANSWER_MESSAGES.email]);
    const name = view.getByRole('textbox', { name: /What is your name\?/ });
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(ANSWER_MESSAGES.required);
    await waitFor(() => expect(root.activeElement).toBe(name));
  },
};

/** Choice questions the author left without options. */
export const NoOptions: Story = {
  args: {
    survey: survey([
      question('multiple-choice', 'a', 'Favourite colour?', { options: [] }),
      question('checkbox', 'b', 'Which days suit you?', { options: [] }),
      question('dropdown', 'c', 'Your country', { options: [] }),
      question('single-choice', 'd', 'Preferred contact', { options: [] }),
    ]),
  },
  play: async ({ canvasElement }) => {
    const { view } = await mounted(canvasElement);
    for (const type of ['multiple-choice', 'checkbox', 'dropdown', 'single-choice']) {
      await expect(view.getByText(BUILDER_MESSAGES.noOptions(type))).toBeVisible();
    }
  },
};

/** Preview mode: a valid Submit says the answers were not sent (the spec's preview sends nothing). */
export const PreviewSubmit: Story = {
  args: { survey: threeStepSurvey, initialAnswers: { first: 'Prices', found: 'yes', recommend: 9 }, onSubmit: fn() },
  play: async ({ args, canvasElement, userEvent }) => {
    const { view } = await mounted(canvasElement);
    await userEvent.click(view.getByRole('button', { name: 'Next' }));
    await userEvent.click(await view.findByRole('button', { name: 'Next' }));
    await userEvent.click(await view.findByRole('button', { name: 'Submit' }));
    await expect(await view.findByText('This is a preview: your answers were checked but not sent.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Live mode: the answers of visible questions go to onSubmit, then the thank-you shows. */
export const LiveSubmit: Story = {
  args: { survey: conditionalSurvey, mode: 'live', onSubmit: fn() },
  play: async ({ args, canvasElement, userEvent }) => {
    const { view } = await mounted(canvasElement);
    await userEvent.click(view.getByRole('radio', { name: '5' }));
    await userEvent.click(view.getByRole('radio', { name: 'Yes' }));
    typeInto(view.getByRole('textbox', { name: 'Where should we send it?' }), 'ada@example.com');
    await userEvent.click(view.getByRole('button', { name: 'Submit' }));
    await expect(await view.findByText('Thank you! Your answers have been submitted.')).toBeVisible();
    await expect(args.onSubmit).toHaveBeenCalledWith({ rating: 5, newsletter: 'yes', address: 'ada@example.com' });
  },
};

const logoStory = (position: LogoPosition): Story => ({
  args: { survey: withLogo(position) },
  play: async ({ canvasElement }) => {
    const { root, view } = await mounted(canvasElement);
    const logo = view.getByRole('img', { name: 'Logo' });
    await expect(logo).toBeVisible();
    await expect(root.querySelector('.nv-header')).toHaveClass(`nv-header--${position}`);
    const title = view.getByRole('heading', { level: 2 }).getBoundingClientRect();
    const box = logo.getBoundingClientRect();
    if (position === 'left') await expect(box.right).toBeLessThanOrEqual(title.left);
    else if (position === 'right') await expect(box.left).toBeGreaterThanOrEqual(title.right);
    else await expect(box.bottom).toBeLessThanOrEqual(title.top);
  },
});

export const LogoTop = logoStory('top');
export const LogoCenter = logoStory('center');
export const LogoLeft = logoStory('left');
export const LogoRight = logoStory('right');

const themed = (name: keyof typeof THEMES, base: Survey = everyTypeSurvey): Survey => ({
  ...base,
  settings: { ...base.settings, theme: { ...base.settings.theme, ...THEMES[name] } },
});

/** Dark custom colours; native controls follow (color-scheme: dark). */
export const DarkCustomTheme: Story = {
  args: { survey: themed('dark', conditionalSurvey), initialAnswers: { rating: 2 } },
  play: async ({ canvasElement }) => {
    const { root, view } = await mounted(canvasElement);
    const surface = root.querySelector<HTMLElement>('.nv-survey') as HTMLElement;
    await expect(getComputedStyle(surface).backgroundColor).toBe('rgb(27, 36, 51)');
    await expect(getComputedStyle(view.getByRole('heading', { level: 2 })).fontFamily).toContain('Verdana');
    await expect(getComputedStyle(root.querySelector('.nv-root') as HTMLElement).colorScheme).toBe('dark');
  },
};

export const SerifTheme: Story = {
  args: { survey: themed('serif', threeStepSurvey) },
  play: async ({ canvasElement }) => {
    const { view } = await mounted(canvasElement);
    const title = view.getByRole('heading', { level: 2 });
    await expect(getComputedStyle(title).fontFamily).toContain('Georgia');
    await expect(getComputedStyle(title).textAlign).toBe('left');
  },
};

export const LargeRadius: Story = {
  args: { survey: themed('rounded', conditionalSurvey) },
  play: async ({ canvasElement }) => {
    const { root, view } = await mounted(canvasElement);
    await expect(getComputedStyle(view.getByRole('button', { name: 'Submit' })).borderRadius).toBe('20px');
    await expect(getComputedStyle(root.querySelector('.nv-question') as HTMLElement).textAlign).toBe('center');
  },
};

/** A phone-sized survey: the container query trims the padding and widens the buttons. */
export const NarrowWidth: Story = {
  args: { survey: threeStepSurvey },
  parameters: { surveyWidth: '340px' },
  play: async ({ canvasElement }) => {
    const { root, view } = await mounted(canvasElement);
    await expect(getComputedStyle(root.querySelector('.nv-survey') as HTMLElement).paddingLeft).toBe('16px');
    const next = view.getByRole('button', { name: 'Next' }).getBoundingClientRect();
    await expect(next.width).toBeGreaterThan(200);
  },
};
