import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { API_ERRORS } from '@domain/errors';
import { CHECK_MESSAGES, DRAFT_MESSAGES } from '@domain/survey/messages';
import { STORAGE_KEYS } from '@/lib/storage';
import { SESSIONS } from '@/lib/testing/fixtures';
import { heldRequest, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { acmeCompany } from '@/lib/testing/sessions';
import {
  creatorApiRoutes,
  DRAFTS,
  FEEDBACK_QUESTIONS,
  rememberDraft,
  SURVEY_VIEWER_SESSION,
  withCreatorSession,
} from './creation/fixtures';
import { GUIDE_CARDS } from './creation/GuideTab';
import { CREATOR_LABELS } from './creation/labels';
import { expectNotice, previewIn } from './creation/storyHelpers';
import { SurveyCreationPage } from './SurveyCreationPage';

const PATH = '/zero-party/survey-creation';
let calls: MockCall[] = [];
/** The request a story holds in flight until it has seen what shows meanwhile. */
let held = heldRequest();

const meta = {
  title: 'Pages/CreateIQ',
  component: SurveyCreationPage,
  decorators: [withCreatorSession()],
  parameters: { layout: 'padded', router: { initialEntries: [PATH], path: PATH } },
  beforeEach: () => {
    const forget = rememberDraft(null);
    const restore = mockFetch(creatorApiRoutes());
    calls = restore.calls;
    return () => {
      restore();
      forget();
    };
  },
} satisfies Meta<typeof SurveyCreationPage>;
export default meta;

type Story = StoryObj<typeof meta>;

const tab = (name: string) => screen.getByRole('tab', { name });
const sent = (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);

/** A first visit opens the Guide; every tab can be reached. */
export const Guide: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: CREATOR_LABELS.pageTitle })).toBeVisible();
    await expect(tab('Guide')).toHaveAttribute('aria-selected', 'true');
    for (const card of GUIDE_CARDS) await expect(canvas.getByRole('heading', { name: card.title })).toBeVisible();
    await userEvent.click(tab('Survey Builder'));
    // The builder's code arrives when its tab is first chosen.
    await expect(await canvas.findByRole('button', { name: CREATOR_LABELS.addNewField })).toBeVisible();
    await expect(canvas.getByText(CHECK_MESSAGES.noQuestions)).toBeVisible();
    await expect(canvas.getByRole('button', { name: CREATOR_LABELS.publish })).toBeDisabled();
  },
};

/**
 * Build a question, save the survey as a draft (the name is asked, and required), then an edit is
 * saved to the draft by itself two seconds later.
 */
export const BuildSaveAndAutoSave: Story = {
  args: { initialTab: 'builder' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: CREATOR_LABELS.addNewField }));
    const editor = within(await screen.findByRole('dialog', { name: CREATOR_LABELS.editorTitle }));
    await userEvent.click(editor.getByRole('button', { name: 'Yes / No' }));
    await userEvent.type(editor.getByRole('textbox', { name: /Question Title/ }), 'Would you recommend us?');
    await userEvent.click(editor.getByRole('button', { name: CREATOR_LABELS.saveQuestion }));
    await userEvent.click(editor.getByRole('button', { name: CREATOR_LABELS.reviewSurvey }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('listitem', { name: 'Question 1 ("Would you recommend us?")' })).toBeVisible();
    await expect(canvas.getByText(CREATOR_LABELS.readyToPublish)).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: CREATOR_LABELS.saveAsDraft }));
    const dialog = within(await screen.findByRole('dialog', { name: CREATOR_LABELS.saveAsDraft }));
    const name = dialog.getByRole('textbox', { name: /Draft Name/ });
    await expect(name).toHaveValue('My Survey');
    await userEvent.clear(name);
    await userEvent.click(dialog.getByRole('button', { name: 'Save Draft' }));
    await expectShown(() => dialog.getByText(DRAFT_MESSAGES.nameRequired));
    await userEvent.type(name, 'Recommendation pulse');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Draft' }));
    await expectNotice(DRAFT_MESSAGES.saved);
    await expectShown(() => canvas.getByRole('button', { name: CREATOR_LABELS.saved }));
    const [create] = sent('POST', '/api/surveys/drafts');
    await expect(create.body).toEqual(expect.objectContaining({ name: 'Recommendation pulse' }));
    await expect(localStorage.getItem(STORAGE_KEYS.currentDraftId)).toMatch(/^d0d0d0d0-/);
    await expect(canvas.getByRole('textbox', { name: CREATOR_LABELS.draftName })).toHaveValue('Recommendation pulse');
    await expect(canvas.getByRole('button', { name: CREATOR_LABELS.saved })).toBeVisible();

    await userEvent.type(canvas.getByRole('textbox', { name: CREATOR_LABELS.surveyTitle }), ' 2026');
    await expect(sent('PUT', `/api/surveys/drafts/${localStorage.getItem(STORAGE_KEYS.currentDraftId)}`)).toHaveLength(0);
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1), { timeout: 4_000 });
    const [autosaved] = calls.filter((call) => call.method === 'PUT');
    await expect(autosaved.body).toEqual(expect.objectContaining({ name: 'Recommendation pulse', survey: expect.objectContaining({ title: 'My Survey 2026' }) }));
    await waitFor(() => expect(canvas.getByRole('button', { name: CREATOR_LABELS.updateDraft })).toBeVisible(), { timeout: 4_000 });
  },
};

