import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';

// The federation runtime stands in for the notifications remote: the slot asks it for the exposed bell.
const loadRemoteModule = vi.fn();
vi.mock('../federation/host.ts', () => ({ loadRemoteModule: (id: string) => loadRemoteModule(id) }));

/** A fresh copy each time: the slot's React.lazy remembers what it loaded. */
async function freshSlot() {
  vi.resetModules();
  return (await import('./NotificationBellSlot.tsx')).NotificationBellSlot;
}

afterEach(() => {
  delete window.__MER_REMOTES__;
  loadRemoteModule.mockReset();
});

describe("the navigation's notification bell slot", () => {
  it('shows nothing while the notifications remote is not deployed, and loads nothing', async () => {
    const NotificationBellSlot = await freshSlot();
    const { container } = render(<NotificationBellSlot mobile={false} />);
    expect(container.innerHTML).toBe('');
    expect(loadRemoteModule).not.toHaveBeenCalled();
  });

  it("shows the remote's bell, telling it whether this is a phone", async () => {
    const NotificationBellSlot = await freshSlot();
    window.__MER_REMOTES__ = { notifications: '/remotes/notifications/remoteEntry.js' };
    loadRemoteModule.mockResolvedValue({
      default: ({ mobile }: { mobile: boolean }) => (
        <button type="button">{mobile ? 'phone bell' : 'bell'}</button>
      ),
    });
    render(<NotificationBellSlot mobile />);
    expect(await screen.findByRole('button', { name: 'phone bell' })).toBeTruthy();
    expect(loadRemoteModule).toHaveBeenCalledWith('notifications/NotificationBell');
  });

  it('leaves the navigation without a bell when the remote fails to load', async () => {
    const NotificationBellSlot = await freshSlot();
    window.__MER_REMOTES__ = { notifications: '/remotes/notifications/remoteEntry.js' };
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    loadRemoteModule.mockRejectedValue(new Error('offline'));
    const { container } = render(<NotificationBellSlot mobile={false} />);
    await vi.waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(container.querySelector('button')).toBeNull();
  });
});
