import { useEffect } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESULTS_MESSAGES } from '@domain/survey/messages';
import { failure, mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { renderSignedIn } from '@/lib/testing/renderSignedIn';
import { filterResponses } from '../collectionFixtures';
import { PUBLISHED, publishedApiRoutes, RESPONSES } from '../fixtures';
import { EXPORT_LABEL, ExportButton } from './ExportButton';
import { csvRecordCounter, useResponsesExport, type ExportProgress } from './useResponsesExport';

const survey = PUBLISHED.satisfaction;
const EXPORT_PATH = `/api/surveys/${survey.id}/responses/export`;

function Harness({ seen }: { seen: ExportProgress[] }) {
  const exporter = useResponsesExport(survey.id, survey.name);
  useEffect(() => {
    if (exporter.progress) seen.push(exporter.progress);
  }, [exporter.progress, seen]);
  return <ExportButton progress={exporter.progress} onExport={() => void exporter.start({ deviceType: 'mobile', completed: true })} />;
}

describe('csvRecordCounter', () => {
  it('counts records, not line breaks inside quoted answers, across pieces', () => {
    const counter = csvRecordCounter();
    expect(counter.push('Response ID,Q: Comment\r\n1,"Long queue')).toBe(1);
    expect(counter.push('\r\nat the tills"\r\n2,"He said ""hi""\n')).toBe(2);
    expect(counter.push('and left"\r\n3,fine')).toBe(3);
    expect(counter.finish()).toBe(4);
  });
});

describe('the responses export', { timeout: 30_000 }, () => {
  let restore: RestoreFetch | undefined;
  let downloads: string[];
  beforeEach(() => {
    downloads = [];
    URL.createObjectURL = vi.fn(() => 'blob:navout-export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });
  afterEach(() => {
    restore?.();
    vi.restoreAllMocks();
  });

  it('sends the filters, counts the rows as they arrive, saves the file and says how many', async () => {
    restore = mockFetch(publishedApiRoutes());
    const expected = filterResponses(RESPONSES[survey.id], { deviceType: 'mobile', completed: 'true' }).length;
    const seen: ExportProgress[] = [];
    renderSignedIn(<Harness seen={seen} />);
    await userEvent.click(screen.getByRole('button', { name: EXPORT_LABEL }));

    expect(await screen.findByText(RESULTS_MESSAGES.exported(expected))).toBeInTheDocument();
    expect(restore.calls.find((call) => call.path === EXPORT_PATH)?.query).toEqual({ deviceType: 'mobile', completed: 'true' });
    expect(downloads).toEqual([expect.stringMatching(/^store_visit_satisfaction_responses_\d{4}-\d{2}-\d{2}\.csv$/)]);
    // The server announced the total; the bar moved through the rows to it.
    expect(seen.every((progress) => progress.total === null || progress.total === expected)).toBe(true);
    expect(seen.some((progress) => progress.rows > 0 && progress.rows < expected)).toBe(true);
    // Never past the total on the way. The final count is the notice above: the bar's last state
    // and its removal are set in the same task, so React may render only the removal, and the last
    // state seen is then the last piece's (a record without its line break yet is not counted).
    expect(seen.every((progress) => progress.rows <= expected)).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: EXPORT_LABEL })).toBeEnabled());
  });

  it('shows the progress of a running export as a determinate bar', () => {
    renderSignedIn(<ExportButton progress={{ rows: 30, total: 120 }} onExport={vi.fn()} />);
    const bar = screen.getByRole('progressbar', { name: 'Export progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAttribute('aria-valuetext', '30 of 120 rows');
    expect(screen.getByRole('button', { name: /Exporting/ })).toBeDisabled();
  });

  it('says so when the export fails, and saves nothing', async () => {
    restore = mockFetch(publishedApiRoutes({ overrides: { [`GET ${EXPORT_PATH}`]: failure('internal_error') } }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderSignedIn(<Harness seen={[]} />);
    await userEvent.click(screen.getByRole('button', { name: EXPORT_LABEL }));
    expect(await screen.findByText(RESULTS_MESSAGES.exportFailed)).toBeInTheDocument();
    expect(downloads).toEqual([]);
  });
});