/** LiveIQ's Edit opens the creator with ?draftId=: the draft is loaded and becomes current. */
export const OpensDraftFromAddress: Story = {
  parameters: { router: { initialEntries: [`${PATH}?draftId=${DRAFTS.feedback.id}`], path: PATH } },
  play: async ({ canvas }) => {
    await expectNotice(DRAFT_MESSAGES.loaded);
    await expect(tab('Survey Builder')).toHaveAttribute('aria-selected', 'true');
    await expect(await canvas.findByRole('textbox', { name: CREATOR_LABELS.draftName })).toHaveValue(DRAFTS.feedback.name);
    await expect(canvas.getByRole('textbox', { name: CREATOR_LABELS.surveyTitle })).toHaveValue('Store visit feedback');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5);
    await expect(canvas.getByText('Hide this question when Question 2 ("How satisfied are you with your visit?") is greater than "2"')).toBeVisible();
    await expect(localStorage.getItem(STORAGE_KEYS.currentDraftId)).toBe(DRAFTS.feedback.id);
  },
};

/** After a reload the remembered draft is read back quietly, and saves go on updating it. */
export const RemembersCurrentDraft: Story = {
  beforeEach: () => rememberDraft(DRAFTS.onboarding.id),
  play: async ({ canvas, userEvent }) => {
    await expectShown(() => canvas.getByRole('textbox', { name: CREATOR_LABELS.draftName }));
    await expect(canvas.getByRole('textbox', { name: CREATOR_LABELS.draftName })).toHaveValue(DRAFTS.onboarding.name);
    await expect(screen.queryByText(DRAFT_MESSAGES.loaded)).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: CREATOR_LABELS.updateDraft }));
    await expectNotice(DRAFT_MESSAGES.updated);
    await expect(sent('PUT', `/api/surveys/drafts/${DRAFTS.onboarding.id}`)).toHaveLength(1);
  },
};

/** A remembered draft that no longer exists is forgotten; the next save makes a new one. */
export const ForgetsMissingDraft: Story = {
  beforeEach: () => rememberDraft('9e9e9e9e-0000-4000-8000-000000000000'),
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByRole('button', { name: CREATOR_LABELS.saveAsDraft }));
    await expect(canvas.getByText(CREATOR_LABELS.unsavedSurvey)).toBeVisible();
    await expect(localStorage.getItem(STORAGE_KEYS.currentDraftId)).toBeNull();
  },
};

