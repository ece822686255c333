import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TRIGGER_TYPES, type TriggerSettings, type TriggerSettingsView, type TriggerType } from '@domain/survey/collection';
import { triggerSettingsSchema } from '@domain/survey/collectionSchemas';
import { PUBLISHED_MESSAGES, TRIGGER_MESSAGES } from '@domain/survey/messages';
import { serverMessage } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { FailureAlert } from '@/ui/FailureAlert';
import { FormTextField } from '@/ui/FormTextField';
import { useRotateWebhookSecret, useSaveTriggerSettings, useWebhookDeliveries } from '../api/embed';
import { EmbedSection } from './EmbedSection';
import { WebhookDeliveryLog } from './WebhookDeliveryLog';
import { WebhookSecretDialog } from './WebhookSecretDialog';

export const TRIGGERS_TITLE = 'Survey Completion Triggers';
export const SAVE_TRIGGERS_LABEL = 'Save Trigger Settings';
export const ROTATE_SECRET_LABEL = 'Rotate secret';
export const ROTATE_SECRET_TITLE = 'Rotate the signing secret?';
export const ROTATE_SECRET_WARNING =
  'The current secret stops working at once: every delivery from now on is signed with the new one, so update your receiver right after.';
export const NO_SECRET_YET = 'A signing secret is created when you save the webhook, and shown to you once.';
export const DELIVERIES_FAILED = 'Failed to load the webhook deliveries';

/** Each trigger type with what it does on completion. */
export const TRIGGER_TYPE_TEXT: Record<TriggerType, { label: string; help: string }> = {
  none: { label: 'None', help: 'Nothing happens after the thank-you message.' },
  event: {
    label: 'Browser event',
    help: 'Your page receives a navoutSurveyCompleted event on window, with the survey, the response and its answers in event.detail.',
  },
  callback: { label: 'JavaScript callback', help: 'The widget calls a function of your page, window.<name>(detail), with the same details.' },
  redirect: { label: 'Redirect', help: 'The respondent is taken to the address you give (a thank-you or offer page).' },
  webhook: {
    label: 'Webhook',
    help: 'Our server POSTs the completion to your server as a signed Standard Webhooks request, retried until it is accepted.',
  },
};

export interface TriggerSettingsFormProps {
  companyId: string;
  /** The saved settings and the secret's hint. */
  view: TriggerSettingsView;
  canManage: boolean;
}

