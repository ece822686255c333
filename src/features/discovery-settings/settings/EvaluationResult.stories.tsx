import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { EVALUATION } from '../fixtures';
import { EvaluationResult } from './EvaluationResult';

const meta = { title: 'Discovery Settings/EvaluationResult', component: EvaluationResult, args: { evaluation: EVALUATION } } satisfies Meta<typeof EvaluationResult>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Better: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('rowheader', { name: 'Hit rate@10' })).toBeVisible();
    await expect(canvas.getByText('0.214')).toBeVisible();
    await expect(canvas.getByText('+0.017')).toBeVisible();
    await expect(canvas.getByText('+0.009')).toBeVisible();
  },
};

export const Worse: Story = {
  args: { evaluation: { ...EVALUATION, candidate: { hitRateAt10: 0.19, ndcgAt10: 0.118, coverage: 0.17 } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('−0.024')).toBeVisible();
    await expect(canvas.getByText('±0.000')).toBeVisible();
  },
};
