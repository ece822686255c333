import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { EDITOR_STEPS, stepsFor } from '../displayEditorForm';
import { EditorStepTabs } from './EditorStepTabs';

const meta = {
  title: 'Surveys/LiveIQ/Custom Display/EditorStepTabs',
  component: EditorStepTabs,
  args: { steps: EDITOR_STEPS, activeIndex: 0, problems: [], tabId: (id) => `step-${id}`, panelId: 'step-panel', onSelect: fn() },
  // The tabs control a panel: the page has one.
  render: (args) => (
    <>
      <EditorStepTabs {...args} />
      <div role="tabpanel" id="step-panel" aria-labelledby={args.tabId(args.steps[args.activeIndex].id)} />
    </>
  ),
} satisfies Meta<typeof EditorStepTabs>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Seven steps as tabs; the active one controls the panel; any can be chosen. */
export const SevenSteps: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const tabs = canvas.getAllByRole('tab');
    await expect(tabs).toHaveLength(7);
    await expect(tabs[0]).toHaveAttribute('aria-controls', 'step-panel');
    await expect(tabs[1]).not.toHaveAttribute('aria-controls');
    await userEvent.click(canvas.getByRole('tab', { name: /When to Show the Survey/ }));
    await expect(args.onSelect).toHaveBeenCalledWith('targeting');
  },
};

/** Without button mode, six steps; a step with a problem is marked. */
export const ProblemMarked: Story = {
  args: { steps: stepsFor('overlay'), activeIndex: 2, problems: [{ path: 'settings.layout.maxWidth', message: 'Must be a length' }] },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('tab')).toHaveLength(6);
    await expect(canvas.queryByRole('tab', { name: /Button Styling/ })).not.toBeInTheDocument();
    const layout = canvas.getByRole('tab', { name: /Layout & Display/ });
    await expect(layout.querySelector('.MuiStepLabel-label')).toHaveClass('Mui-error');
    await expect(canvas.getByRole('tab', { name: /Company Logo/ }).querySelector('.MuiStepLabel-label')).not.toHaveClass('Mui-error');
  },
};

/** At phone width the tab list scrolls in its own box, not the page. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('tablist')).toBeInTheDocument();
    await expectNoSidewaysScroll(canvasElement);
  },
};