/** A current draft that the next read of the list no longer holds was deleted elsewhere: it is forgotten. */
export const ForgetsDraftDeletedElsewhere: Story = {
  beforeEach: () => {
    const forget = rememberDraft(DRAFTS.onboarding.id);
    held = heldRequest();
    const restore = mockFetch({ ...creatorApiRoutes(), 'GET /api/surveys/drafts': { body: [], until: held.released } });
    return () => {
      restore();
      forget();
    };
  },
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByRole('textbox', { name: CREATOR_LABELS.draftName }));
    await expect(canvas.getByRole('textbox', { name: CREATOR_LABELS.draftName })).toHaveValue(DRAFTS.onboarding.name);
    held.release();
    await expectShown(() => canvas.getByRole('button', { name: CREATOR_LABELS.saveAsDraft }));
    await expect(canvas.queryByRole('textbox', { name: CREATOR_LABELS.draftName })).not.toBeInTheDocument();
    await expect(localStorage.getItem(STORAGE_KEYS.currentDraftId)).toBeNull();
  },
};

/** Update Draft on a draft deleted elsewhere: 'Draft not found. Please try again.', and it is forgotten. */
export const UpdateMissingDraft: Story = {
  beforeEach: () => {
    const forget = rememberDraft(DRAFTS.onboarding.id);
    const routes = creatorApiRoutes();
    const restore = mockFetch({
      ...routes,
      [`PUT /api/surveys/drafts/${DRAFTS.onboarding.id}`]: { status: 404, body: { error: DRAFT_MESSAGES.notFound, message: 'No draft with this id exists in your reach.', code: 'not_found' } },
    });
    return () => {
      restore();
      forget();
    };
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: CREATOR_LABELS.updateDraft }));
    await expectNotice(DRAFT_MESSAGES.notFound);
    await expectShown(() => canvas.getByRole('button', { name: CREATOR_LABELS.saveAsDraft }));
    await expect(localStorage.getItem(STORAGE_KEYS.currentDraftId)).toBeNull();
  },
};

/** The draft name in the header is saved a second after typing stops, with 'Saving...' meanwhile. */
export const RenameInHeader: Story = {
  beforeEach: () => {
    const forget = rememberDraft(DRAFTS.onboarding.id);
    const routes = creatorApiRoutes();
    held = heldRequest();
    const restore = mockFetch({
      ...routes,
      [`PATCH /api/surveys/drafts/${DRAFTS.onboarding.id}/name`]: (call) => ({ ...(routes['PATCH /api/*'] as (c: MockCall) => object)(call), until: held.released }),
    });
    calls = restore.calls;
    return () => {
      restore();
      forget();
    };
  },
  play: async ({ canvas, userEvent }) => {
    const name = await canvas.findByRole('textbox', { name: CREATOR_LABELS.draftName });
    await userEvent.clear(name);
    await userEvent.type(name, 'Rewards onboarding 2026');
    await expectShown(() => canvas.getByText(CREATOR_LABELS.saving));
    held.release();
    await waitFor(() => expect(canvas.queryByText(CREATOR_LABELS.saving)).not.toBeInTheDocument());
    const renames = calls.filter((call) => call.method === 'PATCH');
    await expect(renames).toHaveLength(1);
    await expect(renames[0].body).toEqual({ name: 'Rewards onboarding 2026' });
  },
};

/** A rename in the Drafts list replaces what the header held, a refused blank name included. */
export const RenamedInDrafts: Story = {
  beforeEach: () => rememberDraft(DRAFTS.onboarding.id),
  play: async ({ canvas, userEvent }) => {
    const header = await canvas.findByRole('textbox', { name: CREATOR_LABELS.draftName });
    await userEvent.clear(header);
    await userEvent.tab();
    await expectShown(() => canvas.getByText(DRAFT_MESSAGES.renameEmpty));
    await userEvent.click(tab('Drafts'));
    const onboarding = within(await screen.findByRole('article', { name: DRAFTS.onboarding.name }));
    await userEvent.dblClick(onboarding.getByRole('heading', { name: DRAFTS.onboarding.name }));
    await userEvent.clear(onboarding.getByRole('textbox', { name: 'Draft name' }));
    await userEvent.type(onboarding.getByRole('textbox', { name: 'Draft name' }), 'Rewards welcome{Enter}');
    await expectNotice(DRAFT_MESSAGES.renamedToast);
    await userEvent.click(tab('Survey Builder'));
    await expect(await canvas.findByRole('textbox', { name: CREATOR_LABELS.draftName })).toHaveValue('Rewards welcome');
    await expect(canvas.queryByText(DRAFT_MESSAGES.renameEmpty)).not.toBeInTheDocument();
  },
};

