import { Controller, useForm, type Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IP_ADDRESS_MODES, type CollectionSettings, type IpAddressMode } from '@domain/survey/collection';
import { collectionSettingsSchema } from '@domain/survey/collectionSchemas';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import { STYLING_RANGES } from '@domain/survey/targeting';
import { serverMessage } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { FormTextField } from '@/ui/FormTextField';
import { useSaveCollectionSettings } from '../api/embed';
import { EmbedSection } from './EmbedSection';

export const COLLECTION_TITLE = 'Response Collection';
export const SAVE_COLLECTION_LABEL = 'Save Collection Settings';
export const COOLDOWN_LABEL = 'Company-wide cooldown';

/** Each way of keeping a respondent's address, with what it means. */
export const IP_ADDRESS_MODE_TEXT: Record<IpAddressMode, { label: string; help: string }> = {
  truncated: {
    label: 'Truncated (default, recommended)',
    help: 'The last part of the address is dropped (203.0.113.0): enough to tell returning visitors apart roughly, not to identify a person.',
  },
  hashed: { label: 'Hashed', help: 'A keyed hash of the address is kept: repeat visits can be counted, the address cannot be read back.' },
  full: { label: 'Full address', help: 'The whole address is kept. Make sure your privacy notice covers it.' },
  none: { label: 'Not stored', help: 'No address is kept; user analytics cannot tell visitors apart.' },
};

/** The form holds the days as typed; the schema turns them into a number. */
type CollectionValues = Omit<CollectionSettings, 'cooldownDays'> & { cooldownDays: number | string };

export interface CollectionSettingsFormProps {
  companyId: string;
  settings: CollectionSettings;
  canManage: boolean;
}

/** How responses are collected for every survey of the company: address storage and the cooldown. */
export function CollectionSettingsForm({ companyId, settings, canManage }: CollectionSettingsFormProps) {
  const notify = useNotify();
  const save = useSaveCollectionSettings(companyId);
  const { control, handleSubmit, reset } = useForm<CollectionValues, unknown, CollectionSettings>({
    // The schema reads the typed text as a number; its input type says number only.
    resolver: yupResolver(collectionSettingsSchema) as unknown as Resolver<CollectionValues, unknown, CollectionSettings>,
    defaultValues: settings,
  });
  // Text stays readable for whoever may not change it (read-only, not disabled); choices are disabled.
  const readOnly = !canManage || save.isPending;

  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(saved);
        notify.success(PUBLISHED_MESSAGES.settingsSaved);
      },
      onError: (error) => notify.error(PUBLISHED_MESSAGES.saveSettingsFailed(serverMessage(error))),
    }),
  );

  return (
    <EmbedSection title={COLLECTION_TITLE} description="How responses to every survey of your company are kept.">
      <Stack component="form" noValidate spacing={2.5} aria-label={COLLECTION_TITLE} onSubmit={(event) => void submit(event)}>
        <Controller
          control={control}
          name="ipAddressMode"
          render={({ field }) => (
            // The radios are disabled, not the group: a disabled legend would be too faint to read.
            <FormControl component="fieldset">
              <FormLabel component="legend">IP address storage</FormLabel>
              <RadioGroup name={field.name} value={field.value} onChange={(event) => field.onChange(event.target.value as IpAddressMode)}>
                {IP_ADDRESS_MODES.map((mode) => (
                  <FormControlLabel
                    key={mode}
                    value={mode}
                    control={<Radio disabled={readOnly} />}
                    sx={{ alignItems: 'flex-start', mt: 0.5, '& .MuiRadio-root': { pt: 0.25 } }}
                    label={
                      <Box>
                        <Typography>{IP_ADDRESS_MODE_TEXT[mode].label}</Typography>
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {IP_ADDRESS_MODE_TEXT[mode].help}
                        </Typography>
                      </Box>
                    }
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
        <FormTextField
          control={control}
          name="cooldownDays"
          label={COOLDOWN_LABEL}
          type="number"
          helperText="After a visitor is shown or completes a survey, no survey of your company shows to them for this many days. 0 turns it off."
          disabled={save.isPending}
          sx={{ maxWidth: 360 }}
          slotProps={{
            htmlInput: { readOnly: !canManage, min: STYLING_RANGES.cooldownDays.min, max: STYLING_RANGES.cooldownDays.max, step: 1, inputMode: 'numeric' },
            input: { endAdornment: <InputAdornment position="end">days</InputAdornment> },
          }}
        />
        {canManage && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {SAVE_COLLECTION_LABEL}
            </Button>
          </Stack>
        )}
      </Stack>
    </EmbedSection>
  );
}
