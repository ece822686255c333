import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { EXPORT_FIELDS, EXPORT_LABELS } from '@domain/audience/export';
import { EXPORT_REQUEST_MESSAGES } from '@domain/audience/exportRequest';
import { catchDownloads, type CaughtDownload } from '@/lib/testing/downloads';
import { withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch, type MockCall, type MockRoutes } from '@/lib/testing/mockFetch';
import { acmeCompany, companyAdminSession, globexCompany } from '@/lib/testing/sessions';
import { expectShown } from '@/lib/testing/storyHelpers';
import { EXPORT_CSV_PATH, EXPORT_PREVIEW_PATH } from './api';
import { ExportDataPage } from './ExportDataPage';
import { csvLinesOf, exportApiRoutes, FIXTURE_PROFILES, previewOf, type ExportApiOptions } from './fixtures';
import { EXPORT_TEXT } from './labels';
import { exportFieldsKey } from './rememberedFields';
import { PHONE_GLOBALS, expectNoSidewaysScroll } from '@/lib/testing/phone';

let calls: MockCall[] = [];
let downloads: CaughtDownload[] = [];

/** The fields an earlier story exported are not remembered into the next. */
function forgetExportedFields() {
  for (const key of Object.keys(localStorage)) if (key.startsWith(exportFieldsKey(''))) localStorage.removeItem(key);
}

/** Serves the routes and catches the saved file before the browser would download it. */
function serve(routes: MockRoutes) {
  forgetExportedFields();
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
  title: 'Pages/Export Data',
  component: ExportDataPage,
  decorators: [withSession('companyAdmin')],
  parameters: { layout: 'padded' },
  beforeEach: () => serve(exportApiRoutes()),
} satisfies Meta<typeof ExportDataPage>;
export default meta;

type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const callsTo = (path: string) => calls.filter((call) => call.path === path);
const button = (canvas: Canvas, name: string) => canvas.getByRole('button', { name: new RegExp(`^${name}`) });
const checkedCount = (canvas: Canvas) => canvas.getAllByRole('checkbox').filter((box: HTMLElement) => (box as HTMLInputElement).checked).length;
const withProfiles = (options: ExportApiOptions): Story['beforeEach'] => () => serve(exportApiRoutes(options));

/** The page as it opens the first time: the defaults of section 9, every field chosen, both actions ready. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: EXPORT_TEXT.title })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: EXPORT_LABELS.configuration })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: EXPORT_LABELS.fileName })).toHaveValue('data_export');
    await expect(canvas.getByText(EXPORT_TEXT.savedAs('data_export_30d.csv'))).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: EXPORT_LABELS.dateRange })).toHaveTextContent('Last 30 days');
    await expect(canvas.getByRole('heading', { name: EXPORT_LABELS.selectFields })).toBeVisible();
    for (const field of EXPORT_FIELDS) {
      const box = canvas.getByRole('checkbox', { name: field.name });
      await expect(box).toBeChecked();
      await expect(box).toHaveAccessibleDescription(field.description);
    }
    await expect(canvas.getAllByText('Date & time')).toHaveLength(2);
    await expect(canvas.getByText(EXPORT_TEXT.selectedCount(10, 10))).toBeVisible();
    await expect(button(canvas, EXPORT_LABELS.selectAll)).toBeDisabled();
    await expect(button(canvas, EXPORT_LABELS.preview)).toBeEnabled();
    await expect(button(canvas, EXPORT_LABELS.download)).toBeEnabled();
    await expect(canvas.queryByText(EXPORT_LABELS.noFields)).not.toBeInTheDocument();
    await expectShown(() => canvas.getByText(EXPORT_TEXT.rowsToExport(12, '30d')));
    await expect(callsTo(EXPORT_PREVIEW_PATH)[0]?.query).toEqual({ companyFilter: acmeCompany.id, fields: 'user_id', range: '30d' });
  },
};

/** Select All, Clear All and single fields, with the count and the hint following. */
export const SelectAllAndClearAll: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Email' }));
    await expect(canvas.getByText(EXPORT_TEXT.selectedCount(9, 10))).toBeVisible();
    await userEvent.click(button(canvas, EXPORT_LABELS.selectAll));
    await expect(canvas.getByText(EXPORT_TEXT.selectedCount(10, 10))).toBeVisible();
    await expect(checkedCount(canvas)).toBe(10);
    await expect(button(canvas, EXPORT_LABELS.selectAll)).toBeDisabled();
    await expect(button(canvas, EXPORT_LABELS.preview)).toBeEnabled();
    await expect(button(canvas, EXPORT_LABELS.download)).toBeEnabled();
    await expect(canvas.queryByText(EXPORT_LABELS.noFields)).not.toBeInTheDocument();

    await userEvent.click(button(canvas, EXPORT_LABELS.clearAll));
    await expect(canvas.getByText(EXPORT_TEXT.selectedCount(0, 10))).toBeVisible();
    await expect(checkedCount(canvas)).toBe(0);
    await expect(button(canvas, EXPORT_LABELS.clearAll)).toBeDisabled();
    await expect(button(canvas, EXPORT_LABELS.download)).toBeDisabled();
    await expect(canvas.getByText(EXPORT_LABELS.noFields)).toBeVisible();

    await userEvent.click(canvas.getByRole('checkbox', { name: 'Email' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Revenue' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Email' }));
    await expect(canvas.getByText(EXPORT_TEXT.selectedCount(1, 10))).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Revenue' })).toBeChecked();
    await expect(button(canvas, EXPORT_LABELS.preview)).toBeEnabled();
  },
};

