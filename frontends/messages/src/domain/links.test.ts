import { describe, expect, it } from 'vitest';
import { linkSegments } from './links.ts';

describe('links in a message', () => {
  it('makes web and e-mail addresses clickable and leaves the rest as text', () => {
    expect(linkSegments('See https://mer.example/events/1, or write to guide@mer.org.')).toEqual([
      { text: 'See ' },
      { text: 'https://mer.example/events/1', href: 'https://mer.example/events/1' },
      { text: ', or write to ' },
      { text: 'guide@mer.org', href: 'mailto:guide@mer.org' },
      { text: '.' },
    ]);
    expect(linkSegments('www.example.org')).toEqual([
      { text: 'www.example.org', href: 'http://www.example.org' },
    ]);
  });

  it('never links other schemes', () => {
    expect(linkSegments('javascript:alert(1)').every((s) => !s.href)).toBe(true);
    expect(linkSegments('plain words')).toEqual([{ text: 'plain words' }]);
  });
});
