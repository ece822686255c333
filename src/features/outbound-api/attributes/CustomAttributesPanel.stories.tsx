import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { mockFetch } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { ACME_ID, outboundApiRoutes, withApiSession } from '../fixtures';
import { ATTRIBUTE_LABELS } from '../labels';
import { CustomAttributesPanel } from './CustomAttributesPanel';

const meta = {
  title: 'Outbound API/Attributes/CustomAttributesPanel',
  component: CustomAttributesPanel,
  decorators: [withApiSession()],
  args: { companyId: ACME_ID, canManage: true },
  beforeEach: () => mockFetch(outboundApiRoutes()),
} satisfies Meta<typeof CustomAttributesPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

export const EditAnAttribute: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit max_budget' }));
    const dialog = within(await screen.findByRole('dialog', { name: ATTRIBUTE_LABELS.edit }));
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'budget_limit');
    await userEvent.click(dialog.getByRole('button', { name: ATTRIBUTE_LABELS.updateButton }));
    await expectShown(() => canvas.getByText('budget_limit'));
  },
};

export const DeleteAnAttribute: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete is_gift' }));
    const confirm = within(await screen.findByRole('dialog', { name: ATTRIBUTE_LABELS.deleteTitle }));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(canvas.queryByText('is_gift')).not.toBeInTheDocument());
  },
};

export const Empty: Story = {
  beforeEach: () => mockFetch(outboundApiRoutes({ attributes: [] })),
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByText(ATTRIBUTE_LABELS.empty));
  },
};
