import FormControlLabel from '@mui/material/FormControlLabel';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AudienceTargetKind } from '@domain/survey/types';
import { useAudienceTargets } from '../../api/published';
import { useEditorField, useFieldError } from './useEditorField';

export const AUDIENCE_SECTION_TITLE = 'Audience membership';
export const AUDIENCE_SWITCH_LABEL = 'Only show to visitors in an audience';
export const AUDIENCE_SELECT_LABEL = 'Audience';
export const AUDIENCE_GROUP_LABELS: Record<AudienceTargetKind, string> = { view: 'Saved view', category: 'Category' };
export const AUDIENCE_HELPER =
  'Only identified visitors can match: the page must give the identifier fields this survey uses. ' +
  'Membership is checked on the server; the page learns yes or no, never the profile.';
export const AUDIENCE_LOADING = 'Loading audiences…';
export const AUDIENCE_LOAD_FAILED = 'The audiences could not be loaded. Try again later.';
export const NO_SAVED_VIEWS = 'No saved views yet';

/** The select's value: the kind and the id together, since both lists share one menu. */
const optionValue = (kind: AudienceTargetKind, id: string) => `${kind}:${id}`;

/**
 * The targeting step's audience requirement: a switch, then one menu of the company's saved views
 * and the audience categories (GET /api/surveys/published/:id/audience-targets).
 */
export function AudienceTargetingFields({ surveyId }: { surveyId: string }) {
  const enabled = useEditorField('displayTriggers.audienceTargeting.enabled');
  const kind = useEditorField('displayTriggers.audienceTargeting.kind');
  const id = useEditorField('displayTriggers.audienceTargeting.id');
  const kindError = useFieldError('displayTriggers.audienceTargeting.kind');
  const targets = useAudienceTargets(surveyId);
  const views = targets.data?.views ?? [];
  const categories = targets.data?.categories ?? [];
  // A saved id missing from the lists (a view deleted since) shows empty rather than as another value.
  const known = id.value && (kind.value === 'view' ? views : categories).some((option) => option.id === id.value);
  const selected = known ? optionValue(kind.value, id.value) : '';
  const problem = id.error ?? kindError;
  const helper = targets.isError ? AUDIENCE_LOAD_FAILED : targets.isPending ? AUDIENCE_LOADING : (problem ?? AUDIENCE_HELPER);

  const choose = (value: string) => {
    const separator = value.indexOf(':');
    kind.onChange(value.slice(0, separator) as AudienceTargetKind);
    id.onChange(value.slice(separator + 1));
  };

  return (
    <Stack spacing={2} component="section">
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        {AUDIENCE_SECTION_TITLE}
      </Typography>
      <FormControlLabel control={<Switch checked={enabled.value} onChange={(event) => enabled.onChange(event.target.checked)} />} label={AUDIENCE_SWITCH_LABEL} />
      {enabled.value && (
        // Not a SelectField: the menu holds two lists, each under its own heading.
        <TextField
          select
          label={AUDIENCE_SELECT_LABEL}
          value={selected}
          onChange={(event) => choose(event.target.value)}
          disabled={!targets.data}
          error={Boolean(problem) || targets.isError}
          helperText={helper}
          fullWidth
        >
          <ListSubheader>{AUDIENCE_GROUP_LABELS.view}</ListSubheader>
          {views.length === 0 && (
            <MenuItem disabled value="">
              {NO_SAVED_VIEWS}
            </MenuItem>
          )}
          {views.map((view) => (
            <MenuItem key={`view-${view.id}`} value={optionValue('view', view.id)}>
              {view.name}
            </MenuItem>
          ))}
          <ListSubheader>{AUDIENCE_GROUP_LABELS.category}</ListSubheader>
          {categories.map((category) => (
            <MenuItem key={`category-${category.id}`} value={optionValue('category', category.id)}>
              {category.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
