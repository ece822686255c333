import { useRef } from 'react';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LOGO_FIELD_LABELS } from './logoFieldLabels';

export interface LogoPickerProps {
  /** The logo's address; empty when there is none. */
  url: string;
  enabled: boolean;
  /** The file chosen in the browser's picker. */
  onPick: (file: File | undefined) => void;
  onRemove: () => void;
  disabled?: boolean;
}

/** The logo as it is now, the button that opens the file picker, and Remove Logo. */
export function LogoPicker({ url, enabled, onPick, onRemove, disabled = false }: LogoPickerProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Box
        sx={{
          width: 72,
          height: 72,
          flexShrink: 0,
          display: 'grid',
          placeItems: 'center',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'action.hover',
        }}
      >
        {url ? (
          <Box component="img" src={url} alt="Survey logo" sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />
        ) : (
          <ImageOutlinedIcon aria-hidden sx={{ color: 'text.secondary' }} />
        )}
      </Box>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" disabled={disabled} onClick={() => fileInput.current?.click()}>
            {url ? LOGO_FIELD_LABELS.change : LOGO_FIELD_LABELS.choose}
          </Button>
          {/* Out of the tab order: the button above opens the picker. */}
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            aria-label={LOGO_FIELD_LABELS.choose}
            tabIndex={-1}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared so that choosing the same file again fires a change again.
              event.target.value = '';
              onPick(file);
            }}
          />
          {(url || enabled) && (
            <Button color="error" startIcon={<DeleteOutlinedIcon />} disabled={disabled} onClick={onRemove}>
              {LOGO_FIELD_LABELS.remove}
            </Button>
          )}
        </Stack>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {LOGO_FIELD_LABELS.fileHint}
        </Typography>
      </Stack>
    </Stack>
  );
}
