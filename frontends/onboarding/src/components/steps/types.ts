import type { FieldErrors, WizardDraft } from '../../domain/wizard-rules.ts';

/** What every step receives from the wizard. */
export interface StepProps {
  draft: WizardDraft;
  update: (change: Partial<WizardDraft>) => void;
  /** Inline errors, shown once Continue was refused on this step. */
  errors: FieldErrors;
}
