import { useRef, useState, type ChangeEvent } from 'react';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { failureReason } from '@/lib/failure';
import { imageFileError, type ImageLimit } from '@/lib/imageValidation';

export interface ImageUploadProps {
  /** What the image is, e.g. "Company logo"; names the buttons and the picture. */
  label: string;
  imageUrl: string | null | undefined;
  /** Shown when there is no image: the company's or the user's initial. */
  placeholder: string;
  limit: ImageLimit;
  onUpload: (file: File) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
  uploadFailedMessage: string;
  removeFailedMessage: string;
  /** A logo is square; a profile photo is round. */
  shape?: 'rounded' | 'circular';
  disabled?: boolean;
}

/**
 * Picks an image, checks its type and size before anything is sent, then uploads it at once;
 * the server stores it and answers with its address.
 */
export function ImageUpload({
  label,
  imageUrl,
  placeholder,
  limit,
  onUpload,
  onRemove,
  uploadFailedMessage,
  removeFailedMessage,
  shape = 'rounded',
  disabled = false,
}: ImageUploadProps) {
  const [problem, setProblem] = useState<{ message: string; reason?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const chooseLabel = `${imageUrl ? 'Change' : 'Upload'} ${label.toLowerCase()}`;

  const run = async (action: () => Promise<unknown>, failedMessage: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem({ message: failedMessage, reason: failureReason(error) });
    } finally {
      setBusy(false);
    }
  };

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again after a failure fires a change again.
    event.target.value = '';
    if (!file) return;
    const invalid = imageFileError(file, limit);
    if (invalid) {
      setProblem({ message: invalid });
      return;
    }
    void run(() => onUpload(file), uploadFailedMessage);
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          src={imageUrl ?? undefined}
          alt={label}
          variant={shape}
          sx={{ width: 72, height: 72, fontSize: 28, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {placeholder.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<UploadIcon />}
              disabled={disabled || busy}
              onClick={() => fileInput.current?.click()}
            >
              {chooseLabel}
            </Button>
            {/* Out of the tab order: the button above opens the picker. */}
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              hidden
              aria-label={chooseLabel}
              tabIndex={-1}
              onChange={handleFile}
            />
            {imageUrl && (
              <Button
                color="error"
                startIcon={<DeleteOutlinedIcon />}
                disabled={disabled || busy}
                onClick={() => void run(onRemove, removeFailedMessage)}
              >
                Remove {label.toLowerCase()}
              </Button>
            )}
          </Stack>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            An image file of at most {Math.round(limit.maxBytes / (1024 * 1024))} MB.
          </Typography>
        </Stack>
      </Stack>
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)}>
          {problem.message}
          {problem.reason && (
            <Typography variant="body2" component="span" sx={{ display: 'block' }}>
              {problem.reason}
            </Typography>
          )}
        </Alert>
      )}
    </Stack>
  );
}
