import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { SafeHtml } from './SafeHtml.tsx';

function rendered(html: string): HTMLElement {
  return render(<SafeHtml html={html} />).container.firstElementChild as HTMLElement;
}

describe('SafeHtml: stored member HTML shown from an allow-list', () => {
  it('keeps the allowed formatting and safe links', () => {
    const el = rendered(
      '<p><b>bold</b> <i>it</i> <em>em</em> <strong>s</strong><br><a href="https://example.org/x">link</a></p>',
    );
    expect(el.innerHTML).toBe(
      '<p><b>bold</b> <i>it</i> <em>em</em> <strong>s</strong><br><a href="https://example.org/x" rel="noopener noreferrer nofollow ugc" target="_blank" class="text-sage-700 underline underline-offset-2">link</a></p>',
    );
  });

  it('shows anything else only as text, never as elements or handlers', () => {
    const el = rendered(
      '<img src=x onerror="window.__x=1"><b onclick="alert(1)">kept</b><script>alert(1)</script><svg onload=alert(1)><a href="javascript:alert(1)">js</a><a href="data:text/html,x">data</a><iframe src="https://evil.example"></iframe>',
    );
    expect(el.innerHTML).toBe('<b>kept</b>jsdata');
    expect(el.querySelectorAll('[onclick],[onerror],[onload],script,img,svg,iframe')).toHaveLength(0);
  });

  it('keeps escaped markup as the text it is', () => {
    expect(rendered('&lt;script&gt;alert(1)&lt;/script&gt;').textContent).toBe('<script>alert(1)</script>');
  });
});
