import { uploadProfilePhoto } from '@mer/profile-forms';
import { useMutation } from '@mer/server-state';

/** The wizard's Profile Picture step: uploads the cropped photo (the upload retries by itself: profile-forms). */
export function useUploadPhoto() {
  return useMutation({
    mutationFn: ({ image, onProgress }: { image: Blob; onProgress: (percent: number) => void }) =>
      uploadProfilePhoto(image, { onProgress }),
    retry: false,
  });
}
