import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { OPENAPI_DOCUMENT, withApiSession } from '../fixtures';
import { documentedOperations } from './openApi';
import { OperationDocs } from './OperationDocs';

const [predict, events] = documentedOperations(OPENAPI_DOCUMENT);

const meta = {
  title: 'Outbound API/Docs/OperationDocs',
  component: OperationDocs,
  decorators: [withApiSession()],
  args: { operation: predict, language: 'python', baseUrl: 'https://app.navout.example/api' },
} satisfies Meta<typeof OperationDocs>;
export default meta;

type Story = StoryObj<typeof meta>;

export const PredictInPython: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Python example of POST /v1/predict' })).toHaveTextContent('requests.request(');
    await expect(canvas.getByRole('region', { name: 'Python example of POST /v1/predict' })).toHaveTextContent('"available": True');
  },
};

export const EventsInJava: Story = { args: { operation: events, language: 'java' } };
export const PredictInNode: Story = { args: { language: 'node' } };
