import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { catchDownloads, type CaughtDownload } from '@/lib/testing/downloads';
import { withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch, type MockCall, type MockRoutes } from '@/lib/testing/mockFetch';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { acmeCompany, globexCompany } from '@/lib/testing/sessions';
import { expectShown } from '@/lib/testing/storyHelpers';
import PrivacyModal, { CHOOSE_COMPANY_FOR_PRIVACY, NO_ERASURES, NO_SUPPRESSIONS } from './PrivacyModal';
import { EMAIL_SUPPRESSION, PERSON_EXPORT, privacyApiRoutes, VISITOR_SUPPRESSION } from './fixtures';

let calls: MockCall[] = [];
let downloads: CaughtDownload[] = [];

/** Serves the routes and catches a saved file before the browser would download it. */
function serve(routes: MockRoutes) {
  const restoreFetch = mockFetch(routes);
  calls = restoreFetch.calls;
  const restoreDownloads = catchDownloads();
  downloads = restoreDownloads.downloads;
  return () => {
    restoreFetch();
    restoreDownloads();
  };
}

const meta = {
  title: 'Administration/Privacy',
  component: PrivacyModal,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => serve(privacyApiRoutes()),
  args: { open: true, onClose: fn() },
} satisfies Meta<typeof PrivacyModal>;
export default meta;

type Story = StoryObj<typeof meta>;
type Scope = ReturnType<typeof within>;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Privacy' }));
const jobItems = async (modal: Scope) => within(await modal.findByRole('list', { name: 'Erasure jobs' })).getAllByRole('listitem');
const countOf = (scope: HTMLElement, label: string) => {
  const term = within(scope).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};
const sent = (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);

