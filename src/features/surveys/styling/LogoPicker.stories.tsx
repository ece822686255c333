import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn } from 'storybook/test';
import { SAMPLE_IMAGE_URL } from '@/lib/testing/fixtures';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { LOGO_FIELD_LABELS } from './logoFieldLabels';
import { LogoPicker } from './LogoPicker';

const meta = {
  title: 'Surveys/Styling/LogoPicker',
  component: LogoPicker,
  args: { url: '', enabled: false, onPick: fn(), onRemove: fn() },
} satisfies Meta<typeof LogoPicker>;
export default meta;

type Story = StoryObj<typeof meta>;

/** No logo yet: a placeholder, Choose Image and the file hint; nothing to remove. */
export const NoLogo: Story = {
  play: async ({ args, canvas, canvasElement }) => {
    await expect(canvas.queryByRole('img', { name: 'Survey logo' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: LOGO_FIELD_LABELS.choose })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: LOGO_FIELD_LABELS.remove })).not.toBeInTheDocument();
    await expect(canvas.getByText(LOGO_FIELD_LABELS.fileHint)).toBeVisible();
    // The hidden input is what the Choose Image button opens; its change hands the file over.
    const input = canvasElement.querySelector('input[type="file"]') as HTMLInputElement;
    await expect(input).toHaveAttribute('accept', 'image/*');
    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await expect(args.onPick).toHaveBeenCalledWith(file);
  },
};

/** A logo: its picture, Change Image and Remove Logo. */
export const WithLogo: Story = {
  args: { url: SAMPLE_IMAGE_URL, enabled: true },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('img', { name: 'Survey logo' })).toHaveAttribute('src', SAMPLE_IMAGE_URL);
    await expect(canvas.getByRole('button', { name: LOGO_FIELD_LABELS.change })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: LOGO_FIELD_LABELS.remove }));
    await expect(args.onRemove).toHaveBeenCalledTimes(1);
  },
};

/** Switched on without an address (a survey saved that way): Remove Logo still shows, to switch it off. */
export const EnabledWithoutAddress: Story = {
  args: { url: '', enabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: LOGO_FIELD_LABELS.choose })).toBeVisible();
    await expect(canvas.getByRole('button', { name: LOGO_FIELD_LABELS.remove })).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { url: SAMPLE_IMAGE_URL, enabled: true, disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: LOGO_FIELD_LABELS.change })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: LOGO_FIELD_LABELS.remove })).toBeDisabled();
  },
};

/** At phone width the buttons wrap under each other beside the picture; nothing scrolls sideways. */
export const Phone: Story = {
  args: { url: SAMPLE_IMAGE_URL, enabled: true },
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('button', { name: LOGO_FIELD_LABELS.remove })).toBeVisible();
    await expect(canvas.getByText(LOGO_FIELD_LABELS.fileHint)).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};
