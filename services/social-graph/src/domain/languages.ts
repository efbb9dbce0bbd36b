/** Language ids (ISO 639-1, as profiles store them) as English names for reasons: 'pt' → 'Portuguese'. */
const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

export function languageName(code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    // Not a well-formed language tag: shown as stored.
    return code;
  }
}
