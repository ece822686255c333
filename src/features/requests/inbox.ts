/** What the inbox decides about a request before showing it. */
import { EMAIL_PATTERN } from '@domain/auth/schemas';
import { REQUEST_KIND_LABELS, REQUEST_KINDS, type RequestKind, type ServiceRequest } from '@domain/requests';

export type KindFilter = 'all' | RequestKind;

export const KIND_FILTERS: readonly KindFilter[] = ['all', ...REQUEST_KINDS];

export const KIND_FILTER_LABELS: Record<KindFilter, string> = { all: 'All', ...REQUEST_KIND_LABELS };

export function filterRequests(requests: readonly ServiceRequest[], kind: KindFilter): readonly ServiceRequest[] {
  return kind === 'all' ? requests : requests.filter((request) => request.kind === kind);
}

/**
 * The address a link may open, or null. The link is typed by any signed-in user and opened by a
 * global admin: only http and https are followed, never javascript:, data: or a relative path.
 */
export function openableLink(link: string | null): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

/**
 * A mailto: address for an e-mail, or null. Characters that would add headers to the draft
 * (?, &, #, %) are left out of links: such an address is shown as text only.
 */
export function mailtoHref(email: string | null): string | null {
  if (!email || !EMAIL_PATTERN.test(email) || /[?&#%]/.test(email)) return null;
  return `mailto:${email}`;
}
