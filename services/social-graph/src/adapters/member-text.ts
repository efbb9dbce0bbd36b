/**
 * Member free text (a report's details) before it is stored or published.
 * TODO(sanitiser): replace the body with @mer/text-sanitiser's sanitise() once feat/sanitiser lands on main; the
 * call sites already go through this one function. Until then: no markup, no control characters, 2000 max.
 */
export function sanitiseMemberText(text: string, maxLength = 2000): string {
  return (
    text
      .replace(/<[^>]*>/g, '')
      .replace(/[<>]/g, '')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      .trim()
      .slice(0, maxLength)
  );
}
