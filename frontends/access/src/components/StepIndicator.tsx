import { cx } from '@mer/design-system';

export function StepIndicator({ step, total }: { step: number; total: number }) {
  return (
    <div className="flex items-center gap-3">
      <div className="flex gap-1.5" aria-hidden="true">
        {Array.from({ length: total }, (_, i) => (
          <span
            key={i}
            className={cx(
              'h-1.5 rounded-full transition-all',
              i < step ? 'w-8 bg-sage-500' : 'w-4 bg-sand-300',
            )}
          />
        ))}
      </div>
      <p className="text-sm font-medium text-ink-500">
        Step {step} of {total}
      </p>
    </div>
  );
}
