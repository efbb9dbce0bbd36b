import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initializeSession, setNoticeListener } from '@mer/api-client';
import { toast } from '@mer/design-system';
import { redirectPreviewHost } from './config/preview-host-redirect.ts';
import { captureInstallPrompt } from './pwa/install-prompt-capture.ts';
import { App } from './App.tsx';
import './index.css';

if (!redirectPreviewHost()) {
  // Ask for the session right away; the first render does not wait for it.
  void initializeSession();
  captureInstallPrompt();
  setNoticeListener((notice) =>
    toast({ title: notice.title, description: notice.description, tone: notice.tone }),
  );
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
