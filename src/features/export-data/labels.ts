/** The Export Data page's own words, beside the specification's labels (EXPORT_LABELS); quoted by its stories and tests. */
import { EXPORT_RANGE_LABELS, type ExportRange } from '@domain/audience/export';

const count = new Intl.NumberFormat('en-US');
const rows = (n: number) => `${count.format(n)} ${n === 1 ? 'row' : 'rows'}`;

export const EXPORT_TEXT = {
  title: 'Export Data',
  intro: 'Download your unified customer profiles as a CSV file: choose the fields and how far back to look.',
  chooseCompany: 'Choose a company in "View Data For" to export its profiles.',
  selectedCount: (selected: number, of: number) => `${selected} of ${of} fields selected`,
  savedAs: (fileName: string) => `Saved as ${fileName}`,
  rowsToExport: (total: number, range: ExportRange) => `${rows(total)} to export (${EXPORT_RANGE_LABELS[range]})`,
  noProfilesTitle: 'No profiles to export yet',
  noProfiles:
    'Profiles are built from the data your company collects. Connect a source on Data Sources, or collect survey responses with a published survey, and the people they describe can be exported here.',
  goToDataSources: 'Go to Data Sources',
  goToSurveys: 'Published Surveys',
  noneInRange: (range: ExportRange) => `No profiles were seen in this range (${EXPORT_RANGE_LABELS[range]}). Choose a longer date range to export more.`,
  totalFailed: 'Failed to count the profiles to export',
  previewFailed: 'Failed to load the preview',
  previewShowing: (shown: number, total: number) => `First ${count.format(shown)} of ${rows(total)}`,
  previewEmpty: 'No profiles in this range: the file would hold only the header row.',
  exportFailed: 'Failed to export data',
  exporting: 'Exporting...',
  cancel: 'Cancel',
  cancelled: 'The export was cancelled.',
  exported: (exported: number, fileName: string) => `Exported ${rows(exported)} to ${fileName}`,
  progress: (received: number, total: number | null) => (total === null ? rows(received) : `${count.format(received)} of ${rows(total)}`),
} as const;

/** The chip of a field's type. */
export const FIELD_TYPE_LABELS = { string: 'Text', number: 'Number', datetime: 'Date & time' } as const;
