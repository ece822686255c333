import type { Meta, StoryObj } from '@storybook/react-vite';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { expect, fn } from 'storybook/test';
import { DATA_SOURCE_LABELS, DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { ApiError } from '@/lib/apiClient';
import { ACME_SOURCES, ALL_SOURCES, SOURCES } from '../fixtures';
import { ASK_A_DATA_MANAGER, ConnectedSourcesPanel, HOW_TO_GET_DATA_IN } from './ConnectedSourcesPanel';

const meta = {
  title: 'Data Sources/ConnectedSourcesPanel',
  component: ConnectedSourcesPanel,
  args: {
    sources: ACME_SOURCES,
    canManage: true,
    syncingIds: [],
    deletingIds: [],
    onSync: fn(),
    onDelete: fn(),
    onOpenSettings: fn(),
    onBrowse: fn(),
  },
} satisfies Meta<typeof ConnectedSourcesPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

const serverDown = new ApiError('Internal server error', 500, { error: 'Internal server error', code: 'internal_error' });

export const WithSources: Story = {
  args: {
    syncingIds: [SOURCES.hubspot.id],
    mappingPanel: (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          {DATA_SOURCE_LABELS.fieldMapping}
        </Typography>
      </Paper>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(ACME_SOURCES.length);
    await expect(canvas.getByRole('heading', { name: DATA_SOURCE_LABELS.fieldMapping })).toBeVisible();
  },
};

export const Empty: Story = {
  args: { sources: [], mappingPanel: <p>Field mapping</p> },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: DATA_SOURCE_MESSAGES.noneConnected })).toBeVisible();
    await expect(canvas.getByText(HOW_TO_GET_DATA_IN)).toBeVisible();
    // No sources, no fields to map.
    await expect(canvas.queryByText('Field mapping')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: DATA_SOURCE_MESSAGES.browseSources }));
    await expect(args.onBrowse).toHaveBeenCalled();
  },
};

export const EmptyReadOnly: Story = {
  args: { sources: [], canManage: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(ASK_A_DATA_MANAGER)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { sources: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading data sources' })).toBeVisible();
  },
};

export const LoadFailed: Story = {
  args: {
    sources: undefined,
    loadFailure: { title: DATA_SOURCE_MESSAGES.loadFailed, error: serverDown, onRetry: fn(), retrying: false },
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(DATA_SOURCE_MESSAGES.loadFailed)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.loadFailure?.onRetry).toHaveBeenCalled();
  },
};

/** A failed refresh keeps the cards that were loaded, under the banner. */
export const RefreshFailed: Story = {
  args: {
    sources: ALL_SOURCES,
    companyNames: new Map([
      ['c-acme', 'Acme Retail'],
      ['c-globex', 'Globex Health'],
    ]),
    loadFailure: { title: DATA_SOURCE_MESSAGES.refreshFailed, error: serverDown, onRetry: fn(), retrying: false },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(DATA_SOURCE_MESSAGES.refreshFailed)).toBeVisible();
    await expect(canvas.getAllByRole('article')).toHaveLength(ALL_SOURCES.length);
    await expect(canvas.getByText('Globex Health')).toBeVisible();
  },
};
