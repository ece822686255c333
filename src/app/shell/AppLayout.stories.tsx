import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, screen, waitFor, within } from 'storybook/test';
import type { Session } from '@/lib/session';
import { loadLazy } from '@/lib/testing/loadLazy';
import { mockFetch } from '@/lib/testing/mockFetch';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { companyUserSession, globalAdminSession, sampleCompanies, SessionFixture } from '@/lib/testing/sessions';
import { OverviewPage } from '@/features/dashboard';
import { DataTypesPage } from '@/features/data-types';
import { APP_ROUTES } from '../routes';
import { AppLayout } from './AppLayout';

/** The shell around two of its pages, as the router mounts it. */
function Shell({ session }: { session: Session }) {
  return (
    <SessionFixture session={session}>
      <Routes>
        <Route element={<AppLayout routes={APP_ROUTES} />}>
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
  // The router loads each page when first opened; the shell is looked at once both are in.
  loaders: [() => loadLazy(OverviewPage, DataTypesPage)],
  beforeEach: () => mockFetch({ 'GET /api/companies': { body: sampleCompanies }, 'GET /api/data-types': { body: [] } }),
  args: { session: globalAdminSession },
} satisfies Meta<typeof Shell>;
export default meta;

type Story = StoryObj<typeof meta>;

export const GlobalAdminOverview: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Navout' })).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Data Types' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Data Types' })).toBeVisible();
    await expect(await canvas.findByText('No Data Types Found')).toBeVisible();
  },
};

export const CompanyUserOverview: Story = {
  args: { session: companyUserSession },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Acme Retail' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Data' })).not.toBeInTheDocument();
  },
};

/** On a phone the page has the whole width; the navigation opens over it and closes on a choice. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Navout' })).toBeVisible();
    await expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    await expect(canvasElement.querySelector('#main-content')?.getBoundingClientRect().left).toBe(0);
    await expectNoSidewaysScroll(canvasElement);

    await userEvent.click(canvas.getByRole('button', { name: 'Open navigation' }));
    // The open navigation lies over the page, outside the story's root.
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    await userEvent.click(within(navigation).getByRole('link', { name: 'Data Types' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Data Types' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument());
  },
};
