import type { Meta, StoryObj } from '@storybook/react-vite';
import Typography from '@mui/material/Typography';
import { expect, screen, waitFor, within } from 'storybook/test';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES, INGEST_SECRET_HEADER } from '@domain/data/connectors';
import type { DataSource } from '@domain/data/sources';
import { API_ERRORS } from '@domain/errors';
import { withReason } from '@/lib/failure';
import { stubClipboard } from '@/lib/testing/clipboard';
import { withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { COPIED_LABEL } from '@/ui/CopyButton';
import { dataSourceApiRoutes, SOURCES, STORY_INGEST_SECRET } from '../fixtures';
import { IngestEndpointSummary } from './IngestEndpointSummary';

/** The card's title, which the buttons name as what they act on. */
const TITLE_ID = 'ingest-source-title';

/** Segment's destination, pushed like the webhook. */
const SEGMENT: DataSource = {
  ...SOURCES.webhook,
  id: 'ds-segment',
  name: 'Segment',
  availableDataSource: { id: 'segment', name: 'Segment' },
  ingest: { url: 'http://localhost:3000/api/ingest/ds-segment', secretHint: `${STORY_INGEST_SECRET.slice(0, 8)}…` },
};

/** A webhook source whose secret has not been made yet (its creation failed when it was connected). */
const WITHOUT_SECRET: DataSource = { ...SOURCES.webhook, id: 'ds-webhook-2', name: 'Webhook (orders)', ingest: null, hasCredentials: false };

const ingestOf = (source: DataSource) => {
  if (!source.ingest) throw new Error(`${source.name} has no ingestion URL`);
  return source.ingest;
};
const WEBHOOK_INGEST = ingestOf(SOURCES.webhook);

let calls: MockCall[] = [];
let clipboard: ReturnType<typeof stubClipboard> | undefined;
const secretCalls = (source: DataSource) => calls.filter((call) => call.method === 'POST' && call.path === `/api/data-sources/${source.id}/ingest-secret`);

const meta = {
  title: 'Data Sources/IngestEndpointSummary',
  component: IngestEndpointSummary,
  args: { source: SOURCES.webhook, canManage: true, describedBy: TITLE_ID },
  decorators: [
    (Story, { args }) => (
      <div style={{ maxWidth: 420 }}>
        <Typography id={TITLE_ID} variant="h6" component="h2" gutterBottom>
          {args.source.name}
        </Typography>
        <Story />
      </div>
    ),
    withSession('companyAdmin'),
  ],
  beforeEach: () => {
    clipboard = stubClipboard();
    const restore = mockFetch(dataSourceApiRoutes({ sources: [SOURCES.webhook, SEGMENT, WITHOUT_SECRET] }));
    calls = restore.calls;
    return () => {
      restore();
      clipboard?.();
      clipboard = undefined;
    };
  },
} satisfies Meta<typeof IngestEndpointSummary>;
export default meta;

type Story = StoryObj<typeof meta>;

const secretDialog = async (source: DataSource) => within(await screen.findByRole('dialog', { name: CONNECTOR_LABELS.secretDialogTitle(source.name) }));
const confirmDialog = async () => within(await screen.findByRole('dialog', { name: CONNECTOR_LABELS.rotateSecret }));

/** The URL to copy and the secret's hint; Rotate secret asks first, then shows the new secret once. */
export const RotateSecret: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText(WEBHOOK_INGEST.url)).toBeVisible();
    await expect(canvas.getByText(WEBHOOK_INGEST.secretHint)).toBeVisible();
    await expect(canvas.getByText(new RegExp(`^${CONNECTOR_LABELS.ingestionSecret}:`))).toBeVisible();
    // The whole secret is never on the card.
    await expect(canvas.queryByText(STORY_INGEST_SECRET)).not.toBeInTheDocument();

    const copyUrl = canvas.getByRole('button', { name: CONNECTOR_LABELS.copyUrl });
    await expect(copyUrl).toHaveAccessibleDescription(SOURCES.webhook.name);
    await userEvent.click(copyUrl);
    await expectShown(() => canvas.getByRole('button', { name: COPIED_LABEL }));
    await expect(clipboard?.writes).toEqual([WEBHOOK_INGEST.url]);

    const rotate = canvas.getByRole('button', { name: CONNECTOR_LABELS.rotateSecret });
    await expect(rotate).toHaveAccessibleDescription(SOURCES.webhook.name);
    await userEvent.click(rotate);
    const confirm = await confirmDialog();
    await expect(confirm.getByText(CONNECTOR_MESSAGES.rotateConfirm(SOURCES.webhook.name))).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: CONNECTOR_LABELS.rotateSecret }));

    const shown = await secretDialog(SOURCES.webhook);
    await expect(secretCalls(SOURCES.webhook)).toHaveLength(1);
    await expect(shown.getByText(CONNECTOR_MESSAGES.secretRotated)).toBeVisible();
    await expect(shown.getByRole('textbox', { name: CONNECTOR_LABELS.ingestionSecret })).toHaveValue(STORY_INGEST_SECRET);
    await expect(shown.getByLabelText(CONNECTOR_LABELS.curlExample)).toHaveTextContent(`${INGEST_SECRET_HEADER}: ${STORY_INGEST_SECRET}`);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: CONNECTOR_LABELS.rotateSecret })).not.toBeInTheDocument());

    await userEvent.click(shown.getByRole('button', { name: CONNECTOR_LABELS.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** Cancel keeps the current secret: nothing is sent. */
export const RotateCancelled: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: CONNECTOR_LABELS.rotateSecret }));
    await userEvent.click((await confirmDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(secretCalls(SOURCES.webhook)).toHaveLength(0);
  },
};

