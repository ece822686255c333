import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { SESSIONS } from '@/lib/testing/fixtures';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { ACME_PREDICT_ANSWER, ACME_PREDICT_EXAMPLE, API_KEYS, API_READ_ONLY_SESSION, outboundApiRoutes, PREDICT_RESPONSE, SAMPLE_TOKEN, withApiSession } from './fixtures';
import { stubClipboard } from '@/lib/testing/clipboard';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { expectCardsInFull, lineCount } from '@/lib/testing/tables';
import { ATTRIBUTE_LABELS, CHOOSE_COMPANY_FOR_API, KEY_LABELS, KEY_MESSAGES_SHOWN, LIVE_TEST_LABELS, OUTBOUND_TABS } from './labels';
import { OutboundApiPage } from './OutboundApiPage';

let calls: MockCall[] = [];
let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: 'Pages/Outbound API',
  component: OutboundApiPage,
  decorators: [withApiSession()],
  parameters: { layout: 'padded' },
  beforeEach: () => {
    const restore = mockFetch(outboundApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof OutboundApiPage>;
export default meta;

type Story = StoryObj<typeof meta>;

const openTab = async (canvas: ReturnType<typeof within>, name: string, userEvent: { click: (element: Element) => Promise<void> }) =>
  userEvent.click(await canvas.findByRole('tab', { name }));

/** The keys with their permissions and status, and the usage of every key beneath. */
export const ApiKeys: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Outbound API' })).toBeVisible();
    for (const name of Object.values(OUTBOUND_TABS)) await expect(canvas.getByRole('tab', { name })).toBeVisible();
    const table = within(await canvas.findByRole('grid', { name: 'API tokens' }));
    await expectShown(() => table.getByText(API_KEYS[0].name));
    for (const header of ['Name', 'Description', 'Permissions', 'Status', 'Created', 'Last used', 'Actions']) {
      // A sorted column's header also names its order ("Created, sorted descending").
      await expect(table.getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeVisible();
    }
    await expect(canvas.getByRole('button', { name: `${KEY_LABELS.activate} ${API_KEYS[2].name}` })).toBeVisible();
    await expectShown(() => canvas.getByText('2,681'));
  },
};

/** Create a token: shown once, copied, and the dialog closes with the alert of section 8. */
export const CreateAndCopyToken: Story = {
  beforeEach: () => {
    const restore = mockFetch(outboundApiRoutes());
    calls = restore.calls;
    clipboard = stubClipboard();
    return () => {
      restore();
      clipboard();
    };
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: KEY_LABELS.create }));
    const form = within(await screen.findByRole('dialog', { name: KEY_LABELS.create }));
    await userEvent.type(form.getByRole('textbox', { name: /^Name/ }), 'Checkout widget');
    await userEvent.click(form.getByRole('button', { name: KEY_LABELS.create }));
    const reveal = within(await screen.findByRole('dialog', { name: /Your new API token/ }));
    await expect(reveal.getByRole('textbox', { name: 'API token' })).toHaveValue(SAMPLE_TOKEN);
    await expect(reveal.getByText(KEY_MESSAGES_SHOWN.securityNotice)).toBeVisible();
    await expect(calls.find((call) => call.method === 'POST' && call.path === '/api/api-keys')?.body).toMatchObject({
      name: 'Checkout widget',
      permissions: ['read', 'write'],
    });
    await userEvent.click(reveal.getByRole('button', { name: KEY_LABELS.copyToken }));
    await expectShown(() => screen.getByText(KEY_MESSAGES_SHOWN.copied));
    await expect(clipboard.writes).toEqual([SAMPLE_TOKEN]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Your new API token/ })).not.toBeInTheDocument());
    await expectShown(() => canvas.getByText('Checkout widget'));
  },
};

/** Pausing a key: its status reads Paused and Activate is offered. */
export const PauseKey: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: `${KEY_LABELS.pause} ${API_KEYS[0].name}` }));
    await expectShown(() => screen.getByText(KEY_MESSAGES_SHOWN.paused(API_KEYS[0].name)));
    await expectShown(() => canvas.getByRole('button', { name: `${KEY_LABELS.activate} ${API_KEYS[0].name}` }));
    await expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ isActive: false });
  },
};

