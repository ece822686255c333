import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { acmeCompany } from '@/lib/testing/sessions';
import { DRAFT_CARD_LABELS, DraftCard } from './DraftCard';
import { DRAFTS } from './fixtures';
import { CREATOR_LABELS } from './labels';

const { survey: _survey, ...summary } = DRAFTS.feedback;

const meta = {
  title: 'Surveys/CreateIQ/DraftCard',
  component: DraftCard,
  args: {
    draft: { ...summary, title: 'Store visit feedback' },
    isCurrent: false,
    canManage: true,
    onLoad: fn(),
    onPublish: fn(),
    onDelete: fn(),
    onRename: fn(() => Promise.resolve()),
  },
} satisfies Meta<typeof DraftCard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Draft: Story = {
  args: { isCurrent: true, companyName: acmeCompany.name },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: DRAFTS.feedback.name })).toBeVisible();
    await expect(canvas.getByText(DRAFT_CARD_LABELS.questions(5))).toBeVisible();
    await expect(canvas.getByText(CREATOR_LABELS.currentDraft)).toBeVisible();
    await expect(canvas.getByText(acmeCompany.name)).toBeVisible();
    await expect(canvas.getByText(/^Created /)).toBeVisible();
  },
};

/** Escape leaves the name as it was. */
export const RenameCancelled: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: DRAFT_CARD_LABELS.rename(DRAFTS.feedback.name) }));
    await userEvent.type(canvas.getByRole('textbox', { name: DRAFT_CARD_LABELS.nameField }), ' (old){Escape}');
    await expect(canvas.getByRole('heading', { name: DRAFTS.feedback.name })).toBeVisible();
    await expect(args.onRename).not.toHaveBeenCalled();
  },
};

export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: CREATOR_LABELS.loadDraft })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: CREATOR_LABELS.publish })).not.toBeInTheDocument();
  },
};
