/** The logo fields' labels and hints (data document, section 5, "Logo"). */
import { LOGO_UPLOAD_FAILED } from './useLogoUpload';

export const LOGO_FIELD_LABELS = {
  enabled: 'Show logo',
  choose: 'Choose Image',
  change: 'Change Image',
  remove: 'Remove Logo',
  url: 'Logo URL',
  urlHint: 'Or type the https address of an image.',
  fileHint: 'PNG, JPEG, GIF or WebP, less than 5MB; you crop it next.',
  width: 'Logo Width',
  height: 'Logo Height',
  position: 'Logo Position',
  margin: 'Logo Margin',
  objectFit: 'Logo Fit',
  borderRadius: 'Logo Border Radius',
  opacity: 'Logo Opacity',
  uploadFailed: LOGO_UPLOAD_FAILED,
} as const;
