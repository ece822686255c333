import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Survey, SurveySettings } from '@domain/survey/types';
import { SurveyPreview } from '../preview/SurveyPreview';
import { LayoutFields } from '../styling/LayoutFields';
import { LogoFields } from '../styling/LogoFields';
import { ThemeFields } from '../styling/ThemeFields';

export const STYLING_TAB_LABELS = {
  logo: 'Logo',
  display: 'Display Mode and Layout',
  theme: 'Colours and Typography',
  preview: 'Live preview',
} as const;

export interface StylingTabProps {
  survey: Survey;
  onChange: (survey: Survey) => void;
  /** Where an uploaded logo is stored: a company id; undefined for the signed-in user's own company. */
  companyFilter?: string;
  readOnly?: boolean;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The Styling tab: logo, display mode, layout, colours and typography, beside a live preview. */
export function StylingTab({ survey, onChange, companyFilter, readOnly = false }: StylingTabProps) {
  const settings = survey.settings;
  const set = <K extends keyof SurveySettings>(key: K, value: SurveySettings[K]) =>
    onChange({ ...survey, settings: { ...settings, [key]: value } });

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <Stack spacing={3}>
          <Section title={STYLING_TAB_LABELS.logo}>
            <LogoFields value={settings.logo} onChange={(logo) => set('logo', logo)} companyFilter={companyFilter} disabled={readOnly} />
          </Section>
          <Section title={STYLING_TAB_LABELS.display}>
            <LayoutFields
              layout={settings.layout}
              display={settings.display}
              onLayoutChange={(layout) => set('layout', layout)}
              onDisplayChange={(display) => set('display', display)}
              disabled={readOnly}
            />
          </Section>
          <Section title={STYLING_TAB_LABELS.theme}>
            <ThemeFields value={settings.theme} onChange={(theme) => set('theme', theme)} disabled={readOnly} />
          </Section>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <Box sx={{ position: { lg: 'sticky' }, top: { lg: 16 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {STYLING_TAB_LABELS.preview}
          </Typography>
          <SurveyPreview survey={survey} aria-label={STYLING_TAB_LABELS.preview} />
        </Box>
      </Grid>
    </Grid>
  );
}
