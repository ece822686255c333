import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { outboundApiRoutes, withApiSession } from '../fixtures';
import { DocumentationPanel } from './DocumentationPanel';

const meta = {
  title: 'Outbound API/Docs/DocumentationPanel',
  component: DocumentationPanel,
  decorators: [withApiSession()],
  args: { origin: 'https://app.navout.example' },
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

export const LoadFails: Story = {
  beforeEach: () => mockFetch({ 'GET /api/v1/openapi.json': failure('internal_error') }),
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByText('Failed to load the API documentation'));
  },
};
