import { useId, type ReactNode } from 'react';
import { cx } from '../class-names.ts';
import { CloseIcon } from '../icons.tsx';
import { useModalDialog } from './Dialog.tsx';

export interface BottomSheetProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A modal sheet that slides up from the bottom of the screen (mobile menus and pickers). */
export function BottomSheet({ open, onClose, title, children, className }: BottomSheetProps) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className={cx(
        'fixed inset-x-0 bottom-0 top-auto m-0 max-h-[85dvh] w-full max-w-none rounded-t-[1.75rem] bg-white p-0 text-ink-900',
        'shadow-lift open:animate-slide-up',
        className,
      )}
    >
      <div className="px-5 pt-3 pb-[max(1.25rem,env(safe-area-inset-bottom))]">
        <div aria-hidden="true" className="mx-auto mb-3 h-1.5 w-10 rounded-full bg-sand-300" />
        <div className="mb-2 flex items-center justify-between">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="grid size-10 place-items-center rounded-full text-ink-500 hover:bg-sand-100"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
