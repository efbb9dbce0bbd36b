import { find } from 'linkifyjs';

/**
 * A message body is plain text (the server's sanitiser removed any markup); links in it are made clickable
 * when it is shown. linkifyjs finds them (web addresses with or without a scheme, e-mail addresses), so a
 * trailing full stop or bracket is not taken into the link.
 */
export type TextSegment = { text: string; href?: undefined } | { text: string; href: string };

export function linkSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let at = 0;
  for (const link of find(text)) {
    if (link.type !== 'url' && link.type !== 'email') continue;
    if (!/^(https?:|mailto:)/i.test(link.href)) continue;
    if (link.start > at) segments.push({ text: text.slice(at, link.start) });
    segments.push({ text: link.value, href: link.href });
    at = link.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return segments;
}
