import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { SAMPLE_INVITATION_LINK, USERS, withSession } from '@/lib/testing/fixtures';
import { expectShown } from '@/lib/testing/storyHelpers';
import { InvitationLinkPanel } from './InvitationLinkPanel';

const meta = {
  title: 'Administration/Users/InvitationLinkPanel',
  component: InvitationLinkPanel,
  decorators: [withSession('companyAdmin')],
  args: {
    invitation: {
      user: USERS.ivy,
      invitationLink: SAMPLE_INVITATION_LINK,
      expiresAt: '2026-06-08T12:00:00.000Z',
      emailSent: false,
    },
    onInviteAnother: fn(),
    onDone: fn(),
  },
} satisfies Meta<typeof InvitationLinkPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NoEmailSent: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Invitation Link')).toHaveValue(SAMPLE_INVITATION_LINK);
    await expectShown(() => canvas.getByText('No e-mail was sent: share this link with the invitee yourself.'));
  },
};

export const EmailSent: Story = {
  args: { invitation: { ...meta.args.invitation, emailSent: true } },
};

export const CopiesTheLink: Story = {
  // The stand-in clipboard set in the play function is removed again after the story.
  beforeEach: () => () => {
    delete (navigator as { clipboard?: unknown }).clipboard;
  },
  play: async ({ canvas, userEvent }) => {
    const writeText = fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    await expect(writeText).toHaveBeenCalledWith(SAMPLE_INVITATION_LINK);
    await expectShown(() => canvas.getByRole('button', { name: 'Link copied' }));
  },
};