/** What happens when a respondent completes any survey of the company (data document, section 3, "Trigger settings"). */
export function TriggerSettingsForm({ companyId, view, canManage }: TriggerSettingsFormProps) {
  const notify = useNotify();
  const save = useSaveTriggerSettings(companyId);
  const rotate = useRotateWebhookSecret(companyId);
  const [shownSecret, setShownSecret] = useState<string | null>(null);
  const [confirmingRotation, setConfirmingRotation] = useState(false);
  const { control, handleSubmit, reset } = useForm<TriggerSettings>({
    resolver: yupResolver(triggerSettingsSchema),
    defaultValues: view.triggerSettings,
  });
  const triggerType = useWatch({ control, name: 'triggerType' });
  const webhookChosen = triggerType === 'webhook';
  const deliveries = useWebhookDeliveries(companyId, webhookChosen || view.triggerSettings.triggerType === 'webhook');
  // Text stays readable for whoever may not change it (read-only, not disabled); choices are disabled.
  const readOnly = !canManage || save.isPending;

  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(saved.triggerSettings);
        notify.success(PUBLISHED_MESSAGES.settingsSaved);
        if (saved.webhookSecret) setShownSecret(saved.webhookSecret);
      },
      onError: (error) => notify.error(TRIGGER_MESSAGES.saveFailed(serverMessage(error))),
    }),
  );

  const rotateSecret = () =>
    rotate.mutate(undefined, {
      onSuccess: (rotated) => {
        setConfirmingRotation(false);
        if (rotated.webhookSecret) setShownSecret(rotated.webhookSecret);
      },
      onError: (error) => {
        setConfirmingRotation(false);
        notify.error(PUBLISHED_MESSAGES.saveSettingsFailed(serverMessage(error)));
      },
    });

  return (
    <EmbedSection
      title={TRIGGERS_TITLE}
      description="What happens when a respondent completes any of your surveys. The widget always fires the navoutSurveyCompleted event; choose what else should happen."
    >
      <Stack component="form" noValidate spacing={2.5} aria-label={TRIGGERS_TITLE} onSubmit={(event) => void submit(event)}>
        <Controller
          control={control}
          name="triggerType"
          render={({ field }) => (
            // The radios are disabled, not the group: a disabled legend would be too faint to read.
            <FormControl component="fieldset">
              <FormLabel component="legend">On completion</FormLabel>
              <RadioGroup name={field.name} value={field.value} onChange={(event) => field.onChange(event.target.value as TriggerType)}>
                {TRIGGER_TYPES.map((type) => (
                  <FormControlLabel
                    key={type}
                    value={type}
                    control={<Radio disabled={readOnly} />}
                    sx={{ alignItems: 'flex-start', mt: 0.5, '& .MuiRadio-root': { pt: 0.25 } }}
                    label={
                      <Box>
                        <Typography>{TRIGGER_TYPE_TEXT[type].label}</Typography>
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {TRIGGER_TYPE_TEXT[type].help}
                        </Typography>
                      </Box>
                    }
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />

        {triggerType === 'callback' && (
          <FormTextField
            control={control}
            name="callbackName"
            label="Callback function name"
            required
            placeholder="onSurveyCompleted"
            helperText="A function on window (or a path to one, like myApp.onSurveyCompleted); it receives the completion details."
            disabled={save.isPending}
            fullWidth
            slotProps={{ htmlInput: { readOnly: !canManage, spellCheck: false } }}
          />
        )}
        {triggerType === 'redirect' && (
          <FormTextField
            control={control}
            name="redirectUrl"
            label="Redirect URL"
            required
            type="url"
            placeholder="https://www.example.com/thank-you"
            disabled={save.isPending}
            fullWidth
            slotProps={{ htmlInput: { readOnly: !canManage } }}
          />
        )}
        {webhookChosen && (
          <FormTextField
            control={control}
            name="webhookUrl"
            label="Webhook URL"
            required
            type="url"
            placeholder="https://hooks.example.com/navout"
            helperText="Your server's address. It must answer with a 2xx status; other answers are retried for a while."
            disabled={save.isPending}
            fullWidth
            slotProps={{ htmlInput: { readOnly: !canManage } }}
          />
        )}

        {canManage && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {SAVE_TRIGGERS_LABEL}
            </Button>
          </Stack>
        )}
      </Stack>

      {webhookChosen && (
        <Stack spacing={2} sx={{ mt: 3 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Box>
              <Typography variant="subtitle2" component="h3">
                Signing secret
              </Typography>
              {view.webhookSecretHint ? (
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {view.webhookSecretHint}
                </Typography>
              ) : (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {NO_SECRET_YET}
                </Typography>
              )}
            </Box>
            {canManage && view.webhookSecretHint && (
              <Button variant="outlined" color="warning" onClick={() => setConfirmingRotation(true)} disabled={rotate.isPending}>
                {ROTATE_SECRET_LABEL}
              </Button>
            )}
          </Stack>

          <Typography variant="subtitle2" component="h3">
            Delivery log
          </Typography>
          {deliveries.isError ? (
            <FailureAlert title={DELIVERIES_FAILED} error={deliveries.error} onRetry={() => void deliveries.refetch()} />
          ) : deliveries.data ? (
            <WebhookDeliveryLog deliveries={deliveries.data} />
          ) : (
            <CircularProgress size={24} aria-label="Loading webhook deliveries" />
          )}
        </Stack>
      )}

      <ConfirmDialog
        open={confirmingRotation}
        title={ROTATE_SECRET_TITLE}
        confirmLabel={ROTATE_SECRET_LABEL}
        destructive
        busy={rotate.isPending}
        onConfirm={rotateSecret}
        onCancel={() => setConfirmingRotation(false)}
      >
        {ROTATE_SECRET_WARNING}
      </ConfirmDialog>
      <WebhookSecretDialog secret={shownSecret} onClose={() => setShownSecret(null)} />
    </EmbedSection>
  );
}
