import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PERMISSIONS_LOGO_LIMIT, PROFILE_IMAGE_LIMIT } from '@/lib/imageValidation';
import { useSession } from '@/lib/session';
import { adminApiRoutes, sampleFile, SAMPLE_IMAGE_URL, SESSIONS, withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { acmeCompany } from '@/lib/testing/sessions';
import { expectShown } from '@/lib/testing/storyHelpers';
import { CompanyLogoUpload, type CompanyLogoUploadProps } from './CompanyLogoUpload';

/** The signed-in admin's own company, read back from the session as the header reads it. */
function OwnCompanyLogo(props: Omit<CompanyLogoUploadProps, 'company' | 'isOwn'>) {
  const { session } = useSession();
  return session && <CompanyLogoUpload {...props} company={session.company} isOwn />;
}

const meta = {
  title: 'UI/CompanyLogoUpload',
  component: CompanyLogoUpload,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => mockFetch(adminApiRoutes({ session: SESSIONS.companyAdmin })),
  args: { company: acmeCompany, isOwn: true, limit: PERMISSIONS_LOGO_LIMIT },
} satisfies Meta<typeof CompanyLogoUpload>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The session (and so the header) shows the stored logo once the server has it. */
export const Uploads: Story = {
  render: (args) => <OwnCompanyLogo limit={args.limit} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.upload(canvas.getByLabelText('Upload company logo'), sampleFile('acme.png', 'image/png', 30_000));
    // The server's answer carries the stored logo's address.
    await expect(await canvas.findByLabelText('Change company logo')).toBeInTheDocument();
  },
};

export const ProfileLimit: Story = {
  args: { limit: PROFILE_IMAGE_LIMIT },
  play: async ({ canvas, userEvent }) => {
    await userEvent.upload(canvas.getByLabelText('Upload company logo'), sampleFile('poster.jpg', 'image/jpeg', 6 * 1024 * 1024));
    await expectShown(() => canvas.getByText('Image file must be smaller than 5MB'));
  },
};

export const RemoveFails: Story = {
  args: { company: { ...acmeCompany, logoUrl: SAMPLE_IMAGE_URL } },
  beforeEach: () => mockFetch({ [`DELETE /api/companies/${acmeCompany.id}/logo`]: failure('internal_error', { error: 'Storage unavailable' }) }),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Remove company logo' }));
    await expectShown(() => canvas.getByText('Failed to remove logo. Please try again.'));
  },
};