export const DeleteKey: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: `${KEY_LABELS.delete} ${API_KEYS[1].name}` }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete API Token' }));
    await userEvent.click(confirm.getByRole('button', { name: KEY_LABELS.delete }));
    await expectShown(() => screen.getByText(KEY_MESSAGES_SHOWN.deleted(API_KEYS[1].name)));
    await waitFor(() => expect(canvas.queryByText(API_KEYS[1].description ?? '')).not.toBeInTheDocument());
  },
};

export const CustomAttributes: Story = {
  play: async ({ canvas, userEvent }) => {
    await openTab(canvas, OUTBOUND_TABS.attributes, userEvent);
    await expectShown(() => canvas.getByText('loyalty_tier'));
    await userEvent.click(canvas.getByRole('button', { name: ATTRIBUTE_LABELS.add }));
    const dialog = within(await screen.findByRole('dialog', { name: ATTRIBUTE_LABELS.add }));
    await expect(dialog.getByRole('button', { name: ATTRIBUTE_LABELS.addButton })).toBeDisabled();
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'preferred_brand');
    await userEvent.click(dialog.getByRole('button', { name: ATTRIBUTE_LABELS.addButton }));
    await expectShown(() => canvas.getByText('preferred_brand'));
  },
};

export const NoCustomAttributes: Story = {
  beforeEach: () => mockFetch(outboundApiRoutes({ attributes: [] })),
  play: async ({ canvas, userEvent }) => {
    await openTab(canvas, OUTBOUND_TABS.attributes, userEvent);
    await expectShown(() => canvas.getByText(ATTRIBUTE_LABELS.empty));
  },
};

export const Documentation: Story = {
  play: async ({ canvas, userEvent }) => {
    await openTab(canvas, OUTBOUND_TABS.docs, userEvent);
    const predict = within(await canvas.findByRole('article', { name: 'POST /v1/predict' }));
    // The company's own example replaces the document's generic one once it arrives.
    await waitFor(() => expect(predict.getByRole('region', { name: /^Request body/ })).toHaveTextContent(ACME_PREDICT_EXAMPLE.query!));
    // And the API's answer to it in place of the document's generic answer.
    await expect(predict.getByRole('region', { name: /^Response format/ })).toHaveTextContent(ACME_PREDICT_ANSWER.model);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Code example language' }));
    await userEvent.click(await screen.findByRole('option', { name: 'cURL' }));
    await expect(predict.getByRole('region', { name: /^cURL example/ })).toHaveTextContent(`${window.location.origin}/api/v1/predict`);
    await expect(canvas.getByRole('link', { name: /OpenAPI document/ })).toHaveAttribute('href', '/api/v1/openapi.json');
  },
};

/** A test key, a query, and the real answer with its explanations. */
export const LiveTest: Story = {
  play: async ({ canvas, userEvent }) => {
    await openTab(canvas, OUTBOUND_TABS.liveTest, userEvent);
    await userEvent.click(await canvas.findByRole('button', { name: LIVE_TEST_LABELS.useTestKey }));
    await waitFor(() => expect(canvas.getByLabelText('API key')).not.toHaveValue(''));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Query' }), 'trail running shoes');
    await userEvent.click(canvas.getByRole('button', { name: LIVE_TEST_LABELS.send }));
    const response = within(await canvas.findByRole('region', { name: 'Live response' }));
    await expect(response.getByLabelText('Status 200')).toHaveTextContent('200 OK');
    await expect(response.getByText(/^Latency: \d+ ms$/)).toBeVisible();
    await expect(response.getByText(PREDICT_RESPONSE.items[0].explanation)).toBeVisible();
    const sent = calls.find((call) => call.path === '/api/v1/predict');
    await expect(sent?.body).toEqual({ query: 'trail running shoes', top_k: 5 });
    await expect(sent?.headers['X-API-Key']).toBe(SAMPLE_TOKEN.split('').reverse().join(''));
  },
};

