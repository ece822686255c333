import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, screen, waitFor, within } from 'storybook/test';
import { DEFAULT_LOGO } from '@domain/survey/defaults';
import { LOGO_MESSAGES } from '@domain/survey/messages';
import type { SurveyLogo } from '@domain/survey/types';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { creatorApiRoutes, STORED_LOGO_URL } from '../creation/fixtures';
import { LOGO_CROP_LABELS } from './LogoCropDialog';
import { LOGO_FIELD_LABELS, LogoFields, type LogoFieldsProps } from './LogoFields';

function Stateful(args: LogoFieldsProps) {
  const [value, setValue] = useState<SurveyLogo>(args.value);
  return (
    <LogoFields
      {...args}
      value={value}
      onChange={(next) => {
        setValue(next);
        args.onChange(next);
      }}
    />
  );
}

/** A picture to crop, drawn in the browser: a wide blue banner with a white square. */
async function pictureFile(): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 480;
  canvas.height = 240;
  const context = canvas.getContext('2d') as CanvasRenderingContext2D;
  context.fillStyle = '#2f6fde';
  context.fillRect(0, 0, 480, 240);
  context.fillStyle = '#ffffff';
  context.fillRect(180, 60, 120, 120);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made as Blob), 'image/png'));
  return new File([blob], 'acme-banner.png', { type: 'image/png' });
}

const choose = (canvasElement: HTMLElement, file: File) => {
  const input = canvasElement.querySelector('input[type="file"]') as HTMLInputElement;
  // The input is hidden behind the Choose Image button; the change event is what the field listens to.
  fireEvent.change(input, { target: { files: [file] } });
};

let calls: MockCall[] = [];

const meta = {
  title: 'Surveys/Styling/LogoFields',
  component: LogoFields,
  args: { value: DEFAULT_LOGO, onChange: fn() },
  render: (args) => <Stateful {...args} />,
  beforeEach: () => {
    const restore = mockFetch(creatorApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof LogoFields>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Choose an image, crop it, Apply Crop: a 200 × 200 PNG is stored and becomes the logo. */
export const CropAndUpload: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    choose(canvasElement, await pictureFile());
    const dialog = within(await screen.findByRole('dialog', { name: LOGO_CROP_LABELS.title }));
    await expect(dialog.getByRole('img', { name: 'Picture to crop' })).toBeVisible();
    const apply = dialog.getByRole('button', { name: LOGO_CROP_LABELS.apply });
    await waitFor(() => expect(apply).toBeEnabled());
    await userEvent.click(apply);
    // Cropping, encoding the PNG and uploading it take a few seconds of CPU on a busy machine.
    await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith({ ...DEFAULT_LOGO, url: STORED_LOGO_URL, enabled: true }), { timeout: 15_000 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
    const upload = calls.find((call) => call.method === 'POST' && call.path === '/api/surveys/logos');
    const file = (upload?.body as FormData).get('file') as File;
    await expect(file.type).toBe('image/png');
    await expect(file.name).toBe('logo.png');
    const bitmap = await createImageBitmap(file);
    await expect([bitmap.width, bitmap.height]).toEqual([200, 200]);
    await expect(canvas.getByRole('img', { name: 'Survey logo' })).toHaveAttribute('src', STORED_LOGO_URL);
    await expect(canvas.getByRole('switch', { name: LOGO_FIELD_LABELS.enabled })).toBeChecked();
  },
};

/** A failed upload keeps the crop step open and says why. */
export const UploadFails: Story = {
  beforeEach: () => mockFetch({ ...creatorApiRoutes(), 'POST /api/surveys/logos': failure('logo_too_large') }),
  play: async ({ args, canvasElement, userEvent }) => {
    choose(canvasElement, await pictureFile());
    const dialog = within(await screen.findByRole('dialog', { name: LOGO_CROP_LABELS.title }));
    const apply = dialog.getByRole('button', { name: LOGO_CROP_LABELS.apply });
    await waitFor(() => expect(apply).toBeEnabled());
    await userEvent.click(apply);
    // As above: cropping and encoding before the upload take seconds of CPU on a busy machine.
    const failed = await dialog.findByText(LOGO_FIELD_LABELS.uploadFailed('The logo must be smaller than 5 MB.'), {}, { timeout: 15_000 });
    await expect(failed).toBeVisible();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const RejectsOtherFiles: Story = {
  play: async ({ canvas, canvasElement }) => {
    choose(canvasElement, new File(['name,email'], 'contacts.csv', { type: 'text/csv' }));
    await expect(await canvas.findByText(LOGO_MESSAGES.notImage)).toBeVisible();
    choose(canvasElement, new File([new Uint8Array(5 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
    await expect(await canvas.findByText(LOGO_MESSAGES.tooLarge)).toBeVisible();
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

/** An https address instead of a file; Remove Logo disables and clears it. */
export const AddressAndRemove: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const url = canvas.getByRole('textbox', { name: LOGO_FIELD_LABELS.url });
    await userEvent.type(url, 'http://cdn.example/logo.png');
    await expect(canvas.getByText(LOGO_MESSAGES.httpsOnly)).toBeVisible();
    await userEvent.clear(url);
    await userEvent.type(url, 'https://cdn.example/logo.png');
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...DEFAULT_LOGO, url: 'https://cdn.example/logo.png', enabled: true });
    await userEvent.click(canvas.getByRole('button', { name: LOGO_FIELD_LABELS.remove }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...DEFAULT_LOGO, url: '', enabled: false });
    await expect(url).toHaveValue('');
  },
};

/** Placement: position, fit, radius (0-20 px) and opacity (0.1-1 in steps of 0.1). */
export const Placement: Story = {
  args: { value: { ...DEFAULT_LOGO, enabled: true, url: 'https://cdn.example/logo.png' } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: LOGO_FIELD_LABELS.position }));
    await userEvent.click(await screen.findByRole('option', { name: 'Left' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ position: 'left' }));
    const opacity = canvas.getByRole('slider', { name: /Logo Opacity/ });
    await expect(opacity).toHaveAttribute('aria-valuemin', '0.1');
    opacity.focus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ opacity: 0.9 }));
    const radius = canvas.getByRole('slider', { name: /Logo Border Radius/ });
    await expect(radius).toHaveAttribute('aria-valuemax', '20');
  },
};
