import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_PRIVACY_SETTINGS,
  ProfileCompleted,
  ProfileUpdated,
  NotificationPreferencesChanged,
  withPreferenceDefaults,
  type CompleteOnboarding,
  type MyProfile,
  type OnboardingDraft,
  type OnboardingDraftData,
  type SaveOnboardingDraft,
  type UpdateMyProfile,
} from '@mer/contracts';
import { DomainError, notFound, type FieldProblem } from '@mer/service-runtime';
import { deleteDraft, findDraft, syncPractices, upsertDraft } from '../db/onboarding.repository.ts';
import {
  findProfile,
  findProfileForUpdate,
  ownsPhoto,
  updateProfileFields,
  type ProfileChanges,
} from '../db/profiles.repository.ts';
import { findMemberPhoto } from '../db/photos.repository.ts';
import { findActivePracticesByNames } from '../db/reference.repository.ts';
import type { OnboardingDraftRow } from '../db/tables.ts';
import type { ProfileOnboardingDeps, ProfileOnboardingTx } from '../deps.ts';
import {
  TEXTS,
  checkProfileFields,
  cleanText,
  isValidBirthDate,
  isValidBirthTime,
  normaliseInterests,
  normaliseLanguageIds,
  photoIdOf,
  sanitiseProfileText,
} from '../domain/profile-rules.ts';
import { chartOfBirthData, removeChart, writeChart } from './charts.ts';
import { lockLiveMember } from './live-member.ts';
import { discoveryFields, publicFields } from './profile-events.ts';
import { suggestUnknownInterests } from './interest-suggestions.ts';
import { profileView } from './my-profile.ts';
import { switchProfilePhoto } from './photos.ts';
import type { ReferenceData } from './reference-data.ts';
import { reportTextThreats } from './security-events.ts';

type Deps = Pick<ProfileOnboardingDeps, 'db' | 'transaction' | 'reference'>;

function invalid(problems: FieldProblem[]): DomainError {
  return new DomainError('invalid_data', { message: problems[0]!.message, fields: problems });
}

// ---- drafts ---------------------------------------------------------------------------------

function toDraft(row: OnboardingDraftRow): OnboardingDraft {
  return {
    step: row.step,
    startedAt: row.started_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    data: row.data as OnboardingDraftData,
  };
}

/** The saved wizard progress; null (not an error) while the member has saved none. */
export async function getDraft(
  { db }: Pick<ProfileOnboardingDeps, 'db'>,
  userId: string,
): Promise<OnboardingDraft | null> {
  const row = await findDraft(db, userId);
  return row ? toDraft(row) : null;
}

/** Saves the wizard's progress as sent (sizes bounded by the contract); the newest save wins. */
export async function saveDraft(
  deps: Pick<ProfileOnboardingDeps, 'transaction'>,
  userId: string,
  body: SaveOnboardingDraft,
): Promise<OnboardingDraft> {
  const startedAt = new Date(body.startedAt);
  const now = new Date();
  const row = await deps.transaction(async (tx) => {
    // A draft holds personal data (name, bio, birth data): never one for an erased member.
    await lockLiveMember(tx, userId);
    // A start in the future (clock skew) reads as now: the 10-minute saved-progress rule stays sane.
    return upsertDraft(tx.trx, {
      userId,
      step: body.step,
      data: body.data,
      startedAt: startedAt.getTime() > now.getTime() ? now : startedAt,
      updatedAt: now,
    });
  });
  return toDraft(row);
}

export async function removeDraft({ db }: Pick<ProfileOnboardingDeps, 'db'>, userId: string): Promise<void> {
  await deleteDraft(db, userId);
}

// ---- shared rules for completion and edits --------------------------------------------------

interface CheckedFields {
  changes: ProfileChanges;
  /** Interests that name no practice: they become suggestions. */
  interests: string[];
}

async function checkFields(
  deps: Deps,
  userId: string,
  raw: { name?: string; bio?: string; cityId?: string; languageIds?: string[]; interests?: string[] },
  extra: FieldProblem[] = [],
): Promise<CheckedFields> {
  const text = sanitiseProfileText(raw);
  await reportTextThreats(deps, userId, text.threats);
  const input = text.input;
  const names = await deps.reference.languageNames();
  const refused = new Set(text.problems.map((problem) => problem.field));
  const problems = [
    ...text.problems,
    ...checkProfileFields(input, {
      cityExists: (id) => deps.reference.cities.byId(id) !== undefined,
      languageExists: (id) => names.has(id),
    }).filter((problem) => !refused.has(problem.field)),
    ...extra,
  ];
  if (problems.length) throw invalid(problems);
  const changes: ProfileChanges = {};
  if (input.name !== undefined) changes.name = cleanText(input.name);
  if (input.bio !== undefined) changes.bio = cleanText(input.bio);
  if (input.cityId !== undefined) {
    const city = deps.reference.cities.byId(input.cityId.trim())!;
    changes.cityId = city.id;
    changes.location = city.label;
  }
  if (input.languageIds !== undefined) changes.languagesSpoken = normaliseLanguageIds(input.languageIds);
  const interests = input.interests !== undefined ? normaliseInterests(input.interests) : [];
  if (input.interests !== undefined) changes.interests = interests;
  return { changes, interests };
}

