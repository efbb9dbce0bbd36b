import type { DeviceProfile } from '@mer/design-system';

/** Text-entry controls: what a person fills in (not buttons, checkboxes or hidden fields). */
const TEXT_ENTRY =
  'input:not([type]), input[type=text], input[type=email], input[type=password], input[type=search], input[type=tel], input[type=url], input[type=number], textarea';

/**
 * A form is in progress when the person is typing in one (focus in a text-entry control of a form) or has typed
 * something into one. The install offer waits until then (issue 13): it must not push or cover a form being filled.
 */
export function formInProgress(doc: PageLike): boolean {
  const active = doc.activeElement;
  if (active && active.closest('form') && active.matches(TEXT_ENTRY)) return true;
  for (const control of doc.querySelectorAll(`form :is(${TEXT_ENTRY})`)) {
    if ((control.value ?? '').trim() !== '') return true;
  }
  return false;
}

/** The part of the DOM `formInProgress` reads (a `Document` is one). */
export interface PageLike {
  readonly activeElement: ControlLike | null;
  querySelectorAll(selectors: string): Iterable<ControlLike>;
}
interface ControlLike {
  readonly value?: string | undefined;
  closest(selectors: string): unknown;
  matches(selectors: string): boolean;
}

/**
 * Where the install offer goes so that it never covers the page's primary action (issue 13):
 * - inline: in the page's flow, under the navigation bar, pushing the page down rather than lying over it. Phones
 *   and tablets, where a floating card or a bottom sheet would lie over the form's button.
 * - floating: a card in the bottom-left corner, from 1024 px, where pages keep their actions in the centre or on the
 *   right (the sign-up and login forms are the right-hand column; the landing's calls to action are above the fold).
 */
export function installPromptPlacement(
  device: Pick<DeviceProfile, 'isMobile' | 'sizeClass'>,
): 'inline' | 'floating' {
  return !device.isMobile && (device.sizeClass === 'lg' || device.sizeClass === 'xl') ? 'floating' : 'inline';
}
