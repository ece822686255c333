import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { conditionalSurvey, threeStepSurvey, THEMES } from '@widget/renderer/fixtures';
import { SurveyPreview } from './SurveyPreview';

/** The preview's shadow root, and Testing Library queries scoped to it. */
async function previewIn(canvasElement: HTMLElement, name = 'Survey preview') {
  const region = await within(canvasElement).findByRole('region', { name });
  const root = await waitFor(() => {
    if (!region.shadowRoot?.querySelector('.nv-root')) throw new Error('The survey is not mounted yet');
    return region.shadowRoot;
  });
  // Testing Library queries any node with querySelectorAll; a shadow root is one.
  return { region, root, view: within(root as unknown as HTMLElement) };
}

const meta = {
  title: 'Surveys/SurveyPreview',
  component: SurveyPreview,
  args: { survey: conditionalSurvey },
} satisfies Meta<typeof SurveyPreview>;
export default meta;

type Story = StoryObj<typeof meta>;

/**
 * The survey in its own shadow root: the dashboard's styles (MUI, light or dark) do not reach it,
 * and answering works as it will in the widget.
 */
export const Isolated: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const { root, view } = await previewIn(canvasElement);
    await expect(root.querySelector('style')?.textContent).toContain('.nv-root');
    // The survey's own font and background, whatever the dashboard's theme.
    const title = view.getByRole('heading', { name: 'Customer feedback' });
    await expect(getComputedStyle(title).fontFamily).toMatch(/^Arial/);
    await expect(getComputedStyle(root.querySelector('.nv-survey') as HTMLElement).backgroundColor).toBe('rgb(255, 255, 255)');
    // Nothing of the survey's stylesheet leaks out into the page.
    await expect(document.querySelector('.nv-root')).toBeNull();

    await userEvent.click(view.getByRole('radio', { name: '5' }));
    await waitFor(() => expect(view.queryByRole('textbox', { name: 'What went wrong?' })).not.toBeInTheDocument());
  },
};

/** The styling being edited wins over the survey's own settings. */
export const WithStylingSettings: Story = {
  args: {
    survey: threeStepSurvey,
    settings: { ...threeStepSurvey.settings, theme: { ...threeStepSurvey.settings.theme, ...THEMES.dark } },
    'aria-label': 'Styled survey preview',
  },
  play: async ({ canvasElement }) => {
    const { root, view } = await previewIn(canvasElement, 'Styled survey preview');
    await expect(getComputedStyle(root.querySelector('.nv-survey') as HTMLElement).backgroundColor).toBe('rgb(27, 36, 51)');
    await expect(view.getByText('1 of 3')).toBeVisible();
  },
};

/** Live mode hands the answers over; the preview's default sends nothing. */
export const Live: Story = {
  args: { survey: threeStepSurvey, mode: 'live', onSubmit: fn(), initialAnswers: { first: 'Prices', found: 'no' } },
  play: async ({ args, canvasElement, userEvent }) => {
    const { view } = await previewIn(canvasElement);
    await userEvent.click(view.getByRole('button', { name: 'Next' }));
    await userEvent.click(await view.findByRole('button', { name: 'Next' }));
    await userEvent.click(await view.findByRole('radio', { name: '8' }));
    await userEvent.click(view.getByRole('button', { name: 'Submit' }));
    await expect(await view.findByText('Thank you! Your answers have been submitted.')).toBeVisible();
    await expect(args.onSubmit).toHaveBeenCalledWith({ first: 'Prices', found: 'no', recommend: 8 });
  },
};
