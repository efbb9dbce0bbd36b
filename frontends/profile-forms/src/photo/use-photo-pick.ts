import { useEffect, useRef, useState } from 'react';

/**
 * The first half of the photo flow shared by the wizard's Profile Picture step and Settings → Photo: a hidden
 * file input, the picked file's check, and the object URL the crop dialog shows (revoked when it changes or
 * the component goes). The upload after the crop stays with the caller (it owns the data access).
 */
export function usePhotoPick(accept: (file: File) => boolean) {
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);

  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);

  /** Empties the input, so picking the same file again is a change. */
  function resetInput() {
    if (input.current) input.current.value = '';
  }

  return {
    input,
    /** The picked photo's object URL while the crop dialog is open, else null. */
    source,
    choose: () => input.current?.click(),
    pick(file: File | undefined) {
      if (!file) return;
      if (!accept(file)) {
        resetInput();
        return;
      }
      setSource(URL.createObjectURL(file));
    },
    close() {
      setSource(null);
      resetInput();
    },
  };
}
