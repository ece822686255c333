import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WebhookDelivery } from '@domain/survey/collection';
import { FailureAlert } from '@/ui/FailureAlert';
import { WebhookDeliveryLog } from './WebhookDeliveryLog';

export const ROTATE_SECRET_LABEL = 'Rotate secret';
export const NO_SECRET_YET = 'A signing secret is created when you save the webhook, and shown to you once.';
export const DELIVERIES_FAILED = 'Failed to load the webhook deliveries';

/** The delivery log's query, as far as the section shows it. */
export interface WebhookDeliveriesState {
  data?: WebhookDelivery[];
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface WebhookSettingsProps {
  /** The start of the saved secret ('whsec_Q2x9…'); null before the webhook was first saved. */
  secretHint: string | null;
  /** Whether Rotate secret is offered: to whoever may manage the settings, once there is a secret. */
  canRotate: boolean;
  rotating: boolean;
  onRotate: () => void;
  deliveries: WebhookDeliveriesState;
}

/** Under a chosen webhook: the signing secret's hint with Rotate secret, and the delivery log. */
export function WebhookSettings({ secretHint, canRotate, rotating, onRotate, deliveries }: WebhookSettingsProps) {
  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="subtitle2" component="h3">
            Signing secret
          </Typography>
          {secretHint ? (
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
              {secretHint}
            </Typography>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {NO_SECRET_YET}
            </Typography>
          )}
        </Box>
        {canRotate && secretHint && (
          <Button variant="outlined" color="warning" onClick={onRotate} disabled={rotating}>
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
  );
}
