import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { CATEGORY_SEARCH_MIN_MS, DASHBOARD_MESSAGES } from '@domain/dashboard/contract';
import { mockFetch } from '@/lib/testing/mockFetch';
import { ADD_CATEGORY_LABELS } from './AddCategoryDialog';
import { API_KEY_LABELS } from './ApiKeyBreakdown';
import { ACME_ID, API_KEY_ROWS, AT_RISK, DEFAULT_PREFERENCES, overviewRoutes, withOverviewSession } from './fixtures';
import { OverviewDialogs, type OverviewDialogName, type OverviewDialogState } from './OverviewDialogs';
import { SAVE_CHART_LABELS } from './SaveChartViewDialog';

/** One dialog open, as the overview shows it. */
const opened = (name: OverviewDialogName): OverviewDialogState => ({ open: name, mounted: new Set([name]), show: fn() });

const meta = {
  title: 'Dashboard/OverviewDialogs',
  component: OverviewDialogs,
  decorators: [withOverviewSession()],
  args: {
    dialogs: opened('apiKeys'),
    scope: { companyFilter: ACME_ID, range: '30d' },
    rangeLabel: '30 Days',
    preferences: DEFAULT_PREFERENCES,
    onPreferencesChange: fn(),
    shownNames: ['New Users', 'Premium Users'],
    drilledName: 'Premium Users',
    usersMode: 'users',
    onSaveView: fn(),
  },
  beforeEach: () => mockFetch(overviewRoutes()),
} satisfies Meta<typeof OverviewDialogs>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The calls by API key, read from the server when the dialog opens; closing asks the overview to close it. */
export const ApiKeys: Story = {
  play: async ({ userEvent, args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: API_KEY_LABELS.title }));
    const table = within(await dialog.findByRole('table', { name: API_KEY_LABELS.table }));
    await expect(table.getAllByRole('row')).toHaveLength(API_KEY_ROWS.length + 1);
    await userEvent.keyboard('{Escape}');
    await expect(args.dialogs.show).toHaveBeenCalledWith(null);
  },
};

/** A category found by name is added to the Users tab's preferences. */
export const AddCategory: Story = {
  args: { dialogs: opened('addCategory') },
  play: async ({ userEvent, args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: ADD_CATEGORY_LABELS.title }));
    await userEvent.type(dialog.getByLabelText(DASHBOARD_MESSAGES.categoryName), AT_RISK.name);
    await userEvent.click(dialog.getByRole('button', { name: ADD_CATEGORY_LABELS.add }));
    await waitFor(
      () =>
        expect(args.onPreferencesChange).toHaveBeenCalledWith({
          extraCategories: [...DEFAULT_PREFERENCES.extraCategories, { kind: AT_RISK.kind, id: AT_RISK.id, name: AT_RISK.name }],
        }),
      { timeout: CATEGORY_SEARCH_MIN_MS + 2_000 },
    );
  },
};

/** The drilled category is saved as a chart under the name given. */
export const SaveView: Story = {
  args: { dialogs: opened('saveView') },
  play: async ({ userEvent, args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: DASHBOARD_MESSAGES.saveChartView }));
    await userEvent.type(dialog.getByLabelText(DASHBOARD_MESSAGES.chartName), 'Premium trend');
    await userEvent.click(dialog.getByRole('button', { name: SAVE_CHART_LABELS.save }));
    await expect(args.onSaveView).toHaveBeenCalledWith('Premium trend');
  },
};
