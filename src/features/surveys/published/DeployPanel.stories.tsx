import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import { ApiError } from '@/lib/apiClient';
import { ACME_PUBLISHED } from '../fixtures';
import { CREATE_SURVEY_LABEL, DeployPanel, LOAD_FAILED } from './DeployPanel';

const meta = {
  title: 'Surveys/LiveIQ/DeployPanel',
  component: DeployPanel,
  args: {
    surveys: ACME_PUBLISHED,
    canManage: true,
    onStart: fn(),
    onStop: fn(),
    onEdit: fn(),
    onCustomize: fn(),
    onPreview: fn(),
    onEmbedCode: fn(),
    onViewResults: fn(),
    onDelete: fn(),
    onCreate: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof DeployPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Grid: Story = {
  args: { deletingIds: [ACME_PUBLISHED[0].id] },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(ACME_PUBLISHED.length);
    const deleting = canvas.getByRole('article', { name: ACME_PUBLISHED[0].name });
    await expect(deleting.querySelector('button[disabled]')).not.toBeNull();
  },
};

export const Empty: Story = {
  args: { surveys: [] },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(PUBLISHED_MESSAGES.empty)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: CREATE_SURVEY_LABEL }));
    await expect(args.onCreate).toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { surveys: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading published surveys' })).toBeVisible();
  },
};

export const LoadFailed: Story = {
  args: { surveys: [], loadError: new ApiError('Internal server error', 500, null) },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(LOAD_FAILED)).toBeVisible();
    await expect(canvas.queryByRole('article')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
