import type { Meta, StoryObj } from '@storybook/react-vite';
import Typography from '@mui/material/Typography';
import { expect } from 'storybook/test';
import type { Session } from '@/lib/session';
import { companyAdminSession, companyUserSession, SessionFixture } from '@/lib/testing/sessions';
import { RequireAccess, SESSION_LOADING_LABEL } from './RequireAccess';

interface GuardStoryArgs {
  session: Session | null;
  isLoading: boolean;
}

/** The guard in front of /data-types, which needs the viewData capability (data_sources:read). */
function GuardedDataTypes({ session, isLoading }: GuardStoryArgs) {
  return (
    <SessionFixture session={session} isLoading={isLoading}>
      <RequireAccess access="viewData">
        <Typography variant="h4" component="h1">
          Data Types
        </Typography>
      </RequireAccess>
    </SessionFixture>
  );
}

const meta = {
  title: 'App/RequireAccess',
  component: GuardedDataTypes,
  parameters: { router: { initialEntries: ['/data-types'], path: '/data-types' } },
  args: { session: null, isLoading: false },
} satisfies Meta<typeof GuardedDataTypes>;
export default meta;

type Story = StoryObj<typeof meta>;

export const LoadingSession: Story = {
  args: { isLoading: true },
  parameters: { layout: 'fullscreen' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(SESSION_LOADING_LABEL);
  },
};

export const RedirectsToSignIn: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Navigated to /login')).toBeInTheDocument();
  },
};

export const RedirectsToAccessDenied: Story = {
  args: { session: companyUserSession },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Navigated to /unauthorized')).toBeInTheDocument();
  },
};

export const ShowsThePage: Story = {
  args: { session: companyAdminSession },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Data Types' })).toBeVisible();
  },
};
