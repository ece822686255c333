/**
 * A person by one identifier: erased after a confirmation that says it cannot be undone and that
 * later intake is suppressed (the job then followed to its end), or exported as JSON.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import { ERASURE_IDENTIFIER_LABELS, ERASURE_IDENTIFIER_TYPES, erasureRequestSchema, maskIdentifier, type ErasureRequest } from '@domain/privacy/contract';
import { useNotify } from '@/lib/notifications';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { FailureAlert } from '@/ui/FailureAlert';
import { FormTextField } from '@/ui/FormTextField';
import { optionsOf } from '@/ui/SelectField';
import { useErase } from './api';
import { StartedErasure } from './ErasureSummary';
import { ERASURE_WARNING } from './labels';
import { Section } from './parts';
import { usePersonExport } from './usePersonExport';

type Identifier = ErasureRequest['identifier'];

export function ErasePersonForm({ companyId }: { companyId: string }) {
  const notify = useNotify();
  const { control, handleSubmit, reset } = useForm<ErasureRequest>({
    resolver: yupResolver(erasureRequestSchema),
    defaultValues: { identifier: { type: 'email', value: '' } },
  });
  const [confirming, setConfirming] = useState<Identifier | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const erase = useErase(companyId);
  const personExport = usePersonExport(companyId);

  const askToErase = handleSubmit((input) => {
    erase.reset();
    setConfirming(input.identifier);
  });
  const confirmErase = () => {
    if (!confirming) return;
    erase.mutate(confirming, {
      onSuccess: (job) => {
        setConfirming(null);
        setJobId(job.id);
        reset();
        notify.success('The erasure has started.');
      },
    });
  };
  const exportPerson = handleSubmit(({ identifier }) => personExport.download(identifier.type, identifier.value));

  return (
    <Section title="Erase or export a person">
      <Stack spacing={2}>
        <Grid container spacing={1.5} component="form" noValidate aria-label="Person" onSubmit={(event) => void askToErase(event)}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name="identifier.type" label="Identifier type" options={optionsOf(ERASURE_IDENTIFIER_TYPES, ERASURE_IDENTIFIER_LABELS)} fullWidth size="small" />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <FormTextField control={control} name="identifier.value" label="Identifier value" fullWidth size="small" autoComplete="off" />
          </Grid>
          <Grid size={12}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button startIcon={<DownloadIcon />} variant="outlined" onClick={() => void exportPerson()} loading={personExport.exporting}>
                Export person's data
              </Button>
              <Button type="submit" startIcon={<DeleteForeverIcon />} variant="contained" color="error">
                Erase person
              </Button>
            </Stack>
          </Grid>
        </Grid>
        {personExport.error !== null && <FailureAlert title="The export failed" error={personExport.error} onRetry={() => void exportPerson()} />}
        {jobId && <StartedErasure companyId={companyId} id={jobId} />}
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title="Erase this person?"
        confirmLabel="Erase permanently"
        destructive
        busy={erase.isPending}
        error={erase.isError && <FailureAlert title="The erasure could not be started" error={erase.error} />}
        onConfirm={confirmErase}
        onCancel={() => setConfirming(null)}
      >
        {confirming && `${ERASURE_IDENTIFIER_LABELS[confirming.type]} ${maskIdentifier(confirming.value.trim())}. `}
        {ERASURE_WARNING}
      </ConfirmDialog>
    </Section>
  );
}
