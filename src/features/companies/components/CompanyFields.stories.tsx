import type { Meta, StoryObj } from '@storybook/react-vite';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { expect, screen } from 'storybook/test';
import { companySchema, type CompanyInput } from '@domain/auth/schemas';
import type { Company } from '@domain/auth/types';
import type { CompanySizeStyle } from '@domain/company/size';
import { acmeCompany } from '@/lib/testing/sessions';
import { expectShown } from '@/lib/testing/storyHelpers';
import { COMPANY_SIZE_OPTIONS, companyFormValues } from '../companyForm';
import { CompanyFields } from './CompanyFields';

interface CompanyFieldsPreviewProps {
  company?: Company;
  sizeStyle: CompanySizeStyle;
  showStatus?: boolean;
}

/** The fields bound to a form, as the two company forms bind them. */
function CompanyFieldsPreview({ company, sizeStyle, showStatus }: CompanyFieldsPreviewProps) {
  const { control } = useForm<CompanyInput>({
    resolver: yupResolver(companySchema),
    mode: 'onBlur',
    defaultValues: companyFormValues(company, sizeStyle),
  });
  return <CompanyFields control={control} sizeOptions={COMPANY_SIZE_OPTIONS[sizeStyle]} showStatus={showStatus} />;
}

const meta = {
  title: 'Administration/Companies/CompanyFields',
  component: CompanyFieldsPreview,
  args: { company: acmeCompany, sizeStyle: 'employees' },
} satisfies Meta<typeof CompanyFieldsPreview>;
export default meta;

type Story = StoryObj<typeof meta>;

/** As in the Company Profile modal: sizes carry "employees". */
export const ProfileStyle: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Company Size' })).toHaveTextContent('201-500 employees');
    await expect(canvas.getByLabelText('Website')).toHaveAttribute('type', 'url');
    await expect(canvas.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
  },
};

/** As in Company Management: bare size ranges, and the status. */
export const ManagementStyle: Story = {
  args: { sizeStyle: 'bare', showStatus: true },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('combobox', { name: 'Company Size' })).toHaveTextContent('201-500');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Company Size' }));
    await expect(await screen.findByRole('option', { name: '1000+' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Active');
  },
};

export const InvalidWebsite: Story = {
  play: async ({ canvas, userEvent }) => {
    const website = canvas.getByLabelText('Website');
    await userEvent.clear(website);
    await userEvent.type(website, 'acme dot example');
    await userEvent.tab();
    await expectShown(() => canvas.getByText('Please enter a valid URL'));
  },
};
