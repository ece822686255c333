import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PHONE_GLOBALS } from '@/lib/testing/phone';
import { DESKTOP_GLOBALS, expectCardsInFull, expectTableInFull } from '@/lib/testing/tables';
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

/** A phone: each metric and each baseline is a card with its figures. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas }) => {
    const metrics = await expectCardsInFull(canvas.getByRole('list', { name: 'Current and edited settings' }), ['Metric', 'Current', 'Edited', 'Difference']);
    await expect(within(metrics[0]).getByText('+0.017')).toBeVisible();
    await expectCardsInFull(canvas.getByRole('list', { name: 'Baselines on the same people' }), ['Baseline (same people)', 'Hit rate@10', 'NDCG@10', 'Coverage']);
  },
};

/** 1440 px: both tables fit with every figure on one line. */
export const WideScreen: Story = {
  globals: DESKTOP_GLOBALS,
  play: async ({ canvas }) => {
    await expectTableInFull(canvas.getByRole('table', { name: 'Current and edited settings' }));
    await expectTableInFull(canvas.getByRole('table', { name: 'Baselines on the same people' }));
    await expect(canvas.getByRole('rowheader', { name: 'Item-kNN (cosine)' })).toBeVisible();
  },
};
