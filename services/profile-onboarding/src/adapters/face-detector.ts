import { Worker } from 'node:worker_threads';
import { DomainError } from '@mer/service-runtime';

/** Decoded RGB pixels (3 bytes a pixel, row by row). */
export interface RgbImage {
  pixels: Buffer;
  width: number;
  height: number;
}

export interface FaceDetector {
  countFaces(image: RgbImage): Promise<number>;
  close(): Promise<void>;
}

interface Job {
  id: number;
  resolve(count: number): void;
  reject(err: Error): void;
}

interface PoolWorker {
  worker: Worker;
  /** Jobs sent to this worker and not answered yet. */
  pending: Map<number, Job>;
}

const workerUrl = new URL('./face-detector.worker.mjs', import.meta.url);

/**
 * Face detection in a pool of worker threads, started on first use: each worker loads the model
 * once and serves many photos. A job goes to the worker with the fewest pending jobs; a worker
 * that dies fails its jobs and is replaced on the next call; a full queue turns uploads away.
 */
export class WorkerFaceDetector implements FaceDetector {
  private readonly workers: (PoolWorker | undefined)[];
  private nextId = 1;
  private closed = false;

  /**
   * @param size worker threads (each loads the model once)
   * @param maxPendingPerWorker photos waiting per worker before uploads are turned away (429,
   *   retryable): each waiting photo holds its decoded pixels, and a long queue only adds latency.
   */
  constructor(
    size: number,
    private readonly maxPendingPerWorker = 16,
  ) {
    this.workers = new Array<PoolWorker | undefined>(Math.max(1, size)).fill(undefined);
  }

  countFaces(image: RgbImage): Promise<number> {
    if (this.closed) return Promise.reject(new Error('face detector closed'));
    const target = this.leastBusy();
    if (target.pending.size >= this.maxPendingPerWorker) {
      return Promise.reject(new DomainError('too_many_requests', { retryAfterSeconds: 2 }));
    }
    const id = this.nextId++;
    // A copy the worker owns: sharp's output may share memory we must not detach.
    const pixels = image.pixels.buffer.slice(
      image.pixels.byteOffset,
      image.pixels.byteOffset + image.pixels.length,
    );
    return new Promise<number>((resolve, reject) => {
      target.pending.set(id, { id, resolve, reject });
      target.worker.ref();
      target.worker.postMessage({ id, pixels, width: image.width, height: image.height }, [
        pixels as ArrayBuffer,
      ]);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const running = this.workers.filter((w): w is PoolWorker => w !== undefined);
    this.workers.fill(undefined);
    await Promise.all(running.map((w) => w.worker.terminate()));
  }

  private leastBusy(): PoolWorker {
    let best: PoolWorker | undefined;
    for (let i = 0; i < this.workers.length; i++) {
      const current = this.workers[i] ?? (this.workers[i] = this.spawn(i));
      if (!best || current.pending.size < best.pending.size) best = current;
    }
    return best!;
  }

  private spawn(slot: number): PoolWorker {
    const entry: PoolWorker = { worker: new Worker(workerUrl), pending: new Map() };
    const failAll = (err: Error) => {
      for (const job of entry.pending.values()) job.reject(err);
      entry.pending.clear();
      if (this.workers[slot] === entry) this.workers[slot] = undefined;
    };
    entry.worker.on(
      'message',
      (msg: { id?: number; faceCount?: number; error?: string; ready?: boolean }) => {
        if (msg.ready === false) return failAll(new Error(`face model failed to load: ${msg.error}`));
        if (msg.id === undefined) return;
        const job = entry.pending.get(msg.id);
        if (!job) return;
        entry.pending.delete(msg.id);
        if (entry.pending.size === 0) entry.worker.unref();
        if (msg.error !== undefined) job.reject(new Error(`face detection failed: ${msg.error}`));
        else job.resolve(msg.faceCount ?? 0);
      },
    );
    entry.worker.on('error', failAll);
    entry.worker.on('exit', (code) => failAll(new Error(`face detection worker exited (${code})`)));
    // An idle pool must not keep a stopping process alive (referenced again while it has jobs).
    entry.worker.unref();
    return entry;
  }
}
