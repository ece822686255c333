import { useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DEFAULT_LOGO_CROP } from '@domain/survey/defaults';
import { PxSlider } from './PxSlider';

export const LOGO_CROP_LABELS = {
  title: 'Crop Logo',
  hint: `Drag the picture and zoom until the logo fills the square; it is saved as a ${DEFAULT_LOGO_CROP.width} × ${DEFAULT_LOGO_CROP.height} PNG.`,
  zoom: 'Zoom',
  apply: 'Apply Crop',
  applying: 'Uploading...',
  cancel: 'Cancel',
} as const;

export interface LogoCropDialogProps {
  /** The chosen picture as a data URL; null keeps the dialog closed. */
  image: string | null;
  /** True while the cropped logo is being stored. */
  busy?: boolean;
  /** Why the last Apply Crop failed. */
  error?: string | null;
  onCancel: () => void;
  onApply: (area: Area) => void;
}

/** The logo's crop step: a square of the picture, with zoom. */
export function LogoCropDialog({ image, busy = false, error = null, onCancel, onApply }: LogoCropDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={image !== null} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{LOGO_CROP_LABELS.title}</DialogTitle>
      {/* Keyed by the picture: a new picture starts centred, unzoomed. */}
      <CropStep key={image ?? ''} image={image} busy={busy} error={error} onCancel={onCancel} onApply={onApply} />
    </Dialog>
  );
}

function CropStep({ image, busy, error, onCancel, onApply }: Required<LogoCropDialogProps>) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{LOGO_CROP_LABELS.hint}</DialogContentText>
        <Box sx={{ position: 'relative', height: 300, bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
          {image && (
            <Cropper
              image={image}
              crop={crop}
              zoom={zoom}
              aspect={DEFAULT_LOGO_CROP.width / DEFAULT_LOGO_CROP.height}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_area, pixels) => setArea(pixels)}
              mediaProps={{ alt: 'Picture to crop' }}
              cropperProps={{ role: 'group', 'aria-label': 'Crop area: drag or use the arrow keys to move the picture' }}
            />
          )}
        </Box>
        <Box sx={{ mt: 2 }}>
          <PxSlider label={LOGO_CROP_LABELS.zoom} value={zoom} min={1} max={3} step={0.1} onChange={setZoom} format={(n) => `${n.toFixed(1)}×`} />
        </Box>
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {LOGO_CROP_LABELS.cancel}
        </Button>
        <Button variant="contained" disabled={busy || area === null} onClick={() => area && onApply(area)}>
          {busy ? LOGO_CROP_LABELS.applying : LOGO_CROP_LABELS.apply}
        </Button>
      </DialogActions>
    </>
  );
}
