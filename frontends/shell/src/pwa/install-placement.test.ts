import { describe, expect, it } from 'vitest';
import { formInProgress, installPromptPlacement, type PageLike } from './install-placement.ts';

/**
 * A tiny page model (the front-end unit tests run without a DOM): controls with a tag, a type, a value and
 * whether they sit in a form. The browser journey (e2e/web-access.test.ts) checks the real page.
 */
interface FakeControl {
  tag: 'input' | 'textarea' | 'button';
  type?: string;
  value?: string;
  inForm: boolean;
}
function page(controls: FakeControl[], focused?: FakeControl): PageLike {
  const like = (c: FakeControl) => ({
    value: c.value ?? '',
    closest: (sel: string) => (sel === 'form' && c.inForm ? {} : null),
    matches: (sel: string) =>
      c.tag === 'textarea'
        ? sel.includes('textarea')
        : c.tag === 'input' &&
          (c.type === undefined ? sel.includes('input:not([type])') : sel.includes(`input[type=${c.type}]`)),
  });
  return {
    activeElement: focused ? like(focused) : null,
    querySelectorAll: () =>
      controls
        .filter((c) => c.inForm)
        .map(like)
        .filter((c) => c.matches(sel)),
  };
}
const sel = 'input:not([type]), input[type=text], input[type=email], input[type=password], textarea';

describe('install offer: not on forms in progress (issue 13 item 4)', () => {
  it('a page without a form, or with an untouched one, is not in progress', () => {
    expect(formInProgress(page([{ tag: 'button', inForm: false }]))).toBe(false);
    expect(
      formInProgress(
        page([
          { tag: 'input', inForm: true },
          { tag: 'input', type: 'password', inForm: true },
        ]),
      ),
    ).toBe(false);
  });

  it('typing in a form, or having typed into one, is in progress', () => {
    const email: FakeControl = { tag: 'input', type: 'email', inForm: true };
    expect(formInProgress(page([email], email))).toBe(true);
    expect(formInProgress(page([{ tag: 'input', inForm: true, value: 'River' }]))).toBe(true);
    expect(formInProgress(page([{ tag: 'textarea', inForm: true, value: 'Hello' }]))).toBe(true);
  });

  it('a focused checkbox, blank spaces, or a search field outside any form are not a form in progress', () => {
    const remember: FakeControl = { tag: 'input', type: 'checkbox', inForm: true };
    expect(formInProgress(page([remember], remember))).toBe(false);
    expect(formInProgress(page([{ tag: 'input', inForm: true, value: '   ' }]))).toBe(false);
    const search: FakeControl = { tag: 'input', inForm: false, value: 'yoga' };
    expect(formInProgress(page([search], search))).toBe(false);
  });
});

describe('install offer placement: never over the primary action (issue 13 item 4)', () => {
  it('phones and tablets get it in the page flow; large screens a corner card', () => {
    expect(installPromptPlacement({ isMobile: true, sizeClass: 'xs' })).toBe('inline');
    expect(installPromptPlacement({ isMobile: false, sizeClass: 'md' })).toBe('inline');
    expect(installPromptPlacement({ isMobile: true, sizeClass: 'lg' })).toBe('inline');
    expect(installPromptPlacement({ isMobile: false, sizeClass: 'lg' })).toBe('floating');
    expect(installPromptPlacement({ isMobile: false, sizeClass: 'xl' })).toBe('floating');
  });
});
