import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import type { Survey } from '@domain/survey/types';
import { mockFetch } from '@/lib/testing/mockFetch';
import { creatorApiRoutes, FEEDBACK_SURVEY } from './fixtures';
import { previewIn } from './storyHelpers';
import { STYLING_TAB_LABELS, StylingTab, type StylingTabProps } from './StylingTab';

function Stateful(args: StylingTabProps) {
  const [survey, setSurvey] = useState<Survey>(args.survey);
  return (
    <StylingTab
      {...args}
      survey={survey}
      onChange={(next) => {
        setSurvey(next);
        args.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Surveys/CreateIQ/StylingTab',
  component: StylingTab,
  args: { survey: FEEDBACK_SURVEY, onChange: fn() },
  render: (args) => <Stateful {...args} />,
  beforeEach: () => mockFetch(creatorApiRoutes()),
} satisfies Meta<typeof StylingTab>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The preview beside the fields follows them: carousel mode shows one question with its counter. */
export const LivePreview: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    for (const title of [STYLING_TAB_LABELS.logo, STYLING_TAB_LABELS.display, STYLING_TAB_LABELS.theme]) {
      await expect(canvas.getByRole('region', { name: title })).toBeVisible();
    }
    const { view } = await previewIn(canvasElement, STYLING_TAB_LABELS.preview);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Display Mode' }));
    await userEvent.click(await screen.findByRole('option', { name: /Carousel/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ settings: expect.objectContaining({ display: expect.objectContaining({ viewMode: 'carousel' }) }) }),
    );
    await waitFor(() => expect(view.getByText('1 of 5')).toBeVisible());
  },
};
