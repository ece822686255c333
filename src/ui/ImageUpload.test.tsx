import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MB } from '@domain/limits';
import { PERMISSIONS_LOGO_LIMIT } from '@/lib/imageValidation';
import { sampleFile } from '@/lib/testing/fixtures';
import { ImageUpload } from './ImageUpload';

function setup(overrides: Partial<Parameters<typeof ImageUpload>[0]> = {}) {
  const props = {
    label: 'Company logo',
    imageUrl: null,
    placeholder: 'Acme Retail',
    limit: PERMISSIONS_LOGO_LIMIT,
    onUpload: vi.fn().mockResolvedValue(undefined),
    onRemove: vi.fn().mockResolvedValue(undefined),
    uploadFailedMessage: 'Failed to upload logo. Please try again.',
    removeFailedMessage: 'Failed to remove logo. Please try again.',
    ...overrides,
  };
  render(<ImageUpload {...props} />);
  // The accept="image/*" filter of the picker is bypassed on purpose: a drop or "All files" can
  // still hand over any file, which is what the check is for.
  const choose = (file: File) => fireEvent.change(screen.getByLabelText('Upload company logo'), { target: { files: [file] } });
  return { props, choose };
}

describe('ImageUpload', () => {
  it('refuses a file that is not an image, without uploading it', () => {
    const { props, choose } = setup();
    choose(sampleFile('report.pdf', 'application/pdf', 2000));
    expect(screen.getByText('Please select a valid image file')).toBeInTheDocument();
    expect(props.onUpload).not.toHaveBeenCalled();
  });

  it('refuses an image over the limit with the limit\'s message', () => {
    const { props, choose } = setup();
    choose(sampleFile('huge.png', 'image/png', 2 * MB + 1));
    expect(screen.getByText('File size must be less than 2MB')).toBeInTheDocument();
    expect(props.onUpload).not.toHaveBeenCalled();
  });

  it('uploads a valid image', async () => {
    const { props, choose } = setup();
    const logo = sampleFile('logo.png', 'image/png', 40_000);
    choose(logo);
    await waitFor(() => expect(props.onUpload).toHaveBeenCalledWith(logo));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reports a failed upload and a failed removal', async () => {
    const rejection = new Error('Unsupported image type');
    setup({
      imageUrl: 'data:image/png;base64,iVBORw0KGgo=',
      onUpload: vi.fn().mockRejectedValue(rejection),
      onRemove: vi.fn().mockRejectedValue(new Error('Forbidden')),
    });
    fireEvent.change(screen.getByLabelText('Change company logo'), { target: { files: [sampleFile('a.png', 'image/png', 10)] } });
    expect(await screen.findByText('Failed to upload logo. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Unsupported image type')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove company logo' }));
    expect(await screen.findByText('Failed to remove logo. Please try again.')).toBeInTheDocument();
  });
});
