import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { catchDownloads, type CaughtDownload } from '@/lib/testing/downloads';
import { withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch, type MockCall, type MockRoutes } from '@/lib/testing/mockFetch';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { acmeCompany } from '@/lib/testing/sessions';
import { expectShown } from '@/lib/testing/storyHelpers';
import { ErasePersonForm } from './ErasePersonForm';
import { PERSON_EXPORT, privacyApiRoutes } from './fixtures';

let calls: MockCall[] = [];
let downloads: CaughtDownload[] = [];

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
  title: 'Administration/Privacy/Erase or export a person',
  component: ErasePersonForm,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => serve(privacyApiRoutes()),
  args: { companyId: acmeCompany.id },
} satisfies Meta<typeof ErasePersonForm>;
export default meta;

type Story = StoryObj<typeof meta>;

const sent = (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);

/** The confirmation names the person masked and says what is erased, replaced and suppressed. */
export const Erase: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Identifier value' }), 'jane@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Erase person' }));
    const confirm = await screen.findByRole('dialog', { name: 'Erase this person?' });
    await expect(confirm).toHaveAccessibleDescription(/E-mail j\*\*\*@example\.com\. This cannot be undone\./);
    await expect(confirm).toHaveAccessibleDescription(/an audit log entry names them, their identifier is replaced/);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Erase permanently' }));
    await waitFor(() => expect(sent('POST', '/api/privacy/erasures')).toHaveLength(1));
    await expect(await canvas.findByRole('region', { name: 'Started erasure' })).toHaveTextContent('E-mail j***@example.com');
  },
};

/** The export saves the streamed JSON document for the person named. */
export const Export: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Identifier value' }), 'jane@example.com');
    await userEvent.click(canvas.getByRole('button', { name: "Export person's data" }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    await expect(JSON.parse(await downloads[0].text)).toEqual(PERSON_EXPORT);
  },
};

export const ExportFails: Story = {
  beforeEach: () => serve({ 'GET /api/privacy/people/export': failure('internal_error', { error: 'Database unavailable' }) }),
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Identifier value' }), 'jane@example.com');
    await userEvent.click(canvas.getByRole('button', { name: "Export person's data" }));
    await expectShown(() => canvas.getByText('The export failed'));
    await expect(downloads).toHaveLength(0);
  },
};

export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Erase person' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: "Export person's data" })).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};
