import { cx } from '../class-names.ts';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from '../icons.tsx';
import { useToastStore, type Toast } from './toast-store.ts';

const TONE_STYLES = {
  info: { ring: 'ring-ink-100', icon: 'text-ink-500 bg-ink-50', Icon: InfoIcon },
  success: { ring: 'ring-sage-200', icon: 'text-sage-700 bg-sage-50', Icon: CheckIcon },
  error: { ring: 'ring-clay-100', icon: 'text-clay-600 bg-clay-50', Icon: AlertIcon },
  warning: { ring: 'ring-gold-100', icon: 'text-gold-700 bg-gold-100', Icon: AlertIcon },
};

/**
 * Where toasts appear (top right). The shell renders it only on larger screens: the spec says toast areas
 * are not rendered on mobile, so pages must also show what matters inline.
 */
export function ToastArea() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed top-20 right-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-3"
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} onDismiss={() => dismiss(t.id)} />
      ))}
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const style = TONE_STYLES[toast.tone];
  return (
    <div
      role={toast.tone === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      className={cx(
        'pointer-events-auto flex animate-fade-in gap-3 rounded-2xl bg-white p-4 shadow-lift ring-1',
        style.ring,
      )}
    >
      <span className={cx('grid size-8 shrink-0 place-items-center rounded-full', style.icon)}>
        <style.Icon className="size-4.5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink-900">{toast.title}</p>
        {toast.description ? (
          <p className="mt-0.5 text-sm leading-relaxed text-ink-600">{toast.description}</p>
        ) : null}
        {toast.action ? (
          <button
            type="button"
            onClick={() => {
              toast.action!.onClick();
              onDismiss();
            }}
            className="mt-2 rounded-full bg-ink-800 px-3.5 py-1.5 text-sm font-semibold text-white hover:bg-ink-700"
          >
            {toast.action.label}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className="-mt-1 -mr-1 grid size-8 shrink-0 place-items-center rounded-full text-ink-400 hover:bg-sand-100 hover:text-ink-700"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}
