import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import Button from '@mui/material/Button';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES, INGEST_SECRET_HEADER } from '@domain/data/connectors';
import { stubClipboard } from '@/lib/testing/clipboard';
import { withSession } from '@/lib/testing/fixtures';
import { expectShown } from '@/lib/testing/storyHelpers';
import { COPIED_LABEL } from '@/ui/CopyButton';
import { SOURCES, STORY_INGEST_SECRET } from '../fixtures';
import { IngestSecretDialog, type IngestSecretDialogProps } from './IngestSecretDialog';

const ENDPOINT = { url: SOURCES.webhook.ingest?.url ?? '', secretHint: `${STORY_INGEST_SECRET.slice(0, 8)}…`, secret: STORY_INGEST_SECRET };
const TITLE = CONNECTOR_LABELS.secretDialogTitle(SOURCES.webhook.name);

const meta = {
  title: 'Data Sources/IngestSecretDialog',
  component: IngestSecretDialog,
  args: { sourceName: SOURCES.webhook.name, catalogueId: 'webhook', endpoint: ENDPOINT, open: true, onDone: fn() },
  decorators: [withSession('companyAdmin')],
  beforeEach: () => stubClipboard(),
} satisfies Meta<typeof IngestSecretDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: TITLE }));

/** A rotated secret, shown whole this once; only Done closes it, not Escape. */
export const RotatedSecretShownOnce: Story = {
  play: async ({ args, userEvent }) => {
    const shown = await dialog();
    await expect(shown.getByRole('alert')).toHaveTextContent(CONNECTOR_MESSAGES.secretRotated);
    await expect(shown.getByRole('textbox', { name: CONNECTOR_LABELS.ingestionUrl })).toHaveValue(ENDPOINT.url);
    await expect(shown.getByRole('textbox', { name: CONNECTOR_LABELS.ingestionSecret })).toHaveValue(STORY_INGEST_SECRET);
    await expect(shown.getByLabelText(CONNECTOR_LABELS.curlExample)).toHaveTextContent(`${INGEST_SECRET_HEADER}: ${STORY_INGEST_SECRET}`);

    await userEvent.click(shown.getByRole('button', { name: CONNECTOR_LABELS.copySecret }));
    await expectShown(() => shown.getByRole('button', { name: COPIED_LABEL }));

    await userEvent.keyboard('{Escape}');
    await expect(args.onDone).not.toHaveBeenCalled();
    await expect(screen.getByRole('dialog', { name: TITLE })).toBeVisible();
    await userEvent.click(shown.getByRole('button', { name: CONNECTOR_LABELS.done }));
    await expect(args.onDone).toHaveBeenCalledTimes(1);
  },
};

/** Segment's destination: the curl example posts a track call. */
export const SegmentSecret: Story = {
  args: { sourceName: 'Segment', catalogueId: 'segment' },
  play: async () => {
    const shown = within(await screen.findByRole('dialog', { name: CONNECTOR_LABELS.secretDialogTitle('Segment') }));
    await expect(shown.getByLabelText(CONNECTOR_LABELS.curlExample)).toHaveTextContent('"type":"track"');
  },
};

/** Without a rotation's answer there is nothing to show: no dialog. */
export const Closed: Story = {
  args: { endpoint: null, open: false },
  play: async () => {
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

/** Done closes the dialog; the next rotation's answer opens it again. */
export const DoneClosesIt: Story = {
  render: function Render(args: IngestSecretDialogProps) {
    const [open, setOpen] = useState(args.open);
    return (
      <>
        <Button variant="outlined" onClick={() => setOpen(true)}>
          {CONNECTOR_LABELS.rotateSecret}
        </Button>
        <IngestSecretDialog
          {...args}
          open={open}
          onDone={() => {
            args.onDone();
            setOpen(false);
          }}
        />
      </>
    );
  },
  play: async ({ args, userEvent }) => {
    const shown = await dialog();
    await userEvent.click(shown.getByRole('button', { name: CONNECTOR_LABELS.done }));
    await expect(args.onDone).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A later rotation opens it again with its own answer.
    await userEvent.click(screen.getByRole('button', { name: CONNECTOR_LABELS.rotateSecret }));
    await expect((await dialog()).getByRole('textbox', { name: CONNECTOR_LABELS.ingestionSecret })).toHaveValue(STORY_INGEST_SECRET);
  },
};