/** Publishing the current draft: the server removes the draft, and the browser goes to LiveIQ, on the survey published. */
export const PublishFromBuilder: Story = {
  beforeEach: () => rememberDraft(DRAFTS.feedback.id),
  play: async ({ canvas, userEvent }) => {
    await expectShown(() => canvas.getByText(CREATOR_LABELS.readyToPublish));
    await userEvent.click(canvas.getByRole('button', { name: CREATOR_LABELS.publish }));
    await expectNotice(DRAFT_MESSAGES.published);
    // LiveIQ opens on the survey just published, to start it.
    await expectShown(() => canvas.getByText('Navigated to /zero-party/survey-published?published=p-1'));
    const [publish] = sent('POST', '/api/surveys/publish');
    await expect(publish.body).toEqual(expect.objectContaining({ name: DRAFTS.feedback.name, draftId: DRAFTS.feedback.id }));
    await expect(localStorage.getItem(STORAGE_KEYS.currentDraftId)).toBeNull();
  },
};

/** The server refuses a draft that is not ready and names the problem. */
export const PublishRefused: Story = {
  args: { initialTab: 'drafts' },
  play: async ({ userEvent }) => {
    const card = within(await screen.findByRole('article', { name: DRAFTS.empty.name }));
    await userEvent.click(card.getByRole('button', { name: CREATOR_LABELS.publish }));
    await expectNotice(DRAFT_MESSAGES.publishFailed(CHECK_MESSAGES.noQuestions));
  },
};

/** Load Draft brings a draft into the builder. */
export const LoadFromDrafts: Story = {
  args: { initialTab: 'drafts' },
  play: async ({ canvas, userEvent }) => {
    const card = within(await screen.findByRole('article', { name: DRAFTS.onboarding.name }));
    await userEvent.click(card.getByRole('button', { name: CREATOR_LABELS.loadDraft }));
    await expectNotice(DRAFT_MESSAGES.loaded);
    await expect(tab('Survey Builder')).toHaveAttribute('aria-selected', 'true');
    await expect(await canvas.findByRole('listitem', { name: 'Question 1 ("Which age group are you in?")' })).toBeVisible();
    await userEvent.click(tab('Drafts'));
    const current = within(await screen.findByRole('article', { name: DRAFTS.onboarding.name }));
    await expect(current.getByText(CREATOR_LABELS.currentDraft)).toBeVisible();
  },
};

/** A condition left on a deleted or later question is flagged on its card, not dropped. */
export const LogicCheck: Story = {
  beforeEach: () => {
    const forget = rememberDraft(DRAFTS.feedback.id);
    const restore = mockFetch(creatorApiRoutes());
    calls = restore.calls;
    return () => {
      restore();
      forget();
    };
  },
  play: async ({ canvas, userEvent }) => {
    const rating = await canvas.findByRole('listitem', { name: `Question 2 ("${FEEDBACK_QUESTIONS.satisfaction.title}")` });
    await userEvent.click(within(rating).getByRole('button', { name: /^Delete / }));
    const improve = canvas.getByRole('listitem', { name: `Question 3 ("${FEEDBACK_QUESTIONS.improve.title}")` });
    await expect(within(improve).getByText(CHECK_MESSAGES.missingTarget(`Question 3 ("${FEEDBACK_QUESTIONS.improve.title}")`))).toBeVisible();
    await expect(within(improve).getByText(/when a deleted question is greater than "2"/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: CREATOR_LABELS.publish })).toBeDisabled();
  },
};

