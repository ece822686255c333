import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, waitFor } from 'storybook/test';
import { PERMISSIONS_LOGO_LIMIT, PROFILE_IMAGE_LIMIT } from '@/lib/imageValidation';
import { sampleFile, SAMPLE_IMAGE_URL } from '@/lib/testing/fixtures';
import { expectShown } from '@/lib/testing/storyHelpers';
import { ImageUpload } from './ImageUpload';

const meta = {
  title: 'UI/ImageUpload',
  component: ImageUpload,
  args: {
    label: 'Company logo',
    imageUrl: null,
    placeholder: 'Acme Retail',
    limit: PERMISSIONS_LOGO_LIMIT,
    onUpload: fn(async () => undefined),
    onRemove: fn(async () => undefined),
    uploadFailedMessage: 'Failed to upload logo. Please try again.',
    removeFailedMessage: 'Failed to remove logo. Please try again.',
  },
} satisfies Meta<typeof ImageUpload>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NoLogo: Story = {};

export const WithLogo: Story = {
  args: { imageUrl: SAMPLE_IMAGE_URL },
};

export const ProfilePhoto: Story = {
  args: { label: 'Profile photo', placeholder: 'Alice', shape: 'circular', limit: PROFILE_IMAGE_LIMIT },
};

// The picker's image/* filter is bypassed (a change event) because a dropped file or "All
// files" can still hand over anything: that is what the check is for.
export const NotAnImage: Story = {
  play: async ({ args, canvas }) => {
    fireEvent.change(canvas.getByLabelText('Upload company logo'), {
      target: { files: [sampleFile('brochure.pdf', 'application/pdf', 80_000)] },
    });
    await expectShown(() => canvas.getByText('Please select a valid image file'));
    await expect(args.onUpload).not.toHaveBeenCalled();
  },
};

export const TooLarge: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.upload(canvas.getByLabelText('Upload company logo'), sampleFile('banner.png', 'image/png', 3 * 1024 * 1024));
    await expectShown(() => canvas.getByText('File size must be less than 2MB'));
    await expect(args.onUpload).not.toHaveBeenCalled();
  },
};

export const Uploads: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const logo = sampleFile('logo.png', 'image/png', 40_000);
    await userEvent.upload(canvas.getByLabelText('Upload company logo'), logo);
    await waitFor(() => expect(args.onUpload).toHaveBeenCalledWith(logo));
  },
};

export const UploadFails: Story = {
  args: {
    onUpload: fn(async () => {
      throw new Error('The file is not a PNG, JPEG, GIF or WebP image');
    }),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.upload(canvas.getByLabelText('Upload company logo'), sampleFile('logo.png', 'image/png', 40_000));
    await expectShown(() => canvas.getByText('Failed to upload logo. Please try again.'));
    await expectShown(() => canvas.getByText('The file is not a PNG, JPEG, GIF or WebP image'));
  },
};
