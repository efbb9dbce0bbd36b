/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { PHOTO_FIXTURES } from './fixtures.ts';
import { api, newMember, signUpViaApi, type MerUnderTest, type TestMember } from './web.ts';

/** Journeys of signed-in members (people pages): set up through the API, then driven in the browser. */

const PROFILE = '/api/v1/profile-onboarding';

export async function logInViaForm(page: Page, mer: MerUnderTest, identifier: string, password: string) {
  await page.goto(`${mer.url}/login`);
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/**
 * Signs up and completes onboarding through the API, as the wizard does: sign-up, the astronaut fixture
 * uploaded to `POST photos` (one face), then `POST onboarding/complete`. `auth` is the member's bearer header.
 */
export async function onboardedMember(
  mer: MerUnderTest,
  prefix: string,
): Promise<TestMember & { auth: Record<string, string> }> {
  const member = newMember(prefix);
  await signUpViaApi(mer, member);
  const login = await api(mer.url, 'POST', '/api/v1/identity/sessions', {
    identifier: member.email,
    password: member.password,
  });
  expect(login.status).toBe(200);
  const auth = { authorization: `Bearer ${login.json.accessToken}` };

  await completeOnboardingViaApi(mer, auth, member.name);
  return { ...member, auth };
}

/**
 * Completes onboarding for an account that is signed in (`auth`), as the wizard does: the astronaut fixture as the
 * profile photo, Lisbon, English, Meditation. Used for new members and for the bootstrap admin.
 */
export async function completeOnboardingViaApi(
  mer: MerUnderTest,
  auth: Record<string, string>,
  name: string,
): Promise<void> {
  const photo = await fetch(`${mer.url}${PROFILE}/photos`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'image/png' },
    body: await readFile(`${PHOTO_FIXTURES ?? ''}/astronaut.png`),
  });
  expect(photo.status).toBe(201);
  const { imageUrl } = (await photo.json()) as { imageUrl: string };

  const cities = await api(mer.url, 'GET', `${PROFILE}/cities?q=Lisbon`, undefined, auth);
  const languages = await api(mer.url, 'GET', `${PROFILE}/languages`, undefined, auth);
  const english = languages.json.languages.find((l: { name: string }) => l.name === 'English');
  const completed = await api(
    mer.url,
    'POST',
    `${PROFILE}/onboarding/complete`,
    {
      name,
      bio: 'Morning meditator, happiest by the sea.',
      cityId: cities.json.cities[0].id,
      languageIds: [english.id],
      interests: ['Meditation'],
      imageUrl,
      termsAccepted: true,
      cosmic: null,
    },
    auth,
  );
  expect(completed.status).toBe(200);
}
