import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cx } from '../class-names.ts';
import { CloseIcon } from '../icons.tsx';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons shown at the bottom. */
  footer?: ReactNode;
  className?: string;
  /** Hide the close (×) button, e.g. when the footer offers the only ways out. */
  hideCloseButton?: boolean;
}

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, closes on Escape and restores focus
 * to the opener, so keyboard and screen-reader behaviour is right without extra code.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  className,
  hideCloseButton,
}: DialogProps) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const descriptionId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className={cx(
        'm-auto w-[min(92vw,28rem)] rounded-[var(--radius-card)] bg-white p-0 text-ink-900 shadow-lift open:animate-fade-in',
        className,
      )}
    >
      <div className="p-6 sm:p-7">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-semibold text-ink-900">
            {title}
          </h2>
          {hideCloseButton ? null : (
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="-mr-2 -mt-1 grid size-9 shrink-0 place-items-center rounded-full text-ink-500 hover:bg-sand-100 hover:text-ink-800"
            >
              <CloseIcon className="size-5" />
            </button>
          )}
        </div>
        {description ? (
          <p id={descriptionId} className="mt-2 text-[0.95rem] leading-relaxed text-ink-600">
            {description}
          </p>
        ) : null}
        {children ? <div className="mt-4">{children}</div> : null}
        {footer ? <div className="mt-6 flex flex-wrap justify-end gap-3">{footer}</div> : null}
      </div>
    </dialog>
  );
}

/** Opens and closes a native dialog as a modal when `open` changes. */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
