import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DISCOVERY_LEVER_INFO,
  DISCOVERY_LEVERS,
  EXPLANATION_LEVER_INFO,
  EXPLANATION_LEVERS,
  HOLDOUT_MAX_PERCENT,
  type LeverReadiness,
  type ModelSettings,
} from '@domain/models/settings';
import { MODEL_SCREEN, type ModelTab } from '../labels';
import { LeverSlider } from './LeverSlider';
import { PhraseListInput } from './PhraseListInput';

export interface AdvancedSettingsProps {
  model: ModelTab;
  settings: ModelSettings;
  saved: ModelSettings;
  readiness: readonly LeverReadiness[];
  readOnly: boolean;
  onChange: (settings: ModelSettings) => void;
}

/** One model's sliders (12 Discovery, 8 RECsplanation), with the holdout or the phrase lists. */
export function AdvancedSettings({ model, settings, saved, readiness, readOnly, onChange }: AdvancedSettingsProps) {
  const readinessOf = new Map(readiness.map((entry) => [entry.lever, entry]));
  return (
    <Paper variant="outlined" component="section" aria-label={MODEL_SCREEN.advancedSettings} sx={{ p: 3 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        {MODEL_SCREEN.advancedSettings}
      </Typography>
      <Grid container spacing={3}>
        {model === 'discovery'
          ? DISCOVERY_LEVERS.map((lever) => (
              <Grid key={lever} size={{ xs: 12, md: 6 }}>
                <LeverSlider
                  info={DISCOVERY_LEVER_INFO[lever]}
                  value={settings.discovery[lever]}
                  edited={settings.discovery[lever] !== saved.discovery[lever]}
                  readiness={readinessOf.get(lever)}
                  disabled={readOnly}
                  onChange={(value) => onChange({ ...settings, discovery: { ...settings.discovery, [lever]: value } })}
                />
              </Grid>
            ))
          : EXPLANATION_LEVERS.map((lever) => (
              <Grid key={lever} size={{ xs: 12, md: 6 }}>
                <LeverSlider
                  info={EXPLANATION_LEVER_INFO[lever]}
                  value={settings.explanation[lever]}
                  edited={settings.explanation[lever] !== saved.explanation[lever]}
                  disabled={readOnly}
                  onChange={(value) => onChange({ ...settings, explanation: { ...settings.explanation, [lever]: value } })}
                />
              </Grid>
            ))}
      </Grid>
      <Stack spacing={3} sx={{ mt: 3 }}>
        {model === 'discovery' ? (
          <Grid container>
            <Grid size={{ xs: 12, md: 6 }}>
              <LeverSlider
                info={{ label: `${MODEL_SCREEN.holdout} (0-${HOLDOUT_MAX_PERCENT} %)`, description: MODEL_SCREEN.holdoutHelp }}
                value={settings.holdoutPercent}
                edited={settings.holdoutPercent !== saved.holdoutPercent}
                disabled={readOnly}
                max={HOLDOUT_MAX_PERCENT}
                onChange={(holdoutPercent) => onChange({ ...settings, holdoutPercent })}
              />
            </Grid>
          </Grid>
        ) : (
          <>
            <PhraseListInput
              label={MODEL_SCREEN.bannedPhrases}
              helperText="Explanations never contain these."
              phrases={settings.bannedPhrases}
              disabled={readOnly}
              onChange={(bannedPhrases) => onChange({ ...settings, bannedPhrases })}
            />
            <PhraseListInput
              label={MODEL_SCREEN.requiredPhrases}
              helperText="Explanations carry one of these (one is added when none is present)."
              phrases={settings.requiredPhrases}
              disabled={readOnly}
              onChange={(requiredPhrases) => onChange({ ...settings, requiredPhrases })}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
