import { EMPTY_BIRTH_FORM, birthFormFrom, type BirthForm, type BirthFormView } from '@mer/profile-forms';
import type { ChartBirthInput as StoreChartInput, MemberChart } from '@mer/contracts';

/**
 * Settings → Cosmic info (the wizard's "It can be changed later in your profile settings."): the form starts from
 * the stored chart, and the stored birth place counts as picked until the member types another one. The chart
 * keeps the place's coordinates and label, not the city's id, so an unchanged place is sent as coordinates.
 */
export const STORED_PLACE = 'stored-place';

export function settingsFormFrom(chart: MemberChart | null): BirthForm {
  if (!chart) return EMPTY_BIRTH_FORM;
  const hasPlace = chart.latitude !== null && chart.longitude !== null && Boolean(chart.birthLocation);
  const form = birthFormFrom({ ...chart, cityId: hasPlace ? STORED_PLACE : null });
  // Without a usable stored place the member picks one again.
  return hasPlace ? form : { ...form, location: '' };
}

/** The `PUT charts/me` body for a ready form, or null while it is not ready. */
export function chartSaveInput(view: BirthFormView, stored: MemberChart | null): StoreChartInput | null {
  const input = view.input;
  if (!input) return null;
  if (input.cityId !== STORED_PLACE) return input;
  if (!stored || stored.latitude === null || stored.longitude === null || !stored.birthLocation) return null;
  return {
    birthDate: input.birthDate,
    birthTime: input.birthTime,
    latitude: stored.latitude,
    longitude: stored.longitude,
    birthLocation: stored.birthLocation,
  };
}

export const COSMIC_TEXTS = {
  intro:
    'Your birth date, time and place give your sun, moon and rising signs and your Human Design. They also help us suggest kindred members.',
  none: 'You have not added your birth details yet.',
  removeTitle: 'Remove your birth data?',
  removeDescription:
    'Your birth date, time and place, your signs and your Human Design will be removed from your profile. You can add them again at any time.',
  removed: {
    title: 'Birth Data Removed',
    description: 'Your birth details and chart are gone.',
    tone: 'success',
  },
  removeFailed: { title: 'Removal Failed', tone: 'error' },
} as const;
