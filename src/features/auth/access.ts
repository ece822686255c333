/** Who may do what in the dashboard's shell, from the session alone (platform specification, section 6). */
import type { Session } from './session';

/** The global admin sees every company and chooses which one to view. */
export function isGlobalAdmin(session: Pick<Session, 'role'> | null | undefined): boolean {
  return session?.role === 'admin';
}
