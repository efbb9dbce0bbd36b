import type { OnboardingDraft, OnboardingDraftData } from '@mer/contracts';
import { LAST_STEP, emptyDraft, type WizardDraft } from './wizard-rules.ts';

/** The wizard's saved state: the same shape in local storage and on the server. */
export interface SavedWizard {
  step: number;
  startedAt: string;
  updatedAt: string;
  data: WizardDraft;
}

/** A draft from storage or the server (fields may be missing or of old shapes) as a complete wizard draft. */
export function toSavedWizard(
  raw: OnboardingDraft | null | undefined,
  defaults: { name: string; username: string },
): SavedWizard | null {
  if (!raw || typeof raw !== 'object' || typeof raw.startedAt !== 'string') return null;
  const data: Record<string, unknown> = { ...emptyDraft(defaults.name, defaults.username) };
  for (const [key, value] of Object.entries(raw.data ?? {})) {
    if (value !== undefined && key in data) data[key] = value;
  }
  const step = Number.isInteger(raw.step) ? Math.min(Math.max(raw.step, 0), LAST_STEP) : 0;
  return {
    step,
    startedAt: raw.startedAt,
    updatedAt: typeof raw.updatedAt === 'string' ? raw.updatedAt : raw.startedAt,
    data: data as unknown as WizardDraft,
  };
}

/** What the server stores: empty texts and unset values are left out (every field is optional there). */
export function toDraftData(draft: WizardDraft): OnboardingDraftData {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft)) {
    if (value === '' || value === null || value === undefined) continue;
    out[key] = value;
  }
  return out as OnboardingDraftData;
}
