import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormContext } from 'react-hook-form';
import { IDENTIFIER_MESSAGES } from '@domain/survey/messages';
import { IDENTIFIER_TYPE_LABELS, IDENTIFIER_TYPES, type GlobalIdentifierSettings, type IdentifierType } from '@domain/survey/types';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import type { DisplayEditorValues } from '../displayEditorForm';
import { useEditorField, useFieldError } from './useEditorField';

export const OVERRIDE_SWITCH_LABEL = 'Use custom identifiers for this survey';
export const OVERRIDE_DIALOG_TITLE = 'Override Global Identifiers';
export const GLOBAL_IDENTIFIERS_UNAVAILABLE =
  "The company's identifier settings could not be loaded; the defaults are shown and the server checks the override when it is saved.";

const typeList = (types: readonly IdentifierType[]) =>
  types.length ? types.map((type) => IDENTIFIER_TYPE_LABELS[type]).join(', ') : 'None';

/** The company-wide rules, as the survey inherits them unless it overrides them. */
function GlobalRules({ global }: { global: GlobalIdentifierSettings }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle2" component="h4" gutterBottom>
        Company-wide identifier requirements
      </Typography>
      <Stack component="dl" spacing={0.5} sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0, mb: 0.5 } }}>
        <Typography component="dt" variant="body2">
          Identifier required
        </Typography>
        <Typography component="dd" variant="body2">
          {global.requireIdentifier ? 'Yes' : 'No'}
        </Typography>
        <Typography component="dt" variant="body2">
          Identifier types
        </Typography>
        <Typography component="dd" variant="body2">
          {typeList(global.identifierTypes)}
        </Typography>
        <Typography component="dt" variant="body2">
          Field names
        </Typography>
        <Typography component="dd" variant="body2">
          {global.identifierTypes.map((type) => `${IDENTIFIER_TYPE_LABELS[type]}: ${global.identifierFields[type]}`).join('; ') || 'None'}
        </Typography>
        <Typography component="dt" variant="body2">
          Surveys may override
        </Typography>
        <Typography component="dd" variant="body2">
          {global.allowSurveyOverride ? `Yes, with ${typeList(global.allowedOverrideTypes)}` : 'No'}
        </Typography>
      </Stack>
    </Paper>
  );
}

export interface IdentifierOverrideSectionProps {
  global: GlobalIdentifierSettings;
  /** The company's settings failed to load: the defaults are shown. */
  globalUnavailable?: boolean;
}

/**
 * Step 7's identifiers: the company's rules, and this survey's own, after a confirmation, where
 * the company allows it (data document, sections 4 and 5, "Override of global identifiers").
 */
export function IdentifierOverrideSection({ global, globalUnavailable = false }: IdentifierOverrideSectionProps) {
  const typesLabel = useId();
  const { setValue } = useFormContext<DisplayEditorValues>();
  const useCustom = useEditorField('displayTriggers.useCustomIdentifiers');
  const reason = useEditorField('displayTriggers.overrideReason');
  const requireIdentifier = useEditorField('displayTriggers.requireIdentifier');
  const types = useEditorField('displayTriggers.identifierTypes');
  const fields = useEditorField('displayTriggers.identifierFields');
  const [confirming, setConfirming] = useState(false);

  /** The override starts from the company's rules, within the types it lets a survey use. */
  const startOverride = () => {
    const allowed = global.identifierTypes.filter((type) => global.allowedOverrideTypes.includes(type));
    setValue('displayTriggers.requireIdentifier', global.requireIdentifier, { shouldDirty: true });
    setValue('displayTriggers.identifierTypes', allowed.length ? allowed : global.allowedOverrideTypes.slice(0, 1), { shouldDirty: true });
    setValue('displayTriggers.identifierFields', { ...global.identifierFields }, { shouldDirty: true });
    useCustom.onChange(true);
  };

  const toggleType = (type: IdentifierType, checked: boolean) =>
    types.onChange(checked ? IDENTIFIER_TYPES.filter((t) => t === type || types.value.includes(t)) : types.value.filter((t) => t !== type));

  return (
    <Stack spacing={2}>
      {globalUnavailable && <Alert severity="warning">{GLOBAL_IDENTIFIERS_UNAVAILABLE}</Alert>}
      <GlobalRules global={global} />
      {!global.allowSurveyOverride && <Alert severity="info">{IDENTIFIER_MESSAGES.overrideNotAllowed}</Alert>}
      <FormControl error={Boolean(useCustom.error)}>
        <FormControlLabel
          control={
            <Switch
              checked={useCustom.value}
              // Turning an override off is always allowed; on, only where the company lets surveys override.
              disabled={!useCustom.value && !global.allowSurveyOverride}
              onChange={(event) => (event.target.checked ? setConfirming(true) : useCustom.onChange(false))}
            />
          }
          label={OVERRIDE_SWITCH_LABEL}
        />
        {useCustom.error && <FormHelperText>{useCustom.error}</FormHelperText>}
      </FormControl>

      {useCustom.value && (
        <Stack spacing={2.5}>
          <TextField
            label="Reason for the override"
            required={global.requireOverrideReason}
            value={reason.value}
            onChange={(event) => reason.onChange(event.target.value)}
            error={Boolean(reason.error)}
            helperText={reason.error ?? 'Recorded in the override log with your name.'}
            multiline
            minRows={2}
            fullWidth
          />
          <FormControlLabel
            control={<Switch checked={requireIdentifier.value} onChange={(event) => requireIdentifier.onChange(event.target.checked)} />}
            label="Require an identifier"
          />
          <FormControl component="fieldset" error={Boolean(types.error)}>
            <FormLabel component="legend" id={typesLabel}>
              Identifier types
            </FormLabel>
            <FormGroup row>
              {IDENTIFIER_TYPES.map((type) => {
                const allowed = global.allowedOverrideTypes.includes(type);
                return (
                  <FormControlLabel
                    key={type}
                    control={
                      <Checkbox
                        checked={types.value.includes(type)}
                        // A type the company does not allow can only be taken away.
                        disabled={!allowed && !types.value.includes(type)}
                        onChange={(event) => toggleType(type, event.target.checked)}
                      />
                    }
                    label={allowed ? IDENTIFIER_TYPE_LABELS[type] : `${IDENTIFIER_TYPE_LABELS[type]} (not allowed by the company)`}
                  />
                );
              })}
            </FormGroup>
            {types.error && <FormHelperText>{types.error}</FormHelperText>}
          </FormControl>
          {types.value.map((type) => (
            <IdentifierFieldName key={type} type={type} value={fields.value[type]} onChange={(name) => fields.onChange({ ...fields.value, [type]: name })} />
          ))}
        </Stack>
      )}

      <ConfirmDialog
        open={confirming}
        title={OVERRIDE_DIALOG_TITLE}
        confirmLabel="Override"
        onConfirm={() => {
          setConfirming(false);
          startOverride();
        }}
        onCancel={() => setConfirming(false)}
      >
        {global.overrideWarning}
        <br />
        <br />
        {IDENTIFIER_MESSAGES.confirmOverride}
      </ConfirmDialog>
    </Stack>
  );
}

function IdentifierFieldName({ type, value, onChange }: { type: IdentifierType; value: string; onChange: (value: string) => void }) {
  const error = useFieldError(`displayTriggers.identifierFields.${type}`);
  return (
    <TextField
      label={`${IDENTIFIER_TYPE_LABELS[type]} field name`}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? 'The page field holding it; several names may be separated by commas.'}
      fullWidth
    />
  );
}
