import { useCallback, useEffect, useRef, useState } from 'react';
import type { OnboardingDraft } from '@mer/contracts';
import { StorageKeys, readLocalJson, removeLocal, writeLocalJson } from '@mer/api-client';
import { deleteDraft, saveDraft, useOnboardingDraft } from '../api/profile.ts';
import { toDraftData, toSavedWizard, type SavedWizard } from '../domain/draft-storage.ts';
import { DRAFT_SYNC_DEBOUNCE_MS, emptyDraft, newerDraft, type WizardDraft } from '../domain/wizard-rules.ts';

export function draftKey(userId: string): string {
  return `${StorageKeys.onboardingUserPrefix}${userId}`;
}

function freshWizard(defaults: { name: string; username: string }): SavedWizard {
  const now = new Date().toISOString();
  return { step: 0, startedAt: now, updatedAt: now, data: emptyDraft(defaults.name, defaults.username) };
}

/** Removes the drafts everywhere (Start Fresh, completion). */
export async function clearDrafts(userId: string): Promise<void> {
  removeLocal(draftKey(userId));
  removeLocal(StorageKeys.onboardingStep);
  removeLocal(StorageKeys.onboardingData);
  await deleteDraft().catch(() => undefined);
}

function sendDraft(unsent: { current: SavedWizard | null }): void {
  const wizard = unsent.current;
  unsent.current = null;
  if (!wizard) return;
  void saveDraft({ step: wizard.step, startedAt: wizard.startedAt, data: toDraftData(wizard.data) }).catch(
    () => undefined,
  ); // the local copy still has it; the next change tries again
}

export interface WizardState {
  ready: boolean;
  /** What was found when the page opened (for the recovery screen). */
  restored: SavedWizard | null;
  wizard: SavedWizard;
  setStep: (step: number) => void;
  update: (change: Partial<WizardDraft>) => void;
  startFresh: () => void;
  /** Stops saving (completion): nothing waiting is sent any more. */
  stopSaving: () => void;
}

/**
 * The wizard's step and draft, saved at every change to local storage (per member) and, debounced about 1 s, to
 * the server, so the member can continue on another device. On open, the newer of the two is restored.
 */
export function useWizardState(userId: string, defaults: { name: string; username: string }): WizardState {
  const serverDraft = useOnboardingDraft();
  const [state, setState] = useState<{ restored: SavedWizard | null; wizard: SavedWizard } | null>(null);
  const dirty = useRef(false);

  // Decide once both sources have answered (a failed server read counts as "no server draft").
  useEffect(() => {
    if (state || serverDraft.isPending) return;
    const local = toSavedWizard(readLocalJson<OnboardingDraft>(draftKey(userId)), defaults);
    const remote = toSavedWizard(serverDraft.data ?? null, defaults);
    const restored = newerDraft(local, remote);
    setState({ restored, wizard: restored ?? freshWizard(defaults) });
  }, [state, serverDraft.isPending, serverDraft.data, userId, defaults]);

  const wizard = state?.wizard;
  const unsent = useRef<SavedWizard | null>(null);
  useEffect(() => {
    if (!wizard || !dirty.current) return;
    writeLocalJson(draftKey(userId), wizard);
    unsent.current = wizard;
    const timer = setTimeout(() => sendDraft(unsent), DRAFT_SYNC_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wizard, userId]);
  // Leaving the wizard (another page, Skip to Community) sends a change still waiting for its debounce.
  useEffect(() => () => sendDraft(unsent), []);

  const change = useCallback((next: (w: SavedWizard) => SavedWizard) => {
    dirty.current = true;
    setState((s) => (s ? { ...s, wizard: { ...next(s.wizard), updatedAt: new Date().toISOString() } } : s));
  }, []);

  return {
    ready: state !== null,
    restored: state?.restored ?? null,
    wizard: state?.wizard ?? freshWizard(defaults),
    setStep: useCallback((step: number) => change((w) => ({ ...w, step })), [change]),
    update: useCallback(
      (patch: Partial<WizardDraft>) => change((w) => ({ ...w, data: { ...w.data, ...patch } })),
      [change],
    ),
    stopSaving: useCallback(() => {
      dirty.current = false;
      unsent.current = null;
    }, []),
    startFresh: useCallback(() => {
      dirty.current = false;
      unsent.current = null;
      void clearDrafts(userId);
      setState((s) => (s ? { ...s, wizard: freshWizard(defaults) } : s));
    }, [userId, defaults]),
  };
}
