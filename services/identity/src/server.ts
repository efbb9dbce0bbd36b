import { runServiceProcess } from '@mer/service-runtime';
import { identityService } from './app.ts';

// Cluster topology: identity as its own process, configured from env (see .env.example).
await runServiceProcess(identityService);
