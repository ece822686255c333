import { useState } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotify } from '@/lib/notifications';
import { visuallyHidden } from '@/ui/visuallyHidden';

export const COPY_FAILED = 'Could not copy to the clipboard. Select the text and copy it yourself.';

export interface CodeBlockProps {
  /** Names the block and its copy button, e.g. "Request body". */
  title: string;
  code: string;
  /** The block's accessible name when its title repeats on the page, e.g. "Request body of POST /v1/predict". */
  label?: string;
}

/** A titled block of code or JSON with a copy button. */
export function CodeBlock({ title, code, label = title }: CodeBlockProps) {
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      notify.error(COPY_FAILED);
    }
  };
  return (
    <Box component="section" aria-label={label}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle2" component="h4">
          {title}
        </Typography>
        <Button
          size="small"
          startIcon={copied ? <CheckIcon /> : <ContentCopyIcon />}
          color={copied ? 'success' : 'primary'}
          onClick={() => void copy()}
          onBlur={() => setCopied(false)}
          aria-live="polite"
        >
          {copied ? 'Copied' : 'Copy'}
          <Box component="span" sx={visuallyHidden}>
            {` ${title.toLowerCase()}`}
          </Box>
        </Button>
      </Stack>
      <Box
        component="pre"
        tabIndex={0}
        sx={{
          m: 0,
          p: 2,
          overflow: 'auto',
          maxHeight: 420,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
          color: 'text.primary',
          fontFamily: 'monospace',
          fontSize: 13,
          lineHeight: 1.5,
        }}
      >
        <code>{code}</code>
      </Box>
    </Box>
  );
}
