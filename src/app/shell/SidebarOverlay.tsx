import type { ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';

export interface SidebarOverlayProps {
  open: boolean;
  onClose: () => void;
  width: number;
  children: ReactNode;
}

/**
 * The navigation over the page on phones and tablets (MUI's temporary drawer): closed by its
 * close button, Escape, the backdrop, or a page chosen.
 */
export function SidebarOverlay({ open, onClose, width, children }: SidebarOverlayProps) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      component="aside"
      aria-label="Sidebar"
      slotProps={{ paper: { sx: { width, overflowX: 'hidden', boxSizing: 'border-box', bgcolor: 'background.paper' } } }}
    >
      {children}
    </Drawer>
  );
}