/** No secret yet: there is none to replace, so the first one is made without asking. */
export const FirstSecretWithoutAsking: Story = {
  args: { source: WITHOUT_SECRET },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByText(CONNECTOR_LABELS.ingestionUrl)).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: CONNECTOR_LABELS.copyUrl })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: CONNECTOR_LABELS.rotateSecret }));
    const shown = await secretDialog(WITHOUT_SECRET);
    await expect(screen.queryByRole('dialog', { name: CONNECTOR_LABELS.rotateSecret })).not.toBeInTheDocument();
    await expect(secretCalls(WITHOUT_SECRET)).toHaveLength(1);
    await expect(shown.getByRole('textbox', { name: CONNECTOR_LABELS.ingestionUrl })).toHaveValue(`http://localhost:3000/api/ingest/${WITHOUT_SECRET.id}`);
  },
};

/** Segment's destination: the new secret comes with a Segment track call as the example body. */
export const SegmentExampleBody: Story = {
  args: { source: SEGMENT },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: CONNECTOR_LABELS.rotateSecret }));
    await userEvent.click((await confirmDialog()).getByRole('button', { name: CONNECTOR_LABELS.rotateSecret }));
    const example = (await secretDialog(SEGMENT)).getByLabelText(CONNECTOR_LABELS.curlExample);
    await expect(example).toHaveTextContent('"type":"track"');
    await expect(example).toHaveTextContent(`${INGEST_SECRET_HEADER}: ${STORY_INGEST_SECRET}`);
  },
};

/** The server refuses: the reason in a notice, the current secret stays, and no secret is shown. */
export const RotateFails: Story = {
  beforeEach: () => {
    const restore = mockFetch({
      ...dataSourceApiRoutes({ sources: [SOURCES.webhook] }),
      [`POST /api/data-sources/${SOURCES.webhook.id}/ingest-secret`]: failure('internal_error'),
    });
    calls = restore.calls;
    return restore;
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: CONNECTOR_LABELS.rotateSecret }));
    await userEvent.click((await confirmDialog()).getByRole('button', { name: CONNECTOR_LABELS.rotateSecret }));
    const reason = withReason(CONNECTOR_MESSAGES.rotateFailed(SOURCES.webhook.name), new Error(API_ERRORS.internal_error.error));
    await expectShown(() => screen.getByText(reason));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(canvas.getByText(WEBHOOK_INGEST.secretHint)).toBeVisible();
  },
};

/** Someone who may not manage the source sees its URL and hint, and can copy the URL, but not rotate. */
export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(WEBHOOK_INGEST.url)).toBeVisible();
    await expect(canvas.getByText(WEBHOOK_INGEST.secretHint)).toBeVisible();
    await expect(canvas.getByRole('button', { name: CONNECTOR_LABELS.copyUrl })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: CONNECTOR_LABELS.rotateSecret })).not.toBeInTheDocument();
  },
};
