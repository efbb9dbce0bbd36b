import { Parser } from 'htmlparser2';

/** Elements and attributes of an output, as a browser's parser would see them (for the tests' assertions). */
export function elementsOf(html: string): { name: string; attributes: Record<string, string> }[] {
  const elements: { name: string; attributes: Record<string, string> }[] = [];
  const parser = new Parser(
    { onopentag: (name, attributes) => elements.push({ name, attributes }) },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return elements;
}

// eslint-disable-next-line no-control-regex
const IGNORED_IN_URLS = /[\u0000-\u0020]/g;
const ALLOWED = new Set(['b', 'i', 'em', 'strong', 'p', 'br', 'a']);

/** Why an output could run something, or undefined when it cannot. */
export function executableIn(output: string, mode: 'plain' | 'html'): string | undefined {
  if (/<script/i.test(output)) return 'contains <script';
  if (/javascript:|vbscript:/i.test(output)) return 'contains a script scheme';
  const elements = elementsOf(output);
  if (mode === 'plain' && elements.length) return `plain text has element <${elements[0]!.name}>`;
  for (const { name, attributes } of elements) {
    if (!ALLOWED.has(name)) return `element <${name}> is not allowed`;
    for (const [attribute, value] of Object.entries(attributes)) {
      if (attribute.startsWith('on')) return `event handler ${attribute}`;
      if (name !== 'a' || !['href', 'rel', 'target'].includes(attribute))
        return `attribute ${attribute} on <${name}>`;
      if (attribute === 'href' && !/^(https?:|mailto:|[^:]*$)/i.test(value.replace(IGNORED_IN_URLS, '')))
        return `href ${value}`;
    }
  }
  return undefined;
}
