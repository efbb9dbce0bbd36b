import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';

import { detectThreats, type ThreatLabel } from './threats.ts';

/*
 * The one text sanitiser of MER (spec 001 section 5 "Text sanitiser"). Every service that stores member
 * text runs it on the server before storing; front ends render what was stored. The HTML work is
 * sanitize-html's (allow-list of tags, attributes and URL schemes); this file only chooses its options,
 * turns plain-text results back into text and applies the spec's rules around it.
 */

export const DEFAULT_MAX_LENGTH = 10_000;

export const SANITISER_TEXTS = {
  invalidType: 'Invalid input type',
  tooLong: (maxLength: number) => `Input exceeds maximum length of ${maxLength}`,
  contentStripped: 'All content was stripped during sanitization',
  failed: 'Sanitization process failed',
} as const;

/** What a sanitised input can report: the nine threat labels, the stripped content, a failure. */
export type Threat = ThreatLabel | typeof SANITISER_TEXTS.contentStripped | typeof SANITISER_TEXTS.failed;

export interface SanitiseOptions {
  /** Keep the limited formatting (b, i, em, strong, p, br); otherwise every tag goes. Default false. */
  allowHtml?: boolean;
  /** With allowHtml, also keep links (a with an http, https or mailto href). Default false. */
  allowLinks?: boolean;
  /** Longest accepted input in characters (code points). Default 10000. */
  maxLength?: number;
  /** Trim surrounding whitespace. Default true. */
  trim?: boolean;
}

/** The parts of a hostile input a security event may keep (never the whole input). */
export interface ThreatEvidence {
  input: string;
}

export type SanitiseResult =
  | {
      ok: true;
      /** Plain text (allowHtml false) or HTML with only the allowed tags (allowHtml true). */
      value: string;
      /** What the input tried; empty for ordinary text. Report them (securityEvent), then store `value`. */
      threats: Threat[];
      /** The input, kept only when there are threats, for securityEvent's sample and hash. */
      evidence?: ThreatEvidence;
    }
  | {
      ok: false;
      /** The spec's message: 'Invalid input type', 'Input exceeds maximum length of N', 'Sanitization process failed'. */
      error: string;
      threats: Threat[];
      evidence?: ThreatEvidence;
    };

export const FORMATTING_TAGS = ['b', 'i', 'em', 'strong', 'p', 'br'] as const;
export const LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

/**
 * Elements whose content is dropped with them: sanitize-html's own list (script, style, textarea, option,
 * xmp) plus the fallback-content elements, whose inner markup was never meant to be shown as text.
 */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'noscript',
  'iframe',
  'noembed',
  'noframes',
];

/** Links open in a new tab, never hand the opener to the target page, and carry no endorsement. */
const LINK_ATTRIBUTES = { rel: 'nofollow noopener noreferrer', target: '_blank' };

function libraryOptions(allowHtml: boolean, allowLinks: boolean): sanitizeHtml.IOptions {
  const withLinks = allowHtml && allowLinks;
  return {
    allowedTags: allowHtml ? [...FORMATTING_TAGS, ...(withLinks ? ['a'] : [])] : [],
    allowedAttributes: withLinks ? { a: ['href', 'rel', 'target'] } : {},
    allowedSchemes: [...LINK_SCHEMES],
    allowedSchemesByTag: {},
    allowProtocolRelative: false,
    allowedStyles: {},
    parseStyleAttributes: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    transformTags: withLinks ? { a: sanitizeHtml.simpleTransform('a', LINK_ATTRIBUTES) } : {},
  };
}
export const PLAIN = libraryOptions(false, false);
const FORMATTED = libraryOptions(true, false);
const FORMATTED_WITH_LINKS = libraryOptions(true, true);

/** The text sanitize-html's escaped output stands for ("a &amp; b" → "a & b"), read by the same parser. */
function decodeText(html: string): string {
  let text = '';
  const parser = new Parser({ ontext: (chunk) => (text += chunk) }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return text;
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** The spec's "javascript: and vbscript: patterns are removed", also from text, where no library looks. */
const SCRIPT_SCHEME = /(?:java|vb|live)script\s*:/gi;

/**
 * Before the library: characters Postgres refuses (NUL) or that have no place in member text go, lone
 * surrogates (refused in jsonb) become U+FFFD, and script schemes go until none is left
 * ("javajavascript:script:").
 */
function removeUnwanted(value: string): string {
  let text = value.replace(CONTROL_CHARACTERS, '').replace(LONE_SURROGATE, '\ufffd');
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(SCRIPT_SCHEME, '');
  }
  return text;
}

/**
 * The clean text goes round until nothing changes, so what is returned is exactly what the library gives
 * for it: removing characters may join markup ("<\0script"), and decoding plain text may reveal markup that
 * was hidden behind entities (`&lt;script&gt;`), each round peeling one level.
 */
const MAX_ROUNDS = 8;

/** What the library or removeUnwanted would change in plain text: markup, entities, unwanted characters. */
// eslint-disable-next-line no-control-regex
const NOT_PLAIN = /[<>&\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|(?:java|vb|live)script\s*:/i;
const HAS_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);

function clean(input: string, allowHtml: boolean, library: sanitizeHtml.IOptions): string {
  // Plain text with nothing to sanitise (most messages): the library would give it back unchanged (escaped, then
  // decoded by the same parser), so it is not asked; `test/fast-path.test.ts` checks both give the same.
  if (!allowHtml && !NOT_PLAIN.test(input) && !HAS_LONE_SURROGATE.test(input)) return input;
  return cleanThroughLibrary(input, allowHtml, library);
}

/** clean() without its plain-text shortcut. */
export function cleanThroughLibrary(
  input: string,
  allowHtml: boolean,
  library: sanitizeHtml.IOptions,
): string {
  let text = input;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const html = sanitizeHtml(removeUnwanted(text), library);
    const next = allowHtml ? html : decodeText(html);
    if (next === text) return text;
    text = next;
  }
  throw new Error(`text did not settle after ${MAX_ROUNDS} rounds`);
}

export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

/**
 * Sanitises one piece of member text. Never throws: a failure is `{ ok: false, error: 'Sanitization
 * process failed' }`. Threats do not make the result fail: the clean value is safe to store, and the
 * threats are for the security log.
 */
export function sanitise(input: unknown, options: SanitiseOptions = {}): SanitiseResult {
  const { allowHtml = false, allowLinks = false, maxLength = DEFAULT_MAX_LENGTH, trim = true } = options;
  if (typeof input !== 'string') return { ok: false, error: SANITISER_TEXTS.invalidType, threats: [] };
  if (input.length > maxLength && codePointLength(input) > maxLength) {
    return { ok: false, error: SANITISER_TEXTS.tooLong(maxLength), threats: [] };
  }
  try {
    const text = trim ? input.trim() : input;
    const threats: Threat[] = detectThreats(text);
    const library = allowHtml ? (allowLinks ? FORMATTED_WITH_LINKS : FORMATTED) : PLAIN;
    const cleaned = clean(text, allowHtml, library);
    const value = trim ? cleaned.trim() : cleaned;
    if (text.trim() !== '' && value.trim() === '') threats.push(SANITISER_TEXTS.contentStripped);
    return threats.length ? { ok: true, value, threats, evidence: { input } } : { ok: true, value, threats };
  } catch {
    return {
      ok: false,
      error: SANITISER_TEXTS.failed,
      threats: [SANITISER_TEXTS.failed],
      evidence: { input },
    };
  }
}
