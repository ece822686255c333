import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, type within } from 'storybook/test';
import { TARGETING_MESSAGES } from '@domain/survey/messages';
import { CHECK_LABEL, CHECKED_TEST_ID, checkedValues, withEditorForm } from './editorStoryHarness';
import { PERCENTAGE_METHOD_LABELS, SHOW_AFTER_COMPLETION, TargetingFields, URL_PATTERNS_LABEL } from './TargetingFields';

const meta = {
  title: 'Surveys/LiveIQ/Custom Display/TargetingFields',
  component: TargetingFields,
  decorators: [withEditorForm()],
} satisfies Meta<typeof TargetingFields>;
export default meta;

type Story = StoryObj<typeof meta>;

const check = async (canvas: ReturnType<typeof within>, user: { click: (element: Element) => Promise<void> }) => {
  await user.click(canvas.getByRole('button', { name: CHECK_LABEL }));
  await waitFor(() => expect(canvas.getByTestId(CHECKED_TEST_ID)).not.toBeEmptyDOMElement());
};

/** Share of visitors 1-100, sticky sampling explained, a holdout (0-50) and a cooldown. */
export const Audience: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText(PERCENTAGE_METHOD_LABELS.sticky)).toBeVisible();
    const share = canvas.getByRole('spinbutton', { name: 'Show to this share of visitors' });
    await userEvent.clear(share);
    await userEvent.type(share, '150');
    await userEvent.tab();
    await expect(share).toHaveValue(100);
    await userEvent.clear(share);
    await userEvent.type(share, '25');
    await userEvent.click(canvas.getByRole('radio', { name: PERCENTAGE_METHOD_LABELS.sticky }));
    const holdout = canvas.getByRole('spinbutton', { name: 'Holdout group' });
    await userEvent.clear(holdout);
    await userEvent.type(holdout, '80');
    await userEvent.tab();
    await expect(holdout).toHaveValue(50);
    const cooldown = canvas.getByRole('spinbutton', { name: 'Cooldown' });
    await userEvent.clear(cooldown);
    await userEvent.type(cooldown, '14');
    // Off by default: a visitor who completed the survey is not offered it again.
    const again = canvas.getByRole('switch', { name: SHOW_AFTER_COMPLETION.label });
    await expect(again).not.toBeChecked();
    await expect(again).toHaveAccessibleDescription(SHOW_AFTER_COMPLETION.help);
    await userEvent.click(again);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Device target' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Mobile only' }));
    await check(canvas, userEvent);
    await expect(checkedValues(canvas.getByTestId(CHECKED_TEST_ID)).displayTriggers).toEqual(
      expect.objectContaining({ showPercentage: 25, percentageMethod: 'sticky', holdoutPercentage: 50, cooldownDays: 14, showAfterCompletion: true, deviceTarget: 'mobile-only' }),
    );
  },
};

/** Time rules: dates, weekdays (Sunday = 0) and hours, 00:00-23:59 unless changed. */
export const TimeRules: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('switch', { name: 'Show only at chosen times' }));
    await expect(canvas.getByLabelText('From')).toHaveValue('00:00');
    await expect(canvas.getByLabelText('Until')).toHaveValue('23:59');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Sunday' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Saturday' }));
    await userEvent.type(canvas.getByLabelText('Start date'), '2026-12-01');
    await userEvent.type(canvas.getByLabelText('End date'), '2026-11-01');
    await check(canvas, userEvent);
    await expect(await canvas.findByText('The end date must not be before the start date')).toBeVisible();
    await userEvent.clear(canvas.getByLabelText('End date'));
    await userEvent.type(canvas.getByLabelText('End date'), '2026-12-31');
    await check(canvas, userEvent);
    await waitFor(() => expect(canvas.getByTestId(CHECKED_TEST_ID)).not.toHaveTextContent(/^invalid$/));
    await expect(checkedValues(canvas.getByTestId(CHECKED_TEST_ID)).displayTriggers.timeRules).toEqual({
      enabled: true,
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      daysOfWeek: [0, 6],
      timeOfDay: { start: '00:00', end: '23:59' },
    });
  },
};

/** Behaviour triggers and segmentation. */
export const BehaviourAndSegmentation: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('switch', { name: "Show after a visitor's action" }));
    const scroll = canvas.getByRole('spinbutton', { name: 'Scroll depth' });
    await userEvent.clear(scroll);
    await userEvent.type(scroll, '120');
    await userEvent.tab();
    await expect(scroll).toHaveValue(100);
    await userEvent.click(canvas.getByRole('switch', { name: /exit intent/ }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'On click of element' }), '#help');
    await userEvent.click(canvas.getByRole('switch', { name: 'Show to some visitors only' }));
    await userEvent.click(canvas.getByRole('combobox', { name: 'Visitor type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Returning visitors' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Referrer contains' }), 'newsletter');
    await check(canvas, userEvent);
    const sent = checkedValues(canvas.getByTestId(CHECKED_TEST_ID)).displayTriggers;
    await expect(sent.behaviorTriggers).toEqual({ enabled: true, scrollDepth: 100, timeOnPage: 0, exitIntent: true, elementClick: '#help' });
    await expect(sent.userSegmentation).toEqual(expect.objectContaining({ enabled: true, visitorType: 'returning', referrer: 'newsletter' }));
  },
};

/** URL patterns one per line, blank lines dropped; a regex is checked before it is kept. */
export const PageTargeting: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('switch', { name: 'Show on some pages only' }));
    await userEvent.type(canvas.getByRole('textbox', { name: URL_PATTERNS_LABEL }), '/checkout{Enter}{Enter}/account/(a+)+${Enter}');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Match type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Regex' }));
    await check(canvas, userEvent);
    await expect(await canvas.findByText(TARGETING_MESSAGES.unsafeRegex('/account/(a+)+$'))).toBeVisible();
    await expect(canvas.getByTestId(CHECKED_TEST_ID)).toHaveTextContent('invalid');

    const patterns = canvas.getByRole('textbox', { name: URL_PATTERNS_LABEL });
    await userEvent.clear(patterns);
    await userEvent.type(patterns, '^/checkout{Enter}{Enter}  {Enter}^/account/[[0-9]+$');
    await check(canvas, userEvent);
    await waitFor(() => expect(canvas.getByTestId(CHECKED_TEST_ID)).not.toHaveTextContent(/^invalid$/));
    await expect(checkedValues(canvas.getByTestId(CHECKED_TEST_ID)).displayTriggers.pageTargeting).toEqual({
      enabled: true,
      urlPatterns: ['^/checkout', '^/account/[0-9]+$'],
      matchType: 'regex',
    });
  },
};
