import { runServiceProcess } from '@mer/service-runtime';
import { eventsCirclesService } from './app.ts';

// Cluster topology: this service alone in its process, PostgreSQL, NATS and Redis from env.
await runServiceProcess(eventsCirclesService);
