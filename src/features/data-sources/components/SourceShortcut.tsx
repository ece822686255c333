import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';

export interface SourceShortcutProps {
  /** What the button leads to, in a sentence above it. */
  description: string;
  icon: ReactNode;
  label: string;
  onClick: () => void;
}

/** A way out of the settings to another of the source's screens (its mapping, an updated file), set apart by a divider. */
export function SourceShortcut({ description, icon, label, onClick }: SourceShortcutProps) {
  return (
    <>
      <Divider />
      <Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {description}
        </Typography>
        <Button variant="outlined" startIcon={icon} onClick={onClick}>
          {label}
        </Button>
      </Box>
    </>
  );
}