/** Preview Data: the first ten rows of the chosen fields, in field order, from the preview route. */
export const PreviewData: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(button(canvas, EXPORT_LABELS.clearAll));
    for (const name of ['Revenue', 'Name', 'Email']) await userEvent.click(canvas.getByRole('checkbox', { name }));
    await userEvent.click(button(canvas, EXPORT_LABELS.preview));
    const dialog = within(await screen.findByRole('dialog', { name: EXPORT_LABELS.preview }));
    const table = within(await dialog.findByRole('table', { name: EXPORT_LABELS.preview }));
    const rows = table.getAllByRole('row');
    await expect(rows).toHaveLength(11);
    await expect(within(rows[0]!).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Email', 'Name', 'Revenue']);
    const expected = previewOf(FIXTURE_PROFILES, ['email', 'name', 'revenue'], '30d');
    const first = expected.rows[0]!;
    await expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([first.email, first.name, String(first.revenue)]);
    await expect(dialog.getByText(`data_export_30d.csv · ${EXPORT_TEXT.previewShowing(10, expected.total)}`)).toBeVisible();
    await expect(callsTo(EXPORT_PREVIEW_PATH).at(-1)?.query).toEqual({ companyFilter: acmeCompany.id, fields: 'email,name,revenue', range: '30d' });
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** Download CSV: the named file of the chosen range, saved once it has all arrived, with the rows counted. */
export const DownloadCsv: Story = {
  play: async ({ canvas, userEvent }) => {
    const name = canvas.getByRole('textbox', { name: EXPORT_LABELS.fileName });
    await userEvent.clear(name);
    await userEvent.type(name, 'acme customers');
    await userEvent.click(canvas.getByRole('combobox', { name: EXPORT_LABELS.dateRange }));
    await userEvent.click(await screen.findByRole('option', { name: 'Last 90 days' }));
    await expect(canvas.getByText(EXPORT_TEXT.savedAs('acme customers_90d.csv'))).toBeVisible();
    await expect(checkedCount(canvas)).toBe(10);
    await userEvent.click(button(canvas, EXPORT_LABELS.download));

    const lines = csvLinesOf(FIXTURE_PROFILES, EXPORT_FIELDS.map((field) => field.id), '90d');
    await expectShown(() => screen.getByText(EXPORT_TEXT.exported(lines.length - 1, 'acme customers_90d.csv')));
    await expect(callsTo(EXPORT_CSV_PATH).at(-1)?.query).toEqual({ companyFilter: acmeCompany.id, fields: EXPORT_FIELDS.map((field) => field.id).join(','), range: '90d', name: 'acme customers' });
    await expect(downloads.map((file) => file.name)).toEqual(['acme customers_90d.csv']);
    await expect(await downloads[0]!.text).toBe(lines.join('\r\n'));
    await expect(button(canvas, EXPORT_LABELS.download)).toBeEnabled();
  },
};

/** While the file streams: the bar, the rows so far against the total, and Cancel. */
export const DownloadInProgress: Story = {
  beforeEach: withProfiles({ csvDelayMs: Number.POSITIVE_INFINITY }),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Email' }));
    await userEvent.click(button(canvas, EXPORT_LABELS.download));
    await expectShown(() => canvas.getByRole('progressbar', { name: 'Export progress' }));
    await expect(button(canvas, EXPORT_TEXT.exporting)).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: EXPORT_TEXT.cancel }));
    await expectShown(() => screen.getByText(EXPORT_TEXT.cancelled));
    await expect(canvas.queryByRole('progressbar', { name: 'Export progress' })).not.toBeInTheDocument();
    await expect(button(canvas, EXPORT_LABELS.download)).toBeEnabled();
    await expect(downloads).toEqual([]);
  },
};

/** A file name the server would refuse is refused here first, with the same words. */
export const UnusableFileName: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Email' }));
    const name = canvas.getByRole('textbox', { name: EXPORT_LABELS.fileName });
    await userEvent.clear(name);
    await userEvent.type(name, '../secrets');
    await expect(canvas.getByText(EXPORT_REQUEST_MESSAGES.nameCharacters)).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(button(canvas, EXPORT_LABELS.download)).toBeDisabled();
    await expect(button(canvas, EXPORT_LABELS.preview)).toBeEnabled();
    await userEvent.clear(name);
    await expect(canvas.getByText(EXPORT_REQUEST_MESSAGES.nameRequired)).toBeVisible();
  },
};

