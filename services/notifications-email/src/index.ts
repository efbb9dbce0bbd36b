export { notificationsEmailService, createNotificationsEmailService } from './app.ts';
