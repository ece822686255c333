import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, screen, waitFor, within } from 'storybook/test';
import { SAMPLE_IMAGE_URL } from '@/lib/testing/fixtures';
import { LOGO_CROP_LABELS, LogoCropDialog } from './LogoCropDialog';

const meta = {
  title: 'Surveys/Styling/LogoCropDialog',
  component: LogoCropDialog,
  args: { image: SAMPLE_IMAGE_URL, onCancel: fn(), onApply: fn() },
} satisfies Meta<typeof LogoCropDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Apply Crop hands over the chosen square, in the picture's own pixels. */
export const Crop: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = within(await screen.findByRole('dialog', { name: LOGO_CROP_LABELS.title }));
    const apply = dialog.getByRole('button', { name: LOGO_CROP_LABELS.apply });
    await waitFor(() => expect(apply).toBeEnabled());
    await userEvent.click(apply);
    await expect(args.onApply).toHaveBeenCalledTimes(1);
    const [area] = (args.onApply as ReturnType<typeof fn>).mock.calls[0] as [{ width: number; height: number }];
    await expect(area.width).toBeGreaterThan(0);
    await expect(area.height).toBe(area.width);
  },
};

export const Uploading: Story = {
  args: { busy: true, error: null },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: LOGO_CROP_LABELS.title }));
    await expect(dialog.getByRole('button', { name: LOGO_CROP_LABELS.applying })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: LOGO_CROP_LABELS.cancel })).toBeDisabled();
  },
};

/** Another picture starts again centred and unzoomed, whatever the last one's zoom was. */
export const NewPictureStartsUnzoomed: Story = {
  render: function NextPicture(args) {
    const [image, setImage] = useState(args.image);
    return (
      <>
        <LogoCropDialog {...args} image={image} />
        <button type="button" tabIndex={-1} onClick={() => setImage(`${SAMPLE_IMAGE_URL}#second`)} style={{ position: 'fixed', zIndex: 2000, top: 0 }}>
          Next picture
        </button>
      </>
    );
  },
  play: async ({ userEvent }) => {
    const dialog = within(await screen.findByRole('dialog', { name: LOGO_CROP_LABELS.title }));
    const zoom = dialog.getByRole('slider', { name: /Zoom/ });
    zoom.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(zoom).toHaveAttribute('aria-valuenow', '1.1');
    fireEvent.click(screen.getByRole('button', { name: 'Next picture', hidden: true }));
    await waitFor(() => expect(dialog.getByRole('slider', { name: /Zoom/ })).toHaveAttribute('aria-valuenow', '1'));
  },
};
