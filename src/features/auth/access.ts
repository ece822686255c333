/** Who may do what in the dashboard's shell, from the session alone (platform specification, section 6). */
import { isGlobalAdmin as reachesEveryCompany } from '@domain/auth/roles';
import type { Session } from './session';

/** The global admin sees every company and chooses which one to view; the BFF decides the same way. */
export function isGlobalAdmin(session: Pick<Session, 'role' | 'permissions' | 'company'> | null | undefined): boolean {
  return session ? reachesEveryCompany(session, session.company) : false;
}
