import '../styles.css';
import { useRef, useState } from 'react';
import type { Album } from '@mer/contracts';
import { describeError, useSessionStore } from '@mer/api-client';
import { useSearchParams } from '@mer/router';
import {
  Alert,
  ArrowLeftIcon,
  Button,
  Card,
  PagePlaceholder,
  PlusSquareIcon,
  TextField,
  toast,
} from '@mer/design-system';
import { uploadFeedPhoto } from '../api/feed.ts';
import { useAddAlbumPhoto, useAlbum, useAlbums, useCreateAlbum } from '../api/media.ts';
import { PhotoGallery } from '../components/PhotoGallery.tsx';
import { photoPickProblem } from '../domain/photo-picks.ts';

function NewAlbumForm({ onCreated }: { onCreated: (album: Album) => void }) {
  const [title, setTitle] = useState('');
  const create = useCreateAlbum();
  return (
    <Card tone="white" padding="md">
      <form
        aria-label="Create an album"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (!title.trim()) return;
          create.mutate(
            { title: title.trim() },
            {
              onSuccess: (album) => {
                setTitle('');
                onCreated(album);
              },
              onError: (e) => toast({ tone: 'error', ...describeError(e) }),
            },
          );
        }}
      >
        <div className="flex-1">
          <TextField
            label="New album"
            placeholder="Full moon gathering"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={150}
          />
        </div>
        <Button type="submit" loading={create.isPending} disabled={!title.trim()}>
          Create album
        </Button>
      </form>
    </Card>
  );
}

function AddPhotosButton({ albumId }: { albumId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const add = useAddAlbumPhoto(albumId);
  const [busy, setBusy] = useState(false);
  async function addFiles(files: File[]) {
    setBusy(true);
    try {
      for (const file of files) {
        const problem = photoPickProblem(file, 0);
        if (problem) {
          toast({ tone: 'warning', title: problem });
          continue;
        }
        const photo = await uploadFeedPhoto(file);
        await add.mutateAsync({ photoId: photo.photoId });
      }
    } catch (error) {
      toast({ tone: 'error', ...describeError(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        multiple
        hidden
        data-testid="album-photos"
        onChange={(e) => {
          void addFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <Button
        variant="secondary"
        size="sm"
        icon={<PlusSquareIcon className="size-4" />}
        loading={busy}
        onClick={() => input.current?.click()}
      >
        Add photos
      </Button>
    </>
  );
}

function AlbumView({ albumId, onBack }: { albumId: string; onBack: () => void }) {
  const viewerId = useSessionStore((s) => s.user?.id);
  const album = useAlbum(albumId);
  if (album.isPending) return <PagePlaceholder />;
  if (album.isError)
    return (
      <Alert tone="error" title="We couldn't open this album">
        It may have been removed, or the link may be incomplete.
      </Alert>
    );
  const { album: a, photos } = album.data;
  return (
    <section aria-labelledby="album-title" className="flex flex-col gap-4">
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        icon={<ArrowLeftIcon className="size-4" />}
        onClick={onBack}
      >
        All albums
      </Button>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="album-title" className="font-display text-2xl text-ink-900">
            {a.title}
          </h2>
          <p className="text-sm text-ink-500">
            By {a.owner.name} · {a.photoCount === 1 ? '1 photo' : `${a.photoCount} photos`}
          </p>
          {a.description ? <p className="mt-1 text-ink-700">{a.description}</p> : null}
        </div>
        {a.owner.userId === viewerId ? <AddPhotosButton albumId={a.id} /> : null}
      </div>
      <PhotoGallery photos={photos} label={`Photos in ${a.title}`} />
    </section>
  );
}

/** Community albums (/albums): the list, one album with its photos (?album=id), and creating an album. */
export default function AlbumsPage() {
  const albums = useAlbums();
  const [params, setParams] = useSearchParams();
  const openAlbum = params.get('album');
  const open = (id: string | null) => setParams(id ? { album: id } : {});
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-5 sm:px-4 sm:py-8">
      <h1 className="font-display text-3xl text-ink-900">Albums</h1>
      {openAlbum ? (
        <AlbumView albumId={openAlbum} onBack={() => open(null)} />
      ) : (
        <>
          <NewAlbumForm onCreated={(album) => open(album.id)} />
          {albums.isPending ? (
            <PagePlaceholder />
          ) : albums.isError ? (
            <Alert tone="error" title="We couldn't load the albums">
              This might be due to a temporary connection issue.
            </Alert>
          ) : albums.data.albums.length === 0 ? (
            <p className="text-ink-600">No albums yet. Create the first one.</p>
          ) : (
            <ul aria-label="Albums" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {albums.data.albums.map((album) => (
                <li key={album.id}>
                  <button
                    type="button"
                    onClick={() => open(album.id)}
                    className="block w-full overflow-hidden rounded-[var(--radius-card)] bg-white text-left shadow-soft focus-visible:outline-2 focus-visible:outline-sage-500"
                  >
                    {album.coverUrl ? (
                      <img src={album.coverUrl} alt="" className="aspect-[4/3] w-full object-cover" />
                    ) : (
                      <div className="aspect-[4/3] w-full bg-sage-100" aria-hidden="true" />
                    )}
                    <span className="block px-3 pt-2 font-medium text-ink-900">{album.title}</span>
                    <span className="block px-3 pb-3 text-sm text-ink-500">
                      {album.owner.name} · {album.photoCount === 1 ? '1 photo' : `${album.photoCount} photos`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
