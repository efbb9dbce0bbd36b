import { afterEach } from 'vitest';
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { Me } from '@mer/contracts';
import { useToastStore } from '@mer/design-system';
import { BrowserRouter } from '@mer/router';
import { queryClient } from '@mer/server-state';

/** What the admin area's component tests share: the signed-in admin, a clean slate between tests, toasts, routing. */
export const admin = {
  id: '00000000-0000-4000-8000-000000000001',
  username: 'guide',
  name: 'Guide',
  email: 'guide@example.com',
  permissions: ['system_admin'],
  roles: ['admin'],
  isAdmin: true,
} as unknown as Me;

/** Clears stored state, cached queries and toasts after each test of the calling file. */
export function resetAfterEachTest(): void {
  afterEach(() => {
    localStorage.clear();
    queryClient.clear();
    useToastStore.setState({ toasts: [] } as never);
  });
}

export const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);

export const inRouter = (node: ReactNode) => render(<BrowserRouter>{node}</BrowserRouter>);
