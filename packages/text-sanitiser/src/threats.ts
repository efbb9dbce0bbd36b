import { Parser } from 'htmlparser2';

/*
 * Finding what hostile input tried, to REPORT it (spec 001 section 5 "Threat labels"). This only looks:
 * the clean text always comes from sanitize-html (sanitise.ts). The input is parsed with htmlparser2
 * (the parser sanitize-html itself uses), so tags and attributes are seen the way the sanitiser sees
 * them, entities in attribute values already decoded.
 */

/** The spec's nine threat labels, in its order. */
export const THREAT_LABELS = {
  scriptInjection: 'Script injection',
  dataUriInjection: 'Data URI injection',
  eventHandlerInjection: 'Event handler injection',
  scriptTagInjection: 'Script tag injection',
  iframeInjection: 'Iframe injection',
  objectEmbedInjection: 'Object/embed injection',
  formInjection: 'Form injection',
  cssExpressionInjection: 'CSS expression injection',
  cssBehaviorInjection: 'CSS behavior injection',
} as const;
export type ThreatLabel = (typeof THREAT_LABELS)[keyof typeof THREAT_LABELS];
const LABEL_ORDER: readonly ThreatLabel[] = Object.values(THREAT_LABELS);

const TAG_THREATS: Record<string, ThreatLabel> = {
  script: THREAT_LABELS.scriptTagInjection,
  iframe: THREAT_LABELS.iframeInjection,
  frame: THREAT_LABELS.iframeInjection,
  frameset: THREAT_LABELS.iframeInjection,
  object: THREAT_LABELS.objectEmbedInjection,
  embed: THREAT_LABELS.objectEmbedInjection,
  applet: THREAT_LABELS.objectEmbedInjection,
  form: THREAT_LABELS.formInjection,
  input: THREAT_LABELS.formInjection,
  button: THREAT_LABELS.formInjection,
  textarea: THREAT_LABELS.formInjection,
  select: THREAT_LABELS.formInjection,
  isindex: THREAT_LABELS.formInjection,
};

/** Browsers ignore ASCII whitespace and control characters inside a URL's scheme ("java\tscript:"). */
// eslint-disable-next-line no-control-regex
const IGNORED_IN_URLS = /[\u0000-\u0020]/g;
/** CSS comments and escapes can hide a keyword: "exp/ ** /ression(", "expr\65ssion(". */
const CSS_NOISE = /\/\*[\s\S]*?\*\/|\\|\s/g;

const SCRIPT_SCHEME = /(?:java|vb|live)script:/i;
const DATA_URI = /(?:^|[\s"'(=,])data:[\w.+-]*\/?[\w.+-]*[;,]/i;
/** In CSS or in text that looks like CSS ("width: expression(...)"), never plain prose ("an expression (of joy)"). */
const CSS_EXPRESSION = /expression\(/i;
const CSS_EXPRESSION_IN_TEXT = /[:=]\s*expression\s*\(/i;
const CSS_BEHAVIOR = /behaviou?r:|-moz-binding:/i;
const CSS_BEHAVIOR_IN_TEXT = /behaviou?r\s*:\s*url\s*\(|-moz-binding\s*:/i;

/** How deep entity-encoded markup is unwrapped to look inside it (`&amp;lt;script&amp;gt;` is two levels). */
const MAX_DECODE_DEPTH = 4;

function checkCss(css: string, found: Set<ThreatLabel>): void {
  const compact = css.replace(CSS_NOISE, '');
  if (CSS_EXPRESSION.test(compact)) found.add(THREAT_LABELS.cssExpressionInjection);
  if (CSS_BEHAVIOR.test(compact)) found.add(THREAT_LABELS.cssBehaviorInjection);
  if (SCRIPT_SCHEME.test(compact.replace(IGNORED_IN_URLS, ''))) found.add(THREAT_LABELS.scriptInjection);
}

function checkAttribute(name: string, value: string, found: Set<ThreatLabel>): void {
  if (name.startsWith('on')) found.add(THREAT_LABELS.eventHandlerInjection);
  const url = value.replace(IGNORED_IN_URLS, '');
  if (SCRIPT_SCHEME.test(url)) found.add(THREAT_LABELS.scriptInjection);
  if (/^data:/i.test(url) || DATA_URI.test(value)) found.add(THREAT_LABELS.dataUriInjection);
  if (name === 'style') checkCss(value, found);
}

/** A dangerous tag's opening in text the parser did not take as that tag ("<scr<script>ipt>", "<script" cut off). */
const TAG_IN_TEXT = new RegExp(`<\\s*(${Object.keys(TAG_THREATS).join('|')})(?![a-z0-9-])`, 'gi');

function checkText(text: string, found: Set<ThreatLabel>): void {
  for (const match of text.matchAll(TAG_IN_TEXT)) found.add(TAG_THREATS[match[1]!.toLowerCase()]!);
  if (SCRIPT_SCHEME.test(text.replace(IGNORED_IN_URLS, ''))) found.add(THREAT_LABELS.scriptInjection);
  if (DATA_URI.test(text)) found.add(THREAT_LABELS.dataUriInjection);
  if (CSS_EXPRESSION_IN_TEXT.test(text)) found.add(THREAT_LABELS.cssExpressionInjection);
  if (CSS_BEHAVIOR_IN_TEXT.test(text)) found.add(THREAT_LABELS.cssBehaviorInjection);
}

/** Walks one document; returns its text with entities decoded (markup hidden behind entities shows up there). */
function scan(html: string, found: Set<ThreatLabel>): string {
  let text = '';
  let inStyle = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const threat = TAG_THREATS[name];
        if (threat) found.add(threat);
        if (name === 'style') inStyle += 1;
        for (const [attribute, value] of Object.entries(attributes)) checkAttribute(attribute, value, found);
      },
      onclosetag(name) {
        if (name === 'style' && inStyle > 0) inStyle -= 1;
      },
      ontext(chunk) {
        if (inStyle) checkCss(chunk, found);
        text += chunk;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return text;
}

/** The threat labels the input shows, in the spec's order, each once. */
export function detectThreats(input: string): ThreatLabel[] {
  const found = new Set<ThreatLabel>();
  checkText(input, found);
  let layer = input;
  for (let depth = 0; depth < MAX_DECODE_DEPTH && /[<&]/.test(layer); depth += 1) {
    const text = scan(layer, found);
    if (text === layer) break;
    checkText(text, found);
    layer = text;
  }
  return LABEL_ORDER.filter((label) => found.has(label));
}
