import { useEffect, useId, useRef, useState } from 'react';
import { POST_MAX_PHOTOS, type PostTopic, type PostVisibility } from '@mer/contracts';
import { describeError } from '@mer/api-client';
import { Button, Card, CloseIcon, PlusSquareIcon, cx, toast } from '@mer/design-system';
import { uploadFeedPhoto, useCreatePost } from '../api/feed.ts';
import { photoPickProblem } from '../domain/photo-picks.ts';
import { textToPostHtml } from '../domain/post-text.ts';
import { TOPICS } from '../domain/topics.ts';
import { FormattedTextArea } from './PostCard.tsx';

interface PickedPhoto {
  file: File;
  previewUrl: string;
}

const selectClassName =
  'min-h-10 rounded-full bg-white px-3 text-sm text-ink-800 ring-1 ring-inset ring-sand-300 focus-visible:outline-2 focus-visible:outline-sage-500';

/**
 * Sharing a post: text with light formatting, up to six photos with previews, a topic and who may see it. Photos
 * are uploaded when the member shares (then the post is created with their ids), so nothing is stored for a post
 * that was never shared.
 */
export function Composer({ defaultTopic }: { defaultTopic: PostTopic | null }) {
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [topic, setTopic] = useState<PostTopic>(defaultTopic ?? 'general');
  const [visibility, setVisibility] = useState<PostVisibility>('all');
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreatePost();
  const topicId = useId();
  const visibilityId = useId();
  const photosRef = useRef(photos);
  photosRef.current = photos;

  useEffect(() => setTopic(defaultTopic ?? 'general'), [defaultTopic]);
  // Previews are object URLs: release them when the composer goes away.
  useEffect(() => () => photosRef.current.forEach((p) => URL.revokeObjectURL(p.previewUrl)), []);

  function addFiles(files: FileList | null) {
    const added: PickedPhoto[] = [];
    for (const file of Array.from(files ?? [])) {
      const problem = photoPickProblem(file, photos.length + added.length);
      if (problem) {
        toast({ tone: 'warning', title: problem });
        continue;
      }
      added.push({ file, previewUrl: URL.createObjectURL(file) });
    }
    setPhotos((current) => [...current, ...added]);
  }

  function removePhoto(index: number) {
    setPhotos((current) => {
      URL.revokeObjectURL(current[index]!.previewUrl);
      return current.filter((_, i) => i !== index);
    });
  }

  async function share() {
    setUploading(true);
    try {
      const photoIds: string[] = [];
      for (const photo of photos) photoIds.push((await uploadFeedPhoto(photo.file)).photoId);
      await create.mutateAsync({ content: textToPostHtml(text), topic, visibility, photoIds });
      photos.forEach((p) => URL.revokeObjectURL(p.previewUrl));
      setPhotos([]);
      setText('');
      toast({ tone: 'success', title: 'Your post is shared' });
    } catch (error) {
      toast({ tone: 'error', ...describeError(error) });
    } finally {
      setUploading(false);
    }
  }

  const busy = uploading || create.isPending;
  return (
    <Card tone="white" padding="md">
      <form
        aria-label="Share with the community"
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() || photos.length > 0) void share();
        }}
      >
        <FormattedTextArea
          label="What would you like to share?"
          placeholder="What would you like to share with the community?"
          value={text}
          onChange={setText}
        />
        {photos.length > 0 ? (
          <ul aria-label="Photos to share" className="grid grid-cols-3 gap-2">
            {photos.map((photo, index) => (
              <li key={photo.previewUrl} className="relative">
                <img
                  src={photo.previewUrl}
                  alt={`Photo ${index + 1}: ${photo.file.name}`}
                  className="aspect-square w-full rounded-xl object-cover"
                />
                <button
                  type="button"
                  onClick={() => removePhoto(index)}
                  aria-label={`Remove photo ${index + 1}`}
                  className="absolute top-1 right-1 grid size-8 place-items-center rounded-full bg-white/90 text-ink-800 shadow-soft"
                >
                  <CloseIcon className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple
            hidden
            data-testid="composer-photos"
            onChange={(event) => {
              addFiles(event.target.files);
              event.target.value = '';
            }}
          />
          <Button
            type="button"
            variant="secondary"
            size="sm"
            icon={<PlusSquareIcon className="size-4" />}
            disabled={photos.length >= POST_MAX_PHOTOS}
            onClick={() => fileInput.current?.click()}
          >
            Photos ({photos.length}/{POST_MAX_PHOTOS})
          </Button>
          <label htmlFor={topicId} className="sr-only">
            Topic
          </label>
          <select
            id={topicId}
            value={topic}
            onChange={(e) => setTopic(e.target.value as PostTopic)}
            className={selectClassName}
          >
            {TOPICS.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
          <label htmlFor={visibilityId} className="sr-only">
            Who can see it
          </label>
          <select
            id={visibilityId}
            value={visibility}
            onChange={(e) => setVisibility(e.target.value as PostVisibility)}
            className={selectClassName}
          >
            <option value="all">All members</option>
            <option value="connections">My connections</option>
          </select>
          <Button
            type="submit"
            size="sm"
            className={cx('ml-auto')}
            loading={busy}
            disabled={!text.trim() && photos.length === 0}
          >
            Share
          </Button>
        </div>
      </form>
    </Card>
  );
}
