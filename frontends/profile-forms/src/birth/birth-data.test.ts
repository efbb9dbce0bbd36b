import { describe, expect, it } from 'vitest';
import {
  EMPTY_BIRTH_FORM,
  birthFormFrom,
  birthFormView,
  birthPlaceTerm,
  bornLine,
  calculationFailure,
  calculationNotice,
} from './birth-data.ts';

const today = new Date(2026, 10, 24); // 24 November 2026

describe('the birth form (wizard and Settings)', () => {
  it('offers 125 years from this one, this year up to this month and day, 24 hours and 60 minutes', () => {
    const view = birthFormView({ ...EMPTY_BIRTH_FORM, year: '2026', month: '11' }, today);
    expect(view.years).toHaveLength(125);
    expect(view.years[0]).toEqual({ value: '2026', label: '2026' });
    expect(view.years.at(-1)?.value).toBe('1902');
    expect(view.months.map((m) => m.label).at(-1)).toBe('November');
    expect(view.months).toHaveLength(11);
    expect(view.days).toHaveLength(24);
    expect(view.hours.map((h) => h.label).slice(0, 2)).toEqual(['12 AM', '1 AM']);
    expect(view.hours[13]).toEqual({ value: '13', label: '1 PM' });
    expect(view.minutes).toHaveLength(60);
    expect(view.minutes[5]).toEqual({ value: '5', label: ':05' });
  });

  it('is ready with a date, an hour, a minute and a picked place, and gives the request body', () => {
    const form = {
      year: '1990',
      month: '3',
      day: '20',
      hour: '23',
      minute: '30',
      location: 'Lisbon',
      cityId: '',
    };
    expect(birthFormView(form, today).ready).toBe(false);
    const view = birthFormView({ ...form, cityId: 'c1' }, today);
    expect(view.ready).toBe(true);
    expect(view.input).toEqual({ birthDate: '1990-03-20', birthTime: '23:30', cityId: 'c1' });
    expect(birthFormView({ ...form, cityId: 'c1', minute: '' }, today).input).toBeNull();
  });

  it('refuses a future date', () => {
    const view = birthFormView(
      { year: '2026', month: '11', day: '30', hour: '1', minute: '0', location: 'x', cityId: 'c' },
      today,
    );
    expect(view.dateProblem).toBe('The date cannot be in the future');
    expect(view.ready).toBe(false);
  });

  it('round-trips stored birth data', () => {
    expect(
      birthFormFrom({ birthDate: '1961-08-04', birthTime: '09:05', birthLocation: 'Honolulu', cityId: 'h' }),
    ).toEqual({
      year: '1961',
      month: '8',
      day: '4',
      hour: '9',
      minute: '5',
      location: 'Honolulu',
      cityId: 'h',
    });
    expect(birthFormFrom(null)).toEqual(EMPTY_BIRTH_FORM);
  });

  it('searches the place from 3 typed characters, never a picked one', () => {
    expect(birthPlaceTerm({ location: ' Li ', cityId: '' })).toBeNull();
    expect(birthPlaceTerm({ location: ' Lis ', cityId: '' })).toBe('Lis');
    expect(birthPlaceTerm({ location: 'Lisbon, Portugal', cityId: 'c1' })).toBeNull();
  });

  it("says when and where the member was born, in the member's date order and clock", () => {
    const birth = { birthDate: '1990-03-20', birthTime: '23:30', birthLocation: 'Lisbon, Portugal' };
    expect(bornLine(birth, 'en-US')).toBe('Born Mar 20, 1990 at 11:30 PM in Lisbon, Portugal');
    expect(bornLine(birth, 'en-GB')).toBe('Born 20 Mar 1990 at 23:30 in Lisbon, Portugal');
    expect(bornLine(birth, 'de-DE')).toBe('Born 20.03.1990 at 23:30 in Lisbon, Portugal');
    expect(bornLine({ birthDate: '1990-03-20', birthTime: null, birthLocation: null }, 'en-GB')).toBe(
      'Born 20 Mar 1990',
    );
  });

  it("chooses the spec's toasts", () => {
    expect(calculationNotice({ humanDesign: {} }).title).toBe('Calculation Complete');
    expect(calculationNotice({ humanDesign: null }).title).toBe('Human Design Calculation');
    expect(calculationFailure({ title: 'Location Error', message: 'No coordinates' })).toEqual({
      title: 'Location Error',
      description: 'No coordinates',
      tone: 'error',
    });
    expect(calculationFailure(null).description).toBe('Something went wrong. Please try again.');
  });
});
