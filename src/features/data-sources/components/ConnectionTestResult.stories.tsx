import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CONNECTOR_MESSAGES } from '@domain/data/connectors';
import { API_ERRORS } from '@domain/errors';
import { ApiError } from '@/lib/apiClient';
import { VENDOR_REFUSAL } from '../fixtures';
import { ConnectionTestResult, type ConnectionTestResultProps } from './ConnectionTestResult';

type TestState = ConnectionTestResultProps['test'];

const NOT_RUN: TestState = { isSuccess: false, isError: false, data: undefined, error: null };
const passed = (message?: string): TestState => ({ ...NOT_RUN, isSuccess: true, data: message === undefined ? {} : { message } });
/** The server's 400 for a refused test, as the API client raises it: the vendor's words in `message`. */
const refused = (message: string): TestState => {
  const { status, error } = API_ERRORS.connection_failed;
  return { ...NOT_RUN, isError: true, error: new ApiError(error, status, { error, message, code: 'connection_failed' }) };
};

/** What the server says when a test passes; it names the source as the vendor knows it. */
const SERVER_MESSAGE = CONNECTOR_MESSAGES.testPassed('REST API (api.example.com)');

const meta = {
  title: 'Data Sources/ConnectionTestResult',
  component: ConnectionTestResult,
  args: { test: passed(SERVER_MESSAGE), sourceName: 'REST API' },
} satisfies Meta<typeof ConnectionTestResult>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Passed: the server's own message, as a status that is read out politely. */
export const PassedWithServerMessage: Story = {
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent(SERVER_MESSAGE);
    await expect(status).not.toHaveTextContent(CONNECTOR_MESSAGES.testPassed('REST API'));
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** Passed without a message from the server: the product's own words, with the source's name. */
export const PassedWithDefaultText: Story = {
  args: { test: passed(), sourceName: 'PostgreSQL' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(CONNECTOR_MESSAGES.testPassed('PostgreSQL'));
  },
};

/** An empty message counts as none. */
export const PassedWithEmptyMessage: Story = {
  args: { test: passed(''), sourceName: 'PostgreSQL' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(CONNECTOR_MESSAGES.testPassed('PostgreSQL'));
  },
};

/** Refused: the vendor's own words, as an alert, not the short error. */
export const FailedWithVendorMessage: Story = {
  args: { test: refused(VENDOR_REFUSAL) },
  play: async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(VENDOR_REFUSAL);
    await expect(alert).not.toHaveTextContent(API_ERRORS.connection_failed.error);
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
  },
};

/** Not tested yet: nothing is shown. */
export const NotTested: Story = {
  args: { test: NOT_RUN },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toBeEmptyDOMElement();
  },
};