/** Jobs newest first with their status, progress and counts per store; a running job is followed until it is done. */
export const JobsAndSuppressions: Story = {
  play: async () => {
    const modal = await dialog();
    const [running, done, failed] = await jobItems(modal);
    await expect(running).toHaveTextContent('User ID cu***42');
    await expect(within(running).getByText('Running')).toBeVisible();
    await expect(within(done).getByText('Done')).toBeVisible();
    await expect(countOf(done, 'Data source records')).toBe('12');
    await expect(countOf(done, 'Survey displays')).toBe('9');
    await expect(countOf(done, 'Records naming them in other fields')).toBe('2');
    await expect(countOf(done, 'Audit log entries')).toBe('3');
    await expect(within(done).getByRole('progressbar', { name: 'Progress of the erasure of E-mail j***@example.com' })).toHaveAttribute('aria-valuenow', '100');
    await expect(within(failed).getByText('Failed')).toBeVisible();
    await expect(failed).toHaveTextContent('The database was unavailable');

    // The list is asked again while a job runs, and the running one ends done.
    await waitFor(() => expect(within(running).getByText('Done')).toBeVisible(), { timeout: 8_000 });
    await expect(within(running).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(sent('GET', '/api/privacy/erasures').length).toBeGreaterThan(1);
    await expect(sent('GET', '/api/privacy/erasures')[0].query.companyFilter).toBe(acmeCompany.id);

    const suppressions = within(modal.getByRole('list', { name: 'Suppressed identifiers' })).getAllByRole('listitem');
    await expect(suppressions).toHaveLength(2);
    await expect(suppressions[0]).toHaveTextContent(EMAIL_SUPPRESSION.hint);
    await expect(suppressions[0]).toHaveTextContent('5 intakes dropped');
    await expect(suppressions[0]).toHaveTextContent('Shopify orders: 3 · Survey widget: 2');
    await expect(suppressions[1]).toHaveTextContent('0 intakes dropped');
  },
};

export const Empty: Story = {
  beforeEach: () => serve(privacyApiRoutes({ erasures: [], suppressions: [] })),
  play: async () => {
    const modal = await dialog();
    await expectShown(() => modal.getByText(NO_ERASURES));
    await expectShown(() => modal.getByText(NO_SUPPRESSIONS));
  },
};

export const LoadFails: Story = {
  beforeEach: () =>
    serve({
      'GET /api/privacy/erasures': failure('internal_error', { error: 'Database unavailable' }),
      'GET /api/privacy/suppressions': failure('internal_error', { error: 'Database unavailable' }),
    }),
  play: async () => {
    const modal = await dialog();
    await expectShown(() => modal.getByText('Failed to load the erasures'));
    await expectShown(() => modal.getByText('Failed to load the suppressions'));
    await expect(modal.getAllByRole('button', { name: 'Retry' })).toHaveLength(2);
    // The erase form stays usable.
    await expect(modal.getByRole('button', { name: 'Erase person' })).toBeEnabled();
  },
};

/**
 * A global admin erases for the company in view: the value is required, the confirmation says it
 * cannot be undone and that later intake is suppressed, and the job started is followed to its end.
 */
export const ErasePerson: Story = {
  decorators: [withSession('globalAdmin', globexCompany.id)],
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await modal.findByRole('list', { name: 'Erasure jobs' });
    await userEvent.click(modal.getByRole('button', { name: 'Erase person' }));
    await expectShown(() => modal.getByText('Identifier value is required'));
    await expect(screen.queryByRole('dialog', { name: 'Erase this person?' })).not.toBeInTheDocument();

    await userEvent.click(modal.getByRole('combobox', { name: 'Identifier type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'User ID' }));
    await userEvent.type(modal.getByRole('textbox', { name: 'Identifier value' }), '  cust-0042 ');
    await userEvent.click(modal.getByRole('button', { name: 'Erase person' }));

    const confirm = await screen.findByRole('dialog', { name: 'Erase this person?' });
    await expect(confirm).toHaveAccessibleDescription(/User ID cu\*\*\*42\. This cannot be undone\./);
    await expect(confirm).toHaveAccessibleDescription(/later intake .* drops them/);
    await expect(sent('POST', '/api/privacy/erasures')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Erase permanently' }));

    await waitFor(() => expect(sent('POST', '/api/privacy/erasures')).toHaveLength(1));
    await expect(sent('POST', '/api/privacy/erasures')[0].body).toEqual({ identifier: { type: 'userId', value: 'cust-0042' }, companyId: globexCompany.id });
    const started = await modal.findByRole('region', { name: 'Started erasure' });
    await expect(started).toHaveTextContent('User ID cu***42');
    await waitFor(() => expect(within(started).getByText('Done')).toBeVisible(), { timeout: 12_000 });
    // The job was followed through its own route, for the company in view.
    const followed = calls.filter((call) => call.method === 'GET' && call.path.startsWith('/api/privacy/erasures/'));
    await expect(followed.length).toBeGreaterThan(1);
    await expect(followed.every((call) => call.query.companyFilter === globexCompany.id)).toBe(true);
    // The form is ready for the next person.
    await expect(modal.getByRole('textbox', { name: 'Identifier value' })).toHaveValue('');
  },
};

/** A global admin viewing every company is asked to choose one first; nothing is loaded. */
export const GlobalAdminAllCompanies: Story = {
  decorators: [withSession('globalAdmin')],
  play: async () => {
    const modal = await dialog();
    await expectShown(() => modal.getByText(CHOOSE_COMPANY_FOR_PRIVACY));
    await expect(modal.queryByRole('button', { name: 'Erase person' })).not.toBeInTheDocument();
    await expect(calls).toHaveLength(0);
  },
};

/** Removing a suppression is confirmed, then the identifier leaves the list. */
export const RemoveSuppression: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await modal.findByRole('list', { name: 'Suppressed identifiers' });
    await userEvent.click(modal.getByRole('button', { name: `Remove the suppression of ${EMAIL_SUPPRESSION.hint}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this suppression?' });
    await expect(confirm).toHaveAccessibleDescription(/Intake accepts j\*\*\*@example\.com again/);
    await expect(sent('DELETE', `/api/privacy/suppressions/${EMAIL_SUPPRESSION.id}`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sent('DELETE', `/api/privacy/suppressions/${EMAIL_SUPPRESSION.id}`)).toHaveLength(1));
    await waitFor(() => expect(within(modal.getByRole('list', { name: 'Suppressed identifiers' })).getAllByRole('listitem')).toHaveLength(1));
    await expect(modal.getByRole('list', { name: 'Suppressed identifiers' })).toHaveTextContent(VISITOR_SUPPRESSION.hint);
  },
};

/** The export asks for the person named in the form and saves the JSON the server answers. */
export const ExportPerson: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.type(modal.getByRole('textbox', { name: 'Identifier value' }), 'jane@example.com');
    await userEvent.click(modal.getByRole('button', { name: "Export person's data" }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    await expect(downloads[0].name).toBe('person-export.json');
    await expect(JSON.parse(await downloads[0].text)).toEqual(PERSON_EXPORT);
    const [request] = sent('GET', '/api/privacy/people/export');
    await expect(request.query).toEqual({ type: 'email', value: 'jane@example.com', companyFilter: acmeCompany.id });
    await expect(sent('POST', '/api/privacy/erasures')).toHaveLength(0);
  },
};

/** At phone width the dialog fills the screen and the jobs and suppressions read as stacked cards. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const modal = await dialog();
    const [running] = await jobItems(modal);
    await expect(running).toBeVisible();
    await modal.findByRole('list', { name: 'Suppressed identifiers' });
    await expect(modal.getByRole('button', { name: `Remove the suppression of ${EMAIL_SUPPRESSION.hint}` })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Erase person' })).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
    const dialogBox = screen.getByRole('dialog', { name: 'Privacy' });
    await expect(dialogBox.scrollWidth).toBeLessThanOrEqual(dialogBox.clientWidth);
  },
};
