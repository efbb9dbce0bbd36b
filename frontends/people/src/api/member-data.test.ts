import { describe, expect, it } from 'vitest';
import { memberDataExportParts } from '@mer/contracts';
import { ApiError } from '@mer/api-client';
import {
  MemberDataExportError,
  assembleMemberDataFile,
  collectMemberData,
  memberDataFileName,
  type MemberDataProgress,
} from './member-data.ts';

const now = new Date(2025, 2, 14, 23, 30);
const answerFor = (path: string) => {
  const part = memberDataExportParts.find((p) => p.path === path)!;
  return { service: part.service, exportedAt: now.toISOString(), version: 1, data: { path } };
};

describe('Download my data: the file', () => {
  it('is named after the local day', () => {
    expect(memberDataFileName(now)).toBe('mer-data-2025-03-14.json');
    expect(memberDataFileName(new Date(2025, 0, 5, 0, 5))).toBe('mer-data-2025-01-05.json');
  });

  it('holds every part under its service, with an about text for the file and for each part', async () => {
    const progress: MemberDataProgress[] = [];
    const file = await collectMemberData({
      now: () => now,
      onProgress: (p) => progress.push(p),
      fetchPart: async (path) => answerFor(path),
    });
    expect(Object.keys(file.parts)).toEqual(memberDataExportParts.map((p) => p.service));
    expect(Object.keys(file.about.parts)).toEqual(memberDataExportParts.map((p) => p.service));
    expect(file.about.file).toMatch(/never included/);
    expect(file).toMatchObject({ format: 'mer-member-data', version: 1, exportedAt: now.toISOString() });
    expect(file.parts['billing']).toEqual(answerFor('/api/v1/billing/me/export'));
    const total = memberDataExportParts.length;
    expect(progress[0]).toEqual({ done: 0, total });
    expect(progress.at(-1)).toEqual({ done: total, total });
    expect(JSON.parse(JSON.stringify(file))).toEqual(file);
  });

  it('is not made when a part fails: the error names the part', async () => {
    const failing = collectMemberData({
      fetchPart: async (path) => {
        if (path.includes('billing'))
          throw new ApiError({
            code: 'unexpected_error',
            title: 'Something went wrong',
            message: 'Billing is resting.',
            retryable: true,
            status: 503,
          });
        return answerFor(path);
      },
    });
    await expect(failing).rejects.toBeInstanceOf(MemberDataExportError);
    await expect(failing).rejects.toMatchObject({ service: 'billing' });
    await expect(failing).rejects.toThrow(/membership and payment/);
  });

  it('reports no progress after a part failed, though the other parts answer later', async () => {
    const progress: number[] = [];
    const failing = collectMemberData({
      onProgress: (p) => progress.push(p.done),
      fetchPart: async (path) => {
        if (path.includes('billing')) throw new Error('Failed to fetch');
        await new Promise((resolve) => setTimeout(resolve, 20));
        return answerFor(path);
      },
    });
    await expect(failing).rejects.toMatchObject({ service: 'billing' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(progress).toEqual([0]);
  });

  it('is not made when a part answers something other than its data', async () => {
    await expect(
      collectMemberData({ fetchPart: async (path) => (path.includes('identity') ? null : answerFor(path)) }),
    ).rejects.toMatchObject({ service: 'identity' });
  });

  it('lists the parts in the order given', () => {
    const parts = [...memberDataExportParts]
      .reverse()
      .map((part) => ({ part, body: { service: part.service } }));
    expect(Object.keys(assembleMemberDataFile(parts, now).parts)).toEqual(parts.map((p) => p.part.service));
  });
});
