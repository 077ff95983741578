import { useEffect, useRef, useState } from "react";
import HistoryList from "./HistoryList.jsx";
import { useHistoryList } from "./useHistoryList.js";
import * as ui from "../ui.js";

export const PAGE_SIZE = 20;

function typeFromLocation(types) {
  // Service types are stored with underscores; the hyphen spelling names the same type.
  const wanted = (new URLSearchParams(window.location.search).get("service_type") || "").replaceAll("-", "_");
  return types.some((t) => t.value === wanted) ? wanted : "";
}

/** The full history (/history): every tool, a tool filter kept in the address, and
 * 'Load more' pages of 20 using the same item component as the tool pages. */
export default function HistoryPage({ urls, types, labels }) {
  const [serviceType, setServiceType] = useState(() => typeFromLocation(types));
  const { items, more, loading, loadMore } = useHistoryList(urls.history, { serviceType, limit: PAGE_SIZE });
  // 'Load more' hands keyboard focus to the first entry it added (the button may disappear).
  const listRef = useRef(null);
  const toolRef = useRef(null);
  const [focusFrom, setFocusFrom] = useState(null);
  useEffect(() => {
    if (focusFrom == null || loading) return;
    listRef.current?.querySelectorAll('[data-testid="history-item"] > button')[focusFrom]?.focus();
    setFocusFrom(null);
  }, [items, loading, focusFrom]);

  // The filter is kept in the address, so a reload or a shared link shows the same tool.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (serviceType) url.searchParams.set("service_type", serviceType);
    else url.searchParams.delete("service_type");
    window.history.replaceState(null, "", url);
  }, [serviceType]);

  return (
    <div className="space-y-4">
      <div className={`${ui.card} flex flex-wrap items-end gap-4`}>
        <label className="min-w-56 flex-1 sm:flex-none">
          <span className={ui.label}>Tool</span>
          <select ref={toolRef} name="service_type" className={`${ui.input} mt-1`} value={serviceType} onChange={(event) => setServiceType(event.target.value)}>
            <option value="">All tools</option>
            {types.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <p className={`${ui.muted} pb-2`} aria-live="polite">
          {loading ? "Loading…" : `${items.length} ${items.length === 1 ? "generation" : "generations"} shown`}
        </p>
      </div>
      <div className={ui.card} ref={listRef}>
        <HistoryList
          items={items}
          loading={loading}
          itemUrl={urls.historyItem}
          toolLabels={labels}
          empty={
            serviceType && (
              <NoneOfTool
                label={types.find((t) => t.value === serviceType)?.label || labels[serviceType] || serviceType}
                onShowAll={() => {
                  setServiceType("");
                  toolRef.current?.focus(); // the button goes; the filter it changed is where to carry on
                }}
              />
            )
          }
        />
        {more && (
          <div className="mt-4 flex justify-center">
            <button
              type="button"
              className={ui.buttonSecondary}
              onClick={() => {
                setFocusFrom(items.length);
                loadMore();
              }}
              disabled={loading}
            >
              Load more
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

/** The filter matches nothing: say which tool has no generations (the user may have plenty of
 * others), with the way back to all of them. */
function NoneOfTool({ label, onShowAll }) {
  return (
    <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className={ui.muted}>No {label} generations yet</p>
      <button type="button" className={ui.buttonSecondary} onClick={onShowAll}>
        Show all tools
      </button>
    </div>
  );
}