/**
 * The interests that name practices become the member's active practices (source 'onboarding' at
 * completion, 'profile' for later edits); the others become the member's pending suggestions.
 */
async function linkInterests(
  tx: ProfileOnboardingTx,
  userId: string,
  interests: string[],
  source: 'onboarding' | 'profile',
): Promise<void> {
  const practices = await findActivePracticesByNames(tx.trx, interests);
  await syncPractices(
    tx.trx,
    userId,
    practices.map((p) => p.id),
    source,
  );
  const known = new Set(practices.map((p) => p.name.toLowerCase()));
  await suggestUnknownInterests(
    tx,
    userId,
    interests.filter((name) => !known.has(name.toLowerCase())),
  );
}

// ---- completion ------------------------------------------------------------------------------

function checkCosmic(
  reference: ReferenceData,
  cosmic: CompleteOnboarding['cosmic'],
): {
  problems: FieldProblem[];
  changes?: ProfileChanges['cosmic'];
} {
  if (!cosmic) {
    // "No" on the cosmic step clears birth data and results (spec 000 section 4 "Cosmic step").
    return {
      problems: [],
      changes: {
        birthDate: null,
        birthTime: null,
        birthLocation: null,
        birthLatitude: null,
        birthLongitude: null,
        sunSign: null,
        moonSign: null,
        risingSign: null,
        humanDesignType: null,
        humanDesignStrategy: null,
        humanDesignAuthority: null,
        humanDesignProfile: null,
      },
    };
  }
  const problems: FieldProblem[] = [];
  if (!isValidBirthDate(cosmic.birthDate))
    problems.push({ field: 'body.cosmic.birthDate', message: TEXTS.birthDateInvalid });
  const birthTime = cosmic.birthTime?.trim() ? cosmic.birthTime.trim() : null;
  if (birthTime !== null && !isValidBirthTime(birthTime))
    problems.push({ field: 'body.cosmic.birthTime', message: TEXTS.birthTimeInvalid });
  const city = reference.cities.byId(cosmic.cityId.trim());
  if (!city) problems.push({ field: 'body.cosmic.cityId', message: TEXTS.cityFromList });
  if (!cleanText(cosmic.sunSign))
    problems.push({ field: 'body.cosmic.sunSign', message: 'Sun sign is required' });
  if (problems.length || !city) return { problems };
  const hd = cosmic.humanDesign;
  const text = (v: string | null) => (v === null ? null : cleanText(v) || null);
  return {
    problems,
    changes: {
      birthDate: cosmic.birthDate,
      birthTime,
      birthLocation: city.label,
      birthLatitude: city.latitude,
      birthLongitude: city.longitude,
      sunSign: text(cosmic.sunSign),
      moonSign: text(cosmic.moonSign),
      risingSign: text(cosmic.risingSign),
      humanDesignType: hd ? text(hd.type) : null,
      humanDesignStrategy: hd ? text(hd.strategy) : null,
      humanDesignAuthority: hd ? text(hd.authority) : null,
      humanDesignProfile: hd ? text(hd.profile) : null,
    },
  };
}

/**
 * The wizard's Complete, in one transaction: the profile with onboarding_completed, its practices
 * linked, custom interests suggested, the draft deleted and profile.completed published.
 */
