import { uploadProfilePhoto } from '@mer/profile-forms';
import { useMutation } from '@mer/server-state';
import { setMyPhoto } from './profile.ts';

/**
 * Settings → Photo: uploads the cropped photo (the upload retries by itself, see profile-forms), then makes it
 * the profile photo; the answer is the new photo's address.
 */
export function useChangeProfilePhoto() {
  return useMutation({
    mutationFn: async ({ image, onProgress }: { image: Blob; onProgress: (percent: number) => void }) => {
      const uploaded = await uploadProfilePhoto(image, { onProgress });
      return setMyPhoto(uploaded.photoId);
    },
    retry: false,
  });
}
