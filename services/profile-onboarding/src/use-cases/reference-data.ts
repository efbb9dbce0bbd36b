import type { City, Language, Practice } from '@mer/contracts';
import { notFound } from '@mer/service-runtime';
import {
  insertMissingPractices,
  listActivePractices,
  listLanguages,
  upsertLanguages,
} from '../db/reference.repository.ts';
import type { PracticeRow } from '../db/tables.ts';
import { cityIndex } from '../adapters/city-data.ts';
import type { CityIndex } from '../domain/cities.ts';
import { languageSeeds } from '../domain/languages.ts';
import type { ProfileOnboardingDeps } from '../deps.ts';
import { PRACTICE_CATALOGUE } from '../domain/practices-catalogue.ts';

/** At every start: languages from iso-639-1 and the practices catalogue (idempotent, safe for replicas). */
export async function seedReferenceData({ db }: Pick<ProfileOnboardingDeps, 'db'>): Promise<void> {
  await upsertLanguages(db, languageSeeds());
  await insertMissingPractices(db, PRACTICE_CATALOGUE);
}

/**
 * The reference data a request needs, read once per process: the city index (memory) and the
 * language names (static after seeding). Practices are read per request since approvals add some.
 */
export interface ReferenceData {
  cities: CityIndex;
  languages(): Promise<Language[]>;
  languageNames(): Promise<Map<string, string>>;
}

export function createReferenceData({ db }: Pick<ProfileOnboardingDeps, 'db'>): ReferenceData {
  let languages: Promise<Language[]> | undefined;
  let names: Promise<Map<string, string>> | undefined;
  const load = () => {
    languages ??= listLanguages(db)
      .then((rows) => rows.map((r) => ({ id: r.id, code: r.code, name: r.name, isPopular: r.is_popular })))
      .catch((err: unknown) => {
        languages = undefined;
        throw err;
      });
    return languages;
  };
  return {
    get cities() {
      return cityIndex();
    },
    languages: load,
    languageNames() {
      names ??= load().then((list) => new Map(list.map((l) => [l.id, l.name])));
      return names.catch((err: unknown) => {
        names = undefined;
        throw err;
      });
    },
  };
}

export function searchCities(
  { reference }: Pick<ProfileOnboardingDeps, 'reference'>,
  q: string | undefined,
): { cities: City[] } {
  return { cities: reference.cities.search(q) };
}

export function getCity({ reference }: Pick<ProfileOnboardingDeps, 'reference'>, id: string): City {
  const city = reference.cities.byId(id);
  if (!city) throw notFound();
  return city;
}

export function toPractice(row: PracticeRow): Practice {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    isPopular: row.is_popular,
    iconName: row.icon_name,
  };
}

export async function getPractices({
  db,
}: Pick<ProfileOnboardingDeps, 'db'>): Promise<{ practices: Practice[] }> {
  return { practices: (await listActivePractices(db)).map(toPractice) };
}
