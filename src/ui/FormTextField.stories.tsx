import type { Meta, StoryObj } from '@storybook/react-vite';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { expect, within } from 'storybook/test';
import { companySchema, type CompanyInput } from '@domain/auth/schemas';
import { INDUSTRIES } from '@domain/company/options';
import { FormTextField } from './FormTextField';
import { optionsOf } from './SelectField';

/** A text field and a select bound to a company form. */
function BoundFields() {
  const { control, handleSubmit } = useForm<CompanyInput>({
    resolver: yupResolver(companySchema),
    defaultValues: { name: '', domain: 'acme.example', industry: '' },
  });
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(() => undefined)} sx={{ maxWidth: 360 }}>
      <FormTextField control={control} name="name" label="Company Name" required />
      <FormTextField control={control} name="industry" label="Industry" options={optionsOf(INDUSTRIES)} helperText="Optional" />
      <Button type="submit" variant="contained">
        Submit
      </Button>
    </Stack>
  );
}

const meta = {
  title: 'UI/FormTextField',
  component: BoundFields,
} satisfies Meta<typeof BoundFields>;
export default meta;

type Story = StoryObj<typeof meta>;

export const ShowsTheSchemaMessage: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(await canvas.findByText('Company name is required')).toBeVisible();
    await expect(canvas.getByText('Optional')).toBeVisible();
  },
};

export const Select: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Industry' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Retail' }));
    await expect(canvas.getByRole('combobox', { name: 'Industry' })).toHaveTextContent('Retail');
  },
};