/** A company without profiles is told how to get data in, not shown sample rows. */
export const NoProfilesYet: Story = {
  beforeEach: withProfiles({ profiles: [] }),
  play: async ({ canvas }) => {
    const notice = within(await canvas.findByRole('region', { name: EXPORT_TEXT.noProfilesTitle }));
    await expect(notice.getByText(EXPORT_TEXT.noProfiles)).toBeVisible();
    await expect(notice.getByRole('link', { name: EXPORT_TEXT.goToDataSources })).toHaveAttribute('href', '/data-sources');
    await expect(notice.getByRole('link', { name: EXPORT_TEXT.goToSurveys })).toHaveAttribute('href', '/zero-party/survey-published');
    await expect(canvas.getByText(EXPORT_TEXT.rowsToExport(0, '30d'))).toBeVisible();
    await expect(canvas.queryByText(EXPORT_TEXT.noneInRange('30d'))).not.toBeInTheDocument();
  },
};

/** Profiles exist, but none was seen in the chosen range. */
export const NoneInRange: Story = {
  beforeEach: withProfiles({ profiles: FIXTURE_PROFILES.filter((profile) => profile.seenDaysAgo === null || profile.seenDaysAgo > 100) }),
  play: async ({ canvas, userEvent }) => {
    await expectShown(() => canvas.getByText(EXPORT_TEXT.noneInRange('30d')));
    await expect(canvas.queryByRole('region', { name: EXPORT_TEXT.noProfilesTitle })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('combobox', { name: EXPORT_LABELS.dateRange }));
    await userEvent.click(await screen.findByRole('option', { name: 'All time' }));
    await waitFor(() => expect(canvas.queryByText(/No profiles were seen/)).not.toBeInTheDocument());
  },
};

/** A failed download shows the server's reason. */
export const DownloadFails: Story = {
  beforeEach: () => serve({ ...exportApiRoutes(), [`GET ${EXPORT_CSV_PATH}`]: failure('not_found', { error: 'No such company exists in your reach.' }) }),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Email' }));
    await userEvent.click(button(canvas, EXPORT_LABELS.download));
    const alert = within(await canvas.findByRole('alert'));
    await expect(alert.getByText(EXPORT_TEXT.exportFailed)).toBeVisible();
    await expect(alert.getByText('No such company exists in your reach.')).toBeVisible();
    await expect(downloads).toEqual([]);
  },
};

/** A global admin viewing every company picks one first; nothing is asked until then. */
export const GlobalAdminViewingAll: Story = {
  decorators: [withSession('globalAdmin')],
  play: async ({ canvas }) => {
    await expect(canvas.getByText(EXPORT_TEXT.chooseCompany)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: EXPORT_LABELS.download })).not.toBeInTheDocument();
    await expect(calls).toHaveLength(0);
  },
};

/** A global admin exports the company chosen in "View Data For". */
export const GlobalAdminViewingGlobex: Story = {
  decorators: [withSession('globalAdmin', globexCompany.id)],
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByText(EXPORT_TEXT.rowsToExport(12, '30d')));
    await expect(calls.every((call) => call.query.companyFilter === globexCompany.id)).toBe(true);
  },
};

/**
 * The fields exported last are remembered for the same user: after a download of Email and Revenue,
 * the page opens again with those two chosen; another user of the browser still starts with all.
 */
export const RemembersLastExport: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(button(canvas, EXPORT_LABELS.clearAll));
    for (const name of ['Email', 'Revenue']) await userEvent.click(canvas.getByRole('checkbox', { name }));
    await userEvent.click(button(canvas, EXPORT_LABELS.download));
    await expectShown(() => screen.getByText(/^Exported /));
    const remembered = Object.keys(localStorage).filter((key) => key.startsWith(exportFieldsKey('')));
    await expect(remembered).toHaveLength(1);
    await expect(JSON.parse(localStorage.getItem(remembered[0]!)!)).toEqual(['email', 'revenue']);
  },
};

/** Opened again by the user who exported Email and Revenue: those two are chosen. */
export const OpensWithLastExport: Story = {
  beforeEach: () => {
    const restore = serve(exportApiRoutes());
    localStorage.setItem(exportFieldsKey(companyAdminSession.user.id), JSON.stringify(['email', 'revenue']));
    return restore;
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(EXPORT_TEXT.selectedCount(2, 10))).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Email' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Revenue' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Name' })).not.toBeChecked();
  },
};

/** At phone width: every field chosen, the page does not scroll sideways. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText(EXPORT_TEXT.selectedCount(10, 10))).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};
