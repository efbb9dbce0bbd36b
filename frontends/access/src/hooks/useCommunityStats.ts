import { useEffect, useState } from 'react';
import { fetchCommunityStats, type CommunityStats } from '@mer/api-client';

const STALE_MS = 5 * 60_000;
let cached: { at: number; stats: CommunityStats } | null = null;

/**
 * The landing page's live numbers (spec: stale after 5 min, one retry after 2 s). A plain fetch rather than the
 * query library: the landing page is the first thing visitors load and stays small.
 */
export function useCommunityStats(): CommunityStats | null {
  const [stats, setStats] = useState<CommunityStats | null>(
    cached && Date.now() - cached.at < STALE_MS ? cached.stats : null,
  );
  useEffect(() => {
    if (cached && Date.now() - cached.at < STALE_MS) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = async (attempt: number) => {
      try {
        const result = await fetchCommunityStats(controller.signal);
        cached = { at: Date.now(), stats: result };
        setStats(result);
      } catch {
        if (attempt === 0 && !controller.signal.aborted) retry = setTimeout(() => void load(1), 2000);
      }
    };
    void load(0);
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, []);
  return stats;
}
