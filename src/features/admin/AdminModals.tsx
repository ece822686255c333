/**
 * The administration modals, opened from the header's user menu. Each modal is its own chunk,
 * loaded on first opening, so the tables (MUI X Data Grid) stay out of the first route's bundle.
 */
import {
  Component,
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import Alert from '@mui/material/Alert';
import Backdrop from '@mui/material/Backdrop';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useSession } from '@/features/auth/session';
import { canOpenAdminModal, type AdminModalName } from './adminModalAccess';

export type { AdminModalName } from './adminModalAccess';

/** What every administration modal receives from the provider. */
export interface AdminModalProps {
  open: boolean;
  onClose: () => void;
}

const MODALS: Record<AdminModalName, ComponentType<AdminModalProps>> = {
  companies: lazy(() => import('./CompanyManagementModal')),
  users: lazy(() => import('./UserManagementModal')),
  permissions: lazy(() => import('./PermissionManagementModal')),
  companyProfile: lazy(() => import('./CompanyProfileModal')),
  profileSettings: lazy(() => import('@/features/profile/ProfileSettingsModal')),
};

export interface AdminModalsValue {
  open: (name: AdminModalName) => void;
  close: () => void;
}

const AdminModalsContext = createContext<AdminModalsValue | null>(null);

export function useAdminModals(): AdminModalsValue {
  const value = useContext(AdminModalsContext);
  if (!value) throw new Error('useAdminModals must be used inside <AdminModalsProvider>');
  return value;
}

interface OpenModal {
  name: AdminModalName;
  isOpen: boolean;
  /** A new key per opening: every opening starts from a fresh form. */
  key: number;
}

export function AdminModalsProvider({ children }: { children: ReactNode }) {
  const { session, hasPermission, hasRole } = useSession();
  const [current, setCurrent] = useState<OpenModal | null>(null);

  const open = useCallback(
    (name: AdminModalName) => {
      if (!session || !canOpenAdminModal(name, { hasPermission, hasRole })) {
        console.warn(`The signed-in user may not open the "${name}" modal.`);
        return;
      }
      setCurrent((previous) => ({ name, isOpen: true, key: (previous?.key ?? 0) + 1 }));
    },
    [session, hasPermission, hasRole],
  );
  // The modal stays mounted while it closes, so its closing transition can play.
  const close = useCallback(() => setCurrent((previous) => previous && { ...previous, isOpen: false }), []);
  const value = useMemo(() => ({ open, close }), [open, close]);

  const Modal = current ? MODALS[current.name] : null;
  return (
    <AdminModalsContext.Provider value={value}>
      {children}
      {Modal && current && (
        <ModalErrorBoundary key={current.key} onClose={close}>
          <Suspense fallback={<LoadingModal />}>
            <Modal open={current.isOpen && Boolean(session)} onClose={close} />
          </Suspense>
        </ModalErrorBoundary>
      )}
    </AdminModalsContext.Provider>
  );
}

function LoadingModal() {
  return (
    <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
      <CircularProgress aria-label="Loading" />
    </Backdrop>
  );
}

/**
 * A modal that fails (its chunk cannot be fetched when offline or after a new release, or it throws)
 * must not take the page under it down.
 */
class ModalErrorBoundary extends Component<{ onClose: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Dialog open onClose={this.props.onClose} maxWidth="xs" fullWidth>
        <DialogContent>
          <Alert severity="error">This window could not be opened. Check your connection, then reload the page.</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={this.props.onClose}>Close</Button>
        </DialogActions>
      </Dialog>
    );
  }
}
