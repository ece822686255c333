/**
 * The webhook's signing secret on screen: the whole secret shown once (after the save that made
 * it or a rotation) until dismissed, and the rotation with its confirmation.
 */
import { useState } from 'react';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import { serverMessage } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useRotateWebhookSecret } from '../api/embed';

export function useWebhookSecret(companyId: string) {
  const notify = useNotify();
  const rotation = useRotateWebhookSecret(companyId);
  const [shown, setShown] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const rotate = () =>
    rotation.mutate(undefined, {
      onSuccess: (rotated) => {
        setConfirming(false);
        if (rotated.webhookSecret) setShown(rotated.webhookSecret);
      },
      onError: (error) => {
        setConfirming(false);
        notify.error(PUBLISHED_MESSAGES.saveSettingsFailed(serverMessage(error)));
      },
    });

  return {
    /** The whole secret, while it is being shown. */
    shown,
    show: (secret: string) => setShown(secret),
    dismiss: () => setShown(null),
    confirming,
    askToRotate: () => setConfirming(true),
    cancelRotation: () => setConfirming(false),
    rotate,
    rotating: rotation.isPending,
  };
}
