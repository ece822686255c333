import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { DRAFT_MESSAGES } from '@domain/survey/messages';
import { failure, mockFetch, type MockCall, type MockRoutes } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { creatorApiRoutes, DRAFTS, withCreatorSession } from './fixtures';
import { DraftsPanel } from './DraftsPanel';
import { CREATOR_LABELS } from './labels';
import { expectNotice } from './storyHelpers';

let calls: MockCall[] = [];

const meta = {
  title: 'Surveys/CreateIQ/DraftsPanel',
  component: DraftsPanel,
  decorators: [withCreatorSession()],
  args: {
    companyFilter: 'c-acme',
    currentDraftId: DRAFTS.feedback.id,
    canManage: true,
    onLoad: fn(),
    onPublish: fn(),
    onNewSurvey: fn(),
    onDeleted: fn(),
    onRenamed: fn(),
  },
  beforeEach: () => {
    const restore = mockFetch(creatorApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof DraftsPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

const card = async (name: string) => within(await screen.findByRole('article', { name }));

export const Grid: Story = {
  play: async ({ args, userEvent }) => {
    const feedback = await card(DRAFTS.feedback.name);
    await expect(feedback.getByText('5 questions')).toBeVisible();
    await expect(feedback.getByText(CREATOR_LABELS.currentDraft)).toBeVisible();
    await expect(screen.getAllByRole('article')).toHaveLength(3);
    await userEvent.click(feedback.getByRole('button', { name: CREATOR_LABELS.loadDraft }));
    await expect(args.onLoad).toHaveBeenCalledWith(expect.objectContaining({ id: DRAFTS.feedback.id }));
    await userEvent.click(feedback.getByRole('button', { name: CREATOR_LABELS.publish }));
    await expect(args.onPublish).toHaveBeenCalledWith(expect.objectContaining({ id: DRAFTS.feedback.id }));
    await userEvent.click(screen.getByRole('button', { name: CREATOR_LABELS.newSurvey }));
    await expect(args.onNewSurvey).toHaveBeenCalled();
  },
};

/** Double-click the name: blank is refused, unchanged just closes, Enter saves with a 3 s toast. */
export const Rename: Story = {
  play: async ({ args, userEvent }) => {
    const onboarding = await card(DRAFTS.onboarding.name);
    await userEvent.dblClick(onboarding.getByRole('heading', { name: DRAFTS.onboarding.name }));
    const field = onboarding.getByRole('textbox', { name: 'Draft name' });
    await expect(field).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onboarding.queryByRole('textbox')).not.toBeInTheDocument();
    await expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);

    await userEvent.dblClick(onboarding.getByRole('heading', { name: DRAFTS.onboarding.name }));
    await userEvent.clear(onboarding.getByRole('textbox', { name: 'Draft name' }));
    await userEvent.keyboard('{Enter}');
    await expect(onboarding.getByText(DRAFT_MESSAGES.renameEmpty)).toBeVisible();
    await userEvent.type(onboarding.getByRole('textbox', { name: 'Draft name' }), 'Rewards welcome{Enter}');
    await expectNotice(DRAFT_MESSAGES.renamedToast);
    await expectShown(() => screen.getByRole('article', { name: 'Rewards welcome' }));
    await expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ name: 'Rewards welcome' }]);
    await expect(args.onRenamed).toHaveBeenCalledWith(DRAFTS.onboarding.id, 'Rewards welcome');
  },
};

/** A failed rename keeps the field open and says so, with its toast. */
export const RenameFails: Story = {
  beforeEach: () =>
    mockFetch({
      ...creatorApiRoutes(),
      [`PATCH /api/surveys/drafts/${DRAFTS.empty.id}/name`]: failure('internal_error'),
    } as MockRoutes),
  play: async ({ userEvent }) => {
    const empty = await card(DRAFTS.empty.name);
    await userEvent.click(empty.getByRole('button', { name: `Rename ${DRAFTS.empty.name}` }));
    await userEvent.type(empty.getByRole('textbox', { name: 'Draft name' }), ' 2026');
    // Leaving the field saves too.
    await userEvent.tab();
    await expectNotice(DRAFT_MESSAGES.renameFailedToast);
    await expect(empty.getByText(DRAFT_MESSAGES.renameFailed)).toBeVisible();
    await expect(empty.getByRole('textbox', { name: 'Draft name' })).toHaveValue(`${DRAFTS.empty.name} 2026`);
  },
};

