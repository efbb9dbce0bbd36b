import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BirthMomentFields,
  BirthPlaceField,
  ChartResultCards,
  type BirthFieldsOptions,
  type BirthFieldsValue,
} from '../index.ts';

const empty: BirthFieldsValue = {
  year: '',
  month: '',
  day: '',
  hour: '',
  minute: '',
  location: '',
  cityId: '',
};
const options = (dateProblem: string | null = null): BirthFieldsOptions => ({
  years: [{ value: '1985', label: '1985' }],
  months: [{ value: '6', label: 'June' }],
  days: [{ value: '15', label: '15' }],
  hours: [
    { value: '0', label: '12 AM' },
    { value: '14', label: '2 PM' },
  ],
  minutes: [{ value: '30', label: '30' }],
  dateProblem,
});

describe('the birth form', () => {
  it('picks the date and the time with labelled selects (12-hour labels) and says what is wrong with a date', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<BirthMomentFields value={empty} options={options()} onChange={onChange} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'June');
    expect(onChange).toHaveBeenLastCalledWith({ month: '6' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Hour' }), '2 PM');
    expect(onChange).toHaveBeenLastCalledWith({ hour: '14' });
    expect(screen.getByRole('group', { name: 'Time of birth' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(
      <BirthMomentFields
        value={empty}
        options={options('Birth date cannot be in the future')}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Birth date cannot be in the future');
  });

  it('searches the place once typing stops, lists the answer and takes only a place picked from it', async () => {
    const search = vi.fn(async () => [{ id: 'city-lisbon', label: 'Lisbon, Portugal' }]);
    const onPick = vi.fn();
    function Place() {
      const [text, setText] = useState('');
      return (
        <BirthPlaceField
          value={text}
          term={text.trim().length >= 3 ? text.trim() : null}
          debounceMs={20}
          search={search}
          onTextChange={setText}
          onPick={onPick}
          emptyText="No locations found"
          failedText="Location search failed"
        />
      );
    }
    render(<Place />);
    const field = screen.getByRole('combobox', { name: 'Place of birth' });
    await userEvent.type(field, 'Li');
    expect(search).not.toHaveBeenCalled();
    await userEvent.type(field, 's');
    await waitFor(() => expect(search).toHaveBeenCalledTimes(1));
    expect(search).toHaveBeenCalledWith('Lis', expect.any(AbortSignal));
    await userEvent.click(await screen.findByRole('option', { name: 'Lisbon, Portugal' }));
    expect(onPick).toHaveBeenCalledWith({ id: 'city-lisbon', label: 'Lisbon, Portugal' });
  });

  it('shows the signs and the Human Design cards, with a dash for what was not calculated', () => {
    render(
      <ChartResultCards
        chart={{
          sunSign: 'Gemini',
          moonSign: 'Pisces',
          risingSign: null,
          humanDesign: {
            type: 'Projector',
            strategy: 'Wait for the invitation',
            authority: null,
            profile: '2/4',
          },
        }}
        cuspNote="You were born on a sign cusp: the exact Sun position says Gemini."
      />,
    );
    const signs = screen.getByRole('region', { name: 'Your signs' });
    expect(signs.textContent).toContain('SunGemini');
    expect(signs.textContent).toContain('Rising—');
    const design = screen.getByRole('region', { name: 'Human Design' });
    expect(design.textContent).toContain('TypeProjector');
    expect(design.textContent).toContain('Authority—');
    expect(screen.getByRole('note').textContent).toContain('sign cusp');
  });
});
