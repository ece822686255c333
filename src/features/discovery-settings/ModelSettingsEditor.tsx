/**
 * The model settings of one company once loaded: the two models' tabs, the overview, the toolbar
 * (evaluate, reset, save), the advanced settings and the version history.
 */
import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ModelSettings, ModelSettingsView } from '@domain/models/settings';
import { withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useSession } from '@/lib/session';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { FailureAlert } from '@/ui/FailureAlert';
import { useEvaluateSettings, useResetModelSettings, useSaveModelSettings, useSettingsVersions } from './api';
import { MODEL_NAMES, MODEL_SCREEN, type ModelTab } from './labels';
import { ModelOverview } from './models/ModelOverview';
import { AdvancedSettings } from './settings/AdvancedSettings';
import { EvaluationResult } from './settings/EvaluationResult';
import { SettingsToolbar } from './settings/SettingsToolbar';
import { VersionHistory } from './settings/VersionHistory';

const sameSettings = (a: ModelSettings, b: ModelSettings) => JSON.stringify(a) === JSON.stringify(b);

export function ModelSettingsEditor({ companyId, view }: { companyId: string; view: ModelSettingsView }) {
  const { can } = useSession();
  const readOnly = !can('manageModels');
  const notify = useNotify();
  const idPrefix = useId();
  const [tab, setTab] = useState<ModelTab>('discovery');
  // The edits not saved yet; null while the saved settings are shown as they are.
  const [draft, setDraft] = useState<ModelSettings | null>(null);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const versions = useSettingsVersions(companyId);
  const save = useSaveModelSettings(companyId);
  const reset = useResetModelSettings(companyId);
  const evaluate = useEvaluateSettings(companyId);
  const saved = view.current.settings;
  const settings = draft ?? saved;
  const dirty = draft !== null && !sameSettings(draft, saved);

  const edit = (next: ModelSettings) => {
    setDraft(next);
    // A score belongs to the settings it was computed for.
    evaluate.reset();
  };

  const onSaved = (message: string) => {
    setDraft(null);
    evaluate.reset();
    notify.success(message);
  };

  const tabId = (value: ModelTab) => `${idPrefix}-tab-${value}`;
  const panelId = (value: ModelTab) => `${idPrefix}-panel-${value}`;

  return (
    <Stack spacing={3}>
      {readOnly && <Alert severity="info">{MODEL_SCREEN.readOnly}</Alert>}
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_event, value: ModelTab) => setTab(value)} aria-label="Models">
          {(Object.keys(MODEL_NAMES) as ModelTab[]).map((value) => (
            <Tab key={value} value={value} label={MODEL_NAMES[value]} id={tabId(value)} aria-controls={tab === value ? panelId(value) : undefined} />
          ))}
        </Tabs>
      </Box>
      <Stack spacing={3} role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        <ModelOverview model={tab} tuning={!readOnly} />
        <SettingsToolbar
          currentVersion={view.current.version}
          dirty={dirty}
          readOnly={readOnly}
          saving={save.isPending || reset.isPending}
          evaluating={evaluate.isPending}
          onEvaluate={() => evaluate.mutate(settings)}
          onReset={() => setConfirmingReset(true)}
          onSave={() =>
            save.mutate(settings, {
              onSuccess: (version) => onSaved(MODEL_SCREEN.savedAs(version.version)),
              onError: (error) => notify.error(withReason('Failed to save the settings', error)),
            })
          }
        />
        {evaluate.isError && <FailureAlert title="Failed to evaluate the settings" error={evaluate.error} />}
        {evaluate.data && <EvaluationResult evaluation={evaluate.data} />}
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 9 }}>
            <AdvancedSettings model={tab} settings={settings} saved={saved} readiness={view.readiness} readOnly={readOnly} onChange={edit} />
          </Grid>
          <Grid size={{ xs: 12, lg: 3 }}>
            <VersionHistory versions={versions} currentVersion={view.current.version} />
          </Grid>
        </Grid>
      </Stack>
      <ConfirmDialog
        open={confirmingReset}
        title={MODEL_SCREEN.reset}
        confirmLabel={MODEL_SCREEN.reset}
        busy={reset.isPending}
        error={reset.isError ? <FailureAlert title="Failed to reset the settings" error={reset.error} /> : undefined}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: (version) => {
              setConfirmingReset(false);
              onSaved(MODEL_SCREEN.resetDone(version.version));
            },
          })
        }
        onCancel={() => {
          reset.reset();
          setConfirmingReset(false);
        }}
      >
        {MODEL_SCREEN.resetQuestion}
      </ConfirmDialog>
    </Stack>
  );
}
