/**
 * Transient notices (MUI Snackbar + Alert) for every screen: successes such as "Profile updated
 * successfully!" and failures such as "Failed to delete user". Screens call `useNotify()`; the one
 * <NotificationsProvider> near the root shows one notice at a time, in the order they were sent.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type NotificationSeverity = 'success' | 'info' | 'warning' | 'error';

// The first notice downloads the snackbar: most visits (a sign-in, say) never show one.
const NoticeSnackbar = lazy(async () => ({ default: (await import('./NoticeSnackbar')).NoticeSnackbar }));

export interface Notification {
  id: number;
  message: string;
  severity: NotificationSeverity;
}

export interface Notify {
  /** Shows `message`; severity defaults to 'info'. */
  (message: string, severity?: NotificationSeverity): void;
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
  warning: (message: string) => void;
}

/** Failures stay longer: they usually need reading, successes only confirm. */
const HIDE_AFTER_MS: Record<NotificationSeverity, number> = {
  success: 4_000,
  info: 5_000,
  warning: 7_000,
  error: 8_000,
};

function createNotify(push: (message: string, severity: NotificationSeverity) => void): Notify {
  const notify = ((message: string, severity: NotificationSeverity = 'info') => push(message, severity)) as Notify;
  notify.success = (message) => push(message, 'success');
  notify.error = (message) => push(message, 'error');
  notify.info = (message) => push(message, 'info');
  notify.warning = (message) => push(message, 'warning');
  return notify;
}

const NotifyContext = createContext<Notify | null>(null);

/** Each notice gets its own Snackbar (key), so two identical messages in a row both show. */
let lastNotificationId = 0;

/**
 * Outside a provider (a component rendered alone in a story or a test) notices are dropped
 * rather than crashing the component that sends them.
 */
const droppingNotify = createNotify(() => undefined);

export function useNotify(): Notify {
  return useContext(NotifyContext) ?? droppingNotify;
}

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Notification[]>([]);
  /** True between a notice's dismissal and the end of its exit transition. */
  const [closing, setClosing] = useState(false);

  const push = useCallback((message: string, severity: NotificationSeverity) => {
    const id = ++lastNotificationId;
    setQueue((current) => [...current, { id, message, severity }]);
  }, []);
  const notify = useMemo(() => createNotify(push), [push]);

  const current = queue[0];
  const handleExited = () => {
    setQueue((rest) => rest.slice(1));
    setClosing(false);
  };

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <NoticeSnackbar
            key={current.id}
            message={current.message}
            severity={current.severity}
            open={!closing}
            autoHideDuration={HIDE_AFTER_MS[current.severity]}
            onClose={() => setClosing(true)}
            onExited={handleExited}
          />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}
