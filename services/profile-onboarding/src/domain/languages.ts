import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface LanguageSeed {
  id: string;
  code: string;
  name: string;
  isPopular: boolean;
}

/**
 * Languages offered first in the wizard: the most spoken world languages plus those of the
 * communities MER starts in (Portuguese, German, Dutch).
 */
export const POPULAR_LANGUAGE_CODES = [
  'en',
  'es',
  'pt',
  'fr',
  'de',
  'it',
  'nl',
  'zh',
  'hi',
  'ar',
  'ru',
  'ja',
] as const;

/** ISO 639-1 from the iso-639-1 package, English names; the id is the code (stable across installs). */
export function languageSeeds(): LanguageSeed[] {
  const iso = require('iso-639-1') as { getAllCodes(): string[]; getName(code: string): string };
  const popular = new Set<string>(POPULAR_LANGUAGE_CODES);
  return iso.getAllCodes().map((code) => ({
    id: code,
    code,
    name: iso.getName(code),
    isPopular: popular.has(code),
  }));
}
