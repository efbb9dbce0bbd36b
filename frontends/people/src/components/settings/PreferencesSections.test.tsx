import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyProfile } from '@mer/contracts';
import type { ProfilePatch } from '../../domain/profile-form.ts';
import { NotificationsSection, PrivacySection } from './PreferencesSections.tsx';

/** A profile saved before any preference was chosen: the service's defaults apply. */
const profile = {
  name: 'Luna Sky',
  notificationPreferences: {},
  privacySettings: {},
} as unknown as MyProfile;

/** The settings page's part: the section shows the profile as saved (optimistically, here at once). */
function Harness({
  section,
  save,
}: {
  section: 'privacy' | 'notifications';
  save: (p: ProfilePatch) => void;
}) {
  const [current, setCurrent] = useState(profile);
  const onSave = async (patch: ProfilePatch, changes: Partial<MyProfile>) => {
    save(patch);
    setCurrent((p) => ({ ...p, ...changes }));
    return true;
  };
  return section === 'privacy' ? (
    <PrivacySection profile={current} save={onSave} feedback={null} />
  ) : (
    <NotificationsSection profile={current} save={onSave} feedback={null} />
  );
}

describe('Settings → Privacy', () => {
  it('keeps birth data private until the member shares it, and saves only the switch that changed', async () => {
    const save = vi.fn();
    render(<Harness section="privacy" save={save} />);
    const birthData = screen.getByRole('switch', { name: 'Share my birth data and chart' });
    expect((birthData as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('switch', { name: 'Share my location' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(birthData.getAttribute('aria-describedby')).toBeTruthy();

    await userEvent.click(birthData);
    expect(save).toHaveBeenCalledExactlyOnceWith({ privacySettings: { share_birth_data: true } });
    expect((birthData as HTMLInputElement).checked).toBe(true);
  });
});

describe('Settings → Notifications', () => {
  it('has every notification on by default, grouped, and turns one off', async () => {
    const save = vi.fn();
    render(<Harness section="notifications" save={save} />);
    const switches = screen.getAllByRole('switch') as HTMLInputElement[];
    expect(switches.length).toBeGreaterThan(4);
    expect(switches.every((s) => s.checked)).toBe(true);
    const people = screen.getByRole('group', { name: 'People' });
    await userEvent.click(within(people).getByRole('switch', { name: 'Messages' }));
    expect(save).toHaveBeenCalledExactlyOnceWith({ notificationPreferences: { messages: false } });
    expect((within(people).getByRole('switch', { name: 'Messages' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });
});
