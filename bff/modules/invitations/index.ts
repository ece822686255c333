/**
 * Invitations' public face: issuing, finding and consuming them, and their links.
 */
export { consumeInvitation, findOpenInvitation, invitationLink, issueInvitation } from './service';
