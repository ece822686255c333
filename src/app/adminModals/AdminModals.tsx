/**
 * The modals opened by name from the header's user menu: administration and the user's profile.
 * Who may open one is its ADMIN_MODALS entry in the capability map. Each modal is its own chunk,
 * loaded on first opening, so the tables (MUI X Data Grid) stay out of the first route's bundle.
 */
import {
  Component,
  createContext,
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
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { ADMIN_MODALS, type AdminModalName } from '@domain/access/adminModals';
import type { Capability } from '@domain/access/capabilities';
import { useSession } from '@/lib/session';
import type { ModalProps } from '@/ui/ModalDialog';
import { AuditLogModal } from '@/features/audit-log';
import { CompanyManagementModal, CompanyProfileModal } from '@/features/companies';
import { PrivacyModal } from '@/features/privacy';
import { ProfileSettingsModal } from '@/features/profile';
import { RequestsInboxModal } from '@/features/requests';
import { OverrideLogsDialog } from '@/features/surveys';
import { PermissionManagementModal, UserManagementModal } from '@/features/users';

export type { AdminModalName } from '@domain/access/adminModals';

/** Every modal the registry can open, by its name in the capability map. */
export const ADMIN_MODAL_COMPONENTS: Record<AdminModalName, ComponentType<ModalProps>> = {
  companies: CompanyManagementModal,
  users: UserManagementModal,
  permissions: PermissionManagementModal,
  companyProfile: CompanyProfileModal,
  profileSettings: ProfileSettingsModal,
  requests: RequestsInboxModal,
  overrideLogs: OverrideLogsDialog,
  auditLog: AuditLogModal,
  privacy: PrivacyModal,
};

/** What a caller needs to open the modal (the menu shows its entry only then). */
export function modalCapability(name: AdminModalName): Capability {
  return ADMIN_MODALS[name].capability;
}

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
  const { session, can } = useSession();
  const [current, setCurrent] = useState<OpenModal | null>(null);

  const open = useCallback(
    (name: AdminModalName) => {
      if (!can(modalCapability(name))) {
        console.warn(`The signed-in user may not open the "${name}" modal.`);
        return;
      }
      setCurrent((previous) => ({ name, isOpen: true, key: (previous?.key ?? 0) + 1 }));
    },
    [can],
  );
  // The modal stays mounted while it closes, so its closing transition can play.
  const close = useCallback(() => setCurrent((previous) => previous && { ...previous, isOpen: false }), []);
  const value = useMemo(() => ({ open, close }), [open, close]);

  const Modal = current ? ADMIN_MODAL_COMPONENTS[current.name] : null;
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
 * must not take the page under it down. Its notice is drawn from what every page already has (an
 * alert over the page), never from a chunk that might fail to load in turn.
 */
export class ModalErrorBoundary extends Component<{ onClose: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box sx={{ position: 'fixed', top: 16, left: '50%', transform: 'translateX(-50%)', width: 'min(480px, calc(100% - 32px))', zIndex: (theme) => theme.zIndex.modal }}>
        <Alert
          severity="error"
          variant="filled"
          action={
            <Button color="inherit" size="small" onClick={this.props.onClose}>
              Close
            </Button>
          }
        >
          This window could not be opened. Check your connection, then reload the page.
        </Alert>
      </Box>
    );
  }
}
