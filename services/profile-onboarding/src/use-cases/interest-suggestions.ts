import type { InterestSuggestion, Practice, ReviewedInterestSuggestion } from '@mer/contracts';
import { invalidData, notFound, DomainError } from '@mer/service-runtime';
import { addUserSuggestedPractice, findActivePracticeByName } from '../db/reference.repository.ts';
import {
  findSuggestionForUpdate,
  insertSuggestionIfAbsent,
  listSuggestions,
  recordReview,
} from '../db/suggestions.repository.ts';
import type { InterestSuggestionRow } from '../db/tables.ts';
import type { ProfileOnboardingDeps, ProfileOnboardingTx } from '../deps.ts';
import { cleanText, sanitiseProfileText } from '../domain/profile-rules.ts';
import { lockLiveMember } from './live-member.ts';
import { toPractice } from './reference-data.ts';
import { reportTextThreats } from './security-events.ts';

export function toSuggestion(row: InterestSuggestionRow): InterestSuggestion {
  return {
    id: row.id,
    suggestedName: row.suggested_name,
    status: row.status as InterestSuggestion['status'],
    createdAt: row.created_at.toISOString(),
  };
}

export function toReviewedSuggestion(row: InterestSuggestionRow): ReviewedInterestSuggestion {
  return {
    ...toSuggestion(row),
    userId: row.user_id,
    reviewedBy: row.reviewed_by,
    reviewedAt: row.reviewed_at ? row.reviewed_at.toISOString() : null,
    rejectionReason: row.rejection_reason,
  };
}

export type SuggestOutcome =
  | { kind: 'created'; suggestion: InterestSuggestion }
  | { kind: 'existing'; suggestion: InterestSuggestion }
  | { kind: 'practice'; practice: Practice };

/**
 * A custom interest: the practice when one has the name (case-insensitive), else the member's
 * pending suggestion (one per member and name).
 */
export async function suggestInterest(
  deps: Pick<ProfileOnboardingDeps, 'db' | 'transaction'>,
  userId: string,
  rawName: string,
): Promise<SuggestOutcome> {
  const text = sanitiseProfileText({ interests: [rawName] });
  await reportTextThreats(deps, userId, text.threats);
  if (text.problems[0]) throw invalidData('Invalid Data', text.problems[0].message, 'body.name');
  const name = text.input.interests![0]!;
  if (!name) throw invalidData('Invalid Data', 'Please enter an interest name', 'body.name');
  const practice = await findActivePracticeByName(deps.db, name);
  if (practice) return { kind: 'practice', practice: toPractice(practice) };
  const { row, created } = await deps.transaction(async (tx) => {
    await lockLiveMember(tx, userId);
    return insertSuggestionIfAbsent(tx.trx, userId, name);
  });
  return { kind: created ? 'created' : 'existing', suggestion: toSuggestion(row) };
}

/** Custom names of a completion or edit become suggestions in the caller's transaction. */
export async function suggestUnknownInterests(
  tx: ProfileOnboardingTx,
  userId: string,
  names: readonly string[],
): Promise<void> {
  for (const name of names) await insertSuggestionIfAbsent(tx.trx, userId, name);
}

export async function getSuggestions(
  { db }: Pick<ProfileOnboardingDeps, 'db'>,
  status: string | undefined,
): Promise<{ suggestions: ReviewedInterestSuggestion[] }> {
  return { suggestions: (await listSuggestions(db, status)).map(toReviewedSuggestion) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function alreadyReviewed(): DomainError {
  return new DomainError('duplicate_entry', {
    title: 'Already Reviewed',
    message: 'This suggestion has already been reviewed.',
  });
}

/** Approves a pending suggestion: its name joins the practices as 'user_suggested'. */
export async function approveSuggestion(
  deps: Pick<ProfileOnboardingDeps, 'transaction'>,
  id: string,
  reviewerId: string,
): Promise<{ suggestion: ReviewedInterestSuggestion; practice: Practice }> {
  if (!UUID.test(id)) throw notFound();
  return deps.transaction(async (tx) => {
    const suggestion = await findSuggestionForUpdate(tx.trx, id);
    if (!suggestion) throw notFound();
    if (suggestion.status !== 'pending') throw alreadyReviewed();
    const practice = await addUserSuggestedPractice(tx.trx, suggestion.suggested_name);
    const reviewed = await recordReview(tx.trx, id, {
      status: 'approved',
      reviewedBy: reviewerId,
      reviewedAt: new Date(),
      rejectionReason: null,
    });
    return { suggestion: toReviewedSuggestion(reviewed), practice: toPractice(practice) };
  });
}

/** Rejects a pending suggestion; the reason is required. */
export async function rejectSuggestion(
  deps: Pick<ProfileOnboardingDeps, 'transaction'>,
  id: string,
  reviewerId: string,
  rawReason: string,
): Promise<{ suggestion: ReviewedInterestSuggestion }> {
  const reason = cleanText(rawReason);
  if (!reason) throw invalidData('Invalid Data', 'Please give a reason for rejecting', 'body.reason');
  if (!UUID.test(id)) throw notFound();
  return deps.transaction(async (tx) => {
    const suggestion = await findSuggestionForUpdate(tx.trx, id);
    if (!suggestion) throw notFound();
    if (suggestion.status !== 'pending') throw alreadyReviewed();
    const reviewed = await recordReview(tx.trx, id, {
      status: 'rejected',
      reviewedBy: reviewerId,
      reviewedAt: new Date(),
      rejectionReason: reason,
    });
    return { suggestion: toReviewedSuggestion(reviewed) };
  });
}
