export { notificationsEmailService } from './app.ts';
