const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Makes text safe inside HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * A member's name as it may appear in an e-mail: control characters (line breaks included)
 * become spaces, whitespace is collapsed, and very long names are cut. Escaping is separate.
 */
export function displayName(name: string): string {
  const clean = name
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > 80 ? `${clean.slice(0, 79)}…` : clean;
}
