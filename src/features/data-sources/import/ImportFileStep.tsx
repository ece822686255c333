import { useId, useRef } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IMPORT_ACCEPT } from '@domain/data/imports';
import { formatBytes } from './importProgress';
import { ImportFailure } from './ImportFailure';
import type { ImportFlow } from './useImportFlow';

/** Step one: the file picker (what it accepts, the 10MB limit), the chosen file, and the server reading it. */
export function ImportFileStep({ flow }: { flow: ImportFlow }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const { file, preview, step, busy } = flow;
  return (
    <>
      {step < 2 && (
        <Stack spacing={1}>
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              variant={file ? 'outlined' : 'contained'}
              startIcon={<UploadFileIcon />}
              onClick={() => inputRef.current?.click()}
              disabled={busy}
              aria-describedby={helpId}
            >
              {file ? 'Choose Another File' : 'Choose File'}
            </Button>
            {file && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                <strong>{file.name}</strong> ({formatBytes(file.size)})
              </Typography>
            )}
          </Stack>
          <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary' }}>
            CSV, JSON or Excel file (.csv, .json, .xlsx, .xls), max 10MB
          </Typography>
          <input ref={inputRef} type="file" accept={IMPORT_ACCEPT} hidden aria-label="File to import (max 10MB)" onChange={flow.chooseFile} />
        </Stack>
      )}
      {preview.isPending && (
        <Box>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Reading {file?.name}…
          </Typography>
          <LinearProgress aria-label={`Reading ${file?.name ?? 'the file'}`} />
        </Box>
      )}
      {preview.isError && <ImportFailure error={preview.error} />}
    </>
  );
}
