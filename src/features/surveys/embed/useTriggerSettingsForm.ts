/**
 * The trigger settings form: its values (the saved settings to start with), the trigger type
 * chosen, and the save, which notifies and hands a newly made webhook secret on to be shown once.
 */
import { useForm, useWatch } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import type { TriggerSettings, TriggerSettingsView } from '@domain/survey/collection';
import { triggerSettingsSchema } from '@domain/survey/collectionSchemas';
import { PUBLISHED_MESSAGES, TRIGGER_MESSAGES } from '@domain/survey/messages';
import { serverMessage } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useSaveTriggerSettings } from '../api/embed';

export function useTriggerSettingsForm(companyId: string, view: TriggerSettingsView, onNewSecret: (secret: string) => void) {
  const notify = useNotify();
  const save = useSaveTriggerSettings(companyId);
  const { control, handleSubmit, reset } = useForm<TriggerSettings>({
    resolver: yupResolver(triggerSettingsSchema),
    defaultValues: view.triggerSettings,
  });
  const triggerType = useWatch({ control, name: 'triggerType' });

  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(saved.triggerSettings);
        notify.success(PUBLISHED_MESSAGES.settingsSaved);
        if (saved.webhookSecret) onNewSecret(saved.webhookSecret);
      },
      onError: (error) => notify.error(TRIGGER_MESSAGES.saveFailed(serverMessage(error))),
    }),
  );

  return { control, triggerType, submit, saving: save.isPending };
}
