import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, screen, waitFor, within } from 'storybook/test';
import { adminApiRoutes, sampleFile, SESSIONS, withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import ProfileSettingsModal from './ProfileSettingsModal';

const meta = {
  title: 'Profile/Profile Settings',
  component: ProfileSettingsModal,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => mockFetch(adminApiRoutes({ session: SESSIONS.companyAdmin })),
  args: { open: true, onClose: fn() },
} satisfies Meta<typeof ProfileSettingsModal>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Profile Settings' }));

/** Name, e-mail and role are the administrator's: read-only, "Set by Admin". */
export const Default: Story = {
  play: async () => {
    const modal = await dialog();
    await expect(modal.getByLabelText('Name')).toHaveAttribute('readonly');
    await expect(modal.getByLabelText('Email')).toHaveValue('alice@acme.example');
    await expect(modal.getByLabelText('Role')).toHaveValue('Company Admin');
    await expect(modal.getAllByText('Set by Admin')).toHaveLength(3);
    await expect(modal.getByLabelText(/^Profile Name/)).toHaveValue('Alice');
    await expect(modal.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
  },
};

export const ProfileNameRequired: Story = {
  play: async ({ args, userEvent }) => {
    const modal = await dialog();
    await userEvent.clear(modal.getByLabelText(/^Profile Name/));
    await userEvent.click(modal.getByRole('button', { name: 'Save' }));
    await expectShown(() => modal.getByText('Profile name is required'));
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** Success shows the message, then the modal closes itself after 1.5 s. */
export const Saves: Story = {
  play: async ({ args, userEvent }) => {
    const modal = await dialog();
    await userEvent.clear(modal.getByLabelText('Job Title'));
    await userEvent.type(modal.getByLabelText('Job Title'), 'Director of CRM');
    await userEvent.click(modal.getByRole('button', { name: 'Save' }));
    await expectShown(() => modal.getByText('Profile updated successfully!'));
    await expect(args.onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onClose).toHaveBeenCalled(), { timeout: 3_000 });
  },
};

export const SaveFails: Story = {
  beforeEach: () => mockFetch({ 'PUT /api/users/profile': failure('internal_error', { error: 'Database unavailable' }) }),
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.click(modal.getByRole('button', { name: 'Save' }));
    await expectShown(() => modal.getByText('Failed to update user profile'));
    await expectShown(() => modal.getByText('Database unavailable'));
  },
};

export const PhotoUploads: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.upload(modal.getByLabelText('Upload profile photo'), sampleFile('alice.jpg', 'image/jpeg', 200_000));
    await expectShown(() => modal.getByRole('button', { name: 'Remove profile photo' }));
  },
};

export const PhotoNotAnImage: Story = {
  play: async () => {
    const modal = await dialog();
    fireEvent.change(modal.getByLabelText('Upload profile photo'), {
      target: { files: [sampleFile('cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 30_000)] },
    });
    await expectShown(() => modal.getByText('Please select a valid image file'));
  },
};

export const PhotoTooLarge: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.upload(modal.getByLabelText('Upload profile photo'), sampleFile('alice.png', 'image/png', 6 * 1024 * 1024));
    await expectShown(() => modal.getByText('Image file must be smaller than 5MB'));
  },
};

export const OrdinaryUser: Story = {
  decorators: [withSession('user')],
  beforeEach: () => mockFetch(adminApiRoutes({ session: SESSIONS.user })),
  play: async () => {
    const modal = await dialog();
    await expect(modal.getByLabelText('Role')).toHaveValue('User');
    // No profile name yet: it starts from the name the admin gave.
    await expect(modal.getByLabelText(/^Profile Name/)).toHaveValue(SESSIONS.user.user.name);
  },
};
