import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { ButtonStyleStep } from './ButtonStyleStep';
import { CHECK_LABEL, CHECKED_TEST_ID, checkedValues, withEditorForm } from './editorStoryHarness';

const meta = {
  title: 'Surveys/LiveIQ/Custom Display/ButtonStyleStep',
  component: ButtonStyleStep,
  decorators: [withEditorForm()],
} satisfies Meta<typeof ButtonStyleStep>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Text, radius (0-20 px) and font size (12-20 px in steps of 2), with the sample following. */
export const StyleTheButton: Story = {
  play: async ({ canvas, userEvent }) => {
    const text = canvas.getByRole('textbox', { name: 'Button text' });
    await expect(text).toHaveValue('Share your thoughts');
    await userEvent.clear(text);
    await userEvent.type(text, 'Tell us more');
    await expect(canvas.getAllByText('Tell us more')).toHaveLength(2);

    const radius = canvas.getByRole('slider', { name: /Border radius/ });
    await expect(radius).toHaveAttribute('max', '20');
    radius.focus();
    await userEvent.keyboard('{End}');
    await expect(canvas.getByText('Border radius: 20px')).toBeVisible();

    const size = canvas.getByRole('slider', { name: /Font size/ });
    await expect(size).toHaveAttribute('step', '2');
    size.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByText('Font size: 18px')).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: CHECK_LABEL }));
    await waitFor(() => expect(canvas.getByTestId(CHECKED_TEST_ID)).not.toBeEmptyDOMElement());
    await expect(checkedValues(canvas.getByTestId(CHECKED_TEST_ID)).settings.button).toEqual(
      expect.objectContaining({ text: 'Tell us more', borderRadius: '20px', fontSize: '18px' }),
    );
  },
};

/** A button needs its text. */
export const TextRequired: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Button text' }));
    await userEvent.click(canvas.getByRole('button', { name: CHECK_LABEL }));
    await expect(await canvas.findByText('Button text is required')).toBeVisible();
    await expect(canvas.getByTestId(CHECKED_TEST_ID)).toHaveTextContent('invalid');
  },
};
