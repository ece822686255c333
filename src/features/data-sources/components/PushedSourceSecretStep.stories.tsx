import type { Meta, StoryObj } from '@storybook/react-vite';
import Button from '@mui/material/Button';
import { expect, fn, waitFor } from 'storybook/test';
import { catalogueSource } from '@domain/data/catalogue';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES } from '@domain/data/connectors';
import { stubClipboard } from '@/lib/testing/clipboard';
import { withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { dataSourceApiRoutes, SOURCES, STORY_INGEST_SECRET, withConnectors } from '../fixtures';
import { PushedSourceSecretStep } from './PushedSourceSecretStep';
import { usePushedSourceSecret } from './usePushedSourceSecret';

/** The step as the connect form reaches it: once the source is connected, its secret is created. */
function SecretStepDemo({ onDone }: { onDone: () => void }) {
  const secret = usePushedSourceSecret();
  if (!secret.created) return <Button onClick={() => secret.start(SOURCES.webhook)}>Connected</Button>;
  return <PushedSourceSecretStep titleId="secret-step" source={catalogueSource('webhook')!} created={secret.created} secret={secret} onDone={onDone} />;
}

const meta = {
  title: 'Data Sources/PushedSourceSecretStep',
  component: SecretStepDemo,
  decorators: [withConnectors, withSession('companyAdmin')],
  beforeEach: () => {
    stubClipboard();
    return mockFetch(dataSourceApiRoutes({ sources: [SOURCES.webhook] }));
  },
  args: { onDone: fn() },
} satisfies Meta<typeof SecretStepDemo>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The ingestion URL and the whole secret, shown this once, until Done. */
export const SecretShownOnce: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Connected' }));
    await expect(canvas.getByRole('heading', { name: 'Connect Webhook' })).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('textbox', { name: CONNECTOR_LABELS.ingestionSecret })).toHaveValue(STORY_INGEST_SECRET));
    await userEvent.click(canvas.getByRole('button', { name: CONNECTOR_LABELS.done }));
    await expect(args.onDone).toHaveBeenCalled();
  },
};

/** The secret could not be created: the failure, with Retry. */
export const SecretFailed: Story = {
  beforeEach: () => mockFetch({ [`POST /api/data-sources/${SOURCES.webhook.id}/ingest-secret`]: failure('internal_error') }),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Connected' }));
    await waitFor(() => expect(canvas.getByText(CONNECTOR_MESSAGES.secretFailed)).toBeVisible());
    await expect(canvas.getByRole('button', { name: /retry/i })).toBeVisible();
    await expect(canvas.getByRole('button', { name: CONNECTOR_LABELS.done })).toBeEnabled();
  },
};
