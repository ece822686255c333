/** What the route guard does with a page's capability and the caller (platform specification, sections 2 and 6). */
import { allows, type Caller, type Capability } from '@domain/access/capabilities';

export type AccessDecision = 'allow' | 'loading' | 'sign-in' | 'unauthorized';

export function decideAccess(access: Capability, caller: Caller, isLoading: boolean): AccessDecision {
  // What nobody needs no session for: a public page shows at once, even while one is restored.
  if (allows(access, null)) return 'allow';
  if (!caller) return isLoading ? 'loading' : 'sign-in';
  return allows(access, caller) ? 'allow' : 'unauthorized';
}
