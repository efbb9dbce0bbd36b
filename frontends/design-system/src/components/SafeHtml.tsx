import { Fragment, createElement, useMemo, type ReactNode } from 'react';

/*
 * Member HTML from the server is already sanitised (b, i, em, strong, p, br and links only). It is still never
 * given to innerHTML here: it is parsed into an inert document (DOMParser runs no scripts and loads nothing) and
 * rebuilt as React elements from an allow-list, so whatever slipped through can only ever show as text.
 */

const ALLOWED_TAGS = new Set(['b', 'i', 'em', 'strong', 'p', 'br', 'a']);
const SAFE_LINK = /^(https?:|mailto:)/i;

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const children = Array.from(element.childNodes, toReact);
  // An unknown element keeps its text, never itself (e.g. a <span>); script and style drop with their text.
  if (tag === 'script' || tag === 'style') return null;
  if (!ALLOWED_TAGS.has(tag)) return createElement(Fragment, { key }, ...children);
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = (element.getAttribute('href') ?? '').trim();
    if (!SAFE_LINK.test(href)) return createElement(Fragment, { key }, ...children);
    return createElement(
      'a',
      {
        key,
        href,
        rel: 'noopener noreferrer nofollow ugc',
        target: '_blank',
        className: 'text-sage-700 underline underline-offset-2',
      },
      ...children,
    );
  }
  return createElement(tag, { key }, ...children);
}

export function sanitisedHtmlToReact(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return Array.from(doc.body.childNodes, toReact);
}

/** Shows stored member HTML (a post, a comment, a discussion, a circle's description) with only its allowed formatting. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const content = useMemo(() => sanitisedHtmlToReact(html), [html]);
  return <div className={className}>{content}</div>;
}
