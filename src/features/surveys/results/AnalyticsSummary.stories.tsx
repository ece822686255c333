import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { analyticsOf } from '../collectionFixtures';
import { PUBLISHED, RESPONSES } from '../fixtures';
import { AnalyticsSummary, DEVICES_TITLE, NO_DEVICE_DATA, SUMMARY_LABELS, totalExplained, TREND_TITLE } from './AnalyticsSummary';
import { formatDuration, formatPercent } from './format';

const satisfaction = analyticsOf(RESPONSES[PUBLISHED.satisfaction.id]);

const meta = {
  title: 'Surveys/InsightIQ/AnalyticsSummary',
  component: AnalyticsSummary,
  args: { analytics: satisfaction },
} satisfies Meta<typeof AnalyticsSummary>;
export default meta;

type Story = StoryObj<typeof meta>;

const card = (canvas: { getByText: (text: string) => HTMLElement }, label: string) => canvas.getByText(label).nextElementSibling?.textContent;

/** Twelve days of the store survey: the counts, the times, the week's trend and the devices. */
export const StoreSurvey: Story = {
  play: async ({ canvas }) => {
    await expect(card(canvas, SUMMARY_LABELS.total)).toBe(String(satisfaction.totalResponses));
    // Which responses the total counts, beside the completed ones LiveIQ's card counts.
    await expect(canvas.getByText(totalExplained(satisfaction.completedResponses))).toBeVisible();
    await expect(card(canvas, SUMMARY_LABELS.completionRate)).toBe(formatPercent(satisfaction.completionRate));
    await expect(card(canvas, SUMMARY_LABELS.average)).toBe(formatDuration(satisfaction.averageCompletionTime));
    await expect(card(canvas, SUMMARY_LABELS.fastest)).toBe(formatDuration(satisfaction.fastestResponse));
    await expect(card(canvas, SUMMARY_LABELS.longest)).toBe(formatDuration(satisfaction.longestResponse));
    await expect(canvas.getByRole('figure', { name: TREND_TITLE })).toHaveAccessibleDescription(/^Responses per day: /);
    await expect(canvas.getByRole('figure', { name: DEVICES_TITLE })).toHaveAccessibleDescription(/Mobile \d+(\.\d)?%/);
  },
};

/** A survey nobody has answered yet: zeros, a flat week, no devices. */
export const NoResponses: Story = {
  args: { analytics: analyticsOf([]) },
  play: async ({ canvas }) => {
    await expect(card(canvas, SUMMARY_LABELS.total)).toBe('0');
    await expect(canvas.getByText(NO_DEVICE_DATA)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { analytics: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading analytics' })).toBeVisible();
  },
};

/** The analytics failed to load: nothing is shown (data document, section 8). */
export const Unavailable: Story = {
  args: { analytics: null },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toBeEmptyDOMElement();
  },
};
