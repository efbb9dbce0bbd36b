import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { isRemoteDeployed } from '../config/runtime-config.ts';
import { loadRemoteModule } from '../federation/host.ts';

/*
 * The notification bell comes from the notifications remote (its calls and its popover live there, like every
 * feature's): the shell only reserves its place. Where the remote is not deployed, or fails to load, the
 * navigation simply has no bell.
 */
const NotificationBell = lazy(() =>
  loadRemoteModule<{ default: ComponentType<{ mobile: boolean }> }>('notifications/NotificationBell'),
);

class SilentBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('[MER] the notification bell could not be loaded', error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function NotificationBellSlot({ mobile }: { mobile: boolean }) {
  if (!isRemoteDeployed('notifications')) return null;
  return (
    <SilentBoundary>
      <Suspense fallback={<span aria-hidden="true" className="size-10" />}>
        <NotificationBell mobile={mobile} />
      </Suspense>
    </SilentBoundary>
  );
}