export async function completeOnboarding(
  deps: Deps,
  userId: string,
  body: CompleteOnboarding,
): Promise<MyProfile> {
  const extra: FieldProblem[] = [];
  const imageUrl = body.imageUrl.trim();
  const photoId = photoIdOf(imageUrl);
  if (!imageUrl) extra.push({ field: 'body.imageUrl', message: TEXTS.photoRequired });
  else if (!photoId) extra.push({ field: 'body.imageUrl', message: TEXTS.photoNotYours });
  if (body.termsAccepted !== true) extra.push({ field: 'body.termsAccepted', message: TEXTS.termsRequired });
  const cosmic = checkCosmic(deps.reference, body.cosmic);
  extra.push(...cosmic.problems);
  const checked = await checkFields(
    deps,
    userId,
    {
      name: body.name,
      bio: body.bio,
      cityId: body.cityId,
      languageIds: body.languageIds,
      interests: body.interests,
    },
    extra,
  );
  // Until the photo pipeline's table exists (migration 0003) the URL's shape is all we can check.
  if (photoId && (await ownsPhoto(deps.db, userId, photoId)) === false) {
    throw invalid([{ field: 'body.imageUrl', message: TEXTS.photoNotYours }]);
  }

  // The bodygraph on the member's profile needs the whole chart, which the browser does not send.
  const birth = cosmic.changes;
  const chart =
    birth?.birthDate && birth.birthLatitude !== null && birth.birthLongitude !== null
      ? chartOfBirthData(
          userId,
          {
            birthDate: birth.birthDate,
            birthTime: birth.birthTime,
            latitude: birth.birthLatitude,
            longitude: birth.birthLongitude,
            label: birth.birthLocation ?? '',
          },
          new Date(),
        )
      : null;

  const row = await deps.transaction(async (tx) => {
    // The member's lock first: an account deletion handled meanwhile deletes the practices and suggestions
    // written here too, or has happened already (then there is no profile: 404).
    await tx.members.lock(userId);
    const current = await findProfileForUpdate(tx.trx, userId);
    if (!current) throw notFound();
    // Locked: the clean-up of replaced photos cannot take it away before this commits.
    if (photoId && !(await findMemberPhoto(tx.trx, userId, photoId, { forUpdate: true })))
      throw invalid([{ field: 'body.imageUrl', message: TEXTS.photoNotYours }]);
    const completedAt = new Date();
    const updated = await updateProfileFields(
      tx.trx,
      userId,
      {
        ...checked.changes,
        imageUrl,
        onboardingCompleted: true,
        ...(cosmic.changes ? { cosmic: cosmic.changes } : {}),
      },
      completedAt,
    );
    // A stored chart always belongs to the birth data just given ("no" or a failed calculation: none).
    if (chart) await writeChart(tx, chart);
    else await removeChart(tx, userId);
    await switchProfilePhoto(tx, userId, current.image_url, imageUrl);
    await linkInterests(tx, userId, checked.interests, 'onboarding');
    await deleteDraft(tx.trx, userId);
    // The stored chart's signs replace the ones the browser sent.
    const completed = chart ? ((await findProfile(tx.trx, userId)) ?? updated!) : updated!;
    await tx.publish(ProfileCompleted, {
      ...publicFields(completed),
      discovery: await discoveryFields(deps, tx, completed),
      completedAt: completedAt.toISOString(),
    });
    return completed;
  });
  return profileView(deps, row);
}

// ---- settings edit ---------------------------------------------------------------------------

export const OTHER_PROFILE_TEXT = 'Cannot update other users profiles';

/**
 * Settings' profile edit with the wizard's rules. The member is the token's subject; a body naming
 * someone else is refused. Concurrent edits of one member apply one after another (row lock), each
 * changing only its own fields, so two PATCHes both apply, and the later wins on a shared field.
 */
export async function updateMyProfile(
  deps: Deps,
  userId: string,
  body: UpdateMyProfile & { userId?: unknown },
): Promise<MyProfile> {
  if (body.userId !== undefined && body.userId !== userId) {
    throw new DomainError('permission_denied', { message: OTHER_PROFILE_TEXT });
  }
  const checked = await checkFields(deps, userId, body);
  const row = await deps.transaction(async (tx) => {
    // As at completion: the member's lock, then the profile row's.
    await tx.members.lock(userId);
    const current = await findProfileForUpdate(tx.trx, userId);
    if (!current) throw notFound();
    // Taken once the row is ours: the edit that commits last carries the newest updatedAt.
    const at = new Date();
    const changes: ProfileChanges = { ...checked.changes };
    if (body.notificationPreferences) {
      changes.notificationPreferences = {
        ...withPreferenceDefaults(DEFAULT_NOTIFICATION_PREFERENCES, current.notification_preferences),
        ...body.notificationPreferences,
      };
    }
    if (body.privacySettings) {
      changes.privacySettings = {
        ...withPreferenceDefaults(DEFAULT_PRIVACY_SETTINGS, current.privacy_settings),
        ...body.privacySettings,
      };
    }
    const updated = await updateProfileFields(tx.trx, userId, changes, at);
    if (body.interests !== undefined) await linkInterests(tx, userId, checked.interests, 'profile');
    await tx.publish(ProfileUpdated, {
      ...publicFields(updated!),
      discovery: await discoveryFields(deps, tx, updated!),
      updatedAt: at.toISOString(),
    });
    // notifications-email keeps a copy of the preferences to decide what to notify and e-mail.
    if (changes.notificationPreferences) {
      await tx.publish(NotificationPreferencesChanged, {
        userId,
        preferences: changes.notificationPreferences,
        changedAt: at.toISOString(),
      });
    }
    return updated!;
  });
  return profileView(deps, row);
}
