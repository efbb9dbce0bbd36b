import { runServiceProcess } from '@mer/service-runtime';
import { notificationsEmailService } from './app.ts';

await runServiceProcess(notificationsEmailService);
