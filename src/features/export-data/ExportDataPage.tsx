/** Export Data (specification, sections 2, 5 and 9), routed at /export-data. */
import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_EXPORT_FILE_NAME, DEFAULT_EXPORT_RANGE, EXPORT_FIELDS, exportFileName, type ExportFieldId, type ExportRange } from '@domain/audience/export';
import { exportFileNameProblem } from '@domain/audience/exportRequest';
import { ALL_COMPANIES, useCompanyFilter, useSession } from '@/lib/session';
import { useDialogOpen } from '@/lib/useDialogOpen';
import { FailureAlert } from '@/ui/FailureAlert';
import { useExportTotal, type ExportSelection } from './api';
import { ExportActions } from './ExportActions';
import { ExportConfigurationCard } from './ExportConfigurationCard';
import { FieldSelectionCard } from './FieldSelectionCard';
import { EXPORT_TEXT } from './labels';
import { NoProfilesNotice } from './NoProfilesNotice';
import { rememberedFields, rememberFields } from './rememberedFields';
import { useExportDownload } from './useExportDownload';

// The preview (a dialog with a table) is downloaded when first asked for, not with the page.
const ExportPreviewDialog = lazy(async () => ({ default: (await import('./ExportPreviewDialog')).ExportPreviewDialog }));

/** The company the page exports: the filter's choice, or the user's own; null for a global admin viewing all. */
function useExportCompanyId(): string | null {
  const { session, can } = useSession();
  const { companyFilter, filterParam } = useCompanyFilter();
  if (can('chooseCompany') && companyFilter === ALL_COMPANIES) return null;
  return filterParam ?? session?.company.id ?? null;
}

export function ExportDataPage() {
  const companyId = useExportCompanyId();
  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {EXPORT_TEXT.title}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{EXPORT_TEXT.intro}</Typography>
      </Box>
      {companyId ? (
        // Another company starts afresh: no selection or running download carries over.
        <CompanyExport key={companyId} companyId={companyId} />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
          <Typography sx={{ color: 'text.secondary' }}>{EXPORT_TEXT.chooseCompany}</Typography>
        </Paper>
      )}
    </Stack>
  );
}

const FIELD_ORDER = EXPORT_FIELDS.map((field) => field.id);

function CompanyExport({ companyId }: { companyId: string }) {
  const userId = useSession().session?.user.id;
  const [fileName, setFileName] = useState(DEFAULT_EXPORT_FILE_NAME);
  const [range, setRange] = useState<ExportRange>(DEFAULT_EXPORT_RANGE);
  // The fields this user last exported, or every field the first time.
  const [selected, setSelected] = useState<Set<ExportFieldId>>(() => rememberedFields(userId));
  const preview = useDialogOpen();
  const download = useExportDownload();
  const inRange = useExportTotal(companyId, range);
  const allTime = useExportTotal(companyId, 'all');

  const fields = FIELD_ORDER.filter((id) => selected.has(id));
  const selection: ExportSelection = { companyId, fields, range };
  const fileNameProblem = exportFileNameProblem(fileName);
  const savedAs = exportFileName(fileNameProblem ? '' : fileName, range);
  const hasNoProfiles = allTime.total === 0;

  return (
    <Stack spacing={3}>
      {hasNoProfiles && <NoProfilesNotice />}
      {inRange.isError && <FailureAlert title={EXPORT_TEXT.totalFailed} error={inRange.error} onRetry={() => void inRange.refetch()} />}
      {!hasNoProfiles && inRange.total === 0 && <Alert severity="info">{EXPORT_TEXT.noneInRange(range)}</Alert>}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 4 }}>
          <ExportConfigurationCard
            fileName={fileName}
            onFileNameChange={setFileName}
            range={range}
            onRangeChange={setRange}
            fileNameProblem={fileNameProblem}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          <FieldSelectionCard selected={selected} onChange={setSelected} />
        </Grid>
      </Grid>
      {download.error !== null && <FailureAlert title={EXPORT_TEXT.exportFailed} error={download.error} />}
      <ExportActions
        selectedCount={fields.length}
        downloadBlocked={fileNameProblem !== null}
        summary={inRange.total === undefined ? null : EXPORT_TEXT.rowsToExport(inRange.total, range)}
        progress={download.progress}
        onPreview={preview.show}
        onDownload={() => {
          rememberFields(userId, fields);
          void download.start({ ...selection, name: fileName });
        }}
        onCancel={download.cancel}
      />
      {preview.opened && (
        <Suspense fallback={null}>
          <ExportPreviewDialog open={preview.open} onClose={preview.close} selection={selection} fileName={savedAs} />
        </Suspense>
      )}
    </Stack>
  );
}
