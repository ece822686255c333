import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { mockFetch } from '@/lib/testing/mockFetch';
import { modelSettingsRoutes, withModelSession } from '../fixtures';
import { MODEL_SCREEN } from '../labels';
import { ModelOverview } from './ModelOverview';
import { MODEL_INFO } from './modelInfo';

const meta = {
  title: 'Discovery Settings/ModelOverview',
  component: ModelOverview,
  decorators: [withModelSession()],
  args: { model: 'discovery', tuning: false },
  beforeEach: () => mockFetch(modelSettingsRoutes()),
} satisfies Meta<typeof ModelOverview>;
export default meta;

type Story = StoryObj<typeof meta>;

export const DiscoveryAi: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Discovery AI' })).toBeVisible();
    await expect(canvas.getByText(MODEL_INFO.discovery.useCases[0])).toBeVisible();
    await expect(canvas.getByRole('button', { name: MODEL_SCREEN.requestAccess })).toBeEnabled();
  },
};

/** Whoever tunes the model sees that the company has it, not an offer to ask for it. */
export const Tuning: Story = {
  args: { tuning: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MODEL_SCREEN.inUse)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: MODEL_SCREEN.requestAccess })).not.toBeInTheDocument();
  },
};

export const RecsplanationAi: Story = {
  args: { model: 'explanation' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'RECsplanation AI' })).toBeVisible();
    await expect(canvas.getByRole('list', { name: 'Features' })).toBeVisible();
  },
};
