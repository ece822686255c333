import { useEffect, useRef, useState } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import Button from '@mui/material/Button';
import { CONNECTOR_LABELS } from '@domain/data/connectors';
import { useNotify } from '@/lib/notifications';

/** How long the button says "Copied". */
export const COPIED_FOR_MS = 2_000;
export const COPY_FAILED = 'Could not copy to the clipboard. Select the text and copy it yourself.';

export interface CopyTextButtonProps {
  text: string;
  label: string;
  /** The thing copied, for the button's accessible description (e.g. the field's id). */
  describedBy?: string;
}

/**
 * Copies `text` and says so on the button for two seconds (announced, aria-live); without clipboard
 * access it says why instead.
 */
export function CopyTextButton({ text, label, describedBy }: CopyTextButtonProps) {
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      notify.error(COPY_FAILED);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FOR_MS);
  };

  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={copied ? <CheckIcon /> : <ContentCopyIcon />}
      color={copied ? 'success' : 'primary'}
      aria-describedby={describedBy}
      aria-live="polite"
      onClick={() => void copy()}
      sx={{ flexShrink: 0 }}
    >
      {copied ? CONNECTOR_LABELS.copied : label}
    </Button>
  );
}
