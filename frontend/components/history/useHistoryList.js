import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../lib/api.js";
import { withQuery } from "../../lib/urls.js";

/**
 * A user's history entries from `url` (api/history/): `limit` at a time, of one service type
 * (every type when it is empty). Read again from the start whenever the URL, the type or
 * `refreshKey` changes (a run finished); `loadMore()` adds the next page.
 *
 * Returns `{ items, more, loading, loadMore }`; `more` says the server may have more. Only the
 * newest read may fill the list: an answer to an older one (the filter changed, the panel was
 * closed) is ignored. A failed first page shows an empty list; a failed 'load more' keeps the
 * entries shown and offers no more.
 */
export function useHistoryList(url, { serviceType = "", limit, refreshKey = 0 }) {
  // The entries and whether the server may have more: one state, so one pure update sets both.
  const [{ items, more }, setList] = useState({ items: [], more: false });
  const [loading, setLoading] = useState(true);
  const latestRead = useRef(0);

  const read = useCallback(
    async (offset) => {
      const ticket = ++latestRead.current;
      setLoading(true);
      try {
        const data = await api(withQuery(url, { service_type: serviceType, limit, offset: offset || undefined }));
        if (ticket !== latestRead.current) return;
        const page = data?.results || [];
        setList((current) => {
          const base = offset ? current.items : [];
          const seen = new Set(base.map((item) => item.id));
          const fresh = page.filter((item) => !seen.has(item.id));
          // A full page of entries we already had (the list moved under us) ends the paging.
          return { items: [...base, ...fresh], more: page.length === limit && fresh.length > 0 };
        });
      } catch {
        if (ticket !== latestRead.current) return;
        setList((current) => ({ items: offset ? current.items : [], more: false }));
      } finally {
        if (ticket === latestRead.current) setLoading(false);
      }
    },
    [url, serviceType, limit],
  );

  useEffect(() => {
    read(0);
    return () => {
      latestRead.current += 1; // whatever is on its way now answers a list no longer asked for
    };
  }, [read, refreshKey]);

  const loadMore = () => read(items.length);
  return { items, more, loading, loadMore };
}
