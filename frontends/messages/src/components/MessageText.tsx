import { linkSegments } from '../domain/links.ts';

/** A message body: plain text shown as typed, its links clickable (opened in a new tab, no referrer). */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {linkSegments(text).map((segment, i) =>
        segment.href ? (
          <a
            key={i}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline decoration-1 underline-offset-2"
          >
            {segment.text}
          </a>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </>
  );
}
