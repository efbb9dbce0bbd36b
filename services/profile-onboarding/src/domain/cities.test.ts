import { describe, expect, it } from 'vitest';
import { buildCityIndex, loadCityIndex } from './cities.ts';

const raw = (cityId: number, name: string, country: string, population: number) => ({
  cityId,
  name,
  country,
  population,
  loc: { coordinates: [-9.13333, 38.71667] as [number, number] },
});

describe('city search', () => {
  const index = buildCityIndex([
    raw(1, 'Santa Lisboa', 'BR', 50_000),
    raw(2, 'Lisbon', 'PT', 500_000),
    raw(3, 'Lisbon Falls', 'US', 4_000),
    raw(4, 'Lisboa Nova', 'PT', 900_000),
    raw(5, 'lisbon', 'US', 1_000),
  ]);

  it('ranks exact names, then prefixes, then other matches, each by population', () => {
    expect(index.search('  LISB ').map((c) => c.id)).toEqual(['4', '2', '3', '5', '1']);
    expect(index.search('lisbon').map((c) => c.id)).toEqual(['2', '5', '3']);
  });

  it('lists the biggest first without a query and labels with the country name', () => {
    expect(index.search(undefined).map((c) => c.id)).toEqual(['4', '2', '1', '3', '5']);
    expect(index.byId('2')).toMatchObject({
      label: 'Lisbon, Portugal',
      timeZone: 'Europe/Lisbon',
      region: null,
    });
    expect(index.byId('x')).toBeUndefined();
  });

  it('searches the whole world list in a few milliseconds', async () => {
    const world = await loadCityIndex();
    expect(world.size).toBeGreaterThan(130_000);
    world.search('warm-up');
    const queries = ['a', 'san', 'lisbon', 'new york', 'são paulo', 'zürich', 'xyzzy'];
    const started = performance.now();
    for (let round = 0; round < 5; round++) for (const q of queries) world.search(q);
    const perQuery = (performance.now() - started) / (5 * queries.length);
    console.log(`city search in memory: ${perQuery.toFixed(2)} ms per query over ${world.size} cities`);
    expect(perQuery).toBeLessThan(50);
    expect(world.search('são paulo')[0]).toMatchObject({
      name: 'São Paulo',
      countryCode: 'BR',
      timeZone: 'America/Sao_Paulo',
    });
  });
});