/** A paused key: the error type and its details, no made-up answer. */
export const LiveTestRefused: Story = {
  beforeEach: () => mockFetch(outboundApiRoutes({ predict: failure('api_key_paused') })),
  play: async ({ canvas, userEvent }) => {
    await openTab(canvas, OUTBOUND_TABS.liveTest, userEvent);
    await userEvent.type(await canvas.findByLabelText('API key'), SAMPLE_TOKEN);
    await userEvent.click(canvas.getByRole('button', { name: LIVE_TEST_LABELS.send }));
    const response = within(await canvas.findByRole('region', { name: 'Live response' }));
    await expect(response.getByLabelText('Status 401')).toHaveTextContent('401 Unauthorized');
    await expect(response.getByText('api_key_paused')).toBeVisible();
    await expect(response.getByRole('region', { name: LIVE_TEST_LABELS.errorDetails })).toHaveTextContent('This API key is paused');
  },
};

/** Replay from the recent calls: the console opens with the call's request. */
export const ReplayACall: Story = {
  play: async ({ canvas, userEvent }) => {
    const replay = await canvas.findAllByRole('button', { name: /^Replay call of/ });
    await userEvent.click(replay[0]);
    await expectShown(() => canvas.getByRole('tab', { name: OUTBOUND_TABS.liveTest, selected: true }));
    await expect(canvas.getByRole('textbox', { name: 'Query' })).toHaveValue('trail running shoes');
  },
};

export const CompareACall: Story = {
  play: async ({ canvas, userEvent }) => {
    const compare = await canvas.findAllByRole('button', { name: /^Compare call of/ });
    await userEvent.click(compare[0]);
    const dialog = within(await screen.findByRole('dialog', { name: 'Compare with the current settings' }));
    await expectShown(() => dialog.getByText('Up 1'));
    await expect(dialog.getByText('contentDiscovery (+0.060)')).toBeVisible();
    await expect(dialog.getByText('Dropped')).toBeVisible();
  },
};

/** api:read only: no Create, no Pause or Delete; the keys and their usage are shown. */
export const ReadOnly: Story = {
  decorators: [withApiSession(API_READ_ONLY_SESSION)],
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByText(KEY_MESSAGES_SHOWN.readOnly));
    const table = within(await canvas.findByRole('grid', { name: 'API tokens' }));
    await expectShown(() => table.getByText(API_KEYS[0].name));
    await expect(canvas.queryByRole('button', { name: KEY_LABELS.create })).not.toBeInTheDocument();
    await expect(table.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  },
};

export const GlobalAdminViewingAll: Story = {
  decorators: [withApiSession(SESSIONS.globalAdmin)],
  play: async ({ canvas }) => {
    await expect(canvas.getByText(CHOOSE_COMPANY_FOR_API)).toBeVisible();
  },
};

/**
 * At phone width: the tokens and the recent calls are cards showing every column and their actions,
 * the usage range stays in view on one line, and the Documentation tab's code wraps or scrolls in
 * its block; the page itself never scrolls sideways.
 */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Outbound API' })).toBeVisible();
    const tokens = await canvas.findByRole('list', { name: 'API tokens' });
    await expectCardsInFull(tokens, ['Name', 'Description', 'Permissions', 'Status', 'Created', 'Last used']);
    await expect(within(tokens).getByRole('button', { name: `${KEY_LABELS.activate} ${API_KEYS[2].name}` })).toBeVisible();
    await expectShown(() => canvas.getByText('2,681'));
    await expectNoSidewaysScroll(canvasElement);
    const range = canvas.getByRole('group', { name: 'Usage range' });
    await expect(range.getBoundingClientRect().right).toBeLessThanOrEqual(canvasElement.ownerDocument.documentElement.clientWidth);
    for (const button of within(range).getAllByRole('button')) await expect(lineCount(button)).toBe(1);
    await expectCardsInFull(await canvas.findByRole('list', { name: 'Recent calls' }), ['When', 'Key', 'Endpoint', 'Status', 'Latency', 'Items']);
    await openTab(canvas, OUTBOUND_TABS.docs, userEvent);
    await canvas.findByRole('article', { name: 'POST /v1/predict' });
    await expectNoSidewaysScroll(canvasElement);
  },
};
