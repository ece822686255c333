import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { SessionFixture } from '@/lib/testing/sessions';
import { ACME_ID, CUSTOM_ATTRIBUTES, outboundApiRoutes, PREDICT_REQUEST, SAMPLE_TOKEN, withApiSession } from '../fixtures';
import { LIVE_TEST_LABELS } from '../labels';
import { LiveTestPanel } from './LiveTestPanel';

let calls: MockCall[] = [];

const meta = {
  title: 'Outbound API/Live Test/LiveTestPanel',
  component: LiveTestPanel,
  decorators: [withApiSession()],
  args: { companyId: ACME_ID, attributes: CUSTOM_ATTRIBUTES },
  beforeEach: () => {
    const restore = mockFetch(outboundApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof LiveTestPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Only ticked attributes with values are sent, each as its type. */
export const SendsTickedAttributes: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('API key'), SAMPLE_TOKEN);
    await userEvent.type(canvas.getByRole('textbox', { name: 'max_budget (number)' }), '120');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Send is_gift' }));
    await userEvent.click(canvas.getByRole('button', { name: LIVE_TEST_LABELS.send }));
    await within(await canvas.findByRole('region', { name: 'Live response' })).findByLabelText('Status 200');
    await expect(calls.find((call) => call.path === '/api/v1/predict')?.body).toEqual({ query: '', top_k: 5, custom_attributes: { max_budget: 120 } });
  },
};

export const TopKOutOfRange: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('API key'), SAMPLE_TOKEN);
    const topK = canvas.getByRole('spinbutton', { name: 'Top K' });
    await userEvent.clear(topK);
    await userEvent.type(topK, '51');
    await userEvent.click(canvas.getByRole('button', { name: LIVE_TEST_LABELS.send }));
    await expect(canvas.getByText('Top K must be a whole number from 1 to 50')).toBeVisible();
    await expect(calls.some((call) => call.path === '/api/v1/predict')).toBe(false);
  },
};

export const KeyRequired: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: LIVE_TEST_LABELS.send }));
    await expect(canvas.getByText(LIVE_TEST_LABELS.keyRequired)).toBeVisible();
  },
};

/** Without a session the test says so and calls nothing. */
export const SignedOut: Story = {
  decorators: [(Story) => <SessionFixture session={null}>{<Story />}</SessionFixture>],
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('API key'), SAMPLE_TOKEN);
    await userEvent.click(canvas.getByRole('button', { name: LIVE_TEST_LABELS.send }));
    await expect(canvas.getByText(LIVE_TEST_LABELS.authRequired)).toBeVisible();
    await expect(calls).toHaveLength(0);
  },
};

export const Replayed: Story = {
  args: { replay: PREDICT_REQUEST },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Query' })).toHaveValue(PREDICT_REQUEST.query);
    await expect(canvas.getByRole('textbox', { name: 'Metadata (JSON)' })).toHaveValue(JSON.stringify(PREDICT_REQUEST.metadata, null, 2));
  },
};
