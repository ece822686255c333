import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { ACME_ID, ACME_PREDICT_ANSWER, outboundApiRoutes, PREDICT_RESPONSE, withApiSession } from '../fixtures';
import { DocumentationPanel, EXAMPLE_NOTES } from './DocumentationPanel';

const meta = {
  title: 'Outbound API/Docs/DocumentationPanel',
  component: DocumentationPanel,
  decorators: [withApiSession()],
  args: { companyId: ACME_ID, origin: 'https://app.navout.example' },
  beforeEach: () => mockFetch(outboundApiRoutes()),
} satisfies Meta<typeof DocumentationPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Predict first, then events and items, each with its samples and the chosen language's example. */
export const FromTheDocument: Story = {
  play: async ({ canvas, userEvent }) => {
    const articles = await canvas.findAllByRole('article');
    await expect(articles.map((article) => article.getAttribute('aria-label'))).toEqual(['POST /v1/predict', 'POST /v1/events', 'PUT /v1/items', 'GET /v1/usage']);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Code example language' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Java' }));
    await expect(canvas.getByRole('region', { name: 'Java example of POST /v1/predict' })).toHaveTextContent('https://app.navout.example/api/v1/predict');
  },
};

/**
 * The predict example is the company's own: its catalogue's words and category, its custom
 * attributes, and under it the API's answer to that very request, not the document's generic one.
 */
export const CompanyExample: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(EXAMPLE_NOTES.own)).toBeVisible();
    const response = canvas.getByRole('region', { name: 'Response format of POST /v1/predict' });
    for (const item of ACME_PREDICT_ANSWER.items) await expect(response).toHaveTextContent(item.id);
    await expect(response).toHaveTextContent(ACME_PREDICT_ANSWER.model);
    await expect(response).not.toHaveTextContent(PREDICT_RESPONSE.items[0]!.title);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Code example language' }));
    await userEvent.click(await screen.findByRole('option', { name: 'cURL' }));
    const curl = canvas.getByRole('region', { name: 'cURL example of POST /v1/predict' });
    await expect(curl).toHaveTextContent('"query": "oak dining table"');
    await expect(curl).toHaveTextContent('"room": "dining"');
    await expect(curl).not.toHaveTextContent('trail running');
  },
};

/** Nothing in the catalogue yet: the document's example and its response, and what to send first. */
export const NoCatalogueYet: Story = {
  beforeEach: () => mockFetch(outboundApiRoutes({ example: null })),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(EXAMPLE_NOTES.generic)).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Response format of POST /v1/predict' })).toHaveTextContent(PREDICT_RESPONSE.model);
  },
};

export const LoadFails: Story = {
  beforeEach: () => mockFetch({ 'GET /api/v1/openapi.json': failure('internal_error') }),
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByText('Failed to load the API documentation'));
  },
};
