import { describe, expect, it } from 'vitest';
import { buildCityIndex, type CityRecord } from './cities.ts';

const place = (
  cityId: number,
  name: string,
  country: string,
  population: number,
  region: string | null = null,
  district: string | null = null,
): CityRecord => ({
  cityId,
  name,
  country,
  population,
  latitude: 38.71667,
  longitude: -9.13333,
  region,
  district,
});

/** A stand-in for chart-engine's boundary lookup: the domain takes whatever it is given. */
const lookups: [number, number][] = [];
const timeZoneAt = (latitude: number, longitude: number) => {
  lookups.push([latitude, longitude]);
  return 'Europe/Lisbon';
};

describe('city search', () => {
  const index = buildCityIndex(
    [
      place(1, 'Santa Lisboa', 'BR', 50_000),
      place(2, 'Lisbon', 'PT', 500_000, 'Lisbon'),
      place(3, 'Lisbon Falls', 'US', 4_000, 'Maine'),
      place(4, 'Lisboa Nova', 'PT', 900_000),
      place(5, 'lisbon', 'US', 1_000, 'Ohio', 'Clark County'),
      place(6, 'Lisbon', 'US', 9_000, 'Maine'),
      place(7, 'Lisbon', 'US', 2_700, 'Ohio', 'Columbiana County'),
      place(8, 'Port Harcourt', 'NG', 1_150_000),
      place(9, 'Porto', 'PT', 250_000, 'Porto'),
      place(10, 'New Lisbon', 'US', 2_000, 'Wisconsin'),
    ],
    timeZoneAt,
  );

  it('ranks exact names first, then by population and how much of the name the query covers', () => {
    expect(index.search('lisbon').map((c) => c.id)).toEqual(['2', '6', '7', '5', '3', '10']);
    // "Port": Porto (4 of 5 letters) before the 4-times bigger Port Harcourt (4 of 13).
    expect(index.search('port').map((c) => c.id)).toEqual(['9', '8']);
  });

  it('searches by trimmed, case-insensitive contains: a word start counts more than a match inside a word', () => {
    // Lisbon, Portugal before the bigger Lisboa Nova: "lisb" is 4 of its 6 letters.
    expect(index.search('  LISB ').map((c) => c.id)).toEqual(['2', '4', '6', '1', '7', '5', '3', '10']);
    expect(index.search('bon').map((c) => c.id)).toEqual(['2', '6', '7', '3', '5', '10']);
    expect(index.search('xyz')).toEqual([]);
  });

  it('names the region where a namesake shares the country, and the district where it shares the region', () => {
    const labels = Object.fromEntries(index.search('lisbon').map((c) => [c.id, c.label]));
    expect(labels).toEqual({
      '2': 'Lisbon, Portugal',
      '6': 'Lisbon, Maine, United States',
      '7': 'Lisbon, Columbiana County, Ohio, United States',
      '5': 'lisbon, Clark County, Ohio, United States',
      '3': 'Lisbon Falls, United States',
      '10': 'New Lisbon, United States',
    });
    expect(index.byId('2')).toMatchObject({ region: 'Lisbon', country: 'Portugal', countryCode: 'PT' });
    expect(index.byId('3')).toMatchObject({ region: 'Maine' });
    expect(index.byId('4')).toMatchObject({ region: null, label: 'Lisboa Nova, Portugal' });
  });

  it('lists the biggest first without a query and looks each time zone up once', () => {
    expect(index.search(undefined).map((c) => c.id)).toEqual([
      '8',
      '4',
      '2',
      '9',
      '1',
      '6',
      '3',
      '7',
      '10',
      '5',
    ]);
    lookups.length = 0;
    expect(index.byId('2')).toMatchObject({
      timeZone: 'Europe/Lisbon',
      latitude: 38.71667,
      longitude: -9.13333,
    });
    expect(lookups).toEqual([]);
    expect(index.byId('x')).toBeUndefined();
    expect(index.byId('11')).toBeUndefined();
  });
});
