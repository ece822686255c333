import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { ACME_ID, API_KEYS, outboundApiRoutes, withApiSession } from '../fixtures';
import { KEY_MESSAGES_SHOWN } from '../labels';
import { ApiKeysPanel } from './ApiKeysPanel';

const meta = {
  title: 'Outbound API/Keys/ApiKeysPanel',
  component: ApiKeysPanel,
  decorators: [withApiSession()],
  args: { companyId: ACME_ID, canManage: true },
  beforeEach: () => mockFetch(outboundApiRoutes()),
} satisfies Meta<typeof ApiKeysPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

export const WithKeys: Story = {
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByText(API_KEYS[1].name));
  },
};

export const NoKeys: Story = {
  beforeEach: () => mockFetch(outboundApiRoutes({ keys: [] })),
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByText(KEY_MESSAGES_SHOWN.noKeys));
  },
};

export const LoadFails: Story = {
  beforeEach: () => mockFetch({ 'GET /api/api-keys': failure('internal_error') }),
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByText('Failed to load API tokens'));
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};
