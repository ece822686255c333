import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { ApiError, NetworkError } from '@/lib/apiClient';
import { failure } from '@/lib/testing/mockFetch';
import { ImportFailure } from './ImportFailure';

const apiError = (answer: ReturnType<typeof failure>) => {
  const body = answer.body as { error: string };
  return new ApiError(body.error, answer.status ?? 400, answer.body);
};

const meta = {
  title: 'Data Sources/Import/ImportFailure',
  component: ImportFailure,
  args: { error: apiError(failure('import_too_large')) },
} satisfies Meta<typeof ImportFailure>;
export default meta;

type Story = StoryObj<typeof meta>;

export const TooLarge: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('File too large')).toBeVisible();
    await expect(canvas.getByText('The file must be at most 10 MB.')).toBeVisible();
  },
};

export const InvalidJson: Story = {
  args: { error: apiError(failure('invalid_file', { message: DATA_SOURCE_MESSAGES.invalidJson })) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(DATA_SOURCE_MESSAGES.importFailed)).toBeVisible();
    await expect(canvas.getByText(DATA_SOURCE_MESSAGES.invalidJson)).toBeVisible();
  },
};

export const UnsupportedFile: Story = {
  args: { error: apiError(failure('unsupported_file')) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Unsupported file type')).toBeVisible();
    await expect(canvas.getByText('Import a .csv, .json, .xlsx or .xls file.')).toBeVisible();
  },
};

/** The server or the network failed: no detail to act on, the specification's sentence. */
export const NetworkFailure: Story = {
  args: { error: new NetworkError('Network error', false) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(DATA_SOURCE_MESSAGES.importFailed);
    await expect(canvas.queryByText('Network error')).not.toBeInTheDocument();
  },
};
