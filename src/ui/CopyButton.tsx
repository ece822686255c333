import { useEffect, useRef, useState } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import Button from '@mui/material/Button';
import { useNotify } from '@/lib/notifications';

/** How long the button says "Copied". */
export const COPIED_FOR_MS = 2_000;
export const COPIED_LABEL = 'Copied';
export const COPY_FAILED = 'Could not copy to the clipboard. Select the text and copy it yourself.';

export interface CopyButtonProps {
  /** What lands on the clipboard. */
  text: string;
  /** The button's words, e.g. "Copy Code". */
  label: string;
  disabled?: boolean;
  /** The id of what is copied (a field, a card's title), for the button's accessible description. */
  describedBy?: string;
}

/**
 * Copies `text` with the Clipboard API and says so on the button for two seconds; the change of
 * label is announced (aria-live) to screen readers. Without clipboard access (an insecure page, a
 * refusal) it says why instead.
 */
export function CopyButton({ text, label, disabled = false, describedBy }: CopyButtonProps) {
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
      disabled={disabled}
      startIcon={copied ? <CheckIcon /> : <ContentCopyIcon />}
      color={copied ? 'success' : 'primary'}
      aria-describedby={describedBy}
      onClick={() => void copy()}
      aria-live="polite"
      // Next to a long value in a row, the value wraps rather than the button's label.
      sx={{ flexShrink: 0 }}
    >
      {copied ? COPIED_LABEL : label}
    </Button>
  );
}
