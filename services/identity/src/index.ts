/** What other parts of MER may use from identity: the service definition and the operator use cases. */
export { identityService } from './app.ts';
export { IdentityConfigSchema, type IdentityConfig } from './config.ts';
export { createInvitation, type NewInvitationInput } from './use-cases/invitations.ts';
export {
  bootstrapAdmin,
  formatBootstrapAnnouncement,
  type BootstrapResult,
} from './use-cases/bootstrap-admin.ts';
export { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from './routes/refresh-cookie.ts';
