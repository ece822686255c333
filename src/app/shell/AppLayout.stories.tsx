import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect } from 'storybook/test';
import { NOT_AVAILABLE_YET } from '@/app/pages/ComingSoon';
import { mockFetch } from '@/app/testing/mockFetch';
import { DataTypesPage } from '@/features/data-types/DataTypesPage';
import { OverviewPage } from '@/features/dashboard/OverviewPage';
import { companyUserSession, globalAdminSession, sampleCompanies, SessionFixture } from '@/features/auth/fixtures';
import type { Session } from '@/features/auth/session';
import { AppLayout } from './AppLayout';

/** The shell around two of its pages, as the router mounts it. */
function Shell({ session }: { session: Session }) {
  return (
    <SessionFixture session={session}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<OverviewPage />} />
          <Route path="data-types" element={<DataTypesPage />} />
          <Route path="*" element={null} />
        </Route>
      </Routes>
    </SessionFixture>
  );
}

const meta = {
  title: 'Shell/AppLayout',
  component: Shell,
  parameters: { layout: 'fullscreen', router: { initialEntries: ['/'] } },
  beforeEach: () => mockFetch({ 'GET /api/companies': { body: sampleCompanies } }),
  args: { session: globalAdminSession },
} satisfies Meta<typeof Shell>;
export default meta;

type Story = StoryObj<typeof meta>;

export const GlobalAdminOverview: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Welcome to Navout' })).toBeVisible();
    // Narrow screens start with the navigation collapsed.
    const expand = canvas.queryByRole('button', { name: 'Expand sidebar' });
    if (expand) await userEvent.click(expand);
    await userEvent.click(canvas.getByRole('link', { name: 'Data Types' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Data Types' })).toBeVisible();
    await expect(canvas.getByText(NOT_AVAILABLE_YET)).toBeVisible();
  },
};

export const CompanyUserOverview: Story = {
  args: { session: companyUserSession },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Welcome to Acme Retail' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Data' })).not.toBeInTheDocument();
  },
};