/** The Preview tab shows the renderer: the follow-up goes away with a high rating and comes back with a low one. */
export const Preview: Story = {
  beforeEach: () => rememberDraft(DRAFTS.feedback.id),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('textbox', { name: CREATOR_LABELS.draftName });
    await userEvent.click(tab('Preview'));
    const { view } = await previewIn(canvasElement);
    await expect(view.getByRole('heading', { name: 'Store visit feedback' })).toBeVisible();
    await expect(view.getByRole('textbox', { name: /What could we have done better/ })).toBeVisible();
    await userEvent.click(view.getByRole('radio', { name: '5' }));
    await waitFor(() => expect(view.queryByRole('textbox', { name: /What could we have done better/ })).not.toBeInTheDocument());
    await userEvent.click(view.getByRole('radio', { name: '2' }));
    await expectShown(() => view.getByRole('textbox', { name: /What could we have done better/ }));
  },
};

/** Styling: a change of colour reaches the live preview beside the fields. */
export const Styling: Story = {
  args: { initialTab: 'styling' },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const { root } = await previewIn(canvasElement, 'Live preview');
    const text = canvas.getByRole('textbox', { name: 'Text Color' });
    await userEvent.clear(text);
    await userEvent.type(text, '#1b2a4a');
    await waitFor(() => expect(getComputedStyle(root.querySelector('.nv-survey') as HTMLElement).color).toBe('rgb(27, 42, 74)'));
  },
};

/** data_sources:read without write: everything can be looked at, nothing changed. */
export const ReadOnlyViewer: Story = {
  args: { initialTab: 'builder' },
  decorators: [withCreatorSession(SURVEY_VIEWER_SESSION)],
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText(CREATOR_LABELS.readOnly)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: CREATOR_LABELS.addNewField })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: CREATOR_LABELS.saveAsDraft })).not.toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: CREATOR_LABELS.surveyTitle })).toBeDisabled();
    await userEvent.click(tab('Drafts'));
    const card = within(await screen.findByRole('article', { name: DRAFTS.feedback.name }));
    await expect(card.getByRole('button', { name: CREATOR_LABELS.loadDraft })).toBeVisible();
    await expect(card.queryByRole('button', { name: CREATOR_LABELS.publish })).not.toBeInTheDocument();
    await expect(card.queryByRole('button', { name: CREATOR_LABELS.delete })).not.toBeInTheDocument();
  },
};

/** A global admin viewing every company chooses one before a new draft is saved. */
export const GlobalAdminAllCompanies: Story = {
  args: { initialTab: 'builder' },
  decorators: [withCreatorSession(SESSIONS.globalAdmin)],
  beforeEach: () => {
    const forget = rememberDraft(null);
    const restore = mockFetch(creatorApiRoutes({ session: SESSIONS.globalAdmin, drafts: [DRAFTS.feedback, DRAFTS.globex] }));
    return () => {
      restore();
      forget();
    };
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText(API_ERRORS.company_required.message)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: CREATOR_LABELS.saveAsDraft }));
    await expectNotice(API_ERRORS.company_required.message);
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(tab('Drafts'));
    const globex = within(await screen.findByRole('article', { name: DRAFTS.globex.name }));
    await expectShown(() => globex.getByText('Globex Health'));
  },
};

/** A global admin with a company chosen saves drafts for it. */
export const GlobalAdminCompanyInView: Story = {
  args: { initialTab: 'builder' },
  decorators: [withCreatorSession(SESSIONS.globalAdmin, acmeCompany.id)],
  beforeEach: () => {
    const forget = rememberDraft(null);
    const restore = mockFetch(creatorApiRoutes({ session: SESSIONS.globalAdmin, companyFilter: acmeCompany.id }));
    calls = restore.calls;
    return () => {
      restore();
      forget();
    };
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: CREATOR_LABELS.saveAsDraft }));
    const dialog = within(await screen.findByRole('dialog', { name: CREATOR_LABELS.saveAsDraft }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save Draft' }));
    await expectNotice(DRAFT_MESSAGES.saved);
  },
};
