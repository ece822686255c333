import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { PUBLISHED, RESPONSES } from '../fixtures';
import { NOT_ANSWERED, RESPONSE_DETAIL_TITLE, ResponseDetailDialog } from './ResponseDetailDialog';

const complete = RESPONSES[PUBLISHED.satisfaction.id].find((response) => response.is_complete && Object.keys(response.identifiers).length > 0)!;
const unfinished = RESPONSES[PUBLISHED.satisfaction.id].find((response) => !response.is_complete)!;

const meta = {
  title: 'Surveys/InsightIQ/ResponseDetailDialog',
  component: ResponseDetailDialog,
  args: { response: complete, open: true, questions: PUBLISHED.satisfaction.survey.questions, onClose: fn() },
} satisfies Meta<typeof ResponseDetailDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Every question as 'Q: title' with its answer, and where the response came from. */
export const Complete: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: RESPONSE_DETAIL_TITLE }));
    await expect(dialog.getByText('Complete')).toBeVisible();
    await expect(dialog.getByText('Q: How satisfied are you with your visit?')).toBeVisible();
    await expect(dialog.getByText(String(complete.responses.q_rating))).toBeVisible();
    await expect(dialog.getByText('Identifier user_email')).toBeVisible();
    await userEvent.click(dialog.getAllByRole('button', { name: 'Close' })[0]);
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const Unfinished: Story = {
  args: { response: unfinished },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: RESPONSE_DETAIL_TITLE }));
    await expect(dialog.getByText('Incomplete')).toBeVisible();
    await expect(dialog.getAllByText(NOT_ANSWERED).length).toBeGreaterThan(0);
  },
};

/** An IPv4 visitor stored in an IPv6 spelling (responses kept before every address was written in one): shown as IPv4. */
export const MappedIpv4Address: Story = {
  args: { response: { ...complete, ip_address: '::ffff:203.0.113.0' } },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: RESPONSE_DETAIL_TITLE }));
    await expect(dialog.getByText('IP address').nextElementSibling).toHaveTextContent(/^203\.0\.113\.0$/);
  },
};

/** An address that names no one ("::", a local proxy's cut to nothing): said to be unknown, never shown as "::". */
export const UnknownAddress: Story = {
  args: { response: { ...complete, ip_address: '::' } },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: RESPONSE_DETAIL_TITLE }));
    await expect(dialog.getByText('IP address').nextElementSibling).toHaveTextContent(/^Unknown$/);
  },
};
