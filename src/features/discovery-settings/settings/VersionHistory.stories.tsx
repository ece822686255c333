import type { Meta, StoryObj } from '@storybook/react-vite';
import type { UseQueryResult } from '@tanstack/react-query';
import { expect } from 'storybook/test';
import type { ModelSettingsVersion } from '@domain/models/settings';
import { VERSIONS } from '../fixtures';
import { VersionHistory } from './VersionHistory';

const loaded = (data: ModelSettingsVersion[]) => ({ data, isError: false, error: null, refetch: async () => undefined }) as unknown as UseQueryResult<ModelSettingsVersion[]>;

const meta = {
  title: 'Discovery Settings/VersionHistory',
  component: VersionHistory,
  args: { versions: loaded(VERSIONS), currentVersion: 3 },
} satisfies Meta<typeof VersionHistory>;
export default meta;

type Story = StoryObj<typeof meta>;

export const WithVersions: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Version 3 (current)')).toBeVisible();
    await expect(canvas.getAllByText(/Alice Martin/)).toHaveLength(2);
  },
};

export const NothingSaved: Story = {
  args: { versions: loaded([]), currentVersion: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/the defaults apply/)).toBeVisible();
  },
};
