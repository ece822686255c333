import { Controller } from 'react-hook-form';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TriggerSettingsView } from '@domain/survey/collection';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { useWebhookDeliveries } from '../api/embed';
import { EmbedSection } from './EmbedSection';
import { TriggerDestinationField } from './TriggerDestinationField';
import { TriggerTypeField } from './TriggerTypeField';
import { useTriggerSettingsForm } from './useTriggerSettingsForm';
import { useWebhookSecret } from './useWebhookSecret';
import { ROTATE_SECRET_LABEL, WebhookSettings } from './WebhookSettings';
import { WebhookSecretDialog } from './WebhookSecretDialog';

export { TRIGGER_TYPE_TEXT } from './TriggerTypeField';
export { DELIVERIES_FAILED, NO_SECRET_YET, ROTATE_SECRET_LABEL } from './WebhookSettings';

export const TRIGGERS_TITLE = 'Survey Completion Triggers';
export const SAVE_TRIGGERS_LABEL = 'Save Trigger Settings';
export const ROTATE_SECRET_TITLE = 'Rotate the signing secret?';
export const ROTATE_SECRET_WARNING =
  'The current secret stops working at once: every delivery from now on is signed with the new one, so update your receiver right after.';

export interface TriggerSettingsFormProps {
  companyId: string;
  /** The saved settings and the secret's hint. */
  view: TriggerSettingsView;
  canManage: boolean;
}

/** What happens when a respondent completes any survey of the company (data document, section 3, "Trigger settings"). */
export function TriggerSettingsForm({ companyId, view, canManage }: TriggerSettingsFormProps) {
  const secret = useWebhookSecret(companyId);
  const form = useTriggerSettingsForm(companyId, view, secret.show);
  const webhookChosen = form.triggerType === 'webhook';
  const deliveries = useWebhookDeliveries(companyId, webhookChosen || view.triggerSettings.triggerType === 'webhook');

  return (
    <EmbedSection
      title={TRIGGERS_TITLE}
      description="What happens when a respondent completes any of your surveys. The widget always fires the navoutSurveyCompleted event; choose what else should happen."
    >
      <Stack component="form" noValidate spacing={2.5} aria-label={TRIGGERS_TITLE} onSubmit={(event) => void form.submit(event)}>
        <Controller
          control={form.control}
          name="triggerType"
          render={({ field }) => (
            // Text stays readable for whoever may not change it (read-only, not disabled); choices are disabled.
            <TriggerTypeField name={field.name} value={field.value} onChange={field.onChange} disabled={!canManage || form.saving} />
          )}
        />
        <TriggerDestinationField control={form.control} triggerType={form.triggerType} saving={form.saving} readOnly={!canManage} />
        {canManage && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={form.saving}>
              {SAVE_TRIGGERS_LABEL}
            </Button>
          </Stack>
        )}
      </Stack>

      {webhookChosen && (
        <WebhookSettings
          secretHint={view.webhookSecretHint}
          canRotate={canManage}
          rotating={secret.rotating}
          onRotate={secret.askToRotate}
          deliveries={deliveries}
        />
      )}

      <ConfirmDialog
        open={secret.confirming}
        title={ROTATE_SECRET_TITLE}
        confirmLabel={ROTATE_SECRET_LABEL}
        destructive
        busy={secret.rotating}
        onConfirm={secret.rotate}
        onCancel={secret.cancelRotation}
      >
        {ROTATE_SECRET_WARNING}
      </ConfirmDialog>
      <WebhookSecretDialog secret={secret.shown} onClose={secret.dismiss} />
    </EmbedSection>
  );
}
