import { useEffect } from 'react';
import { registerServiceWorker } from './service-worker.ts';
import { UpdateBanner } from './UpdateBanner.tsx';
import { InstallPrompt } from './InstallPrompt.tsx';

/** Everything PWA after the first render: the service worker, the update banner and the install prompt. */
export default function PwaLayer() {
  useEffect(() => registerServiceWorker(), []);
  return (
    <>
      <UpdateBanner />
      <InstallPrompt />
    </>
  );
}