export const DeleteWithConfirmation: Story = {
  play: async ({ args, userEvent }) => {
    const empty = await card(DRAFTS.empty.name);
    await userEvent.click(empty.getByRole('button', { name: CREATOR_LABELS.delete }));
    const confirm = within(await screen.findByRole('dialog', { name: CREATOR_LABELS.deleteDraft }));
    await expect(confirm.getByText(new RegExp(DRAFT_MESSAGES.confirmDelete.replace('?', '\\?')))).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: CREATOR_LABELS.delete }));
    await expectNotice(DRAFT_MESSAGES.deleted);
    await waitFor(() => expect(screen.queryByRole('article', { name: DRAFTS.empty.name })).not.toBeInTheDocument());
    await expect(args.onDeleted).toHaveBeenCalledWith(DRAFTS.empty.id);
  },
};

export const DeleteFails: Story = {
  beforeEach: () => mockFetch({ ...creatorApiRoutes(), [`DELETE /api/surveys/drafts/${DRAFTS.empty.id}`]: failure('internal_error') }),
  play: async ({ userEvent }) => {
    const empty = await card(DRAFTS.empty.name);
    await userEvent.click(empty.getByRole('button', { name: CREATOR_LABELS.delete }));
    const confirm = within(await screen.findByRole('dialog', { name: CREATOR_LABELS.deleteDraft }));
    await userEvent.click(confirm.getByRole('button', { name: CREATOR_LABELS.delete }));
    await expectNotice(DRAFT_MESSAGES.deleteFailed('Something went wrong on our side. Please try again later.'));
    await expect(screen.getByRole('article', { name: DRAFTS.empty.name })).toBeVisible();
  },
};

/**
 * A server error is retried twice (after 1 s, then 2 s) before the failure shows; Retry Loading
 * reads the list again.
 */
export const LoadFailureAndRetry: Story = {
  beforeEach: () => {
    let reads = 0;
    const routes = creatorApiRoutes();
    const restore = mockFetch({
      ...routes,
      'GET /api/surveys/drafts': (call) => {
        reads += 1;
        return reads <= 3 ? failure('internal_error', { message: 'Database unavailable' }) : (routes['GET /api/*'] as (c: MockCall) => never)(call);
      },
    });
    calls = restore.calls;
    return restore;
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading drafts' })).toBeVisible();
    await waitFor(() => expect(canvas.getByText(DRAFT_MESSAGES.loadListFailed('Database unavailable'))).toBeVisible(), { timeout: 6_000 });
    await expect(calls.filter((call) => call.path === '/api/surveys/drafts')).toHaveLength(3);
    await expect(canvas.queryByRole('article')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: CREATOR_LABELS.retryLoading }));
    await expectShown(() => canvas.getByRole('article', { name: DRAFTS.feedback.name }));
    await expect(canvas.queryByText(DRAFT_MESSAGES.loadListFailed('Database unavailable'))).not.toBeInTheDocument();
  },
};

export const Empty: Story = {
  beforeEach: () => mockFetch(creatorApiRoutes({ drafts: [] })),
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByText(CREATOR_LABELS.noDrafts));
  },
};

export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvas, userEvent }) => {
    const feedback = await card(DRAFTS.feedback.name);
    await expect(feedback.queryByRole('button', { name: /^Rename/ })).not.toBeInTheDocument();
    await userEvent.dblClick(feedback.getByRole('heading', { name: DRAFTS.feedback.name }));
    await expect(feedback.queryByRole('textbox')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: CREATOR_LABELS.newSurvey })).not.toBeInTheDocument();
  },
};
