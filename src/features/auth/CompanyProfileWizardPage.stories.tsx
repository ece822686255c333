import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { Session } from '@/lib/session';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { companyAdminAnswer, companyAdminSession, SessionFixture } from '@/lib/testing/sessions';
import { CompanyProfileWizardPage, SAVE_FAILED, UNEXPECTED_FAILURE } from './CompanyProfileWizardPage';

/** Right after registration: a new company with nothing but its name. */
const newCompanySession: Session = {
  ...companyAdminSession,
  company: {
    ...companyAdminSession.company,
    industry: null,
    companySize: null,
    website: null,
    phone: null,
    address: null,
    description: null,
    targetAudience: null,
  },
};

function Wizard({ initialStep = 0 }: { initialStep?: number }) {
  return (
    <SessionFixture session={newCompanySession}>
      <CompanyProfileWizardPage initialStep={initialStep} />
    </SessionFixture>
  );
}

const meta = {
  title: 'Pages/Company profile wizard',
  component: Wizard,
  parameters: { layout: 'fullscreen', router: { initialEntries: ['/company-profile'], path: '/company-profile' } },
} satisfies Meta<typeof Wizard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const BasicInformation: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Step 1 of 3')).toBeVisible();
    await expect(canvas.getByText('Basic Information', { selector: 'legend' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Industry' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Company Size' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Previous' })).toBeDisabled();
  },
};

export const ContactDetails: Story = {
  args: { initialStep: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Step 2 of 3')).toBeVisible();
    await expect(canvas.getByLabelText('Website')).toHaveAttribute('type', 'url');
    await expect(canvas.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    await expect(canvas.getByLabelText('Address')).toBeVisible();
  },
};

export const BusinessFocus: Story = {
  args: { initialStep: 2 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Step 3 of 3')).toBeVisible();
    await expect(canvas.getByLabelText('Description')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Target Audience' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save & Continue' })).toBeEnabled();
  },
};

export const ChoosesACompanySize: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Company Size' }));
    const options = await within(document.body).findAllByRole('option');
    await expect(options.map((option) => option.textContent)).toContain('51-200 employees');
  },
};

export const RejectsAnInvalidWebsite: Story = {
  args: { initialStep: 1 },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Website'), 'acme dot example');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Please enter a valid URL')).toBeVisible();
    await expect(canvas.getByText('Step 2 of 3')).toBeVisible();
  },
};

export const WalksThroughTheSteps: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Step 2 of 3')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Step 3 of 3')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await expect(await canvas.findByText('Step 2 of 3')).toBeVisible();
  },
};

export const SkipForNow: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Skip for now' }));
    await expect(await canvas.findByText('Navigated to /')).toBeInTheDocument();
  },
};

export const SavesAndContinues: Story = {
  args: { initialStep: 2 },
  beforeEach: () =>
    mockFetch({ 'PUT /api/companies/profile': ({ body }) => ({ body: { ...companyAdminAnswer.company, ...(body as object) } }) }),
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Description'), 'Outdoor and home goods.');
    await userEvent.click(canvas.getByRole('button', { name: 'Save & Continue' }));
    await expect(await canvas.findByText('Navigated to /')).toBeInTheDocument();
  },
};

export const SaveFails: Story = {
  args: { initialStep: 2 },
  beforeEach: () => mockFetch({ 'PUT /api/companies/profile': failure('internal_error') }),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save & Continue' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SAVE_FAILED);
  },
};

export const ServerUnreachable: Story = {
  args: { initialStep: 2 },
  beforeEach: () => {
    const original = globalThis.fetch;
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    return () => {
      globalThis.fetch = original;
    };
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save & Continue' }));
    // The API client retries twice (after 1 s and 2 s) before giving up.
    await expect(await canvas.findByRole('alert', {}, { timeout: 6000 })).toHaveTextContent(UNEXPECTED_FAILURE);
  },
};
