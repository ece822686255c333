import { useId, type ReactNode } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

/** What a modal opened by name (the shell's modal registry) receives. */
export interface ModalProps {
  open: boolean;
  onClose: () => void;
}

export interface ModalDialogProps extends ModalProps {
  title: string;
  /** A line under the title, e.g. the company being edited. */
  subtitle?: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
  /** Buttons of the dialog's footer. */
  actions?: ReactNode;
}

/**
 * The frame of the large modals (administration, profile): title, close button, scrolling content,
 * footer. The theme is switched in one place, the sidebar's toggle (specification: "Collapsible,
 * with a theme toggle"): a modal carries none.
 */
export function ModalDialog({ open, onClose, title, subtitle, maxWidth = 'md', children, actions }: ModalDialogProps) {
  const theme = useTheme();
  const isSmallScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={isSmallScreen}
      scroll="paper"
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start', pr: 1.5, pt: 1, pb: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <DialogTitle id={titleId} sx={{ pb: subtitle ? 0 : 1 }}>
            {title}
          </DialogTitle>
          {subtitle && (
            <Typography variant="body2" sx={{ px: 3, color: 'text.secondary' }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <DialogContent dividers>{children}</DialogContent>
      {actions && <DialogActions>{actions}</DialogActions>}
    </Dialog>
  );
}
