import type { Locator, Page } from 'playwright-core';

/**
 * The chart result cards (profile-forms' ChartResultCards, in the wizard and in Settings) by their label: Sun,
 * Moon, Rising, Type, Strategy, Authority, Profile.
 */
export async function resultCards(scope: Page | Locator): Promise<Record<string, string>> {
  return scope.getByTestId('chart-results').evaluate((root) => {
    const cards: Record<string, string> = {};
    for (const li of Array.from(root.querySelectorAll('section li'))) {
      const [label, value] = Array.from(li.querySelectorAll('p'));
      if (label && value) cards[label.textContent ?? ''] = value.textContent ?? '';
    }
    for (const row of Array.from(root.querySelectorAll('section dl > div')))
      cards[row.querySelector('dt')?.textContent ?? ''] = row.querySelector('dd')?.textContent ?? '';
    return cards;
  });
}
