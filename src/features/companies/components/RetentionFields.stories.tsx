import type { Meta, StoryObj } from '@storybook/react-vite';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { expect } from 'storybook/test';
import { companySchema, type CompanyInput } from '@domain/auth/schemas';
import type { CompanyRetention } from '@domain/company/retention';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { acmeCompany } from '@/lib/testing/sessions';
import { companyFormValues, retentionFormValues } from '../companyForm';
import { RetentionFields } from './RetentionFields';

interface RetentionFieldsPreviewProps {
  retention?: CompanyRetention;
  disabled?: boolean;
}

/** The fields bound to a form, as the Company Profile modal binds them. */
function RetentionFieldsPreview({ retention, disabled }: RetentionFieldsPreviewProps) {
  const company = { ...acmeCompany, retention };
  const { control } = useForm<CompanyInput>({
    resolver: yupResolver(companySchema),
    defaultValues: { ...companyFormValues(company, 'employees'), retention: retentionFormValues(company) },
  });
  return <RetentionFields control={control} disabled={disabled} />;
}

const meta = {
  title: 'Administration/Companies/RetentionFields',
  component: RetentionFieldsPreview,
} satisfies Meta<typeof RetentionFieldsPreview>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Nothing set: every kind of data is kept, and each field says so. */
export const KeepEverything: Story = {
  play: async ({ canvas }) => {
    for (const name of ['Raw events (days)', 'Prediction call log (days)', 'Survey responses (days)']) {
      const field = canvas.getByRole('spinbutton', { name });
      await expect(field).toHaveValue(null);
      await expect(field).toHaveAttribute('placeholder', 'Keep');
    }
  },
};

/** Periods set for events and responses, the call log kept. */
export const PeriodsSet: Story = {
  args: { retention: { eventsDays: 90, callLogDays: null, responsesDays: 365 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('spinbutton', { name: 'Raw events (days)' })).toHaveValue(90);
    await expect(canvas.getByRole('spinbutton', { name: 'Prediction call log (days)' })).toHaveValue(null);
    await expect(canvas.getByRole('spinbutton', { name: 'Survey responses (days)' })).toHaveValue(365);
  },
};

/** Read-only, for someone who may not edit the company. */
export const Disabled: Story = {
  args: { retention: { eventsDays: 30, callLogDays: 30, responsesDays: 30 }, disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('spinbutton', { name: 'Raw events (days)' })).toBeDisabled();
  },
};

/** At phone width the three fields stack. */
export const Phone: Story = {
  args: { retention: { eventsDays: 90, callLogDays: null, responsesDays: 365 } },
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('spinbutton', { name: 'Survey responses (days)' })).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};
