import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CHECK_SETTINGS_TITLE, SettingsProblems } from './SettingsProblems';

const meta = {
  title: 'Surveys/LiveIQ/Custom Display/SettingsProblems',
  component: SettingsProblems,
  args: {
    problems: [
      { path: 'settings.layout.maxWidth', message: 'Must be a length like 600px or 100%' },
      { path: 'displayTriggers.urlPatterns', message: 'Enter at least one URL pattern' },
      { path: '', message: 'The settings could not be checked' },
    ],
  },
} satisfies Meta<typeof SettingsProblems>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Each problem with the step it is on; one of no step is under "Settings". */
export const Problems: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(CHECK_SETTINGS_TITLE)).toBeVisible();
    await expect(canvas.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Layout & Display: Must be a length like 600px or 100%',
      'When to Show the Survey: Enter at least one URL pattern',
      'Settings: The settings could not be checked',
    ]);
  },
};

export const NoProblems: Story = {
  args: { problems: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};
