import { MEMBER_DATA_EXPORT_VERSION, memberDataExportParts, type MemberDataExportPart } from '@mer/contracts';
import { apiRequest, toApiError, type ApiError } from '@mer/api-client';

/**
 * "Download my data": every service's own export (the parts listed once in contracts), assembled into one JSON
 * file. A service added later lists its part in contracts and lands in the file with no change here.
 */

export interface MemberDataFile {
  about: { file: string; parts: Record<string, string> };
  format: 'mer-member-data';
  version: typeof MEMBER_DATA_EXPORT_VERSION;
  exportedAt: string;
  parts: Record<string, unknown>;
}

export interface MemberDataProgress {
  /** Parts received so far, of `total`. */
  done: number;
  total: number;
}

/** A part could not be fetched: no file is made, and the message says which part and why. */
export class MemberDataExportError extends Error {
  constructor(
    readonly service: string,
    readonly reason: ApiError,
  ) {
    super(`We could not collect your ${partLabel(service)} data: ${reason.message}`);
    this.name = 'MemberDataExportError';
  }
}

const PART_LABELS: Record<string, string> = {
  identity: 'account',
  'profile-onboarding': 'profile',
  billing: 'membership and payment',
  'notifications-email': 'e-mail',
};
const partLabel = (service: string) => PART_LABELS[service] ?? service;

export const MEMBER_DATA_ABOUT =
  'Everything MER holds about you, as each part of MER keeps it. Each entry of "parts" is one part of MER; ' +
  'times are UTC (ISO 8601) and amounts are euro cents. Passwords, tokens and other secrets are never included.';

/** The file's name for a day in the member's time zone: mer-data-2025-03-14.json. */
export function memberDataFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `mer-data-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

/** The file from every part's answer, in the order the parts are listed. */
export function assembleMemberDataFile(
  parts: readonly { part: MemberDataExportPart; body: unknown }[],
  now: Date,
): MemberDataFile {
  return {
    about: {
      file: MEMBER_DATA_ABOUT,
      parts: Object.fromEntries(parts.map(({ part }) => [part.service, part.about])),
    },
    format: 'mer-member-data',
    version: MEMBER_DATA_EXPORT_VERSION,
    exportedAt: now.toISOString(),
    parts: Object.fromEntries(parts.map(({ part, body }) => [part.service, body])),
  };
}

type FetchPart = (path: string, signal?: AbortSignal) => Promise<unknown>;
const fetchPartFromApi: FetchPart = (path, signal) => apiRequest('GET', path, { signal });

/**
 * Fetches every part (all at once) and assembles the file. Any part failing rejects with a
 * MemberDataExportError: the member never gets a file with a part silently missing.
 */
export async function collectMemberData(
  options: {
    onProgress?: (progress: MemberDataProgress) => void;
    signal?: AbortSignal;
    now?: () => Date;
    parts?: readonly MemberDataExportPart[];
    fetchPart?: FetchPart;
  } = {},
): Promise<MemberDataFile> {
  const parts = options.parts ?? memberDataExportParts;
  const fetchPart = options.fetchPart ?? fetchPartFromApi;
  let done = 0;
  // Once one part failed the whole download has failed: parts answering later must not report progress (the
  // page would go back from the error to "collecting").
  let failed = false;
  const fail = (error: unknown): never => {
    failed = true;
    throw error;
  };
  options.onProgress?.({ done, total: parts.length });
  const bodies = await Promise.all(
    parts.map(async (part) => {
      let body: unknown;
      try {
        body = await fetchPart(part.path, options.signal);
      } catch (error) {
        if (options.signal?.aborted) fail(error);
        fail(new MemberDataExportError(part.service, toApiError(error)));
      }
      if (
        body === null ||
        typeof body !== 'object' ||
        (body as { service?: unknown }).service !== part.service
      )
        fail(
          new MemberDataExportError(
            part.service,
            toApiError(new Error('The answer was not the expected data.')),
          ),
        );
      done += 1;
      if (!failed) options.onProgress?.({ done, total: parts.length });
      return { part, body };
    }),
  );
  return assembleMemberDataFile(bodies, (options.now ?? (() => new Date()))());
}
