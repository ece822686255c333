import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { NO_AUDIT_FILTERS } from './api';
import { AuditFiltersForm } from './AuditFiltersForm';

const changed = fn();

const meta = {
  title: 'Administration/Audit Log/Filters',
  component: AuditFiltersForm,
  args: { filters: NO_AUDIT_FILTERS, onChange: changed },
  beforeEach: () => {
    changed.mockClear();
  },
} satisfies Meta<typeof AuditFiltersForm>;
export default meta;

type Story = StoryObj<typeof meta>;

/** An action or target chosen applies at once; the actor when Enter is pressed or the field is left. */
export const Choosing: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const form = within(canvasElement);
    await userEvent.click(form.getByRole('combobox', { name: 'Action' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Person erasure requested' }));
    await expect(changed).toHaveBeenLastCalledWith({ action: 'person_erasure_requested' });
    await userEvent.click(form.getByRole('combobox', { name: 'Target' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Person' }));
    await expect(changed).toHaveBeenLastCalledWith({ targetType: 'person' });
    await userEvent.type(form.getByRole('textbox', { name: 'Actor' }), 'alice@acme.example');
    await expect(changed).toHaveBeenCalledTimes(2);
    await userEvent.keyboard('{Enter}');
    await expect(changed).toHaveBeenLastCalledWith({ actor: 'alice@acme.example' });
  },
};

export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Action' })).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};
