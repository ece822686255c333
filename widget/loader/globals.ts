/** What the widget adds to, and reads from, the host page's window. */

/** A call queued before the loader ran: ['identify', { user_email: '…' }]. */
export type NavoutCommand = [method: string, ...args: unknown[]];

/** window.navout once the loader runs (README, "JavaScript API"). */
export interface NavoutApi {
  /** Shows an active survey now, whatever its targeting; false when there is no such survey. */
  show: (surveyId: string) => Promise<boolean>;
  /** Gives identifier values (field name → value), kept for later visits; surveys are re-checked. */
  identify: (values: Record<string, string>) => void;
  /** Forgets the visitor (id, identifiers, sampling, cooldowns) and closes open surveys. */
  reset: () => void;
  /** Stops the widget: closes surveys, removes listeners, leaves history alone (React unmount). */
  destroy: () => void;
  /** The queue's push, so a page that keeps pushing commands after load still works. */
  push: (command: NavoutCommand) => void;
}

declare global {
  interface Window {
    navout?: NavoutApi | NavoutCommand[];
    navoutUser?: Record<string, unknown>;
    navoutIdentifiers?: Record<string, unknown>;
  }
}
