import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { CHECK_LABEL, CHECKED_TEST_ID, checkedValues, withEditorForm } from './editorStoryHarness';
import { WidgetModeStep } from './WidgetModeStep';

const meta = {
  title: 'Surveys/LiveIQ/Custom Display/WidgetModeStep',
  component: WidgetModeStep,
  decorators: [withEditorForm()],
} satisfies Meta<typeof WidgetModeStep>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Button mode asks where the button sits; inline mode asks for the element that holds the survey. */
export const ModesAndTheirFields: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('radio', { name: /^Button/ })).toBeChecked();
    await expect(canvas.getByRole('combobox', { name: 'Button position' })).toHaveTextContent('Bottom right');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Button position' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Top left' }));

    await userEvent.click(canvas.getByRole('radio', { name: /^Inline/ }));
    await expect(canvas.queryByRole('combobox', { name: 'Button position' })).not.toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Inline target selector' }), '#feedback');
    await userEvent.click(canvas.getByRole('switch', { name: 'Open automatically' }));

    await userEvent.click(canvas.getByRole('button', { name: CHECK_LABEL }));
    await waitFor(() => expect(canvas.getByTestId(CHECKED_TEST_ID)).not.toBeEmptyDOMElement());
    await expect(checkedValues(canvas.getByTestId(CHECKED_TEST_ID)).settings.widget).toEqual({
      displayMode: 'inline',
      position: 'top-left',
      autoOpen: true,
      delay: 0,
      inlineTarget: '#feedback',
    });
  },
};

/** The delay is 0-60 seconds; anything that is not a number becomes 0. */
export const DelayRange: Story = {
  play: async ({ canvas, userEvent }) => {
    const delay = canvas.getByRole('spinbutton', { name: 'Delay before opening' });
    await userEvent.clear(delay);
    await userEvent.type(delay, '90');
    await userEvent.tab();
    await expect(delay).toHaveValue(60);
    await userEvent.clear(delay);
    await userEvent.type(delay, '-');
    await userEvent.tab();
    await expect(delay).toHaveValue(0);
    await userEvent.clear(delay);
    await userEvent.type(delay, '12');
    await userEvent.click(canvas.getByRole('button', { name: CHECK_LABEL }));
    await waitFor(() => expect(canvas.getByTestId(CHECKED_TEST_ID)).not.toBeEmptyDOMElement());
    await expect(checkedValues(canvas.getByTestId(CHECKED_TEST_ID)).settings.widget.delay).toBe(12);
  },
};
