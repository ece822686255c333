import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { companyAdminSession, globalAdminSession, SessionFixture } from '@/lib/testing/sessions';
import { NOT_AVAILABLE_YET } from '@/ui/ComingSoon';
import { OverviewPage } from './OverviewPage';

const meta = {
  title: 'Pages/Dashboard overview',
  component: OverviewPage,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof OverviewPage>;
export default meta;

type Story = StoryObj<typeof meta>;

export const CompanyAdmin: Story = {
  decorators: [(Story) => <SessionFixture session={companyAdminSession}>{Story()}</SessionFixture>],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Welcome to Acme Retail' })).toBeVisible();
    await expect(canvas.getByText(NOT_AVAILABLE_YET)).toBeVisible();
  },
};

export const GlobalAdmin: Story = {
  decorators: [(Story) => <SessionFixture session={globalAdminSession}>{Story()}</SessionFixture>],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Welcome to Navout' })).toBeVisible();
  },
};
