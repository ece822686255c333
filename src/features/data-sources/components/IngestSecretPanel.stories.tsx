import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES, INGEST_SECRET_HEADER } from '@domain/data/connectors';
import { stubClipboard } from '@/lib/testing/clipboard';
import { withSession } from '@/lib/testing/fixtures';
import { expectShown } from '@/lib/testing/storyHelpers';
import { COPIED_LABEL } from '@/ui/CopyButton';
import { STORY_INGEST_SECRET } from '../fixtures';
import { curlExample, exampleBody, IngestSecretPanel } from './IngestSecretPanel';
import { CLIENT_SETUP_LABELS, clientSetups } from './segmentClients';

let clipboard: ReturnType<typeof stubClipboard> | undefined;

const ENDPOINT = { url: 'http://localhost:3000/api/ingest/ds-webhook', secretHint: `${STORY_INGEST_SECRET.slice(0, 8)}…`, secret: STORY_INGEST_SECRET };

const meta = {
  title: 'Data Sources/IngestSecretPanel',
  component: IngestSecretPanel,
  args: { endpoint: ENDPOINT, catalogueId: 'webhook', rotated: false },
  // A refused copy says so in a notice.
  decorators: [withSession('companyAdmin')],
  beforeEach: () => {
    clipboard = stubClipboard();
    return () => {
      clipboard?.();
      clipboard = undefined;
    };
  },
} satisfies Meta<typeof IngestSecretPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

const copied = () => clipboard?.writes ?? [];

/** Right after connecting: the URL and the whole secret, each with its copy button, and a curl example that uses both. */
export const FirstSecret: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(CONNECTOR_MESSAGES.secretCreated);
    await expect(canvas.getByRole('textbox', { name: CONNECTOR_LABELS.ingestionUrl })).toHaveValue(ENDPOINT.url);
    const secret = canvas.getByRole('textbox', { name: CONNECTOR_LABELS.ingestionSecret });
    await expect(secret).toHaveValue(STORY_INGEST_SECRET);
    await expect(secret).toHaveAttribute('readonly');

    await expect(canvas.getByRole('heading', { name: CONNECTOR_LABELS.curlExample })).toBeVisible();
    const command = canvas.getByLabelText(CONNECTOR_LABELS.curlExample).textContent ?? '';
    await expect(command).toContain(`-H '${INGEST_SECRET_HEADER}: ${STORY_INGEST_SECRET}'`);
    await expect(command).toContain(`curl -X POST '${ENDPOINT.url}'`);
    await expect(command).toContain(exampleBody('webhook'));

    await userEvent.click(canvas.getByRole('button', { name: CONNECTOR_LABELS.copyUrl }));
    await userEvent.click(canvas.getByRole('button', { name: CONNECTOR_LABELS.copySecret }));
    await userEvent.click(canvas.getByRole('button', { name: CONNECTOR_LABELS.copyCommand }));
    await expect(copied()).toEqual([ENDPOINT.url, STORY_INGEST_SECRET, curlExample(ENDPOINT.url, STORY_INGEST_SECRET, exampleBody('webhook'))]);
    await expectShown(() => canvas.getAllByRole('button', { name: COPIED_LABEL })[0]);

    // Reached from the keyboard, the secret is selected whole, ready to copy by hand.
    canvas.getByRole('textbox', { name: CONNECTOR_LABELS.ingestionUrl }).focus();
    await userEvent.tab();
    await userEvent.tab();
    await expect(secret).toHaveFocus();
    const field = secret as HTMLInputElement;
    await expect([field.selectionStart, field.selectionEnd]).toEqual([0, STORY_INGEST_SECRET.length]);
  },
};

/** After Rotate secret: the same panel says the secret is new. */
export const RotatedSecret: Story = {
  args: { rotated: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(CONNECTOR_MESSAGES.secretRotated);
    await expect(canvas.getByRole('textbox', { name: CONNECTOR_LABELS.ingestionSecret })).toHaveValue(STORY_INGEST_SECRET);
  },
};

/** Segment's destination: the example posts a track call, as Segment sends them. */
export const SegmentExample: Story = {
  args: { catalogueId: 'segment', endpoint: { ...ENDPOINT, url: 'http://localhost:3000/api/ingest/ds-segment' } },
  play: async ({ canvas }) => {
    const command = canvas.getByLabelText(CONNECTOR_LABELS.curlExample).textContent ?? '';
    const body = JSON.parse(/-d '(.*)'$/.exec(command)?.[1] ?? '{}') as Record<string, unknown>;
    await expect(body).toMatchObject({ type: 'track', event: expect.any(String), userId: expect.any(String), messageId: expect.any(String) });
    await expect(command).toContain(`${INGEST_SECRET_HEADER}: ${STORY_INGEST_SECRET}`);
    await expect(command).toContain('http://localhost:3000/api/ingest/ds-segment');
  },
};


/**
 * Segment's and RudderStack's libraries: one tab each (Node.js, the browser, RudderStack, cURL), with
 * the source's real base URL and its secret as the write key, ready to copy.
 */
export const ClientLibraries: Story = {
  args: { catalogueId: 'segment', endpoint: { ...ENDPOINT, url: 'https://app.navout.example/api/ingest/ds-segment' } },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: CLIENT_SETUP_LABELS.heading })).toBeVisible();
    const tabs = canvas.getByRole('tablist', { name: CLIENT_SETUP_LABELS.tabs });
    await expect(tabs).toBeVisible();
    const code = () => canvas.getByRole('tabpanel').textContent ?? '';

    await expect(canvas.getByRole('tab', { name: 'Node.js' })).toHaveAttribute('aria-selected', 'true');
    await expect(code()).toContain(`writeKey: '${STORY_INGEST_SECRET}'`);
    await expect(code()).toContain("host: 'https://app.navout.example'");
    await expect(code()).toContain("path: '/api/ingest/ds-segment/v1/batch'");

    await userEvent.click(canvas.getByRole('tab', { name: 'Browser' }));
    await expect(code()).toContain("apiHost: 'app.navout.example/api/ingest/ds-segment/v1', protocol: 'https'");
    await expect(code()).toContain(`apiKey: '${STORY_INGEST_SECRET}'`);

    await userEvent.click(canvas.getByRole('tab', { name: 'RudderStack' }));
    await expect(code()).toContain("dataPlaneUrl: 'https://app.navout.example/api/ingest/ds-segment'");

    await userEvent.click(canvas.getByRole('tab', { name: 'cURL' }));
    await expect(code()).toContain("curl -X POST 'https://app.navout.example/api/ingest/ds-segment/v1/track'");
    await expect(code()).toContain(`-u '${STORY_INGEST_SECRET}:'`);
    await userEvent.click(canvas.getByRole('button', { name: CLIENT_SETUP_LABELS.copy }));
    const curl = clientSetups('https://app.navout.example/api/ingest/ds-segment', STORY_INGEST_SECRET).find((setup) => setup.id === 'curl')!;
    await expect(copied()).toEqual([curl.code]);
  },
};
