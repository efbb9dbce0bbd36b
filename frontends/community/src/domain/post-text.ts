/*
 * The composer writes plain text with light formatting (<b>, <i> from its toolbar); the server's sanitiser keeps
 * only b, i, em, strong, p, br and links. Line breaks become <br>, blank lines new paragraphs, so what the member
 * typed keeps its shape; editing turns the stored HTML back into that text.
 */

export function textToPostHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
    .join('');
}

export function postHtmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n\n')
    .replace(/<\/?p>/gi, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** Wraps the selected part of the text in a formatting tag (the composer's Bold and Italic buttons). */
export function wrapSelection(
  text: string,
  start: number,
  end: number,
  tag: 'b' | 'i',
): { text: string; start: number; end: number } {
  const open = `<${tag}>`;
  const wrapped = `${text.slice(0, start)}${open}${text.slice(start, end)}</${tag}>${text.slice(end)}`;
  return { text: wrapped, start: start + open.length, end: end + open.length };
}
