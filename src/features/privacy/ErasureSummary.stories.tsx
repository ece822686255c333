import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import Paper from '@mui/material/Paper';
import { ERASURE_STEP_LABELS, ERASURE_STEPS } from '@domain/privacy/contract';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { ErasureSummary } from './ErasureSummary';
import { DONE_ERASURE, FAILED_ERASURE, RUNNING_ERASURE } from './fixtures';

const meta = {
  title: 'Administration/Privacy/Erasure summary',
  component: ErasureSummary,
  decorators: [
    (Story) => (
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
        <Story />
      </Paper>
    ),
  ],
  args: { job: DONE_ERASURE },
} satisfies Meta<typeof ErasureSummary>;
export default meta;

type Story = StoryObj<typeof meta>;

const countOf = (canvas: ReturnType<typeof within>, step: (typeof ERASURE_STEPS)[number]) => canvas.getByText(ERASURE_STEP_LABELS[step], { selector: 'dt' }).nextElementSibling?.textContent;

/** Every store with its count, the other fields of records and the audit log among them. */
export const Done: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Done')).toBeVisible();
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(canvas.getAllByRole('term')).toHaveLength(ERASURE_STEPS.length);
    await expect(countOf(canvas, 'recordFields')).toBe('2');
    await expect(countOf(canvas, 'auditLog')).toBe('3');
    await expect(canvas.getByText(/finished/)).toBeVisible();
  },
};

/** A store under way shows its count so far with an ellipsis; those not reached show none done. */
export const Running: Story = {
  args: { job: RUNNING_ERASURE },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Running')).toBeVisible();
    await expect(countOf(canvas, 'records')).toBe('7');
    await expect(countOf(canvas, 'recordFields')).toBe('0…');
    await expect(canvas.queryByText(/finished/)).not.toBeInTheDocument();
  },
};

export const Failed: Story = {
  args: { job: FAILED_ERASURE },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Failed')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('The database was unavailable');
  },
};

export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(ERASURE_STEP_LABELS.recordFields)).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};
