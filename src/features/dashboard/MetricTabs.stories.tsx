import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DASHBOARD_TAB_LABELS } from '@domain/dashboard/contract';
import { SAVED_CHART } from './fixtures';
import { MetricTabs } from './MetricTabs';

const meta = {
  title: 'Dashboard/MetricTabs',
  component: MetricTabs,
  args: { view: 'all', savedCharts: [SAVED_CHART], onChange: fn(), panelId: 'main-chart' },
  // The panel the selected tab controls.
  decorators: [(Story) => <><Story /><div id="main-chart" role="tabpanel" aria-label="Main chart" /></>],
} satisfies Meta<typeof MetricTabs>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The six tabs, then the saved chart; choosing one reports it. */
export const WithSavedChart: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const names = canvas.getAllByRole('tab').map((tab) => tab.textContent);
    await expect(names).toEqual([...Object.values(DASHBOARD_TAB_LABELS), SAVED_CHART.label]);
    await userEvent.click(canvas.getByRole('tab', { name: SAVED_CHART.label }));
    await expect(args.onChange).toHaveBeenCalledWith(SAVED_CHART.id);
  },
};

/** A chart without a tab (average call duration) on show: no tab is selected. */
export const ChartWithoutTab: Story = {
  args: { view: 'duration', savedCharts: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('tab', { selected: true })).toBeNull();
  },
};
