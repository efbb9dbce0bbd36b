import { describe, expect, it } from 'vitest';
import { birthFormView } from '@mer/profile-forms';
import type { MemberChart } from '@mer/contracts';
import { STORED_PLACE, chartSaveInput, settingsFormFrom } from './cosmic-settings.ts';

const today = new Date(2026, 10, 24);
const stored = {
  birthDate: '1961-08-04',
  birthTime: '19:24',
  birthLocation: 'Honolulu, Hawaii, United States',
  latitude: 21.3069,
  longitude: -157.8583,
} as MemberChart;

describe('Settings → Cosmic info form', () => {
  it('starts empty without a chart', () => {
    const form = settingsFormFrom(null);
    expect(form).toEqual({ year: '', month: '', day: '', hour: '', minute: '', location: '', cityId: '' });
    expect(chartSaveInput(birthFormView(form, today), null)).toBeNull();
  });

  it('starts from the stored chart, its place counting as picked, and sends the stored coordinates', () => {
    const form = settingsFormFrom(stored);
    expect(form).toEqual({
      year: '1961',
      month: '8',
      day: '4',
      hour: '19',
      minute: '24',
      location: 'Honolulu, Hawaii, United States',
      cityId: STORED_PLACE,
    });
    expect(chartSaveInput(birthFormView({ ...form, minute: '30' }, today), stored)).toEqual({
      birthDate: '1961-08-04',
      birthTime: '19:30',
      latitude: 21.3069,
      longitude: -157.8583,
      birthLocation: 'Honolulu, Hawaii, United States',
    });
  });

  it('sends the city id of a newly picked place', () => {
    const form = { ...settingsFormFrom(stored), location: 'Lisbon, Portugal', cityId: 'city-1' };
    expect(chartSaveInput(birthFormView(form, today), stored)).toEqual({
      birthDate: '1961-08-04',
      birthTime: '19:24',
      cityId: 'city-1',
    });
  });

  it('asks for a place again when the stored chart has none, and is not ready while typing one', () => {
    const form = settingsFormFrom({ ...stored, latitude: null, longitude: null });
    expect(form.location).toBe('');
    expect(form.cityId).toBe('');
    expect(chartSaveInput(birthFormView({ ...form, location: 'Lisb' }, today), stored)).toBeNull();
  });
});
